// The service's current order generation (Trigger API V2, under /trigger/v2): a login by a
// challenge the wallet signs (a JWT then goes with every other call), one custodial vault per
// wallet that orders fill from without a signature per fill, price orders (single above/below,
// trailing, OCO, OTOCO) and DCA orders, each created from a signed deposit, edited (price orders),
// cancelled with a withdrawal the wallet signs, and listed with their fills.
// Where the published description leaves a gap, the reading closest to the first generation is
// taken and said beside the field.
import {
  check,
  finite,
  forward,
  gtValue,
  literal,
  maxLength,
  never,
  nullish,
  number,
  optional,
  partialCheck,
  picklist,
  pipe,
  regex,
  string,
  variant,
  type InferOutput,
} from 'valibot';
import { isAddress } from '../../chain/base58.js';
import { RequestRuleError } from './ruleErrors.js';
import {
  address,
  among,
  arr,
  base64,
  bool,
  flag,
  intAtLeast,
  intIn,
  maybe,
  must,
  nonEmptyStr,
  num,
  obj,
  positiveRaw,
  rawAmount,
  signedTx,
  str,
  text,
  uint,
  fields,
} from './schema.js';
import { jwtOp, none, op } from './operation.js';

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
    throw new RequestRuleError(field, `must be worth at least ${minimum} USD (current value: ${usd.toFixed(2)} USD)`);
}

const MAX_BPS = 10_000;

/** A rule's message, or `missing` when the field is absent where this kind of order needs it. */
const orMissing =
  (rule: string, missing: string) =>
  (issue: { input: unknown }): string =>
    issue.input === undefined ? missing : rule;
/** A field another kind of order takes: here it must be absent. */
const notFor = (kind: string) => optional(never(`is not for ${kind} orders`));

const bps = intIn(0, MAX_BPS);
const USD = 'must be a positive number of USD';
const usd = (message: ReturnType<typeof orMissing> | string = USD) =>
  pipe(number(message), finite(message), gtValue(0, message));
const trailingBps = intIn(TRAILING_BPS.min, TRAILING_BPS.max);
const ORDER_ID = 'must be an order id (non-empty, without /)';
const orderId = pipe(
  string(ORDER_ID),
  check((x) => x.trim() !== '' && !x.includes('/') && x.length <= 200, ORDER_ID),
);
const unixMs = intAtLeast(1, 'must be a unix time in milliseconds (an integer)');
const ISO_TIME = 'must be an ISO-8601 time such as 2026-03-01T12:00:00Z';
const isoTime = pipe(
  string(ISO_TIME),
  regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d)$/, ISO_TIME),
  check((x) => !Number.isNaN(Date.parse(x)), ISO_TIME),
);
/** The rule every order shares: two different mints (named on outputMint). */
const MINTS = [['inputMint'], ['outputMint']] as const;
const mintsDiffer = (b: { inputMint: string; outputMint: string }) => b.inputMint !== b.outputMint;
const SAME_MINTS = 'must differ from inputMint';

// ---------- POST /trigger/v2/auth/challenge, POST /trigger/v2/auth/verify ----------

const challengeRequest = fields({ walletPubkey: address, type: among(CHALLENGE_TYPES) });
export type ChallengeRequest = InferOutput<typeof challengeRequest>;

const CHALLENGE_TEXT = 'is missing (a message challenge must carry its text)';
const CHALLENGE_TX = 'is missing (a transaction challenge must carry its transaction)';
const challengeAnswer = variant(
  'type',
  [
    obj({
      type: literal('message'),
      challenge: pipe(
        string(CHALLENGE_TEXT),
        check((x) => x !== '', CHALLENGE_TEXT),
      ),
      transaction: maybe(base64),
    }),
    obj({
      type: literal('transaction'),
      challenge: maybe(str),
      transaction: pipe(
        string(CHALLENGE_TX),
        check((x) => x !== '', CHALLENGE_TX),
        base64,
      ),
    }),
  ],
  must('"message" or "transaction"'),
);
export type ChallengeAnswer = InferOutput<typeof challengeAnswer>;

const SIGNATURE = 'must be a base58 signature of 64 bytes';
/** the message form: base58 of the 64-byte signature over the challenge's text */
const signature = pipe(
  string(orMissing(SIGNATURE, 'is required with type "message"')),
  regex(/^[1-9A-HJ-NP-Za-km-z]{64,90}$/, SIGNATURE),
);
/** the transaction form: the challenge transaction, signed */
const signedChallenge = pipe(
  string(orMissing('must be a base-64 transaction', 'is required with type "transaction"')),
  signedTx,
);
const verifyRequest = variant(
  'type',
  [
    fields({
      type: literal('message'),
      walletPubkey: address,
      signature,
      signedTransaction: optional(never('is for the transaction form (type "transaction")')),
    }),
    fields({
      type: literal('transaction'),
      walletPubkey: address,
      signedTransaction: signedChallenge,
      signature: optional(never('is for the message form (type "message")')),
    }),
  ],
  `must be one of ${CHALLENGE_TYPES.join(', ')}`,
);
export type VerifyRequest = InferOutput<typeof verifyRequest>;

/** Three base64url parts; anything else is not put in a header. */
const JWT = must('a JWT (three base64url parts)');
const jwt = pipe(string(JWT), maxLength(8192, JWT), regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/, JWT));
const verifyAnswer = obj({ token: jwt });
export type VerifyAnswer = InferOutput<typeof verifyAnswer>;

// ---------- GET /trigger/v2/vault, GET /trigger/v2/vault/register ----------

/** an address the answer must give (what is deposited to is checked against it) */
const ADDRESS = must('a base58 address');
const anAddress = pipe(
  string(ADDRESS),
  check((x) => isAddress(x), ADDRESS),
);

const vault = obj({
  userPubkey: anAddress,
  vaultPubkey: anAddress,
  privyVaultId: maybe(str),
  privyUserId: nullish(str, null),
});
export type Vault = InferOutput<typeof vault>;

// ---------- POST /trigger/v2/deposit/craft ----------

const depositEntries = {
  inputMint: address,
  outputMint: address,
  userAddress: address,
  amount: positiveRaw,
};
const depositRequest = variant(
  'orderType',
  [
    pipe(
      fields({
        ...depositEntries,
        orderType: literal('price'),
        orderSubType: picklist(
          PRICE_ORDER_TYPES,
          orMissing(
            `must be one of ${PRICE_ORDER_TYPES.join(', ')}`,
            `is required for a price order (${PRICE_ORDER_TYPES.join(', ')})`,
          ),
        ),
        jlMint: optional(never('is for dca orders only')),
      }),
      forward(partialCheck(MINTS, mintsDiffer, SAME_MINTS), ['outputMint']),
    ),
    pipe(
      fields({
        ...depositEntries,
        orderType: literal('dca'),
        orderSubType: optional(never('must be left out for a dca order')),
        jlMint: optional(address),
      }),
      forward(partialCheck(MINTS, mintsDiffer, SAME_MINTS), ['outputMint']),
    ),
  ],
  `must be one of ${DEPOSIT_ORDER_TYPES.join(', ')}`,
);
export type DepositRequest = InferOutput<typeof depositRequest>;

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
export type DepositAnswer = InferOutput<typeof depositAnswer>;

// ---------- POST /trigger/v2/orders/price ----------

const priceOrderEntries = {
  depositRequestId: text,
  depositSignedTx: signedTx,
  userPubkey: address,
  inputMint: address,
  inputAmount: positiveRaw,
  outputMint: address,
  triggerMint: address,
  /** required, and in the future: the service has no order that never expires */
  expiresAt: unixMs,
};
const CONDITION = `must be one of ${TRIGGER_CONDITIONS.join(', ')}`;
const condition = (missing: string) => picklist(TRIGGER_CONDITIONS, orMissing(CONDITION, missing));
const ocoLegs = (kind: string) => ({
  tpPriceUsd: usd(orMissing(USD, `is required for an ${kind} order`)),
  slPriceUsd: usd(orMissing(USD, `is required for an ${kind} order`)),
  tpSlippageBps: optional(bps),
  slSlippageBps: optional(bps),
});
/** An OCO's legs: the take-profit above the stop-loss (named on tpPriceUsd). */
const LEGS = [['tpPriceUsd'], ['slPriceUsd']] as const;
const tpAboveSl = (b: { tpPriceUsd?: number; slPriceUsd?: number }) =>
  b.tpPriceUsd === undefined || b.slPriceUsd === undefined || b.tpPriceUsd > b.slPriceUsd;
const TP_BELOW_SL = (issue: { input: { slPriceUsd?: number } }) =>
  `must be above slPriceUsd (${issue.input.slPriceUsd})`;
/** The expiry's rule against a clock (none: not checked here). */
const ahead = (nowMs: number | undefined, b: { expiresAt: number }) => nowMs === undefined || b.expiresAt > nowMs;
const notAhead = (nowMs: number | undefined) => `must be in the future (now ${nowMs} ms)`;

/**
 * The kinds of price order, each with the fields it takes; `nowMs`: also the rule that depends on
 * the time (the expiry ahead of it).
 */
function priceOrderSchema(nowMs?: number) {
  return variant(
    'orderType',
    [
      // above or below one price, or trailing: a trailing stop sells what was deposited as its
      // price falls from its high; a trailing buy-above buys the output as its price rises from its low
      pipe(
        fields({
          orderType: literal('single'),
          ...priceOrderEntries,
          triggerCondition: condition('is required for a single order (above or below)'),
          triggerPriceUsd: optional(usd()),
          trailingBps: optional(trailingBps),
          slippageBps: optional(bps),
          tpPriceUsd: notFor('oco or otoco'),
          slPriceUsd: notFor('oco or otoco'),
          tpSlippageBps: notFor('oco or otoco'),
          slSlippageBps: notFor('oco or otoco'),
        }),
        forward(partialCheck(MINTS, mintsDiffer, SAME_MINTS), ['outputMint']),
        forward(
          partialCheck(
            [['triggerPriceUsd'], ['trailingBps']],
            (b) => (b.triggerPriceUsd === undefined) !== (b.trailingBps === undefined),
            'exactly one of triggerPriceUsd or trailingBps must be set',
          ),
          ['triggerPriceUsd'],
        ),
        forward(
          partialCheck(
            [['trailingBps'], ['triggerCondition'], ['triggerMint'], ['inputMint']],
            (b) => b.trailingBps === undefined || b.triggerCondition !== 'below' || b.triggerMint === b.inputMint,
            'must be inputMint for a trailing order below (a trailing stop)',
          ),
          ['triggerMint'],
        ),
        forward(
          partialCheck(
            [['trailingBps'], ['triggerCondition'], ['triggerMint'], ['outputMint']],
            (b) => b.trailingBps === undefined || b.triggerCondition !== 'above' || b.triggerMint === b.outputMint,
            'must be outputMint for a trailing order above (a trailing buy)',
          ),
          ['triggerMint'],
        ),
        forward(
          check((b) => ahead(nowMs, b), notAhead(nowMs)),
          ['expiresAt'],
        ),
      ),
      // one cancels the other: a take-profit and a stop-loss on what was deposited
      pipe(
        fields({
          orderType: literal('oco'),
          ...priceOrderEntries,
          triggerCondition: notFor('oco'),
          triggerPriceUsd: notFor('oco'),
          trailingBps: notFor('oco'),
          slippageBps: notFor('oco'),
          ...ocoLegs('oco'),
        }),
        forward(partialCheck(MINTS, mintsDiffer, SAME_MINTS), ['outputMint']),
        forward(partialCheck(LEGS, tpAboveSl, TP_BELOW_SL), ['tpPriceUsd']),
        forward(
          check((b) => ahead(nowMs, b), notAhead(nowMs)),
          ['expiresAt'],
        ),
      ),
      // an entry (above or below a price) that, once filled, opens an OCO on what it bought
      pipe(
        fields({
          orderType: literal('otoco'),
          ...priceOrderEntries,
          triggerCondition: condition('is required for an otoco order (the entry: above or below)'),
          triggerPriceUsd: usd(orMissing(USD, 'is required for an otoco order (the entry price)')),
          trailingBps: notFor('otoco'),
          slippageBps: optional(bps),
          ...ocoLegs('otoco'),
        }),
        forward(partialCheck(MINTS, mintsDiffer, SAME_MINTS), ['outputMint']),
        forward(partialCheck(LEGS, tpAboveSl, TP_BELOW_SL), ['tpPriceUsd']),
        forward(
          check((b) => ahead(nowMs, b), notAhead(nowMs)),
          ['expiresAt'],
        ),
      ),
    ],
    `must be one of ${PRICE_ORDER_TYPES.join(', ')}`,
  );
}
const priceOrderRequest = priceOrderSchema();
export type PriceOrderRequest = InferOutput<typeof priceOrderRequest>;

/** A price order's rules with the one that depends on the time: its expiry must be ahead of `nowMs`. */
export const priceOrderAt = (nowMs: number) => priceOrderSchema(nowMs);

const priceOrderCreated = obj({
  id: nonEmptyStr,
  txSignature: maybe(str),
  depositConfirmed: maybe(bool),
  /** said on a retry of a create that already went through */
  message: maybe(str),
});
export type PriceOrderCreated = InferOutput<typeof priceOrderCreated>;

// ---------- PATCH /trigger/v2/orders/price/{orderId} ----------

const CHANGES = [
  'triggerPriceUsd',
  'trailingBps',
  'slippageBps',
  'tpPriceUsd',
  'slPriceUsd',
  'tpSlippageBps',
  'slSlippageBps',
] as const;
const changeEntries = {
  orderId,
  triggerPriceUsd: optional(usd()),
  trailingBps: optional(trailingBps),
  slippageBps: optional(bps),
  tpPriceUsd: optional(usd()),
  slPriceUsd: optional(usd()),
  tpSlippageBps: optional(bps),
  slSlippageBps: optional(bps),
};

/** At least one change beside the order's type (named on orderType). */
const changes = (b: Partial<Record<(typeof CHANGES)[number], number>>) => CHANGES.some((k) => b[k] !== undefined);
const NO_CHANGE = `needs at least one change beside it (${CHANGES.join(', ')})`;
const PRICE_OR_TRAIL = [['triggerPriceUsd'], ['trailingBps']] as const;
const priceOrTrail = (b: { triggerPriceUsd?: number; trailingBps?: number }) =>
  b.triggerPriceUsd === undefined || b.trailingBps === undefined;
const BOTH = 'must not be given together with triggerPriceUsd';

// The expiry cannot be changed here: the service's pages say it can, its schema has no field for it.
const editRequest = variant(
  'orderType',
  [
    pipe(
      fields({
        ...changeEntries,
        orderType: literal('single'),
        tpPriceUsd: notFor('oco or otoco'),
        slPriceUsd: notFor('oco or otoco'),
        tpSlippageBps: notFor('oco or otoco'),
        slSlippageBps: notFor('oco or otoco'),
      }),
      forward(
        check((b) => changes(b), NO_CHANGE),
        ['orderType'],
      ),
      forward(partialCheck(PRICE_OR_TRAIL, priceOrTrail, BOTH), ['trailingBps']),
    ),
    pipe(
      fields({
        ...changeEntries,
        orderType: literal('oco'),
        triggerPriceUsd: notFor('oco'),
        trailingBps: notFor('oco'),
        slippageBps: notFor('oco'),
      }),
      forward(
        check((b) => changes(b), NO_CHANGE),
        ['orderType'],
      ),
      forward(partialCheck(LEGS, tpAboveSl, TP_BELOW_SL), ['tpPriceUsd']),
    ),
    pipe(
      fields({ ...changeEntries, orderType: literal('otoco'), trailingBps: notFor('otoco') }),
      forward(
        check((b) => changes(b), NO_CHANGE),
        ['orderType'],
      ),
      forward(partialCheck(LEGS, tpAboveSl, TP_BELOW_SL), ['tpPriceUsd']),
    ),
  ],
  `must be one of ${PRICE_ORDER_TYPES.join(', ')}`,
);
export type EditRequest = InferOutput<typeof editRequest>;

const idAnswer = obj({ id: nonEmptyStr });
export type IdAnswer = InferOutput<typeof idAnswer>;

// ---------- cancelling: POST …/cancel/{id} then POST …/confirm-cancel/{id} ----------

const cancelRequest = fields({ orderId });
export type CancelRequest = InferOutput<typeof cancelRequest>;

/** the withdrawal to sign: the order's funds from the vault back to the wallet */
const cancelAnswer = obj({ id: nonEmptyStr, transaction: base64, requestId: nonEmptyStr });
export type CancelAnswer = InferOutput<typeof cancelAnswer>;

const confirmCancelRequest = fields({ orderId, signedTransaction: signedTx, cancelRequestId: text });
export type ConfirmCancelRequest = InferOutput<typeof confirmCancelRequest>;

const confirmCancelAnswer = obj({ id: nonEmptyStr, txSignature: maybe(str) });
export type ConfirmCancelAnswer = InferOutput<typeof confirmCancelAnswer>;

const dcaCancelRequest = fields({ id: orderId });
const dcaConfirmCancelRequest = fields({ id: orderId, signedTransaction: signedTx, cancelRequestId: text });

const dcaCancelAnswer = obj({
  id: nonEmptyStr,
  roundsRemaining: maybe(num),
  refundAmount: maybe(rawAmount),
  transaction: base64,
  requestId: nonEmptyStr,
});
export type DcaCancelAnswer = InferOutput<typeof dcaCancelAnswer>;

// ---------- GET /trigger/v2/orders/history (price orders) ----------

const offset = intAtLeast(0, 'must be an integer >= 0');

const historyParams = fields({
  state: optional(among(HISTORY_STATES)),
  mint: optional(address),
  limit: optional(intIn(1, 100)),
  offset: optional(offset),
  sort: optional(among(PRICE_HISTORY_SORTS)),
  dir: optional(among(SORT_DIRECTIONS)),
});
export type PriceHistoryParams = InferOutput<typeof historyParams>;

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
export type PriceOrderEvent = InferOutput<typeof priceEvent>;

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
  expiresAt: nullish(num, null),
  createdAt: maybe(num),
  updatedAt: maybe(num),
  triggeredAt: nullish(num, null),
  outputAmount: nullish(rawAmount, null),
  inputUsed: nullish(rawAmount, null),
  /** 1 = filled in full */
  fillPercent: nullish(num, null),
  trailingBps: nullish(num, null),
  highWatermark: nullish(num, null),
  lowWatermark: nullish(num, null),
  // an oco or otoco order's legs: not in the service's description of a listed order, shown when sent
  tpPriceUsd: maybe(num),
  slPriceUsd: maybe(num),
  tpSlippageBps: maybe(num),
  slSlippageBps: maybe(num),
  events: maybe(arr(priceEvent)),
});
export type PriceOrderV2 = InferOutput<typeof priceOrder>;

const priceHistory = obj({ orders: arr(priceOrder), pagination });
export type PriceHistory = InferOutput<typeof priceHistory>;

// ---------- POST /trigger/v2/orders/dca ----------

const dcaEntries = {
  depositRequestId: text,
  depositSignedTx: signedTx,
  userPubkey: address,
  inputMint: address,
  outputMint: address,
  /** the whole deposit; each round is inputAmount / orderCount, the remainder in the last */
  inputAmount: positiveRaw,
  orderCount: intAtLeast(2, 'must be an integer >= 2'),
  intervalSeconds: intIn(DCA_INTERVAL_SECONDS.min, DCA_INTERVAL_SECONDS.max),
  triggerMint: optional(address),
  beginFillAt: optional(isoTime),
  jlEnabled: optional(flag),
  jlMint: optional(address),
};
const MIN_MAX = [['minPriceUsd'], ['maxPriceUsd']] as const;
const JL = [['jlEnabled'], ['jlMint']] as const;
const jlMintGiven = (b: { jlEnabled?: boolean; jlMint?: string }) => b.jlEnabled !== true || b.jlMint !== undefined;
const JL_MINT = 'is required when jlEnabled is true';
/** A first round given must be ahead of `nowMs`, and at most 30 days ahead (none: not checked here). */
const begins = (nowMs: number | undefined, within: boolean, b: { beginFillAt?: string }) => {
  if (nowMs === undefined || b.beginFillAt === undefined) return true;
  const at = Date.parse(b.beginFillAt);
  return within ? at <= nowMs + DCA_MAX_BEGIN_DAYS * 86_400_000 : at > nowMs;
};
const LATER = 'must be in the future';
const TOO_LATE = `must be at most ${DCA_MAX_BEGIN_DAYS} days ahead`;

/** The kinds of DCA order; `nowMs`: also the rules that depend on the time (the first round). */
function dcaSchema(nowMs?: number) {
  return variant(
    'orderType',
    [
      // rounds on a timer (what an absent orderType means)
      pipe(
        fields({
          ...dcaEntries,
          orderType: optional(literal('time_based')),
          minPriceUsd: notFor('time_based'),
          maxPriceUsd: notFor('time_based'),
        }),
        forward(partialCheck(MINTS, mintsDiffer, SAME_MINTS), ['outputMint']),
        forward(partialCheck(JL, jlMintGiven, JL_MINT), ['jlMint']),
        forward(
          check((b) => begins(nowMs, false, b), LATER),
          ['beginFillAt'],
        ),
        forward(
          check((b) => begins(nowMs, true, b), TOO_LATE),
          ['beginFillAt'],
        ),
      ),
      // rounds that fill only while the price of triggerMint is within the bounds
      pipe(
        fields({
          ...dcaEntries,
          orderType: literal('price_conditional'),
          triggerMint: pipe(
            string(
              orMissing(
                'must be a base58 address of 32 bytes',
                'is required for a price_conditional order (the mint whose price is watched)',
              ),
            ),
            address,
          ),
          minPriceUsd: optional(usd()),
          maxPriceUsd: optional(usd()),
          jlEnabled: optional(
            pipe(
              flag,
              check((x) => !x, 'is only supported for time_based orders'),
            ),
          ),
        }),
        forward(partialCheck(MINTS, mintsDiffer, SAME_MINTS), ['outputMint']),
        forward(
          partialCheck(
            MIN_MAX,
            (b) => b.minPriceUsd !== undefined || b.maxPriceUsd !== undefined,
            'or maxPriceUsd is required for a price_conditional order',
          ),
          ['minPriceUsd'],
        ),
        forward(
          partialCheck(
            MIN_MAX,
            (b) => b.minPriceUsd === undefined || b.maxPriceUsd === undefined || b.minPriceUsd <= b.maxPriceUsd,
            (issue) => `must not be above maxPriceUsd (${issue.input.maxPriceUsd})`,
          ),
          ['minPriceUsd'],
        ),
        forward(
          check((b) => begins(nowMs, false, b), LATER),
          ['beginFillAt'],
        ),
        forward(
          check((b) => begins(nowMs, true, b), TOO_LATE),
          ['beginFillAt'],
        ),
      ),
    ],
    `must be one of ${DCA_ORDER_TYPES.join(', ')}`,
  );
}
const dcaRequest = dcaSchema();
export type DcaRequest = InferOutput<typeof dcaRequest>;

/** A DCA order's rules with those that depend on the time: a first round ahead of `nowMs`, within 30 days. */
export const dcaOrderAt = (nowMs: number) => dcaSchema(nowMs);

const dcaCreated = obj({ id: nonEmptyStr, txSignature: maybe(str) });
export type DcaCreated = InferOutput<typeof dcaCreated>;

// ---------- GET /trigger/v2/orders/history/dca ----------

const dcaHistoryParams = fields({
  state: optional(among(HISTORY_STATES)),
  mint: optional(address),
  limit: optional(intIn(1, 100)),
  offset: optional(offset),
  sort: optional(among(DCA_HISTORY_SORTS)),
  dir: optional(among(SORT_DIRECTIONS)),
});
export type DcaHistoryParams = InferOutput<typeof dcaHistoryParams>;

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
export type DcaEvent = InferOutput<typeof dcaEvent>;

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
  minPriceUsd: nullish(num, null),
  maxPriceUsd: nullish(num, null),
  triggerMint: nullish(str, null),
  retryWindowSeconds: nullish(num, null),
  jlEnabled: maybe(bool),
  jlYieldUsd: nullish(num, null),
  numberOfRounds: maybe(num),
  intervalSeconds: maybe(num),
  roundsFilled: maybe(num),
  fillPercent: maybe(num),
  beginFillAt: nullish(str, null),
  nextFillAt: nullish(str, null),
  lastFillAt: nullish(str, null),
  createdAt: maybe(str),
  updatedAt: maybe(str),
  /** depositing, active, executing, withdrawing, completed, cancelled, deposit_failed; other text kept */
  state: str,
  displayState: maybe(str),
  events: maybe(arr(dcaEvent)),
});
export type DcaOrderV2 = InferOutput<typeof dcaOrder>;

const dcaHistory = obj({ orders: arr(dcaOrder), pagination });
export type DcaHistory = InferOutput<typeof dcaHistory>;

// ---------- the table ----------

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
  triggerV2DcaOrder: jwtOp('GET', '/trigger/v2/orders/history/dca/{id}', fields({ id: orderId }), dcaOrder),
  // one price order by id: only in the service's contributor notes (and its error list), kept for a detail view
  triggerV2PriceOrder: jwtOp('GET', '/trigger/v2/orders/history/{orderId}', cancelRequest, priceOrder),
};
