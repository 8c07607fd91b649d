// Response checks at the boundary: every 200 body is compared with the contract (sections 2 and
// 4 of trading-api.md, widened where service-behaviour.md says the real service varies). A
// violation names the endpoint and the field. Unknown extra fields are kept untouched.
//
// Tolerant, strict where it matters: a field is required only when tradedeck needs it to act
// correctly (the mints and integer-string amounts of what is signed, a base-64 transaction, the
// requestId execute needs, keys that identify orders). Everything shown only is optional; when it
// is present it must still have its type, so a wrong value is never displayed as if it were right.

import { ResponseShapeError } from './errors.js';
import {
  EXECUTE_STATUSES,
  SWAP_MODES,
  type DbcFeeClaimResponse,
  type DbcPoolCreateResponse,
  type InviteListResponse,
  type Order,
  type OrderExecuteResponse,
  type Portfolio,
  type ProgramIdToLabel,
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
/**
 * Checks `v`, calling `fail` on the first violation. `v` is found at `path`, or, given a `key`, at
 * that key (or array index) under `path`: a field's path is made only when something reports it or
 * looks inside (a token list has some 3500 fields, and each path was a new string every refresh).
 */
export type Schema = ((v: unknown, path: string, fail: Fail, key?: string | number) => void) & { absentAsNull?: boolean; nullAsAbsent?: boolean };

/** The path of the value at `key` under `path` (or `path` itself without a key). */
export const here = (path: string, key?: string | number) =>
  key === undefined ? path : typeof key === 'number' ? `${path}[${key}]` : path ? `${path}.${key}` : key;

function primitive(test: (v: unknown) => boolean, what: string): Schema {
  return (v, path, fail, key) => {
    if (v === undefined) fail(here(path, key), `is missing (must be ${what})`);
    if (!test(v)) fail(here(path, key), `must be ${what}`);
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

/** A non-empty base-64 text (a transaction to sign, or instruction data). */
export const base64 = primitive(
  (v) => typeof v === 'string' && v.length > 0 && v.length % 4 === 0 && /^[A-Za-z0-9+/]+={0,2}$/.test(v),
  'a base-64 string',
);

export function oneOf(values: readonly (string | number | boolean)[]): Schema {
  return primitive((v) => values.includes(v as string), `one of ${values.map((x) => JSON.stringify(x)).join(', ')}`);
}

/** The field may be absent. */
export function opt(s: Schema): Schema {
  return (v, path, fail, key) => {
    if (v !== undefined) s(v, path, fail, key);
  };
}

/**
 * The field may be absent, and a null (where the contract has none) counts as absent: the key is
 * removed so that the typed value is `T | undefined`, never a surprise null.
 */
export function maybe(s: Schema): Schema {
  const schema: Schema = (v, path, fail, key) => {
    if (v !== undefined && v !== null) s(v, path, fail, key);
  };
  schema.nullAsAbsent = true;
  return schema;
}

/** The field may be null. */
export function nul(s: Schema): Schema {
  return (v, path, fail, key) => {
    if (v !== null) s(v, path, fail, key);
  };
}

/** Declared `T | null`, but the service sometimes leaves it out: accepted, and filled with null. */
export function nullish(s: Schema): Schema {
  const schema: Schema = (v, path, fail, key) => {
    if (v !== null && v !== undefined) s(v, path, fail, key);
  };
  schema.absentAsNull = true;
  return schema;
}

export function arr(item: Schema): Schema {
  return (v, path, fail, key) => {
    path = here(path, key);
    if (!Array.isArray(v)) return fail(path, v === undefined ? 'is missing (must be an array)' : 'must be an array');
    for (let i = 0; i < v.length; i++) item(v[i], path, fail, i);
  };
}

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function obj(fields: Record<string, Schema> = {}): Schema {
  // listed once: a token list checks some 70 fields of each of its 50 tokens every refresh
  const entries = Object.entries(fields);
  return (v, path, fail, key) => {
    path = here(path, key);
    if (!isPlainObject(v)) return fail(path || '(body)', v === undefined ? 'is missing (must be an object)' : 'must be an object');
    for (let i = 0; i < entries.length; i++) {
      const field = entries[i][0];
      const schema = entries[i][1];
      if (schema.absentAsNull && !(field in v)) v[field] = null;
      if (schema.nullAsAbsent && v[field] === null) delete v[field];
      schema(v[field], path, fail, field);
    }
  };
}

/** An object whose values all follow one schema (e.g. a map keyed by mint). */
export function record(value: Schema): Schema {
  return (v, path, fail, key) => {
    path = here(path, key);
    if (!isPlainObject(v)) return fail(path, 'must be an object');
    for (const [k, x] of Object.entries(v)) value(x, path, fail, k);
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
// Acts on: id (the mint), symbol, decimals. Everything else is shown only.

const nnum = nullish(num);
const nstr = nullish(str);
const onum = opt(nul(num));

const tokenStats = obj({
  priceChange: onum,
  holderChange: onum,
  liquidityChange: onum,
  volumeChange: onum,
  buyVolume: onum,
  sellVolume: onum,
  buyOrganicVolume: onum,
  sellOrganicVolume: onum,
  numBuys: onum,
  numSells: onum,
  numTraders: onum,
  numOrganicBuyers: onum,
  numNetBuyers: onum,
});

const tokenAudit = obj({
  mintAuthorityDisabled: opt(nul(bool)),
  freezeAuthorityDisabled: opt(nul(bool)),
  topHoldersPercentage: onum,
  devMints: onum,
  isSus: opt(nul(bool)),
});

const nonEmptyStr = primitive((v) => typeof v === 'string' && v.length > 0, 'a non-empty string');
const tokenDecimals = primitive(
  (v) => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 30,
  'an integer from 0 to 30',
);

export const tokenSchema = obj({
  id: nonEmptyStr,
  symbol: str,
  decimals: tokenDecimals,
  name: str,
  icon: nstr,
  twitter: nstr,
  telegram: nstr,
  website: nstr,
  dev: nstr,
  circSupply: nnum,
  totalSupply: nnum,
  tokenProgram: maybe(str),
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
  stats5m: maybe(tokenStats),
  stats1h: maybe(tokenStats),
  stats6h: maybe(tokenStats),
  stats24h: maybe(tokenStats),
  firstPool: maybe(obj({ id: maybe(str), createdAt: maybe(str) })),
  audit: maybe(tokenAudit),
  organicScore: maybe(num),
  // `high`, `medium`, `low` in the contract; another label is kept as text
  organicScoreLabel: maybe(str),
  isVerified: nullish(bool),
  cexes: nullish(arr(str)),
  tags: nullish(arr(str)),
  updatedAt: maybe(str),
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
  platformFee: opt(nul(obj({ amount: maybe(rawAmount), feeBps: maybe(uint), feeMint: maybe(str) }))),
  contextSlot: maybe(uint),
  timeTaken: maybe(num),
});

export const swapResponseSchema = obj({
  swapTransaction: base64,
  lastValidBlockHeight: uint,
  prioritizationFeeLamports: maybe(uint),
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

/** program id -> label; a value that is not text is left out (it names nothing) */
export const programIdToLabelSchema: Schema = (v, path, fail, key) => {
  path = here(path, key);
  if (!isPlainObject(v)) return fail(path || '(body)', 'must be an object of program id -> label');
  for (const [id, label] of Object.entries(v)) if (typeof label !== 'string') delete v[id];
};

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
// Acts on: the mints and amounts, the requestId, the transaction, and the slippage and price
// impact the confirm dialog states. Fees, payers and routing are shown only.

const orderRouteStep = obj({
  swapInfo: maybe(
    obj({
      ammKey: maybe(str),
      label: maybe(str),
      inputMint: maybe(str),
      outputMint: maybe(str),
      inAmount: maybe(rawAmount),
      outAmount: maybe(rawAmount),
    }),
  ),
  percent: maybe(num),
  bps: maybe(num),
  usdValue: maybe(num),
});

/** null without taker, "" when the order cannot be built, otherwise a base-64 transaction */
const orderTransaction: Schema = (v, path, fail, key) => {
  path = here(path, key);
  if (v === undefined) fail(path, 'is missing (must be a base-64 transaction, "" or null)');
  if (v === null || v === '') return;
  base64(v, path, fail);
};

export const orderSchema = obj({
  inputMint: nonEmptyStr,
  outputMint: nonEmptyStr,
  inAmount: rawAmount,
  outAmount: rawAmount,
  otherAmountThreshold: rawAmount,
  slippageBps: num,
  priceImpactPct: str,
  transaction: orderTransaction,
  requestId: nonEmptyStr,
  mode: maybe(str),
  swapMode: maybe(str),
  priceImpact: maybe(num),
  inUsdValue: maybe(num),
  outUsdValue: maybe(num),
  swapUsdValue: maybe(num),
  routePlan: maybe(arr(orderRouteStep)),
  feeBps: maybe(num),
  feeMint: maybe(str),
  // `{amount, feeBps}` in the contract; `{feeBps, feeMint}` without amount seen too
  platformFee: maybe(obj({ amount: maybe(rawAmount), feeBps: maybe(num), feeMint: maybe(str) })),
  signatureFeeLamports: maybe(num),
  signatureFeePayer: opt(nul(str)),
  prioritizationFeeLamports: maybe(num),
  prioritizationFeePayer: opt(nul(str)),
  rentFeeLamports: maybe(num),
  rentFeePayer: opt(nul(str)),
  swapType: maybe(str),
  router: maybe(str),
  gasless: maybe(bool),
  totalTime: maybe(num),
  taker: opt(nul(str)),
  referralAccount: maybe(str),
  quoteId: maybe(str),
  maker: maybe(str),
  expireAt: maybe(str),
  errorCode: maybe(num),
  errorMessage: maybe(str),
});

const executeStatus = oneOf(EXECUTE_STATUSES);

/** `code` may be left out; a Success must name its signature (the journal and the outcome need it). */
function executeResult(fields: Record<string, Schema>): Schema {
  const base = obj({ status: executeStatus, code: maybe(num), signature: maybe(str), ...fields });
  return (v, path, fail, key) => {
    path = here(path, key);
    base(v, path, fail);
    const body = v as { status: string; signature?: string };
    if (body.status === 'Success' && (body.signature === undefined || body.signature === '')) {
      fail(here(path, 'signature'), 'is missing (a Success must name its transaction signature)');
    }
  };
}

export const orderExecuteSchema = executeResult({
  slot: maybe(str),
  error: maybe(str),
  totalInputAmount: maybe(rawAmount),
  totalOutputAmount: maybe(rawAmount),
  inputAmountResult: maybe(rawAmount),
  outputAmountResult: maybe(rawAmount),
  swapEvents: maybe(arr(obj({ inputMint: str, inputAmount: rawAmount, outputMint: str, outputAmount: rawAmount }))),
});

// ---------- 2.5 Recurring, 4.4 ----------
// Acts on: the order key (cancel), its mints, base-unit amounts as integer strings, paging.

const recurringTrade = obj({
  orderKey: maybe(str),
  keeper: maybe(str),
  inputMint: maybe(str),
  outputMint: maybe(str),
  inputAmount: maybe(str),
  outputAmount: maybe(str),
  rawInputAmount: maybe(rawAmount),
  rawOutputAmount: maybe(rawAmount),
  feeMint: maybe(str),
  feeAmount: maybe(str),
  rawFeeAmount: maybe(rawAmount),
  txId: maybe(str),
  confirmedAt: maybe(str),
  action: maybe(str),
  productMeta: any,
});

const recurringOrder = obj({
  userPubkey: maybe(str),
  orderKey: nonEmptyStr,
  inputMint: nonEmptyStr,
  outputMint: nonEmptyStr,
  inDeposited: maybe(str),
  inWithdrawn: maybe(str),
  outWithdrawn: maybe(str),
  inAmountPerCycle: maybe(str),
  minOutAmount: maybe(str),
  maxOutAmount: maybe(str),
  inUsed: maybe(str),
  outReceived: maybe(str),
  rawInDeposited: rawAmount,
  rawInWithdrawn: maybe(rawAmount),
  rawOutWithdrawn: maybe(rawAmount),
  rawInAmountPerCycle: maybe(rawAmount),
  rawMinOutAmount: maybe(rawAmount),
  rawMaxOutAmount: maybe(rawAmount),
  rawInUsed: maybe(rawAmount),
  rawOutReceived: maybe(rawAmount),
  cycleFrequency: maybe(numOrNumericString),
  openTx: maybe(str),
  closeTx: opt(nul(str)),
  userClosed: maybe(bool),
  createdAt: maybe(str),
  updatedAt: maybe(str),
  trades: maybe(arr(recurringTrade)),
});

export const recurringListSchema = obj({
  time: arr(recurringOrder),
  // `active`, `history` in the contract; other text kept
  orderStatus: maybe(str),
  page: uint,
  totalPages: uint,
  user: maybe(str),
  price: maybe(arr(any)),
  all: maybe(arr(any)),
});

export const requestIdTransactionSchema = obj({ requestId: nonEmptyStr, transaction: base64 });

export const recurringExecuteSchema = executeResult({
  error: opt(nul(str)),
  order: opt(nul(str)),
});

// ---------- 2.6 Trigger, 4.5 ----------
// Acts on: the order key (cancel), its mints, its base-unit amounts (price) and paging.

const triggerOrder = obj({
  userPubkey: maybe(str),
  orderKey: nonEmptyStr,
  inputMint: nonEmptyStr,
  outputMint: nonEmptyStr,
  makingAmount: maybe(str),
  takingAmount: maybe(str),
  remainingMakingAmount: maybe(str),
  remainingTakingAmount: maybe(str),
  rawMakingAmount: rawAmount,
  rawTakingAmount: rawAmount,
  rawRemainingMakingAmount: maybe(rawAmount),
  rawRemainingTakingAmount: maybe(rawAmount),
  slippageBps: maybe(str),
  expiredAt: opt(nul(str)),
  createdAt: maybe(str),
  updatedAt: maybe(str),
  // `Open`, `Completed`, `Cancelled` seen; unknown values kept as text
  status: maybe(str),
  openTx: maybe(str),
  closeTx: opt(nul(str)),
  programVersion: maybe(str),
  trades: maybe(arr(obj())),
});

export const triggerListSchema = obj({
  orders: arr(triggerOrder),
  user: maybe(str),
  // `active`, `history` in the contract; `open` seen; other text kept
  orderStatus: maybe(str),
  totalPages: num,
  page: num,
});

export const triggerCreateSchema = obj({ requestId: nonEmptyStr, transaction: base64, order: maybe(str) });

export const triggerCancelManySchema = obj({ requestId: nonEmptyStr, transactions: arr(base64) });

export const triggerExecuteSchema = executeResult({});

// ---------- 2.7 Invites, 4.6 ----------
// Nothing is signed from an invite listing: the row's key, mint, amount and expiry (countdowns)
// and the page flag are needed; everything else is optional.

const invite = obj({
  invite_pda: nonEmptyStr,
  mint: nonEmptyStr,
  amount: str,
  invite_signer: maybe(str),
  sender: maybe(str),
  expiry: str,
  creation_time: maybe(str),
  creation_tx: maybe(str),
  deletion_tx: opt(nul(str)),
  receiver: opt(nul(str)),
  deletion_time: opt(nul(str)),
  // `created`, `claimed` in the contract; `clawback`, `expired` seen; other text kept
  action: maybe(str),
  // boolean in the contract; 0/1 seen on the real service
  confirmed: maybe(primitive((v) => typeof v === 'boolean' || v === 0 || v === 1, 'a boolean (or 0/1)')),
});

export const inviteListSchema = obj({ invites: arr(invite), hasMoreData: bool });

// ---------- 2.8 Portfolio, 4.7 ----------
// Shown only: the element list must be a list; every other part may be missing.

const portfolioAsset = obj({
  type: maybe(str),
  networkId: maybe(str),
  value: maybe(num),
  data: maybe(obj({ address: maybe(str), amount: maybe(num), price: maybe(num) })),
});

const elementType = obj({ type: str });
const multipleElement = obj({ label: maybe(str), platformId: maybe(str), name: maybe(str), value: maybe(num), data: maybe(obj({ assets: maybe(arr(portfolioAsset)) })) });

const portfolioElement: Schema = (v, path, fail, key) => {
  elementType(v, path, fail, key);
  if ((v as { type: string }).type === 'multiple') multipleElement(v, path, fail, key);
};

/** The element list; an entry that is not an object describes nothing and is left out, so the rest still shows. */
const portfolioElements: Schema = (v, path, fail, key) => {
  path = here(path, key);
  if (!Array.isArray(v)) return fail(path, v === undefined ? 'is missing (must be an array)' : 'must be an array');
  for (let i = v.length - 1; i >= 0; i--) if (!isPlainObject(v[i])) v.splice(i, 1);
  for (let i = 0; i < v.length; i++) portfolioElement(v[i], path, fail, i);
};

export const portfolioSchema = obj({
  elements: portfolioElements,
  date: maybe(num),
  owner: maybe(str),
  fetcherReports: maybe(arr(obj({ id: str, status: maybe(str), duration: maybe(num) }))),
  duration: maybe(num),
  tokenInfo: maybe(obj()),
});

// ---------- 4.8 Studio ----------

export const dbcPoolCreateSchema = obj({
  transaction: base64,
  pool: maybe(str),
  mint: maybe(str),
  imagePresignedUrl: maybe(str),
});

export const dbcFeeClaimSchema = obj({ transaction: base64 });

// ---------- typed entry points, one per response ----------

export const guardTokenList = (b: unknown, endpoint: string) => checkResponse<Token[]>(endpoint, tokenListSchema, b);
export const guardQuote = (b: unknown, endpoint: string) => checkResponse<Quote>(endpoint, quoteSchema, b);
export const guardSwapResponse = (b: unknown, endpoint: string) => checkResponse<SwapResponse>(endpoint, swapResponseSchema, b);
export const guardProgramIdToLabel = (b: unknown, endpoint: string) =>
  checkResponse<ProgramIdToLabel>(endpoint, programIdToLabelSchema, b);
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
