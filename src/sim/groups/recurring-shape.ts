// Contract shapes of recurring orders: the time order GET /recurring/v1/getRecurringOrders lists, and the deprecated price-based
// order (its item shape is not given by the contract; it mirrors the time order's naming).

import type { RecurringOrder } from '../../api/types.js';
import type { SimKernel } from '../engine/kernel.js';
import { type PriceRecord, type RecurringRecord, type TimeRecord, inLeft } from './recurring-book.js';
import { dec, iso } from './trigger-escrow.js';

function both(kernel: SimKernel, mint: string, raw: bigint): [string, string] {
  return [dec(kernel, mint, raw), raw.toString()];
}

export function timeOrderShape(kernel: SimKernel, rec: TimeRecord): RecurringOrder {
  const i = rec.inputMint;
  const o = rec.outputMint;
  const [inDeposited, rawInDeposited] = both(kernel, i, rec.deposited);
  const [inWithdrawn, rawInWithdrawn] = both(kernel, i, rec.inWithdrawn);
  const [outWithdrawn, rawOutWithdrawn] = both(kernel, o, rec.outWithdrawn);
  const [inAmountPerCycle, rawInAmountPerCycle] = both(kernel, i, rec.perCycle);
  const [minOutAmount, rawMinOutAmount] = both(kernel, o, rec.minOut);
  const [maxOutAmount, rawMaxOutAmount] = both(kernel, o, rec.maxOut);
  const [inUsed, rawInUsed] = both(kernel, i, rec.inUsed);
  const [outReceived, rawOutReceived] = both(kernel, o, rec.outReceived);
  return {
    userPubkey: rec.user,
    orderKey: rec.key,
    inputMint: i,
    outputMint: o,
    inDeposited,
    inWithdrawn,
    outWithdrawn,
    inAmountPerCycle,
    minOutAmount,
    maxOutAmount,
    inUsed,
    outReceived,
    rawInDeposited,
    rawInWithdrawn,
    rawOutWithdrawn,
    rawInAmountPerCycle,
    rawMinOutAmount,
    rawMaxOutAmount,
    rawInUsed,
    rawOutReceived,
    cycleFrequency: rec.interval,
    openTx: rec.openTx,
    closeTx: rec.closeTx,
    userClosed: rec.userClosed,
    createdAt: iso(rec.createdMs),
    updatedAt: iso(rec.updatedMs),
    trades: rec.trades.map((t) => ({ ...t })),
  };
}

export function priceOrderShape(kernel: SimKernel, rec: PriceRecord): Record<string, unknown> {
  const i = rec.inputMint;
  const o = rec.outputMint;
  const [inDeposited, rawInDeposited] = both(kernel, i, rec.deposited);
  const [inLeftText, rawInLeft] = both(kernel, i, inLeft(rec));
  const [inUsed, rawInUsed] = both(kernel, i, rec.inUsed);
  const [inWithdrawn, rawInWithdrawn] = both(kernel, i, rec.inWithdrawn);
  const [outReceived, rawOutReceived] = both(kernel, o, rec.outReceived);
  const [outWithdrawn, rawOutWithdrawn] = both(kernel, o, rec.outWithdrawn);
  return {
    userPubkey: rec.user,
    orderKey: rec.key,
    inputMint: i,
    outputMint: o,
    inDeposited,
    inLeft: inLeftText,
    inUsed,
    inWithdrawn,
    outReceived,
    outWithdrawn,
    rawInDeposited,
    rawInLeft,
    rawInUsed,
    rawInWithdrawn,
    rawOutReceived,
    rawOutWithdrawn,
    incrementUsdcValue: rec.rawIncrement.toString(),
    orderInterval: rec.interval,
    supposedUsdValue: rec.cyclesRun * rec.incrementUsd,
    nextExecutionAt: rec.active ? iso(rec.nextMs) : null,
    openTx: rec.openTx,
    closeTx: rec.closeTx,
    userClosed: rec.userClosed,
    createdAt: iso(rec.createdMs),
    updatedAt: iso(rec.updatedMs),
    trades: rec.trades.map((t) => ({ ...t })),
  };
}

/** An item of the `all` array: either shape, tagged with its type. */
export function anyOrderShape(kernel: SimKernel, rec: RecurringRecord): Record<string, unknown> {
  return rec.kind === 'time'
    ? { ...timeOrderShape(kernel, rec), recurringType: 'time' }
    : { ...priceOrderShape(kernel, rec), recurringType: 'price' };
}
