// The simulator's trigger (limit) order book: order records, the keeper that fills orders when
// the market (kernel.fills: the pools, or the followed service's quotes in paper mode) crosses
// their limit price, expiry, and the shape of an order as GET /trigger/v1/getTriggerOrders lists it.

import type { RecurringTrade, TriggerOrder } from '../../api/types.js';
import { SIM_PROGRAMS } from '../../chain/programs.js';
import type { SimKernel } from '../engine/kernel.js';
import { dec, fillTrade, iso, slotMs } from './trigger-escrow.js';
import { checkpointFields } from '../engine/checkpoint.js';

/** `Failed`: the creating transaction landed but its effect failed; listed only with includeFailedTx */
export type TriggerStatus = 'Open' | 'Completed' | 'Cancelled' | 'Expired' | 'Failed';

export interface TriggerRecord {
  key: string;
  maker: string;
  inputMint: string;
  outputMint: string;
  making: bigint;
  taking: bigint;
  remMaking: bigint;
  remTaking: bigint;
  /** most input sold per keeper check (the whole order, or a quarter of a big one) */
  chunk: bigint;
  slippageBps: number;
  expiredAtSec: number | null;
  createdMs: number;
  updatedMs: number;
  status: TriggerStatus;
  openTx: string;
  closeTx: string | null;
  trades: RecurringTrade[];
  seq: number;
  /** keeper cache: routed output / reference-price estimate at the last routed check, and its slot */
  routeRatio: number | null;
  routedSlot: number;
}

/** Keeper checks happen every this many slots (2 s of simulated time). */
export const CHECK_EVERY_SLOTS = 5;
/** Orders worth more than this (USD, at creation) fill in four portions. */
export const PARTIAL_FILL_USD = 250;

/** How far (fraction) below an order's limit the reference price may be for a routed check. */
const NEAR_MARGIN = 0.02;
const ROUTE_REFRESH_SLOTS = 150;
const ROUTE_TOLERANCE = 0.001;

const books = new WeakMap<SimKernel, TriggerBook>();

/** The book of a kernel, shared with other groups that show trigger orders. */
export function triggerBookOf(kernel: SimKernel): TriggerBook | undefined {
  return books.get(kernel);
}

export class TriggerBook {
  private readonly byKey = new Map<string, TriggerRecord>();
  private open: TriggerRecord[] = [];
  private seq = 0;
  private readonly keepers: string[];

  constructor(private readonly kernel: SimKernel) {
    this.keepers = [kernel.ids.address(), kernel.ids.address(), kernel.ids.address()];
    kernel.clock.onSlot((slot) => {
      if (this.open.length > 0 && slot % CHECK_EVERY_SLOTS === 0) this.check(slot);
    });
    books.set(kernel, this);
  }

  get(key: string): TriggerRecord | undefined {
    return this.byKey.get(key);
  }

  /** the book as it is now, to be put back exactly (RPC simulateTransaction runs an effect and undoes it) */
  checkpoint(): () => void {
    const byKey = new Map(this.byKey);
    const open = [...this.open];
    const seq = this.seq;
    const fields = checkpointFields(byKey.values());
    return () => {
      fields();
      this.byKey.clear();
      for (const [k, r] of byKey) this.byKey.set(k, r);
      this.open = open;
      this.seq = seq;
    };
  }

  /** every record and the sequence, for a snapshot of the simulator (keeper caches left out) */
  exportState(): { seq: number; records: TriggerRecord[] } {
    return {
      seq: this.seq,
      records: [...this.byKey.values()].map((r) => ({ ...r, trades: r.trades.map((t) => ({ ...t })) })),
    };
  }

  /** replaces the book with a snapshot's records (open ones are watched by the keeper again) */
  importState(state: { seq: number; records: TriggerRecord[] }): void {
    this.byKey.clear();
    for (const r of state.records) this.byKey.set(r.key, { ...r, routeRatio: null, routedSlot: 0 });
    this.open = [...this.byKey.values()].filter((r) => r.status === 'Open').sort((a, b) => a.seq - b.seq);
    this.seq = state.seq;
  }

  add(
    init: Omit<
      TriggerRecord,
      'seq' | 'remMaking' | 'remTaking' | 'status' | 'closeTx' | 'trades' | 'updatedMs' | 'routeRatio' | 'routedSlot'
    >,
  ): TriggerRecord {
    const rec: TriggerRecord = {
      ...init,
      remMaking: init.making,
      remTaking: init.taking,
      status: 'Open',
      closeTx: null,
      trades: [],
      updatedMs: init.createdMs,
      seq: this.seq++,
      routeRatio: null,
      routedSlot: 0,
    };
    this.byKey.set(rec.key, rec);
    this.open.push(rec);
    return rec;
  }

  /** Records an order whose creating transaction failed: never open, shown in history on request. */
  addFailed(init: Parameters<TriggerBook['add']>[0]): TriggerRecord {
    const rec = this.add(init);
    rec.status = 'Failed';
    this.open = this.open.filter((o) => o !== rec);
    return rec;
  }

  /** Open orders of a maker, oldest first. */
  openOf(maker: string): TriggerRecord[] {
    return this.open.filter((o) => o.maker === maker);
  }

  /** Closes an open order, refunding what is left in escrow to the maker. */
  close(rec: TriggerRecord, status: TriggerStatus, closeTx: string, atMs: number): void {
    const { ledger } = this.kernel;
    const left = ledger.balance(rec.key, rec.inputMint);
    if (left > 0n) ledger.transfer(rec.key, rec.maker, rec.inputMint, left);
    rec.status = status;
    rec.closeTx = closeTx;
    rec.updatedMs = atMs;
    this.open = this.open.filter((o) => o !== rec);
  }

  /**
   * Closes as Expired every open order whose expiredAt has passed by `atMs`. The keeper does this
   * on its checks; listings and control fills call it too, so an order is never shown open after
   * its expiry, even between two checks.
   */
  expireDue(atMs: number): void {
    for (const rec of [...this.open]) {
      if (rec.expiredAtSec !== null && rec.expiredAtSec * 1000 <= atMs)
        this.close(rec, 'Expired', this.kernel.ids.signature(), atMs);
    }
  }

  /**
   * Fills `portion` of an open order's input at its limit price, recorded as a keeper fill is:
   * the input leaves the escrow to the keeper (the taker), the maker is credited the output the
   * limit price asks for, remaining amounts shrink, and the order completes when nothing remains.
   */
  fillAtLimit(rec: TriggerRecord, portion: bigint, atMs: number): RecurringTrade {
    const { ledger } = this.kernel;
    const last = portion >= rec.remMaking;
    const amount = last ? rec.remMaking : portion;
    const out = last ? rec.remTaking : (rec.remTaking * amount + rec.remMaking - 1n) / rec.remMaking;
    const keeper = this.keepers[rec.seq % this.keepers.length]!;
    ledger.transfer(rec.key, keeper, rec.inputMint, amount);
    if (out > 0n) ledger.credit(rec.maker, rec.outputMint, out);
    const txId = this.kernel.ids.signature();
    const trade = fillTrade(this.kernel, {
      orderKey: rec.key,
      keeper,
      inputMint: rec.inputMint,
      outputMint: rec.outputMint,
      rawIn: amount,
      rawOut: out,
      feeMint: rec.outputMint,
      rawFee: 0n,
      txId,
      atMs,
    });
    rec.trades.push(trade);
    rec.remMaking -= amount;
    rec.remTaking = out >= rec.remTaking ? 0n : rec.remTaking - out;
    rec.updatedMs = atMs;
    if (rec.remMaking === 0n) this.close(rec, 'Completed', txId, atMs);
    return trade;
  }

  /** Orders of a user for a listing, newest first. */
  list(
    user: string,
    status: 'active' | 'history',
    inputMint?: string,
    outputMint?: string,
    includeFailed = false,
  ): TriggerRecord[] {
    this.expireDue(this.kernel.clock.nowMs());
    const out: TriggerRecord[] = [];
    for (const o of this.byKey.values()) {
      if (o.maker !== user) continue;
      if (o.status === 'Failed' && !includeFailed) continue;
      if ((status === 'active') !== (o.status === 'Open')) continue;
      if (inputMint && o.inputMint !== inputMint) continue;
      if (outputMint && o.outputMint !== outputMint) continue;
      out.push(o);
    }
    const stamp = (o: TriggerRecord) => (status === 'active' ? o.createdMs : o.updatedMs);
    return out.sort((a, b) => stamp(b) - stamp(a) || b.seq - a.seq);
  }

  private check(slot: number): void {
    const atMs = slotMs(this.kernel, slot);
    this.expireDue(atMs);
    for (const rec of [...this.open]) this.tryFill(rec, atMs, slot);
  }

  private tryFill(rec: TriggerRecord, atMs: number, slot: number): void {
    const { kernel } = this;
    const portion = rec.chunk < rec.remMaking ? rec.chunk : rec.remMaking;
    const last = portion === rec.remMaking;
    // the maker gets at least the limit price for this portion (rounded up)
    const want = last ? rec.remTaking : (rec.remTaking * portion + rec.remMaking - 1n) / rec.remMaking;
    const estimate = this.estimate(rec, portion);
    if (!this.worthRouting(rec, estimate, want, slot)) return;
    const quote = kernel.fills.quote(rec.key, rec.inputMint, rec.outputMint, portion);
    // a quote still on its way is looked at in a later check
    if (quote === 'pending') return;
    rec.routedSlot = slot;
    rec.routeRatio = quote && estimate > 0 ? Number(quote.outAmount) / estimate : null;
    if (!quote || quote.outAmount < want) return;
    const swap = kernel.fills.fill(rec.key, rec.inputMint, rec.outputMint, portion, quote);
    if (!swap) return;
    const keeper = this.keepers[rec.seq % this.keepers.length]!;
    const toMaker = swap.outAmount < want ? swap.outAmount : want;
    const surplus = swap.outAmount - toMaker;
    kernel.ledger.transfer(rec.key, rec.maker, rec.outputMint, toMaker);
    if (surplus > 0n) kernel.ledger.transfer(rec.key, keeper, rec.outputMint, surplus);
    const txId = kernel.ids.signature();
    rec.trades.push(
      fillTrade(kernel, {
        orderKey: rec.key,
        keeper,
        inputMint: rec.inputMint,
        outputMint: rec.outputMint,
        rawIn: swap.inAmount,
        rawOut: toMaker,
        feeMint: rec.outputMint,
        rawFee: surplus,
        txId,
        atMs,
      }),
    );
    rec.remMaking -= swap.inAmount;
    rec.remTaking = toMaker >= rec.remTaking ? 0n : rec.remTaking - toMaker;
    rec.updatedMs = atMs;
    if (rec.remMaking === 0n) this.close(rec, 'Completed', txId, atMs);
  }

  /** Output (raw, as a float) of `portion` at reference prices; 0 when a price is unknown. */
  private estimate(rec: TriggerRecord, portion: bigint): number {
    const { market } = this.kernel;
    const pIn = market.priceUsd(rec.inputMint);
    const pOut = market.priceUsd(rec.outputMint);
    const inInfo = market.token(rec.inputMint);
    const outInfo = market.token(rec.outputMint);
    if (pIn <= 0 || pOut <= 0 || !inInfo || !outInfo) return 0;
    return (Number(portion) / 10 ** inInfo.decimals) * (pIn / pOut) * 10 ** outInfo.decimals;
  }

  /**
   * Routing is the expensive part of a check (in paper mode, a request to the followed service),
   * so the keeper routes an order only when the reference price puts it within reach: within
   * NEAR_MARGIN of the limit, and, scaled by what the last route gave compared with the reference
   * price, at the limit; or when that last route is older than ROUTE_REFRESH_SLOTS (pool
   * deviations decay toward the reference price).
   */
  private worthRouting(rec: TriggerRecord, estimate: number, want: bigint, slot: number): boolean {
    if (estimate <= 0) return true;
    const wanted = Number(want);
    if (estimate < wanted * (1 - NEAR_MARGIN)) return false;
    if (rec.routeRatio === null || slot - rec.routedSlot >= ROUTE_REFRESH_SLOTS) return true;
    return estimate * rec.routeRatio >= wanted * (1 - ROUTE_TOLERANCE);
  }

  toContract(rec: TriggerRecord): TriggerOrder {
    const k = this.kernel;
    return {
      userPubkey: rec.maker,
      orderKey: rec.key,
      inputMint: rec.inputMint,
      outputMint: rec.outputMint,
      makingAmount: dec(k, rec.inputMint, rec.making),
      takingAmount: dec(k, rec.outputMint, rec.taking),
      remainingMakingAmount: dec(k, rec.inputMint, rec.remMaking),
      remainingTakingAmount: dec(k, rec.outputMint, rec.remTaking),
      rawMakingAmount: rec.making.toString(),
      rawTakingAmount: rec.taking.toString(),
      rawRemainingMakingAmount: rec.remMaking.toString(),
      rawRemainingTakingAmount: rec.remTaking.toString(),
      slippageBps: String(rec.slippageBps),
      expiredAt: rec.expiredAtSec === null ? null : iso(rec.expiredAtSec * 1000),
      createdAt: iso(rec.createdMs),
      updatedAt: iso(rec.updatedMs),
      status: rec.status,
      openTx: rec.openTx,
      closeTx: rec.closeTx,
      programVersion: SIM_PROGRAMS.trigger,
      trades: rec.trades.map((t) => ({ ...t })),
    };
  }
}
