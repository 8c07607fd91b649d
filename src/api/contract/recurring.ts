// GET /recurring/v1/getRecurringOrders and its POSTs (createOrder, cancelOrder, priceWithdraw, execute).
// Acts on: the order key (cancel), its mints, base-unit amounts as integer strings, paging.
import {
  check,
  finite,
  forward,
  minValue,
  nullable,
  number,
  optional,
  partialCheck,
  pipe,
  safeInteger,
  union,
  type InferOutput,
} from 'valibot';
import {
  address,
  among,
  any,
  arr,
  bool,
  flag,
  intAtLeast,
  maybe,
  nonEmptyStr,
  numOrNumericString,
  obj,
  page,
  positiveRaw,
  positiveRawAs,
  rawAmount,
  str,
  uint,
  fields,
} from './schema.js';
import { op } from './operation.js';
import {
  executeEntries,
  executeRequest,
  namesSignature,
  NO_SIGNATURE,
  ORDER_STATUSES,
  requestIdTransaction,
  SUCCESS_SIGNATURE,
} from './shared.js';

export const RECURRING_TYPES = ['time', 'price', 'all'] as const;
export type RecurringType = (typeof RECURRING_TYPES)[number];

const INT64_MAX = (1n << 63n) - 1n;

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
  productMeta: optional(any),
});
export type RecurringTrade = InferOutput<typeof recurringTrade>;

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
  /** seconds; may arrive as a string */
  cycleFrequency: maybe(numOrNumericString),
  openTx: maybe(str),
  closeTx: optional(nullable(str)),
  userClosed: maybe(bool),
  createdAt: maybe(str),
  updatedAt: maybe(str),
  trades: maybe(arr(recurringTrade)),
});
export type RecurringOrder = InferOutput<typeof recurringOrder>;

const recurringList = obj({
  time: arr(recurringOrder),
  /** `active`, `history` in the contract; other text kept */
  orderStatus: maybe(str),
  /** paging needs page and totalPages */
  page: uint,
  totalPages: uint,
  user: maybe(str),
  /** deprecated price-based orders; item shape not given by the contract */
  price: maybe(arr(any)),
  all: maybe(arr(any)),
});
export type RecurringListResponse = InferOutput<typeof recurringList>;

const recurringListParams = fields({
  recurringType: among(RECURRING_TYPES),
  orderStatus: among(ORDER_STATUSES),
  user: address,
  page,
  mint: optional(nullable(address)),
  includeFailedTx: flag,
});
export type RecurringListParams = InferOutput<typeof recurringListParams>;

const PRICE = 'must be a non-negative number or null';
const optPrice = optional(nullable(pipe(number(PRICE), finite(PRICE), minValue(0, PRICE))));
/** base units, integer: a JSON number, or digits for what a number cannot hold exactly */
const BASE_UNITS = 'must be a positive integer of base units';
const BASE_UNITS_TEXT = 'must be a positive integer string of base units (u64)';
const baseUnits = union(
  [pipe(number(BASE_UNITS), safeInteger(BASE_UNITS), minValue(1, BASE_UNITS)), positiveRawAs(BASE_UNITS_TEXT)],
  BASE_UNITS_TEXT,
);
const seconds = intAtLeast(1, 'must be a positive integer of seconds');
const startAt = optional(nullable(intAtLeast(0, 'must be a unix time in seconds or null')));
const timeParams = pipe(
  fields({
    inAmount: baseUnits,
    numberOfOrders: intAtLeast(2, 'must be an integer >= 2 (recurring orders need at least 2 orders)'),
    interval: seconds,
    minPrice: optPrice,
    maxPrice: optPrice,
    startAt,
  }),
  forward(
    partialCheck(
      [['minPrice'], ['maxPrice']],
      (t) => !(typeof t.minPrice === 'number' && typeof t.maxPrice === 'number' && t.minPrice > t.maxPrice),
      'must not be above params.time.maxPrice',
    ),
    ['minPrice'],
  ),
);
/** deprecated: a deposit bought into `incrementUsdcValue` (USDC base units) of output each interval */
const priceParams = fields({ depositAmount: baseUnits, incrementUsdcValue: baseUnits, interval: seconds, startAt });

const recurringCreate = fields({
  user: address,
  inputMint: address,
  outputMint: address,
  params: pipe(
    fields({ time: optional(timeParams), /** deprecated */ price: optional(priceParams) }),
    forward(
      partialCheck([['time'], ['price']], (p) => p.time !== undefined || p.price !== undefined, 'is required'),
      ['time'],
    ),
    forward(
      partialCheck(
        [['time'], ['price']],
        (p) => p.time === undefined || p.price === undefined,
        'must not be given together with params.time',
      ),
      ['price'],
    ),
  ),
});
export type RecurringCreateRequest = InferOutput<typeof recurringCreate>;

const recurringCancel = fields({ order: address, recurringType: among(['time', 'price'] as const), user: address });
export type RecurringCancelRequest = InferOutput<typeof recurringCancel>;

const priceWithdraw = fields({
  inputOrOutput: among(['In', 'Out'] as const),
  order: address,
  user: address,
  amount: optional(
    nullable(
      pipe(
        positiveRaw,
        check((x) => BigInt(x) <= INT64_MAX, 'must fit in a signed 64-bit integer'),
      ),
    ),
  ),
});
export type PriceWithdrawRequest = InferOutput<typeof priceWithdraw>;

const recurringExecute = pipe(
  obj({ ...executeEntries, error: optional(nullable(str)), order: optional(nullable(str)) }),
  forward(partialCheck(SUCCESS_SIGNATURE, namesSignature, NO_SIGNATURE), ['signature']),
);
export type RecurringExecuteResponse = InferOutput<typeof recurringExecute>;

export const RECURRING_OPERATIONS = {
  recurringList: op('GET', '/recurring/v1/getRecurringOrders', recurringListParams, recurringList),
  recurringCreate: op('POST', '/recurring/v1/createOrder', recurringCreate, requestIdTransaction),
  recurringCancel: op('POST', '/recurring/v1/cancelOrder', recurringCancel, requestIdTransaction),
  priceWithdraw: op('POST', '/recurring/v1/priceWithdraw', priceWithdraw, requestIdTransaction),
  recurringExecute: op('POST', '/recurring/v1/execute', executeRequest, recurringExecute),
};
