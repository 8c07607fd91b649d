// The mints the program names itself, without the schemas of types.ts: the main script (argument
// parsing, configuration, paper balances) needs these and nothing of the API shapes, whose schemas
// would otherwise be built twice at every start (once there, once in the mode it loads).
export const NATIVE_MINT = 'So11111111111111111111111111111111111111112';
export const USDC_MINT = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
export const USDT_MINT = 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB';

/** Tokens whose symbol and decimals are fixed in code, never taken from an answer: SOL (as its wrapped mint), USDC, USDT. */
export const FIXED_TOKENS: Readonly<Record<string, { symbol: string; decimals: number }>> = {
  [NATIVE_MINT]: { symbol: 'SOL', decimals: 9 },
  [USDC_MINT]: { symbol: 'USDC', decimals: 6 },
  [USDT_MINT]: { symbol: 'USDT', decimals: 6 },
};
