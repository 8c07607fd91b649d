// The simulator's inner interface: what the core (clock, ledger, market, transactions, HTTP
// routing) offers to the groups that register operations on it. Types only.

import type { Token } from '../../api/types.js';

/** Which error envelope and auth rule a route follows (the real service answers each group's errors in its own envelope). */
export type SimGroup =
  | 'tokens'
  | 'swap'
  | 'ultra'
  | 'recurring'
  | 'trigger'
  | 'send'
  | 'portfolio'
  | 'studio'
  /** the service's current generation: GET /swap/v2/order, POST /swap/v2/execute, GET /swap/v2/build */
  | 'swap-v2'
  /** the service's current generation of orders, under /trigger/v2 */
  | 'trigger-v2';

export type SimMethod = 'GET' | 'POST' | 'PATCH';

export interface SimRequest {
  method: string;
  /** path without query, e.g. /trigger/v1/createOrder */
  path: string;
  /** named path parameters from the route pattern (`/tokens/v2/:category/:interval`) */
  params: Record<string, string>;
  query: URLSearchParams;
  /** parsed JSON body (undefined for GET or empty body) */
  body: unknown;
  headers: Record<string, string | string[] | undefined>;
}

export interface SimResponse {
  status: number;
  body: unknown;
  /** the body already serialised as JSON text; when set it is sent as is and `body` is not serialised */
  json?: string;
  headers?: Record<string, string>;
}

export type SimHandler = (req: SimRequest) => SimResponse | Promise<SimResponse>;

export interface SimRouter {
  /** `pattern` may hold `:name` segments. The core checks `x-api-key` for every group but portfolio. */
  add(method: SimMethod, pattern: string, group: SimGroup, handler: SimHandler): void;
}

/** Thrown by handlers (or helpers) to answer with the group's error envelope. */
export interface SimErrorInit {
  status: number;
  message: string;
  /** trigger: `cause`; swap: `errorCode`; order execute: numeric `code`; studio: per-field `errors` */
  cause?: string;
  errorCode?: string;
  code?: number;
  fieldErrors?: Record<string, string[]>;
  /** trigger-v2: `details` (a field -> why, or what the refusal concerns) */
  details?: Record<string, unknown>;
  /** swap-v2's order: the requestId its refusals carry */
  requestId?: string;
}

export interface SimClock {
  /** simulated wall time in ms since epoch (runs at --time-scale, jumps on advance) */
  nowMs(): number;
  nowIso(): string;
  /** current slot; one slot every 400 ms of simulated time */
  slot(): number;
  /** block height (== slot here) */
  blockHeight(): number;
  /** called once per slot, in order, including for every slot skipped over by advance() */
  onSlot(cb: (slot: number) => void): () => void;
}

export interface SimIds {
  /** deterministic (seeded) UUID v4 text */
  uuid(): string;
  /** deterministic random 32-byte address, base58 */
  address(): string;
  /** deterministic random 64-byte signature-like id, base58 (for simulated keeper txs) */
  signature(): string;
  /** seeded random in [0, 1) */
  random(): number;
}

export interface SimTokenInfo {
  mint: string;
  symbol: string;
  name: string;
  decimals: number;
  tokenProgram: string;
}

export interface SimLedger {
  balance(owner: string, mint: string): bigint;
  /** every non-zero balance of an owner; the native coin (lamports) under NATIVE_MINT */
  holdings(owner: string): Array<{ mint: string; amount: bigint }>;
  credit(owner: string, mint: string, amount: bigint): void;
  /** throws SimInsufficientFunds when the owner holds less */
  debit(owner: string, mint: string, amount: bigint): void;
  transfer(from: string, to: string, mint: string, amount: bigint): void;
  /** true once an address was funded through /__sim/fund, --fund or demo mode */
  isFunded(owner: string): boolean;
}

export interface SimMarketQuote {
  inAmount: bigint;
  outAmount: bigint;
  /** fractional, e.g. 0.0012 for 0.12 % */
  priceImpact: number;
  hops: Array<{
    ammKey: string;
    label: string;
    inputMint: string;
    outputMint: string;
    inAmount: bigint;
    outAmount: bigint;
    feeAmount: bigint;
    feeMint: string;
    percent: number;
  }>;
}

/** A token launched on a bonding-curve pool (studio), as the market lists it. */
export interface SimListing {
  info: SimTokenInfo;
  /** the curve pool's address; it trades the token against quoteMint */
  pool: string;
  quoteMint: string;
  feeBps: number;
  /** market cap at launch in whole quote tokens (price = initialMarketCap / totalSupply) */
  initialMarketCap: number;
  /** whole tokens */
  totalSupply: number;
  creator: string;
  /** the pool's config account */
  partnerConfig: string;
  icon: string | null;
}

export interface SimMarket {
  token(mint: string): SimTokenInfo | undefined;
  tokens(): SimTokenInfo[];
  /** the full contract Token record as served by the token data group */
  tokenRecord(mint: string): Token | undefined;
  /** current USD price of one whole token (0 when unknown) */
  priceUsd(mint: string): number;
  /** USD value of a raw amount */
  usdValue(mint: string, raw: bigint): number;
  /** best route for selling `amountIn` of input, without executing */
  quoteExactIn(inputMint: string, outputMint: string, amountIn: bigint): SimMarketQuote | null;
  /** executes a swap against the pools (moves prices, records a trade in the stats); returns the amounts */
  swapExactIn(inputMint: string, outputMint: string, amountIn: bigint, trader: string): SimMarketQuote | null;
  /** lists a newly launched token: token lists, routing against its curve pool, balances and portfolio know it from now on */
  listToken(listing: SimListing): void;
}

/**
 * What the keepers (limit orders, DCA cycles) fill at: the simulator's own pools in demo mode, the
 * followed service's quotes in paper mode. One seam, so both modes share the order books.
 */
export interface SimFillSource {
  /**
   * What selling `amountIn` would give now: null when there is no route, 'pending' while the
   * answer is still on its way (the keeper asks again at a later check). `order` is the order
   * asking: it has at most one question in flight.
   */
  quote(order: string, inputMint: string, outputMint: string, amountIn: bigint): SimMarketQuote | null | 'pending';
  /**
   * Sells `amount` held by `escrow` at `quote` (just given for that amount) and leaves the output
   * in `escrow`; returns the amounts that moved, or null when it cannot.
   */
  fill(
    escrow: string,
    inputMint: string,
    outputMint: string,
    amount: bigint,
    quote: SimMarketQuote,
  ): SimMarketQuote | null;
}

export interface SimInstruction {
  programId: string;
  accounts: Array<{ pubkey: string; isSigner: boolean; isWritable: boolean }>;
  data: Uint8Array;
}

export type SimEffectResult = { ok: true; data?: Record<string, unknown> } | { ok: false; code: number; error: string };

export interface SimBuildOptions {
  feePayer: string;
  instructions: SimInstruction[];
  /** run exactly once when the fully signed transaction is first accepted; must check before it mutates */
  effect: (signature: string) => SimEffectResult;
  /** default 150 */
  validSlots?: number;
  legacy?: boolean;
  /** addresses from tx.simSigner() that sign at build time (the returned transaction carries their signatures) */
  simSigners?: string[];
  /**
   * The effect takes the network fee from the fee payer itself (the swaps); otherwise RPC
   * simulateTransaction takes the node's fee (5000 lamports a signature and the priority fee)
   * before running the effect on a dry run.
   */
  chargesFees?: boolean;
}

export interface SimBuiltTransaction {
  /** unsigned transaction, base-64 */
  base64: string;
  blockhash: string;
  lastValidBlockHeight: number;
}

export interface SimSubmitResult {
  /** 0 success; -2 invalid/missing signatures; -3 message not one the simulator handed out; -1005 expired; effect codes otherwise */
  code: number;
  status: 'Success' | 'Failed';
  signature: string;
  slot: number;
  error?: string;
  data?: Record<string, unknown>;
}

export interface SimTransactions {
  /** compiles a real v0 transaction (legacy if asked), remembers its message and effect */
  build(opts: SimBuildOptions): SimBuiltTransaction;
  /**
   * Verifies every required ed25519 signature over the exact message bytes, that the message is
   * one this simulator built, that its blockhash is still valid; then runs its effect once.
   * Idempotent: the same signed transaction again returns the first result.
   */
  submit(signedBase64: string): SimSubmitResult;
  /** address of a keypair the simulator holds (seeded from the label), usable in build({ simSigners }) */
  simSigner(label: string): string;
  /**
   * Lands messages it did not compile itself where `rule` recognises one (a swap's instructions as
   * GET /swap/v2/build handed them out, assembled and given a compute-unit limit by the client):
   * the rule reads the wire transaction and says who must sign it, until when, and its effect.
   */
  adopt(rule: (signedBase64: string) => SimAdoptedMessage | undefined): void;
}

/** A message the simulator lands although it did not compile it (see SimTransactions.adopt). */
export interface SimAdoptedMessage {
  signers: string[];
  lastValidBlockHeight: number;
  effect: (signature: string) => SimEffectResult;
  chargesFees: boolean;
}

/** Presigned upload URLs on the simulator's own server (studio token images). */
export interface SimUploads {
  /** a one-time PUT URL for a body of `contentType`, valid `ttlSeconds` of sim time; publicUrl serves it once uploaded */
  presign(contentType: string, ttlSeconds: number): { uploadUrl: string; publicUrl: string };
}

/** requestId bookkeeping shared by the execute operations (ultra, trigger, recurring). */
export interface SimRequests {
  /** remembers which unsigned transactions a requestId handed out; kept 2 minutes of sim time */
  create(group: SimGroup, transactions: string[]): string;
  /**
   * Executes one signed transaction under a requestId: unknown or expired id -> code -1;
   * a transaction whose message is not one of those handed out -> code -3; else tx.submit().
   */
  execute(group: SimGroup, requestId: string, signedBase64: string): SimSubmitResult;
}

export interface SimKernel {
  seed: number;
  clock: SimClock;
  ids: SimIds;
  ledger: SimLedger;
  market: SimMarket;
  /** what keepers fill at (demo: the pools; paper: the followed service's quotes) */
  fills: SimFillSource;
  tx: SimTransactions;
  requests: SimRequests;
  uploads: SimUploads;
  router: SimRouter;
  /** throws the error a handler should answer with (the core renders the group's envelope) */
  fail(init: SimErrorInit): never;
}

/** Each group module exports `register(kernel)` and adds its routes through kernel.router. */
export type SimGroupModule = (kernel: SimKernel) => void;
