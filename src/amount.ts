// Token amounts: decimal strings <-> integer base units, with bigint only.
// Numbers (floats) never carry an amount; they are used for USD display values only.

export const U64_MAX = (1n << 64n) - 1n;

export class AmountError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AmountError';
  }
}

const DECIMAL_RE = /^(\d*)(?:\.(\d*))?$/;

/**
 * Parses a human decimal amount ("1.5", "1,000.25", ".5") into base units for a token with
 * `decimals` decimals. Rejects empty, negative, exponent notation, too many decimals and values
 * above u64. `what` names the field in error messages.
 */
export function toBaseUnits(text: string, decimals: number, what = 'amount'): bigint {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 30) {
    throw new AmountError(`${what}: token decimals must be an integer 0..30, got ${decimals}`);
  }
  const s = text.trim().replace(/[,_\s]/g, '');
  if (s === '') throw new AmountError(`${what}: is empty`);
  if (s.startsWith('-')) throw new AmountError(`${what}: must not be negative (got "${text.trim()}")`);
  if (/[eE]/.test(s)) throw new AmountError(`${what}: exponent notation is not accepted (got "${text.trim()}")`);
  const m = DECIMAL_RE.exec(s.startsWith('+') ? s.slice(1) : s);
  if (!m || (m[1] === '' && (m[2] === undefined || m[2] === ''))) {
    throw new AmountError(`${what}: "${text.trim()}" is not a decimal number`);
  }
  const whole = m[1] || '0';
  const frac = m[2] ?? '';
  const fracTrimmed = frac.replace(/0+$/, '');
  if (fracTrimmed.length > decimals) {
    throw new AmountError(`${what}: at most ${decimals} decimal places for this token (got ${fracTrimmed.length})`);
  }
  const value = BigInt(whole) * 10n ** BigInt(decimals) + BigInt((fracTrimmed.padEnd(decimals, '0') || '0'));
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

/** Applies a basis-point reduction, rounding down: amount * (10000 - bps) / 10000. */
export function minusBps(amount: bigint, bps: number): bigint {
  return (amount * BigInt(10000 - bps)) / 10000n;
}

/** Applies a basis-point increase, rounding up. */
export function plusBps(amount: bigint, bps: number): bigint {
  return (amount * BigInt(10000 + bps) + 9999n) / 10000n;
}
