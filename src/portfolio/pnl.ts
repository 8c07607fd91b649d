// Spot P&L from what tradedeck itself recorded: the journal's successful swaps (at the amounts the
// service reported executed, else those signed) and the fills of the limit and DCA orders placed
// through tradedeck (their trades, as the service lists them). A token bought
// with a stablecoin costs the stablecoin amount; one bought with another token carries that
// token's recorded average cost; a token paid for with holdings tradedeck never saw bought has no
// known cost, and its units are counted apart. Sells reduce the recorded units at average cost.
import { USDC_MINT, USDT_MINT } from '../chain/mints.js';
import type { Journal, JournalState } from '../journal/journal.js';
import { f64, journalPages, u32, type JournalSummary, type ReadColumn } from '../journal/follow.js';

export const STABLE_MINTS: readonly string[] = [USDC_MINT, USDT_MINT];

export interface PnlToken {
  mint: string;
  /** units held per the recorded swaps (bought minus sold), whole tokens */
  units: number;
  /** average USD cost per unit of the recorded units; null when no cost is known */
  avgCost: number | null;
  /** units bought with holdings of unknown cost (excluded from avgCost) */
  unpricedUnits: number;
  price: number | null;
  /** (price - avgCost) * units */
  unrealized: number | null;
  swaps: number;
}

export interface SpotPnl {
  tokens: PnlToken[];
  totalUnrealized: number;
  /** tokens whose P&L could be computed */
  priced: number;
  swaps: number;
  /** the first recorded swap, ms */
  since: number | null;
}

/** One fill of an order placed through tradedeck: raw amounts of its input and output mints. */
export interface Fill {
  time: number;
  inputMint: string;
  outputMint: string;
  inRaw: string;
  outRaw: string;
}

export interface PnlInputs {
  decimalsOf(mint: string): number | undefined;
  priceOf(mint: string): number | null;
}

interface Lot {
  units: number;
  cost: number;
  unpriced: number;
  swaps: number;
}

/** Whether a finished entry counts for the P&L and the fills: a successful swap or order placed. */
export function countsForPnl(e: JournalState): boolean {
  if (e.status !== 'success') return false;
  if (e.action === 'swap') return e.group === 'ultra' || e.group === 'swapV2' || e.group === 'swap';
  return (
    (e.group === 'trigger' && e.action === 'create-limit') || (e.group === 'recurring' && e.action === 'create-dca')
  );
}

/**
 * The journal as the P&L and the fills read it: one pass a chunk at a time keeping only what they
 * count, without the signed transactions, so memory follows the trades, not the journal's bytes.
 */
export function pnlEntries(journal: Pick<Journal, 'entries'>): Promise<JournalState[]> {
  return journal.entries({ lean: true, keep: countsForPnl });
}

/**
 * The orders placed through tradedeck (the journal's successful creates): trigger orders by their
 * order account, DCA orders by their pair and a creation within ten minutes of the journal entry.
 */
export function placedOrders(entries: readonly JournalState[]): {
  triggerKeys: Set<string>;
  dca: Array<{ inputMint: string; outputMint: string; time: number }>;
} {
  const triggerKeys = new Set<string>();
  const dca: Array<{ inputMint: string; outputMint: string; time: number }> = [];
  for (const e of entries) {
    if (e.status !== 'success') continue;
    if (e.group === 'trigger' && e.action === 'create-limit' && typeof e.summary?.order === 'string')
      triggerKeys.add(e.summary.order);
    if (
      e.group === 'recurring' &&
      e.action === 'create-dca' &&
      typeof e.summary?.inputMint === 'string' &&
      typeof e.summary?.outputMint === 'string'
    ) {
      dca.push({ inputMint: e.summary.inputMint, outputMint: e.summary.outputMint, time: e.time });
    }
  }
  return { triggerKeys, dca };
}

export function spotPnl(entries: readonly JournalState[], io: PnlInputs, fills: readonly Fill[] = []): SpotPnl {
  const trades = new PnlTrades();
  for (const e of entries) trades.add(e);
  return pnlOf(trades.snapshot(), io, fills);
}

/** What the P&L counts of a raw amount: its number of base units, NaN when it is not one. */
const rawOf = (raw: unknown): number =>
  (typeof raw === 'string' || typeof raw === 'number') && /^\d+$/.test(String(raw)) ? Number(raw) : NaN;

/** The orders placed through tradedeck, as the fills are asked for. */
export interface PlacedOrders {
  triggerKeys: ReadonlySet<string>;
  dca: ReadonlyArray<{ inputMint: string; outputMint: string; time: number }>;
}

/** What the P&L keeps of the journal, as it is at one moment: never changed after it is handed out. */
export interface TradesSnapshot {
  /** successful swaps counted (each a few numbers in the columns below) */
  readonly n: number;
  readonly time: ReadColumn;
  readonly inMint: ReadColumn;
  readonly outMint: ReadColumn;
  /** base units (NaN: not a number of base units) */
  readonly inRaw: ReadColumn;
  readonly outRaw: ReadColumn;
  readonly mints: readonly string[];
  /** the swaps are in time order as they are */
  readonly sorted: boolean;
  readonly placed: PlacedOrders;
}

/**
 * The journal's successful swaps and the orders placed, as the P&L and the fills read them,
 * added one final entry at a time: a swap is a few numbers in columns (its mints named once),
 * so memory follows the number of swaps at ~32 bytes each, never the journal's bytes. A snapshot
 * reads the columns as they were: appending writes only past its length.
 */
export class PnlTrades implements JournalSummary {
  private n = 0;
  private time = f64();
  private inMint = u32();
  private outMint = u32();
  private inRaw = f64();
  private outRaw = f64();
  private mints: string[] = [];
  private readonly mintNo = new Map<string, number>();
  private sorted = true;
  private triggerKeys = new Set<string>();
  private dca: Array<{ inputMint: string; outputMint: string; time: number }> = [];

  private mint(m: string): number {
    let i = this.mintNo.get(m);
    if (i === undefined) {
      i = this.mints.length;
      this.mints.push(m);
      this.mintNo.set(m, i);
    }
    return i;
  }

  /** Forgets everything (the journal is read again from its start). */
  reset(): void {
    this.n = 0;
    // new columns: a snapshot handed out keeps the old ones as they were
    this.time = f64();
    this.inMint = u32();
    this.outMint = u32();
    this.inRaw = f64();
    this.outRaw = f64();
    this.mints = [];
    this.mintNo.clear();
    this.sorted = true;
    this.triggerKeys = new Set();
    this.dca = [];
  }

  /** Counts a final entry when it counts for the P&L (a successful swap, an order placed). */
  add(e: JournalState): void {
    if (!countsForPnl(e)) return;
    const s = e.summary ?? {};
    if (e.action !== 'swap') {
      if (e.group === 'trigger' && typeof s.order === 'string') this.triggerKeys.add(s.order);
      if (e.group === 'recurring' && typeof s.inputMint === 'string' && typeof s.outputMint === 'string')
        this.dca.push({ inputMint: s.inputMint, outputMint: s.outputMint, time: e.time });
      return;
    }
    if (typeof s.inputMint !== 'string' || typeof s.outputMint !== 'string') return;
    const i = this.n++;
    if (i > 0 && e.time < this.time.get(i - 1)) this.sorted = false;
    this.time.set(i, e.time);
    this.inMint.set(i, this.mint(s.inputMint));
    this.outMint.set(i, this.mint(s.outputMint));
    this.inRaw.set(i, rawOf(e.executed?.input ?? s.inAmount));
    this.outRaw.set(i, rawOf(e.executed?.output ?? s.outAmount));
  }

  snapshot(): TradesSnapshot {
    return {
      n: this.n,
      time: this.time.frozen(),
      inMint: this.inMint.frozen(),
      outMint: this.outMint.frozen(),
      inRaw: this.inRaw.frozen(),
      outRaw: this.outRaw.frozen(),
      mints: this.mints.slice(),
      sorted: this.sorted,
      placed: { triggerKeys: new Set(this.triggerKeys), dca: this.dca.slice() },
    };
  }
}

const kept = new WeakMap<object, PnlTrades>();

/**
 * The journal's trades for the P&L, kept as the journal grows by the journal's one follower (the
 * journal view's): the first call reads the journal (a chunk at a time), each later one only what
 * was appended since.
 */
export async function pnlTrades(journal: Pick<Journal, 'path'>): Promise<TradesSnapshot> {
  let trades = kept.get(journal);
  if (!trades) {
    trades = new PnlTrades();
    kept.set(journal, trades);
    journalPages(journal).watch(trades);
  }
  await journalPages(journal).update();
  return trades.snapshot();
}

/** The P&L of the swaps kept and the fills, at the prices and decimals known now. */
export function pnlOf(t: TradesSnapshot, io: PnlInputs, fills: readonly Fill[] = []): SpotPnl {
  const lots = new Map<string, Lot>();
  const lot = (mint: string) => {
    let l = lots.get(mint);
    if (!l) lots.set(mint, (l = { units: 0, cost: 0, unpriced: 0, swaps: 0 }));
    return l;
  };
  const trade = (inMint: string, outMint: string, inUnits: number | null, outUnits: number | null) => {
    if (inUnits === null || outUnits === null) return;
    // What was paid, in USD at the time: a stablecoin leg says it; else the recorded average cost.
    let paidUsd: number | null = null;
    if (STABLE_MINTS.includes(inMint)) paidUsd = inUnits;
    else if (STABLE_MINTS.includes(outMint)) paidUsd = outUnits;
    if (!STABLE_MINTS.includes(inMint)) {
      const l = lot(inMint);
      l.swaps++;
      const avg = l.units > 0 ? l.cost / l.units : null;
      if (paidUsd === null && avg !== null && l.units >= inUnits) paidUsd = avg * inUnits;
      const sold = Math.min(l.units, inUnits);
      if (avg !== null) l.cost -= avg * sold;
      l.units -= sold;
    }
    if (!STABLE_MINTS.includes(outMint)) {
      const l = lot(outMint);
      l.swaps++;
      if (paidUsd === null) l.unpriced += outUnits;
      else {
        l.units += outUnits;
        l.cost += paidUsd;
      }
    }
  };
  // the swaps in time order (the earlier recorded first), merged with the fills (a swap before a fill of the same time)
  let order: Uint32Array | undefined;
  if (!t.sorted) {
    order = new Uint32Array(t.n);
    for (let i = 0; i < t.n; i++) order[i] = i;
    order.sort((a, b) => t.time.get(a) - t.time.get(b) || a - b);
  }
  const byTime = [...fills].sort((a, b) => a.time - b.time);
  const decimals = t.mints.map((m) => io.decimalsOf(m));
  const units = (raw: number, d: number | undefined) => (d === undefined || Number.isNaN(raw) ? null : raw / 10 ** d);
  let since: number | null = null;
  let f = 0;
  const fill = (x: Fill) => {
    if (since === null) since = x.time;
    trade(
      x.inputMint,
      x.outputMint,
      units(rawOf(x.inRaw), io.decimalsOf(x.inputMint)),
      units(rawOf(x.outRaw), io.decimalsOf(x.outputMint)),
    );
  };
  for (let k = 0; k < t.n; k++) {
    // order has t.n entries; the mint columns hold indices of t.mints
    const i = order ? order[k]! : k;
    const time = t.time.get(i);
    while (f < byTime.length && byTime[f]!.time < time) fill(byTime[f++]!);
    if (since === null) since = time;
    const a = t.inMint.get(i);
    const b = t.outMint.get(i);
    trade(t.mints[a]!, t.mints[b]!, units(t.inRaw.get(i), decimals[a]), units(t.outRaw.get(i), decimals[b]));
  }
  while (f < byTime.length) fill(byTime[f++]!);
  const tokens: PnlToken[] = [...lots.entries()]
    .filter(([, l]) => l.units > 1e-12 || l.unpriced > 0)
    .map(([mint, l]) => {
      const price = io.priceOf(mint);
      const held = l.units > 1e-12 ? l.units : 0;
      const avgCost = held > 0 ? l.cost / held : null;
      return {
        mint,
        units: held,
        avgCost,
        unpricedUnits: l.unpriced,
        price,
        unrealized: price !== null && avgCost !== null ? (price - avgCost) * held : null,
        swaps: l.swaps,
      };
    })
    .sort((a, b) => Math.abs(b.unrealized ?? 0) - Math.abs(a.unrealized ?? 0) || a.mint.localeCompare(b.mint));
  const priced = tokens.filter((x) => x.unrealized !== null);
  return {
    tokens,
    totalUnrealized: priced.reduce((sum, x) => sum + (x.unrealized ?? 0), 0),
    priced: priced.length,
    swaps: t.n + fills.length,
    since,
  };
}
