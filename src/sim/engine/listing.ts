// The traits of a token launched on a studio bonding curve, and its curve pool, so the market can
// list it beside the catalogue: new, thinly traded, one holder, all supply on the curve.
import type { SimListing } from './kernel.js';
import type { TokenDef } from './catalog.js';
import { seededAddress } from './random.js';
import { NATIVE_MINT, USDC_MINT } from '../../chain/mints.js';
import type { Pool } from './pools.js';

/** A token as a paper market learns it from the service it follows. */
export interface LearnedToken {
  mint: string;
  symbol: string;
  name: string;
  decimals: number;
  tokenProgram: string;
  priceUsd: number;
  /** USD liquidity the service reports; the learned pools are this deep (at least MIN_LEARNED_DEPTH) */
  liquidityUsd: number;
}

const MIN_LEARNED_DEPTH = 20_000;

/** a learned token's traits: what the service said, and neutral values where it said nothing */
export function learnedDef(t: LearnedToken, index: number, nowMs: number): TokenDef {
  return {
    index,
    mint: t.mint,
    symbol: t.symbol,
    name: t.name,
    decimals: t.decimals,
    tokenProgram: t.tokenProgram,
    basePrice: t.priceUsd,
    sigma: 0,
    stable: false,
    tradesPerSlot: 0,
    avgTradeUsd: 0,
    liquidityUsd: Math.max(MIN_LEARNED_DEPTH, t.liquidityUsd || 0),
    totalSupply: 0,
    circSupply: 0,
    holders: 0,
    holderGrowth: 0,
    activityTrend: 0,
    activityPhase: 0,
    organicBase: 0,
    isVerified: null,
    tags: null,
    cexes: null,
    launchpad: null,
    partnerConfig: null,
    graduatedPool: null,
    graduatedAtMs: null,
    dev: null,
    firstPoolId: t.mint,
    firstPoolAgeDays: 0,
    firstPoolCreatedMs: nowMs,
    twitter: null,
    telegram: null,
    website: null,
    mintAuthorityDisabled: true,
    freezeAuthorityDisabled: true,
    topHoldersPercentage: 0,
    devMints: 0,
    isSus: null,
    major: false,
  };
}

/** a learned token's pools: most of its depth against SOL, the rest against USDC */
export function learnedPools(seed: number, d: TokenDef): Pool[] {
  const pool = (b: string, label: string, feeBps: number, share: number): Pool => ({
    id: seededAddress(seed, `pool:${d.mint}:${b}:${label}`),
    label,
    mintA: d.mint,
    mintB: b,
    feeBps,
    depthUsd: d.liquidityUsd * share,
    deviation: 0,
    devSlot: 0,
  });
  return [pool(NATIVE_MINT, 'Raydium', 25, 0.6), pool(USDC_MINT, 'Meteora DLMM', 20, 0.4)];
}

const SLOTS_PER_DAY = 216_000;
export const CURVE_LABEL = 'Meteora DBC';

export function listingDef(l: SimListing, index: number, priceUsd: number, nowMs: number): TokenDef {
  const mcapUsd = priceUsd * l.totalSupply;
  return {
    index,
    mint: l.info.mint,
    symbol: l.info.symbol,
    name: l.info.name,
    decimals: l.info.decimals,
    tokenProgram: l.info.tokenProgram,
    basePrice: priceUsd,
    sigma: 0.5 / Math.sqrt(SLOTS_PER_DAY),
    stable: false,
    tradesPerSlot: 0.05,
    avgTradeUsd: 40,
    liquidityUsd: 2 * mcapUsd,
    totalSupply: l.totalSupply,
    circSupply: l.totalSupply,
    holders: 1,
    holderGrowth: 0,
    activityTrend: 0,
    activityPhase: 0,
    organicBase: 25,
    isVerified: null,
    tags: null,
    cexes: null,
    launchpad: 'met-dbc',
    partnerConfig: l.partnerConfig,
    graduatedPool: null,
    graduatedAtMs: null,
    dev: l.creator,
    firstPoolId: l.pool,
    firstPoolAgeDays: 0,
    firstPoolCreatedMs: nowMs,
    twitter: null,
    telegram: null,
    website: null,
    mintAuthorityDisabled: true,
    freezeAuthorityDisabled: true,
    topHoldersPercentage: 100,
    devMints: 1,
    isSus: null,
    major: false,
    icon: l.icon,
  };
}

/** the curve as a pool: the whole supply against an equal value of the quote mint */
export function curvePool(l: SimListing, depthUsd: number): Pool {
  return {
    id: l.pool,
    label: CURVE_LABEL,
    mintA: l.info.mint,
    mintB: l.quoteMint,
    feeBps: l.feeBps,
    depthUsd,
    deviation: 0,
    devSlot: 0,
    curve: true,
  };
}
