// The living market: reference prices on a seeded random walk (randomness from seed and slot
// only), background trades into the per-minute history, and the pool graph for routing.
import type { Token } from '../../api/types.js';
import type { SimListing, SimMarket, SimMarketQuote, SimTokenInfo } from './kernel.js';
import type { SimClockImpl } from './clock.js';
import { gauss, unit } from './random.js';
import { buildCatalog, STABLE_INTERMEDIATES, type TokenDef } from './catalog.js';
import { SLOTS_PER_MINUTE, TradeHistory } from './history.js';
import { applyTrade, buildPools, type Pool, type PriceSource } from './pools.js';
import { curvePool, learnedDef, learnedPools, listingDef, type LearnedToken } from './listing.js';
import { NATIVE_MINT, USDC_MINT, USDT_MINT } from '../../chain/mints.js';

/** the tokens a paper market starts with: it learns the rest from the service it follows */
const BASE_MINTS = new Set([NATIVE_MINT, USDC_MINT, USDT_MINT]);
import { buildTokenRecord } from './records.js';
import {
  bestExactIn,
  bestExactOut,
  evaluatePathExactOut,
  evaluateRoute,
  PoolGraph,
  type PathSpec,
  type RouteFilter,
  type RouteResult,
} from './routing.js';

/**
 * The per-slot move a quote's life sees, at most: about 0.15 % (one standard deviation) over 30
 * seconds, so a quote read for that long stays inside the default 0.5 % slippage nearly always.
 * A token more volatile than that gets the rest of its variance as rare jumps (news, a whale),
 * about one an hour: the same daily volatility, calm between the jumps, as on the real market.
 */
export const CALM_SIGMA = 0.0015 / Math.sqrt(75);
export const JUMPS_PER_SLOT = 1 / 9000;

/** the per-slot calm move and the jump size (0: no jumps) of a token of per-slot volatility `sigma` */
export function moveShape(sigma: number): { calm: number; jump: number } {
  if (sigma <= CALM_SIGMA) return { calm: sigma, jump: 0 };
  return { calm: CALM_SIGMA, jump: Math.sqrt((sigma * sigma - CALM_SIGMA * CALM_SIGMA) / JUMPS_PER_SLOT) };
}

export class SimMarketImpl implements SimMarket, PriceSource {
  readonly defs: TokenDef[];
  readonly graph: PoolGraph;
  readonly history: TradeHistory;
  private readonly byMint = new Map<string, TokenDef>();
  private readonly logPrice: number[];
  private readonly activityNow: number[];
  private minute: number;
  private readonly stableBase: number[];
  private readonly moves: Array<{ calm: number; jump: number }>;
  /** bumps whenever prices or trade history change */
  private version = 0;
  private recordCache: { version: number; slot: number; records: Map<string, Token> } | null = null;
  /** while a transaction's effect is only simulated: trades and listings change nothing */
  private held = false;

  constructor(
    private readonly seed: number,
    private readonly clock: SimClockImpl,
    genesisSlot: number,
    genesisMs: number,
    /**
     * paper: the market of another service. The catalogue starts with SOL, USDC and USDT only and
     * grows by the tokens that service lists (learnToken); prices are the ones it gives (setPrice),
     * held between its answers instead of walking, and no background trades are invented.
     */
    readonly paper = false,
  ) {
    this.defs = paper
      ? buildCatalog(seed, genesisMs).filter((d) => BASE_MINTS.has(d.mint))
      : buildCatalog(seed, genesisMs);
    for (const d of this.defs) this.byMint.set(d.mint, d);
    this.graph = new PoolGraph(buildPools(seed, this.defs));
    this.minute = Math.floor(genesisSlot / SLOTS_PER_MINUTE);
    this.history = new TradeHistory(seed, this.defs, this.minute);
    this.history.preseed();
    this.logPrice = this.defs.map((d) => Math.log(d.basePrice));
    this.stableBase = this.defs.map((d) => Math.log(d.basePrice));
    this.moves = this.defs.map((d) => moveShape(d.sigma));
    this.activityNow = this.defs.map((d) => this.history.activity(d, this.minute));
    clock.onSlot((slot) => this.step(slot));
  }

  /** one slot of market life; must stay cheap (an hour of advance is 9000 calls) */
  private step(slot: number): void {
    const minute = Math.floor(slot / SLOTS_PER_MINUTE);
    const newMinute = minute !== this.minute;
    this.minute = minute;
    const seed = this.seed;
    for (let i = 0; i < this.defs.length; i++) {
      // logPrice, stableBase, moves and activityNow hold one entry per def: i is in range of each
      const d = this.defs[i]!;
      if (newMinute) {
        // the minute that just ended closes at the last slot's price
        const close = Math.exp(this.logPrice[i]!);
        this.history.setClose(i, minute - 1, close);
        this.activityNow[i] = this.history.activity(d, minute);
        this.history.startMinute(i, minute, close);
      }
      if (this.paper) continue;
      const z = gauss(seed, slot, i, 1);
      if (d.stable) this.logPrice[i] = this.stableBase[i]! + d.sigma * 0.3 * z;
      else {
        const move = this.moves[i]!;
        this.logPrice[i]! += move.calm * z;
        if (move.jump > 0 && unit(seed, slot, i, 5) < JUMPS_PER_SLOT)
          this.logPrice[i]! += move.jump * gauss(seed, slot, i, 6);
      }
      if (unit(seed, slot, i, 2) < d.tradesPerSlot * this.activityNow[i]!) {
        const buy = unit(seed, slot, i, 3) < 0.5 + 0.2 * Math.sign(z);
        this.history.record(i, minute, buy, d.avgTradeUsd * (0.2 + 1.6 * unit(seed, slot, i, 4)));
      }
    }
    this.version++;
  }

  /** Runs `fn` with the market held as it is: trades, their stats and new listings are not applied. */
  holding<T>(fn: () => T): T {
    const was = this.held;
    this.held = true;
    try {
      return fn();
    } finally {
      this.held = was;
    }
  }

  def(mint: string): TokenDef | undefined {
    return this.byMint.get(mint);
  }

  token(mint: string): SimTokenInfo | undefined {
    const d = this.byMint.get(mint);
    return d && { mint: d.mint, symbol: d.symbol, name: d.name, decimals: d.decimals, tokenProgram: d.tokenProgram };
  }

  tokens(): SimTokenInfo[] {
    return this.defs.map((d) => this.token(d.mint)!);
  }

  /** changes whenever a token record could change */
  stamp(): string {
    return `${this.clock.slot()}:${this.version}`;
  }

  tokenRecord(mint: string): Token | undefined {
    const record = this.sharedRecord(mint);
    if (!record) return undefined;
    // callers get their own copy of the mutable parts
    return {
      ...record,
      stats5m: { ...record.stats5m },
      stats1h: { ...record.stats1h },
      stats6h: { ...record.stats6h },
      stats24h: { ...record.stats24h },
      firstPool: { ...record.firstPool },
      audit: { ...record.audit },
      cexes: record.cexes && [...record.cexes],
      tags: record.tags && [...record.tags],
    };
  }

  /** the cached record itself: read-only for the caller */
  sharedRecord(mint: string): Token | undefined {
    const d = this.byMint.get(mint);
    if (!d) return undefined;
    const slot = this.clock.slot();
    if (!this.recordCache || this.recordCache.version !== this.version || this.recordCache.slot !== slot) {
      this.recordCache = { version: this.version, slot, records: new Map() };
    }
    let record = this.recordCache.records.get(mint);
    if (!record) {
      const minute = Math.floor(slot / SLOTS_PER_MINUTE);
      record = buildTokenRecord(d, this.priceUsd(mint), this.history, minute, slot, this.clock.slotTimeMs(slot));
      this.recordCache.records.set(mint, record);
    }
    return record;
  }

  priceUsd(mint: string): number {
    const d = this.byMint.get(mint);
    if (!d) return 0;
    this.clock.slot();
    // a def's index is its place in defs, and logPrice has one entry per def
    return Math.exp(this.logPrice[d.index]!);
  }

  decimals(mint: string): number {
    return this.byMint.get(mint)?.decimals ?? 0;
  }

  usdValue(mint: string, raw: bigint): number {
    const d = this.byMint.get(mint);
    return d ? (Number(raw) / 10 ** d.decimals) * this.priceUsd(mint) : 0;
  }

  /** best route under a filter; ExactIn when mode says so, else ExactOut for `amount` of output */
  route(
    inputMint: string,
    outputMint: string,
    amount: bigint,
    exactOut: boolean,
    filter: RouteFilter,
  ): RouteResult | null {
    if (inputMint === outputMint || !this.byMint.has(inputMint) || !this.byMint.has(outputMint) || amount <= 0n)
      return null;
    const slot = this.clock.slot();
    const candidates = this.graph.candidatePaths(inputMint, outputMint, filter, exactOut);
    return exactOut
      ? bestExactOut(candidates, amount, filter, this, slot)
      : bestExactIn(candidates, amount, filter, this, slot);
  }

  /** evaluates given paths at the current state (what executing them now would give) */
  evaluate(specs: PathSpec[], amount: bigint, exactOut: boolean): RouteResult | null {
    const slot = this.clock.slot();
    if (!exactOut) return evaluateRoute(specs, amount, this, slot);
    const [spec] = specs;
    if (!spec || specs.length !== 1) return null;
    const hops = evaluatePathExactOut(spec, amount, this, slot);
    // a path has at least one pool, so one hop at least
    if (!hops?.[0]) return null;
    return {
      inAmount: hops[0].inAmount,
      outAmount: amount,
      priceImpact: 0,
      paths: [{ ...spec, percent: 100, hops }],
      accounts: 0,
    };
  }

  /** applies an evaluated route to the pools and the trade history */
  commit(route: RouteResult, trader: string): void {
    if (this.held) return;
    const slot = this.clock.slot();
    for (const p of route.paths) {
      for (const h of p.hops) {
        applyTrade(h.pool, h.inputMint, h.inAmount, h.outAmount, this, slot);
        if (h.pool.curve) this.settleCurve(h.pool);
      }
    }
    // every path of a route runs from the same input to the same output: the first tells both
    const mints = route.paths[0]!.mints;
    const input = mints[0]!;
    const output = mints[mints.length - 1]!;
    this.recordTrade(input, output, this.usdValue(input, route.inAmount), trader);
  }

  /** a trade outside the pools (RFQ fills, keeper fills) still shows in the stats */
  recordTrade(inputMint: string, outputMint: string, usd: number, trader: string): void {
    if (this.held) return;
    void trader;
    const minute = Math.floor(this.clock.slot() / SLOTS_PER_MINUTE);
    const a = this.byMint.get(inputMint);
    const b = this.byMint.get(outputMint);
    if (a) this.history.record(a.index, minute, false, usd);
    if (b) this.history.record(b.index, minute, true, usd);
    this.version++;
  }

  /** a curve's price is its token's price: the trade's deviation becomes the reference price */
  private settleCurve(pool: Pool): void {
    const d = this.byMint.get(pool.mintA);
    if (!d) return;
    this.logPrice[d.index]! += pool.deviation;
    pool.deviation = 0;
  }

  listToken(l: SimListing): void {
    if (this.held) return;
    if (this.byMint.has(l.info.mint)) throw new Error(`listToken: ${l.info.mint} is already listed`);
    const quote = this.byMint.get(l.quoteMint);
    if (!quote) throw new Error(`listToken: unknown quote mint ${l.quoteMint}`);
    const priceUsd = (l.initialMarketCap / l.totalSupply) * this.priceUsd(l.quoteMint);
    if (!(priceUsd > 0)) throw new Error('listToken: the launch price must be positive');
    const def = listingDef(l, this.defs.length, priceUsd, this.clock.nowMs());
    this.defs.push(def);
    this.byMint.set(def.mint, def);
    this.logPrice.push(Math.log(priceUsd));
    this.stableBase.push(Math.log(priceUsd));
    this.moves.push(moveShape(def.sigma));
    this.activityNow.push(this.history.activity(def, this.minute));
    this.history.grow(priceUsd);
    this.history.startMinute(def.index, this.minute, priceUsd);
    this.graph.add(curvePool(l, def.liquidityUsd));
    this.version++;
  }

  /**
   * Paper: a token of the other service's lists. Known, its price moves to the one given; new, it
   * joins the catalogue with pools against SOL and USDC as deep as the liquidity it reports.
   */
  learnToken(t: LearnedToken): void {
    const known = this.byMint.get(t.mint);
    if (known) {
      this.setPrice(t.mint, t.priceUsd);
      return;
    }
    if (!(t.priceUsd > 0 && Number.isFinite(t.priceUsd))) return;
    const def = learnedDef(t, this.defs.length, this.clock.nowMs());
    this.defs.push(def);
    this.byMint.set(def.mint, def);
    this.logPrice.push(Math.log(t.priceUsd));
    this.stableBase.push(Math.log(t.priceUsd));
    this.moves.push({ calm: 0, jump: 0 });
    this.activityNow.push(0);
    this.history.grow(t.priceUsd);
    this.history.startMinute(def.index, this.minute, t.priceUsd);
    for (const pool of learnedPools(this.seed, def)) this.graph.add(pool);
    this.version++;
  }

  /** Paper: the other service's price of a known token (ignored when not a positive number). */
  setPrice(mint: string, priceUsd: number): void {
    const d = this.byMint.get(mint);
    if (!d || !(priceUsd > 0 && Number.isFinite(priceUsd))) return;
    this.logPrice[d.index] = Math.log(priceUsd);
    this.stableBase[d.index] = Math.log(priceUsd);
    this.version++;
  }

  /** Paper: what was learned, to be learned again first when a saved state is restored. */
  learned(): LearnedToken[] {
    return this.defs
      .filter((d) => !BASE_MINTS.has(d.mint))
      .map((d) => ({
        mint: d.mint,
        symbol: d.symbol,
        name: d.name,
        decimals: d.decimals,
        tokenProgram: d.tokenProgram,
        priceUsd: this.priceUsd(d.mint),
        liquidityUsd: d.liquidityUsd,
      }));
  }

  quoteExactIn(inputMint: string, outputMint: string, amountIn: bigint): SimMarketQuote | null {
    const r = this.route(inputMint, outputMint, amountIn, false, { intermediates: new Set(STABLE_INTERMEDIATES) });
    return r && toMarketQuote(r);
  }

  /** executes against the pools and records the trade; the ledger is left to the caller */
  swapExactIn(inputMint: string, outputMint: string, amountIn: bigint, trader: string): SimMarketQuote | null {
    const r = this.route(inputMint, outputMint, amountIn, false, { intermediates: new Set(STABLE_INTERMEDIATES) });
    if (!r) return null;
    this.commit(r, trader);
    return toMarketQuote(r);
  }
}

export function toMarketQuote(r: RouteResult): SimMarketQuote {
  return {
    inAmount: r.inAmount,
    outAmount: r.outAmount,
    priceImpact: r.priceImpact,
    hops: r.paths.flatMap((p) =>
      p.hops.map((h, i) => ({
        ammKey: h.pool.id,
        label: h.pool.label,
        inputMint: h.inputMint,
        outputMint: h.outputMint,
        inAmount: h.inAmount,
        outAmount: h.outAmount,
        feeAmount: h.feeAmount,
        feeMint: h.inputMint,
        percent: i === 0 ? p.percent : 100,
      })),
    ),
  };
}
