// Cancelling limit orders several at a time: the orders marked on the Orders screen (Space), split
// into the service's batches of five (one transaction each), and the words of their progress
// ("cancelling 6–10 of 12") and outcome. Pure: no requests, no React.
import type { TriggerOrder } from '../api/types.js';

/** Cancel instructions per transaction (POST /trigger/v1/cancelOrders batches five). */
export const CANCEL_BATCH = 5;

/** The marked orders with `order` marked or unmarked (by its key; the order of marking kept). */
export function toggleMark(marked: readonly TriggerOrder[], order: TriggerOrder): TriggerOrder[] {
  return marked.some((o) => o.orderKey === order.orderKey)
    ? marked.filter((o) => o.orderKey !== order.orderKey)
    : [...marked, order];
}

/** The marked orders without `keys`. */
export function unmark(marked: readonly TriggerOrder[], keys: readonly string[]): TriggerOrder[] {
  const gone = new Set(keys);
  return marked.filter((o) => !gone.has(o.orderKey));
}

/** `items` in runs of `size` (the last one shorter). */
export function inBatches<T>(items: readonly T[], size = CANCEL_BATCH): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * What batch `index` of `batches` cancels, in words: "cancelling 6–10 of 12" when the number of
 * orders is known, else "cancelling orders 6–10" (the last one "cancelling orders 11 on").
 */
export function batchProgress(index: number, batches: number, orders: number | undefined): string {
  const from = index * CANCEL_BATCH + 1;
  if (orders !== undefined) {
    const to = Math.min(orders, from + CANCEL_BATCH - 1);
    return `cancelling ${from === to ? `${from}` : `${from}–${to}`} of ${orders}`;
  }
  return index + 1 < batches ? `cancelling orders ${from}–${from + CANCEL_BATCH - 1}` : `cancelling orders ${from} on`;
}

/** The number of orders, when it agrees with the transactions the service built (five to each, the last one fewer). */
export function consistentCount(orders: number | undefined, transactions: number): number | undefined {
  if (orders === undefined || transactions === 0) return undefined;
  return Math.ceil(orders / CANCEL_BATCH) === transactions ? orders : undefined;
}

export interface BatchLike {
  index: number;
  status: string;
  signature?: string;
  error?: string;
}

/** The outcome of a run of cancel batches: the title, and a line per batch. */
export function batchesOutcome(
  what: string,
  batches: readonly BatchLike[],
  retryHint: string,
): { ok: boolean; title: string; lines: string[] } {
  const ok = batches.filter((b) => b.status === 'success').length;
  const failed = batches.length - ok;
  return {
    ok: failed === 0,
    title:
      failed === 0
        ? `${what}: ${ok} of ${batches.length} transactions done`
        : `${what}: ${ok} of ${batches.length} done, ${failed} not done (${retryHint})`,
    lines: batches.map(
      (b) => `Tx ${b.index + 1}: ${b.status}${b.signature ? ` ${b.signature}` : ''}${b.error ? ` · ${b.error}` : ''}`,
    ),
  };
}

/** Batches by status in a few words, for a run too long to list one by one: "98 success · 1 failed · 1 waiting". */
export function batchTally(batches: readonly BatchLike[]): string {
  const counts = new Map<string, number>();
  for (const b of batches) counts.set(b.status, (counts.get(b.status) ?? 0) + 1);
  return [...counts].map(([status, n]) => `${n} ${status}`).join(' · ');
}
