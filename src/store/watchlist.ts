// The starred tokens, kept as JSON in the state directory (watchlist.json). Written atomically
// (temporary file, fsync, rename) so a crash never leaves half a file; read defensively, since the
// file may have been edited by hand: bad entries are dropped, never trusted. A save merges with
// what another instance saved meanwhile (under the file's short lock): stars added elsewhere stay.
import { join } from 'node:path';
import { check, fallback, object, optional, pipe, string, transform, type InferOutput } from 'valibot';
import { tokenSchema } from '../api/contract/tokens.js';
import {
  clippedText,
  fileObject,
  keptList,
  loadStateFile,
  mergeByKey,
  timeOrEpoch,
  writeStateFile,
} from '../state/file.js';
import { withFileLock } from '../state/lock.js';
import { isAddress } from '../chain/base58.js';

export const WATCHLIST_FILE = 'watchlist.json';
const starred = object({
  mint: pipe(
    string(),
    check((v) => isAddress(v)),
  ),
  symbol: clippedText(32),
  name: clippedText(80),
  /** ISO time it was starred */
  starredAt: timeOrEpoch,
  /** the token's data when last seen (shown when it drops out of the current list) */
  last: fallback(optional(tokenSchema), undefined),
});
/** A star; a snapshot of another token than the star's, or one that does not read as a token, is dropped (the star stays). */
const watchEntry = pipe(
  starred,
  transform((e): InferOutput<typeof starred> =>
    e.last?.id === e.mint ? e : { mint: e.mint, symbol: e.symbol, name: e.name, starredAt: e.starredAt },
  ),
);
export type WatchEntry = InferOutput<typeof watchEntry>;

const watchlistFile = fileObject(
  { tokens: keptList(watchEntry, 'a list of starred tokens', (e) => e.mint) },
  '{"version":1,"tokens":[...]}',
);

export function watchlistPath(stateDir: string): string {
  return join(stateDir, WATCHLIST_FILE);
}

/** The starred tokens; an absent file is an empty list. Throws only when the file exists but is not a watchlist. */
export async function loadWatchlist(stateDir: string): Promise<WatchEntry[]> {
  return (await loadStateFile(watchlistPath(stateDir), watchlistFile))?.tokens ?? [];
}

/** Replaces the file atomically (see src/state/file.ts). */
export async function saveWatchlist(stateDir: string, entries: readonly WatchEntry[]): Promise<void> {
  const body = { version: 1, tokens: [...entries] };
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
