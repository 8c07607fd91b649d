// Standing orders as `orders --json` and a headless table list them: one document per order with
// its id, kind and state first, its terms in plain fields (amounts exact, prices as decimals), and
// the state's reason, a trailing stop's high, a fired one's signature.
import { fromBaseUnits } from '../../text/amount.js';
import { ACTIVE_STATES, expectedNow, priceText, type StandingOrder } from './terms.js';
import { conditionShort, kindLabel, stateWords, symbolOf, termsSentence } from './words.js';

/** The state as listed: an armed order past its end reads expired before a checker marks it. */
export function shownState(o: StandingOrder, now: number): StandingOrder['status']['state'] {
  return o.status.state === 'armed' && o.terms.expiresAt <= now ? 'expired' : o.status.state;
}

/** Whether an order is in the active list (armed or firing) rather than the history. */
export const isActive = (o: StandingOrder, now: number): boolean =>
  (ACTIVE_STATES as readonly string[]).includes(shownState(o, now));

export function standingJson(o: StandingOrder, now: number): Record<string, unknown> {
  const t = o.terms;
  const e = expectedNow(t, o.status);
  return {
    id: t.id,
    kind: t.kind,
    state: shownState(o, now),
    ...(o.status.reason ? { reason: o.status.reason } : {}),
    sell: {
      mint: t.sell.mint,
      symbol: symbolOf(t.sell),
      amount: fromBaseUnits(t.amount, t.sell.decimals, { group: false }),
    },
    buy: {
      mint: t.buy.mint,
      symbol: symbolOf(t.buy),
      ...(e ? { atLeast: fromBaseUnits(e.floor, t.buy.decimals, { group: false }) } : {}),
    },
    ...(e ? { trigger: priceText(e.trigger) } : {}),
    ...(t.trail ? { trail: t.trail.bps !== undefined ? `${t.trail.bps / 100}%` : t.trail.by } : {}),
    ...(o.status.high ? { high: o.status.high } : {}),
    slippageCapBps: t.capBps,
    condition: termsSentence(t, o.status).replace(/; tradedeck signs .*$/, ''),
    expiresAt: new Date(t.expiresAt).toISOString(),
    createdAt: new Date(t.createdAt).toISOString(),
    ...(t.oco ? { oco: t.oco } : {}),
    ...(o.status.signature ? { signature: o.status.signature } : {}),
    mode: t.mode,
    network: t.network,
    wallet: t.wallet,
  };
}

/** A headless table's cells: id, kind, amount, condition, floor, expiry, state. */
export function standingCells(o: StandingOrder, now: number): string[] {
  const t = o.terms;
  const e = expectedNow(t, o.status);
  return [
    t.id,
    kindLabel(t),
    `${fromBaseUnits(t.amount, t.sell.decimals)} ${symbolOf(t.sell)}`,
    `${symbolOf(t.base === t.sell.mint ? t.sell : t.buy)} ${conditionShort(t, o.status)}`,
    e ? `${fromBaseUnits(e.floor, t.buy.decimals, { maxFraction: 6 })} ${symbolOf(t.buy)}` : '—',
    new Date(t.expiresAt).toISOString().slice(0, 16).replace('T', ' '),
    shownState(o, now) === o.status.state ? stateWords(o) : shownState(o, now),
  ];
}

export const STANDING_HEADERS = ['ID', 'KIND', 'AMOUNT', 'CONDITION', 'AT LEAST', 'EXPIRES UTC', 'STATE'];
