// What a standing order's words (input.ts) become when the custody is the service's vault: one of
// its price orders (single above/below, trailing, OCO, OTOCO), with the service's rules checked
// before anything is sent: a trigger in USD (so the price must be written in USDC or USDT, each
// taken as 1 USD), at least 10 USD deposited, a trailing distance of 0.5% to 90%, an expiry (the
// service has no order that never ends), slippage of 0 to 100%. Pure: no requests.
import { USDC_MINT, USDT_MINT } from '../../chain/mints.js';
import {
  orderContextOf,
  TRAILING_BPS,
  TRIGGER_V2_MIN_USD,
  type OrderContext,
  type TriggerCondition,
} from '../../api/contract/triggerV2.js';
import { priceFloat } from '../../actions/orderRequest.js';
import { formatPercent } from '../../text/format.js';
import { fail, worth, type PriceTerms, type VaultPricePlan } from '../../vault/plan.js';
import type { StandingRequest } from './input.js';

const STABLES = [USDC_MINT, USDT_MINT];

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
