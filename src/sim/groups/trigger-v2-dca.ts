// DCA orders of the current generation: the keeper sells one round from the wallet's vault every
// interval (from beginFillAt on), pays the network fees itself, and sends the output straight to
// the wallet; a price-conditional order's round waits while the trigger mint's price is outside its
// band. Each round pays the order group's fee, netted in its output.
import type { DcaEvent, DcaOrderType, DcaOrderV2, DcaRequest } from '../../api/types.js';
import type { SimKernel } from '../engine/kernel.js';
import { slotMs } from './trigger-escrow.js';
import { CHECK_EVERY_SLOTS, FAILED_EVERY_MS, VaultOrders } from './trigger-v2-book.js';
import { AUTO_SLIPPAGE_BPS } from './trigger-v2-price.js';

export type DcaState = 'active' | 'withdrawing' | 'completed' | 'cancelled';
const DISPLAY: Record<DcaState, string> = {
  active: 'active',
  withdrawing: 'pending_withdraw',
  completed: 'completed',
  cancelled: 'cancelled',
};

export interface DcaRecord {
  id: string;
  /** the deposit's requestId */
  requestId: string;
  user: string;
  vault: string;
  inputMint: string;
  outputMint: string;
  orderType: DcaOrderType;
  initial: bigint;
  remaining: bigint;
  used: bigint;
  outputTotal: bigint;
  perRound: bigint;
  rounds: number;
  intervalSeconds: number;
  filled: number;
  minPriceUsd?: number;
  maxPriceUsd?: number;
  triggerMint?: string;
  jlEnabled: boolean;
  beginMs: number;
  nextMs: number;
  lastMs: number | null;
  createdMs: number;
  updatedMs: number;
  state: DcaState;
  events: DcaEvent[];
  attempts: number;
  lastFailedMs: number;
  cancel?: { requestId: string; messageKey: string; signature?: string };
  seq: number;
}

export type NewDcaOrder = Pick<DcaRecord, 'id' | 'user' | 'vault' | 'requestId'> & {
  request: DcaRequest;
  depositSignature: string;
};

const iso = (ms: number) => new Date(ms).toISOString();

export class DcaBook extends VaultOrders<DcaRecord> {
  constructor(kernel: SimKernel) {
    super(kernel);
    kernel.clock.onSlot((slot) => {
      if (slot % CHECK_EVERY_SLOTS === 0 && this.byId.size > 0) this.check(slotMs(kernel, slot));
    });
  }

  list(user: string): DcaRecord[] {
    return this.ofUser(user);
  }

  /** Orders of a wallet still holding funds or running (the service allows ten). */
  activeOf(user: string): number {
    return this.list(user).filter((r) => r.state === 'active' || r.state === 'withdrawing').length;
  }

  add(o: NewDcaOrder): DcaRecord {
    const r = o.request;
    const now = this.kernel.clock.nowMs();
    const initial = BigInt(r.inputAmount);
    const begin = r.beginFillAt === undefined ? now : Date.parse(r.beginFillAt);
    const rec: DcaRecord = {
      id: o.id,
      requestId: o.requestId,
      user: o.user,
      vault: o.vault,
      inputMint: r.inputMint,
      outputMint: r.outputMint,
      orderType: r.orderType ?? 'time_based',
      initial,
      remaining: initial,
      used: 0n,
      outputTotal: 0n,
      perRound: initial / BigInt(r.orderCount),
      rounds: r.orderCount,
      intervalSeconds: r.intervalSeconds,
      filled: 0,
      minPriceUsd: r.minPriceUsd,
      maxPriceUsd: r.maxPriceUsd,
      triggerMint: r.orderType === 'price_conditional' ? r.triggerMint : undefined,
      jlEnabled: r.jlEnabled ?? false,
      beginMs: begin,
      nextMs: begin,
      lastMs: null,
      createdMs: now,
      updatedMs: now,
      state: 'active',
      events: [
        {
          type: 'deposit',
          timestamp: iso(now),
          txSignature: o.depositSignature,
          inputAmount: r.inputAmount,
          state: 'success',
          attemptCount: 1,
        },
      ],
      attempts: 0,
      lastFailedMs: 0,
      seq: this.seq++,
    };
    this.byId.set(rec.id, rec);
    return rec;
  }

  /** The cancel's withdrawal landed: the rest of the deposit is back in the wallet. */
  cancelled(rec: DcaRecord, signature: string): void {
    const at = this.kernel.clock.nowMs();
    rec.events.push(
      {
        type: 'withdrawal',
        timestamp: iso(at),
        txSignature: signature,
        inputAmount: rec.remaining.toString(),
        state: 'success',
      },
      { type: 'cancelled', timestamp: iso(at), txSignature: signature, state: 'success' },
    );
    rec.state = 'cancelled';
    rec.updatedMs = at;
    if (rec.cancel) rec.cancel.signature = signature;
  }

  private check(atMs: number): void {
    for (const rec of this.byId.values()) if (rec.state === 'active' && rec.nextMs <= atMs) this.round(rec, atMs);
  }

  private round(rec: DcaRecord, atMs: number): void {
    const { kernel } = this;
    const { market } = kernel;
    if (rec.triggerMint) {
      // out of its band a round waits, the order stays active
      const p = market.priceUsd(rec.triggerMint);
      if (
        (rec.minPriceUsd !== undefined && p < rec.minPriceUsd) ||
        (rec.maxPriceUsd !== undefined && p > rec.maxPriceUsd)
      )
        return;
    }
    const last = rec.filled + 1 >= rec.rounds;
    const amount = last ? rec.remaining : rec.perRound;
    const sold = this.sell(rec.id, rec.vault, rec.inputMint, rec.outputMint, amount, AUTO_SLIPPAGE_BPS);
    if (sold === 'pending') return;
    rec.attempts++;
    if (!sold) {
      if (atMs - rec.lastFailedMs >= FAILED_EVERY_MS) {
        rec.lastFailedMs = atMs;
        rec.events.push({
          type: 'fill',
          timestamp: iso(atMs),
          roundNumber: rec.filled + 1,
          inputAmount: amount.toString(),
          state: 'failed',
          attemptCount: rec.attempts,
        });
      }
      return;
    }
    const { inAmount, net } = sold;
    if (net > 0n) kernel.ledger.transfer(rec.vault, rec.user, rec.outputMint, net);
    rec.filled++;
    rec.events.push({
      type: 'fill',
      timestamp: iso(atMs),
      txSignature: kernel.ids.signature(),
      roundNumber: rec.filled,
      inputAmount: inAmount.toString(),
      outputAmount: net.toString(),
      state: 'success',
      attemptCount: rec.attempts,
    });
    rec.attempts = 0;
    rec.remaining -= inAmount;
    rec.used += inAmount;
    rec.outputTotal += net;
    rec.lastMs = atMs;
    rec.updatedMs = atMs;
    rec.nextMs += rec.intervalSeconds * 1000;
    // a round left behind by a stopped clock is not run twice in a row
    if (rec.nextMs <= atMs) rec.nextMs = atMs + rec.intervalSeconds * 1000;
    if (rec.filled >= rec.rounds || rec.remaining === 0n) rec.state = 'completed';
  }

  /** An order as GET /trigger/v2/orders/history/dca lists it. */
  toHistory(rec: DcaRecord): DcaOrderV2 {
    return {
      id: rec.id,
      requestId: rec.requestId,
      userPubkey: rec.user,
      vaultPubkey: rec.vault,
      inputMint: rec.inputMint,
      outputMint: rec.outputMint,
      inputAmountInitial: rec.initial.toString(),
      inputAmountRemaining: rec.remaining.toString(),
      amountPerRound: rec.perRound.toString(),
      outputAmountTotal: rec.outputTotal.toString(),
      inputAmountUsed: rec.used.toString(),
      orderType: rec.orderType,
      minPriceUsd: rec.minPriceUsd ?? null,
      maxPriceUsd: rec.maxPriceUsd ?? null,
      triggerMint: rec.triggerMint ?? null,
      retryWindowSeconds: Math.min(Math.max(30, rec.intervalSeconds / 2), 7200),
      jlEnabled: rec.jlEnabled,
      jlYieldUsd: rec.jlEnabled ? 0 : null,
      numberOfRounds: rec.rounds,
      intervalSeconds: rec.intervalSeconds,
      roundsFilled: rec.filled,
      fillPercent: rec.initial > 0n ? Number((rec.used * 1_000_000n) / rec.initial) / 1_000_000 : 0,
      beginFillAt: iso(rec.beginMs),
      nextFillAt: rec.state === 'active' ? iso(rec.nextMs) : null,
      lastFillAt: rec.lastMs === null ? null : iso(rec.lastMs),
      createdAt: iso(rec.createdMs),
      updatedAt: iso(rec.updatedMs),
      state: rec.state,
      displayState: DISPLAY[rec.state],
      events: rec.events.map((e) => ({ ...e })),
    };
  }
}
