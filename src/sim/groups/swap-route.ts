// Quotes (route + platform fee + slippage threshold), their JSON route plan, and reading a route
// plan back from a client's quoteResponse.
import type { RouteStep } from '../../api/types.js';
import type { SimCore } from '../engine/core.js';
import type { PathSpec, RouteFilter, RouteResult } from '../engine/routing.js';
import type { FieldFail } from './params.js';

export interface QuoteInput {
  inputMint: string;
  outputMint: string;
  /** input for ExactIn, wanted output for ExactOut */
  amount: bigint;
  exactOut: boolean;
  slippageBps: number;
  platformFeeBps: number;
  filter: RouteFilter;
}

export interface ComputedQuote {
  route: RouteResult;
  inAmount: bigint;
  /** output after the platform fee */
  outAmount: bigint;
  feeAmount: bigint;
  /** ExactIn: minimum output; ExactOut: maximum input */
  threshold: bigint;
}

export function grossOut(netOut: bigint, feeBps: number): bigint {
  return feeBps > 0 ? (netOut * 10000n + BigInt(10000 - feeBps) - 1n) / BigInt(10000 - feeBps) : netOut;
}

export function computeQuote(core: SimCore, q: QuoteInput): ComputedQuote | null {
  const m = core.market;
  if (!q.exactOut) {
    const route = m.route(q.inputMint, q.outputMint, q.amount, false, q.filter);
    if (!route) return null;
    const feeAmount = (route.outAmount * BigInt(q.platformFeeBps)) / 10000n;
    const outAmount = route.outAmount - feeAmount;
    if (outAmount <= 0n) return null;
    return {
      route,
      inAmount: route.inAmount,
      outAmount,
      feeAmount,
      threshold: (outAmount * BigInt(10000 - q.slippageBps)) / 10000n,
    };
  }
  const gross = grossOut(q.amount, q.platformFeeBps);
  const route = m.route(q.inputMint, q.outputMint, gross, true, q.filter);
  if (!route) return null;
  return {
    route,
    inAmount: route.inAmount,
    outAmount: q.amount,
    feeAmount: gross - q.amount,
    threshold: (route.inAmount * BigInt(10000 + q.slippageBps) + 9999n) / 10000n,
  };
}

export function routePlanJson(core: SimCore, route: RouteResult, withUsd: boolean): RouteStep[] {
  return route.paths.flatMap((p) =>
    p.hops.map((h, i) => {
      const percent = i === 0 ? p.percent : 100;
      return {
        swapInfo: {
          ammKey: h.pool.id,
          label: h.pool.label,
          inputMint: h.inputMint,
          outputMint: h.outputMint,
          inAmount: h.inAmount.toString(),
          outAmount: h.outAmount.toString(),
          feeAmount: h.feeAmount.toString(),
          feeMint: h.inputMint,
        },
        percent,
        bps: percent * 100,
        ...(withUsd ? { usdValue: Math.round(core.market.usdValue(h.inputMint, h.inAmount) * 100) / 100 } : {}),
      };
    }),
  );
}

/** the paths of a quoteResponse's routePlan, checked against the pool graph */
export function parseRoutePlan(
  core: SimCore,
  plan: unknown,
  inputMint: string,
  outputMint: string,
  bad: FieldFail,
): PathSpec[] {
  const field = 'quoteResponse.routePlan';
  if (!Array.isArray(plan) || plan.length === 0) bad(field, 'must be a non-empty array of route steps');
  const paths: PathSpec[] = [];
  let current: PathSpec | null = null;
  (plan as unknown[]).forEach((step, i) => {
    const s = step as { swapInfo?: Record<string, unknown>; percent?: unknown };
    const info = s && typeof s === 'object' ? s.swapInfo : undefined;
    if (!info || typeof info !== 'object') bad(`${field}[${i}].swapInfo`, 'must be an object');
    const pool = core.market.graph.byId.get(String(info.ammKey));
    if (!pool) bad(`${field}[${i}].swapInfo.ammKey`, 'is not a known pool');
    const from = String(info.inputMint);
    const to = String(info.outputMint);
    if (!((pool.mintA === from && pool.mintB === to) || (pool.mintB === from && pool.mintA === to))) {
      bad(`${field}[${i}].swapInfo`, 'inputMint/outputMint do not match the pool');
    }
    if (from === inputMint) {
      const percent = s.percent;
      if (typeof percent !== 'number' || !(percent > 0 && percent <= 100))
        bad(`${field}[${i}].percent`, 'must be a number in (0, 100]');
      current = { pools: [pool], mints: [from, to], percent: percent };
      paths.push(current);
    } else {
      const c = current;
      if (!c || c.mints[c.mints.length - 1] !== from) bad(`${field}[${i}]`, 'does not continue the previous step');
      c.pools.push(pool);
      c.mints.push(to);
    }
  });
  for (const p of paths) {
    if (p.mints[p.mints.length - 1] !== outputMint) bad(field, 'a path does not end at outputMint');
    if (p.pools.length > 3) bad(field, 'a path has more than 3 hops');
  }
  if (Math.abs(paths.reduce((s, p) => s + p.percent, 0) - 100) > 1e-9) bad(field, 'path percents must add up to 100');
  return paths;
}
