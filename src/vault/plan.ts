// What a standing order's words (src/orders/standing/input.ts) become when the custody is the
// service's vault: one of its price orders (single above/below, trailing, OCO, OTOCO), with the
// service's rules checked before anything is sent: a trigger in USD (so the price must be written in
// USDC or USDT, each taken as 1 USD), at least 10 USD deposited, a trailing distance of 0.5% to
// 90%, an expiry (the service has no order that never ends), slippage of 0 to 100%. A DCA's words
// (src/actions/ordersInput.ts) become the service's DCA, each round worth at least 10 USD.
// Pure: no requests.
import { fromBaseUnits } from '../text/amount.js';
import { USDC_MINT, USDT_MINT } from '../chain/mints.js';
import {
  DCA_INTERVAL_SECONDS,
  DCA_MAX_BEGIN_DAYS,
  DCA_ROUND_TOLERANCE_USD,
  defaultSlippageBps,
  orderContextOf,
  TRAILING_BPS,
  TRIGGER_V2_MIN_USD,
  type OrderContext,
  type PriceOrderType,
  type TriggerCondition,
} from '../api/contract/triggerV2.js';
import { OrderInputError, type DcaRequest, type OrderToken } from '../actions/ordersInput.js';
import { formatPercent, formatUsd } from '../text/format.js';
import type { StandingRequest } from '../orders/standing/input.js';
import { priceFloat } from '../orders/standing/terms.js';

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

function fail(m: string): never {
  throw new OrderInputError(m);
}

const STABLES = [USDC_MINT, USDT_MINT];

/** The deposit's worth in USD, refused below the service's minimum or when it cannot be known. */
function worth(amount: bigint, t: OrderToken, least: number, what: string, tolerance = 0): number {
  if (typeof t.usdPrice !== 'number' || !(t.usdPrice > 0))
    fail(
      `amount: ${t.symbol} has no USD price in the token lists now, so the service's ${least} USD minimum cannot be checked before sending; try again once the lists have it`,
    );
  const usd = Number(fromBaseUnits(amount, t.decimals, { group: false })) * t.usdPrice;
  if (usd + tolerance < least)
    fail(`${what}: ${formatUsd(usd)} is under the service's minimum of ${least} USD for an order from the vault`);
  return usd;
}

/** A scaled price in a stablecoin, as the service's USD trigger (the stablecoin taken as 1 USD). */
const usdOf = (scaled: bigint): number => Number(priceFloat(scaled).toPrecision(12));

/** A standing order's request as the service's price order from the vault. */
export function vaultPlanOf(r: StandingRequest): VaultPricePlan {
  if (!STABLES.includes(r.quote.id))
    fail(
      `custody vault: the service's trigger is a USD price, so write the price in USDC or USDT (this one is in ${r.quote.symbol})`,
    );
  // a request has one leg at least (an OCO two)
  const leg = r.legs[0]!;
  const sellLegs = leg.kind !== 'buy-above' && leg.kind !== 'buy-below' && r.entry === undefined;
  // what is watched: the token sold (a stop, a take-profit, a trailing stop) or the token bought (a buy, an entry)
  const trigger = sellLegs ? r.sell : r.buy;
  const slippage = r.capGiven ? r.capBps : undefined;
  const terms: PriceTerms = { orderType: 'single' };
  const contexts: OrderContext[] = [];
  if (r.command === 'oco') {
    const tp = usdOf(leg.trigger!);
    const sl = usdOf(r.legs[1]!.trigger!);
    const both = slippage === undefined ? {} : { tpSlippageBps: slippage, slSlippageBps: slippage };
    if (r.entry !== undefined) {
      const entry = usdOf(r.entry);
      const market = r.market;
      if (market === undefined)
        fail(
          `entry: ${r.base.symbol}'s price is not known now, so whether the entry waits for a rise or a fall cannot be said`,
        );
      const condition: TriggerCondition = entry > market ? 'above' : 'below';
      Object.assign(terms, {
        orderType: 'otoco',
        triggerCondition: condition,
        triggerPriceUsd: entry,
        tpPriceUsd: tp,
        slPriceUsd: sl,
        ...(slippage === undefined ? {} : { slippageBps: slippage }),
        ...both,
      });
      contexts.push(condition === 'above' ? 'buy_above' : 'buy_below', 'take_profit', 'stop_loss');
    } else {
      Object.assign(terms, { orderType: 'oco', tpPriceUsd: tp, slPriceUsd: sl, ...both });
      contexts.push('take_profit', 'stop_loss');
    }
  } else if (leg.kind === 'trailing-stop') {
    const bps = leg.trail?.bps;
    if (bps === undefined)
      fail(
        `distance: the service trails by a share of the price: give it as a percentage from ${TRAILING_BPS.min / 100}% to ${TRAILING_BPS.max / 100}%, e.g. 5%`,
      );
    if (bps < TRAILING_BPS.min || bps > TRAILING_BPS.max)
      fail(
        `distance: ${formatPercent(bps / 100)} is outside the service's ${TRAILING_BPS.min / 100}% to ${TRAILING_BPS.max / 100}% for a trailing order`,
      );
    Object.assign(terms, {
      triggerCondition: 'below',
      trailingBps: bps,
      ...(slippage === undefined ? {} : { slippageBps: slippage }),
    });
    contexts.push('stop_loss');
  } else {
    const condition: TriggerCondition = leg.kind === 'stop-loss' || leg.kind === 'buy-below' ? 'below' : 'above';
    Object.assign(terms, {
      triggerCondition: condition,
      triggerPriceUsd: usdOf(leg.trigger!),
      ...(slippage === undefined ? {} : { slippageBps: slippage }),
    });
    contexts.push(orderContextOf(condition, trigger.id, r.buy.id));
  }
  const usd = worth(r.amount, r.sell, TRIGGER_V2_MIN_USD, 'amount');
  return {
    family: 'price',
    sell: r.sell,
    buy: r.buy,
    trigger,
    amount: r.amount,
    terms,
    expiresAt: r.expiresAt,
    expiryText: r.expiryText,
    usd,
    contexts,
    slippageGiven: r.capGiven,
  };
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
