// Response checks at the boundary: every 200 body is compared with the contract (sections 2 and
// 4 of trading-api.md, widened where service-behaviour.md says the real service varies). A
// violation names the endpoint and the field. Unknown extra fields are kept untouched.

import { ResponseShapeError } from './errors.js';
import {
  EXECUTE_STATUSES,
  ORDER_STATUSES,
  ORGANIC_SCORE_LABELS,
  SWAP_MODES,
  type DbcFeeClaimResponse,
  type DbcPoolCreateResponse,
  type InviteListResponse,
  type Order,
  type OrderExecuteResponse,
  type Portfolio,
  type Quote,
  type RecurringExecuteResponse,
  type RecurringListResponse,
  type RequestIdTransaction,
  type SwapInstructionsResponse,
  type SwapResponse,
  type Token,
  type TriggerCancelManyResponse,
  type TriggerCreateResponse,
  type TriggerExecuteResponse,
  type TriggerListResponse,
} from './types.js';

// ---------- a tiny schema language ----------

/** Reports a violation at `path`; never returns. */
export type Fail = (path: string, expectation: string) => never;
/** Checks `v` (found at `path`), calling `fail` on the first violation. */
export type Schema = ((v: unknown, path: string, fail: Fail) => void) & { absentAsNull?: boolean };

const at = (path: string, key: string) => (path ? `${path}.${key}` : key);

function primitive(test: (v: unknown) => boolean, what: string): Schema {
  return (v, path, fail) => {
    if (v === undefined) fail(path, `is missing (must be ${what})`);
    if (!test(v)) fail(path, `must be ${what}`);
  };
}

export const str = primitive((v) => typeof v === 'string', 'a string');
export const num = primitive((v) => typeof v === 'number' && Number.isFinite(v), 'a number');
export const int = primitive((v) => typeof v === 'number' && Number.isSafeInteger(v), 'an integer');
export const uint = primitive((v) => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0, 'a non-negative integer');
export const bool = primitive((v) => typeof v === 'boolean', 'a boolean');
export const any: Schema = () => {};
/** A decimal-digit string of base units (amounts stay strings, never numbers). */
export const rawAmount = primitive((v) => typeof v === 'string' && /^\d+$/.test(v), 'a string of decimal digits');
/** A number, or a string holding a decimal number (the service sends both). */
export const numOrNumericString = primitive(
  (v) => (typeof v === 'number' && Number.isFinite(v)) || (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v)),
  'a number or a numeric string',
);

export function oneOf(values: readonly (string | number | boolean)[]): Schema {
  return primitive((v) => values.includes(v as string), `one of ${values.map((x) => JSON.stringify(x)).join(', ')}`);
}

/** The field may be absent. */
export function opt(s: Schema): Schema {
  return (v, path, fail) => {
    if (v !== undefined) s(v, path, fail);
  };
}

/** The field may be null. */
export function nul(s: Schema): Schema {
  return (v, path, fail) => {
    if (v !== null) s(v, path, fail);
  };
}

/** Declared `T | null`, but the service sometimes leaves it out: accepted, and filled with null. */
export function nullish(s: Schema): Schema {
  const schema: Schema = (v, path, fail) => {
    if (v !== null && v !== undefined) s(v, path, fail);
  };
  schema.absentAsNull = true;
  return schema;
}

export function arr(item: Schema): Schema {
  return (v, path, fail) => {
    if (!Array.isArray(v)) return fail(path, v === undefined ? 'is missing (must be an array)' : 'must be an array');
    v.forEach((x, i) => item(x, `${path}[${i}]`, fail));
  };
}

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function obj(fields: Record<string, Schema> = {}): Schema {
  return (v, path, fail) => {
    if (!isPlainObject(v)) return fail(path || '(body)', v === undefined ? 'is missing (must be an object)' : 'must be an object');
    for (const [key, schema] of Object.entries(fields)) {
      if (schema.absentAsNull && !(key in v)) v[key] = null;
      schema(v[key], at(path, key), fail);
    }
  };
}

/** An object whose values all follow one schema (e.g. a map keyed by mint). */
export function record(value: Schema): Schema {
  return (v, path, fail) => {
    if (!isPlainObject(v)) return fail(path, 'must be an object');
    for (const [key, x] of Object.entries(v)) value(x, at(path, key), fail);
  };
}

/** Runs `schema` over a response body and returns it typed, or throws ResponseShapeError. */
export function checkResponse<T>(endpoint: string, schema: Schema, body: unknown): T {
  const fail: Fail = (path, expectation) => {
    throw new ResponseShapeError(endpoint, path || '(body)', expectation);
  };
  schema(body, '', fail);
  return body as T;
}

// ---------- 2.1 Token ----------

const nnum = nullish(num);
const nstr = nullish(str);

const tokenStats = obj({
  priceChange: nnum,
  holderChange: nnum,
  liquidityChange: nnum,
  volumeChange: nnum,
  buyVolume: nnum,
  sellVolume: nnum,
  buyOrganicVolume: opt(nul(num)),
  sellOrganicVolume: opt(nul(num)),
  numBuys: nnum,
  numSells: nnum,
  numTraders: nnum,
  numOrganicBuyers: opt(nul(num)),
  numNetBuyers: opt(nul(num)),
});

const tokenAudit = obj({
  mintAuthorityDisabled: opt(nul(bool)),
  freezeAuthorityDisabled: opt(nul(bool)),
  topHoldersPercentage: opt(nul(num)),
  devMints: opt(nul(num)),
  isSus: opt(nul(bool)),
});

const nonEmptyStr = primitive((v) => typeof v === 'string' && v.length > 0, 'a non-empty string');
const tokenDecimals = primitive(
  (v) => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 30,
  'an integer from 0 to 30',
);

export const tokenSchema = obj({
  id: nonEmptyStr,
  name: str,
  symbol: str,
  icon: nstr,
  decimals: tokenDecimals,
  twitter: nstr,
  telegram: nstr,
  website: nstr,
  dev: nstr,
  circSupply: nnum,
  totalSupply: nnum,
  tokenProgram: str,
  launchpad: nstr,
  partnerConfig: nstr,
  graduatedPool: nstr,
  graduatedAt: nstr,
  holderCount: nnum,
  fdv: nnum,
  mcap: nnum,
  usdPrice: nnum,
  priceBlockId: nnum,
  liquidity: nnum,
  stats5m: tokenStats,
  stats1h: tokenStats,
  stats6h: tokenStats,
  stats24h: tokenStats,
  firstPool: obj({ id: opt(str), createdAt: opt(str) }),
  audit: tokenAudit,
  organicScore: num,
  organicScoreLabel: oneOf(ORGANIC_SCORE_LABELS),
  isVerified: nullish(bool),
  cexes: nullish(arr(str)),
  tags: nullish(arr(str)),
  updatedAt: str,
});

export const tokenListSchema = arr(tokenSchema);

// ---------- 2.2 Quote, 4.2 swap ----------

const swapInfo = obj({
  ammKey: str,
  label: str,
  inputMint: str,
  outputMint: str,
  inAmount: rawAmount,
  outAmount: rawAmount,
  feeAmount: opt(rawAmount),
  feeMint: opt(str),
});

const routeStep = obj({ swapInfo, percent: num, bps: opt(num), usdValue: opt(num) });

export const quoteSchema = obj({
  inputMint: str,
  inAmount: rawAmount,
  outputMint: str,
  outAmount: rawAmount,
  otherAmountThreshold: rawAmount,
  swapMode: oneOf(SWAP_MODES),
  slippageBps: uint,
  priceImpactPct: str,
  routePlan: arr(routeStep),
  platformFee: opt(nul(obj({ amount: rawAmount, feeBps: uint }))),
  contextSlot: opt(uint),
  timeTaken: opt(num),
});

export const swapResponseSchema = obj({
  swapTransaction: nonEmptyStr,
  lastValidBlockHeight: uint,
  prioritizationFeeLamports: opt(uint),
  dynamicSlippageReport: opt(
    nul(
      obj({
        slippageBps: opt(nul(num)),
        otherAmount: opt(nul(num)),
        simulatedIncurredSlippageBps: opt(nul(num)),
        amplificationRatio: opt(nul(str)),
      }),
    ),
  ),
});

const instruction = obj({
  programId: str,
  accounts: arr(obj({ pubkey: str, isSigner: bool, isWritable: bool })),
  data: str,
});

export const swapInstructionsSchema = obj({
  otherInstructions: arr(instruction),
  computeBudgetInstructions: arr(instruction),
  setupInstructions: arr(instruction),
  swapInstruction: instruction,
  addressLookupTableAddresses: arr(str),
  cleanupInstruction: opt(nul(instruction)),
});

// ---------- 2.4 Order, 4.3 ----------

const orderRouteStep = obj({
  swapInfo: obj({ ammKey: str, label: str, inputMint: str, outputMint: str, inAmount: rawAmount, outAmount: rawAmount }),
  percent: num,
  bps: opt(num),
  usdValue: opt(num),
});

export const orderSchema = obj({
  mode: str,
  inputMint: str,
  outputMint: str,
  inAmount: rawAmount,
  outAmount: rawAmount,
  otherAmountThreshold: rawAmount,
  swapMode: str,
  slippageBps: num,
  priceImpactPct: str,
  priceImpact: opt(num),
  inUsdValue: opt(num),
  outUsdValue: opt(num),
  swapUsdValue: opt(num),
  routePlan: arr(orderRouteStep),
  feeBps: num,
  feeMint: opt(str),
  platformFee: obj({ amount: rawAmount, feeBps: num }),
  signatureFeeLamports: num,
  signatureFeePayer: nul(str),
  prioritizationFeeLamports: num,
  prioritizationFeePayer: nul(str),
  rentFeeLamports: num,
  rentFeePayer: nul(str),
  swapType: str,
  router: str,
  transaction: nul(str),
  gasless: bool,
  requestId: nonEmptyStr,
  totalTime: num,
  taker: nul(str),
  referralAccount: opt(str),
  quoteId: opt(str),
  maker: opt(str),
  expireAt: opt(str),
  errorCode: opt(num),
  errorMessage: opt(str),
});

const executeStatus = oneOf(EXECUTE_STATUSES);

export const orderExecuteSchema = obj({
  status: executeStatus,
  code: num,
  signature: opt(str),
  slot: opt(str),
  error: opt(str),
  totalInputAmount: opt(rawAmount),
  totalOutputAmount: opt(rawAmount),
  inputAmountResult: opt(rawAmount),
  outputAmountResult: opt(rawAmount),
  swapEvents: opt(arr(obj({ inputMint: str, inputAmount: rawAmount, outputMint: str, outputAmount: rawAmount }))),
});

// ---------- 2.5 Recurring, 4.4 ----------

const recurringTrade = obj({
  orderKey: str,
  keeper: str,
  inputMint: str,
  outputMint: str,
  inputAmount: str,
  outputAmount: str,
  rawInputAmount: rawAmount,
  rawOutputAmount: rawAmount,
  feeMint: str,
  feeAmount: str,
  rawFeeAmount: rawAmount,
  txId: str,
  confirmedAt: str,
  action: str,
  productMeta: any,
});

const recurringOrder = obj({
  userPubkey: str,
  orderKey: str,
  inputMint: str,
  outputMint: str,
  inDeposited: str,
  inWithdrawn: str,
  outWithdrawn: str,
  inAmountPerCycle: str,
  minOutAmount: str,
  maxOutAmount: str,
  inUsed: str,
  outReceived: str,
  rawInDeposited: rawAmount,
  rawInWithdrawn: rawAmount,
  rawOutWithdrawn: rawAmount,
  rawInAmountPerCycle: rawAmount,
  rawMinOutAmount: rawAmount,
  rawMaxOutAmount: rawAmount,
  rawInUsed: rawAmount,
  rawOutReceived: rawAmount,
  cycleFrequency: numOrNumericString,
  openTx: str,
  closeTx: nul(str),
  userClosed: bool,
  createdAt: str,
  updatedAt: str,
  trades: arr(recurringTrade),
});

export const recurringListSchema = obj({
  orderStatus: oneOf(ORDER_STATUSES),
  page: uint,
  time: arr(recurringOrder),
  totalPages: uint,
  user: str,
  price: opt(arr(any)),
  all: opt(arr(any)),
});

export const requestIdTransactionSchema = obj({ requestId: nonEmptyStr, transaction: nonEmptyStr });

export const recurringExecuteSchema = obj({
  signature: str,
  status: executeStatus,
  error: opt(nul(str)),
  order: opt(nul(str)),
});

// ---------- 2.6 Trigger, 4.5 ----------

const triggerOrder = obj({
  userPubkey: str,
  orderKey: str,
  inputMint: str,
  outputMint: str,
  makingAmount: str,
  takingAmount: str,
  remainingMakingAmount: str,
  remainingTakingAmount: str,
  rawMakingAmount: rawAmount,
  rawTakingAmount: rawAmount,
  rawRemainingMakingAmount: rawAmount,
  rawRemainingTakingAmount: rawAmount,
  slippageBps: str,
  expiredAt: nul(str),
  createdAt: str,
  updatedAt: str,
  status: str,
  openTx: str,
  closeTx: nul(str),
  programVersion: str,
  trades: arr(obj()),
});

export const triggerListSchema = obj({
  user: str,
  // `open` has been seen on the real service besides the declared values
  orderStatus: oneOf([...ORDER_STATUSES, 'open']),
  orders: arr(triggerOrder),
  totalPages: num,
  page: num,
});

export const triggerCreateSchema = obj({ requestId: nonEmptyStr, transaction: nonEmptyStr, order: opt(str) });

export const triggerCancelManySchema = obj({ requestId: nonEmptyStr, transactions: arr(nonEmptyStr) });

export const triggerExecuteSchema = obj({ code: num, signature: str, status: executeStatus });

// ---------- 2.7 Invites, 4.6 ----------

const invite = obj({
  invite_signer: str,
  invite_pda: str,
  sender: str,
  mint: str,
  expiry: str,
  creation_time: str,
  amount: str,
  creation_tx: str,
  deletion_tx: nul(str),
  receiver: nul(str),
  deletion_time: nul(str),
  action: str,
  // boolean in the contract; 0/1 seen on the real service
  confirmed: primitive((v) => typeof v === 'boolean' || v === 0 || v === 1, 'a boolean (or 0/1)'),
});

export const inviteListSchema = obj({ invites: arr(invite), hasMoreData: bool });

// ---------- 2.8 Portfolio, 4.7 ----------

const portfolioAsset = obj({
  type: str,
  networkId: str,
  value: num,
  data: obj({ address: str, amount: num, price: num }),
});

const portfolioElement: Schema = (v, path, fail) => {
  obj({ type: str })(v, path, fail);
  if ((v as { type: string }).type === 'multiple') {
    obj({ label: str, platformId: str, name: str, data: obj({ assets: arr(portfolioAsset) }) })(v, path, fail);
  }
};

export const portfolioSchema = obj({
  date: num,
  owner: str,
  fetcherReports: arr(obj({ id: str, status: str, duration: num })),
  elements: arr(portfolioElement),
  duration: num,
  tokenInfo: obj(),
});

// ---------- 4.8 Studio ----------

export const dbcPoolCreateSchema = obj({
  transaction: nonEmptyStr,
  pool: opt(str),
  mint: opt(str),
  imagePresignedUrl: opt(str),
});

export const dbcFeeClaimSchema = obj({ transaction: nonEmptyStr });

// ---------- typed entry points, one per response ----------

export const guardTokenList = (b: unknown, endpoint: string) => checkResponse<Token[]>(endpoint, tokenListSchema, b);
export const guardQuote = (b: unknown, endpoint: string) => checkResponse<Quote>(endpoint, quoteSchema, b);
export const guardSwapResponse = (b: unknown, endpoint: string) => checkResponse<SwapResponse>(endpoint, swapResponseSchema, b);
export const guardSwapInstructions = (b: unknown, endpoint: string) =>
  checkResponse<SwapInstructionsResponse>(endpoint, swapInstructionsSchema, b);
export const guardOrder = (b: unknown, endpoint: string) => checkResponse<Order>(endpoint, orderSchema, b);
export const guardOrderExecute = (b: unknown, endpoint: string) =>
  checkResponse<OrderExecuteResponse>(endpoint, orderExecuteSchema, b);
export const guardRecurringList = (b: unknown, endpoint: string) =>
  checkResponse<RecurringListResponse>(endpoint, recurringListSchema, b);
export const guardRequestIdTransaction = (b: unknown, endpoint: string) =>
  checkResponse<RequestIdTransaction>(endpoint, requestIdTransactionSchema, b);
export const guardRecurringExecute = (b: unknown, endpoint: string) =>
  checkResponse<RecurringExecuteResponse>(endpoint, recurringExecuteSchema, b);
export const guardTriggerList = (b: unknown, endpoint: string) =>
  checkResponse<TriggerListResponse>(endpoint, triggerListSchema, b);
export const guardTriggerCreate = (b: unknown, endpoint: string) =>
  checkResponse<TriggerCreateResponse>(endpoint, triggerCreateSchema, b);
export const guardTriggerCancelMany = (b: unknown, endpoint: string) =>
  checkResponse<TriggerCancelManyResponse>(endpoint, triggerCancelManySchema, b);
export const guardTriggerExecute = (b: unknown, endpoint: string) =>
  checkResponse<TriggerExecuteResponse>(endpoint, triggerExecuteSchema, b);
export const guardInviteList = (b: unknown, endpoint: string) => checkResponse<InviteListResponse>(endpoint, inviteListSchema, b);
export const guardPortfolio = (b: unknown, endpoint: string) => checkResponse<Portfolio>(endpoint, portfolioSchema, b);
export const guardDbcPoolCreate = (b: unknown, endpoint: string) =>
  checkResponse<DbcPoolCreateResponse>(endpoint, dbcPoolCreateSchema, b);
export const guardDbcFeeClaim = (b: unknown, endpoint: string) => checkResponse<DbcFeeClaimResponse>(endpoint, dbcFeeClaimSchema, b);
