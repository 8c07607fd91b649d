// Price alerts, free of React and I/O: what an alert is, how `:alert SOL > 250` and
// `:alert BONK -5%/1h` read, whether one holds for a token's latest record and the prices seen,
// and the words it is told in.
import type { Token } from '../api/types.js';
import { formatPercent, formatPrice } from '../text/format.js';
import { parseDuration, typedDuration } from '../text/duration.js';
import { AmountError, readDecimal } from '../text/amount.js';

export type AlertCondition =
  | { kind: 'above'; level: number }
  | { kind: 'below'; level: number }
  /** `pct` signed: -5 a fall of 5% or more, +5 a rise of 5% or more; `either`: a move of |pct| either way */
  | { kind: 'change'; pct: number; windowMs: number; either: boolean };

export interface Alert {
  id: string;
  mint: string;
  /** as known when it was set (shown when the token is not in any list seen) */
  symbol: string;
  condition: AlertCondition;
  createdAt: number;
  /** when it was last armed again (re-armed or edited); absent: armed since createdAt */
  armedAt?: number;
  state: 'armed' | 'fired';
  firedAt?: number;
  /** the USD price when it fired */
  firedPrice?: number;
  /** the change (%) that fired a change alert */
  firedChange?: number;
}

/** A mistake in what was typed; the message names what is wrong. */
export class AlertInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AlertInputError';
  }
}

export const ALERT_USAGE = 'alert <token> > <price> | < <price> | -5%/1h';
export const ALERT_EXAMPLES = ':alert SOL > 250 · :alert SOL < 100 · :alert BONK -5%/1h';
/** Windows from a minute to a day (the service's longest change window). */
export const MIN_WINDOW_MS = 60_000;
export const MAX_WINDOW_MS = 86_400_000;

/** "1h" -> 3 600 000; undefined when it is not a duration. */
export function parseWindow(text: string): number | undefined {
  const seconds = parseDuration(text, { units: 'smhd' });
  return seconds === undefined ? undefined : seconds * 1000;
}

function parsePrice(text: string): number {
  let n: number;
  try {
    // the one grammar of typed amounts: "1,5" is refused, not read as 15
    const { whole, frac } = readDecimal(text.trim().replace(/^\$/, ''), 'price');
    n = Number(`${whole}.${frac || '0'}`);
  } catch (e) {
    if (e instanceof AmountError) throw new AlertInputError(`${e.message} (e.g. 250 or 0.00002)`);
    throw e;
  }
  if (!(n > 0) || !Number.isFinite(n)) throw new AlertInputError('price: must be greater than zero');
  return n;
}

/**
 * The condition after the token: "> 250", ">=250", "above 250", "< 100", "below 100",
 * "-5%/1h", "+10% 30m", "5%/1h" (either way). Spaces anywhere are allowed.
 */
export function parseCondition(text: string): AlertCondition {
  const t = text.trim().toLowerCase().replace(/\s+/g, ' ');
  if (t === '') throw new AlertInputError('condition: missing; give > PRICE, < PRICE or a change like -5%/1h');
  const level = /^(>=?|<=?|above|below|over|under)\s*(.+)$/.exec(t);
  if (level) {
    // both groups take part in every match of the pattern
    const above = ['>', '>=', 'above', 'over'].includes(level[1]!);
    return { kind: above ? 'above' : 'below', level: parsePrice(level[2]!) };
  }
  const change = /^([+-]?)\s*(\d+\.?\d*|\.\d+)\s*%\s*(?:\/|in|over|\s)\s*(\S+)$/.exec(t);
  if (change) {
    const pct = Number(change[2]);
    if (!(pct > 0) || pct > 1000) throw new AlertInputError('change: must be more than 0% and at most 1000%');
    const windowMs = parseWindow(change[3]!);
    if (windowMs === undefined)
      throw new AlertInputError(`window: "${change[3]}" is not a duration (e.g. 5m, 1h, 24h)`);
    if (windowMs < MIN_WINDOW_MS || windowMs > MAX_WINDOW_MS) throw new AlertInputError('window: must be 1m to 24h');
    return { kind: 'change', pct: change[1] === '-' ? -pct : pct, windowMs, either: change[1] === '' };
  }
  if (/%/.test(t)) throw new AlertInputError('change: give a percentage and a window, e.g. -5%/1h');
  throw new AlertInputError(`condition: "${text.trim()}" is not one of > PRICE, < PRICE, -5%/1h`);
}

/** Splits "SOL > 250", "SOL>250", "BONK -5%/1h" into the token and the condition text. */
export function splitAlertLine(text: string): { token: string; condition: string } {
  const t = text.trim().replace(/^:?alert\s+/i, '');
  const m = /^([^\s<>]+?)\s*([<>].*|\s.*)?$/.exec(t);
  if (!m || !m[1]) throw new AlertInputError('token: give a symbol or a mint address first');
  if (!m[2] || m[2].trim() === '')
    throw new AlertInputError(`condition: missing after ${m[1]}; e.g. ${m[1]} > 250 or ${m[1]} -5%/1h`);
  return { token: m[1], condition: m[2].trim() };
}

/** "> 250", "< 0.00002", "-5% in 1h", "±5% in 1h" */
export function conditionText(c: AlertCondition): string {
  if (c.kind === 'above') return `> ${formatPrice(c.level, { symbol: true })}`;
  if (c.kind === 'below') return `< ${formatPrice(c.level, { symbol: true })}`;
  return `${c.either ? '±' : c.pct > 0 ? '+' : '-'}${Math.abs(c.pct)}% in ${typedDuration(c.windowMs)}`;
}

/** What `:alert` takes for this condition again (the edit line). */
export function conditionInput(c: AlertCondition): string {
  if (c.kind === 'above') return `> ${plainDecimal(c.level)}`;
  if (c.kind === 'below') return `< ${plainDecimal(c.level)}`;
  return `${c.either ? '' : c.pct > 0 ? '+' : '-'}${Math.abs(c.pct)}%/${typedDuration(c.windowMs)}`;
}

/** A positive number in plain decimal digits, never exponent form: 2.15e-7 -> "0.000000215". */
export function plainDecimal(n: number, significant = 6): string {
  if (!Number.isFinite(n) || n <= 0) return '0';
  const exp = Math.floor(Math.log10(n));
  const decimals = Math.max(0, Math.min(20, significant - 1 - exp));
  const text = n.toFixed(decimals);
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
}

/** A price sample seen this session. */
export interface PriceSample {
  at: number;
  price: number;
}

const STATS_WINDOWS: Record<number, 'stats5m' | 'stats1h' | 'stats6h' | 'stats24h'> = {
  300_000: 'stats5m',
  3_600_000: 'stats1h',
  21_600_000: 'stats6h',
  86_400_000: 'stats24h',
};

/**
 * The change (%) over the window: the service's own interval stats when the window is one of
 * 5m, 1h, 6h, 24h and the record carries it; otherwise from the prices seen this session, against
 * the oldest one inside the window. Undefined when neither says anything.
 */
export function changeOver(
  windowMs: number,
  token: Token | undefined,
  samples: readonly PriceSample[],
  now: number,
): { pct: number; from: 'service' | 'seen' } | undefined {
  const stats = STATS_WINDOWS[windowMs] && token ? token[STATS_WINDOWS[windowMs]] : undefined;
  const fromService =
    stats && typeof stats.priceChange === 'number' && Number.isFinite(stats.priceChange)
      ? stats.priceChange
      : undefined;
  if (fromService !== undefined) return { pct: fromService, from: 'service' };
  const inWindow = samples.filter((s) => s.at >= now - windowMs && s.at <= now);
  if (inWindow.length < 2) return undefined;
  const first = inWindow[0]!.price;
  const last = inWindow[inWindow.length - 1]!.price;
  if (!(first > 0)) return undefined;
  return { pct: ((last - first) / first) * 100, from: 'seen' };
}

export interface Verdict {
  fires: boolean;
  price?: number;
  change?: number;
}

/** Whether an armed alert fires on this token record and these samples. */
export function evaluate(a: Alert, token: Token | undefined, samples: readonly PriceSample[], now: number): Verdict {
  const price = typeof token?.usdPrice === 'number' && Number.isFinite(token.usdPrice) ? token.usdPrice : undefined;
  const c = a.condition;
  if (c.kind === 'above') return { fires: price !== undefined && price >= c.level, price };
  if (c.kind === 'below') return { fires: price !== undefined && price <= c.level, price };
  const change = changeOver(c.windowMs, token, samples, now);
  if (!change) return { fires: false, price };
  const hit = c.either
    ? Math.abs(change.pct) >= Math.abs(c.pct)
    : c.pct < 0
      ? change.pct <= c.pct
      : change.pct >= c.pct;
  return { fires: hit, price, change: change.pct };
}

/** The notification line of a fired alert. */
export function firedText(a: Alert, symbol: string, v: Verdict): string {
  const c = a.condition;
  const now = `now ${formatPrice(v.price, { symbol: true })}`;
  if (c.kind === 'above') return `${symbol} rose above ${formatPrice(c.level, { symbol: true })}: ${now}`;
  if (c.kind === 'below') return `${symbol} fell below ${formatPrice(c.level, { symbol: true })}: ${now}`;
  const moved = v.change === undefined ? '' : formatPercent(v.change, { signed: true });
  return `${symbol} moved ${moved} in ${typedDuration(c.windowMs)} (alert ${conditionText(c)}): ${now}`;
}

/** Whether the condition already holds for the price now (said when an alert is set). */
export function alreadyHolds(c: AlertCondition, price: number | undefined): boolean {
  if (price === undefined) return false;
  return c.kind === 'above' ? price >= c.level : c.kind === 'below' ? price <= c.level : false;
}

/**
 * The limit order a fired (or armed) alert suggests, as the Orders screen's typed line: above a
 * level (or after a rise) sell 1 token at that price for USDC; below (or after a fall) spend
 * 100 USDC on the token at that price. The amount is a placeholder the person edits.
 */
export function limitDraft(a: Alert, symbolOrMint: string, price: number | undefined): string | undefined {
  const c = a.condition;
  const at = a.state === 'fired' && a.firedPrice !== undefined ? a.firedPrice : c.kind === 'change' ? price : c.level;
  if (at === undefined || !(at > 0)) return undefined;
  const sell = c.kind === 'above' || (c.kind === 'change' && (a.firedChange ?? c.pct) > 0);
  if (symbolOrMint.toUpperCase() === 'USDC') return undefined;
  // @PRICE is always USDC per one of the token (the pair's quote asset), buying or selling
  return sell
    ? `limit 1 ${symbolOrMint} @${plainDecimal(at)} USDC`
    : `limit 100 USDC @${plainDecimal(at)} ${symbolOrMint}`;
}
