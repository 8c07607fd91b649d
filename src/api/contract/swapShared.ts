// What the order and swap groups of both generations share: the order answer and the execute
// answer of GET /ultra/v1/order + POST /ultra/v1/execute (GET /swap/v2/order + POST
// /swap/v2/execute keep them and add a few fields), and an instruction as the swap groups send it.
import {
  arr,
  array,
  asQueryList,
  bool,
  is,
  isBase64,
  maybe,
  nonEmptyStr,
  nul,
  num,
  obj,
  oneOf,
  opt,
  pipe,
  rawAmount,
  rawCheck,
  rule,
  signedTx,
  str,
  text,
  type Infer,
  type OptionalSchema,
  type Schema,
} from '../schema.js';

export const ROUTERS = ['iris', 'partnerz', 'partnerflow', 'partnerx'] as const;
export type Router = (typeof ROUTERS)[number];
export const EXECUTE_STATUSES = ['Success', 'Failed'] as const;
export type ExecuteStatus = (typeof EXECUTE_STATUSES)[number];

/**
 * Router names of GET /swap/v2/order and GET /ultra/v1/order, comma-joined on the wire. Which names
 * exist is the service's judgement (it takes the contract's names and its current ones): only what
 * cannot be a name is refused before sending, and a name the service refuses comes back in its words.
 */
export const routerNames = asQueryList(
  array(
    rule<string>(
      'must be a router name: letters, digits and _ . + - (no spaces, commas or control characters)',
      (x) => typeof x === 'string' && /^[A-Za-z0-9][A-Za-z0-9_.+-]{0,31}$/.test(x),
    ),
    'must be an array of router names',
  ),
);

export const instruction = obj({
  programId: str,
  accounts: arr(obj({ pubkey: str, isSigner: bool, isWritable: bool })),
  data: str,
});
export type Instruction = Infer<typeof instruction>;
export type AccountMeta = Instruction['accounts'][number];

/** null without taker, "" when the order cannot be built, otherwise a base-64 transaction */
export const orderTransaction = is<string | null>(
  'a base-64 transaction, "" or null',
  (x) => x === null || x === '' || isBase64(x),
  'a base-64 string',
);
export const fee = obj({ amount: maybe(rawAmount), feeBps: maybe(num), feeMint: maybe(str) });
export type PlatformFee = Infer<typeof fee>;

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
  routePlan: maybe(
    arr(
      obj({
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
      }),
    ),
  ),
  feeBps: maybe(num),
  feeMint: maybe(str),
  // `{amount, feeBps}` in the contract; `{feeBps, feeMint}` without amount seen too
  platformFee: maybe(fee),
  signatureFeeLamports: maybe(num),
  signatureFeePayer: opt(nul(str)),
  prioritizationFeeLamports: maybe(num),
  prioritizationFeePayer: opt(nul(str)),
  rentFeeLamports: maybe(num),
  rentFeePayer: opt(nul(str)),
  /** legacy: use router */
  swapType: maybe(str),
  router: maybe(str) as unknown as OptionalSchema<Schema<Router | (string & {}) | undefined>, undefined>,
  gasless: maybe(bool),
  totalTime: maybe(num),
  taker: opt(nul(str)),
  referralAccount: maybe(str),
  quoteId: maybe(str),
  maker: maybe(str),
  expireAt: maybe(str),
  errorCode: maybe(num),
  errorMessage: maybe(str),
};
export const orderSchema = obj(orderEntries);
export type Order = Infer<typeof orderSchema>;

export const executeRequestEntries = { signedTransaction: signedTx, requestId: text };
export const executeRequest = obj(executeRequestEntries);
export type ExecuteRequest = Infer<typeof executeRequest>;

/** `code` may be left out; a Success must name its signature (the journal and the outcome need it). */
export function executeResult<E extends Record<string, Schema>>(fields: E) {
  return pipe(
    obj({ status: oneOf(EXECUTE_STATUSES), code: maybe(num), signature: maybe(str), ...fields }),
    rawCheck(({ dataset, addIssue }) => {
      const r = dataset.value as { status?: string; signature?: string };
      if (dataset.typed && r.status === 'Success' && !r.signature) {
        addIssue({
          message: 'is missing (a Success must name its transaction signature)',
          path: [{ key: 'signature' } as never],
        });
      }
    }),
  );
}

export const orderExecute = executeResult({
  slot: maybe(str),
  error: maybe(str),
  totalInputAmount: maybe(rawAmount),
  totalOutputAmount: maybe(rawAmount),
  inputAmountResult: maybe(rawAmount),
  outputAmountResult: maybe(rawAmount),
  swapEvents: maybe(arr(obj({ inputMint: str, inputAmount: rawAmount, outputMint: str, outputAmount: rawAmount }))),
});
export type OrderExecuteResponse = Infer<typeof orderExecute>;
export type SwapEvent = NonNullable<OrderExecuteResponse['swapEvents']>[number];
