// Constant-product pools under several DEX labels. A pool's reserves follow the reference price of
// its two tokens; a trade pushes the pool price away from it (a deviation), which arbitrage closes
// with a 60 s half-life. Nothing is done per slot: reserves are derived when a pool is touched.
import { NATIVE_MINT, USDC_MINT, USDT_MINT } from '../../chain/mints.js';
import { seededAddress, unit } from './random.js';
import type { TokenDef } from './catalog.js';

export const DEX_LABELS = [
  'Whirlpool',
  'Raydium',
  'Raydium CLMM',
  'Raydium CP',
  'Meteora DLMM',
  'Meteora',
  'Phoenix',
  'Lifinity V2',
  'Pump.fun Amm',
  'Orca V2',
  'Meteora DBC',
] as const;
/** the AMMs that can route ExactOut swaps */
export const EXACT_OUT_LABELS = new Set<string>(['Whirlpool', 'Raydium', 'Raydium CLMM', 'Orca V2']);
const DEVIATION_HALF_LIFE_SLOTS = 150;

export interface Pool {
  id: string;
  label: string;
  mintA: string;
  mintB: string;
  feeBps: number;
  /** USD value held by the pool at the reference price */
  depthUsd: number;
  /** log of (pool price / reference price) at devSlot */
  deviation: number;
  devSlot: number;
  /** a bonding curve: the only market of mintA, so trades move mintA's reference price itself */
  curve?: boolean;
}

export interface PriceSource {
  priceUsd(mint: string): number;
  decimals(mint: string): number;
}

export function poolDeviation(pool: Pool, slot: number): number {
  if (pool.deviation === 0) return 0;
  return pool.deviation * 0.5 ** (Math.max(0, slot - pool.devSlot) / DEVIATION_HALF_LIFE_SLOTS);
}

/** reserves [of fromMint, of the other mint] in base units */
export function poolReserves(pool: Pool, fromMint: string, prices: PriceSource, slot: number): [bigint, bigint] {
  const d = poolDeviation(pool, slot);
  const half = pool.depthUsd / 2;
  const rawA = (half / prices.priceUsd(pool.mintA)) * 10 ** prices.decimals(pool.mintA) * Math.exp(-d / 2);
  const rawB = (half / prices.priceUsd(pool.mintB)) * 10 ** prices.decimals(pool.mintB) * Math.exp(d / 2);
  const a = BigInt(Math.max(1, Math.floor(rawA)));
  const b = BigInt(Math.max(1, Math.floor(rawB)));
  return fromMint === pool.mintA ? [a, b] : [b, a];
}

export function otherMint(pool: Pool, mint: string): string {
  return mint === pool.mintA ? pool.mintB : pool.mintA;
}

/** output and fee (in the input token) of selling amountIn into reserves (rIn, rOut) */
export function outGivenIn(rIn: bigint, rOut: bigint, amountIn: bigint, feeBps: number): { out: bigint; fee: bigint } {
  const fee = (amountIn * BigInt(feeBps) + 9999n) / 10000n;
  const net = amountIn - fee;
  if (net <= 0n) return { out: 0n, fee: amountIn };
  return { out: (rOut * net) / (rIn + net), fee };
}

/** input needed (fee included) to receive amountOut, or null when the pool cannot provide it */
export function inGivenOut(
  rIn: bigint,
  rOut: bigint,
  amountOut: bigint,
  feeBps: number,
): { amountIn: bigint; fee: bigint } | null {
  if (amountOut >= rOut) return null;
  const net = (rIn * amountOut + (rOut - amountOut) - 1n) / (rOut - amountOut);
  const gross = (net * 10000n + BigInt(10000 - feeBps) - 1n) / BigInt(10000 - feeBps);
  return { amountIn: gross, fee: gross - net };
}

/** records a trade's effect on the pool price */
export function applyTrade(
  pool: Pool,
  fromMint: string,
  amountIn: bigint,
  amountOut: bigint,
  prices: PriceSource,
  slot: number,
): void {
  const [rIn, rOut] = poolReserves(pool, fromMint, prices, slot);
  const before = Number(rOut) / Number(rIn);
  const after = Number(rOut - amountOut) / Number(rIn + amountIn);
  // price of the other mint per fromMint fell by after/before; deviation is measured as B per A
  const shift = Math.log(after / before);
  pool.deviation = poolDeviation(pool, slot) + (fromMint === pool.mintA ? shift : -shift);
  pool.devSlot = slot;
}

interface PoolSpec {
  a: string;
  b: string;
  label: string;
  feeBps: number;
  share: number;
}

/** The pool graph for a catalogue: several pools per major pair, one or two per made-up token. */
export function buildPools(seed: number, defs: TokenDef[]): Pool[] {
  const specs: PoolSpec[] = [
    { a: NATIVE_MINT, b: USDC_MINT, label: 'Whirlpool', feeBps: 4, share: 0.35 },
    { a: NATIVE_MINT, b: USDC_MINT, label: 'Raydium CLMM', feeBps: 5, share: 0.25 },
    { a: NATIVE_MINT, b: USDC_MINT, label: 'Meteora DLMM', feeBps: 10, share: 0.12 },
    { a: NATIVE_MINT, b: USDC_MINT, label: 'Phoenix', feeBps: 2, share: 0.05 },
    { a: NATIVE_MINT, b: USDC_MINT, label: 'Raydium', feeBps: 25, share: 0.05 },
    { a: NATIVE_MINT, b: USDT_MINT, label: 'Whirlpool', feeBps: 5, share: 0.1 },
    { a: NATIVE_MINT, b: USDT_MINT, label: 'Raydium', feeBps: 25, share: 0.03 },
    { a: USDC_MINT, b: USDT_MINT, label: 'Whirlpool', feeBps: 1, share: 0.4 },
    { a: USDC_MINT, b: USDT_MINT, label: 'Meteora DLMM', feeBps: 1, share: 0.2 },
    { a: USDC_MINT, b: USDT_MINT, label: 'Lifinity V2', feeBps: 2, share: 0.1 },
  ];
  const byMint = new Map(defs.map((d) => [d.mint, d]));
  for (const d of defs) {
    if (d.mint === NATIVE_MINT || d.mint === USDC_MINT || d.mint === USDT_MINT) continue;
    const u = (k: number) => unit(seed, 8001, d.index, k);
    if (d.major) {
      specs.push({ a: d.mint, b: NATIVE_MINT, label: 'Raydium', feeBps: 25, share: 0.3 });
      specs.push({ a: d.mint, b: NATIVE_MINT, label: 'Whirlpool', feeBps: 30, share: 0.25 });
      specs.push({ a: d.mint, b: USDC_MINT, label: 'Meteora DLMM', feeBps: 20, share: 0.25 });
      specs.push({ a: d.mint, b: USDC_MINT, label: 'Orca V2', feeBps: 30, share: 0.2 });
    } else {
      const mainLabel =
        d.launchpad === 'pump.fun'
          ? 'Pump.fun Amm'
          : d.launchpad === 'met-dbc'
            ? 'Meteora'
            : u(1) < 0.5
              ? 'Raydium'
              : 'Raydium CP';
      const withUsdc = u(2) < 0.4;
      specs.push({
        a: d.mint,
        b: NATIVE_MINT,
        label: mainLabel,
        feeBps: mainLabel === 'Pump.fun Amm' ? 25 : 25 + 5 * Math.floor(u(3) * 4),
        share: withUsdc ? 0.7 : 1,
      });
      if (withUsdc)
        specs.push({
          a: d.mint,
          b: USDC_MINT,
          label: u(4) < 0.5 ? 'Meteora DLMM' : 'Whirlpool',
          feeBps: 30,
          share: 0.3,
        });
    }
  }
  return specs.map((s) => {
    const da = byMint.get(s.a)!;
    const depth =
      da.major && (s.a === NATIVE_MINT || s.a === USDC_MINT)
        ? Math.min(da.liquidityUsd, byMint.get(s.b)!.liquidityUsd)
        : da.liquidityUsd;
    return {
      id: seededAddress(seed, `pool:${s.a}:${s.b}:${s.label}`),
      label: s.label,
      mintA: s.a,
      mintB: s.b,
      feeBps: s.feeBps,
      depthUsd: depth * s.share,
      deviation: 0,
      devSlot: 0,
    };
  });
}
