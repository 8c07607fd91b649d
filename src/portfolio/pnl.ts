// Spot P&L from what tradedeck itself recorded: the journal's successful swaps (at the amounts the
// service reported executed, else those signed) and the fills of the limit and DCA orders placed
// through tradedeck (their trades, as the service lists them). A token bought
// with a stablecoin costs the stablecoin amount; one bought with another token carries that
// token's recorded average cost; a token paid for with holdings tradedeck never saw bought has no
// known cost, and its units are counted apart. Sells reduce the recorded units at average cost.
import { USDC_MINT } from '../api/types.js';
import type { Journal, JournalState } from '../journal/journal.js';

export const USDT_MINT = 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB';
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

/** A swap or a fill, as the P&L reads it. */
interface Trade {
  time: number;
  inputMint: string;
  outputMint: string;
  inRaw: unknown;
  outRaw: unknown;
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

function whole(raw: unknown, decimals: number | undefined): number | null {
  if (decimals === undefined || (typeof raw !== 'string' && typeof raw !== 'number')) return null;
  const text = String(raw);
  if (!/^\d+$/.test(text)) return null;
  return Number(text) / 10 ** decimals;
}

/** Whether a finished entry counts for the P&L and the fills: a successful swap or order placed. */
export function countsForPnl(e: JournalState): boolean {
  if (e.status !== 'success') return false;
  if (e.action === 'swap') return e.group === 'ultra' || e.group === 'swap';
  return (e.group === 'trigger' && e.action === 'create-limit') || (e.group === 'recurring' && e.action === 'create-dca');
}

/**
 * The journal as the P&L and the fills read it: one pass a chunk at a time keeping only what they
 * count, without the signed transactions, so memory follows the trades, not the journal's bytes.
 */
export function pnlEntries(journal: Pick<Journal, 'entries'>): Promise<JournalState[]> {
  return journal.entries({ lean: true, keep: countsForPnl });
}

/** Successful swaps (order group and swap group) of the journal, oldest first. */
export function executedSwaps(entries: readonly JournalState[]): JournalState[] {
  return entries.filter((e) => e.action === 'swap' && (e.group === 'ultra' || e.group === 'swap') && e.status === 'success').sort((a, b) => a.time - b.time);
}

function tradeOfSwap(e: JournalState): Trade | undefined {
  const s = e.summary ?? {};
  if (typeof s.inputMint !== 'string' || typeof s.outputMint !== 'string') return undefined;
  return { time: e.time, inputMint: s.inputMint, outputMint: s.outputMint, inRaw: e.executed?.input ?? s.inAmount, outRaw: e.executed?.output ?? s.outAmount };
}

/**
 * The orders placed through tradedeck (the journal's successful creates): trigger orders by their
 * order account, DCA orders by their pair and a creation within ten minutes of the journal entry.
 */
export function placedOrders(entries: readonly JournalState[]): { triggerKeys: Set<string>; dca: Array<{ inputMint: string; outputMint: string; time: number }> } {
  const triggerKeys = new Set<string>();
  const dca: Array<{ inputMint: string; outputMint: string; time: number }> = [];
  for (const e of entries) {
    if (e.status !== 'success') continue;
    if (e.group === 'trigger' && e.action === 'create-limit' && typeof e.summary?.order === 'string') triggerKeys.add(e.summary.order);
    if (e.group === 'recurring' && e.action === 'create-dca' && typeof e.summary?.inputMint === 'string' && typeof e.summary?.outputMint === 'string') {
      dca.push({ inputMint: e.summary.inputMint, outputMint: e.summary.outputMint, time: e.time });
    }
  }
  return { triggerKeys, dca };
}

export function spotPnl(entries: readonly JournalState[], io: PnlInputs, fills: readonly Fill[] = []): SpotPnl {
  const lots = new Map<string, Lot>();
  const lot = (mint: string) => {
    let l = lots.get(mint);
    if (!l) lots.set(mint, (l = { units: 0, cost: 0, unpriced: 0, swaps: 0 }));
    return l;
  };
  const trades: Trade[] = [
    ...executedSwaps(entries).flatMap((e) => tradeOfSwap(e) ?? []),
    ...fills.map((f) => ({ time: f.time, inputMint: f.inputMint, outputMint: f.outputMint, inRaw: f.inRaw, outRaw: f.outRaw })),
  ].sort((a, b) => a.time - b.time);
  for (const t of trades) {
    const inMint = t.inputMint;
    const outMint = t.outputMint;
    const inUnits = whole(t.inRaw, io.decimalsOf(inMint));
    const outUnits = whole(t.outRaw, io.decimalsOf(outMint));
    if (inUnits === null || outUnits === null) continue;
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
  }
  const tokens: PnlToken[] = [...lots.entries()]
    .filter(([, l]) => l.units > 1e-12 || l.unpriced > 0)
    .map(([mint, l]) => {
      const price = io.priceOf(mint);
      const held = l.units > 1e-12 ? l.units : 0;
      const avgCost = held > 0 ? l.cost / held : null;
      return { mint, units: held, avgCost, unpricedUnits: l.unpriced, price, unrealized: price !== null && avgCost !== null ? (price - avgCost) * held : null, swaps: l.swaps };
    })
    .sort((a, b) => Math.abs(b.unrealized ?? 0) - Math.abs(a.unrealized ?? 0) || a.mint.localeCompare(b.mint));
  const priced = tokens.filter((t) => t.unrealized !== null);
  return {
    tokens,
    totalUnrealized: priced.reduce((s, t) => s + (t.unrealized ?? 0), 0),
    priced: priced.length,
    swaps: trades.length,
    since: trades.length ? trades[0].time : null,
  };
}
