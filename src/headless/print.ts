// Plain-text output for headless commands: aligned columns, no colour, no terminal control.
import stringWidth from 'string-width';
import { sanitize } from '../sanitize.js';
import { serviceTime } from '../format.js';

export function printTable(headers: string[], cells: string[][], rightAligned: Set<number> = new Set()): string {
  // what is printed is sanitised here, whatever the caller did
  const rows = cells.map((r) => r.map((c) => sanitize(c)));
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

/**
 * One JSON document: on one line (scripts read a document per line: `| head -1` is the whole of
 * it), or indented for a person (--json on a terminal). The characters a terminal could act on
 * that JSON leaves as they are (C1 controls, bidi overrides, zero-width characters, line and
 * paragraph separators) are written as \u escapes: the parsed value is unchanged.
 */
export function printJson(value: unknown, indented = false): string {
  return escapeUnsafe(JSON.stringify(value, null, indented ? 2 : undefined)) + '\n';
}

const UNSAFE_IN_JSON = /[\u007f-\u009f\u200b-\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/g;

function escapeUnsafe(json: string): string {
  return json.replace(UNSAFE_IN_JSON, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** How a headless command prints: JSON documents, or plain tables and text for a person. */
export type OutputMode = 'json' | 'table';

/**
 * --json (or --ndjson) and --table choose; without either, a terminal gets tables and anything
 * else (a pipe, a file) JSON. Both at once is a usage error (exit 2).
 */
export function outputMode(flags: Record<string, string | boolean>, stdoutIsTTY: boolean): OutputMode {
  const json = flags.json === true || flags.ndjson === true;
  if (json && flags.table === true)
    throw new CommandError(`--${flags.ndjson === true ? 'ndjson' : 'json'} and --table: give one of them`, 2);
  if (json) return 'json';
  if (flags.table === true) return 'table';
  return stdoutIsTTY ? 'table' : 'json';
}

/**
 * Text that came from the service (token names and symbols, statuses, labels) made safe for a
 * terminal: control characters (escape sequences, newlines, tabs, bidi overrides) are removed and
 * the result is shortened to `max` characters.
 */
export function clean(text: unknown, max = 40): string {
  if (text === null || text === undefined) return '';
  const s = sanitize(text).trim();
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}

/** An ISO 8601 time as "YYYY-MM-DD HH:MM" UTC; anything else is shown cleaned as it came. */
export function formatTime(iso: unknown): string {
  if (typeof iso !== 'string' || iso === '') return '—';
  const t = serviceTime(iso);
  if (Number.isNaN(t)) return clean(iso, 30);
  return new Date(t).toISOString().slice(0, 16).replace('T', ' ');
}

export class CommandError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

/** What the reading commands use of the services: the service itself (see readingCommand, reading.ts). */
/** What a reading command needs: the service, and the chain's facts of mints (absent: only SOL, USDC and USDT are known). */
export type HeadlessServices = Pick<import('../services.js').Services, 'api' | 'sim' | 'mode'> &
  Partial<Pick<import('../services.js').Services, 'mintFacts'>>;

/**
 * The exit code of a signing command's result: 0 success; 2 refused before anything was signed
 * (a rule of the wallet or of the transaction's inspection); 1 anything else (failed, expired,
 * cancelled at the prompt, or unknown: sent but not seen confirmed).
 */
export function exitCodeOf(status: string): 0 | 1 | 2 {
  return status === 'success' ? 0 : status === 'refused' ? 2 : 1;
}
