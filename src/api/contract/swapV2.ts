// The service's current swap generation (Swap API V2): GET /swap/v2/order + POST /swap/v2/execute,
// the order-and-execute flow of GET /ultra/v1/order with more routers and parameters, and GET
// /swap/v2/build, the raw instructions of a swap that POST /swap/v1/swap-instructions gave.
// Where the published description leaves a gap, the reading closest to the first generation is
// taken, and said beside the field.
import {
  address,
  among,
  arr,
  asQueryNumber,
  check,
  flag,
  intIn,
  is,
  isPlainObject,
  labels,
  maybe,
  nonEmptyStr,
  nul,
  num,
  numOrNumericString,
  obj,
  opt,
  pipe,
  positiveRaw,
  rawAmount,
  refuse,
  rule,
  str,
  u64,
  uint,
  type Infer,
} from '../schema.js';
import { op } from './operation.js';
import { executeRequestEntries, instruction, orderEntries, orderExecute, routerNames } from './swapShared.js';

/** The routers the service names today (the contract's names were iris, partnerz, partnerflow, partnerx). */
export const ROUTERS_V2 = ['metis', 'jupiterz', 'dflow', 'okx'] as const;
export type RouterV2 = (typeof ROUTERS_V2)[number];
export const BROADCAST_FEE_TYPES = ['maxCap', 'exactFee'] as const;
export const BUILD_MODES = ['fast'] as const;
export const CU_PRICE_PERCENTILES = ['medium', 'high', 'veryHigh'] as const;

const MAX_BPS = 10_000;
const safeInt = (x: unknown): x is number => typeof x === 'number' && Number.isSafeInteger(x);

// ---------- GET /swap/v2/order ----------

const orderV2Params = pipe(
  obj({
    inputMint: address,
    outputMint: address,
    amount: positiveRaw,
    // optional in the service's own description, required by its guide: absent, the answer is a
    // quote without transaction, as on GET /ultra/v1/order
    taker: opt(nul(address)),
    receiver: opt(address),
    swapMode: opt(among(['ExactIn'] as const)),
    slippageBps: opt(intIn(0, MAX_BPS)),
    referralAccount: opt(address),
    referralFee: opt(intIn(50, 255)),
    // whether payer needs the referral pair is told both ways; the reading that does not is taken
    payer: opt(address),
    // the service states no minimum for these two; the first generation's manual mode had one
    // (above 0, and at least 1000 for the tip), which is kept
    priorityFeeLamports: opt(
      asQueryNumber(rule<number>('must be a positive integer of lamports', (x) => safeInt(x) && x >= 1)),
    ),
    jitoTipLamports: opt(
      asQueryNumber(rule<number>('must be an integer of lamports >= 1000', (x) => safeInt(x) && x >= 1000)),
    ),
    broadcastFeeType: opt(among(BROADCAST_FEE_TYPES)),
    excludeRouters: opt(routerNames),
    excludeDexes: opt(labels),
  }),
  check(
    (p) =>
      p.referralFee === undefined ||
      p.referralAccount !== undefined ||
      refuse('referralFee', 'requires referralAccount (the two go together)'),
  ),
  check(
    (p) =>
      p.referralAccount === undefined ||
      p.referralFee !== undefined ||
      refuse('referralAccount', 'requires referralFee (the two go together)'),
  ),
  check(
    (p) =>
      p.broadcastFeeType === undefined ||
      p.priorityFeeLamports !== undefined ||
      p.jitoTipLamports !== undefined ||
      refuse(
        'broadcastFeeType',
        'requires priorityFeeLamports or jitoTipLamports (the service ignores it without one)',
      ),
  ),
  check(
    (p) =>
      p.receiver === undefined ||
      !p.taker ||
      p.receiver !== p.taker ||
      refuse('receiver', 'must differ from taker (leave it out to receive in the taker wallet)'),
  ),
  check((p) => p.inputMint !== p.outputMint || refuse('outputMint', 'must differ from inputMint')),
);
export type OrderV2Params = Infer<typeof orderV2Params>;

export const orderV2Schema = obj({
  ...orderEntries,
  /** a string here, a number on /build; either is read */
  lastValidBlockHeight: maybe(numOrNumericString),
  /** a copy of errorMessage kept by the service for older clients */
  error: maybe(str),
});
export type OrderV2 = Infer<typeof orderV2Schema>;

// ---------- POST /swap/v2/execute ----------

const executeV2Request = obj({
  ...executeRequestEntries,
  // described only as "for nonce validation": the order's lastValidBlockHeight, sent back as given
  lastValidBlockHeight: opt(
    rule<string>(
      'must be a block height written in decimal digits',
      (x) => typeof x === 'string' && /^\d{1,20}$/.test(x),
    ),
  ),
});
export type ExecuteV2Request = Infer<typeof executeV2Request>;

// ---------- GET /swap/v2/build ----------

const slippageOrRtse = asQueryNumber(
  rule<number | 'rtse'>(
    `must be an integer from 0 to ${MAX_BPS}, or rtse`,
    (x) => x === 'rtse' || (safeInt(x) && x >= 0 && x <= MAX_BPS),
  ),
);
const cuPricePercentile = asQueryNumber(
  rule<number | (typeof CU_PRICE_PERCENTILES)[number]>(
    `must be one of ${CU_PRICE_PERCENTILES.join(', ')}, or an integer from 0 to ${MAX_BPS} (basis points)`,
    (x) => CU_PRICE_PERCENTILES.includes(x as never) || (safeInt(x) && x >= 0 && x <= MAX_BPS),
  ),
);

const buildParams = pipe(
  obj({
    inputMint: address,
    outputMint: address,
    amount: positiveRaw,
    taker: address,
    slippageBps: opt(slippageOrRtse),
    mode: opt(among(BUILD_MODES)),
    dexes: opt(labels),
    excludeDexes: opt(labels),
    platformFeeBps: opt(intIn(0, MAX_BPS)),
    feeAccount: opt(address),
    maxAccounts: opt(intIn(1, 64)),
    payer: opt(address),
    wrapAndUnwrapSol: opt(flag),
    destinationTokenAccount: opt(address),
    nativeDestinationAccount: opt(address),
    blockhashSlotsToExpiry: opt(intIn(1, 300)),
    /** lamports, as a string; no minimum is stated for it */
    tipAmount: opt(u64),
    computeUnitPricePercentile: opt(cuPricePercentile),
    forJitoBundle: opt(flag),
  }),
  check(
    (p) =>
      p.dexes === undefined ||
      p.excludeDexes === undefined ||
      refuse('excludeDexes', 'must not be given together with dexes'),
  ),
  check(
    (p) =>
      !p.platformFeeBps ||
      p.feeAccount !== undefined ||
      refuse('feeAccount', 'is required when platformFeeBps is above 0'),
  ),
  check(
    (p) =>
      p.destinationTokenAccount === undefined ||
      p.nativeDestinationAccount === undefined ||
      refuse('nativeDestinationAccount', 'must not be given together with destinationTokenAccount'),
  ),
  check((p) => p.inputMint !== p.outputMint || refuse('outputMint', 'must differ from inputMint')),
);
export type BuildParams = Infer<typeof buildParams>;

/** 32 bytes, each an integer 0..255 */
const blockhashBytes = is<number[]>(
  'an array of 32 bytes',
  (x) => Array.isArray(x) && x.length === 32 && x.every((b) => safeInt(b) && b >= 0 && b <= 255),
);
/** table address -> the addresses it holds; a value that is not a list of text names nothing and fails */
const tableContents = is<Record<string, string[]>>(
  'an object of table address -> addresses',
  (x) => isPlainObject(x) && Object.values(x).every((v) => Array.isArray(v) && v.every((a) => typeof a === 'string')),
);

const buildAnswer = obj({
  inputMint: nonEmptyStr,
  outputMint: nonEmptyStr,
  inAmount: rawAmount,
  outAmount: rawAmount,
  otherAmountThreshold: rawAmount,
  swapMode: maybe(str),
  slippageBps: maybe(num),
  priceImpactPct: maybe(str),
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
      }),
    ),
  ),
  computeBudgetInstructions: arr(instruction),
  setupInstructions: arr(instruction),
  swapInstruction: instruction,
  cleanupInstruction: opt(nul(instruction)),
  otherInstructions: arr(instruction),
  tipInstruction: opt(nul(instruction)),
  addressesByLookupTableAddress: opt(nul(tableContents)),
  blockhashWithMetadata: obj({
    blockhash: blockhashBytes,
    lastValidBlockHeight: uint,
    fetchedAt: maybe(obj({ secs_since_epoch: maybe(num), nanos_since_epoch: maybe(num) })),
  }),
});
export type BuildAnswer = Infer<typeof buildAnswer>;

export const SWAP_V2_OPERATIONS = {
  swapV2Order: op('GET', '/swap/v2/order', orderV2Params, orderV2Schema),
  swapV2Execute: op('POST', '/swap/v2/execute', executeV2Request, orderExecute),
  swapV2Build: op('GET', '/swap/v2/build', buildParams, buildAnswer),
};
