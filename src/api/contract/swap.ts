// GET /swap/v1/quote, POST /swap/v1/swap, POST /swap/v1/swap-instructions and
// GET /swap/v1/program-id-to-label.
import {
  check,
  forward,
  lazy,
  literal,
  nullable,
  number,
  optional,
  partialCheck,
  pipe,
  record,
  safeInteger,
  minValue,
  string,
  transform,
  unknown,
  type InferOutput,
} from 'valibot';
import { NATIVE_MINT } from '../../chain/mints.js';
import {
  address,
  among,
  arr,
  base64,
  flag,
  intAtLeast,
  intIn,
  isPlainObject,
  labels,
  maybe,
  must,
  num,
  obj,
  oneOf,
  positiveRaw,
  rawAmount,
  str,
  u64,
  uint,
  fields,
} from './schema.js';
import { none, op } from './operation.js';
import { DESTINATIONS, instruction, oneDestination, TWO_DESTINATIONS } from './shared.js';

export const SWAP_MODES = ['ExactIn', 'ExactOut'] as const;
export type SwapMode = (typeof SWAP_MODES)[number];
export const INSTRUCTION_VERSIONS = ['V1', 'V2'] as const;
export type InstructionVersion = (typeof INSTRUCTION_VERSIONS)[number];
export const PRIORITY_LEVELS = ['medium', 'high', 'veryHigh'] as const;
export type PriorityLevel = (typeof PRIORITY_LEVELS)[number];

const MAX_BPS = 10_000;

// ---------- GET /swap/v1/quote ----------

const onum = optional(nullable(num));

const routeStep = obj({
  swapInfo: obj({
    ammKey: str,
    label: str,
    inputMint: str,
    outputMint: str,
    inAmount: rawAmount,
    outAmount: rawAmount,
    feeAmount: optional(rawAmount),
    feeMint: optional(str),
  }),
  percent: num,
  bps: optional(num),
  usdValue: optional(num),
});
export type RouteStep = InferOutput<typeof routeStep>;

const quoteEntries = {
  inputMint: str,
  inAmount: rawAmount,
  outputMint: str,
  outAmount: rawAmount,
  otherAmountThreshold: rawAmount,
  swapMode: oneOf(SWAP_MODES),
  slippageBps: uint,
  priceImpactPct: str,
  routePlan: arr(routeStep),
  platformFee: optional(nullable(obj({ amount: maybe(rawAmount), feeBps: maybe(uint), feeMint: maybe(str) }))),
  contextSlot: maybe(uint),
  timeTaken: maybe(num),
};
export const quoteSchema = obj(quoteEntries);
export type Quote = InferOutput<typeof quoteSchema>;

const quoteParams = fields({
  inputMint: address,
  outputMint: address,
  /** raw u64 amount: input for ExactIn, output for ExactOut */
  amount: positiveRaw,
  slippageBps: optional(intIn(0, MAX_BPS)),
  swapMode: optional(among(SWAP_MODES)),
  dexes: optional(labels),
  excludeDexes: optional(labels),
  restrictIntermediateTokens: optional(flag),
  onlyDirectRoutes: optional(flag),
  asLegacyTransaction: optional(flag),
  platformFeeBps: optional(intIn(0, 65_535)),
  maxAccounts: optional(intAtLeast(1, 'must be a positive integer')),
  instructionVersion: optional(among(INSTRUCTION_VERSIONS)),
  dynamicSlippage: optional(flag),
});
export type QuoteParams = InferOutput<typeof quoteParams>;

// ---------- POST /swap/v1/swap, POST /swap/v1/swap-instructions ----------

const LAMPORTS = 'must be a non-negative integer of lamports';
const lamports = pipe(number(LAMPORTS), safeInteger(LAMPORTS), minValue(0, LAMPORTS));
const FEE_SHAPES = '"auto", an integer of lamports, { priorityLevelWithMaxLamports } or { jitoTipLamports }';

/** "auto", a number of lamports, or a priority level with a ceiling. */
const priorityFee = lazy((x) =>
  x === 'auto'
    ? literal('auto')
    : typeof x === 'number'
      ? lamports
      : fields(
          {
            priorityLevelWithMaxLamports: fields(
              {
                priorityLevel: among(PRIORITY_LEVELS),
                maxLamports: lamports,
                global: optional(flag),
              },
              FEE_SHAPES,
            ),
          },
          FEE_SHAPES,
        ),
);
export type PrioritizationFee = InferOutput<typeof priorityFee>;
/** …or a tip instead; a wrong part is named by its path. */
const prioritizationFee = lazy((x) =>
  isPlainObject(x) && 'jitoTipLamports' in x ? fields({ jitoTipLamports: lamports }) : priorityFee,
);

const swapRequest = pipe(
  fields({
    userPublicKey: address,
    quoteResponse: obj(quoteEntries, 'a quote object'),
    payer: optional(address),
    wrapAndUnwrapSol: optional(flag),
    useSharedAccounts: optional(flag),
    feeAccount: optional(address),
    trackingAccount: optional(address),
    prioritizationFeeLamports: optional(prioritizationFee),
    asLegacyTransaction: optional(flag),
    destinationTokenAccount: optional(address),
    nativeDestinationAccount: optional(address),
    dynamicComputeUnitLimit: optional(flag),
    skipUserAccountsRpcCalls: optional(flag),
    dynamicSlippage: optional(flag),
    computeUnitPriceMicroLamports: optional(u64),
    blockhashSlotsToExpiry: optional(intIn(0, 255)),
  }),
  forward(partialCheck(DESTINATIONS, oneDestination, TWO_DESTINATIONS), ['nativeDestinationAccount']),
  forward(
    partialCheck(
      [['nativeDestinationAccount'], ['quoteResponse', 'outputMint']],
      (b) => b.nativeDestinationAccount === undefined || b.quoteResponse.outputMint === NATIVE_MINT,
      'needs the native coin as the quote output',
    ),
    ['nativeDestinationAccount'],
  ),
  forward(
    partialCheck(
      [['feeAccount'], ['quoteResponse', 'platformFee']],
      (b) => !((b.quoteResponse.platformFee?.feeBps ?? 0) > 0) || b.feeAccount !== undefined,
      'is required when the quote carries a platform fee (platformFeeBps)',
    ),
    ['feeAccount'],
  ),
);
export type SwapRequest = InferOutput<typeof swapRequest>;

/** What the client remembers about a quote it fetched itself (the quote body does not say). */
export type QuoteOrigin = Required<Pick<QuoteParams, 'instructionVersion' | 'asLegacyTransaction'>> &
  Pick<QuoteParams, 'platformFeeBps'>;

/**
 * The swap body's rules with those that depend on how its quote was asked for (a quote body does
 * not say its instruction version, platform fee or transaction kind); without an origin, a quote
 * that names its instruction version is taken at its word.
 */
export function swapRequestFrom(origin: QuoteOrigin | undefined) {
  return pipe(
    swapRequest,
    forward(
      check((b) => {
        const version = origin?.instructionVersion ?? b.quoteResponse.instructionVersion;
        return b.nativeDestinationAccount === undefined || version === undefined || version === 'V2';
      }, 'needs a quote made with instructionVersion V2'),
      ['nativeDestinationAccount'],
    ),
    forward(
      check(
        (b) => origin?.platformFeeBps === undefined || b.feeAccount !== undefined,
        'is required when the quote carries a platform fee (platformFeeBps)',
      ),
      ['feeAccount'],
    ),
    forward(
      check(
        (b) => !origin || b.asLegacyTransaction === undefined || b.asLegacyTransaction === origin.asLegacyTransaction,
        `must match the quote's setting (${origin?.asLegacyTransaction})`,
      ),
      ['asLegacyTransaction'],
    ),
  );
}

const swapResponse = obj({
  swapTransaction: base64,
  lastValidBlockHeight: uint,
  prioritizationFeeLamports: maybe(uint),
  dynamicSlippageReport: optional(
    nullable(
      obj({
        slippageBps: onum,
        otherAmount: onum,
        simulatedIncurredSlippageBps: onum,
        amplificationRatio: optional(nullable(str)),
      }),
    ),
  ),
});
export type SwapResponse = InferOutput<typeof swapResponse>;

const swapInstructions = obj({
  otherInstructions: arr(instruction),
  computeBudgetInstructions: arr(instruction),
  setupInstructions: arr(instruction),
  swapInstruction: instruction,
  addressLookupTableAddresses: arr(str),
  cleanupInstruction: optional(nullable(instruction)),
});
export type SwapInstructionsResponse = InferOutput<typeof swapInstructions>;

// ---------- GET /swap/v1/program-id-to-label ----------

/** program id -> DEX label (a flat map); a value that is not text names nothing and is left out */
const programIdToLabel = pipe(
  record(string(), unknown(), must('an object of program id -> label')),
  transform((m) =>
    Object.fromEntries(Object.entries(m).filter((e): e is [string, string] => typeof e[1] === 'string')),
  ),
);
export type ProgramIdToLabel = InferOutput<typeof programIdToLabel>;

export const SWAP_OPERATIONS = {
  quote: op('GET', '/swap/v1/quote', quoteParams, quoteSchema),
  swap: op('POST', '/swap/v1/swap', swapRequest, swapResponse),
  swapInstructions: op('POST', '/swap/v1/swap-instructions', swapRequest, swapInstructions),
  programIdToLabel: op('GET', '/swap/v1/program-id-to-label', none, programIdToLabel),
};
