// Bonding-curve pools created through studio: the new token's supply sits in the pool, simulated
// trading on the curve accrues the creator's share of trading fees (in the quote mint) every slot.

import type { SimKernel, SimTokenInfo } from '../engine/kernel.js';
import { SeededStream } from './send-seeded.js';
import { checkpointFields } from '../engine/checkpoint.js';

/** Share of the pool's trading fee that accrues to the creator. */
export const CREATOR_FEE_SHARE = 0.5;
export const STUDIO_TOKEN_DECIMALS = 6;
export const STUDIO_TOTAL_SUPPLY = 1_000_000_000n * 10n ** BigInt(STUDIO_TOKEN_DECIMALS);

export interface StudioPool {
  pool: string;
  config: string;
  mint: string;
  creator: string;
  quoteMint: string;
  quoteDecimals: number;
  feeBps: number;
  token: SimTokenInfo;
  initialMarketCap: number;
  migrationMarketCap: number;
  isLpLocked: boolean;
  antiSniping: boolean;
  createdMs: number;
  createTx: string;
  /** creator fees not yet claimed, raw quote units */
  accrued: bigint;
  claimed: bigint;
  /** simulated USD traded on the curve per slot, on average */
  activityUsd: number;
  rng: SeededStream;
  carry: number;
}

const books = new WeakMap<SimKernel, StudioBook>();

export function studioBookOf(kernel: SimKernel): StudioBook | undefined {
  return books.get(kernel);
}

export class StudioBook {
  private readonly pools = new Map<string, StudioPool>();
  private live: StudioPool[] = [];

  constructor(private readonly kernel: SimKernel) {
    kernel.clock.onSlot(() => {
      for (const p of this.live) this.accrue(p);
    });
    books.set(kernel, this);
  }

  /** the pools as they are now, to be put back exactly (RPC simulateTransaction runs an effect and undoes it) */
  checkpoint(): () => void {
    const pools = new Map(this.pools);
    const live = [...this.live];
    const fields = checkpointFields(pools.values());
    return () => {
      fields();
      this.pools.clear();
      for (const [k, p] of pools) this.pools.set(k, p);
      this.live = live;
    };
  }

  /** every pool (its fee stream's position instead of the stream), for a snapshot of the simulator */
  exportState(): Array<Omit<StudioPool, 'rng'> & { rng: number }> {
    return this.live.map((p) => ({ ...p, token: { ...p.token }, rng: p.rng.position() }));
  }

  /**
   * Puts a snapshot's pools back, each token listed on the market again (its curve starts at the
   * launch price; the image uploaded then is not kept). The ledger, restored beside, holds the supply.
   */
  importState(pools: Array<Omit<StudioPool, 'rng'> & { rng: number }>): void {
    for (const saved of pools) {
      if (this.pools.has(saved.pool)) continue;
      const rng = new SeededStream(this.kernel.seed, `studio-pool:${saved.pool}`);
      rng.seek(saved.rng);
      const pool: StudioPool = { ...saved, rng };
      this.pools.set(pool.pool, pool);
      this.live.push(pool);
      if (this.kernel.market.token(pool.mint)) continue;
      this.kernel.market.listToken({
        info: pool.token,
        pool: pool.pool,
        quoteMint: pool.quoteMint,
        feeBps: pool.feeBps,
        initialMarketCap: pool.initialMarketCap,
        totalSupply: Number(STUDIO_TOTAL_SUPPLY / 10n ** BigInt(STUDIO_TOKEN_DECIMALS)),
        creator: pool.creator,
        partnerConfig: pool.config,
        icon: null,
      });
    }
  }

  get(pool: string): StudioPool | undefined {
    return this.pools.get(pool);
  }

  byCreator(creator: string): StudioPool[] {
    return this.live.filter((p) => p.creator === creator);
  }

  /** the token a studio pool created, by mint */
  token(mint: string): SimTokenInfo | undefined {
    return this.live.find((p) => p.mint === mint)?.token;
  }

  add(init: Omit<StudioPool, 'accrued' | 'claimed' | 'activityUsd' | 'rng' | 'carry'>): StudioPool {
    const rng = new SeededStream(this.kernel.seed, `studio-pool:${init.pool}`);
    const pool: StudioPool = { ...init, accrued: 0n, claimed: 0n, activityUsd: rng.range(2, 40), rng, carry: 0 };
    this.pools.set(pool.pool, pool);
    this.live.push(pool);
    // the whole supply starts on the curve
    this.kernel.ledger.credit(pool.pool, pool.mint, STUDIO_TOTAL_SUPPLY);
    return pool;
  }

  /** Pays out up to `max` raw quote units of accrued fees to the creator; returns the amount. */
  claim(pool: StudioPool, owner: string, max: bigint): bigint {
    const amount = pool.accrued < max ? pool.accrued : max;
    if (amount > 0n) {
      this.kernel.ledger.credit(owner, pool.quoteMint, amount);
      pool.accrued -= amount;
      pool.claimed += amount;
    }
    return amount;
  }

  private accrue(p: StudioPool): void {
    const price = this.kernel.market.priceUsd(p.quoteMint);
    if (price <= 0) return;
    const volumeUsd = p.activityUsd * 2 * p.rng.next();
    // fractions of a base unit carry over, so small pools still accrue
    const raw = ((((volumeUsd * p.feeBps) / 10_000) * CREATOR_FEE_SHARE) / price) * 10 ** p.quoteDecimals + p.carry;
    const whole = Math.floor(raw);
    p.carry = raw - whole;
    if (whole > 0) p.accrued += BigInt(whole);
  }
}
