// The traits of a token launched on a studio bonding curve, and its curve pool, so the market can
// list it beside the catalogue: new, thinly traded, one holder, all supply on the curve.
import type { SimListing } from '../kernel.js';
import type { TokenDef } from './catalog.js';
import type { Pool } from './pools.js';

const SLOTS_PER_DAY = 216_000;
export const CURVE_LABEL = 'Meteora DBC';

export function listingDef(l: SimListing, index: number, priceUsd: number, nowMs: number): TokenDef {
  const mcapUsd = priceUsd * l.totalSupply;
  return {
    index, mint: l.info.mint, symbol: l.info.symbol, name: l.info.name, decimals: l.info.decimals, tokenProgram: l.info.tokenProgram,
    basePrice: priceUsd, sigma: 0.5 / Math.sqrt(SLOTS_PER_DAY), stable: false,
    tradesPerSlot: 0.05, avgTradeUsd: 40, liquidityUsd: 2 * mcapUsd,
    totalSupply: l.totalSupply, circSupply: l.totalSupply, holders: 1, holderGrowth: 0,
    activityTrend: 0, activityPhase: 0, organicBase: 25, isVerified: null, tags: null, cexes: null,
    launchpad: 'met-dbc', partnerConfig: l.partnerConfig, graduatedPool: null, graduatedAtMs: null, dev: l.creator,
    firstPoolId: l.pool, firstPoolAgeDays: 0, firstPoolCreatedMs: nowMs,
    twitter: null, telegram: null, website: null,
    mintAuthorityDisabled: true, freezeAuthorityDisabled: true, topHoldersPercentage: 100, devMints: 1, isSus: null, major: false,
    icon: l.icon,
  };
}

/** the curve as a pool: the whole supply against an equal value of the quote mint */
export function curvePool(l: SimListing, depthUsd: number): Pool {
  return { id: l.pool, label: CURVE_LABEL, mintA: l.info.mint, mintB: l.quoteMint, feeBps: l.feeBps, depthUsd, deviation: 0, devSlot: 0, curve: true };
}
