// What several groups share: the order answer and the execute answer of GET /ultra/v1/order + POST
// /ultra/v1/execute (GET /swap/v2/order + POST /swap/v2/execute keep them and add a few fields, the
// recurring and trigger groups' execute answers are the same with their own fields), an
// instruction as the swap groups send it, and the transaction the first generation's order groups
// hand out to sign.
import {
  array,
  base64 as base64Text,
  forward,
  nullable,
  optional,
  partialCheck,
  pipe,
  regex,
  string,
  type InferOutput,
} from 'valibot';
import {
  arr,
  base64,
  bool,
  fields,
  maybe,
  nonEmptyStr,
  num,
  obj,
  oneOf,
  rawAmount,
  signedTx,
  str,
  text,
} from './schema.js';

export const ROUTERS = ['iris', 'partnerz', 'partnerflow', 'partnerx'] as const;
export type Router = (typeof ROUTERS)[number];
/** The listing filter of the first generation's order groups (recurring and trigger). */
/**
 * Router names of GET /swap/v2/order and GET /ultra/v1/order, comma-joined on the wire. Which names
 * exist is the service's judgement (it takes the contract's names and its current ones): only what
 * cannot be a name is refused before sending, and a name the service refuses comes back in its words.
 */
const ROUTER_NAME = 'must be a router name: letters, digits and _ . + - (no spaces, commas or control characters)';
export const routerNames = array(
  pipe(string(ROUTER_NAME), regex(/^[A-Za-z0-9][A-Za-z0-9_.+-]{0,31}$/, ROUTER_NAME)),
  'must be an array of router names',
);

export const ORDER_STATUSES = ['active', 'history'] as const;
export type OrderStatusFilter = (typeof ORDER_STATUSES)[number];
/** Execute codes observed on the real service. */
export const EXECUTE_CODES = {
  success: 0,
  unknownRequest: -1,
  invalidTransaction: -2,
  modifiedTransaction: -3,
  expired: -1005,
  timedOut: -1006,
  slippageExceeded: 6001,
} as const;
export const EXECUTE_STATUSES = ['Success', 'Failed'] as const;
export type ExecuteStatus = (typeof EXECUTE_STATUSES)[number];

export const instruction = obj({
  programId: str,
  accounts: arr(obj({ pubkey: str, isSigner: bool, isWritable: bool })),
  data: str,
});
export type Instruction = InferOutput<typeof instruction>;
export type AccountMeta = Instruction['accounts'][number];

/** null without taker, "" when the order cannot be built, otherwise a base-64 transaction */
const ORDER_TX = (issue: { input: unknown }) =>
  issue.input === undefined ? 'is missing (must be a base-64 transaction, "" or null)' : 'must be a base-64 string';
export const orderTransaction = nullable(pipe(string(ORDER_TX), base64Text(ORDER_TX)));
export const fee = obj({ amount: maybe(rawAmount), feeBps: maybe(num), feeMint: maybe(str) });
export type PlatformFee = InferOutput<typeof fee>;

/** A step of a route as an answer shows it (what is signed comes from the transaction, not from here). */
export const shownRouteStep = obj({
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

/** A swap body gives one destination at most (named on nativeDestinationAccount). */
export const DESTINATIONS = [['destinationTokenAccount'], ['nativeDestinationAccount']] as const;
export const oneDestination = (b: { destinationTokenAccount?: string; nativeDestinationAccount?: string }) =>
  b.destinationTokenAccount === undefined || b.nativeDestinationAccount === undefined;
export const TWO_DESTINATIONS = 'must not be given together with destinationTokenAccount';

/** The fields of an order answer (GET /ultra/v1/order; GET /swap/v2/order adds its own). */
export const orderEntries = {
  inputMint: nonEmptyStr,
  outputMint: nonEmptyStr,
  inAmount: rawAmount,
  outAmount: rawAmount,
  otherAmountThreshold: rawAmount,
  slippageBps: num,
  /** legacy (use priceImpact), but what the price-impact warning reads */
  priceImpactPct: str,
  transaction: orderTransaction,
  requestId: nonEmptyStr,
  mode: maybe(str),
  swapMode: maybe(str),
  priceImpact: maybe(num),
  inUsdValue: maybe(num),
  outUsdValue: maybe(num),
  swapUsdValue: maybe(num),
  routePlan: maybe(arr(shownRouteStep)),
  feeBps: maybe(num),
  feeMint: maybe(str),
  // `{amount, feeBps}` in the contract; `{feeBps, feeMint}` without amount seen too
  platformFee: maybe(fee),
  signatureFeeLamports: maybe(num),
  signatureFeePayer: optional(nullable(str)),
  prioritizationFeeLamports: maybe(num),
  prioritizationFeePayer: optional(nullable(str)),
  rentFeeLamports: maybe(num),
  rentFeePayer: optional(nullable(str)),
  /** legacy: use router */
  swapType: maybe(str),
  /** ROUTERS in the contract; the service names more today (ROUTERS_V2), kept as text */
  router: maybe(str),
  gasless: maybe(bool),
  totalTime: maybe(num),
  taker: optional(nullable(str)),
  referralAccount: maybe(str),
  quoteId: maybe(str),
  maker: maybe(str),
  expireAt: maybe(str),
  errorCode: maybe(num),
  errorMessage: maybe(str),
};
export const orderSchema = obj(orderEntries);
export type Order = InferOutput<typeof orderSchema>;

export const executeRequestEntries = { signedTransaction: signedTx, requestId: text };
export const executeRequest = fields(executeRequestEntries);
export type ExecuteRequest = InferOutput<typeof executeRequest>;

/** An execute answer's fields: `code` may be left out. */
export const executeEntries = { status: oneOf(EXECUTE_STATUSES), code: maybe(num), signature: maybe(str) };
/** A Success must name its signature (the journal and the outcome need it): the paths and the rule. */
export const SUCCESS_SIGNATURE = [['status'], ['signature']] as const;
export const namesSignature = (r: { status: string; signature?: string }) => r.status !== 'Success' || !!r.signature;
export const NO_SIGNATURE = 'is missing (a Success must name its transaction signature)';

export const orderExecute = pipe(
  obj({
    ...executeEntries,
    slot: maybe(str),
    error: maybe(str),
    totalInputAmount: maybe(rawAmount),
    totalOutputAmount: maybe(rawAmount),
    inputAmountResult: maybe(rawAmount),
    outputAmountResult: maybe(rawAmount),
    swapEvents: maybe(arr(obj({ inputMint: str, inputAmount: rawAmount, outputMint: str, outputAmount: rawAmount }))),
  }),
  forward(partialCheck(SUCCESS_SIGNATURE, namesSignature, NO_SIGNATURE), ['signature']),
);
export type OrderExecuteResponse = InferOutput<typeof orderExecute>;
export type SwapEvent = NonNullable<OrderExecuteResponse['swapEvents']>[number];

/** What a create or cancel of the first generation's order groups hands out: the transaction to sign, and its requestId for execute. */
export const requestIdTransaction = obj({ requestId: nonEmptyStr, transaction: base64 });
export type RequestIdTransaction = InferOutput<typeof requestIdTransaction>;
