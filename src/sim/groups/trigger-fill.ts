// Filling part of a trigger order on demand (the loopback control route POST /__sim/fill and
// SimHandle.fillTriggerOrder), for tests and demos of partially filled orders.

import type { TriggerOrder } from '../../api/types.js';
import type { SimKernel } from '../engine/kernel.js';
import { triggerBookOf } from './trigger-book.js';

export type FillOutcome = { ok: true; order: TriggerOrder } | { ok: false; status: 400 | 404; message: string };

/** Percent is given with at most this resolution (parts per million of the original amount). */
const PPM = 1_000_000n;

/**
 * Fills `percent` (0 < percent <= 100) of the order's original making amount, capped at what
 * remains, at the order's limit price. Answers the order's new state (contract shape, 2.6).
 */
export function fillTriggerOrder(kernel: SimKernel, order: unknown, percent: unknown): FillOutcome {
  const book = triggerBookOf(kernel);
  if (!book) return { ok: false, status: 404, message: 'order: the trigger group is not registered' };
  if (typeof order !== 'string' || order.trim() === '')
    return { ok: false, status: 400, message: 'order: must be a trigger order key (string)' };
  if (typeof percent !== 'number' || !Number.isFinite(percent) || percent <= 0 || percent > 100) {
    return {
      ok: false,
      status: 400,
      message: `percent: must be a number greater than 0 and at most 100 (got ${JSON.stringify(percent)})`,
    };
  }
  const rec = book.get(order);
  if (!rec) return { ok: false, status: 404, message: `order: no trigger order ${order}` };
  const now = kernel.clock.nowMs();
  book.expireDue(now);
  if (rec.status !== 'Open')
    return { ok: false, status: 400, message: `order: order ${order} is ${rec.status}, not open` };
  const ppm = BigInt(Math.round(percent * 10_000));
  let portion = (rec.making * ppm) / PPM;
  if (portion === 0n)
    return {
      ok: false,
      status: 400,
      message: `percent: ${percent} % of ${rec.making} base units is less than one base unit`,
    };
  if (portion > rec.remMaking) portion = rec.remMaking;
  book.fillAtLimit(rec, portion, now);
  return { ok: true, order: book.toContract(rec) };
}
