// The service's current order generation (Trigger API V2, under /trigger/v2): a login by a
// challenge the wallet signs (a JWT then goes with every other call), one custodial vault per
// wallet that orders fill from without a signature per fill, price orders (single above/below,
// trailing, OCO, OTOCO) and DCA orders, each created from a signed deposit, edited (price orders),
// cancelled with a withdrawal the wallet signs, and listed with their fills.
// Where the published description leaves a gap, the reading closest to the first generation is
// taken and said beside the field.
import {
  address,
  among,
  arr,
  asQueryNumber,
  base64,
  bool,
  check,
  flag,
  intIn,
  is,
  maybe,
  nonEmptyStr,
  nullish,
  num,
  obj,
  opt,
  pipe,
  positiveRaw,
  rawAmount,
  rawCheck,
  refuse,
  rule,
  signedTx,
  str,
  text,
  uint,
  type Infer,
} from '../schema.js';
import { isAddress } from '../base58.js';
import { none, op } from './operation.js';

/** The least an order is worth (USD at the service's price): a price order's deposit, and each DCA round. */
export const TRIGGER_V2_MIN_USD = 10;
/** What the service lets a DCA round fall short of its minimum by (USD). */
export const DCA_ROUND_TOLERANCE_USD = 0.2;
/** The service's slippage for a stop-loss or a buy-above when none is given (bps). */
export const STOP_DEFAULT_SLIPPAGE_BPS = 2000;
export const TRAILING_BPS = { min: 50, max: 9000 } as const;
export const DCA_INTERVAL_SECONDS = { min: 60, max: 31_536_000 } as const;
/** How far ahead a DCA's first round may be (days). */
export const DCA_MAX_BEGIN_DAYS = 30;
/** The most DCA orders a wallet may have active at once. */
export const DCA_MAX_ACTIVE = 10;
/** A login token lives this long (ms); a challenge this long. */
export const JWT_LIFETIME_MS = 24 * 3600_000;
export const CHALLENGE_LIFETIME_MS = 5 * 60_000;

export const CHALLENGE_TYPES = ['message', 'transaction'] as const;
export type ChallengeType = (typeof CHALLENGE_TYPES)[number];
export const PRICE_ORDER_TYPES = ['single', 'oco', 'otoco'] as const;
export type PriceOrderType = (typeof PRICE_ORDER_TYPES)[number];
export const TRIGGER_CONDITIONS = ['above', 'below'] as const;
export type TriggerCondition = (typeof TRIGGER_CONDITIONS)[number];
export const DEPOSIT_ORDER_TYPES = ['price', 'dca'] as const;
export const DCA_ORDER_TYPES = ['time_based', 'price_conditional'] as const;
export type DcaOrderType = (typeof DCA_ORDER_TYPES)[number];
/** What a fill was for; the service gives no list, these are the values it is described with. */
export const ORDER_CONTEXTS = ['take_profit', 'stop_loss', 'buy_above', 'buy_below'] as const;
export type OrderContext = (typeof ORDER_CONTEXTS)[number];
export const HISTORY_STATES = ['active', 'past'] as const;
export const PRICE_HISTORY_SORTS = ['updated_at', 'created_at', 'expires_at'] as const;
export const DCA_HISTORY_SORTS = ['updated_at', 'created_at', 'next_fill_at'] as const;
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;

/** Which kind of price order a leg is. The service names them only by label: a trigger on the output
 * mint buys (above: breakout, below: dip), any other sells what was deposited (above: take-profit,
 * below: stop-loss). */
export function orderContextOf(condition: TriggerCondition, triggerMint: string, outputMint: string): OrderContext {
  if (triggerMint === outputMint) return condition === 'above' ? 'buy_above' : 'buy_below';
  return condition === 'above' ? 'take_profit' : 'stop_loss';
}

/**
 * The slippage the service uses when none is given: 2000 bps for a stop-loss and a buy-above (they
 * must fill when the market runs away), its automatic estimate (`rtse`) for a take-profit and a
 * buy-below, and for an OTOCO's entry.
 */
export function defaultSlippageBps(context: OrderContext, otocoEntry = false): number | 'rtse' {
  if (otocoEntry) return 'rtse';
  return context === 'stop_loss' || context === 'buy_above' ? STOP_DEFAULT_SLIPPAGE_BPS : 'rtse';
}

/** Refuses a value below the service's minimum, in its words: "must be worth at least 10 USD (current value: 4.20 USD)". */
export function checkUsdMinimum(field: string, usd: number, minimum = TRIGGER_V2_MIN_USD, tolerance = 0): void {
  if (!(usd + tolerance >= minimum))
    refuse(field, `must be worth at least ${minimum} USD (current value: ${usd.toFixed(2)} USD)`);
}

const MAX_BPS = 10_000;
const safeInt = (x: unknown): x is number => typeof x === 'number' && Number.isSafeInteger(x);
const bps = intIn(0, MAX_BPS);
const usd = rule<number>(
  'must be a positive number of USD',
  (x) => typeof x === 'number' && Number.isFinite(x) && x > 0,
);
const trailingBps = intIn(TRAILING_BPS.min, TRAILING_BPS.max);
const orderId = rule<string>(
  'must be an order id (non-empty, without /)',
  (x) => typeof x === 'string' && x.trim() !== '' && !x.includes('/') && x.length <= 200,
);
const unixMs = rule<number>('must be a unix time in milliseconds (an integer)', (x) => safeInt(x) && x > 0);
const isoTime = rule<string>(
  'must be an ISO-8601 time such as 2026-03-01T12:00:00Z',
  (x) =>
    typeof x === 'string' &&
    /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d)$/.test(x) &&
    !Number.isNaN(Date.parse(x)),
);
/** Fields of `b` named in `fields` must be absent: they belong to another kind of order. */
function onlyFor(b: Record<string, unknown>, fields: string[], kind: string): true {
  for (const f of fields) if (b[f] !== undefined) refuse(f, `is not for ${kind} orders`);
  return true;
}
const differentMints = (b: { inputMint: string; outputMint: string }) =>
  b.inputMint !== b.outputMint || refuse('outputMint', 'must differ from inputMint');

// ---------- POST /trigger/v2/auth/challenge, POST /trigger/v2/auth/verify ----------

const challengeRequest = obj({ walletPubkey: address, type: among(CHALLENGE_TYPES) });
export type ChallengeRequest = Infer<typeof challengeRequest>;

const challengeAnswer = pipe(
  obj({ type: str, challenge: maybe(str), transaction: maybe(base64) }),
  rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const a = dataset.value as { type: string; challenge?: string; transaction?: string };
    const at = (key: string, message: string) => addIssue({ message, path: [{ key } as never] });
    if (a.type === 'message' && !a.challenge) at('challenge', 'is missing (a message challenge must carry its text)');
    else if (a.type === 'transaction' && !a.transaction)
      at('transaction', 'is missing (a transaction challenge must carry its transaction)');
    else if (a.type !== 'message' && a.type !== 'transaction') at('type', 'must be "message" or "transaction"');
  }),
);
export type ChallengeAnswer = Infer<typeof challengeAnswer>;

const verifyRequest = pipe(
  obj({
    type: among(CHALLENGE_TYPES),
    walletPubkey: address,
    /** the message form: base58 of the 64-byte signature over the challenge's text */
    signature: opt(
      rule<string>(
        'must be a base58 signature of 64 bytes',
        (x) => typeof x === 'string' && /^[1-9A-HJ-NP-Za-km-z]{64,90}$/.test(x),
      ),
    ),
    /** the transaction form: the challenge transaction, signed */
    signedTransaction: opt(signedTx),
  }),
  check(
    (b) =>
      b.type !== 'message' ||
      (b.signature !== undefined
        ? b.signedTransaction === undefined ||
          refuse('signedTransaction', 'is for the transaction form (type "transaction")')
        : refuse('signature', 'is required with type "message"')),
  ),
  check(
    (b) =>
      b.type !== 'transaction' ||
      (b.signedTransaction !== undefined
        ? b.signature === undefined || refuse('signature', 'is for the message form (type "message")')
        : refuse('signedTransaction', 'is required with type "transaction"')),
  ),
);
export type VerifyRequest = Infer<typeof verifyRequest>;

/** Three base64url parts; anything else is not put in a header. */
const jwt = is<string>(
  'a JWT (three base64url parts)',
  (x) => typeof x === 'string' && x.length <= 8192 && /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/.test(x),
);
const verifyAnswer = obj({ token: jwt });
export type VerifyAnswer = Infer<typeof verifyAnswer>;

// ---------- GET /trigger/v2/vault, GET /trigger/v2/vault/register ----------

/** an address the answer must give (what is deposited to is checked against it) */
const anAddress = is<string>('a base58 address', isAddress);

const vault = obj({
  userPubkey: anAddress,
  vaultPubkey: anAddress,
  privyVaultId: maybe(str),
  privyUserId: nullish(str),
});
export type Vault = Infer<typeof vault>;

// ---------- POST /trigger/v2/deposit/craft ----------

const depositRequest = pipe(
  obj({
    inputMint: address,
    outputMint: address,
    userAddress: address,
    amount: positiveRaw,
    orderType: among(DEPOSIT_ORDER_TYPES),
    orderSubType: opt(among(PRICE_ORDER_TYPES)),
    jlMint: opt(address),
  }),
  check((b) => differentMints(b)),
  check(
    (b) =>
      b.orderType !== 'price' ||
      b.orderSubType !== undefined ||
      refuse('orderSubType', `is required for a price order (${PRICE_ORDER_TYPES.join(', ')})`),
  ),
  check(
    (b) =>
      b.orderType !== 'dca' ||
      b.orderSubType === undefined ||
      refuse('orderSubType', 'must be left out for a dca order'),
  ),
  check((b) => b.orderType === 'dca' || b.jlMint === undefined || refuse('jlMint', 'is for dca orders only')),
);
export type DepositRequest = Infer<typeof depositRequest>;

const depositAnswer = obj({
  transaction: base64,
  requestId: nonEmptyStr,
  /** the vault: what the deposit must pay to */
  receiverAddress: anAddress,
  mint: nonEmptyStr,
  amount: rawAmount,
  tokenDecimals: maybe(uint),
  inputTokenAccount: maybe(str),
  outputTokenAccount: maybe(str),
  jlTokenAccount: maybe(str),
});
export type DepositAnswer = Infer<typeof depositAnswer>;

// ---------- POST /trigger/v2/orders/price ----------

const priceLegs = {
  triggerCondition: opt(among(TRIGGER_CONDITIONS)),
  triggerPriceUsd: opt(usd),
  trailingBps: opt(trailingBps),
  slippageBps: opt(bps),
  tpPriceUsd: opt(usd),
  slPriceUsd: opt(usd),
  tpSlippageBps: opt(bps),
  slSlippageBps: opt(bps),
};
type Legs = { [K in keyof typeof priceLegs]?: Infer<(typeof priceLegs)[K]> };
const OCO_FIELDS = ['tpPriceUsd', 'slPriceUsd', 'tpSlippageBps', 'slSlippageBps'];

const tpAboveSl = (b: Legs) =>
  b.tpPriceUsd === undefined ||
  b.slPriceUsd === undefined ||
  b.tpPriceUsd > b.slPriceUsd ||
  refuse('tpPriceUsd', `must be above slPriceUsd (${b.slPriceUsd})`, b.tpPriceUsd);

/** The fields each kind of price order takes, and what it needs. */
function priceOrderShape(
  b: Legs & { orderType: PriceOrderType; triggerMint: string; inputMint: string; outputMint: string },
): true {
  const need = (field: keyof Legs, why: string) => b[field] !== undefined || refuse(field, why);
  if (b.orderType === 'single') {
    onlyFor(b, OCO_FIELDS, 'oco or otoco');
    need('triggerCondition', 'is required for a single order (above or below)');
    if ((b.triggerPriceUsd === undefined) === (b.trailingBps === undefined))
      refuse('triggerPriceUsd', 'exactly one of triggerPriceUsd or trailingBps must be set');
    if (b.trailingBps !== undefined) {
      // a trailing stop sells what was deposited as its price falls from its high; a trailing
      // buy-above buys the output as its price rises from its low
      if (b.triggerCondition === 'below' && b.triggerMint !== b.inputMint)
        refuse('triggerMint', 'must be inputMint for a trailing order below (a trailing stop)', b.triggerMint);
      if (b.triggerCondition === 'above' && b.triggerMint !== b.outputMint)
        refuse('triggerMint', 'must be outputMint for a trailing order above (a trailing buy)', b.triggerMint);
    }
    return true;
  }
  onlyFor(b, ['trailingBps'], b.orderType);
  need('tpPriceUsd', `is required for an ${b.orderType} order`);
  need('slPriceUsd', `is required for an ${b.orderType} order`);
  if (b.orderType === 'oco') onlyFor(b, ['triggerCondition', 'triggerPriceUsd', 'slippageBps'], 'oco');
  else {
    need('triggerCondition', 'is required for an otoco order (the entry: above or below)');
    need('triggerPriceUsd', 'is required for an otoco order (the entry price)');
  }
  return tpAboveSl(b);
}

const priceOrderRequest = pipe(
  obj({
    orderType: among(PRICE_ORDER_TYPES),
    depositRequestId: text,
    depositSignedTx: signedTx,
    userPubkey: address,
    inputMint: address,
    inputAmount: positiveRaw,
    outputMint: address,
    triggerMint: address,
    /** required, and in the future: the service has no order that never expires */
    expiresAt: unixMs,
    ...priceLegs,
  }),
  check((b) => differentMints(b)),
  check((b) => priceOrderShape(b)),
);
export type PriceOrderRequest = Infer<typeof priceOrderRequest>;

/** The rules of a price order that depend on the time: its expiry must be ahead of `nowMs`. */
export function priceOrderRules(b: Pick<PriceOrderRequest, 'expiresAt'>, nowMs: number): void {
  if (b.expiresAt <= nowMs)
    refuse('expiresAt', `must be in the future (now ${nowMs} ms, got ${b.expiresAt})`, b.expiresAt);
}

const priceOrderCreated = obj({
  id: nonEmptyStr,
  txSignature: maybe(str),
  depositConfirmed: maybe(bool),
  /** said on a retry of a create that already went through */
  message: maybe(str),
});
export type PriceOrderCreated = Infer<typeof priceOrderCreated>;

// ---------- PATCH /trigger/v2/orders/price/{orderId} ----------

const editEntries = {
  orderId,
  orderType: among(PRICE_ORDER_TYPES),
  triggerPriceUsd: opt(usd),
  trailingBps: opt(trailingBps),
  slippageBps: opt(bps),
  tpPriceUsd: opt(usd),
  slPriceUsd: opt(usd),
  tpSlippageBps: opt(bps),
  slSlippageBps: opt(bps),
};
const CHANGES = Object.keys(editEntries).filter((k) => k !== 'orderId' && k !== 'orderType');

// The expiry cannot be changed here: the service's pages say it can, its schema has no field for it.
const editRequest = pipe(
  obj(editEntries),
  check(
    (b) =>
      CHANGES.some((k) => (b as Record<string, unknown>)[k] !== undefined) ||
      refuse('orderType', `needs at least one change beside it (${CHANGES.join(', ')})`),
  ),
  check(
    (b) =>
      b.triggerPriceUsd === undefined ||
      b.trailingBps === undefined ||
      refuse('trailingBps', 'must not be given together with triggerPriceUsd'),
  ),
  check((b) =>
    b.orderType === 'single'
      ? onlyFor(b, OCO_FIELDS, 'oco or otoco')
      : b.orderType === 'oco'
        ? onlyFor(b, ['triggerPriceUsd', 'trailingBps', 'slippageBps'], 'oco')
        : onlyFor(b, ['trailingBps'], 'otoco'),
  ),
  check((b) => tpAboveSl(b)),
);
export type EditRequest = Infer<typeof editRequest>;

const idAnswer = obj({ id: nonEmptyStr });
export type IdAnswer = Infer<typeof idAnswer>;

// ---------- cancelling: POST …/cancel/{id} then POST …/confirm-cancel/{id} ----------

const cancelRequest = obj({ orderId });
export type CancelRequest = Infer<typeof cancelRequest>;

/** the withdrawal to sign: the order's funds from the vault back to the wallet */
const cancelAnswer = obj({ id: nonEmptyStr, transaction: base64, requestId: nonEmptyStr });
export type CancelAnswer = Infer<typeof cancelAnswer>;

const confirmCancelRequest = obj({ orderId, signedTransaction: signedTx, cancelRequestId: text });
export type ConfirmCancelRequest = Infer<typeof confirmCancelRequest>;

const confirmCancelAnswer = obj({ id: nonEmptyStr, txSignature: maybe(str) });
export type ConfirmCancelAnswer = Infer<typeof confirmCancelAnswer>;

const dcaCancelRequest = obj({ id: orderId });
const dcaConfirmCancelRequest = obj({ id: orderId, signedTransaction: signedTx, cancelRequestId: text });

const dcaCancelAnswer = obj({
  id: nonEmptyStr,
  roundsRemaining: maybe(num),
  refundAmount: maybe(rawAmount),
  transaction: base64,
  requestId: nonEmptyStr,
});
export type DcaCancelAnswer = Infer<typeof dcaCancelAnswer>;

// ---------- GET /trigger/v2/orders/history (price orders) ----------

const offset = asQueryNumber(rule<number>('must be an integer >= 0', (x) => safeInt(x) && x >= 0));

const historyParams = obj({
  state: opt(among(HISTORY_STATES)),
  mint: opt(address),
  limit: opt(intIn(1, 100)),
  offset: opt(offset),
  sort: opt(among(PRICE_HISTORY_SORTS)),
  dir: opt(among(SORT_DIRECTIONS)),
});
export type PriceHistoryParams = Infer<typeof historyParams>;

const pagination = maybe(obj({ total: maybe(uint), limit: maybe(uint), offset: maybe(uint) }));

/**
 * An event of an order. `mint` + `amount` are what was deposited, withdrawn or sold; a fill adds
 * `outputMint` + `outputAmount` and `orderContext` (which leg: see ORDER_CONTEXTS; other text kept).
 */
const priceEvent = obj({
  type: str,
  timestamp: maybe(num),
  txSignature: maybe(str),
  state: maybe(str),
  mint: maybe(str),
  amount: maybe(rawAmount),
  outputMint: maybe(str),
  outputAmount: maybe(rawAmount),
  orderContext: maybe(str),
});
export type PriceOrderEvent = Infer<typeof priceEvent>;

const priceOrder = obj({
  id: nonEmptyStr,
  orderType: str,
  /** pending, open, executing, filled, pending_withdraw, cancelled, expired, failed; other text kept */
  orderState: str,
  rawState: maybe(str),
  userPubkey: nonEmptyStr,
  /** the vault the order fills from */
  privyWalletPubkey: maybe(str),
  inputMint: nonEmptyStr,
  initialInputAmount: maybe(rawAmount),
  remainingInputAmount: maybe(rawAmount),
  outputMint: nonEmptyStr,
  triggerMint: maybe(str),
  triggerCondition: maybe(str),
  /** a trailing order's current (moving) trigger */
  triggerPriceUsd: maybe(num),
  slippageBps: maybe(num),
  expiresAt: nullish(num),
  createdAt: maybe(num),
  updatedAt: maybe(num),
  triggeredAt: nullish(num),
  outputAmount: nullish(rawAmount),
  inputUsed: nullish(rawAmount),
  /** 1 = filled in full */
  fillPercent: nullish(num),
  trailingBps: nullish(num),
  highWatermark: nullish(num),
  lowWatermark: nullish(num),
  // an oco or otoco order's legs: not in the service's description of a listed order, shown when sent
  tpPriceUsd: maybe(num),
  slPriceUsd: maybe(num),
  tpSlippageBps: maybe(num),
  slSlippageBps: maybe(num),
  events: maybe(arr(priceEvent)),
});
export type PriceOrderV2 = Infer<typeof priceOrder>;

const priceHistory = obj({ orders: arr(priceOrder), pagination });
export type PriceHistory = Infer<typeof priceHistory>;

// ---------- POST /trigger/v2/orders/dca ----------

const dcaRequest = pipe(
  obj({
    depositRequestId: text,
    depositSignedTx: signedTx,
    userPubkey: address,
    inputMint: address,
    outputMint: address,
    /** the whole deposit; each round is inputAmount / orderCount, the remainder in the last */
    inputAmount: positiveRaw,
    orderCount: rule<number>('must be an integer >= 2', (x) => safeInt(x) && x >= 2),
    intervalSeconds: intIn(DCA_INTERVAL_SECONDS.min, DCA_INTERVAL_SECONDS.max),
    orderType: opt(among(DCA_ORDER_TYPES)),
    minPriceUsd: opt(usd),
    maxPriceUsd: opt(usd),
    triggerMint: opt(address),
    beginFillAt: opt(isoTime),
    jlEnabled: opt(flag),
    jlMint: opt(address),
  }),
  check((b) => differentMints(b)),
  check((b) =>
    (b.orderType ?? 'time_based') === 'time_based'
      ? onlyFor(b, ['minPriceUsd', 'maxPriceUsd'], 'time_based')
      : (b.triggerMint !== undefined ||
          refuse('triggerMint', 'is required for a price_conditional order (the mint whose price is watched)')) &&
        (b.minPriceUsd !== undefined ||
          b.maxPriceUsd !== undefined ||
          refuse('minPriceUsd', 'or maxPriceUsd is required for a price_conditional order')),
  ),
  check(
    (b) =>
      b.minPriceUsd === undefined ||
      b.maxPriceUsd === undefined ||
      b.minPriceUsd <= b.maxPriceUsd ||
      refuse('minPriceUsd', `must not be above maxPriceUsd (${b.maxPriceUsd})`, b.minPriceUsd),
  ),
  check(
    (b) =>
      b.jlEnabled !== true ||
      (((b.orderType ?? 'time_based') === 'time_based' ||
        refuse('jlEnabled', 'is only supported for time_based orders')) &&
        (b.jlMint !== undefined || refuse('jlMint', 'is required when jlEnabled is true'))),
  ),
);
export type DcaRequest = Infer<typeof dcaRequest>;

/** The rules of a DCA order that depend on the time: a first round ahead of `nowMs`, within 30 days. */
export function dcaOrderRules(b: Pick<DcaRequest, 'beginFillAt'>, nowMs: number): void {
  if (b.beginFillAt === undefined) return;
  const at = Date.parse(b.beginFillAt);
  if (at <= nowMs) refuse('beginFillAt', 'must be in the future', b.beginFillAt);
  if (at > nowMs + DCA_MAX_BEGIN_DAYS * 86_400_000)
    refuse('beginFillAt', `must be at most ${DCA_MAX_BEGIN_DAYS} days ahead`, b.beginFillAt);
}

const dcaCreated = obj({ id: nonEmptyStr, txSignature: maybe(str) });
export type DcaCreated = Infer<typeof dcaCreated>;

// ---------- GET /trigger/v2/orders/history/dca ----------

const dcaHistoryParams = obj({
  state: opt(among(HISTORY_STATES)),
  mint: opt(address),
  limit: opt(intIn(1, 100)),
  offset: opt(offset),
  sort: opt(among(DCA_HISTORY_SORTS)),
  dir: opt(among(SORT_DIRECTIONS)),
});
export type DcaHistoryParams = Infer<typeof dcaHistoryParams>;

const dcaEvent = obj({
  type: str,
  timestamp: maybe(str),
  txSignature: maybe(str),
  roundNumber: maybe(num),
  inputAmount: maybe(rawAmount),
  outputAmount: maybe(rawAmount),
  /** success, failed, rescheduled, pending */
  state: maybe(str),
  attemptCount: maybe(num),
});
export type DcaEvent = Infer<typeof dcaEvent>;

const dcaOrder = obj({
  id: nonEmptyStr,
  requestId: maybe(str),
  userPubkey: maybe(str),
  vaultPubkey: maybe(str),
  inputMint: nonEmptyStr,
  outputMint: nonEmptyStr,
  inputAmountInitial: maybe(rawAmount),
  /** not zeroed by a cancel: read `state` */
  inputAmountRemaining: maybe(rawAmount),
  amountPerRound: maybe(rawAmount),
  outputAmountTotal: maybe(rawAmount),
  inputAmountUsed: maybe(rawAmount),
  orderType: maybe(str),
  minPriceUsd: nullish(num),
  maxPriceUsd: nullish(num),
  triggerMint: nullish(str),
  retryWindowSeconds: nullish(num),
  jlEnabled: maybe(bool),
  jlYieldUsd: nullish(num),
  numberOfRounds: maybe(num),
  intervalSeconds: maybe(num),
  roundsFilled: maybe(num),
  fillPercent: maybe(num),
  beginFillAt: nullish(str),
  nextFillAt: nullish(str),
  lastFillAt: nullish(str),
  createdAt: maybe(str),
  updatedAt: maybe(str),
  /** depositing, active, executing, withdrawing, completed, cancelled, deposit_failed; other text kept */
  state: str,
  displayState: maybe(str),
  events: maybe(arr(dcaEvent)),
});
export type DcaOrderV2 = Infer<typeof dcaOrder>;

const dcaHistory = obj({ orders: arr(dcaOrder), pagination });
export type DcaHistory = Infer<typeof dcaHistory>;

// ---------- the table ----------

const jwtOp: typeof op = (method, path, request, response) => op(method, path, request, response, true);

export const TRIGGER_V2_OPERATIONS = {
  triggerV2Challenge: op('POST', '/trigger/v2/auth/challenge', challengeRequest, challengeAnswer),
  triggerV2Verify: op('POST', '/trigger/v2/auth/verify', verifyRequest, verifyAnswer),
  triggerV2Vault: jwtOp('GET', '/trigger/v2/vault', none, vault),
  // a GET that makes the vault (as the service has it); 201 with the vault, 409 when there is one
  triggerV2RegisterVault: jwtOp('GET', '/trigger/v2/vault/register', none, vault),
  triggerV2Deposit: jwtOp('POST', '/trigger/v2/deposit/craft', depositRequest, depositAnswer),
  triggerV2CreatePrice: jwtOp('POST', '/trigger/v2/orders/price', priceOrderRequest, priceOrderCreated),
  triggerV2EditPrice: jwtOp('PATCH', '/trigger/v2/orders/price/{orderId}', editRequest, idAnswer),
  triggerV2CancelPrice: jwtOp('POST', '/trigger/v2/orders/price/cancel/{orderId}', cancelRequest, cancelAnswer),
  triggerV2ConfirmCancelPrice: jwtOp(
    'POST',
    '/trigger/v2/orders/price/confirm-cancel/{orderId}',
    confirmCancelRequest,
    confirmCancelAnswer,
  ),
  triggerV2PriceHistory: jwtOp('GET', '/trigger/v2/orders/history', historyParams, priceHistory),
  triggerV2CreateDca: jwtOp('POST', '/trigger/v2/orders/dca', dcaRequest, dcaCreated),
  triggerV2CancelDca: jwtOp('POST', '/trigger/v2/orders/dca/cancel/{id}', dcaCancelRequest, dcaCancelAnswer),
  triggerV2ConfirmCancelDca: jwtOp(
    'POST',
    '/trigger/v2/orders/dca/confirm-cancel/{id}',
    dcaConfirmCancelRequest,
    confirmCancelAnswer,
  ),
  triggerV2DcaHistory: jwtOp('GET', '/trigger/v2/orders/history/dca', dcaHistoryParams, dcaHistory),
  triggerV2DcaOrder: jwtOp('GET', '/trigger/v2/orders/history/dca/{id}', obj({ id: orderId }), dcaOrder),
  // one price order by id: only in the service's contributor notes (and its error list), kept for a detail view
  triggerV2PriceOrder: jwtOp('GET', '/trigger/v2/orders/history/{orderId}', cancelRequest, priceOrder),
};
