// Standing orders in words: the sentence the dialog confirms ("When SOL is at or below 140.00 USDC,
// sell 2 SOL for at least 277.20 USDC, once, until …"), the short condition of a list's row, the
// distance from the market, the state with its reason. Symbols are the ones recorded with the
// terms (cleaned when they were), amounts exact from base units.
import { fromBaseUnits } from '../../text/amount.js';
import { utcWords } from '../../actions/dateInput.js';
import { formatPercent, formatPrice, shortAddress } from '../../text/format.js';
import { sanitize } from '../../text/sanitize.js';
import {
  expectedNow,
  isBuy,
  trailHigh,
  type StandingKind,
  type StandingOrder,
  type StandingStatus,
  type StandingTerms,
  type TermToken,
} from './terms.js';
import { priceFloat } from '../../actions/orderRequest.js';

export const KIND_NAMES: Record<StandingKind, string> = {
  'stop-loss': 'stop-loss',
  'take-profit': 'take-profit',
  'trailing-stop': 'trailing stop',
  'buy-above': 'buy above',
  'buy-below': 'buy below',
};

/** The short word of a kind in a list's column (an OCO leg says so). */
export function kindLabel(t: StandingTerms): string {
  const short: Record<StandingKind, string> = {
    'stop-loss': 'stop',
    'take-profit': 'tp',
    'trailing-stop': 'trail',
    'buy-above': 'buy>',
    'buy-below': 'buy<',
  };
  return t.oco ? `oco ${t.kind === 'take-profit' ? 'tp' : 'sl'}` : short[t.kind];
}

export const symbolOf = (t: TermToken): string => sanitize(t.symbol).trim().slice(0, 16) || shortAddress(t.mint);

/** The base and quote tokens of the terms' price. */
export function pairTokens(t: StandingTerms): { base: TermToken; quote: TermToken } {
  return t.base === t.sell.mint ? { base: t.sell, quote: t.buy } : { base: t.buy, quote: t.sell };
}

export const amountWords = (raw: bigint | string, t: TermToken): string =>
  `${fromBaseUnits(typeof raw === 'bigint' ? raw : BigInt(raw), t.decimals, { maxFraction: Math.min(t.decimals, 9) })} ${symbolOf(t)}`;

/** "140.00 USDC" */
export function priceWords(scaled: bigint, quote: TermToken): string {
  return `${formatPrice(priceFloat(scaled))} ${symbolOf(quote)}`;
}

/** A trailing stop's distance: "5%" or "5 USDC". */
export function distanceWords(t: StandingTerms): string {
  const d = t.trail ?? {};
  return d.bps !== undefined
    ? formatPercent(d.bps / 100).replace(/\.00%$/, '%')
    : `${d.by ?? '?'} ${symbolOf(pairTokens(t).quote)}`;
}

/** "When SOL is at or below 140.00 USDC" (a trailing stop: its distance, its high and its trigger now). */
export function conditionWords(t: StandingTerms, s: Pick<StandingStatus, 'high'>): string {
  const { base, quote } = pairTokens(t);
  const b = symbolOf(base);
  if (t.kind === 'trailing-stop') {
    const high = trailHigh(t, s);
    const e = expectedNow(t, s);
    return `When ${b} falls ${distanceWords(t)} below its highest price since armed${high !== undefined && e ? ` (high ${priceWords(high, quote)}: at ${priceWords(e.trigger, quote)} or below now)` : ''}`;
  }
  const e = expectedNow(t, s);
  const side = t.kind === 'stop-loss' || t.kind === 'buy-below' ? 'at or below' : 'at or above';
  return `When ${b} is ${side} ${e ? priceWords(e.trigger, quote) : '?'}`;
}

/** "sell 2 SOL for at least 277.20 USDC" / "spend 300 USDC on SOL for at least 2.121 SOL" */
export function actionWords(t: StandingTerms, s: Pick<StandingStatus, 'high'>): string {
  const e = expectedNow(t, s);
  const least = e ? amountWords(e.floor, t.buy) : `? ${symbolOf(t.buy)}`;
  return isBuy(t.kind)
    ? `spend ${amountWords(t.amount, t.sell)} on ${symbolOf(t.buy)} for at least ${least}`
    : `sell ${amountWords(t.amount, t.sell)} for at least ${least}`;
}

/** The whole of what is confirmed, in one sentence. */
export function termsSentence(t: StandingTerms, s: Pick<StandingStatus, 'high'> = {}): string {
  const other = t.oco ? ' (the other leg of its pair is cancelled when this one fires)' : '';
  return `${conditionWords(t, s)}, ${actionWords(t, s)}, once, until ${utcWords(t.expiresAt)}, from wallet ${shortAddress(t.wallet)}${other}; tradedeck signs this without asking when it fires`;
}

/** The condition short, for a list's column: "≤ 140.00", "≥ 180.00", "-5% ≤ 142.50". */
export function conditionShort(t: StandingTerms, s: Pick<StandingStatus, 'high'>): string {
  const e = expectedNow(t, s);
  const at = e ? formatPrice(priceFloat(e.trigger)) : '?';
  if (t.kind === 'trailing-stop') return `-${distanceWords(t).replace(/ .*/, '')} ≤ ${at}`;
  return `${t.kind === 'stop-loss' || t.kind === 'buy-below' ? '≤' : '≥'} ${at}`;
}

/** The state and its reason, as a list shows it. */
export function stateWords(o: StandingOrder): string {
  const s = o.status;
  return s.reason && (s.state === 'failed' || s.state === 'cancelled') ? `${s.state}: ${s.reason}` : s.state;
}

/** What an order is in one line (a row's summary, a notification): kind, sentence, state. */
export function orderLine(o: StandingOrder): string {
  const t = o.terms;
  return `${KIND_NAMES[t.kind]} ${t.id}: ${conditionWords(t, o.status)}, ${actionWords(t, o.status)}; until ${utcWords(t.expiresAt)}; ${stateWords(o)}`;
}
