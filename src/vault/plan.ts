// The orders of the service's vault as planned before anything is sent: a price order (single
// above/below, trailing, OCO, OTOCO; what a standing order's words become is
// src/orders/standing/vaultPlan.ts) or a DCA, whose words (src/actions/orderRequest.ts) become the
// service's DCA here, each round worth at least 10 USD; a deposit worth at least 10 USD.
// Pure: no requests.
import { fromBaseUnits } from '../text/amount.js';
import {
  DCA_INTERVAL_SECONDS,
  DCA_MAX_BEGIN_DAYS,
  DCA_ROUND_TOLERANCE_USD,
  defaultSlippageBps,
  TRIGGER_V2_MIN_USD,
  type OrderContext,
  type PriceOrderType,
  type TriggerCondition,
} from '../api/contract/triggerV2.js';
import { OrderInputError, type DcaRequest, type OrderToken } from '../actions/orderRequest.js';
import { formatPercent, formatUsd } from '../text/format.js';

/** The fields of POST /trigger/v2/orders/price beside the deposit's. */
export interface PriceTerms {
  orderType: PriceOrderType;
  triggerCondition?: TriggerCondition;
  triggerPriceUsd?: number;
  trailingBps?: number;
  slippageBps?: number;
  tpPriceUsd?: number;
  slPriceUsd?: number;
  tpSlippageBps?: number;
  slSlippageBps?: number;
}

export interface VaultPricePlan {
  family: 'price';
  sell: OrderToken;
  buy: OrderToken;
  /** the token whose USD price the service watches */
  trigger: OrderToken;
  /** base units of sell: the deposit */
  amount: bigint;
  terms: PriceTerms;
  expiresAt: number;
  expiryText: string;
  /** the deposit's worth now (USD, the token lists' price) */
  usd: number;
  /** what each leg is, in the service's words (take_profit, stop_loss, buy_above, buy_below) */
  contexts: OrderContext[];
  /** whether the person gave the slippage; without it the service's default of each leg applies */
  slippageGiven: boolean;
}

export interface VaultDcaPlan {
  family: 'dca';
  sell: OrderToken;
  buy: OrderToken;
  amount: bigint;
  orderCount: number;
  intervalSeconds: number;
  /** ISO time of the first round; absent: at once */
  beginFillAt?: string;
  startText: string;
  usd: number;
  perRoundUsd: number;
}

export type VaultPlan = VaultPricePlan | VaultDcaPlan;

export function fail(m: string): never {
  throw new OrderInputError(m);
}

/** The deposit's worth in USD, refused below the service's minimum or when it cannot be known. */
export function worth(amount: bigint, t: OrderToken, least: number, what: string, tolerance = 0): number {
  if (typeof t.usdPrice !== 'number' || !(t.usdPrice > 0))
    fail(
      `amount: ${t.symbol} has no USD price in the token lists now, so the service's ${least} USD minimum cannot be checked before sending; try again once the lists have it`,
    );
  const usd = Number(fromBaseUnits(amount, t.decimals, { group: false })) * t.usdPrice;
  if (usd + tolerance < least)
    fail(`${what}: ${formatUsd(usd)} is under the service's minimum of ${least} USD for an order from the vault`);
  return usd;
}

/** Where an order's funds are while it waits: the wallet's own, or the service's vault. */
export const CUSTODIES = ['wallet', 'vault'] as const;
export type Custody = (typeof CUSTODIES)[number];

/** A custody word (`wallet` or `vault`, any case); `meaning` says what each is when it is neither. */
export function readCustody(value: string | undefined, meaning: string): Custody {
  if (value === undefined || value === '') fail(`custody: give wallet or vault (${meaning})`);
  const c = value.toLowerCase();
  if (!(CUSTODIES as readonly string[]).includes(c)) fail(`custody: "${value}" is not wallet or vault (${meaning})`);
  return c as Custody;
}

/** What each custody of a DCA is, said when the word is neither. */
const DCA_CUSTODY_MEANING =
  "wallet: the service's recurring order; vault: the service's DCA, filled from your vault with it";

/**
 * A DCA's custody (`custody wallet|vault` or `custody=vault` after its five words, once) and its
 * words without it, for the DCA's own reader (parseDcaArgs in src/actions/orderRequest.ts). Wallet when none is given.
 */
export function splitDcaCustody(args: readonly string[]): { custody: Custody; words: string[] } {
  const words = args.slice(0, 5);
  let custody: Custody | undefined;
  for (let i = 5; i < args.length; i++) {
    const w = args[i]!;
    const eq = w.indexOf('=');
    const name = (eq > 0 ? w.slice(0, eq) : w).toLowerCase();
    if (name !== 'custody') {
      if ((CUSTODIES as readonly string[]).includes(name))
        fail(`unexpected "${w}": write custody ${name} (after the interval: start 2h, custody wallet|vault)`);
      words.push(w);
      continue;
    }
    if (custody !== undefined) fail('custody: given twice (once: custody wallet or custody vault)');
    custody = readCustody(eq > 0 ? w.slice(eq + 1) : args[++i], DCA_CUSTODY_MEANING);
  }
  return { custody: custody ?? 'wallet', words };
}

/** A DCA's request as the service's DCA from the vault: its rounds, interval and start within the service's rules. */
export function vaultDcaPlanOf(r: DcaRequest, nowMs: number): VaultDcaPlan {
  if (r.intervalSec < DCA_INTERVAL_SECONDS.min || r.intervalSec > DCA_INTERVAL_SECONDS.max)
    fail(
      `interval: the service's DCA takes ${DCA_INTERVAL_SECONDS.min} seconds to 365 days between rounds (${r.intervalSec} s asked)`,
    );
  if (r.startDelaySec * 1000 > DCA_MAX_BEGIN_DAYS * 86_400_000)
    fail(`start: the service's DCA begins within ${DCA_MAX_BEGIN_DAYS} days (${r.startText} asked)`);
  const usd = worth(r.inAmount, r.input, TRIGGER_V2_MIN_USD * 2, 'total');
  const perRoundUsd = usd / r.numberOfOrders;
  if (perRoundUsd + DCA_ROUND_TOLERANCE_USD < TRIGGER_V2_MIN_USD)
    fail(
      `orders: each of ${r.numberOfOrders} rounds would be ${formatUsd(perRoundUsd)}, under the service's ${TRIGGER_V2_MIN_USD} USD a round; lower the number of orders or raise the total`,
    );
  return {
    family: 'dca',
    sell: r.input,
    buy: r.output,
    amount: r.inAmount,
    orderCount: r.numberOfOrders,
    intervalSeconds: r.intervalSec,
    ...(r.startAtSec !== undefined && r.startDelaySec > 0
      ? { beginFillAt: new Date(Math.max(r.startAtSec * 1000, nowMs + 60_000)).toISOString() }
      : {}),
    startText: r.startText,
    usd,
    perRoundUsd,
  };
}

/** The slippage of each leg as the dialog states it: the person's, or the service's default said plainly. */
export function slippageWords(p: VaultPricePlan): string {
  const legName: Record<OrderContext, string> = {
    take_profit: 'take-profit',
    stop_loss: 'stop-loss',
    buy_above: 'buy above',
    buy_below: 'buy below',
  };
  if (p.slippageGiven) {
    const bps = p.terms.slippageBps ?? p.terms.tpSlippageBps ?? 0;
    return `${formatPercent(bps / 100)} (${bps} bps, yours) on every leg`;
  }
  const parts = p.contexts.map((c, i) => {
    const d = defaultSlippageBps(c, p.terms.orderType === 'otoco' && i === 0);
    return `${legName[c]}: ${d === 'rtse' ? "the service's automatic estimate" : `${formatPercent(d / 100)} (${d} bps)`}`;
  });
  return `the service's defaults: ${parts.join(', ')} (a stop-loss or buy-above defaults to 2000 bps, 20%); give your own with slippage 1%`;
}
