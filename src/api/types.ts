// Shapes of the trading service's contract (shared/spec/trading-api.md, sections 2 and 4),
// widened where the real service is known to vary (shared/spec/service-behaviour.md).
// Shared by the client and the simulator; contains types and constants only, no logic.

export type Base58 = string;
/** Decimal-digit string of base units (u64). */
export type RawAmount = string;

export const NATIVE_MINT = 'So11111111111111111111111111111111111111112';
export const USDC_MINT = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
export const LAMPORTS_PER_SOL = 1_000_000_000n;

// ---------- 4.1 Token data ----------
export const TOKEN_CATEGORIES = ['toporganicscore', 'toptraded', 'toptrending'] as const;
export type TokenCategory = (typeof TOKEN_CATEGORIES)[number];
export const TOKEN_INTERVALS = ['5m', '1h', '6h', '24h'] as const;
export type TokenInterval = (typeof TOKEN_INTERVALS)[number];
export const ORGANIC_SCORE_LABELS = ['high', 'medium', 'low'] as const;
export type OrganicScoreLabel = (typeof ORGANIC_SCORE_LABELS)[number];

export interface TokenStats {
  priceChange?: number | null;
  holderChange?: number | null;
  liquidityChange?: number | null;
  volumeChange?: number | null;
  buyVolume?: number | null;
  sellVolume?: number | null;
  buyOrganicVolume?: number | null;
  sellOrganicVolume?: number | null;
  numBuys?: number | null;
  numSells?: number | null;
  numTraders?: number | null;
  numOrganicBuyers?: number | null;
  numNetBuyers?: number | null;
  [extra: string]: unknown;
}

export interface TokenAudit {
  mintAuthorityDisabled?: boolean | null;
  freezeAuthorityDisabled?: boolean | null;
  topHoldersPercentage?: number | null;
  devMints?: number | null;
  isSus?: boolean | null;
  [extra: string]: unknown;
}

export interface TokenFirstPool {
  id?: string;
  createdAt?: string;
  [extra: string]: unknown;
}

/**
 * 2.1 Token. tradedeck needs the mint, its symbol and its decimals to act (amounts, routes); every
 * other field is shown only, so it may be absent (the real service leaves out `tokenProgram` on
 * category listings and interval stats on search results) and is rendered as "—". A null where the
 * contract has no null reads as absent (the response check removes it).
 */
export interface Token {
  id: Base58;
  symbol: string;
  decimals: number;
  /** kept required: every screen and the symbol resolver name tokens by it */
  name: string;
  icon?: string | null;
  twitter?: string | null;
  telegram?: string | null;
  website?: string | null;
  dev?: string | null;
  circSupply?: number | null;
  totalSupply?: number | null;
  tokenProgram?: string;
  launchpad?: string | null;
  partnerConfig?: string | null;
  graduatedPool?: string | null;
  graduatedAt?: string | null;
  holderCount?: number | null;
  fdv?: number | null;
  mcap?: number | null;
  usdPrice?: number | null;
  priceBlockId?: number | null;
  liquidity?: number | null;
  stats5m?: TokenStats;
  stats1h?: TokenStats;
  stats6h?: TokenStats;
  stats24h?: TokenStats;
  firstPool?: TokenFirstPool;
  audit?: TokenAudit;
  organicScore?: number;
  /** `high`, `medium`, `low` in the contract; another label is kept as text */
  organicScoreLabel?: OrganicScoreLabel | (string & {});
  isVerified?: boolean | null;
  cexes?: string[] | null;
  tags?: string[] | null;
  updatedAt?: string;
  [extra: string]: unknown;
}

export interface TokenListParams {
  category: TokenCategory;
  interval: TokenInterval;
  /** 1..100, default 50 */
  limit?: number;
}

// ---------- 4.2 Swap group ----------
export const SWAP_MODES = ['ExactIn', 'ExactOut'] as const;
export type SwapMode = (typeof SWAP_MODES)[number];
export const INSTRUCTION_VERSIONS = ['V1', 'V2'] as const;
export type InstructionVersion = (typeof INSTRUCTION_VERSIONS)[number];

export interface SwapInfo {
  ammKey: string;
  label: string;
  inputMint: string;
  outputMint: string;
  inAmount: RawAmount;
  outAmount: RawAmount;
  feeAmount?: RawAmount;
  feeMint?: string;
  [extra: string]: unknown;
}

export interface RouteStep {
  swapInfo: SwapInfo;
  percent: number;
  bps?: number;
  usdValue?: number;
  [extra: string]: unknown;
}

/** Both parts optional: orders have been seen with `{feeBps, feeMint}` and no `amount`. */
export interface PlatformFee {
  amount?: RawAmount;
  feeBps?: number;
  feeMint?: string;
  [extra: string]: unknown;
}

export interface Quote {
  inputMint: string;
  inAmount: RawAmount;
  outputMint: string;
  outAmount: RawAmount;
  otherAmountThreshold: RawAmount;
  swapMode: SwapMode;
  slippageBps: number;
  priceImpactPct: string;
  routePlan: RouteStep[];
  platformFee?: PlatformFee | null;
  contextSlot?: number;
  timeTaken?: number;
  [extra: string]: unknown;
}

export interface QuoteParams {
  inputMint: string;
  outputMint: string;
  /** raw u64 amount: input for ExactIn, output for ExactOut */
  amount: RawAmount;
  slippageBps?: number;
  swapMode?: SwapMode;
  dexes?: string[];
  excludeDexes?: string[];
  restrictIntermediateTokens?: boolean;
  onlyDirectRoutes?: boolean;
  asLegacyTransaction?: boolean;
  platformFeeBps?: number;
  maxAccounts?: number;
  instructionVersion?: InstructionVersion;
  dynamicSlippage?: boolean;
}

export const PRIORITY_LEVELS = ['medium', 'high', 'veryHigh'] as const;
export type PriorityLevel = (typeof PRIORITY_LEVELS)[number];

export type PrioritizationFee =
  | number
  | 'auto'
  | {
      priorityLevelWithMaxLamports: {
        priorityLevel: PriorityLevel | string;
        maxLamports: number;
        global?: boolean;
      };
    };

export interface SwapRequest {
  userPublicKey: string;
  quoteResponse: Quote;
  payer?: string;
  wrapAndUnwrapSol?: boolean;
  useSharedAccounts?: boolean;
  feeAccount?: string;
  trackingAccount?: string;
  prioritizationFeeLamports?: PrioritizationFee;
  asLegacyTransaction?: boolean;
  destinationTokenAccount?: string;
  nativeDestinationAccount?: string;
  dynamicComputeUnitLimit?: boolean;
  skipUserAccountsRpcCalls?: boolean;
  dynamicSlippage?: boolean;
  computeUnitPriceMicroLamports?: number | string;
  blockhashSlotsToExpiry?: number;
}

export interface DynamicSlippageReport {
  slippageBps?: number;
  otherAmount?: number;
  simulatedIncurredSlippageBps?: number;
  amplificationRatio?: string;
  [extra: string]: unknown;
}

export interface SwapResponse {
  swapTransaction: string;
  lastValidBlockHeight: number;
  prioritizationFeeLamports?: number;
  dynamicSlippageReport?: DynamicSlippageReport | null;
  [extra: string]: unknown;
}

export interface AccountMeta {
  pubkey: string;
  isSigner: boolean;
  isWritable: boolean;
}

export interface Instruction {
  programId: string;
  accounts: AccountMeta[];
  /** base-64 */
  data: string;
  [extra: string]: unknown;
}

export interface SwapInstructionsResponse {
  otherInstructions: Instruction[];
  computeBudgetInstructions: Instruction[];
  setupInstructions: Instruction[];
  swapInstruction: Instruction;
  addressLookupTableAddresses: string[];
  cleanupInstruction?: Instruction | null;
  [extra: string]: unknown;
}

/** GET /swap/v1/program-id-to-label: program id -> DEX label (shape not shown by the contract; the real service answers a flat map). */
export type ProgramIdToLabel = Record<string, string>;

// ---------- 4.3 Order and execute ----------
export const ROUTERS = ['iris', 'partnerz', 'partnerflow', 'partnerx'] as const;
export type Router = (typeof ROUTERS)[number];
export const ORDER_ERROR_CODES = [1, 2, 3] as const;
export type OrderErrorCode = (typeof ORDER_ERROR_CODES)[number];

export interface OrderParams {
  inputMint: string;
  outputMint: string;
  amount: RawAmount;
  taker?: string | null;
  receiver?: string;
  payer?: string;
  closeAuthority?: string;
  referralAccount?: string;
  /** 50..255 */
  referralFee?: number;
  excludeRouters?: Router[];
  excludeDexes?: string[];
}

export interface OrderRouteStep {
  swapInfo?: {
    ammKey?: string;
    label?: string;
    inputMint?: string;
    outputMint?: string;
    inAmount?: RawAmount;
    outAmount?: RawAmount;
    [extra: string]: unknown;
  };
  percent?: number;
  bps?: number;
  usdValue?: number;
  [extra: string]: unknown;
}

/**
 * 2.4 Order. Required to act: the mints and amounts being traded (integer strings), the
 * `requestId` execute needs, the `transaction` (null without taker, "" when it cannot be built,
 * otherwise base-64), and the slippage and price impact the confirm dialog states. Fees, payers
 * and routing are shown only and may be absent (RFQ routes leave out `signatureFeePayer`;
 * `platformFee` may be missing or lack `amount`). A null where the contract has no null reads as
 * absent (the response check removes it).
 */
export interface Order {
  inputMint: string;
  outputMint: string;
  inAmount: RawAmount;
  outAmount: RawAmount;
  otherAmountThreshold: RawAmount;
  slippageBps: number;
  /** legacy, a fraction ("0.0123" is 1.23%): read only when priceImpact is absent */
  priceImpactPct: string;
  /** null without taker; "" when it cannot be built (errorCode set) */
  transaction: string | null;
  requestId: string;
  mode?: string;
  swapMode?: string;
  /** percent, signed (-1.23: 1.23% against the trader); preferred over priceImpactPct */
  priceImpact?: number;
  inUsdValue?: number;
  outUsdValue?: number;
  swapUsdValue?: number;
  routePlan?: OrderRouteStep[];
  feeBps?: number;
  feeMint?: string;
  platformFee?: PlatformFee;
  signatureFeeLamports?: number;
  signatureFeePayer?: string | null;
  prioritizationFeeLamports?: number;
  prioritizationFeePayer?: string | null;
  rentFeeLamports?: number;
  rentFeePayer?: string | null;
  /** legacy: use router */
  swapType?: string;
  router?: Router | (string & {});
  gasless?: boolean;
  totalTime?: number;
  taker?: string | null;
  referralAccount?: string;
  quoteId?: string;
  maker?: string;
  expireAt?: string;
  errorCode?: OrderErrorCode | number;
  errorMessage?: string;
  [extra: string]: unknown;
}

export const EXECUTE_STATUSES = ['Success', 'Failed'] as const;
export type ExecuteStatus = (typeof EXECUTE_STATUSES)[number];

export interface ExecuteRequest {
  signedTransaction: string;
  requestId: string;
}

export interface SwapEvent {
  inputMint: string;
  inputAmount: RawAmount;
  outputMint: string;
  outputAmount: RawAmount;
  [extra: string]: unknown;
}

/** `code` is left out by the real service on some answers (just `{signature, status}`). */
export interface OrderExecuteResponse {
  status: ExecuteStatus;
  code?: number;
  signature?: string;
  slot?: string;
  error?: string;
  totalInputAmount?: RawAmount;
  totalOutputAmount?: RawAmount;
  inputAmountResult?: RawAmount;
  outputAmountResult?: RawAmount;
  swapEvents?: SwapEvent[];
  [extra: string]: unknown;
}

/** Execute codes observed on the real service (service-behaviour.md). */
export const EXECUTE_CODES = {
  success: 0,
  unknownRequest: -1,
  invalidTransaction: -2,
  modifiedTransaction: -3,
  expired: -1005,
  timedOut: -1006,
  slippageExceeded: 6001,
} as const;

// ---------- 4.4 Recurring ----------
export const RECURRING_TYPES = ['time', 'price', 'all'] as const;
export type RecurringType = (typeof RECURRING_TYPES)[number];
export const ORDER_STATUSES = ['active', 'history'] as const;
export type OrderStatusFilter = (typeof ORDER_STATUSES)[number];

export interface RecurringTrade {
  orderKey?: string;
  keeper?: string;
  inputMint?: string;
  outputMint?: string;
  inputAmount?: string;
  outputAmount?: string;
  rawInputAmount?: RawAmount;
  rawOutputAmount?: RawAmount;
  feeMint?: string;
  feeAmount?: string;
  rawFeeAmount?: RawAmount;
  txId?: string;
  confirmedAt?: string;
  action?: string;
  productMeta?: unknown;
  [extra: string]: unknown;
}

export interface RecurringOrder {
  userPubkey?: string;
  orderKey: string;
  inputMint: string;
  outputMint: string;
  inDeposited?: string;
  inWithdrawn?: string;
  outWithdrawn?: string;
  inAmountPerCycle?: string;
  minOutAmount?: string;
  maxOutAmount?: string;
  inUsed?: string;
  outReceived?: string;
  rawInDeposited: RawAmount;
  rawInWithdrawn?: RawAmount;
  rawOutWithdrawn?: RawAmount;
  rawInAmountPerCycle?: RawAmount;
  rawMinOutAmount?: RawAmount;
  rawMaxOutAmount?: RawAmount;
  rawInUsed?: RawAmount;
  rawOutReceived?: RawAmount;
  /** seconds; may arrive as a string */
  cycleFrequency?: number | string;
  openTx?: string;
  closeTx?: string | null;
  userClosed?: boolean;
  createdAt?: string;
  updatedAt?: string;
  trades?: RecurringTrade[];
  [extra: string]: unknown;
}

export interface RecurringListParams {
  recurringType: RecurringType;
  orderStatus: OrderStatusFilter;
  user: string;
  page: number;
  mint?: string | null;
  includeFailedTx: boolean;
}

export interface RecurringListResponse {
  /** `active`, `history` in the contract; other text kept */
  orderStatus?: OrderStatusFilter | (string & {});
  /** paging needs page and totalPages */
  page: number;
  time: RecurringOrder[];
  totalPages: number;
  user?: string;
  /** deprecated price-based orders; item shape not given by the contract */
  price?: unknown[];
  all?: unknown[];
  [extra: string]: unknown;
}

export interface RecurringCreateRequest {
  user: string;
  inputMint: string;
  outputMint: string;
  params: {
    time?: {
      /** base units, integer */
      inAmount: number | string;
      numberOfOrders: number;
      /** seconds */
      interval: number;
      minPrice?: number | null;
      maxPrice?: number | null;
      startAt?: number | null;
    };
    /** deprecated */
    price?: Record<string, unknown>;
  };
}

export interface RequestIdTransaction {
  requestId: string;
  transaction: string;
  [extra: string]: unknown;
}

export interface RecurringCancelRequest {
  order: string;
  recurringType: 'time' | 'price';
  user: string;
}

export interface PriceWithdrawRequest {
  inputOrOutput: 'In' | 'Out';
  order: string;
  user: string;
  amount?: string | null;
}

/** `signature` is required when the status is Success. */
export interface RecurringExecuteResponse {
  signature?: string;
  status: ExecuteStatus;
  error: string | null;
  order: string | null;
  [extra: string]: unknown;
}

// ---------- 4.5 Trigger ----------
export interface TriggerTrade {
  [field: string]: unknown;
}

export interface TriggerOrder {
  userPubkey?: string;
  orderKey: string;
  inputMint: string;
  outputMint: string;
  makingAmount?: string;
  takingAmount?: string;
  remainingMakingAmount?: string;
  remainingTakingAmount?: string;
  rawMakingAmount: RawAmount;
  rawTakingAmount: RawAmount;
  rawRemainingMakingAmount?: RawAmount;
  rawRemainingTakingAmount?: RawAmount;
  slippageBps?: string;
  expiredAt?: string | null;
  createdAt?: string;
  updatedAt?: string;
  /** `Open`, `Completed`, `Cancelled` seen; unknown values kept as text */
  status?: string;
  openTx?: string;
  closeTx?: string | null;
  programVersion?: string;
  trades?: TriggerTrade[];
  [extra: string]: unknown;
}

export interface TriggerListParams {
  user: string;
  orderStatus: OrderStatusFilter;
  page?: number;
  includeFailedTx?: boolean;
  inputMint?: string;
  outputMint?: string;
}

export interface TriggerListResponse {
  user?: string;
  /** `open` has been seen too */
  orderStatus?: OrderStatusFilter | 'open' | string;
  orders: TriggerOrder[];
  /** paging needs both */
  totalPages: number;
  page: number;
  [extra: string]: unknown;
}

export interface TriggerCreateRequest {
  inputMint: string;
  outputMint: string;
  maker: string;
  payer: string;
  params: {
    makingAmount: RawAmount;
    takingAmount: RawAmount;
    expiredAt?: string;
    slippageBps?: string;
    [extra: string]: unknown;
  };
  computeUnitPrice?: string;
  feeAccount?: string;
  wrapAndUnwrapSol?: boolean;
}

export interface TriggerCreateResponse extends RequestIdTransaction {
  order?: string;
}

export interface TriggerCancelRequest {
  maker: string;
  order: string;
  computeUnitPrice?: string;
}

export interface TriggerCancelManyRequest {
  maker: string;
  orders?: string[];
  computeUnitPrice?: string;
}

export interface TriggerCancelManyResponse {
  requestId: string;
  transactions: string[];
  [extra: string]: unknown;
}

/** `code` is left out on some successes; `signature` is required when the status is Success. */
export interface TriggerExecuteResponse {
  code?: number;
  signature?: string;
  status: ExecuteStatus;
  [extra: string]: unknown;
}

// ---------- 4.6 Send (invites) ----------
export interface Invite {
  invite_signer?: string;
  invite_pda: string;
  sender?: string;
  mint: string;
  /** the expiry countdown needs it */
  expiry: string;
  creation_time?: string;
  amount: string;
  creation_tx?: string;
  deletion_tx?: string | null;
  receiver?: string | null;
  deletion_time?: string | null;
  /** `created`, `claimed`; `clawback`, `expired` seen */
  action?: string;
  /** boolean in the contract; 0/1 seen */
  confirmed?: boolean | number;
  [extra: string]: unknown;
}

export interface InviteListParams {
  address: string;
  page?: number;
}

export interface InviteListResponse {
  invites: Invite[];
  /** paging needs it */
  hasMoreData: boolean;
  [extra: string]: unknown;
}

// ---------- 4.7 Portfolio ----------
export const PORTFOLIO_ELEMENT_TYPES = ['multiple', 'liquidity', 'leverage', 'borrowlend', 'borrow-lend', 'trade'] as const;

export interface PortfolioAsset {
  type?: string;
  networkId?: string;
  value?: number;
  data?: { address?: string; amount?: number; price?: number; [extra: string]: unknown };
  [extra: string]: unknown;
}

export interface PortfolioElement {
  type: string;
  label?: string;
  platformId?: string;
  name?: string;
  value?: number;
  data?: { assets?: PortfolioAsset[]; [extra: string]: unknown };
  [extra: string]: unknown;
}

export interface FetcherReport {
  id: string;
  status?: string;
  duration?: number;
  [extra: string]: unknown;
}

export interface Portfolio {
  date?: number;
  owner?: string;
  fetcherReports?: FetcherReport[];
  elements: PortfolioElement[];
  duration?: number;
  /** left out by the real service (no tokens to describe); fields not given by the contract */
  tokenInfo?: Record<string, unknown>;
  [extra: string]: unknown;
}

export interface PortfolioParams {
  address: string;
  platforms?: string[];
}

// ---------- 4.8 Studio ----------
export interface LockedVestingParam {
  totalLockedVestingAmount: number;
  cliffUnlockAmount: number;
  numberOfVestingPeriod: number;
  totalVestingDuration: number;
  cliffDurationFromMigrationTime: number;
}

export interface DbcPoolCreateRequest {
  buildCurveByMarketCapParam: {
    quoteMint: string;
    initialMarketCap: number;
    migrationMarketCap: number;
    tokenQuoteDecimal: number;
    lockedVestingParam: LockedVestingParam;
  };
  antiSniping: boolean;
  fee: { feeBps: number };
  isLpLocked: boolean;
  tokenName: string;
  tokenSymbol: string;
  tokenImageContentType: string;
  creator: string;
}

/** The contract does not show this response; the simulator and client agree on these fields, all but transaction optional. */
export interface DbcPoolCreateResponse {
  transaction: string;
  pool?: string;
  mint?: string;
  imagePresignedUrl?: string;
  [extra: string]: unknown;
}

export interface DbcFeeClaimRequest {
  ownerWallet: string;
  poolAddress: string;
  maxQuoteAmount: number;
}

export interface DbcFeeClaimResponse {
  transaction: string;
  [extra: string]: unknown;
}

// ---------- error envelopes (service-behaviour.md) ----------
export interface ErrorEnvelope {
  code?: number | string;
  message?: string;
  error?: string;
  errorCode?: string;
  cause?: string;
  status?: string;
  errors?: Record<string, string[]>;
  [extra: string]: unknown;
}

// ---------- the simulator's program ids (known to the client's inspector as named programs) ----------
export const SIM_PROGRAMS = {
  router: 'SimRouter1111111111111111111111111111111111',
  trigger: 'SimTrigger111111111111111111111111111111111',
  recurring: 'SimRecurring1111111111111111111111111111111',
  send: 'SimSend111111111111111111111111111111111111',
  studio: 'SimStudio1111111111111111111111111111111111',
} as const;
