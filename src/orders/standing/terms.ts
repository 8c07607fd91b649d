// A standing order's terms: what the person confirmed once and what tradedeck later signs without
// asking when its condition holds. Pure: the kinds, the canonical form and its digest (what the
// journal records and the firing compares), and the arithmetic of the condition and the floor,
// in base units and scaled integers only (floats decide nothing but "near the trigger").
//
// Every condition is said on what the swap would give: E is the output the order's amount would
// buy exactly at the trigger price, F = E less the slippage cap (the floor, the least it accepts).
//   stop-loss, trailing stop (sell as the price falls):   holds when out <= E; signed only when out >= F
//   take-profit (sell as it rises):                        holds when out >= E (then out >= F too)
//   buy-below (spend the quote token as the price falls): holds when out >= E
//   buy-above (spend it as the price rises):               holds when out <= E; signed only when out >= F
import { createHash } from 'node:crypto';
import type { Mode } from '../../config/config.js';
import { ONE, PRICE_SCALE } from '../../actions/orderRequest.js';

export const STANDING_KINDS = ['stop-loss', 'take-profit', 'trailing-stop', 'buy-above', 'buy-below'] as const;
export type StandingKind = (typeof STANDING_KINDS)[number];

/** The slippage cap when none is given, and the most it may be (basis points). */
export const DEFAULT_CAP_BPS = 100;
export const MAX_CAP_BPS = 2_000;
/** The expiry when none is given, and the longest allowed. */
export const DEFAULT_EXPIRY_MS = 30 * 86_400_000;
export const MAX_EXPIRY_MS = 90 * 86_400_000;

export interface TermToken {
  mint: string;
  symbol: string;
  /** the chain's decimals of the mint, read when the order was made */
  decimals: number;
}

/** How far below its high a trailing stop follows the price: a share, or an amount of the quote token. */
export interface TrailDistance {
  /** basis points (500: 5%) */
  bps?: number;
  /** a decimal amount of the quote token, as typed (normalised) */
  by?: string;
}

export interface StandingTerms {
  version: 1;
  id: string;
  kind: StandingKind;
  /** the wallet that pays and receives (public address) */
  wallet: string;
  mode: Mode;
  /** the service it trades through: the base URL's host, or "simulator" */
  network: string;
  /** the token paid (the swap's input) and the token received (its output) */
  sell: TermToken;
  buy: TermToken;
  /** the price is said as `quote` per one `base` (the pair as a trader says it) */
  base: string;
  quote: string;
  /** base units of `sell` */
  amount: string;
  /** the trigger price, quote per base, as a decimal (not for a trailing stop) */
  trigger?: string;
  /** a trailing stop's distance below its high */
  trail?: TrailDistance;
  /** a trailing stop: the price when it was armed, the lowest its high can be */
  armedPrice?: string;
  capBps: number;
  /** the least the swap may give, base units of `buy` (fixed triggers; a trailing stop's moves with its high) */
  floor?: string;
  /** ms since the epoch */
  expiresAt: number;
  createdAt: number;
  /** the other leg of a one-cancels-the-other pair */
  oco?: string;
}

export type StandingState = 'armed' | 'firing' | 'fired' | 'expired' | 'cancelled' | 'failed';
export const ACTIVE_STATES: readonly StandingState[] = ['armed', 'firing'];

/** What happened to an order since it was armed (not part of what was confirmed). */
export interface StandingStatus {
  state: StandingState;
  /** ms since the epoch of the last change */
  at: number;
  /** why it failed, was cancelled or was not executed */
  reason?: string;
  /** a trailing stop: the highest price seen since it was armed (decimal, quote per base) */
  high?: string;
  /** the process that is firing it (state firing) */
  owner?: { pid: number; host: string; start?: string; boot?: string; pidns?: string };
  /** the firing's swap: its signature and what it moved (base units) */
  signature?: string;
  paid?: string;
  received?: string;
}

export interface StandingOrder {
  terms: StandingTerms;
  status: StandingStatus;
}

/** Sells the priced token (stop, take-profit, trail) or buys it with the quote token (buy-*). */
export const isBuy = (kind: StandingKind): boolean => kind === 'buy-above' || kind === 'buy-below';
/** The kinds whose condition holds as the output falls (the swap gives less than at the trigger). */
export const holdsBelow = (kind: StandingKind): boolean =>
  kind === 'stop-loss' || kind === 'trailing-stop' || kind === 'buy-above';
/** The kinds that wait for the price to fall (stop, trail, buy-below) rather than rise. */
export const waitsForFall = (kind: StandingKind): boolean =>
  kind === 'stop-loss' || kind === 'trailing-stop' || kind === 'buy-below';

// ---------- the canonical form ----------

/** JSON with every object's keys sorted and nothing undefined: one text for the same terms. */
export function canonicalJson(v: unknown): string {
  if (v === null || typeof v !== 'object') return JSON.stringify(v);
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(v as Record<string, unknown>)
    .filter(([, x]) => x !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, x]) => `${JSON.stringify(k)}:${canonicalJson(x)}`).join(',')}}`;
}

/** sha256 of the canonical terms, hex: what the journal records when they are confirmed. */
export function termsDigest(t: StandingTerms): string {
  return createHash('sha256').update(canonicalJson(t)).digest('hex');
}

/** The fields of two sets of terms that differ, by name (a nested field as "sell.mint"). */
export function termsDiffer(a: StandingTerms, b: StandingTerms): string[] {
  const flat = (t: StandingTerms): Map<string, string> => {
    const out = new Map<string, string>();
    const walk = (v: unknown, path: string) => {
      if (v !== null && typeof v === 'object' && !Array.isArray(v))
        for (const [k, x] of Object.entries(v as Record<string, unknown>)) walk(x, path ? `${path}.${k}` : k);
      else if (v !== undefined) out.set(path, JSON.stringify(v));
    };
    walk(t, '');
    return out;
  };
  const fa = flat(a);
  const fb = flat(b);
  return [...new Set([...fa.keys(), ...fb.keys()])].filter((k) => fa.get(k) !== fb.get(k)).sort();
}

// ---------- prices and amounts ----------

/** A decimal text as a price scaled by 10^18; undefined when it is not one. */
export function scaledPrice(text: string | undefined): bigint | undefined {
  if (text === undefined || !/^\d+(\.\d{1,18})?$/.test(text)) return undefined;
  const [whole = '', frac = ''] = text.split('.');
  return BigInt(whole) * ONE + BigInt(frac.padEnd(PRICE_SCALE, '0'));
}

/** A scaled price as its shortest decimal text ("140", "0.45"). */
export function priceText(scaled: bigint): string {
  const whole = scaled / ONE;
  const frac = (scaled % ONE).toString().padStart(PRICE_SCALE, '0').replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : whole.toString();
}

/** A listed (float) price as decimal text with 15 significant digits, for a trailing high. */
export function floatPriceText(x: number): string | undefined {
  if (!Number.isFinite(x) || x <= 0 || x >= 1e21) return undefined;
  let t = x.toPrecision(15);
  if (/e/i.test(t)) t = x.toFixed(PRICE_SCALE);
  t = t.includes('.') ? t.replace(/0+$/, '').replace(/\.$/, '') : t;
  const [whole, frac = ''] = t.split('.');
  return frac.length > PRICE_SCALE ? `${whole}.${frac.slice(0, PRICE_SCALE)}` : t;
}

/**
 * What `amount` of `sell` gives in `buy` exactly at `price` (quote per base), base units, rounded
 * down: selling the base, amount x price; buying it, amount / price.
 */
export function outputAt(t: Pick<StandingTerms, 'kind' | 'sell' | 'buy' | 'amount'>, price: bigint): bigint {
  const amount = BigInt(t.amount);
  const dIn = 10n ** BigInt(t.sell.decimals);
  const dOut = 10n ** BigInt(t.buy.decimals);
  if (price <= 0n) return 0n;
  return isBuy(t.kind) ? (amount * ONE * dOut) / (price * dIn) : (amount * price * dOut) / (ONE * dIn);
}

/** `out` less the cap (rounded down). */
export const lessCap = (out: bigint, capBps: number): bigint => (out * BigInt(10_000 - capBps)) / 10_000n;

/** A trailing stop's high, never below the price it was armed at. */
export function trailHigh(t: StandingTerms, s: Pick<StandingStatus, 'high'>): bigint | undefined {
  const armed = scaledPrice(t.armedPrice);
  const high = scaledPrice(s.high);
  if (armed === undefined) return high;
  return high !== undefined && high > armed ? high : armed;
}

/** A trailing stop's trigger under `high`: high less its share, or less its amount (0: never). */
export function trailTrigger(t: StandingTerms, high: bigint): bigint {
  const d = t.trail ?? {};
  if (d.bps !== undefined) return (high * BigInt(10_000 - d.bps)) / 10_000n;
  const by = scaledPrice(d.by) ?? 0n;
  return high > by ? high - by : 0n;
}

/** The trigger price now (a trailing stop's follows its high). */
export function triggerNow(t: StandingTerms, s: Pick<StandingStatus, 'high'>): bigint | undefined {
  if (t.kind !== 'trailing-stop') return scaledPrice(t.trigger);
  const high = trailHigh(t, s);
  return high === undefined ? undefined : trailTrigger(t, high);
}

/** E and F now: what the amount gives at the trigger, and the floor (that less the cap). */
export function expectedNow(
  t: StandingTerms,
  s: Pick<StandingStatus, 'high'>,
): { trigger: bigint; atTrigger: bigint; floor: bigint } | undefined {
  const trigger = triggerNow(t, s);
  if (trigger === undefined || trigger <= 0n) return undefined;
  const atTrigger = outputAt(t, trigger);
  const fixed = t.floor !== undefined && /^\d+$/.test(t.floor) ? BigInt(t.floor) : undefined;
  return { trigger, atTrigger, floor: fixed ?? lessCap(atTrigger, t.capBps) };
}

export type QuoteVerdict =
  | { fire: true; out: bigint; floor: bigint }
  | { fire: false; why: 'not-yet' }
  | { fire: false; why: 'under-floor'; out: bigint; floor: bigint };

/** What a quote of the order's amount says: the condition holds and the output is at least the floor, or not. */
export function judgeQuote(t: StandingTerms, s: Pick<StandingStatus, 'high'>, out: bigint): QuoteVerdict {
  const e = expectedNow(t, s);
  if (!e) return { fire: false, why: 'not-yet' };
  const holds = holdsBelow(t.kind) ? out <= e.atTrigger : out >= e.atTrigger;
  if (!holds) return { fire: false, why: 'not-yet' };
  if (out < e.floor) return { fire: false, why: 'under-floor', out, floor: e.floor };
  return { fire: true, out, floor: e.floor };
}

/** How near a listed price must be to the trigger (on the side before it is crossed) for a quote to be asked: 2%. */
export const NEAR_BAND = 0.02;

/**
 * Whether the listed price `p` (quote per base, a float from the token lists) is near the trigger
 * `trigger` or past it: within NEAR_BAND on the side it comes from. Far from it, no quote is asked.
 */
export function nearTrigger(kind: StandingKind, p: number, trigger: number): boolean {
  if (!(p > 0) || !(trigger > 0)) return false;
  return waitsForFall(kind) ? p <= trigger * (1 + NEAR_BAND) : p >= trigger * (1 - NEAR_BAND);
}
