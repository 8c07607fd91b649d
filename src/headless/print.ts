// Plain-text output for headless commands: aligned columns, no colour, no terminal control.
import stringWidth from 'string-width';

export function printTable(headers: string[], rows: string[][], rightAligned: Set<number> = new Set()): string {
  const widths = headers.map((h, i) => Math.max(stringWidth(h), ...rows.map((r) => stringWidth(r[i] ?? ''))));
  const pad = (c: string, i: number) => {
    const fill = ' '.repeat(Math.max(0, widths[i] - stringWidth(c)));
    return rightAligned.has(i) ? fill + c : c + fill;
  };
  const line = (cells: string[]) =>
    headers
      .map((_, i) => pad(cells[i] ?? '', i))
      .join('  ')
      .trimEnd();
  return [line(headers), ...rows.map(line)].join('\n') + '\n';
}

export function printJson(value: unknown): string {
  return JSON.stringify(value, null, 2) + '\n';
}

/**
 * Text that came from the service (token names and symbols, statuses, labels) made safe for a
 * terminal: control characters (escape sequences, newlines, tabs, bidi overrides) are removed and
 * the result is shortened to `max` characters.
 */
export function clean(text: unknown, max = 40): string {
  if (text === null || text === undefined) return '';
  // eslint-disable-next-line no-control-regex
  const s = String(text).replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g, '').trim();
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}

/**
 * A token amount already in token units (the portfolio's numbers): grouped whole part and at
 * most `maxFraction` decimals, trailing zeros dropped.
 */
export function formatUnits(n: unknown, maxFraction = 6): string {
  if (typeof n !== 'number' || !Number.isFinite(n)) return '—';
  const digits = Math.max(0, Math.min(maxFraction, 9));
  const fixed = Math.abs(n).toFixed(digits);
  const [whole, frac = ''] = fixed.split('.');
  const fracTrimmed = frac.replace(/0+$/, '');
  const body = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',') + (fracTrimmed ? `.${fracTrimmed}` : '');
  return (n < 0 && Number(fixed) !== 0 ? '-' : '') + body;
}

/** An ISO 8601 time as "YYYY-MM-DD HH:MM" UTC; anything else is shown cleaned as it came. */
export function formatTime(iso: unknown): string {
  if (typeof iso !== 'string' || iso === '') return '—';
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return clean(iso, 30);
  return new Date(t).toISOString().slice(0, 16).replace('T', ' ');
}

export class CommandError extends Error {
  constructor(message: string, readonly exitCode = 1) {
    super(message);
  }
}

/** What the reading commands use of the services (createServices gives them all of it). */
export type HeadlessServices = Pick<import('../services.js').Services, 'api' | 'sim' | 'mode'>;
