// Plain-text output for headless commands: aligned columns, no colour, no terminal control.
import stringWidth from 'string-width';
import { sanitize } from '../text/sanitize.js';
import { serviceTime } from '../text/format.js';

/** The width plain output fits: the terminal's columns on a terminal, 80 anywhere else (a pipe, a file). */
export function outputWidth(stream: { isTTY?: boolean; columns?: number } = process.stdout): number {
  return stream.isTTY === true && typeof stream.columns === 'number' && stream.columns >= 20 ? stream.columns : 80;
}

/**
 * One way a table makes room, tried in the order given until it fits: `cut` shortens a text column
 * (its cells end in …) to at least `least` columns, `wrap` lets a text column's cells go on over the
 * next lines at that width, `drop` leaves a column out. A number's column is never cut or wrapped.
 */
export type FitStep = ['cut' | 'wrap', number, number] | ['drop', number];

export interface TableOptions {
  /** columns aligned right (numbers) */
  right?: ReadonlySet<number>;
  fit?: readonly FitStep[];
  /** default outputWidth() */
  width?: number;
}

const GAP = 2;

/** Cuts text to `width` columns, ending in … when it was longer. */
function cutText(text: string, width: number): string {
  if (stringWidth(text) <= width) return text;
  let out = '';
  for (const ch of text) {
    if (stringWidth(out + ch) > width - 1) break;
    out += ch;
  }
  return `${out}…`;
}

/**
 * `text` in lines of at most `width` columns, broken between words (the spaces inside a line kept
 * as they are, so padded columns stay aligned); the lines after the first start with `indent`. A
 * word longer than a line (a transaction signature) is never broken: it stands on a line of its own.
 */
export function wrapWords(text: string, width: number, indent = ''): string[] {
  const lines: string[] = [];
  let line = '';
  const room = () => Math.max(1, width - (lines.length === 0 ? 0 : stringWidth(indent)));
  for (const part of text.split(/( +)/)) {
    if (part === '') continue;
    if (/^ +$/.test(part)) {
      line += part;
      continue;
    }
    if (line.trim() !== '' && stringWidth(line + part) > room()) {
      lines.push(line.trimEnd());
      line = '';
    }
    line += part;
  }
  lines.push(line.trimEnd());
  // a word too wide for an indented line goes from the margin
  return lines.map((l, i) => (i === 0 || stringWidth(indent + l) > width ? l : indent + l));
}

/** A line of text in lines that fit the output (see wrapWords), with a newline after each. */
export function fitText(text: string, width = outputWidth(), indent = '  '): string {
  return (
    text
      .split('\n')
      // (a word wider than the line, a transaction signature, stands on a line of its own, from the margin)
      .flatMap((l) => (stringWidth(l) <= width ? [l] : /^ *\S+$/.test(l) ? [l.trim()] : wrapWords(l, width, indent)))
      .join('\n') + '\n'
  );
}

/**
 * Aligned columns that fit `width` as the dashboard's tables do: text columns that may be cut
 * shorten first (never below their least width), then columns leave in the order given, and a
 * last line names what was left out. A number is never cut: its column stays whole or goes.
 */
export function printTable(headers: string[], cells: string[][], options: TableOptions | Set<number> = {}): string {
  const o: TableOptions = options instanceof Set ? { right: options } : options;
  const width = o.width ?? outputWidth();
  const right = o.right ?? new Set<number>();
  // what is printed is sanitised here, whatever the caller did
  const rows = cells.map((r) => r.map((c) => sanitize(c)));
  const natural = headers.map((h, i) => Math.max(stringWidth(h), ...rows.map((r) => stringWidth(r[i] ?? ''))));
  // one natural width per header
  const widths = new Map(headers.map((_, i) => [i, natural[i]!]));
  const total = () => [...widths.values()].reduce((a, b) => a + b, 0) + GAP * (widths.size - 1);
  const wrapped = new Set<number>();
  const dropped: number[] = [];
  for (const step of o.fit ?? []) {
    const over = total() - width;
    if (over <= 0) break;
    const i = step[1];
    if (!widths.has(i)) continue;
    if (step[0] === 'drop') {
      widths.delete(i);
      dropped.push(i);
      continue;
    }
    // a column still in widths is a header's
    const least = Math.max(stringWidth(headers[i]!), step[2]);
    widths.set(i, Math.min(widths.get(i)!, Math.max(least, widths.get(i)! - over)));
    if (step[0] === 'wrap') wrapped.add(i);
  }
  const shown = [...widths.keys()].sort((a, b) => a - b);
  const pad = (c: string, i: number) => {
    const fill = ' '.repeat(Math.max(0, widths.get(i)! - stringWidth(c)));
    return right.has(i) ? fill + c : c + fill;
  };
  const lines = (cellsOf: string[]): string[] => {
    const parts = shown.map((i) => {
      const text = cellsOf[i] ?? '';
      const w = widths.get(i)!;
      if (wrapped.has(i) && stringWidth(text) > w) return wrapWords(text, w);
      return [stringWidth(text) > w ? cutText(text, w) : text];
    });
    const height = Math.max(...parts.map((p) => p.length));
    return Array.from({ length: height }, (_, k) =>
      shown
        .map((i, n) => pad(parts[n]![k] ?? '', i))
        .join(' '.repeat(GAP))
        .trimEnd(),
    );
  };
  const out = [...lines(headers), ...rows.flatMap(lines)];
  if (dropped.length > 0)
    out.push(
      ...wrapWords(
        `(${dropped.map((i) => headers[i]).join(', ')} left out at ${width} columns: a wider terminal or --json shows them)`,
        width,
      ),
    );
  return out.join('\n') + '\n';
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
export function outputMode(
  opts: { json?: string | boolean; ndjson?: string | boolean; table?: string | boolean },
  stdoutIsTTY: boolean,
): OutputMode {
  const json = opts.json === true || opts.ndjson === true;
  if (json && opts.table === true)
    throw new CommandError(`--${opts.ndjson === true ? 'ndjson' : 'json'} and --table: give one of them`, 2);
  if (json) return 'json';
  if (opts.table === true) return 'table';
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
export type HeadlessServices = Pick<import('../services/index.js').Services, 'api' | 'sim' | 'mode'> &
  Partial<Pick<import('../services/index.js').Services, 'mintFacts' | 'generation'>>;

/**
 * The exit code of a signing command's result: 0 success; 2 refused before anything was signed
 * (a rule of the wallet or of the transaction's inspection); 1 anything else (failed, expired,
 * cancelled at the prompt, or unknown: sent but not seen confirmed).
 */
export function exitCodeOf(status: string): 0 | 1 | 2 {
  return status === 'success' ? 0 : status === 'refused' ? 2 : 1;
}
