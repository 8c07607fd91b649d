// The starred tokens, kept as JSON in the state directory (watchlist.json). Written atomically
// (temporary file, fsync, rename) so a crash never leaves half a file; read defensively, since the
// file may have been edited by hand: bad entries are dropped, never trusted. A save merges with
// what another instance saved meanwhile (under the file's short lock): stars added elsewhere stay.
import { join } from 'node:path';
import { checkResponse } from './api/schema.js';
import { mergeByKey, readStateFile, StateFileError, writeStateFile } from './stateFile.js';
import { withFileLock } from './stateLock.js';
import { tokenSchema } from './api/contract/index.js';
import type { Token } from './api/types.js';

export interface WatchEntry {
  mint: string;
  symbol: string;
  name: string;
  /** ISO time it was starred */
  starredAt: string;
  /** the token's data when last seen (shown when it drops out of the current list) */
  last?: Token;
}

export interface WatchlistFile {
  version: 1;
  tokens: WatchEntry[];
}

export const WATCHLIST_FILE = 'watchlist.json';
const MINT_RE = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;

export function watchlistPath(stateDir: string): string {
  return join(stateDir, WATCHLIST_FILE);
}

function entryOf(v: unknown): WatchEntry | undefined {
  if (typeof v !== 'object' || v === null) return undefined;
  const e = v as Record<string, unknown>;
  if (typeof e.mint !== 'string' || !MINT_RE.test(e.mint)) return undefined;
  const text = (x: unknown, max: number) => (typeof x === 'string' ? x.slice(0, max) : '');
  const entry: WatchEntry = {
    mint: e.mint,
    symbol: text(e.symbol, 32),
    name: text(e.name, 80),
    starredAt:
      typeof e.starredAt === 'string' && !Number.isNaN(Date.parse(e.starredAt))
        ? e.starredAt
        : new Date(0).toISOString(),
  };
  if (e.last !== undefined) {
    try {
      const last = checkResponse('watchlist.json', tokenSchema, e.last);
      if (last.id === e.mint) entry.last = last;
    } catch {
      // a stale or edited snapshot is dropped; the star stays
    }
  }
  return entry;
}

/** The starred tokens; an absent file is an empty list. Throws only when the file exists but is not a watchlist. */
export async function loadWatchlist(stateDir: string): Promise<WatchEntry[]> {
  let text: string | undefined;
  try {
    text = await readStateFile(watchlistPath(stateDir));
  } catch (e) {
    if (e instanceof StateFileError) throw e;
    throw new Error(`${watchlistPath(stateDir)}: cannot read (${(e as NodeJS.ErrnoException).code ?? 'error'})`, {
      cause: e,
    });
  }
  if (text === undefined) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(`${watchlistPath(stateDir)}: not valid JSON`);
  }
  const tokens = (parsed as { tokens?: unknown })?.tokens;
  if (!Array.isArray(tokens)) throw new Error(`${watchlistPath(stateDir)}: expected {"version":1,"tokens":[...]}`);
  const seen = new Set<string>();
  const out: WatchEntry[] = [];
  for (const t of tokens) {
    const e = entryOf(t);
    if (e && !seen.has(e.mint)) {
      seen.add(e.mint);
      out.push(e);
    }
  }
  return out;
}

/** Replaces the file atomically (see stateFile.ts). */
export async function saveWatchlist(stateDir: string, entries: readonly WatchEntry[]): Promise<void> {
  const body: WatchlistFile = { version: 1, tokens: [...entries] };
  await writeStateFile(stateDir, WATCHLIST_FILE, JSON.stringify(body, null, 2) + '\n');
}

/**
 * Serialises saves so they land in call order; each merges this instance's list (grown from
 * `loaded`, the list read at start) with the file as it is now, so stars another instance added
 * meanwhile are kept and the ones removed here stay removed. Reports failures through onError
 * (the person sees them) instead of throwing into a key handler.
 */
export function createWatchlistWriter(
  stateDir: string,
  onError: (message: string) => void,
  loaded: readonly WatchEntry[] = [],
): (entries: readonly WatchEntry[]) => Promise<void> {
  let chain: Promise<void> = Promise.resolve();
  let base = loaded.slice();
  return (entries) => {
    const snapshot = entries.slice();
    chain = chain.then(() =>
      withFileLock(stateDir, WATCHLIST_FILE, async () => {
        await saveWatchlist(
          stateDir,
          mergeByKey(base, snapshot, await loadWatchlist(stateDir), (e) => e.mint),
        );
        base = snapshot;
      }).catch((e: unknown) => onError(`watchlist not saved: ${e instanceof Error ? e.message : String(e)}`)),
    );
    return chain;
  };
}
