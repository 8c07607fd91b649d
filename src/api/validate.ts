// Request rules of the contract, checked before anything is sent. Each violation throws
// RequestRuleError naming the field and the rule.

import { AmountError, parseRawAmount } from '../amount.js';
import { RequestRuleError } from './errors.js';
import { isPlainObject, quoteSchema, type Fail } from './guards.js';
import {
  INSTRUCTION_VERSIONS,
  NATIVE_MINT,
  ORDER_STATUSES,
  PRIORITY_LEVELS,
  RECURRING_TYPES,
  ROUTERS,
  SWAP_MODES,
  TOKEN_CATEGORIES,
  TOKEN_INTERVALS,
  type DbcFeeClaimRequest,
  type DbcPoolCreateRequest,
  type ExecuteRequest,
  type InviteListParams,
  type OrderParams,
  type PortfolioParams,
  type PriceWithdrawRequest,
  type QuoteParams,
  type RecurringCancelRequest,
  type RecurringCreateRequest,
  type RecurringListParams,
  type SwapRequest,
  type TokenListParams,
  type TriggerCancelManyRequest,
  type TriggerCancelRequest,
  type TriggerCreateRequest,
  type TriggerListParams,
} from './types.js';

// ---------- base58 ----------

const BASE58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const BASE58_INDEX = new Map([...BASE58_ALPHABET].map((c, i) => [c, i]));

/** Decodes base58 text into bytes; null when a character is outside the alphabet. */
export function decodeBase58(text: string): Uint8Array | null {
  let leadingZeros = 0;
  while (leadingZeros < text.length && text[leadingZeros] === '1') leadingZeros++;
  // little-endian base-256 digits of the value
  const digits: number[] = [];
  for (let i = leadingZeros; i < text.length; i++) {
    const value = BASE58_INDEX.get(text[i]);
    if (value === undefined) return null;
    let carry = value;
    for (let j = 0; j < digits.length; j++) {
      carry += digits[j] * 58;
      digits[j] = carry & 0xff;
      carry >>= 8;
    }
    while (carry > 0) {
      digits.push(carry & 0xff);
      carry >>= 8;
    }
  }
  const out = new Uint8Array(leadingZeros + digits.length);
  for (let i = 0; i < digits.length; i++) out[out.length - 1 - i] = digits[i];
  return out;
}

export function encodeBase58(bytes: Uint8Array): string {
  let leadingZeros = 0;
  while (leadingZeros < bytes.length && bytes[leadingZeros] === 0) leadingZeros++;
  // little-endian base-58 digits of the value
  const digits: number[] = [];
  for (let i = leadingZeros; i < bytes.length; i++) {
    let carry = bytes[i];
    for (let j = 0; j < digits.length; j++) {
      carry += digits[j] << 8;
      digits[j] = carry % 58;
      carry = Math.floor(carry / 58);
    }
    while (carry > 0) {
      digits.push(carry % 58);
      carry = Math.floor(carry / 58);
    }
  }
  let out = '1'.repeat(leadingZeros);
  for (let i = digits.length - 1; i >= 0; i--) out += BASE58_ALPHABET[digits[i]];
  return out;
}

/** A base58 text that decodes to exactly 32 bytes (a public key / account address). */
export function isAddress(v: unknown): v is string {
  if (typeof v !== 'string' || v.length < 32 || v.length > 44) return false;
  const bytes = decodeBase58(v);
  return bytes !== null && bytes.length === 32;
}

// ---------- rule helpers ----------

function fail(field: string, rule: string, got?: unknown): never {
  throw new RequestRuleError(field, rule, got);
}

export function requireObject(v: unknown, field: string): asserts v is Record<string, unknown> {
  if (!isPlainObject(v)) fail(field, 'must be an object', v);
}

export function address(v: unknown, field: string): void {
  if (!isAddress(v)) fail(field, 'must be a base58 address of 32 bytes', v);
}

export function optAddress(v: unknown, field: string): void {
  if (v !== undefined) address(v, field);
}

export function oneOf<T extends string>(v: unknown, values: readonly T[], field: string): void {
  if (!values.includes(v as T)) fail(field, `must be one of ${values.join(', ')}`, v);
}

export function intRange(v: unknown, min: number, max: number, field: string): void {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) {
    fail(field, `must be an integer from ${min} to ${max}`, v);
  }
}

function optIntRange(v: unknown, min: number, max: number, field: string): void {
  if (v !== undefined) intRange(v, min, max, field);
}

function optBool(v: unknown, field: string): void {
  if (v !== undefined && typeof v !== 'boolean') fail(field, 'must be true or false', v);
}

function page(v: unknown, field = 'page'): void {
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 1) fail(field, 'must be an integer >= 1', v);
}

function nonEmptyString(v: unknown, field: string): void {
  if (typeof v !== 'string' || v.trim() === '') fail(field, 'must be a non-empty string', v);
}

/** A u64 base-unit amount written as a string of digits, greater than zero. */
export function positiveRawAmount(v: unknown, field: string): bigint {
  try {
    return parseRawAmount(v as string, field, true);
  } catch (e) {
    if (e instanceof AmountError) fail(field, 'must be a positive integer string of base units (u64)', v);
    throw e;
  }
}

/** A u64 given as a safe integer number or as a digit string. */
function uint64(v: unknown, field: string): void {
  if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) return;
  if (typeof v === 'string') {
    try {
      parseRawAmount(v, field, false);
      return;
    } catch {
      // reported below
    }
  }
  fail(field, 'must be a non-negative integer (u64)', v);
}

const MAX_BPS = 10_000;
const UINT16_MAX = 65_535;
const UINT8_MAX = 255;

/** DEX labels travel comma-joined, so a label itself must not hold a comma. */
function labelList(v: unknown, field: string): void {
  if (v === undefined) return;
  if (!Array.isArray(v)) fail(field, 'must be an array of labels', v);
  v.forEach((label, i) => {
    if (typeof label !== 'string' || label.trim() === '' || label.includes(',')) {
      fail(`${field}[${i}]`, 'must be a non-empty label without commas', label);
    }
  });
}

function base64Transaction(v: unknown, field: string): void {
  if (typeof v !== 'string' || v.length === 0 || v.length % 4 !== 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(v)) {
    fail(field, 'must be a base-64 transaction', typeof v === 'string' ? `${v.length} characters` : v);
  }
}

function computeUnitPrice(v: unknown, field: string): void {
  if (v === undefined || v === 'auto') return;
  if (typeof v === 'string' && /^\d+$/.test(v)) {
    uint64(v, field);
    return;
  }
  fail(field, 'must be "auto" or an integer string of microlamports', v);
}

// ---------- 4.1 ----------

export function validateTokenList(p: TokenListParams): void {
  requireObject(p, 'params');
  oneOf(p.category, TOKEN_CATEGORIES, 'category');
  oneOf(p.interval, TOKEN_INTERVALS, 'interval');
  optIntRange(p.limit, 1, 100, 'limit');
}

// ---------- 4.2 ----------

export function validateQuote(p: QuoteParams): void {
  requireObject(p, 'params');
  address(p.inputMint, 'inputMint');
  address(p.outputMint, 'outputMint');
  positiveRawAmount(p.amount, 'amount');
  optIntRange(p.slippageBps, 0, MAX_BPS, 'slippageBps');
  if (p.swapMode !== undefined) oneOf(p.swapMode, SWAP_MODES, 'swapMode');
  labelList(p.dexes, 'dexes');
  labelList(p.excludeDexes, 'excludeDexes');
  optBool(p.restrictIntermediateTokens, 'restrictIntermediateTokens');
  optBool(p.onlyDirectRoutes, 'onlyDirectRoutes');
  optBool(p.asLegacyTransaction, 'asLegacyTransaction');
  optIntRange(p.platformFeeBps, 0, UINT16_MAX, 'platformFeeBps');
  if (p.maxAccounts !== undefined) {
    if (typeof p.maxAccounts !== 'number' || !Number.isSafeInteger(p.maxAccounts) || p.maxAccounts < 1) {
      fail('maxAccounts', 'must be a positive integer', p.maxAccounts);
    }
  }
  if (p.instructionVersion !== undefined) oneOf(p.instructionVersion, INSTRUCTION_VERSIONS, 'instructionVersion');
  optBool(p.dynamicSlippage, 'dynamicSlippage');
}

/** What the client remembers about a quote it fetched itself (the quote body does not say). */
export interface QuoteOrigin {
  instructionVersion: 'V1' | 'V2';
  platformFeeBps?: number;
  asLegacyTransaction: boolean;
}

function prioritizationFee(v: unknown, field: string): void {
  if (v === undefined || v === 'auto') return;
  if (typeof v === 'number') {
    if (!Number.isSafeInteger(v) || v < 0) fail(field, 'must be a non-negative integer of lamports', v);
    return;
  }
  if (!isPlainObject(v) || !isPlainObject(v.priorityLevelWithMaxLamports)) {
    fail(field, 'must be "auto", an integer of lamports or { priorityLevelWithMaxLamports }', v);
  }
  const p = v.priorityLevelWithMaxLamports;
  oneOf(p.priorityLevel, PRIORITY_LEVELS, `${field}.priorityLevelWithMaxLamports.priorityLevel`);
  if (typeof p.maxLamports !== 'number' || !Number.isSafeInteger(p.maxLamports) || p.maxLamports < 0) {
    fail(`${field}.priorityLevelWithMaxLamports.maxLamports`, 'must be a non-negative integer of lamports', p.maxLamports);
  }
  optBool(p.global, `${field}.priorityLevelWithMaxLamports.global`);
}

export function validateSwapRequest(b: SwapRequest, origin?: QuoteOrigin): void {
  requireObject(b, 'body');
  address(b.userPublicKey, 'userPublicKey');
  const failQuote: Fail = (path, expectation) => fail(`quoteResponse.${path}`, expectation);
  if (!isPlainObject(b.quoteResponse)) fail('quoteResponse', 'must be a quote object', b.quoteResponse);
  quoteSchema(b.quoteResponse, '', failQuote);
  const quote = b.quoteResponse;

  optAddress(b.payer, 'payer');
  optBool(b.wrapAndUnwrapSol, 'wrapAndUnwrapSol');
  optBool(b.useSharedAccounts, 'useSharedAccounts');
  optAddress(b.feeAccount, 'feeAccount');
  optAddress(b.trackingAccount, 'trackingAccount');
  prioritizationFee(b.prioritizationFeeLamports, 'prioritizationFeeLamports');
  optBool(b.asLegacyTransaction, 'asLegacyTransaction');
  optAddress(b.destinationTokenAccount, 'destinationTokenAccount');
  optAddress(b.nativeDestinationAccount, 'nativeDestinationAccount');
  optBool(b.dynamicComputeUnitLimit, 'dynamicComputeUnitLimit');
  optBool(b.skipUserAccountsRpcCalls, 'skipUserAccountsRpcCalls');
  optBool(b.dynamicSlippage, 'dynamicSlippage');
  if (b.computeUnitPriceMicroLamports !== undefined) uint64(b.computeUnitPriceMicroLamports, 'computeUnitPriceMicroLamports');
  optIntRange(b.blockhashSlotsToExpiry, 0, UINT8_MAX, 'blockhashSlotsToExpiry');

  if (b.destinationTokenAccount !== undefined && b.nativeDestinationAccount !== undefined) {
    fail('nativeDestinationAccount', 'must not be given together with destinationTokenAccount');
  }
  if (b.nativeDestinationAccount !== undefined) {
    if (quote.outputMint !== NATIVE_MINT) {
      fail('nativeDestinationAccount', 'needs the native coin as the quote output', quote.outputMint);
    }
    const version = origin?.instructionVersion ?? quote.instructionVersion;
    if (version !== undefined && version !== 'V2') {
      fail('nativeDestinationAccount', 'needs a quote made with instructionVersion V2', version);
    }
  }
  const feeInQuote = isPlainObject(quote.platformFee) && typeof quote.platformFee.feeBps === 'number' && quote.platformFee.feeBps > 0;
  if ((feeInQuote || origin?.platformFeeBps !== undefined) && b.feeAccount === undefined) {
    fail('feeAccount', 'is required when the quote carries a platform fee (platformFeeBps)');
  }
  if (origin && b.asLegacyTransaction !== undefined && b.asLegacyTransaction !== origin.asLegacyTransaction) {
    fail('asLegacyTransaction', `must match the quote's setting (${origin.asLegacyTransaction})`, b.asLegacyTransaction);
  }
}

// ---------- 4.3 ----------

export function validateOrder(p: OrderParams): void {
  requireObject(p, 'params');
  address(p.inputMint, 'inputMint');
  address(p.outputMint, 'outputMint');
  positiveRawAmount(p.amount, 'amount');
  if (p.taker !== null) optAddress(p.taker, 'taker');
  optAddress(p.receiver, 'receiver');
  optAddress(p.payer, 'payer');
  optAddress(p.closeAuthority, 'closeAuthority');
  optAddress(p.referralAccount, 'referralAccount');
  optIntRange(p.referralFee, 50, 255, 'referralFee');
  if (p.excludeRouters !== undefined) {
    if (!Array.isArray(p.excludeRouters)) fail('excludeRouters', `must be an array of ${ROUTERS.join(', ')}`, p.excludeRouters);
    p.excludeRouters.forEach((r, i) => oneOf(r, ROUTERS, `excludeRouters[${i}]`));
  }
  labelList(p.excludeDexes, 'excludeDexes');
  if (p.closeAuthority !== undefined && p.payer === undefined) {
    fail('closeAuthority', 'requires payer (the service ignores it without one)');
  }
}

export function validateExecute(b: ExecuteRequest): void {
  requireObject(b, 'body');
  base64Transaction(b.signedTransaction, 'signedTransaction');
  nonEmptyString(b.requestId, 'requestId');
}

// ---------- 4.4 ----------

export function validateRecurringList(p: RecurringListParams): void {
  requireObject(p, 'params');
  oneOf(p.recurringType, RECURRING_TYPES, 'recurringType');
  oneOf(p.orderStatus, ORDER_STATUSES, 'orderStatus');
  address(p.user, 'user');
  page(p.page);
  if (p.mint !== null) optAddress(p.mint, 'mint');
  if (typeof p.includeFailedTx !== 'boolean') fail('includeFailedTx', 'must be true or false', p.includeFailedTx);
}

export function validateRecurringCreate(b: RecurringCreateRequest): void {
  requireObject(b, 'body');
  address(b.user, 'user');
  address(b.inputMint, 'inputMint');
  address(b.outputMint, 'outputMint');
  requireObject(b.params, 'params');
  const { time, price } = b.params;
  if (time === undefined && price === undefined) fail('params.time', 'is required');
  if (time !== undefined && price !== undefined) fail('params.price', 'must not be given together with params.time');
  if (price !== undefined) requireObject(price, 'params.price');
  if (time === undefined) return;
  requireObject(time, 'params.time');
  if (typeof time.inAmount === 'number') {
    if (!Number.isSafeInteger(time.inAmount) || time.inAmount <= 0) {
      fail('params.time.inAmount', 'must be a positive integer of base units', time.inAmount);
    }
  } else {
    positiveRawAmount(time.inAmount, 'params.time.inAmount');
  }
  if (typeof time.numberOfOrders !== 'number' || !Number.isSafeInteger(time.numberOfOrders) || time.numberOfOrders < 2) {
    fail('params.time.numberOfOrders', 'must be an integer >= 2 (recurring orders need at least 2 orders)', time.numberOfOrders);
  }
  if (typeof time.interval !== 'number' || !Number.isSafeInteger(time.interval) || time.interval < 1) {
    fail('params.time.interval', 'must be a positive integer of seconds', time.interval);
  }
  for (const key of ['minPrice', 'maxPrice'] as const) {
    const v = time[key];
    if (v !== undefined && v !== null && (typeof v !== 'number' || !Number.isFinite(v) || v < 0)) {
      fail(`params.time.${key}`, 'must be a non-negative number or null', v);
    }
  }
  if (typeof time.minPrice === 'number' && typeof time.maxPrice === 'number' && time.minPrice > time.maxPrice) {
    fail('params.time.minPrice', 'must not be above params.time.maxPrice', time.minPrice);
  }
  if (time.startAt !== undefined && time.startAt !== null) {
    if (typeof time.startAt !== 'number' || !Number.isSafeInteger(time.startAt) || time.startAt < 0) {
      fail('params.time.startAt', 'must be a unix time in seconds or null', time.startAt);
    }
  }
}

export function validateRecurringCancel(b: RecurringCancelRequest): void {
  requireObject(b, 'body');
  address(b.order, 'order');
  oneOf(b.recurringType, ['time', 'price'], 'recurringType');
  address(b.user, 'user');
}

const INT64_MAX = (1n << 63n) - 1n;

export function validatePriceWithdraw(b: PriceWithdrawRequest): void {
  requireObject(b, 'body');
  oneOf(b.inputOrOutput, ['In', 'Out'], 'inputOrOutput');
  address(b.order, 'order');
  address(b.user, 'user');
  if (b.amount !== undefined && b.amount !== null) {
    if (positiveRawAmount(b.amount, 'amount') > INT64_MAX) fail('amount', 'must fit in a signed 64-bit integer', b.amount);
  }
}

// ---------- 4.5 ----------

export function validateTriggerList(p: TriggerListParams): void {
  requireObject(p, 'params');
  address(p.user, 'user');
  oneOf(p.orderStatus, ORDER_STATUSES, 'orderStatus');
  if (p.page !== undefined) page(p.page);
  optBool(p.includeFailedTx, 'includeFailedTx');
  optAddress(p.inputMint, 'inputMint');
  optAddress(p.outputMint, 'outputMint');
}

export function validateTriggerCreate(b: TriggerCreateRequest): void {
  requireObject(b, 'body');
  address(b.inputMint, 'inputMint');
  address(b.outputMint, 'outputMint');
  address(b.maker, 'maker');
  address(b.payer, 'payer');
  requireObject(b.params, 'params');
  positiveRawAmount(b.params.makingAmount, 'params.makingAmount');
  positiveRawAmount(b.params.takingAmount, 'params.takingAmount');
  const { expiredAt, slippageBps } = b.params;
  if (expiredAt !== undefined && (typeof expiredAt !== 'string' || !/^\d+$/.test(expiredAt))) {
    fail('params.expiredAt', 'must be a unix time in seconds, as a string', expiredAt);
  }
  if (slippageBps !== undefined && (typeof slippageBps !== 'string' || !/^\d+$/.test(slippageBps) || Number(slippageBps) > MAX_BPS)) {
    fail('params.slippageBps', `must be an integer string from 0 to ${MAX_BPS}`, slippageBps);
  }
  computeUnitPrice(b.computeUnitPrice, 'computeUnitPrice');
  optAddress(b.feeAccount, 'feeAccount');
  optBool(b.wrapAndUnwrapSol, 'wrapAndUnwrapSol');
}

export function validateTriggerCancel(b: TriggerCancelRequest): void {
  requireObject(b, 'body');
  address(b.maker, 'maker');
  address(b.order, 'order');
  computeUnitPrice(b.computeUnitPrice, 'computeUnitPrice');
}

export function validateTriggerCancelMany(b: TriggerCancelManyRequest): void {
  requireObject(b, 'body');
  address(b.maker, 'maker');
  if (b.orders !== undefined) {
    if (!Array.isArray(b.orders) || b.orders.length === 0) {
      fail('orders', 'must be a non-empty array of order addresses (leave it out to cancel every open order)', b.orders);
    }
    b.orders.forEach((o, i) => address(o, `orders[${i}]`));
  }
  computeUnitPrice(b.computeUnitPrice, 'computeUnitPrice');
}

// ---------- 4.6 / 4.7 ----------

export function validateInviteList(p: InviteListParams): void {
  requireObject(p, 'params');
  address(p.address, 'address');
  if (p.page !== undefined) page(p.page);
}

export function validatePortfolio(p: PortfolioParams): void {
  requireObject(p, 'params');
  address(p.address, 'address');
  labelList(p.platforms, 'platforms');
}

// ---------- 4.8 ----------

function finiteAtLeast(v: unknown, min: number, field: string): void {
  if (typeof v !== 'number' || !Number.isFinite(v) || v < min) fail(field, `must be a number >= ${min}`, v);
}

function bool(v: unknown, field: string): void {
  if (typeof v !== 'boolean') fail(field, 'must be true or false', v);
}

export function validateDbcPoolCreate(b: DbcPoolCreateRequest): void {
  requireObject(b, 'body');
  requireObject(b.buildCurveByMarketCapParam, 'buildCurveByMarketCapParam');
  const curve = b.buildCurveByMarketCapParam;
  address(curve.quoteMint, 'buildCurveByMarketCapParam.quoteMint');
  finiteAtLeast(curve.initialMarketCap, 0, 'buildCurveByMarketCapParam.initialMarketCap');
  finiteAtLeast(curve.migrationMarketCap, 0, 'buildCurveByMarketCapParam.migrationMarketCap');
  intRange(curve.tokenQuoteDecimal, 0, 30, 'buildCurveByMarketCapParam.tokenQuoteDecimal');
  requireObject(curve.lockedVestingParam, 'buildCurveByMarketCapParam.lockedVestingParam');
  for (const key of [
    'totalLockedVestingAmount',
    'cliffUnlockAmount',
    'numberOfVestingPeriod',
    'totalVestingDuration',
    'cliffDurationFromMigrationTime',
  ] as const) {
    finiteAtLeast(curve.lockedVestingParam[key], 0, `buildCurveByMarketCapParam.lockedVestingParam.${key}`);
  }
  bool(b.antiSniping, 'antiSniping');
  requireObject(b.fee, 'fee');
  intRange(b.fee.feeBps, 0, MAX_BPS, 'fee.feeBps');
  bool(b.isLpLocked, 'isLpLocked');
  nonEmptyString(b.tokenName, 'tokenName');
  nonEmptyString(b.tokenSymbol, 'tokenSymbol');
  if (typeof b.tokenImageContentType !== 'string' || !/^image\/[A-Za-z0-9.+-]+$/.test(b.tokenImageContentType)) {
    fail('tokenImageContentType', 'must be an image media type such as image/png', b.tokenImageContentType);
  }
  address(b.creator, 'creator');
}

export function validateDbcFeeClaim(b: DbcFeeClaimRequest): void {
  requireObject(b, 'body');
  address(b.ownerWallet, 'ownerWallet');
  address(b.poolAddress, 'poolAddress');
  finiteAtLeast(b.maxQuoteAmount, 0, 'maxQuoteAmount');
}
