// Valid contract-shaped bodies and addresses for the API client tests.
import { encodeBase58 } from '../../src/chain/base58.js';
import { NATIVE_MINT, USDC_MINT } from '../../src/chain/mints.js';
import type { Quote, Token } from '../../src/api/types.js';
import { createApiClient, type ClientOptions, type RequestEvent } from '../../src/api/index.js';
import { startRecorder, type Recorder } from './recorder.js';

export const API_KEY = 'tdk_live_9f3a7c21e84b4d0c8a55f0e1b2c3d4e5';

/** A distinct valid 32-byte address per seed. */
export const addr = (seed: number) => encodeBase58(new Uint8Array(32).fill(seed));

export const SOL = NATIVE_MINT;
export const USDC = USDC_MINT;
export const USER = addr(7);
export const ORDER_ACCOUNT = addr(9);
export const SIGNED_TX = Buffer.from('a signed transaction').toString('base64');

export interface Harness {
  rec: Recorder;
  client: ReturnType<typeof createApiClient>;
  events: RequestEvent[];
  delays: number[];
  close(): Promise<void>;
}

export async function harness(opts: Partial<ClientOptions> = {}): Promise<Harness> {
  const rec = await startRecorder();
  const events: RequestEvent[] = [];
  const delays: number[] = [];
  const client = createApiClient({
    baseUrl: rec.url,
    apiKey: API_KEY,
    onRequest: (e) => events.push(e),
    sleep: async (ms) => {
      delays.push(ms);
    },
    ...opts,
  });
  return { rec, client, events, delays, close: () => rec.close() };
}

const stats = {
  priceChange: 1.5,
  holderChange: null,
  liquidityChange: 0.2,
  volumeChange: -3,
  buyVolume: 100,
  sellVolume: 90,
  numBuys: 10,
  numSells: 9,
  numTraders: 12,
};

/** A token as the client reads one: the fields the service may leave out, and the client fills with null, null here too. */
export function tokenRead(t: Pick<Token, 'id' | 'symbol' | 'name' | 'decimals'> & Partial<Token>): Token {
  const none = null;
  return {
    icon: none,
    twitter: none,
    telegram: none,
    website: none,
    dev: none,
    circSupply: none,
    totalSupply: none,
    launchpad: none,
    partnerConfig: none,
    graduatedPool: none,
    graduatedAt: none,
    holderCount: none,
    fdv: none,
    mcap: none,
    usdPrice: none,
    priceBlockId: none,
    liquidity: none,
    isVerified: none,
    cexes: none,
    tags: none,
    ...t,
  };
}

export function token(over: Record<string, unknown> = {}) {
  return {
    id: USDC,
    name: 'USD Coin',
    symbol: 'USDC',
    icon: null,
    decimals: 6,
    twitter: null,
    telegram: null,
    website: 'https://example.org',
    dev: null,
    circSupply: 1000,
    totalSupply: 2000,
    tokenProgram: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
    launchpad: null,
    partnerConfig: null,
    graduatedPool: null,
    graduatedAt: null,
    holderCount: 5,
    fdv: null,
    mcap: 1e9,
    usdPrice: 1,
    priceBlockId: 123,
    liquidity: 5e6,
    stats5m: { ...stats },
    stats1h: { ...stats },
    stats6h: { ...stats },
    stats24h: { ...stats },
    firstPool: { id: addr(3), createdAt: '2024-01-01T00:00:00Z' },
    audit: { mintAuthorityDisabled: true, freezeAuthorityDisabled: null, topHoldersPercentage: 12.5, isSus: false },
    organicScore: 97.2,
    organicScoreLabel: 'high',
    isVerified: true,
    cexes: ['Binance'],
    tags: null,
    updatedAt: '2025-01-01T00:00:00Z',
    ...over,
  };
}

export function quote(over: Record<string, unknown> = {}): Quote {
  return {
    inputMint: SOL,
    inAmount: '1000000000',
    outputMint: USDC,
    outAmount: '150000000',
    otherAmountThreshold: '149250000',
    swapMode: 'ExactIn',
    slippageBps: 50,
    priceImpactPct: '0.001',
    routePlan: [
      {
        swapInfo: {
          ammKey: addr(20),
          label: 'Meteora DLMM',
          inputMint: SOL,
          outputMint: USDC,
          inAmount: '1000000000',
          outAmount: '150000000',
          feeAmount: '25000',
          feeMint: SOL,
        },
        percent: 100,
        bps: 10000,
      },
    ],
    contextSlot: 300000000,
    timeTaken: 0.01,
    ...over,
  } as Quote;
}

export const swapResponse = () => ({
  swapTransaction: SIGNED_TX,
  lastValidBlockHeight: 280000150,
  prioritizationFeeLamports: 5000,
});

const ix = () => ({
  programId: addr(30),
  accounts: [{ pubkey: USER, isSigner: true, isWritable: true }],
  data: 'AQID',
});
export const swapInstructions = () => ({
  otherInstructions: [],
  computeBudgetInstructions: [ix()],
  setupInstructions: [ix()],
  swapInstruction: ix(),
  addressLookupTableAddresses: [addr(31)],
  cleanupInstruction: null,
});

export function order(over: Record<string, unknown> = {}) {
  return {
    mode: 'ultra',
    inputMint: SOL,
    outputMint: USDC,
    inAmount: '1000000000',
    outAmount: '150000000',
    otherAmountThreshold: '149250000',
    swapMode: 'ExactIn',
    slippageBps: 50,
    priceImpactPct: '0.001',
    priceImpact: 0.1,
    routePlan: [
      {
        swapInfo: {
          ammKey: addr(20),
          label: 'Meteora DLMM',
          inputMint: SOL,
          outputMint: USDC,
          inAmount: '1000000000',
          outAmount: '150000000',
        },
        percent: 100,
        bps: 10000,
        usdValue: 150,
      },
    ],
    feeBps: 10,
    platformFee: { amount: '150000', feeBps: 10 },
    signatureFeeLamports: 5000,
    signatureFeePayer: USER,
    prioritizationFeeLamports: 1000,
    prioritizationFeePayer: USER,
    rentFeeLamports: 0,
    rentFeePayer: null,
    swapType: 'aggregator',
    router: 'iris',
    transaction: SIGNED_TX,
    gasless: false,
    requestId: '0b7a4f0e-3d0c-4c1b-9f5e-2b2f3c4d5e6f',
    totalTime: 120,
    taker: USER,
    ...over,
  };
}

export const orderExecute = () => ({
  status: 'Success',
  code: 0,
  signature: '5'.repeat(88),
  slot: '300000001',
  totalInputAmount: '1000000000',
  totalOutputAmount: '150000000',
  inputAmountResult: '1000000000',
  outputAmountResult: '150000000',
  swapEvents: [{ inputMint: SOL, inputAmount: '1000000000', outputMint: USDC, outputAmount: '150000000' }],
});

export function recurringOrder(over: Record<string, unknown> = {}) {
  return {
    userPubkey: USER,
    orderKey: ORDER_ACCOUNT,
    inputMint: USDC,
    outputMint: SOL,
    inDeposited: '100',
    inWithdrawn: '0',
    outWithdrawn: '0',
    inAmountPerCycle: '50',
    minOutAmount: '0',
    maxOutAmount: '0',
    inUsed: '50',
    outReceived: '0.33',
    rawInDeposited: '100000000',
    rawInWithdrawn: '0',
    rawOutWithdrawn: '0',
    rawInAmountPerCycle: '50000000',
    rawMinOutAmount: '0',
    rawMaxOutAmount: '0',
    rawInUsed: '50000000',
    rawOutReceived: '330000000',
    cycleFrequency: 3600,
    openTx: 'tx1',
    closeTx: null,
    userClosed: false,
    createdAt: '2025-01-01T00:00:00Z',
    updatedAt: '2025-01-01T01:00:00Z',
    trades: [
      {
        orderKey: ORDER_ACCOUNT,
        keeper: addr(40),
        inputMint: USDC,
        outputMint: SOL,
        inputAmount: '50',
        outputAmount: '0.33',
        rawInputAmount: '50000000',
        rawOutputAmount: '330000000',
        feeMint: SOL,
        feeAmount: '0.001',
        rawFeeAmount: '1000000',
        txId: 'tx2',
        confirmedAt: '2025-01-01T01:00:00Z',
        action: 'Fill',
        productMeta: null,
      },
    ],
    ...over,
  };
}

export const recurringList = (over: Record<string, unknown> = {}) => ({
  orderStatus: 'active',
  page: 1,
  time: [recurringOrder()],
  totalPages: 1,
  user: USER,
  price: [],
  all: [],
  ...over,
});

export const requestIdTx = () => ({ requestId: 'req-1', transaction: SIGNED_TX });

export function triggerOrder(over: Record<string, unknown> = {}) {
  return {
    userPubkey: USER,
    orderKey: ORDER_ACCOUNT,
    inputMint: SOL,
    outputMint: USDC,
    makingAmount: '2',
    takingAmount: '300',
    remainingMakingAmount: '2',
    remainingTakingAmount: '300',
    rawMakingAmount: '2000000000',
    rawTakingAmount: '300000000',
    rawRemainingMakingAmount: '2000000000',
    rawRemainingTakingAmount: '300000000',
    slippageBps: '0',
    expiredAt: null,
    createdAt: '2025-01-01T00:00:00Z',
    updatedAt: '2025-01-01T00:00:00Z',
    status: 'Open',
    openTx: 'tx1',
    closeTx: null,
    programVersion: addr(41),
    trades: [],
    ...over,
  };
}

export const triggerList = (over: Record<string, unknown> = {}) => ({
  user: USER,
  orderStatus: 'active',
  orders: [triggerOrder()],
  totalPages: 1,
  page: 1,
  ...over,
});

export function invite(over: Record<string, unknown> = {}) {
  return {
    invite_signer: addr(50),
    invite_pda: addr(51),
    sender: USER,
    mint: SOL,
    expiry: '2025-02-01T00:00:00Z',
    creation_time: '2025-01-01T00:00:00Z',
    amount: '1000000000',
    creation_tx: 'tx1',
    deletion_tx: null,
    receiver: null,
    deletion_time: null,
    action: 'created',
    confirmed: true,
    ...over,
  };
}

export const inviteList = (over: Record<string, unknown> = {}) => ({
  invites: [invite()],
  hasMoreData: false,
  ...over,
});

export const portfolio = (over: Record<string, unknown> = {}) => ({
  date: 1735689600000,
  owner: USER,
  fetcherReports: [{ id: 'wallet-tokens', status: 'succeeded', duration: 12 }],
  elements: [
    {
      type: 'multiple',
      label: 'Wallet',
      platformId: 'wallet-tokens',
      name: 'Wallet',
      value: 150,
      data: {
        assets: [{ type: 'token', networkId: 'solana', value: 150, data: { address: SOL, amount: 1, price: 150 } }],
      },
    },
    { type: 'liquidity', label: 'LP', platformId: 'amm', data: {} },
  ],
  duration: 30,
  tokenInfo: {},
  ...over,
});

export const poolCreateRequest = () => ({
  buildCurveByMarketCapParam: {
    quoteMint: USDC,
    initialMarketCap: 5000,
    migrationMarketCap: 100000,
    tokenQuoteDecimal: 6,
    lockedVestingParam: {
      totalLockedVestingAmount: 0,
      cliffUnlockAmount: 0,
      numberOfVestingPeriod: 0,
      totalVestingDuration: 0,
      cliffDurationFromMigrationTime: 0,
    },
  },
  antiSniping: true,
  fee: { feeBps: 100 },
  isLpLocked: true,
  tokenName: 'Deck Token',
  tokenSymbol: 'DECK',
  tokenImageContentType: 'image/png',
  creator: USER,
});
