// The pools launched from this machine, kept in <stateDir>/studio-pools.json (mode 0600, written
// atomically): what the Studio screen lists and what a claim picks from. Read defensively: the
// file may have been edited by hand, so entries that do not hold together are dropped.
import { join } from 'node:path';
import { readStateFile, StateFileError, writeStateFile } from '../stateFile.js';
import { withFileLock } from '../stateLock.js';

export const POOLS_FILE = 'studio-pools.json';

export interface LaunchedPool {
  pool: string;
  mint: string;
  name: string;
  symbol: string;
  quoteMint: string;
  quoteSymbol: string;
  quoteDecimals: number;
  creator: string;
  feeBps: number;
  initialMarketCap: number;
  migrationMarketCap: number;
  /** ISO time of the launch */
  launchedAt: string;
  signature?: string;
  /** 'unknown': sent, but its outcome was not known when it was recorded */
  status: 'success' | 'unknown';
  /** where it was launched: "simulator" (demo), the service's host; absent in files written before it was kept */
  network?: string;
}

const ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;

export function poolsPath(stateDir: string): string {
  return join(stateDir, POOLS_FILE);
}

function entryOf(v: unknown): LaunchedPool | undefined {
  if (typeof v !== 'object' || v === null) return undefined;
  const e = v as Record<string, unknown>;
  const addr = (x: unknown) => (typeof x === 'string' && ADDRESS.test(x) ? x : undefined);
  const text = (x: unknown, max: number) => (typeof x === 'string' ? x.slice(0, max) : '');
  const num = (x: unknown) => (typeof x === 'number' && Number.isFinite(x) ? x : NaN);
  const pool = addr(e.pool);
  const mint = addr(e.mint);
  const quoteMint = addr(e.quoteMint);
  const creator = addr(e.creator);
  if (!pool || !mint || !quoteMint || !creator) return undefined;
  const decimals = num(e.quoteDecimals);
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 18) return undefined;
  return {
    pool,
    mint,
    name: text(e.name, 64),
    symbol: text(e.symbol, 32),
    quoteMint,
    quoteSymbol: text(e.quoteSymbol, 32),
    quoteDecimals: decimals,
    creator,
    feeBps: num(e.feeBps),
    initialMarketCap: num(e.initialMarketCap),
    migrationMarketCap: num(e.migrationMarketCap),
    launchedAt:
      typeof e.launchedAt === 'string' && !Number.isNaN(Date.parse(e.launchedAt))
        ? e.launchedAt
        : new Date(0).toISOString(),
    ...(typeof e.signature === 'string' && /^[1-9A-HJ-NP-Za-km-z]{32,100}$/.test(e.signature)
      ? { signature: e.signature }
      : {}),
    status: e.status === 'unknown' ? 'unknown' : 'success',
    ...(typeof e.network === 'string' && e.network !== '' ? { network: e.network.slice(0, 100) } : {}),
  };
}

/** The remembered pools, newest first; no file is an empty list. Throws when the file exists but is not a pools file. */
export async function loadPools(stateDir: string): Promise<LaunchedPool[]> {
  let text: string | undefined;
  try {
    text = await readStateFile(poolsPath(stateDir));
  } catch (e) {
    if (e instanceof StateFileError) throw e;
    throw new Error(`${poolsPath(stateDir)}: cannot read (${(e as NodeJS.ErrnoException).code ?? 'error'})`, {
      cause: e,
    });
  }
  if (text === undefined) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(`${poolsPath(stateDir)}: not valid JSON`);
  }
  const list = (parsed as { pools?: unknown })?.pools;
  if (!Array.isArray(list)) throw new Error(`${poolsPath(stateDir)}: expected {"version":1,"pools":[...]}`);
  const seen = new Set<string>();
  const out: LaunchedPool[] = [];
  for (const v of list) {
    const p = entryOf(v);
    if (p && !seen.has(p.pool)) {
      seen.add(p.pool);
      out.push(p);
    }
  }
  return out.sort((a, b) => Date.parse(b.launchedAt) - Date.parse(a.launchedAt));
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
