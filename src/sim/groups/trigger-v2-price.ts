// Price orders of the current generation, filled from the wallet's vault by a keeper without a
// signature per fill: a single order above or below a USD price (or trailing the price by basis
// points from its high or low since creation), an OCO (take-profit and stop-loss on one deposit:
// the first leg to fill cancels the other) and an OTOCO (an entry, then an OCO on what it bought).
// The keeper looks every few slots at the market's price, whatever moved it (its walk, a trade, a
// price set on purpose), and fills through kernel.fills, as the first generation's keepers do.
//
// Where the service leaves gaps: an order is one row under the id its create gave (an OCO's legs
// are told apart by the fills' orderContext, the leg not taken shows as a `cancelled` event); what
// a fill pays out goes straight to the wallet (its raw states say the output is withdrawn) but an
// OTOCO's entry, whose output stays in the vault for its OCO; a fill pays the order group's fee
// (10 bps); the automatic slippage is taken as 100 bps.
import { defaultSlippageBps, orderContextOf } from '../../api/contract/index.js';
import type {
  OrderContext,
  PriceOrderEvent,
  PriceOrderRequest,
  PriceOrderType,
  PriceOrderV2,
  TriggerCondition,
} from '../../api/types.js';
import type { SimKernel } from '../engine/kernel.js';
import { slotMs } from './trigger-escrow.js';
import { CHECK_EVERY_SLOTS, FAILED_EVERY_MS, VaultOrders } from './trigger-v2-book.js';

/** Orders worth more than this (USD, at creation) fill a quarter at a time. */
export const PARTIAL_FILL_USD = 250;
/** The automatic slippage (the service's estimator), for a take-profit, a buy-below and an entry. */
export const AUTO_SLIPPAGE_BPS = 100;

/** The raw states an order passes through here (a fill happens within one look, so never `executing`). */
export type RawState = 'open' | 'ready_to_cancel' | 'cancelled' | 'fill_success' | 'expired';

const ORDER_STATE: Record<RawState, string> = {
  open: 'open',
  fill_success: 'filled',
  ready_to_cancel: 'pending_withdraw',
  cancelled: 'cancelled',
  expired: 'expired',
};

export interface PriceRecord {
  id: string;
  user: string;
  vault: string;
  orderType: PriceOrderType;
  inputMint: string;
  outputMint: string;
  triggerMint: string;
  initial: bigint;
  /** input not sold yet */
  remaining: bigint;
  inputUsed: bigint;
  /** what the fills paid out in all (the entry's, for an OTOCO, is in `held`) */
  outputTotal: bigint;
  /** most input sold per fill */
  chunk: bigint;
  condition?: TriggerCondition;
  triggerPriceUsd?: number;
  trailingBps?: number;
  high?: number;
  low?: number;
  slippageBps?: number;
  tpPriceUsd?: number;
  slPriceUsd?: number;
  tpSlippageBps?: number;
  slSlippageBps?: number;
  /** OTOCO: its entry filled, its OCO now sells `held` of the output mint */
  ocoPhase: boolean;
  held: bigint;
  /** the OCO leg that filled first (the other is cancelled) */
  leg?: 'take_profit' | 'stop_loss';
  expiresAt: number;
  createdMs: number;
  updatedMs: number;
  triggeredAt: number | null;
  rawState: RawState;
  events: PriceOrderEvent[];
  lastFailedMs: number;
  /** the withdrawal handed out by the last cancel */
  cancel?: { requestId: string; messageKey: string; signature?: string };
  seq: number;
}

export type NewPriceOrder = Pick<PriceRecord, 'id' | 'user' | 'vault'> & {
  request: PriceOrderRequest;
  depositSignature: string;
};

/** Which leg of an OCO a price crosses, if any. */
function ocoLeg(rec: PriceRecord, price: number): 'take_profit' | 'stop_loss' | null {
  if (rec.leg)
    return (rec.leg === 'take_profit' ? price >= rec.tpPriceUsd! : price <= rec.slPriceUsd!) ? rec.leg : null;
  if (price >= rec.tpPriceUsd!) return 'take_profit';
  if (price <= rec.slPriceUsd!) return 'stop_loss';
  return null;
}

export class PriceBook extends VaultOrders<PriceRecord> {
  constructor(kernel: SimKernel) {
    super(kernel);
    kernel.clock.onSlot((slot) => {
      if (slot % CHECK_EVERY_SLOTS === 0 && this.byId.size > 0) this.check(slot);
    });
  }

  add(o: NewPriceOrder): PriceRecord {
    const { kernel } = this;
    const r = o.request;
    const now = kernel.clock.nowMs();
    const initial = BigInt(r.inputAmount);
    const price = kernel.market.priceUsd(r.triggerMint);
    const big = kernel.market.usdValue(r.inputMint, initial) > PARTIAL_FILL_USD;
    const rec: PriceRecord = {
      id: o.id,
      user: o.user,
      vault: o.vault,
      orderType: r.orderType,
      inputMint: r.inputMint,
      outputMint: r.outputMint,
      triggerMint: r.triggerMint,
      initial,
      remaining: initial,
      inputUsed: 0n,
      outputTotal: 0n,
      chunk: big ? (initial + 3n) / 4n : initial,
      condition: r.triggerCondition,
      triggerPriceUsd: r.triggerPriceUsd,
      trailingBps: r.trailingBps,
      // a trailing order is seeded from the market's price at creation
      ...(r.trailingBps !== undefined ? { high: price, low: price } : {}),
      slippageBps: r.slippageBps,
      tpPriceUsd: r.tpPriceUsd,
      slPriceUsd: r.slPriceUsd,
      tpSlippageBps: r.tpSlippageBps,
      slSlippageBps: r.slSlippageBps,
      ocoPhase: false,
      held: 0n,
      expiresAt: r.expiresAt,
      createdMs: now,
      updatedMs: now,
      triggeredAt: null,
      rawState: 'open',
      events: [
        {
          type: 'deposit',
          timestamp: now,
          txSignature: o.depositSignature,
          state: 'success',
          mint: r.inputMint,
          amount: r.inputAmount,
        },
      ],
      lastFailedMs: 0,
      seq: this.seq++,
    };
    if (rec.trailingBps !== undefined) this.trail(rec, price);
    this.byId.set(rec.id, rec);
    return rec;
  }

  /** A trailing order's trigger now: its high less the bps (a stop), or its low plus them (a buy). */
  trailingTrigger(rec: PriceRecord, bps = rec.trailingBps!): number {
    return rec.condition === 'below' ? rec.high! * (1 - bps / 10_000) : rec.low! * (1 + bps / 10_000);
  }

  /** Moves a trailing order's watermark with the price (only ever in the order's favour). */
  private trail(rec: PriceRecord, price: number): void {
    if (rec.trailingBps === undefined || !(price > 0)) return;
    if (rec.condition === 'below') rec.high = Math.max(rec.high ?? price, price);
    else rec.low = Math.min(rec.low ?? price, price);
    rec.triggerPriceUsd = this.trailingTrigger(rec);
  }

  /** Orders of a wallet, listed. */
  list(user: string): PriceRecord[] {
    this.expireDue(this.kernel.clock.nowMs());
    return this.ofUser(user);
  }

  expireDue(atMs: number): void {
    for (const rec of this.byId.values()) {
      if (rec.rawState === 'open' && rec.expiresAt <= atMs) {
        rec.rawState = 'expired';
        rec.updatedMs = atMs;
        rec.events.push({ type: 'expired', timestamp: atMs, state: 'success' });
      }
    }
  }

  /** What a cancel withdraws: the input not sold, and an OTOCO's bought output still in the vault. */
  leftIn(rec: PriceRecord): Array<{ mint: string; amount: bigint }> {
    return [
      { mint: rec.inputMint, amount: rec.remaining },
      { mint: rec.outputMint, amount: rec.held },
    ].filter((i) => i.amount > 0n);
  }

  /** The cancel's withdrawal landed: the order is cancelled and its funds are back in the wallet. */
  cancelled(rec: PriceRecord, signature: string): void {
    const at = this.kernel.clock.nowMs();
    for (const i of this.leftIn(rec))
      rec.events.push({ type: 'withdrawal', timestamp: at, txSignature: signature, state: 'success', ...amountOf(i) });
    rec.events.push({ type: 'cancelled', timestamp: at, txSignature: signature, state: 'success' });
    rec.remaining = 0n;
    rec.held = 0n;
    rec.rawState = 'cancelled';
    rec.updatedMs = at;
    if (rec.cancel) rec.cancel.signature = signature;
  }

  private check(slot: number): void {
    const atMs = slotMs(this.kernel, slot);
    this.expireDue(atMs);
    for (const rec of this.byId.values()) if (rec.rawState === 'open') this.look(rec, atMs);
  }

  /** One look of the keeper at an open order. */
  private look(rec: PriceRecord, atMs: number): void {
    const price = this.kernel.market.priceUsd(rec.triggerMint);
    if (!(price > 0)) return;
    this.trail(rec, price);
    if (rec.orderType === 'oco' || rec.ocoPhase) {
      const leg = ocoLeg(rec, price);
      if (leg) this.fill(rec, leg, atMs);
      return;
    }
    const crossed = rec.condition === 'above' ? price >= rec.triggerPriceUsd! : price <= rec.triggerPriceUsd!;
    if (crossed) this.fill(rec, orderContextOf(rec.condition!, rec.triggerMint, rec.outputMint), atMs);
  }

  /** The slippage a fill of this leg takes: the order's own, else the service's default for it. */
  private slippage(rec: PriceRecord, context: OrderContext): number {
    const own =
      rec.orderType === 'oco' || rec.ocoPhase
        ? context === 'take_profit'
          ? rec.tpSlippageBps
          : rec.slSlippageBps
        : rec.slippageBps;
    if (own !== undefined) return own;
    const d = defaultSlippageBps(context, rec.orderType === 'otoco' && !rec.ocoPhase);
    return d === 'rtse' ? AUTO_SLIPPAGE_BPS : d;
  }

  /** Sells a portion from the vault at the market, within the leg's slippage of the reference price. */
  private fill(rec: PriceRecord, context: OrderContext, atMs: number): void {
    const { kernel } = this;
    const phase2 = rec.ocoPhase;
    const sell = phase2 ? rec.outputMint : rec.inputMint;
    const buy = phase2 ? rec.inputMint : rec.outputMint;
    const left = phase2 ? rec.held : rec.remaining;
    const amount = phase2 || rec.chunk >= left ? left : rec.chunk;
    if (amount <= 0n) return;
    const sold = this.sell(rec.id, rec.vault, sell, buy, amount, this.slippage(rec, context));
    if (sold === 'pending') return;
    if (!sold) {
      if (atMs - rec.lastFailedMs >= FAILED_EVERY_MS) {
        rec.lastFailedMs = atMs;
        rec.events.push({
          type: 'fill',
          timestamp: atMs,
          state: 'failed',
          mint: sell,
          outputMint: buy,
          orderContext: context,
        });
      }
      return;
    }
    const { inAmount, net } = sold;
    const entry = rec.orderType === 'otoco' && !phase2;
    // what a fill pays out is withdrawn to the wallet at once, but an entry's: its OCO sells it
    if (!entry && net > 0n) kernel.ledger.transfer(rec.vault, rec.user, buy, net);
    const txSignature = kernel.ids.signature();
    rec.events.push({
      type: 'fill',
      timestamp: atMs,
      txSignature,
      state: 'success',
      mint: sell,
      amount: inAmount.toString(),
      outputMint: buy,
      outputAmount: net.toString(),
      orderContext: context,
    });
    if ((rec.orderType === 'oco' || phase2) && !rec.leg) {
      rec.leg = context as 'take_profit' | 'stop_loss';
      const other = context === 'take_profit' ? 'stop_loss' : 'take_profit';
      rec.events.push({ type: 'cancelled', timestamp: atMs, state: 'success', orderContext: other });
    }
    rec.triggeredAt ??= atMs;
    rec.updatedMs = atMs;
    if (phase2) {
      rec.held -= inAmount;
      rec.outputTotal += net;
    } else {
      rec.remaining -= inAmount;
      rec.inputUsed += inAmount;
      if (entry) rec.held += net;
      else rec.outputTotal += net;
    }
    if (entry && rec.remaining === 0n) {
      // the entry is done: its OCO now watches the price to sell what it bought
      rec.ocoPhase = true;
      rec.triggerPriceUsd = undefined;
      return;
    }
    if ((phase2 ? rec.held : rec.remaining) === 0n) rec.rawState = 'fill_success';
  }

  /** An order as GET /trigger/v2/orders/history lists it. */
  toHistory(rec: PriceRecord): PriceOrderV2 {
    const single = rec.orderType !== 'oco';
    const fraction = rec.initial > 0n ? Number((rec.inputUsed * 1_000_000n) / rec.initial) / 1_000_000 : 0;
    const slippage =
      single && !rec.ocoPhase
        ? (rec.slippageBps ??
          (rec.condition
            ? defaultSlippageBps(
                orderContextOf(rec.condition, rec.triggerMint, rec.outputMint),
                rec.orderType === 'otoco',
              )
            : undefined))
        : undefined;
    return {
      id: rec.id,
      orderType: rec.orderType,
      orderState: ORDER_STATE[rec.rawState],
      rawState: rec.rawState,
      userPubkey: rec.user,
      privyWalletPubkey: rec.vault,
      inputMint: rec.inputMint,
      initialInputAmount: rec.initial.toString(),
      remainingInputAmount: rec.remaining.toString(),
      outputMint: rec.outputMint,
      triggerMint: rec.triggerMint,
      ...(single && rec.condition ? { triggerCondition: rec.condition } : {}),
      ...(rec.triggerPriceUsd !== undefined ? { triggerPriceUsd: round(rec.triggerPriceUsd) } : {}),
      ...(typeof slippage === 'number' ? { slippageBps: slippage } : {}),
      expiresAt: rec.expiresAt,
      createdAt: rec.createdMs,
      updatedAt: rec.updatedMs,
      triggeredAt: rec.triggeredAt,
      outputAmount: rec.outputTotal > 0n ? rec.outputTotal.toString() : null,
      inputUsed: rec.inputUsed > 0n ? rec.inputUsed.toString() : null,
      fillPercent: rec.inputUsed > 0n ? fraction : null,
      trailingBps: rec.trailingBps ?? null,
      highWatermark: rec.trailingBps !== undefined && rec.condition === 'below' ? round(rec.high!) : null,
      lowWatermark: rec.trailingBps !== undefined && rec.condition === 'above' ? round(rec.low!) : null,
      ...(rec.tpPriceUsd !== undefined ? { tpPriceUsd: rec.tpPriceUsd } : {}),
      ...(rec.slPriceUsd !== undefined ? { slPriceUsd: rec.slPriceUsd } : {}),
      ...(rec.tpSlippageBps !== undefined ? { tpSlippageBps: rec.tpSlippageBps } : {}),
      ...(rec.slSlippageBps !== undefined ? { slSlippageBps: rec.slSlippageBps } : {}),
      events: rec.events.map((e) => ({ ...e })),
    };
  }
}

function amountOf(i: { mint: string; amount: bigint }): { mint: string; amount: string } {
  return { mint: i.mint, amount: i.amount.toString() };
}

/** USD prices in answers: 8 significant digits are plenty. */
function round(x: number): number {
  return Number(x.toPrecision(8));
}
