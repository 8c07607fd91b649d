// The simulator's recurring order book: time-based orders (a keeper swaps one cycle every
// `interval` seconds of simulated time, output sent to the user) and deprecated price-based
// (value averaging) orders whose output stays in the order until withdrawn.

import type { RecurringTrade } from '../../api/types.js';
import type { SimKernel, SimMarketQuote } from '../engine/kernel.js';
import { fillTrade, slotMs } from './trigger-escrow.js';
import { checkpointFields } from '../engine/checkpoint.js';

/** Keeper fee on the output of every cycle, in basis points. */
export const RECURRING_FEE_BPS = 10n;

interface Common {
  key: string;
  user: string;
  inputMint: string;
  outputMint: string;
  deposited: bigint;
  interval: number;
  inUsed: bigint;
  inWithdrawn: bigint;
  outReceived: bigint;
  outWithdrawn: bigint;
  nextMs: number;
  createdMs: number;
  updatedMs: number;
  openTx: string;
  closeTx: string | null;
  userClosed: boolean;
  active: boolean;
  /** the opening transaction landed but its effect failed; listed only with includeFailedTx */
  failed: boolean;
  trades: RecurringTrade[];
  seq: number;
}

export interface TimeRecord extends Common {
  kind: 'time';
  perCycle: bigint;
  cycles: number;
  done: number;
  /** per-cycle output bounds from minPrice/maxPrice; 0 = none */
  minOut: bigint;
  maxOut: bigint;
}

export interface PriceRecord extends Common {
  kind: 'price';
  /** USD the position should grow by each interval */
  incrementUsd: number;
  rawIncrement: bigint;
  cyclesRun: number;
}

export type RecurringRecord = TimeRecord | PriceRecord;

type NewTime = Omit<TimeRecord, keyof Bookkeeping | 'kind' | 'done'>;
type NewPrice = Omit<PriceRecord, keyof Bookkeeping | 'kind' | 'cyclesRun'>;
interface Bookkeeping {
  inUsed: bigint;
  inWithdrawn: bigint;
  outReceived: bigint;
  outWithdrawn: bigint;
  updatedMs: number;
  closeTx: string | null;
  userClosed: boolean;
  active: boolean;
  failed: boolean;
  trades: RecurringTrade[];
  seq: number;
}

export function inLeft(rec: RecurringRecord): bigint {
  return rec.deposited - rec.inUsed - rec.inWithdrawn;
}

const books = new WeakMap<SimKernel, RecurringBook>();

/** The book of a kernel (for a snapshot of the simulator). */
export function recurringBookOf(kernel: SimKernel): RecurringBook | undefined {
  return books.get(kernel);
}

export class RecurringBook {
  private readonly byKey = new Map<string, RecurringRecord>();
  private active: RecurringRecord[] = [];
  private seq = 0;
  private readonly keepers: string[];
  private readonly feeCollector: string;

  constructor(private readonly kernel: SimKernel) {
    this.keepers = [kernel.ids.address(), kernel.ids.address()];
    this.feeCollector = kernel.ids.address();
    kernel.clock.onSlot((slot) => {
      if (this.active.length > 0) this.tick(slot);
    });
    books.set(kernel, this);
  }

  get(key: string): RecurringRecord | undefined {
    return this.byKey.get(key);
  }

  /** the book as it is now, to be put back exactly (RPC simulateTransaction runs an effect and undoes it) */
  checkpoint(): () => void {
    const byKey = new Map(this.byKey);
    const active = [...this.active];
    const seq = this.seq;
    const fields = checkpointFields(byKey.values());
    return () => {
      fields();
      this.byKey.clear();
      for (const [k, r] of byKey) this.byKey.set(k, r);
      this.active = active;
      this.seq = seq;
    };
  }

  /** every record and the sequence, for a snapshot of the simulator */
  exportState(): { seq: number; records: RecurringRecord[] } {
    return {
      seq: this.seq,
      records: [...this.byKey.values()].map((r) => ({ ...r, trades: r.trades.map((t) => ({ ...t })) })),
    };
  }

  /** replaces the book with a snapshot's records (active ones run their cycles again) */
  importState(state: { seq: number; records: RecurringRecord[] }): void {
    this.byKey.clear();
    for (const r of state.records) this.byKey.set(r.key, { ...r });
    this.active = [...this.byKey.values()].filter((r) => r.active).sort((a, b) => a.seq - b.seq);
    this.seq = state.seq;
  }

  private fresh(): Bookkeeping {
    return {
      inUsed: 0n,
      inWithdrawn: 0n,
      outReceived: 0n,
      outWithdrawn: 0n,
      updatedMs: 0,
      closeTx: null,
      userClosed: false,
      active: true,
      failed: false,
      trades: [],
      seq: this.seq++,
    };
  }

  addTime(init: NewTime): TimeRecord {
    const rec: TimeRecord = { ...init, ...this.fresh(), kind: 'time', done: 0, updatedMs: init.createdMs };
    return this.insert(rec);
  }

  addPrice(init: NewPrice): PriceRecord {
    const rec: PriceRecord = { ...init, ...this.fresh(), kind: 'price', cyclesRun: 0, updatedMs: init.createdMs };
    return this.insert(rec);
  }

  private insert<T extends RecurringRecord>(rec: T): T {
    this.byKey.set(rec.key, rec);
    this.active.push(rec);
    return rec;
  }

  /** Records an order whose opening transaction failed: nothing deposited, never active. */
  markFailed(rec: RecurringRecord): void {
    rec.failed = true;
    rec.active = false;
    rec.deposited = 0n;
    this.active = this.active.filter((o) => o !== rec);
  }

  /** Orders of a user, newest first. */
  list(
    user: string,
    status: 'active' | 'history',
    kind: 'time' | 'price' | 'all',
    mint?: string,
    includeFailed = false,
  ): RecurringRecord[] {
    const out: RecurringRecord[] = [];
    for (const o of this.byKey.values()) {
      if (o.user !== user || o.active !== (status === 'active')) continue;
      if (o.failed && !includeFailed) continue;
      if (kind !== 'all' && o.kind !== kind) continue;
      if (mint && o.inputMint !== mint && o.outputMint !== mint) continue;
      out.push(o);
    }
    return out.sort((a, b) => b.createdMs - a.createdMs || b.seq - a.seq);
  }

  /** Returns every unspent input and unwithdrawn output to the user and moves the order to history. */
  close(rec: RecurringRecord, closeTx: string, atMs: number, userClosed: boolean): void {
    const { ledger } = this.kernel;
    const left = inLeft(rec);
    if (left > 0n) {
      ledger.transfer(rec.key, rec.user, rec.inputMint, left);
      rec.inWithdrawn += left;
    }
    const out = rec.outReceived - rec.outWithdrawn;
    if (out > 0n) {
      ledger.transfer(rec.key, rec.user, rec.outputMint, out);
      rec.outWithdrawn += out;
    }
    rec.closeTx = closeTx;
    rec.userClosed = userClosed;
    rec.active = false;
    rec.updatedMs = atMs;
    this.active = this.active.filter((o) => o !== rec);
  }

  private tick(slot: number): void {
    const atMs = slotMs(this.kernel, slot);
    for (const rec of [...this.active]) {
      // at most one cycle per slot; an interval is never shorter than a slot in practice. A cycle
      // whose quote is still on its way stays due and runs at a later slot, once.
      if (rec.active && atMs >= rec.nextMs) {
        const ran = rec.kind === 'time' ? this.timeCycle(rec, atMs) : this.priceCycle(rec, atMs);
        if (ran) rec.nextMs += rec.interval * 1000;
      }
    }
  }

  /** Runs (or skips) a due cycle; false when its quote is still pending, so it stays due. */
  private timeCycle(rec: TimeRecord, atMs: number): boolean {
    const left = inLeft(rec);
    const amount = rec.done + 1 >= rec.cycles || left < rec.perCycle ? left : rec.perCycle;
    if (amount <= 0n) {
      this.close(rec, this.kernel.ids.signature(), atMs, false);
      return true;
    }
    const quote = this.kernel.fills.quote(rec.key, rec.inputMint, rec.outputMint, amount);
    if (quote === 'pending') return false;
    if (!quote) return true;
    // price bounds skip the cycle; bounds scale with a remainder-sized last cycle
    const scaled = (b: bigint) => (b * amount) / rec.perCycle;
    if (rec.minOut > 0n && quote.outAmount < scaled(rec.minOut)) return true;
    if (rec.maxOut > 0n && quote.outAmount > scaled(rec.maxOut)) return true;
    const txId = this.fill(rec, amount, quote, atMs, true);
    if (txId === null) return true;
    rec.done += 1;
    if (rec.done >= rec.cycles || inLeft(rec) === 0n) this.close(rec, txId, atMs, false);
    return true;
  }

  /** Runs a due value-averaging cycle; false when its quote is still pending, so it stays due. */
  private priceCycle(rec: PriceRecord, atMs: number): boolean {
    const { market } = this.kernel;
    const target = (rec.cyclesRun + 1) * rec.incrementUsd;
    const have = market.usdValue(rec.outputMint, rec.outReceived);
    const need = target - have;
    const price = market.priceUsd(rec.inputMint);
    const left = inLeft(rec);
    const decimals = market.token(rec.inputMint)?.decimals ?? 0;
    let amount = need <= 0 || price <= 0 || left === 0n ? 0n : BigInt(Math.floor((need / price) * 10 ** decimals));
    if (amount > left) amount = left;
    const quote = amount > 0n ? this.kernel.fills.quote(rec.key, rec.inputMint, rec.outputMint, amount) : null;
    if (quote === 'pending') return false;
    rec.cyclesRun += 1;
    if (quote) this.fill(rec, amount, quote, atMs, false);
    return true;
  }

  /** Swaps `amount` out of escrow at `quote`; sends the output to the user when `payOut`. Returns the tx id. */
  private fill(
    rec: RecurringRecord,
    amount: bigint,
    quote: SimMarketQuote,
    atMs: number,
    payOut: boolean,
  ): string | null {
    const { kernel } = this;
    const swap = kernel.fills.fill(rec.key, rec.inputMint, rec.outputMint, amount, quote);
    if (!swap) return null;
    const fee = (swap.outAmount * RECURRING_FEE_BPS) / 10_000n;
    const net = swap.outAmount - fee;
    if (fee > 0n) kernel.ledger.transfer(rec.key, this.feeCollector, rec.outputMint, fee);
    rec.inUsed += swap.inAmount;
    rec.outReceived += net;
    if (payOut && net > 0n) {
      kernel.ledger.transfer(rec.key, rec.user, rec.outputMint, net);
      rec.outWithdrawn += net;
    }
    const txId = kernel.ids.signature();
    rec.trades.push(
      fillTrade(kernel, {
        orderKey: rec.key,
        keeper: this.keepers[rec.seq % this.keepers.length]!,
        inputMint: rec.inputMint,
        outputMint: rec.outputMint,
        rawIn: swap.inAmount,
        rawOut: net,
        feeMint: rec.outputMint,
        rawFee: fee,
        txId,
        atMs,
      }),
    );
    rec.updatedMs = atMs;
    return txId;
  }
}
