// GET /trigger/v1/getTriggerOrders and its POSTs (createOrder, cancelOrder, cancelOrders, execute).
// Acts on: the order key (cancel), its mints, its base-unit amounts (price) and paging.
import {
  array,
  check,
  forward,
  partialCheck,
  digits,
  literal,
  minLength,
  nullable,
  optional,
  pipe,
  string,
  union,
  type InferOutput,
} from 'valibot';
import {
  address,
  among,
  arr,
  base64,
  flag,
  maybe,
  nonEmptyStr,
  num,
  obj,
  page,
  positiveRaw,
  rawAmount,
  str,
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

const MAX_BPS = 10_000;
const U64_LIMIT = 1n << 64n;

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
  expiredAt: optional(nullable(str)),
  createdAt: maybe(str),
  updatedAt: maybe(str),
  /** `Open`, `Completed`, `Cancelled` seen; unknown values kept as text */
  status: maybe(str),
  openTx: maybe(str),
  closeTx: optional(nullable(str)),
  programVersion: maybe(str),
  trades: maybe(arr(obj({}))),
});
export type TriggerOrder = InferOutput<typeof triggerOrder>;

const triggerList = obj({
  orders: arr(triggerOrder),
  user: maybe(str),
  /** `active`, `history` in the contract; `open` seen; other text kept */
  orderStatus: maybe(str),
  /** paging needs both */
  totalPages: num,
  page: num,
});
export type TriggerListResponse = InferOutput<typeof triggerList>;

const triggerListParams = fields({
  user: address,
  orderStatus: among(ORDER_STATUSES),
  page: optional(page),
  includeFailedTx: optional(flag),
  inputMint: optional(address),
  outputMint: optional(address),
});
export type TriggerListParams = InferOutput<typeof triggerListParams>;

/** computeUnitPrice: "auto" or an integer string of microlamports (u64) */
const CU_PRICE = 'must be "auto" or an integer string of microlamports';
const computeUnitPrice = optional(
  union(
    [
      literal('auto'),
      pipe(
        string(CU_PRICE),
        digits(CU_PRICE),
        check((x) => BigInt(x) < U64_LIMIT, 'must be a non-negative integer (u64)'),
      ),
    ],
    CU_PRICE,
  ),
);

const SLIPPAGE = `must be an integer string from 0 to ${MAX_BPS}`;

const triggerCreate = fields({
  inputMint: address,
  outputMint: address,
  maker: address,
  payer: address,
  params: fields({
    makingAmount: positiveRaw,
    takingAmount: positiveRaw,
    expiredAt: optional(
      pipe(
        string('must be a unix time in seconds, as a string'),
        digits('must be a unix time in seconds, as a string'),
      ),
    ),
    slippageBps: optional(
      pipe(
        string(SLIPPAGE),
        digits(SLIPPAGE),
        check((x) => Number(x) <= MAX_BPS, SLIPPAGE),
      ),
    ),
  }),
  computeUnitPrice,
  feeAccount: optional(address),
  wrapAndUnwrapSol: optional(flag),
});
export type TriggerCreateRequest = InferOutput<typeof triggerCreate>;

const triggerCreated = obj({ requestId: nonEmptyStr, transaction: base64, order: maybe(str) });
export type TriggerCreateResponse = InferOutput<typeof triggerCreated>;

const triggerCancel = fields({ maker: address, order: address, computeUnitPrice });
export type TriggerCancelRequest = InferOutput<typeof triggerCancel>;

const ORDERS = 'must be a non-empty array of order addresses (leave it out to cancel every open order)';
const triggerCancelMany = fields({
  maker: address,
  orders: optional(pipe(array(address, ORDERS), minLength(1, ORDERS))),
  computeUnitPrice,
});
export type TriggerCancelManyRequest = InferOutput<typeof triggerCancelMany>;

const triggerCancelled = obj({ requestId: nonEmptyStr, transactions: arr(base64) });
export type TriggerCancelManyResponse = InferOutput<typeof triggerCancelled>;

const triggerExecute = pipe(
  obj(executeEntries),
  forward(partialCheck(SUCCESS_SIGNATURE, namesSignature, NO_SIGNATURE), ['signature']),
);
export type TriggerExecuteResponse = InferOutput<typeof triggerExecute>;

export const TRIGGER_OPERATIONS = {
  triggerList: op('GET', '/trigger/v1/getTriggerOrders', triggerListParams, triggerList),
  triggerCreate: op('POST', '/trigger/v1/createOrder', triggerCreate, triggerCreated),
  triggerCancel: op('POST', '/trigger/v1/cancelOrder', triggerCancel, requestIdTransaction),
  triggerCancelMany: op('POST', '/trigger/v1/cancelOrders', triggerCancelMany, triggerCancelled),
  triggerExecute: op('POST', '/trigger/v1/execute', executeRequest, triggerExecute),
};
