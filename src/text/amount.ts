// Token amounts: decimal strings <-> integer base units, with bigint only.
// Numbers (floats) never carry an amount; they are used for USD display values only.
import { showControls } from './sanitize.js';

export const U64_MAX = (1n << 64n) - 1n;

export class AmountError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AmountError';
  }
}

/** The digits of a decimal as typed, read by the one grammar of every typed amount and price. */
export interface DecimalParts {
  /** the whole part's digits, without grouping ("0" when none was typed: ".5") */
  whole: string;
  /** the fraction's digits as typed (trailing zeros kept; "" when none) */
  frac: string;
}

/** What was typed, safe to quote back in one line. */
function quoted(text: string): string {
  const t = showControls(text).replace(/"/g, '\\"');
  return `"${t.length > 32 ? `${t.slice(0, 31)}…` : t}"`;
}

const GROUPED = /^\d{1,3}(,\d{3})+$/;

/**
 * The one grammar of a typed amount or price: digits with "." as the decimal point ("1.5", ".5",
 * "5."), and "," only as correct thousands grouping of the whole part ("1,500.25", "12,345,678").
 * Anything another reader could take differently is refused, the message saying what was read and
 * how to write it: "1,5" (a decimal comma, or 15?), "1,50", "1,5000", "1.000,5", ",5", "1,500,",
 * spaces or "_" inside, a sign, exponent notation. `what` names the field in every message.
 */
export function readDecimal(text: string, what = 'amount'): DecimalParts {
  const t = text.trim();
  const q = quoted(t);
  if (t === '') throw new AmountError(`${what}: is empty`);
  if (/^[-\u2212]/.test(t)) throw new AmountError(`${what}: must not be negative (got ${q})`);
  const s = t.startsWith('+') ? t.slice(1) : t;
  if (/^[\d.,]*[eE][+-]?\d*$/.test(s) && /\d/.test(s))
    throw new AmountError(`${what}: exponent notation is not accepted (got ${q}); write the digits, e.g. 1000`);
  if (/^[\d.,]+([\s_]+[\d.,]+)+$/.test(s)) {
    const joined = s.replace(/[\s_]+/g, '');
    throw new AmountError(
      `${what} ${q}: no spaces or "_" inside a number; write ${joined}${/^\d{4,}$/.test(joined) ? ` (or ${groupDigits(joined)})` : ''}`,
    );
  }
  if (!/^[\d.,]+$/.test(s) || !/\d/.test(s)) throw new AmountError(`${what}: ${q} is not a decimal number`);
  const dot = s.indexOf('.');
  const whole = dot < 0 ? s : s.slice(0, dot);
  const frac = dot < 0 ? '' : s.slice(dot + 1);
  if (frac.includes(',') || (frac.includes('.') && whole.includes(','))) {
    // "1.000,5", "1.5,3": the comma used as the decimal point, the dot as grouping
    const european = /^\d{1,3}(\.\d{3})*,\d+$/.test(s) ? `${s.replace(/\./g, '').replace(',', '.')}` : undefined;
    throw new AmountError(
      `${what} ${q}: "." is the decimal point and "," only groups thousands (1,500.25)${european ? `; write ${european}` : ''}`,
    );
  }
  if (frac.includes('.')) throw new AmountError(`${what}: ${q} is not a decimal number (more than one ".")`);
  if (whole.includes(',') && !GROUPED.test(whole)) {
    const digits = whole.replace(/,/g, '');
    if (whole.startsWith(','))
      throw new AmountError(`${what} ${q}: a number cannot start with a comma; write 0.${digits}${frac} for a decimal`);
    if (whole.endsWith(','))
      throw new AmountError(
        `${what} ${q}: a comma must be followed by three digits (1,500); write ${digits}${frac ? `.${frac}` : ''}`,
      );
    if (dot < 0 && (whole.match(/,/g) ?? []).length === 1) {
      throw new AmountError(
        `${what} ${q}: a comma only groups thousands (1,500); for a decimal write ${whole.replace(',', '.')}`,
      );
    }
    throw new AmountError(
      `${what} ${q}: a comma only groups thousands, three digits each (12,345,678.5); write ${digits}${frac ? `.${frac}` : ''} without commas`,
    );
  }
  if (whole === '' && frac === '') throw new AmountError(`${what}: ${q} is not a decimal number`);
  return { whole: whole.replace(/,/g, '').replace(/^0+(?=\d)/, '') || '0', frac };
}

/**
 * A typed decimal as an integer scaled by 10^scale ("0.45", 6 -> 450000n): the same grammar as
 * toBaseUnits, without the u64 bound (prices and intermediate values). Too many decimal places
 * for the scale are refused, never rounded away.
 */
export function scaleDecimal(text: string, scale: number, what = 'amount'): bigint {
  const { whole, frac } = readDecimal(text, what);
  const fracTrimmed = frac.replace(/0+$/, '');
  if (fracTrimmed.length > scale)
    throw new AmountError(`${what}: at most ${scale} decimal places (got ${fracTrimmed.length})`);
  return BigInt(whole) * 10n ** BigInt(scale) + BigInt(fracTrimmed.padEnd(scale, '0') || '0');
}

/**
 * Parses a typed decimal amount ("1.5", "1,000.25", ".5") into base units for a token with
 * `decimals` decimals, by the grammar of readDecimal. Also refuses more decimal places than the
 * token has and values above u64. `what` names the field in error messages.
 */
export function toBaseUnits(text: string, decimals: number, what = 'amount'): bigint {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 30) {
    throw new AmountError(`${what}: token decimals must be an integer 0..30, got ${decimals}`);
  }
  const { frac } = readDecimal(text, what);
  const fracTrimmed = frac.replace(/0+$/, '');
  if (fracTrimmed.length > decimals) {
    throw new AmountError(`${what}: at most ${decimals} decimal places for this token (got ${fracTrimmed.length})`);
  }
  const value = scaleDecimal(text, decimals, what);
  if (value > U64_MAX) throw new AmountError(`${what}: larger than the largest possible amount (u64)`);
  return value;
}

/** Validates a raw base-unit string (decimal digits, u64). `positive` also rejects zero. */
export function parseRawAmount(raw: string, what = 'amount', positive = true): bigint {
  if (typeof raw !== 'string' || !/^\d+$/.test(raw)) {
    throw new AmountError(`${what}: must be an integer string of base units (got ${JSON.stringify(raw)})`);
  }
  const v = BigInt(raw);
  if (v > U64_MAX) throw new AmountError(`${what}: larger than u64`);
  if (positive && v === 0n) throw new AmountError(`${what}: must be greater than zero`);
  return v;
}

export interface FormatOptions {
  /** group the whole part with commas (default true) */
  group?: boolean;
  /** cut the fraction to at most this many digits (truncates toward zero; default: all) */
  maxFraction?: number;
  /** always show at least this many fraction digits (default 0) */
  minFraction?: number;
}

/** Formats base units as a decimal string: 1500000000n, 9 -> "1.5". */
export function fromBaseUnits(raw: bigint | string, decimals: number, opts: FormatOptions = {}): string {
  let v = typeof raw === 'bigint' ? raw : BigInt(raw);
  const negative = v < 0n;
  if (negative) v = -v;
  const scale = 10n ** BigInt(decimals);
  const whole = v / scale;
  let frac = decimals > 0 ? (v % scale).toString().padStart(decimals, '0') : '';
  if (opts.maxFraction !== undefined && frac.length > opts.maxFraction) frac = frac.slice(0, opts.maxFraction);
  frac = frac.replace(/0+$/, '');
  if (opts.minFraction !== undefined && frac.length < opts.minFraction) frac = frac.padEnd(opts.minFraction, '0');
  const wholeText = opts.group === false ? whole.toString() : groupDigits(whole.toString());
  return (negative ? '-' : '') + wholeText + (frac ? '.' + frac : '');
}

export function groupDigits(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
