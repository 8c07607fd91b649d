// Assembles the simulator's kernel: clock, ids, ledger, market, transactions, requests, routes.
import { NATIVE_MINT, USDC_MINT, USDT_MINT } from '../../chain/mints.js';
import type { SimKernel } from './kernel.js';
import { poolFills } from './pool-fills.js';
import { SimClockImpl } from './clock.js';
import { createIds, type SimIdsImpl } from './ids.js';
import { SimLedgerImpl } from './ledger.js';
import { SimMarketImpl } from './market.js';
import { SimTransactionsImpl } from './transactions.js';
import { SimLookupTables } from './lookup-tables.js';
import { SimRequestsImpl } from './requests.js';
import { RouteTable } from './routes.js';
import { SimUploadStore } from './uploads.js';
import { fail } from './errors.js';
import { GENESIS_SLOT } from './clock.js';

export interface PaperSource {
  /** the service the prices come from */
  baseUrl: string;
  apiKey?: string;
  timeoutMs?: number;
}

export interface CoreOptions {
  seed: number;
  timeScale: number;
  startMs: number;
  /** the market follows this service (paper mode) */
  paper?: PaperSource;
  /**
   * a funded wallet also gets sample history: seeded positions on other platforms (one of whose
   * fetchers always fails) and a history of invites; default true. Demo mode turns it off: its
   * wallet starts with its balances only.
   */
  samples?: boolean;
}

/** the default basket a fund without a mint gives, in whole tokens */
export const DEFAULT_BASKET: Array<{ mint: string; whole: bigint }> = [
  { mint: NATIVE_MINT, whole: 100n },
  { mint: USDC_MINT, whole: 10_000n },
  { mint: USDT_MINT, whole: 2_500n },
  { mint: 'JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN', whole: 1_000n },
  { mint: 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263', whole: 50_000_000n },
  { mint: 'EKpQGSJtjMFqKZ9KQanSqYXRcF8fBopzLHYxdM65zcjm', whole: 200n },
];

const cores = new WeakMap<SimKernel, SimCore>();

/** the core behind a kernel (for the groups built into the core: tokens, swap, ultra) */
export function coreOf(kernel: SimKernel): SimCore {
  const core = cores.get(kernel);
  if (!core) throw new Error('kernel was not created by SimCore');
  return core;
}

export class SimCore {
  readonly clock: SimClockImpl;
  readonly ledger = new SimLedgerImpl();
  readonly market: SimMarketImpl;
  readonly tx: SimTransactionsImpl;
  readonly requests: SimRequestsImpl;
  readonly routes = new RouteTable();
  readonly uploads: SimUploadStore;
  /** address lookup tables registered by tests, answered by RPC getAccountInfo */
  readonly lookupTables: SimLookupTables;
  readonly ids: SimIdsImpl;
  readonly kernel: SimKernel;
  /** what stop() ends besides the clock (paper mode: the link's refresh) */
  private readonly stops: Array<() => void> = [];

  constructor(readonly options: CoreOptions) {
    this.clock = new SimClockImpl(options);
    const ids = (this.ids = createIds(options.seed));
    this.market = new SimMarketImpl(
      options.seed,
      this.clock,
      GENESIS_SLOT,
      options.startMs,
      options.paper !== undefined,
    );
    this.tx = new SimTransactionsImpl(this.clock, options.seed);
    this.requests = new SimRequestsImpl(this.clock, ids, this.tx);
    this.uploads = new SimUploadStore(this.clock, ids);
    this.lookupTables = new SimLookupTables(options.seed);
    this.kernel = {
      seed: options.seed,
      clock: this.clock,
      ids,
      ledger: this.ledger,
      market: this.market,
      fills: poolFills({ ledger: this.ledger, market: this.market }),
      tx: this.tx,
      requests: this.requests,
      uploads: this.uploads,
      router: this.routes,
      fail,
    };
    cores.set(this.kernel, this);
  }

  /** credits an address: the default basket without a mint, else `amount` (default 1000 whole tokens) of the mint */
  fund(address: string, mint?: string, amount?: bigint): void {
    if (mint === undefined) {
      for (const b of DEFAULT_BASKET)
        this.ledger.credit(address, b.mint, b.whole * 10n ** BigInt(this.market.decimals(b.mint)));
    } else {
      const info = this.market.token(mint);
      if (!info) throw new RangeError(`fund: unknown mint ${mint}`);
      const basket = DEFAULT_BASKET.find((b) => b.mint === mint);
      this.ledger.credit(address, mint, amount ?? (basket?.whole ?? 1000n) * 10n ** BigInt(info.decimals));
    }
    this.ledger.markFunded(address);
  }

  onStop(fn: () => void): void {
    this.stops.push(fn);
  }

  stop(): void {
    for (const fn of this.stops) fn();
    this.clock.stop();
  }
}
