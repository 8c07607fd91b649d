// The pools launched from this machine, kept in <stateDir>/studio-pools.json (mode 0600, written
// atomically): what the Studio screen lists and what a claim picks from. Read defensively: the
// file may have been edited by hand, so entries that do not hold together are dropped.
import { join } from 'node:path';
import {
  check,
  fallback,
  finite,
  integer,
  maxValue,
  minValue,
  nonEmpty,
  number,
  object,
  optional,
  picklist,
  pipe,
  regex,
  string,
  transform,
  type InferOutput,
} from 'valibot';
import { clippedText, fileObject, keptList, loadStateFile, timeOrEpoch, writeStateFile } from '../state/file.js';
import { withFileLock } from '../state/lock.js';
import { isAddress } from '../chain/base58.js';

export const POOLS_FILE = 'studio-pools.json';

const address = pipe(
  string(),
  check((v) => isAddress(v)),
);
/** A finite number, NaN for anything else (shown as unknown, never as a value). */
const amount = fallback(pipe(number(), finite()), Number.NaN);

/** A pool as remembered; one without its four addresses or its quote's decimals does not hold together and is dropped. */
const launchedPool = object({
  pool: address,
  mint: address,
  name: clippedText(64),
  symbol: clippedText(32),
  quoteMint: address,
  quoteSymbol: clippedText(32),
  quoteDecimals: pipe(number(), integer(), minValue(0), maxValue(18)),
  creator: address,
  feeBps: amount,
  initialMarketCap: amount,
  migrationMarketCap: amount,
  /** ISO time of the launch */
  launchedAt: timeOrEpoch,
  signature: fallback(optional(pipe(string(), regex(/^[1-9A-HJ-NP-Za-km-z]{32,100}$/))), undefined),
  /** 'unknown': sent, but its outcome was not known when it was recorded */
  status: fallback(picklist(['success', 'unknown']), 'success'),
  /** where it was launched: "simulator" (demo), the service's host; absent in files written before it was kept */
  network: fallback(
    optional(
      pipe(
        string(),
        nonEmpty(),
        transform((x) => x.slice(0, 100)),
      ),
    ),
    undefined,
  ),
});
export type LaunchedPool = InferOutput<typeof launchedPool>;

const poolsFile = fileObject(
  { pools: keptList(launchedPool, 'a list of pools', (p) => p.pool) },
  '{"version":1,"pools":[...]}',
);

export function poolsPath(stateDir: string): string {
  return join(stateDir, POOLS_FILE);
}

/** The remembered pools, newest first; no file is an empty list. Throws when the file exists but is not a pools file. */
export async function loadPools(stateDir: string): Promise<LaunchedPool[]> {
  const pools = (await loadStateFile(poolsPath(stateDir), poolsFile))?.pools ?? [];
  return pools.sort((a, b) => Date.parse(b.launchedAt) - Date.parse(a.launchedAt));
}

let chain: Promise<unknown> = Promise.resolve();

/** Adds (or replaces, by pool address) one pool to the file as it is now (another instance may have added some); returns the list as written. */
export function rememberPool(stateDir: string, pool: LaunchedPool): Promise<LaunchedPool[]> {
  const next = chain.then(() =>
    withFileLock(stateDir, POOLS_FILE, async () => {
      const pools = [pool, ...(await loadPools(stateDir)).filter((p) => p.pool !== pool.pool)];
      await writeStateFile(stateDir, POOLS_FILE, JSON.stringify({ version: 1, pools }, null, 2) + '\n');
      return pools;
    }),
  );
  chain = next.catch(() => undefined);
  return next;
}

/**
 * Takes the pools `drop` names out of the file (the demo's, at `demo reset`); returns how many went.
 * A file that does not exist holds none.
 */
export function forgetPools(stateDir: string, drop: (p: LaunchedPool) => boolean): Promise<number> {
  const next = chain.then(() =>
    withFileLock(stateDir, POOLS_FILE, async () => {
      const pools = await loadPools(stateDir);
      const kept = pools.filter((p) => !drop(p));
      if (kept.length !== pools.length)
        await writeStateFile(stateDir, POOLS_FILE, JSON.stringify({ version: 1, pools: kept }, null, 2) + '\n');
      return pools.length - kept.length;
    }),
  );
  chain = next.catch(() => undefined);
  return next;
}

/** The pools launched where `network` is (and those kept before the network was written down). */
export function poolsOf(pools: readonly LaunchedPool[], network: string): LaunchedPool[] {
  return pools.filter((p) => p.network === undefined || p.network === network);
}

/** A remembered pool by its address, mint or symbol (case-insensitive). */
export function findPool(pools: readonly LaunchedPool[], text: string): LaunchedPool | undefined {
  const t = text.trim();
  return (
    pools.find((p) => p.pool === t || p.mint === t) ?? pools.find((p) => p.symbol.toLowerCase() === t.toLowerCase())
  );
}
