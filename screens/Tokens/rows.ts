// The Tokens table's rows: built from the current list (or the starred tokens), filtered by
// symbol, name or mint, and sorted. Text from the service is untrusted: control characters
// (escape sequences could repaint the terminal) are removed before anything is drawn.
import type { Token, TokenInterval } from '../../src/api/index.js';
import type { WatchEntry } from '../../src/store/watchlist.js';
import { sanitize } from '../../src/text/sanitize.js';

export interface TokenRow {
  mint: string;
  /** position in the service's list; null for a starred token not in it */
  rank: number | null;
  token: Token | undefined;
  symbol: string;
  name: string;
  starred: boolean;
  /** starred, but not in the current list (its last known data is shown) */
  dropped: boolean;
  /** the price moved in the most recent refresh: 1 up, -1 down */
  moved: 1 | -1 | 0;
  history: readonly number[];
  interval: TokenInterval;
}

/** Text from the service made safe to draw on one line. */
export function printable(text: unknown, max = 200): string {
  if (text === null || text === undefined) return '';
  return sanitize(text).slice(0, max);
}

export interface RowInputs {
  tokens: readonly Token[] | undefined;
  latest: Record<string, Token>;
  history: Record<string, readonly number[]>;
  changed: Record<string, 1 | -1>;
  starred: readonly WatchEntry[];
  starredOnly: boolean;
  interval: TokenInterval;
}

const NO_HISTORY: readonly number[] = [];

export function buildRows(i: RowInputs): TokenRow[] {
  const starredSet = new Set(i.starred.map((e) => e.mint));
  const list = i.tokens ?? [];
  const rankOf = new Map(list.map((t, n) => [t.id, n + 1]));
  const row = (mint: string, token: Token | undefined, fallback?: WatchEntry): TokenRow => ({
    mint,
    rank: rankOf.get(mint) ?? null,
    token,
    symbol: printable(token?.symbol ?? fallback?.symbol ?? '', 24),
    name: printable(token?.name ?? fallback?.name ?? '', 80),
    starred: starredSet.has(mint),
    dropped: !rankOf.has(mint),
    moved: rankOf.has(mint) ? (i.changed[mint] ?? 0) : 0,
    history: i.history[mint] ?? NO_HISTORY,
    interval: i.interval,
  });
  if (!i.starredOnly) return list.map((t) => row(t.id, t));
  const byId = new Map(list.map((t) => [t.id, t]));
  return i.starred.map((e) => {
    const listed = byId.get(e.mint);
    return row(e.mint, listed ?? i.latest[e.mint] ?? e.last, e);
  });
}

/** Rows whose symbol, name or mint contain every word of the query (case-insensitive). */
export function filterTokenRows(rows: readonly TokenRow[], query: string): TokenRow[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return rows.slice();
  return rows.filter((r) => {
    const hay = `${r.symbol} ${r.name} ${r.mint}`.toLowerCase();
    return words.every((w) => hay.includes(w));
  });
}

/** The statistics window the change column shows. */
export function statsOf(t: Token | undefined, interval: TokenInterval): Token['stats1h'] | undefined {
  if (!t) return undefined;
  const s = t[`stats${interval}` as const];
  return typeof s === 'object' && s !== null ? s : undefined;
}

/** Buy plus sell volume over the window, or null when the service left both out. */
export function volumeOf(t: Token | undefined, interval: TokenInterval): number | null {
  const s = statsOf(t, interval);
  if (!s) return null;
  const b = typeof s.buyVolume === 'number' ? s.buyVolume : null;
  const v = typeof s.sellVolume === 'number' ? s.sellVolume : null;
  return b === null && v === null ? null : (b ?? 0) + (v ?? 0);
}
