// `tradedeck tokens --watch`: the token list again and again, one refresh per interval, until
// SIGINT, SIGTERM or a reader that closes the pipe (all three are a normal end: exit 0).
// JSON mode writes one document per line (NDJSON); a terminal gets the table redrawn in place;
// --table into a pipe gets one table after another, each under a heading line.
import type { OptionsOf } from '../commands/registry.js';
import type { HeadlessServices } from './print.js';
import { ApiError } from '../api/errors.js';
import { RequestRuleError, ResponseShapeError } from '../api/contract/ruleErrors.js';
import { fetchTokens, tokensQuery, tokensTable, type TokensDocument } from './tokens.js';
import { CommandError, clean, printJson } from './print.js';

/** Refresh every 10 s unless told otherwise; never more often than every 2 s (the service allows 60 requests a minute). */
export const WATCH_DEFAULT_MS = 10_000;
export const WATCH_MIN_MS = 2_000;
/** After failures in a row the wait doubles, up to this. */
export const WATCH_MAX_BACKOFF_MS = 60_000;

type Flags = OptionsOf<'tokens'>;

/** --interval-ms, checked before any request (exit 2). */
export function watchInterval(opts: Pick<Flags, 'intervalMs'>): number {
  if (opts.intervalMs === undefined) return WATCH_DEFAULT_MS;
  const text = String(opts.intervalMs).trim();
  const n = Number(text);
  if (!/^\d+$/.test(text) || n < WATCH_MIN_MS || n > 86_400_000) {
    throw new CommandError(
      `--interval-ms: must be a whole number of milliseconds from ${WATCH_MIN_MS} to 86400000 (got "${clean(text, 30)}")`,
      2,
    );
  }
  return n;
}

export interface WatchIo {
  write(text: string): void;
  /** one line on stderr */
  fail(line: string): void;
  /** stdout is a terminal: the table is redrawn in place */
  tty: boolean;
  /** resolves when the watch should stop (a signal) */
  stopped: Promise<void>;
  now?: () => number;
}

/** One refresh as written: a JSON line, or a table under a heading. */
export function watchFrame(doc: TokensDocument, opts: Flags, intervalMs: number, tty: boolean): string {
  if (opts.json) return printJson(doc);
  const heading = `tokens ${doc.category} ${doc.interval} at ${doc.time.slice(0, 19).replace('T', ' ')} UTC, every ${intervalMs / 1000}s${tty ? ' (Ctrl-C stops)' : ''}\n`;
  // on a terminal: cursor home and clear, then the frame; into a pipe no terminal control at all
  return (tty ? '\u001b[H\u001b[2J' : '') + heading + tokensTable(doc.tokens, doc.interval) + (tty ? '' : '\n');
}

/**
 * Runs until `io.stopped` resolves. A failed refresh is one line on stderr and the watch goes on,
 * waiting longer (what the service asked for on 429, else doubling up to a minute) until a
 * refresh succeeds; a request rule broken is a usage error (exit 2) and ends it.
 */
export async function watchTokens(services: HeadlessServices, opts: Flags, io: WatchIo): Promise<number> {
  const query = tokensQuery(opts);
  const intervalMs = watchInterval(opts);
  const now = io.now ?? Date.now;
  let stop = false;
  // a request in flight (or waiting to retry as the service asked) is dropped on stop
  const abort = new AbortController();
  const stopped = io.stopped.then(() => {
    stop = true;
    abort.abort();
    return 'stopped' as const;
  });
  let failures = 0;
  while (!stop) {
    const started = now();
    let waitMs = intervalMs;
    try {
      const doc = await Promise.race([fetchTokens(services, query, now, abort.signal), stopped]);
      if (doc === 'stopped') break;
      io.write(watchFrame(doc, opts, intervalMs, io.tty));
      failures = 0;
    } catch (e) {
      if (e instanceof RequestRuleError) throw e;
      if (!(e instanceof ApiError || e instanceof ResponseShapeError)) throw e;
      failures++;
      waitMs = retryWait(intervalMs, failures, e instanceof ApiError ? e.retryAfterMs : undefined);
      io.fail(`${clean(e.message, 400)} (trying again in ${Math.ceil(waitMs / 1000)}s)`);
    }
    const rest = waitMs - (now() - started);
    if (rest > 0 && !stop) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([new Promise<void>((resolve) => (timer = setTimeout(resolve, rest))), stopped]);
      clearTimeout(timer);
    }
  }
  return 0;
}

/**
 * The wait after the `failures`-th failed refresh in a row: the interval, doubled for each earlier
 * failure up to a minute, and never shorter than what the service asked for (429 Retry-After).
 */
export function retryWait(intervalMs: number, failures: number, retryAfterMs?: number): number {
  const backoff = Math.min(WATCH_MAX_BACKOFF_MS, Math.max(intervalMs, intervalMs * 2 ** Math.max(0, failures - 1)));
  return Math.max(backoff, retryAfterMs ?? 0);
}
