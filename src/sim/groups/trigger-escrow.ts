// Keeper helpers shared by the trigger and recurring books: the wall time of a slot, decimal forms and the trade record both groups return.

import { fromBaseUnits } from '../../text/amount.js';
import type { RecurringTrade } from '../../api/types.js';
import type { SimKernel } from '../engine/kernel.js';

export const SLOT_MS = 400;

/** Simulated wall time (ms) of `slot`, derived from the clock's current slot and time. */
export function slotMs(kernel: SimKernel, slot: number): number {
  return kernel.clock.nowMs() - (kernel.clock.slot() - slot) * SLOT_MS;
}

export function iso(ms: number): string {
  return new Date(ms).toISOString();
}

export function decimalsOf(kernel: SimKernel, mint: string): number {
  return kernel.market.token(mint)?.decimals ?? 0;
}

/** Decimal form of a raw amount of `mint` (no digit grouping). */
export function dec(kernel: SimKernel, mint: string, raw: bigint): string {
  return fromBaseUnits(raw, decimalsOf(kernel, mint), { group: false });
}

export interface TradeInit {
  orderKey: string;
  keeper: string;
  inputMint: string;
  outputMint: string;
  rawIn: bigint;
  rawOut: bigint;
  feeMint: string;
  rawFee: bigint;
  txId: string;
  atMs: number;
}

/** A `Fill` trade with decimal and raw forms. */
export function fillTrade(kernel: SimKernel, t: TradeInit): RecurringTrade {
  return {
    orderKey: t.orderKey,
    keeper: t.keeper,
    inputMint: t.inputMint,
    outputMint: t.outputMint,
    inputAmount: dec(kernel, t.inputMint, t.rawIn),
    outputAmount: dec(kernel, t.outputMint, t.rawOut),
    rawInputAmount: t.rawIn.toString(),
    rawOutputAmount: t.rawOut.toString(),
    feeMint: t.feeMint,
    feeAmount: dec(kernel, t.feeMint, t.rawFee),
    rawFeeAmount: t.rawFee.toString(),
    txId: t.txId,
    confirmedAt: iso(t.atMs),
    action: 'Fill',
    productMeta: null,
  };
}

/** Ledger effect errors (insufficient funds and the like) as an effect failure. */
export function effectError(e: unknown): { ok: false; code: number; error: string } {
  const message = e instanceof Error ? e.message : String(e);
  return { ok: false, code: 1, error: `insufficient funds: ${message}` };
}
