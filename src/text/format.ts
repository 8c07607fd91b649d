// Display formatting for numbers, percentages and addresses (durations: duration.ts). Pure functions, no I/O.
// One format per kind of quantity: a price (formatPrice), a USD value (formatUsd), a token amount
// (formatAmount, or fromBaseUnits for exact base units), a percentage (formatPercent; a change with
// its arrow: formatPct), a big number (formatCompact), a count (formatCount).
// Missing values (null, undefined, NaN) always render as an em dash so columns stay aligned; a
// number no answer can mean (infinite, absurdly large, a negative price) renders as INVALID rather
// than as digits someone could act on.
import { localeIsUtf8 } from './locale.js';

export const MISSING = '—';
/** What a number that cannot be right shows as (1e308, Infinity, a negative price). */
export const INVALID = 'invalid';
/** Above this a price, value or amount is not a number any answer means (the whole market is < 1e13 USD). */
export const ABSURD = 1e15;

const SUBSCRIPT_DIGITS = '₀₁₂₃₄₅₆₇₈₉';
/** a terminal that is not UTF-8 cannot show subscript digits: small prices are written out in full there */
const SUBSCRIPTS = localeIsUtf8();

type Num = number | null | undefined;

function isMissing(n: Num): n is null | undefined {
  return n === null || n === undefined || Number.isNaN(n);
}

function group(whole: string): string {
  return whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Digits of `n` in subscript form: 5 -> "₅", 12 -> "₁₂". */
export function subscript(n: number): string {
  return String(n)
    .split('')
    .map((d) => SUBSCRIPT_DIGITS[Number(d)] ?? d)
    .join('');
}

/**
 * The small-price notation explained, for the `?` overlay (an example and what it means); absent
 * where prices are written out in full (a terminal that is not UTF-8).
 */
export const SMALL_PRICE_NOTE: { keys: string; description: string } | undefined = SUBSCRIPTS
  ? { keys: `0.0${subscript(5)}43`, description: '= 0.0000043 (5 zeros)' }
  : undefined;

export interface PriceOptions {
  /** prefix a "$" (default false: columns titled in USD stay narrow) */
  symbol?: boolean;
  /** a value that may be below zero (a P&L, a debt); a price below zero is INVALID */
  signed?: boolean;
}

/** Infinite, absurdly large, or (unless `signed`) negative. */
function invalid(n: number, signed = true): boolean {
  return !Number.isFinite(n) || Math.abs(n) >= ABSURD || (!signed && n < 0);
}

// A split's first part is always there: the `whole = ''` and `mantissa = ''` defaults below never apply.

/**
 * The one price formatter: USD prices, and exchange rates between two tokens, in every column and
 * line. At or above 1: two decimals with grouping ("1,234.56").
 * Below 1: always four significant digits ("0.3100", "0.1235", "0.001234"); with four or more
 * zeros after the point the zeros are counted in subscript ("0.00000421" -> "0.0₅4210").
 * A negative price (without `signed`), an infinite or absurd one is INVALID.
 */
export function formatPrice(n: Num, opts: PriceOptions = {}): string {
  if (isMissing(n)) return MISSING;
  if (invalid(n, opts.signed ?? false)) return INVALID;
  const sign = n < 0 ? '-' : '';
  const prefix = sign + (opts.symbol ? '$' : '');
  const abs = Math.abs(n);
  if (abs === 0) return prefix + '0.00';
  if (abs >= 1) {
    const [whole = '', frac] = abs.toFixed(2).split('.');
    return prefix + group(whole) + '.' + frac;
  }
  // toExponential rounds to 4 significant digits first, so a carry (0.00009999 -> 1.000e-4) is handled.
  const [mantissa = '', expText] = abs.toExponential(3).split('e');
  const exponent = Number(expText);
  if (exponent >= 0) return prefix + abs.toFixed(2);
  const zeros = -exponent - 1;
  const digits = mantissa.replace('.', '');
  if (zeros >= 4 && SUBSCRIPTS) return prefix + '0.0' + subscript(zeros) + digits;
  return prefix + '0.' + '0'.repeat(zeros) + digits;
}

/**
 * A USD value (a balance's worth, a fee, a total): "$" and two decimals with grouping
 * ("$4,077.40"), always in cents; a value that is not zero but rounds to no cent says "<$0.01"
 * (a price, however small, is formatPrice's). May be negative (a debt: "-$12.50"); a P&L with its
 * sign and arrow is signedUsd's.
 */
export function formatUsd(n: Num): string {
  if (isMissing(n)) return MISSING;
  if (invalid(n)) return INVALID;
  const abs = Math.abs(n);
  if (abs !== 0 && abs < 0.005) return n < 0 ? '>-$0.01' : '<$0.01';
  const [whole = '', frac] = abs.toFixed(2).split('.');
  return (n < 0 && Number(abs.toFixed(2)) !== 0 ? '-' : '') + '$' + group(whole) + '.' + frac;
}

/**
 * A share or rate in percent (1.5 means 1.5 %), no sign of gain or loss: two decimals ("0.21%");
 * a non-zero value that rounds to 0.00 says "<0.01%" rather than "0.0000%".
 */
export function formatPercent(pct: Num, opts: { signed?: boolean } = {}): string {
  if (isMissing(pct)) return MISSING;
  if (invalid(pct)) return INVALID;
  const abs = Math.abs(pct);
  if (abs > 0 && abs < 0.005) return opts.signed ? `${pct < 0 ? '-' : '+'}<0.01%` : `${pct < 0 ? '>-' : '<'}0.01%`;
  const [whole = '', frac] = abs.toFixed(2).split('.');
  // signed: a difference (from the market, a move), "+" when above, "-" when below
  return (pct < 0 ? '-' : opts.signed ? '+' : '') + group(whole) + '.' + frac + '%';
}

/**
 * The one formatter for token amounts already in token units (a float: portfolio sizes, headless
 * balances): grouped whole part and at most `maxFraction` decimals, trailing zeros dropped
 * ("1,234.5", "0.25"); an amount too small for those decimals keeps four significant digits
 * ("0.00000123"), so a holding never reads as 0. Exact amounts from base units use fromBaseUnits.
 */
export function formatAmount(n: Num, maxFraction = 6): string {
  if (isMissing(n)) return MISSING;
  if (!Number.isFinite(n) || Math.abs(n) >= 1e21) return INVALID;
  const abs = Math.abs(n);
  const digits = Math.max(0, Math.min(maxFraction, 12));
  if (abs > 0 && abs < 10 ** -digits) {
    const exp = Math.floor(Math.log10(abs));
    return (n < 0 ? '-' : '') + abs.toFixed(Math.min(20, 3 - exp)).replace(/0+$/, '');
  }
  const fixed = abs.toFixed(digits);
  const [whole = '', frac = ''] = fixed.split('.');
  const trimmed = frac.replace(/0+$/, '');
  const body = group(whole) + (trimmed ? `.${trimmed}` : '');
  return (n < 0 && Number(fixed) !== 0 ? '-' : '') + body;
}

const UNITS: Array<[number, string]> = [
  [1e12, 'T'],
  [1e9, 'B'],
  [1e6, 'M'],
  [1e3, 'K'],
];

/**
 * A big number: three significant digits, kept, with a K/M/B/T suffix: 1234 -> "1.23K",
 * 14e6 -> "14.0M", 45_600_000 -> "45.6M", 7.8e9 -> "7.80B" (so 14.0M and 20.2M read alike).
 * Below 1000 as it is, to three significant digits ("999", "12.5", "5").
 */
export function formatCompact(n: Num): string {
  if (isMissing(n)) return MISSING;
  if (invalid(n)) return INVALID;
  const sign = n < 0 ? '-' : '';
  const abs = Math.abs(n);
  const rounded = Number(abs.toPrecision(3));
  if (rounded < 1000) return sign + trimZeros(abs.toPrecision(3), abs);
  for (let i = UNITS.length - 1; i >= 0; i--) {
    const [size, suffix] = UNITS[i]!;
    const next = UNITS[i - 1];
    const scaled = Number((abs / size).toPrecision(3));
    if (rounded >= size && (next === undefined || scaled < 1000)) {
      return sign + scaled.toPrecision(3) + suffix;
    }
  }
  return sign + trimZeros(abs.toPrecision(3), abs);
}

/** A big USD value (a volume, a market cap, liquidity) in the compact form with its unit: "$5.34M", "-$12.5K". */
export function formatUsdCompact(n: Num): string {
  const text = formatCompact(n);
  return /^-?\d/.test(text) ? text.replace(/^(-?)/, '$1$') : text;
}

function trimZeros(text: string, value: number): string {
  if (text.includes('e')) return String(Math.round(value));
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
}

/** A percentage change (3.21 means +3.21 %) with sign and arrow: "▲ +3.21%", "▼ -0.50%", "0.00%". */
export function formatPct(change: Num): string {
  if (isMissing(change)) return MISSING;
  if (invalid(change)) return INVALID;
  const fixed = Math.abs(change).toFixed(2);
  if (Number(fixed) === 0) return '0.00%';
  const [whole = '', frac] = fixed.split('.');
  const body = group(whole) + '.' + frac + '%';
  return change > 0 ? '▲ +' + body : '▼ -' + body;
}

/** The head and tail of an address: "AbCd…WxYz". Short strings are returned unchanged. */
export function shortAddress(addr: string | null | undefined, head = 4, tail = 4): string {
  if (addr === null || addr === undefined || addr === '') return MISSING;
  if (addr.length <= head + tail + 1) return addr;
  return addr.slice(0, head) + '…' + addr.slice(addr.length - tail);
}

/** An integer count with thousands grouping: 1234567 -> "1,234,567" (rounded to the nearest unit). */
export function formatCount(n: Num): string {
  if (isMissing(n)) return MISSING;
  if (invalid(n)) return INVALID;
  const r = Math.round(n);
  return (r < 0 ? '-' : '') + group(String(Math.abs(r)));
}

/**
 * A moment that is kept (a journal entry, an order's expiry) in UTC, said so: "2026-12-03 13:05:20
 * UTC" (`seconds: false`: "2026-12-03 13:05 UTC").
 */
export function formatUtc(ms: number, opts: { seconds?: boolean } = {}): string {
  const iso = new Date(ms).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, opts.seconds === false ? 16 : 19)} UTC`;
}

/** A wall-clock time as HH:MM:SS in local time (the header clock). */
export function formatClock(date: Date): string {
  const p = (v: number) => String(v).padStart(2, '0');
  return `${p(date.getHours())}:${p(date.getMinutes())}:${p(date.getSeconds())}`;
}

/** "1 account", "3 accounts"; `many` for irregular plurals ("match", "matches"). */
export function plural(n: number, word: string, many = `${word}s`): string {
  return `${formatCount(n)} ${n === 1 ? word : many}`;
}

/** A request rate in words: 6 -> "about 6 requests a minute". */
export function perMinute(n: number): string {
  return `about ${plural(Math.round(n), 'request')} a minute`;
}

const NO_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?$/;

/**
 * A time the service sent, in ms since the epoch; NaN when it is none. Digits alone are a unix time
 * (seconds, or ms from 1e11 on); a date-time without a zone is the service's UTC, not this
 * machine's local time (which is how Date.parse would read it, differently on every server).
 */
export function serviceTime(text: string): number {
  const t = text.trim();
  if (/^\d{1,16}$/.test(t)) {
    const n = Number(t);
    return n < 1e11 ? n * 1000 : n;
  }
  return Date.parse(NO_ZONE.test(t) ? `${t}Z` : t);
}
