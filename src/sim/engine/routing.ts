// Route search over the pool graph: direct and two-hop paths, two-way splits, ExactIn and ExactOut.
import {
  EXACT_OUT_LABELS,
  inGivenOut,
  otherMint,
  outGivenIn,
  poolReserves,
  type Pool,
  type PriceSource,
} from './pools.js';

export interface RouteFilter {
  dexes?: Set<string>;
  excludeDexes?: Set<string>;
  onlyDirect?: boolean;
  /** when set, the only allowed intermediate mints */
  intermediates?: Set<string>;
  maxAccounts?: number;
}

export interface HopResult {
  pool: Pool;
  inputMint: string;
  outputMint: string;
  inAmount: bigint;
  outAmount: bigint;
  feeAmount: bigint;
}

export interface PathResult {
  pools: Pool[];
  mints: string[];
  percent: number;
  hops: HopResult[];
}

export interface RouteResult {
  inAmount: bigint;
  outAmount: bigint;
  priceImpact: number;
  paths: PathResult[];
  accounts: number;
}

/** a path of one or more pools; `mints` has one more entry than `pools` (input, the middles, output) */
export interface PathSpec {
  pools: Pool[];
  mints: string[];
  percent: number;
}

const BASE_ACCOUNTS = 8;
const ACCOUNTS_PER_HOP = 7;
const SPLIT_STEPS = [10, 20, 30, 40, 50, 60, 70, 80, 90];

export function routeAccounts(paths: Array<{ pools: Pool[] }>): number {
  return BASE_ACCOUNTS + paths.reduce((n, p) => n + p.pools.length * ACCOUNTS_PER_HOP, 0);
}

/** The pool graph indexed by mint pair. */
export class PoolGraph {
  private readonly adjacency = new Map<string, Map<string, Pool[]>>();
  readonly byId = new Map<string, Pool>();

  constructor(pools: Pool[]) {
    for (const p of pools) this.add(p);
  }

  add(p: Pool): void {
    this.byId.set(p.id, p);
    this.link(p.mintA, p.mintB, p);
    this.link(p.mintB, p.mintA, p);
  }

  private link(a: string, b: string, p: Pool): void {
    let m = this.adjacency.get(a);
    if (!m) this.adjacency.set(a, (m = new Map()));
    const list = m.get(b) ?? [];
    list.push(p);
    m.set(b, list);
  }

  pools(a: string, b: string): Pool[] {
    return this.adjacency.get(a)?.get(b) ?? [];
  }

  neighbours(a: string): string[] {
    return [...(this.adjacency.get(a)?.keys() ?? [])];
  }

  /** every allowed direct and two-hop path from input to output */
  candidatePaths(input: string, output: string, filter: RouteFilter, exactOut: boolean): PathSpec[] {
    const ok = (p: Pool) =>
      (!filter.dexes || filter.dexes.has(p.label)) &&
      !filter.excludeDexes?.has(p.label) &&
      (!exactOut || EXACT_OUT_LABELS.has(p.label));
    const paths: PathSpec[] = [];
    for (const p of this.pools(input, output))
      if (ok(p)) paths.push({ pools: [p], mints: [input, output], percent: 100 });
    if (filter.onlyDirect) return paths;
    for (const mid of this.neighbours(input)) {
      if (mid === output || (filter.intermediates && !filter.intermediates.has(mid))) continue;
      const second = this.pools(mid, output).filter(ok);
      if (second.length === 0) continue;
      for (const p1 of this.pools(input, mid)) {
        if (!ok(p1)) continue;
        for (const p2 of second) paths.push({ pools: [p1, p2], mints: [input, mid, output], percent: 100 });
      }
    }
    return paths;
  }
}

/** runs amountIn along a path without changing anything */
export function evaluatePath(path: PathSpec, amountIn: bigint, prices: PriceSource, slot: number): HopResult[] | null {
  const hops: HopResult[] = [];
  let amount = amountIn;
  for (let i = 0; i < path.pools.length; i++) {
    const pool = path.pools[i]!;
    const from = path.mints[i]!;
    const [rIn, rOut] = poolReserves(pool, from, prices, slot);
    const { out, fee } = outGivenIn(rIn, rOut, amount, pool.feeBps);
    if (out <= 0n) return null;
    hops.push({
      pool,
      inputMint: from,
      outputMint: otherMint(pool, from),
      inAmount: amount,
      outAmount: out,
      feeAmount: fee,
    });
    amount = out;
  }
  return hops;
}

/** works backwards from amountOut; null when a pool cannot supply it */
export function evaluatePathExactOut(
  path: PathSpec,
  amountOut: bigint,
  prices: PriceSource,
  slot: number,
): HopResult[] | null {
  const hops: HopResult[] = [];
  let amount = amountOut;
  for (let i = path.pools.length - 1; i >= 0; i--) {
    const pool = path.pools[i]!;
    // one more mint than pools: i + 1 is in range
    const from = path.mints[i]!;
    const [rIn, rOut] = poolReserves(pool, from, prices, slot);
    const r = inGivenOut(rIn, rOut, amount, pool.feeBps);
    if (!r) return null;
    hops.unshift({
      pool,
      inputMint: from,
      outputMint: path.mints[i + 1]!,
      inAmount: r.amountIn,
      outAmount: amount,
      feeAmount: r.fee,
    });
    amount = r.amountIn;
  }
  return hops;
}

// An evaluated path has a hop per pool and at least one pool: its first and last hops exist.

/** output of the mid-market price with fees but no price impact */
function idealOut(paths: PathResult[], prices: PriceSource): number {
  let total = 0;
  for (const p of paths) {
    let v = Number(p.hops[0]!.inAmount);
    for (const h of p.hops) {
      const rate =
        (prices.priceUsd(h.inputMint) / prices.priceUsd(h.outputMint)) *
        10 ** (prices.decimals(h.outputMint) - prices.decimals(h.inputMint));
      v = v * rate * (1 - h.pool.feeBps / 10000);
    }
    total += v;
  }
  return total;
}

function result(paths: PathResult[], prices: PriceSource): RouteResult {
  const inAmount = paths.reduce((s, p) => s + p.hops[0]!.inAmount, 0n);
  const outAmount = paths.reduce((s, p) => s + p.hops[p.hops.length - 1]!.outAmount, 0n);
  const ideal = idealOut(paths, prices);
  const impact = ideal > 0 ? Math.max(0, 1 - Number(outAmount) / ideal) : 0;
  return { inAmount, outAmount, priceImpact: impact, paths, accounts: routeAccounts(paths) };
}

/** evaluates a fixed route (paths with percents) for an input amount */
export function evaluateRoute(
  specs: PathSpec[],
  amountIn: bigint,
  prices: PriceSource,
  slot: number,
): RouteResult | null {
  const paths: PathResult[] = [];
  let left = amountIn;
  for (let i = 0; i < specs.length; i++) {
    const spec = specs[i]!;
    const share = i === specs.length - 1 ? left : (amountIn * BigInt(Math.round(spec.percent * 100))) / 10000n;
    left -= share;
    const hops = evaluatePath(spec, share, prices, slot);
    if (!hops) return null;
    paths.push({ ...spec, hops });
  }
  return result(paths, prices);
}

function sharesPool(a: PathSpec, b: PathSpec): boolean {
  return a.pools.some((p) => b.pools.includes(p));
}

export function bestExactIn(
  candidates: PathSpec[],
  amountIn: bigint,
  filter: RouteFilter,
  prices: PriceSource,
  slot: number,
): RouteResult | null {
  const max = filter.maxAccounts ?? 64;
  const singles: Array<{ spec: PathSpec; r: RouteResult }> = [];
  for (const spec of candidates) {
    if (routeAccounts([spec]) > max) continue;
    const r = evaluateRoute([spec], amountIn, prices, slot);
    if (r && r.outAmount > 0n) singles.push({ spec, r });
  }
  if (singles.length === 0) return null;
  singles.sort((x, y) => (y.r.outAmount > x.r.outAmount ? 1 : y.r.outAmount < x.r.outAmount ? -1 : 0));
  // singles is not empty (checked above), so top[0] exists
  let best = singles[0]!.r;
  const top = singles.slice(0, 4);
  for (let i = 1; i < top.length; i++) {
    const a = top[0]!.spec;
    const b = top[i]!.spec;
    if (sharesPool(a, b) || routeAccounts([a, b]) > max) continue;
    for (const pct of SPLIT_STEPS) {
      const r = evaluateRoute(
        [
          { ...a, percent: pct },
          { ...b, percent: 100 - pct },
        ],
        amountIn,
        prices,
        slot,
      );
      if (r && r.outAmount > best.outAmount) best = r;
    }
  }
  return best;
}

export function bestExactOut(
  candidates: PathSpec[],
  amountOut: bigint,
  filter: RouteFilter,
  prices: PriceSource,
  slot: number,
): RouteResult | null {
  const max = filter.maxAccounts ?? 64;
  let best: RouteResult | null = null;
  for (const spec of candidates) {
    if (routeAccounts([spec]) > max) continue;
    const hops = evaluatePathExactOut(spec, amountOut, prices, slot);
    if (!hops) continue;
    const r = result([{ ...spec, percent: 100, hops }], prices);
    if (!best || r.inAmount < best.inAmount) best = r;
  }
  return best;
}
