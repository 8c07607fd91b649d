// The trading service's contract, each operation declared once: its method and path, whether it
// sends the API key and may be sent again, the schema of its query or body (the request rules,
// checked before anything is sent; the simulator reads requests with the same schemas), and the
// schema of its answer (widened where the real service is known to vary). Every type below is
// inferred from a schema. Responses: a field is required only when tradedeck needs it to act (the
// mints and integer-string amounts of what is signed, a base-64 transaction, the requestId execute
// needs, the keys that identify orders); a field shown only is optional, but has its type when
// present, so a wrong value is never displayed as if it were right.

import {
  address,
  among,
  any,
  arr,
  base64,
  bool,
  flag,
  intIn,
  is,
  isPlainObject,
  labels,
  maybe,
  nonEmptyStr,
  nul,
  nullish,
  num,
  numAtLeast,
  numOrNumericString,
  obj,
  oneOf,
  opt,
  page,
  positiveRaw,
  rawAmount,
  missing,
  asQueryNumber,
  isPositiveRaw,
  refuse,
  rule,
  str,
  text,
  u64,
  uint,
  array,
  check,
  custom,
  lazy,
  pipe,
  transform,
  type OptionalSchema,
  type Infer,
  type Schema,
} from './schema.js';

export type Base58 = string;
/** Decimal-digit string of base units (u64). */
export type RawAmount = string;

import { NATIVE_MINT } from './mints.js';
import { none, op } from './contract/operation.js';
import {
  executeRequest,
  executeResult,
  instruction,
  orderExecute,
  orderSchema,
  routerNames,
} from './contract/swapShared.js';
import { SWAP_V2_OPERATIONS } from './contract/swapV2.js';
import { TRIGGER_V2_OPERATIONS } from './contract/triggerV2.js';
export type { Method, Operation } from './contract/operation.js';
export * from './contract/swapShared.js';
export * from './contract/swapV2.js';
export * from './contract/triggerV2.js';
export { NATIVE_MINT, USDC_MINT } from './mints.js';
export const LAMPORTS_PER_SOL = 1_000_000_000n;

export const TOKEN_CATEGORIES = ['toporganicscore', 'toptraded', 'toptrending'] as const;
export type TokenCategory = (typeof TOKEN_CATEGORIES)[number];
export const TOKEN_INTERVALS = ['5m', '1h', '6h', '24h'] as const;
export type TokenInterval = (typeof TOKEN_INTERVALS)[number];
export const ORGANIC_SCORE_LABELS = ['high', 'medium', 'low'] as const;
export type OrganicScoreLabel = (typeof ORGANIC_SCORE_LABELS)[number];
export const SWAP_MODES = ['ExactIn', 'ExactOut'] as const;
export type SwapMode = (typeof SWAP_MODES)[number];
export const INSTRUCTION_VERSIONS = ['V1', 'V2'] as const;
export type InstructionVersion = (typeof INSTRUCTION_VERSIONS)[number];
export const PRIORITY_LEVELS = ['medium', 'high', 'veryHigh'] as const;
export type PriorityLevel = (typeof PRIORITY_LEVELS)[number];
export const RECURRING_TYPES = ['time', 'price', 'all'] as const;
export type RecurringType = (typeof RECURRING_TYPES)[number];
export const ORDER_STATUSES = ['active', 'history'] as const;
export type OrderStatusFilter = (typeof ORDER_STATUSES)[number];
export const PORTFOLIO_ELEMENT_TYPES = [
  'multiple',
  'liquidity',
  'leverage',
  'borrowlend',
  'borrow-lend',
  'trade',
] as const;

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

/** The simulator's program ids (known to the client's inspector as named programs). */
export const SIM_PROGRAMS = {
  router: 'SimRouter1111111111111111111111111111111111',
  trigger: 'SimTrigger111111111111111111111111111111111',
  recurring: 'SimRecurring1111111111111111111111111111111',
  send: 'SimSend111111111111111111111111111111111111',
  studio: 'SimStudio1111111111111111111111111111111111',
} as const;

const MAX_BPS = 10_000;
const INT64_MAX = (1n << 63n) - 1n;

export { RequestRuleError } from './errors.js';

// ---------- GET /tokens/v2/{category}/{interval} ----------
// Acts on: id (the mint), symbol, decimals. Everything else is shown only, and may be absent (the
// real service leaves out `tokenProgram` on category listings and interval stats on search results).

const onum = opt(nul(num));
const nnum = nullish(num);
const nstr = nullish(str);
const statsSchema = obj({
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
export type TokenStats = Infer<typeof statsSchema>;

export const tokenSchema = obj({
  id: nonEmptyStr,
  symbol: str,
  decimals: is<number>(
    'an integer from 0 to 30',
    (x) => typeof x === 'number' && Number.isInteger(x) && x >= 0 && x <= 30,
  ),
  /** kept required: every screen and the symbol resolver name tokens by it */
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
  stats5m: maybe(statsSchema),
  stats1h: maybe(statsSchema),
  stats6h: maybe(statsSchema),
  stats24h: maybe(statsSchema),
  firstPool: maybe(obj({ id: maybe(str), createdAt: maybe(str) })),
  audit: maybe(
    obj({
      mintAuthorityDisabled: opt(nul(bool)),
      freezeAuthorityDisabled: opt(nul(bool)),
      topHoldersPercentage: onum,
      devMints: onum,
      isSus: opt(nul(bool)),
    }),
  ),
  organicScore: maybe(num),
  /** `high`, `medium`, `low` in the contract; another label is kept as text */
  organicScoreLabel: maybe(str) as unknown as OptionalSchema<
    Schema<OrganicScoreLabel | (string & {}) | undefined>,
    undefined
  >,
  isVerified: nullish(bool),
  cexes: nullish(arr(str)),
  tags: nullish(arr(str)),
  updatedAt: maybe(str),
});
export type Token = Infer<typeof tokenSchema>;

const tokenListParams = obj({
  category: among(TOKEN_CATEGORIES),
  interval: among(TOKEN_INTERVALS),
  limit: opt(intIn(1, 100)),
});
export type TokenListParams = Infer<typeof tokenListParams>;

// ---------- GET /tokens/v2/search ----------
// A symbol, a name or a mint (mints may be comma-separated); the answer is a list of Token, the
// best matches first, at most 20. Not in every deployment's contract: a client asks it only for a
// word no category list holds.
const tokenSearchParams = obj({ query: text });
export type TokenSearchParams = Infer<typeof tokenSearchParams>;

// ---------- GET /swap/v1/quote, POST /swap/v1/swap, POST /swap/v1/swap-instructions ----------

const routeStep = obj({
  swapInfo: obj({
    ammKey: str,
    label: str,
    inputMint: str,
    outputMint: str,
    inAmount: rawAmount,
    outAmount: rawAmount,
    feeAmount: opt(rawAmount),
    feeMint: opt(str),
  }),
  percent: num,
  bps: opt(num),
  usdValue: opt(num),
});
export type RouteStep = Infer<typeof routeStep>;

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
export type Quote = Infer<typeof quoteSchema>;

const quoteParams = obj({
  inputMint: address,
  outputMint: address,
  /** raw u64 amount: input for ExactIn, output for ExactOut */
  amount: positiveRaw,
  slippageBps: opt(intIn(0, MAX_BPS)),
  swapMode: opt(among(SWAP_MODES)),
  dexes: opt(labels),
  excludeDexes: opt(labels),
  restrictIntermediateTokens: opt(flag),
  onlyDirectRoutes: opt(flag),
  asLegacyTransaction: opt(flag),
  platformFeeBps: opt(intIn(0, 65_535)),
  maxAccounts: opt(
    asQueryNumber(
      rule<number>('must be a positive integer', (x) => typeof x === 'number' && Number.isSafeInteger(x) && x >= 1),
    ),
  ),
  instructionVersion: opt(among(INSTRUCTION_VERSIONS)),
  dynamicSlippage: opt(flag),
});
export type QuoteParams = Infer<typeof quoteParams>;

export type PrioritizationFee =
  | number
  | 'auto'
  | {
      priorityLevelWithMaxLamports: {
        priorityLevel: PriorityLevel | (string & {});
        maxLamports: number;
        global?: boolean;
      };
    };

const lamports = (x: unknown) => typeof x === 'number' && Number.isSafeInteger(x) && x >= 0;
/** "auto", a number of lamports, a priority level with a ceiling, or a tip instead; a wrong part is named by its path. */
const prioritizationFee = rule<PrioritizationFee | { jitoTipLamports: number }>('', (x) => {
  const field = 'prioritizationFeeLamports';
  if (x === 'auto') return true;
  if (typeof x === 'number') return lamports(x) || refuse(field, 'must be a non-negative integer of lamports', x);
  if (isPlainObject(x) && 'jitoTipLamports' in x)
    return (
      lamports(x.jitoTipLamports) ||
      refuse(`${field}.jitoTipLamports`, 'must be a non-negative integer of lamports', x.jitoTipLamports)
    );
  if (!isPlainObject(x) || !isPlainObject(x.priorityLevelWithMaxLamports)) {
    return refuse(
      field,
      'must be "auto", an integer of lamports, { priorityLevelWithMaxLamports } or { jitoTipLamports }',
      x,
    );
  }
  const p = x.priorityLevelWithMaxLamports;
  const at = `${field}.priorityLevelWithMaxLamports`;
  if (!PRIORITY_LEVELS.includes(p.priorityLevel as PriorityLevel))
    refuse(`${at}.priorityLevel`, `must be one of ${PRIORITY_LEVELS.join(', ')}`, p.priorityLevel);
  if (!lamports(p.maxLamports))
    refuse(`${at}.maxLamports`, 'must be a non-negative integer of lamports', p.maxLamports);
  if (p.global !== undefined && typeof p.global !== 'boolean')
    refuse(`${at}.global`, 'must be true or false', p.global);
  return true;
});

const swapRequest = obj({
  userPublicKey: address,
  quoteResponse: missing(
    'must be a quote object',
    pipe(rule<object>('must be a quote object', isPlainObject), quoteSchema),
  ),
  payer: opt(address),
  wrapAndUnwrapSol: opt(flag),
  useSharedAccounts: opt(flag),
  feeAccount: opt(address),
  trackingAccount: opt(address),
  prioritizationFeeLamports: opt(prioritizationFee),
  asLegacyTransaction: opt(flag),
  destinationTokenAccount: opt(address),
  nativeDestinationAccount: opt(address),
  dynamicComputeUnitLimit: opt(flag),
  skipUserAccountsRpcCalls: opt(flag),
  dynamicSlippage: opt(flag),
  computeUnitPriceMicroLamports: opt(u64),
  blockhashSlotsToExpiry: opt(intIn(0, 255)),
});
export type SwapRequest = Infer<typeof swapRequest>;

/** What the client remembers about a quote it fetched itself (the quote body does not say). */
export interface QuoteOrigin {
  instructionVersion: 'V1' | 'V2';
  platformFeeBps?: number;
  asLegacyTransaction: boolean;
}

/** The swap rules that join fields, or depend on how the quote was asked for. */
export function swapRules(b: SwapRequest, origin?: QuoteOrigin): void {
  const quote = b.quoteResponse as Quote & { instructionVersion?: unknown };
  if (b.destinationTokenAccount !== undefined && b.nativeDestinationAccount !== undefined) {
    refuse('nativeDestinationAccount', 'must not be given together with destinationTokenAccount');
  }
  if (b.nativeDestinationAccount !== undefined) {
    if (quote.outputMint !== NATIVE_MINT)
      refuse('nativeDestinationAccount', 'needs the native coin as the quote output', quote.outputMint);
    const version = origin?.instructionVersion ?? quote.instructionVersion;
    if (version !== undefined && version !== 'V2')
      refuse('nativeDestinationAccount', 'needs a quote made with instructionVersion V2', version);
  }
  const feeInQuote =
    isPlainObject(quote.platformFee) && typeof quote.platformFee.feeBps === 'number' && quote.platformFee.feeBps > 0;
  if ((feeInQuote || origin?.platformFeeBps !== undefined) && b.feeAccount === undefined) {
    refuse('feeAccount', 'is required when the quote carries a platform fee (platformFeeBps)');
  }
  if (origin && b.asLegacyTransaction !== undefined && b.asLegacyTransaction !== origin.asLegacyTransaction) {
    refuse(
      'asLegacyTransaction',
      `must match the quote's setting (${origin.asLegacyTransaction})`,
      b.asLegacyTransaction,
    );
  }
}

const swapResponse = obj({
  swapTransaction: base64,
  lastValidBlockHeight: uint,
  prioritizationFeeLamports: maybe(uint),
  dynamicSlippageReport: opt(
    nul(
      obj({
        slippageBps: onum,
        otherAmount: onum,
        simulatedIncurredSlippageBps: onum,
        amplificationRatio: opt(nul(str)),
      }),
    ),
  ),
});
export type SwapResponse = Infer<typeof swapResponse>;

const swapInstructions = obj({
  otherInstructions: arr(instruction),
  computeBudgetInstructions: arr(instruction),
  setupInstructions: arr(instruction),
  swapInstruction: instruction,
  addressLookupTableAddresses: arr(str),
  cleanupInstruction: opt(nul(instruction)),
});
export type SwapInstructionsResponse = Infer<typeof swapInstructions>;

/** GET /swap/v1/program-id-to-label: program id -> DEX label (a flat map); a value that is not text names nothing and is left out. */
const programIdToLabel = pipe(
  is<Record<string, unknown>>('an object of program id -> label', isPlainObject),
  transform((m) =>
    Object.fromEntries(Object.entries(m).filter((e): e is [string, string] => typeof e[1] === 'string')),
  ),
);
export type ProgramIdToLabel = Record<string, string>;

// ---------- GET /ultra/v1/order, POST /ultra/v1/execute ----------
// Acts on: the mints and amounts, the requestId, the transaction, and the slippage and price
// impact the confirm dialog states. Fees, payers and routing are shown only (RFQ routes leave out
// `signatureFeePayer`; `platformFee` may be missing or lack `amount`).

const orderParams = pipe(
  obj({
    inputMint: address,
    outputMint: address,
    amount: positiveRaw,
    taker: opt(nul(address)),
    receiver: opt(address),
    payer: opt(address),
    closeAuthority: opt(address),
    referralAccount: opt(address),
    referralFee: opt(intIn(50, 255)),
    excludeRouters: opt(routerNames),
    excludeDexes: opt(labels),
  }),
  check(
    (p) =>
      p.closeAuthority === undefined ||
      p.payer !== undefined ||
      refuse('closeAuthority', 'requires payer (the service ignores it without one)'),
  ),
);
export type OrderParams = Infer<typeof orderParams>;

// ---------- the recurring group: GET /recurring/v1/getRecurringOrders and its POSTs ----------
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
  productMeta: opt(any),
});
export type RecurringTrade = Infer<typeof recurringTrade>;

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
  closeTx: opt(nul(str)),
  userClosed: maybe(bool),
  createdAt: maybe(str),
  updatedAt: maybe(str),
  trades: maybe(arr(recurringTrade)),
});
export type RecurringOrder = Infer<typeof recurringOrder>;

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
export type RecurringListResponse = Infer<typeof recurringList>;

const recurringListParams = obj({
  recurringType: among(RECURRING_TYPES),
  orderStatus: among(ORDER_STATUSES),
  user: address,
  page,
  mint: opt(nul(address)),
  includeFailedTx: flag,
});
export type RecurringListParams = Infer<typeof recurringListParams>;

const optPrice = opt(
  nul(
    rule<number>('must be a non-negative number or null', (x) => typeof x === 'number' && Number.isFinite(x) && x >= 0),
  ),
);
/** base units, integer */
const baseUnits = rule<number | string>(
  (x) =>
    typeof x === 'number'
      ? 'must be a positive integer of base units'
      : 'must be a positive integer string of base units (u64)',
  (x) => (typeof x === 'number' ? Number.isSafeInteger(x) && x > 0 : isPositiveRaw(x)),
);
const seconds = rule<number>(
  'must be a positive integer of seconds',
  (x) => typeof x === 'number' && Number.isSafeInteger(x) && x >= 1,
);
const startAt = opt(
  nul(
    rule<number>(
      'must be a unix time in seconds or null',
      (x) => typeof x === 'number' && Number.isSafeInteger(x) && x >= 0,
    ),
  ),
);
const timeParams = pipe(
  obj({
    inAmount: baseUnits,
    numberOfOrders: rule<number>(
      'must be an integer >= 2 (recurring orders need at least 2 orders)',
      (x) => typeof x === 'number' && Number.isSafeInteger(x) && x >= 2,
    ),
    interval: seconds,
    minPrice: optPrice,
    maxPrice: optPrice,
    startAt,
  }),
  check(
    (t) =>
      !(typeof t.minPrice === 'number' && typeof t.maxPrice === 'number' && t.minPrice > t.maxPrice) ||
      refuse('params.time.minPrice', 'must not be above params.time.maxPrice', t.minPrice),
  ),
);
/** deprecated: a deposit bought into `incrementUsdcValue` (USDC base units) of output each interval */
const priceParams = obj({ depositAmount: baseUnits, incrementUsdcValue: baseUnits, interval: seconds, startAt });

const recurringCreate = obj({
  user: address,
  inputMint: address,
  outputMint: address,
  params: pipe(
    obj({ time: opt(timeParams), /** deprecated */ price: opt(priceParams) }),
    check((p) => p.time !== undefined || p.price !== undefined || refuse('params.time', 'is required')),
    check(
      (p) =>
        p.time === undefined ||
        p.price === undefined ||
        refuse('params.price', 'must not be given together with params.time'),
    ),
  ),
});
export type RecurringCreateRequest = Infer<typeof recurringCreate>;

const recurringCancel = obj({ order: address, recurringType: among(['time', 'price'] as const), user: address });
export type RecurringCancelRequest = Infer<typeof recurringCancel>;

const priceWithdraw = obj({
  inputOrOutput: among(['In', 'Out'] as const),
  order: address,
  user: address,
  amount: opt(
    nul(
      pipe(
        positiveRaw,
        check((x) => BigInt(x) <= INT64_MAX || refuse('amount', 'must fit in a signed 64-bit integer', x)),
      ),
    ),
  ),
});
export type PriceWithdrawRequest = Infer<typeof priceWithdraw>;

const requestIdTransaction = obj({ requestId: nonEmptyStr, transaction: base64 });
export type RequestIdTransaction = Infer<typeof requestIdTransaction>;

const recurringExecute = executeResult({ error: opt(nul(str)), order: opt(nul(str)) });
export type RecurringExecuteResponse = Infer<typeof recurringExecute>;

// ---------- the trigger group: GET /trigger/v1/getTriggerOrders and its POSTs ----------
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
  /** `Open`, `Completed`, `Cancelled` seen; unknown values kept as text */
  status: maybe(str),
  openTx: maybe(str),
  closeTx: opt(nul(str)),
  programVersion: maybe(str),
  trades: maybe(arr(obj() as Schema<Record<string, unknown>>)),
});
export type TriggerOrder = Infer<typeof triggerOrder>;

const triggerList = obj({
  orders: arr(triggerOrder),
  user: maybe(str),
  /** `active`, `history` in the contract; `open` seen; other text kept */
  orderStatus: maybe(str),
  /** paging needs both */
  totalPages: num,
  page: num,
});
export type TriggerListResponse = Infer<typeof triggerList>;

const triggerListParams = obj({
  user: address,
  orderStatus: among(ORDER_STATUSES),
  page: opt(page),
  includeFailedTx: opt(flag),
  inputMint: opt(address),
  outputMint: opt(address),
});
export type TriggerListParams = Infer<typeof triggerListParams>;

/** computeUnitPrice: "auto" or an integer string of microlamports (u64) */
const computeUnitPrice = opt(
  custom<string>(
    (x) => x === 'auto' || (typeof x === 'string' && /^\d+$/.test(x) && BigInt(x) < 1n << 64n),
    (i) =>
      typeof i.input === 'string' && /^\d+$/.test(i.input)
        ? 'must be a non-negative integer (u64)'
        : 'must be "auto" or an integer string of microlamports',
  ),
);

const triggerCreate = obj({
  inputMint: address,
  outputMint: address,
  maker: address,
  payer: address,
  params: obj({
    makingAmount: positiveRaw,
    takingAmount: positiveRaw,
    expiredAt: opt(
      rule<string>('must be a unix time in seconds, as a string', (x) => typeof x === 'string' && /^\d+$/.test(x)),
    ),
    slippageBps: opt(
      rule<string>(
        `must be an integer string from 0 to ${MAX_BPS}`,
        (x) => typeof x === 'string' && /^\d+$/.test(x) && Number(x) <= MAX_BPS,
      ),
    ),
  }),
  computeUnitPrice,
  feeAccount: opt(address),
  wrapAndUnwrapSol: opt(flag),
});
export type TriggerCreateRequest = Infer<typeof triggerCreate>;

const triggerCreated = obj({ requestId: nonEmptyStr, transaction: base64, order: maybe(str) });
export type TriggerCreateResponse = Infer<typeof triggerCreated>;

const triggerCancel = obj({ maker: address, order: address, computeUnitPrice });
export type TriggerCancelRequest = Infer<typeof triggerCancel>;

const triggerCancelMany = obj({
  maker: address,
  orders: opt(
    pipe(
      rule<unknown[]>(
        'must be a non-empty array of order addresses (leave it out to cancel every open order)',
        (x) => Array.isArray(x) && x.length > 0,
      ),
      array(address),
    ),
  ),
  computeUnitPrice,
});
export type TriggerCancelManyRequest = Infer<typeof triggerCancelMany>;

const triggerCancelled = obj({ requestId: nonEmptyStr, transactions: arr(base64) });
export type TriggerCancelManyResponse = Infer<typeof triggerCancelled>;

const triggerExecute = executeResult({});
export type TriggerExecuteResponse = Infer<typeof triggerExecute>;

// ---------- GET /send/v1/invite-history, GET /send/v1/pending-invites ----------
// Nothing is signed from an invite listing: the row's key, mint, amount and expiry (countdowns)
// and the page flag are needed; everything else is optional.

const invite = obj({
  invite_pda: nonEmptyStr,
  mint: nonEmptyStr,
  amount: str,
  invite_signer: maybe(str),
  sender: maybe(str),
  /** the expiry countdown needs it */
  expiry: str,
  creation_time: maybe(str),
  creation_tx: maybe(str),
  deletion_tx: opt(nul(str)),
  receiver: opt(nul(str)),
  deletion_time: opt(nul(str)),
  /** `created`, `claimed` in the contract; `clawback`, `expired` seen; other text kept */
  action: maybe(str),
  /** boolean in the contract; 0/1 seen on the real service */
  confirmed: maybe(is<boolean | number>('a boolean (or 0/1)', (x) => typeof x === 'boolean' || x === 0 || x === 1)),
});
export type Invite = Infer<typeof invite>;

const inviteList = obj({ invites: arr(invite), /** paging needs it */ hasMoreData: bool });
export type InviteListResponse = Infer<typeof inviteList>;

const inviteListParams = obj({ address, page: opt(page) });
export type InviteListParams = Infer<typeof inviteListParams>;

// ---------- GET /portfolio/v1/positions/{address} ----------
// Shown only: the element list must be a list; every other part may be missing.

const portfolioAsset = obj({
  type: maybe(str),
  networkId: maybe(str),
  value: maybe(num),
  data: maybe(obj({ address: maybe(str), amount: maybe(num), price: maybe(num) })),
});
export type PortfolioAsset = Infer<typeof portfolioAsset>;

const multipleElement = obj({
  type: str,
  label: maybe(str),
  platformId: maybe(str),
  name: maybe(str),
  value: maybe(num),
  data: maybe(obj({ assets: maybe(arr(portfolioAsset)) })),
});
export type PortfolioElement = Infer<typeof multipleElement>;
const otherElement = obj({ type: str }) as unknown as Schema<PortfolioElement>;

/** The element list; an entry that is not an object describes nothing and is left out, so the rest still shows. */
const portfolioElements = pipe(
  arr(any),
  transform((list) => list.filter(isPlainObject)),
  array(lazy((e) => ((e as { type?: unknown }).type === 'multiple' ? multipleElement : otherElement))),
);

const fetcherReport = obj({ id: str, status: maybe(str), duration: maybe(num) });
export type FetcherReport = Infer<typeof fetcherReport>;

const portfolio = obj({
  elements: portfolioElements,
  date: maybe(num),
  owner: maybe(str),
  fetcherReports: maybe(arr(fetcherReport)),
  duration: maybe(num),
  /** left out by the real service (no tokens to describe); fields not given by the contract */
  tokenInfo: maybe(obj() as Schema<Record<string, unknown>>),
});
export type Portfolio = Infer<typeof portfolio>;

const portfolioParams = obj({ address, platforms: opt(labels) });
export type PortfolioParams = Infer<typeof portfolioParams>;

// ---------- POST /studio/v1/dbc-pool/create-tx, POST /studio/v1/dbc/fee/create-tx ----------

const atLeast0 = numAtLeast(0);
const lockedVesting = obj({
  totalLockedVestingAmount: atLeast0,
  cliffUnlockAmount: atLeast0,
  numberOfVestingPeriod: atLeast0,
  totalVestingDuration: atLeast0,
  cliffDurationFromMigrationTime: atLeast0,
});
export type LockedVestingParam = Infer<typeof lockedVesting>;

const dbcPoolCreate = obj({
  buildCurveByMarketCapParam: obj({
    quoteMint: address,
    initialMarketCap: atLeast0,
    migrationMarketCap: atLeast0,
    tokenQuoteDecimal: intIn(0, 30),
    lockedVestingParam: lockedVesting,
  }),
  antiSniping: flag,
  fee: obj({ feeBps: intIn(0, MAX_BPS) }),
  isLpLocked: flag,
  tokenName: text,
  tokenSymbol: text,
  tokenImageContentType: rule<string>(
    'must be an image media type such as image/png',
    (x) => typeof x === 'string' && /^image\/[A-Za-z0-9.+-]+$/.test(x),
  ),
  creator: address,
});
export type DbcPoolCreateRequest = Infer<typeof dbcPoolCreate>;

/** The contract does not show this response; the simulator and client agree on these fields, all but transaction optional. */
const dbcPoolCreated = obj({
  transaction: base64,
  pool: maybe(str),
  mint: maybe(str),
  imagePresignedUrl: maybe(str),
  /** read only when text (where to put the metadata, and the image's public address) */
  metadataPresignedUrl: opt(any),
  imageUrl: opt(any),
});
export type DbcPoolCreateResponse = Infer<typeof dbcPoolCreated>;

const dbcFeeClaim = obj({ ownerWallet: address, poolAddress: address, maxQuoteAmount: atLeast0 });
export type DbcFeeClaimRequest = Infer<typeof dbcFeeClaim>;

const dbcFeeClaimed = obj({ transaction: base64 });
export type DbcFeeClaimResponse = Infer<typeof dbcFeeClaimed>;

// ---------- the table ----------

export const OPERATIONS = {
  tokenList: op('GET', '/tokens/v2/{category}/{interval}', tokenListParams, arr(tokenSchema)),
  tokenSearch: op('GET', '/tokens/v2/search', tokenSearchParams, arr(tokenSchema)),
  quote: op('GET', '/swap/v1/quote', quoteParams, quoteSchema),
  swap: op('POST', '/swap/v1/swap', swapRequest, swapResponse),
  swapInstructions: op('POST', '/swap/v1/swap-instructions', swapRequest, swapInstructions),
  programIdToLabel: op('GET', '/swap/v1/program-id-to-label', none, programIdToLabel),
  order: op('GET', '/ultra/v1/order', orderParams, orderSchema),
  orderExecute: op('POST', '/ultra/v1/execute', executeRequest, orderExecute),
  recurringList: op('GET', '/recurring/v1/getRecurringOrders', recurringListParams, recurringList),
  recurringCreate: op('POST', '/recurring/v1/createOrder', recurringCreate, requestIdTransaction),
  recurringCancel: op('POST', '/recurring/v1/cancelOrder', recurringCancel, requestIdTransaction),
  priceWithdraw: op('POST', '/recurring/v1/priceWithdraw', priceWithdraw, requestIdTransaction),
  recurringExecute: op('POST', '/recurring/v1/execute', executeRequest, recurringExecute),
  triggerList: op('GET', '/trigger/v1/getTriggerOrders', triggerListParams, triggerList),
  triggerCreate: op('POST', '/trigger/v1/createOrder', triggerCreate, triggerCreated),
  triggerCancel: op('POST', '/trigger/v1/cancelOrder', triggerCancel, requestIdTransaction),
  triggerCancelMany: op('POST', '/trigger/v1/cancelOrders', triggerCancelMany, triggerCancelled),
  triggerExecute: op('POST', '/trigger/v1/execute', executeRequest, triggerExecute),
  inviteHistory: op('GET', '/send/v1/invite-history', inviteListParams, inviteList),
  pendingInvites: op('GET', '/send/v1/pending-invites', inviteListParams, inviteList),
  positions: op('GET', '/portfolio/v1/positions/{address}', portfolioParams, portfolio),
  dbcPoolCreate: op('POST', '/studio/v1/dbc-pool/create-tx', dbcPoolCreate, dbcPoolCreated),
  dbcFeeClaim: op('POST', '/studio/v1/dbc/fee/create-tx', dbcFeeClaim, dbcFeeClaimed),
  ...SWAP_V2_OPERATIONS,
  ...TRIGGER_V2_OPERATIONS,
};

export type Operations = typeof OPERATIONS;
