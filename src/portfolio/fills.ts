// The fills of the limit and DCA orders placed through tradedeck, read from the service's order
// listings (page 1 of active and history of each group) for the spot P&L. Nothing is asked when
// the journal holds no order placed through tradedeck.
import type { RecurringOrder, TriggerOrder } from '../api/types.js';
import type { JournalState } from '../journal/journal.js';
import type { Services } from '../services.js';
import { placedOrders, type Fill } from './pnl.js';

const DCA_MATCH_MS = 10 * 60_000;

interface RawTrade {
  inputMint?: unknown;
  outputMint?: unknown;
  rawInputAmount?: unknown;
  rawOutputAmount?: unknown;
  confirmedAt?: unknown;
}

function fillsOf(order: { inputMint: string; outputMint: string; trades?: unknown }): Fill[] {
  if (!Array.isArray(order.trades)) return [];
  return (order.trades as RawTrade[]).flatMap((t) => {
    const inRaw = String(t.rawInputAmount ?? '');
    const outRaw = String(t.rawOutputAmount ?? '');
    const time = typeof t.confirmedAt === 'string' ? Date.parse(t.confirmedAt) : NaN;
    if (!/^\d+$/.test(inRaw) || !/^\d+$/.test(outRaw) || !Number.isFinite(time)) return [];
    return [{ time, inputMint: typeof t.inputMint === 'string' ? t.inputMint : order.inputMint, outputMint: typeof t.outputMint === 'string' ? t.outputMint : order.outputMint, inRaw, outRaw }];
  });
}

/** Whether any order in the journal was placed through tradedeck (then fills are worth asking for). */
export function hasPlacedOrders(entries: readonly JournalState[]): boolean {
  const p = placedOrders(entries);
  return p.triggerKeys.size > 0 || p.dca.length > 0;
}

export async function fetchFills(s: Pick<Services, 'api'>, owner: string, entries: readonly JournalState[], signal?: AbortSignal): Promise<Fill[]> {
  const placed = placedOrders(entries);
  const fills: Fill[] = [];
  if (placed.triggerKeys.size > 0) {
    const lists = await Promise.all((['active', 'history'] as const).map((orderStatus) => s.api.trigger.list({ user: owner, orderStatus, page: 1 }, { signal })));
    const orders: TriggerOrder[] = lists.flatMap((l) => l.orders ?? []);
    for (const o of orders) if (placed.triggerKeys.has(o.orderKey)) fills.push(...fillsOf(o));
  }
  if (placed.dca.length > 0) {
    const lists = await Promise.all(
      (['active', 'history'] as const).map((orderStatus) => s.api.recurring.list({ user: owner, orderStatus, page: 1, recurringType: 'time', mint: null, includeFailedTx: false }, { signal })),
    );
    const orders: RecurringOrder[] = lists.flatMap((l) => l.time ?? []);
    for (const o of orders) {
      const created = typeof o.createdAt === 'string' ? Date.parse(o.createdAt) : NaN;
      const ours = placed.dca.some((d) => d.inputMint === o.inputMint && d.outputMint === o.outputMint && Math.abs(created - d.time) <= DCA_MATCH_MS);
      if (ours) fills.push(...fillsOf(o));
    }
  }
  return fills;
}
