// The service's current swap generation (Swap API V2): GET /swap/v2/order + POST /swap/v2/execute,
// the order-and-execute flow of GET /ultra/v1/order with more routers and parameters, and GET
// /swap/v2/build, the raw instructions of a swap that POST /swap/v1/swap-instructions gave.
// Where the published description leaves a gap, the reading closest to the first generation is
// taken, and said beside the field.
import {
  array,
  forward,
  integer,
  length,
  literal,
  maxValue,
  minValue,
  nullable,
  number,
  optional,
  partialCheck,
  picklist,
  pipe,
  record,
  regex,
  string,
  union,
  type InferOutput,
} from 'valibot';
import {
  address,
  among,
  arr,
  flag,
  intAtLeast,
  intIn,
  labels,
  maybe,
  must,
  nonEmptyStr,
  num,
  numOrNumericString,
  obj,
  positiveRaw,
  rawAmount,
  str,
  u64,
  uint,
  fields,
} from './schema.js';
import { op } from './operation.js';
import {
  DESTINATIONS,
  executeRequestEntries,
  instruction,
  oneDestination,
  orderEntries,
  orderExecute,
  routerNames,
  shownRouteStep,
  TWO_DESTINATIONS,
} from './shared.js';

/** The routers the service names today (the contract's names were iris, partnerz, partnerflow, partnerx). */
export const ROUTERS_V2 = ['metis', 'jupiterz', 'dflow', 'okx'] as const;
export type RouterV2 = (typeof ROUTERS_V2)[number];
export const BROADCAST_FEE_TYPES = ['maxCap', 'exactFee'] as const;
export const BUILD_MODES = ['fast'] as const;
export const CU_PRICE_PERCENTILES = ['medium', 'high', 'veryHigh'] as const;

const MAX_BPS = 10_000;

// ---------- GET /swap/v2/order ----------

const orderV2Params = pipe(
  fields({
    inputMint: address,
    outputMint: address,
    amount: positiveRaw,
    // optional in the service's own description, required by its guide: absent, the answer is a
    // quote without transaction, as on GET /ultra/v1/order
    taker: optional(nullable(address)),
    receiver: optional(address),
    swapMode: optional(among(['ExactIn'] as const)),
    slippageBps: optional(intIn(0, MAX_BPS)),
    referralAccount: optional(address),
    referralFee: optional(intIn(50, 255)),
    // whether payer needs the referral pair is told both ways; the reading that does not is taken
    payer: optional(address),
    // the service states no minimum for these two; the first generation's manual mode had one
    // (above 0, and at least 1000 for the tip), which is kept
    priorityFeeLamports: optional(intAtLeast(1, 'must be a positive integer of lamports')),
    jitoTipLamports: optional(intAtLeast(1000, 'must be an integer of lamports >= 1000')),
    broadcastFeeType: optional(among(BROADCAST_FEE_TYPES)),
    excludeRouters: optional(routerNames),
    excludeDexes: optional(labels),
  }),
  forward(
    partialCheck(
      [['referralFee'], ['referralAccount']],
      (p) => p.referralFee === undefined || p.referralAccount !== undefined,
      'requires referralAccount (the two go together)',
    ),
    ['referralFee'],
  ),
  forward(
    partialCheck(
      [['referralAccount'], ['referralFee']],
      (p) => p.referralAccount === undefined || p.referralFee !== undefined,
      'requires referralFee (the two go together)',
    ),
    ['referralAccount'],
  ),
  forward(
    partialCheck(
      [['broadcastFeeType'], ['priorityFeeLamports'], ['jitoTipLamports']],
      (p) => p.broadcastFeeType === undefined || p.priorityFeeLamports !== undefined || p.jitoTipLamports !== undefined,
      'requires priorityFeeLamports or jitoTipLamports (the service ignores it without one)',
    ),
    ['broadcastFeeType'],
  ),
  forward(
    partialCheck(
      [['receiver'], ['taker']],
      (p) => p.receiver === undefined || !p.taker || p.receiver !== p.taker,
      'must differ from taker (leave it out to receive in the taker wallet)',
    ),
    ['receiver'],
  ),
  forward(
    partialCheck([['inputMint'], ['outputMint']], (p) => p.inputMint !== p.outputMint, 'must differ from inputMint'),
    ['outputMint'],
  ),
);
export type OrderV2Params = InferOutput<typeof orderV2Params>;

export const orderV2Schema = obj({
  ...orderEntries,
  /** a string here, a number on /build; either is read */
  lastValidBlockHeight: maybe(numOrNumericString),
  /** a copy of errorMessage kept by the service for older clients */
  error: maybe(str),
});
export type OrderV2 = InferOutput<typeof orderV2Schema>;

// ---------- POST /swap/v2/execute ----------

const executeV2Request = fields({
  ...executeRequestEntries,
  // described only as "for nonce validation": the order's lastValidBlockHeight, sent back as given
  lastValidBlockHeight: optional(
    pipe(
      string('must be a block height written in decimal digits'),
      regex(/^\d{1,20}$/, 'must be a block height written in decimal digits'),
    ),
  ),
});
export type ExecuteV2Request = InferOutput<typeof executeV2Request>;

// ---------- GET /swap/v2/build ----------

const SLIPPAGE = `must be an integer from 0 to ${MAX_BPS}, or rtse`;
const slippageOrRtse = union([literal('rtse'), intIn(0, MAX_BPS, SLIPPAGE)], SLIPPAGE);
const CU_PERCENTILE = `must be one of ${CU_PRICE_PERCENTILES.join(', ')}, or an integer from 0 to ${MAX_BPS} (basis points)`;
const cuPricePercentile = union(
  [picklist(CU_PRICE_PERCENTILES, CU_PERCENTILE), intIn(0, MAX_BPS, CU_PERCENTILE)],
  CU_PERCENTILE,
);

const buildParams = pipe(
  fields({
    inputMint: address,
    outputMint: address,
    amount: positiveRaw,
    taker: address,
    slippageBps: optional(slippageOrRtse),
    mode: optional(among(BUILD_MODES)),
    dexes: optional(labels),
    excludeDexes: optional(labels),
    platformFeeBps: optional(intIn(0, MAX_BPS)),
    feeAccount: optional(address),
    maxAccounts: optional(intIn(1, 64)),
    payer: optional(address),
    wrapAndUnwrapSol: optional(flag),
    destinationTokenAccount: optional(address),
    nativeDestinationAccount: optional(address),
    blockhashSlotsToExpiry: optional(intIn(1, 300)),
    /** lamports, as a string; no minimum is stated for it */
    tipAmount: optional(u64),
    computeUnitPricePercentile: optional(cuPricePercentile),
    forJitoBundle: optional(flag),
  }),
  forward(
    partialCheck(
      [['dexes'], ['excludeDexes']],
      (p) => p.dexes === undefined || p.excludeDexes === undefined,
      'must not be given together with dexes',
    ),
    ['excludeDexes'],
  ),
  forward(
    partialCheck(
      [['platformFeeBps'], ['feeAccount']],
      (p) => !p.platformFeeBps || p.feeAccount !== undefined,
      'is required when platformFeeBps is above 0',
    ),
    ['feeAccount'],
  ),
  forward(partialCheck(DESTINATIONS, oneDestination, TWO_DESTINATIONS), ['nativeDestinationAccount']),
  forward(
    partialCheck([['inputMint'], ['outputMint']], (p) => p.inputMint !== p.outputMint, 'must differ from inputMint'),
    ['outputMint'],
  ),
);
export type BuildParams = InferOutput<typeof buildParams>;

/** 32 bytes, each an integer 0..255 */
const BYTES = must('an array of 32 bytes');
const blockhashBytes = pipe(
  array(pipe(number(BYTES), integer(BYTES), minValue(0, BYTES), maxValue(255, BYTES)), BYTES),
  length(32, BYTES),
);
/** table address -> the addresses it holds; a value that is not a list of text names nothing and fails */
const TABLES = must('an object of table address -> addresses');
const tableContents = record(string(TABLES), array(string(TABLES), TABLES), TABLES);

const buildAnswer = obj({
  inputMint: nonEmptyStr,
  outputMint: nonEmptyStr,
  inAmount: rawAmount,
  outAmount: rawAmount,
  otherAmountThreshold: rawAmount,
  swapMode: maybe(str),
  slippageBps: maybe(num),
  priceImpactPct: maybe(str),
  routePlan: maybe(arr(shownRouteStep)),
  computeBudgetInstructions: arr(instruction),
  setupInstructions: arr(instruction),
  swapInstruction: instruction,
  cleanupInstruction: optional(nullable(instruction)),
  otherInstructions: arr(instruction),
  tipInstruction: optional(nullable(instruction)),
  addressesByLookupTableAddress: optional(nullable(tableContents)),
  blockhashWithMetadata: obj({
    blockhash: blockhashBytes,
    lastValidBlockHeight: uint,
    fetchedAt: maybe(obj({ secs_since_epoch: maybe(num), nanos_since_epoch: maybe(num) })),
  }),
});
export type BuildAnswer = InferOutput<typeof buildAnswer>;

export const SWAP_V2_OPERATIONS = {
  swapV2Order: op('GET', '/swap/v2/order', orderV2Params, orderV2Schema),
  swapV2Execute: op('POST', '/swap/v2/execute', executeV2Request, orderExecute),
  swapV2Build: op('GET', '/swap/v2/build', buildParams, buildAnswer),
};
