// The fills of the limit and DCA orders placed through tradedeck, read from the service's order
// listings (page 1 of active and history of each group) for the spot P&L. Nothing is asked when
// the journal holds no order placed through tradedeck.
//
// The active and history listings are two requests, answered at two moments, and an order may
// close (fill, be cancelled) in between. Asked at once, history could be answered first and miss
// the order still open, then active miss it closed: its fills would be gone until the next
// refresh. So active is asked first and history once it has answered: such an order is then in
// both listings, open with its trades so far and closed with all of them, and each fill is counted
// once, keyed by its order and transaction (txId), or, where a listing leaves txId out, by its
// time and amounts.
import type { RecurringOrder, TriggerOrder } from '../api/types.js';
import type { JournalState } from '../journal/journal.js';
import type { Services } from '../services/index.js';
import { placedOrders, type Fill, type PlacedOrders } from './pnl.js';
import { serviceTime } from '../text/format.js';

const DCA_MATCH_MS = 10 * 60_000;

interface RawTrade {
  inputMint?: unknown;
  outputMint?: unknown;
  rawInputAmount?: unknown;
  rawOutputAmount?: unknown;
  confirmedAt?: unknown;
  txId?: unknown;
}

interface ListedOrder {
  orderKey: string;
  inputMint: string;
  outputMint: string;
  trades?: unknown;
}

/**
 * Adds the fills of one listed order to `into`, keyed so that the same fill listed again (the
 * order in both listings) is added once: by order and txId, else by order, time and amounts; a
 * repeat of the same key within one listing is a fill of its own (#1, #2, ...).
 */
function addFillsOf(order: ListedOrder, into: Map<string, Fill>): void {
  if (!Array.isArray(order.trades)) return;
  const seen = new Map<string, number>();
  for (const t of order.trades as RawTrade[]) {
    const inRaw = String(t.rawInputAmount ?? '');
    const outRaw = String(t.rawOutputAmount ?? '');
    const time = typeof t.confirmedAt === 'string' ? serviceTime(t.confirmedAt) : NaN;
    if (!/^\d+$/.test(inRaw) || !/^\d+$/.test(outRaw) || !Number.isFinite(time)) continue;
    const fill: Fill = {
      time,
      inputMint: typeof t.inputMint === 'string' ? t.inputMint : order.inputMint,
      outputMint: typeof t.outputMint === 'string' ? t.outputMint : order.outputMint,
      inRaw,
      outRaw,
    };
    const base =
      typeof t.txId === 'string' && t.txId !== ''
        ? `${order.orderKey} tx ${t.txId}`
        : `${order.orderKey} at ${time} ${fill.inputMint}:${inRaw} ${fill.outputMint}:${outRaw}`;
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    const key = `${base} #${n}`;
    if (!into.has(key)) into.set(key, fill);
  }
}

/** Page 1 of the active listing, then (once it has answered) page 1 of the history listing. */
async function activeThenHistory<T>(ask: (orderStatus: 'active' | 'history') => Promise<T>): Promise<[T, T]> {
  const active = await ask('active');
  return [active, await ask('history')];
}

/** Whether any order in the journal was placed through tradedeck (then fills are worth asking for). */
export function hasPlacedOrders(from: PlacedOrders | readonly JournalState[]): boolean {
  const p = placedOf(from);
  return p.triggerKeys.size > 0 || p.dca.length > 0;
}

/** The orders placed, from the P&L's summary or from entries read. */
const placedOf = (from: PlacedOrders | readonly JournalState[]): PlacedOrders =>
  'triggerKeys' in from ? from : placedOrders(from);

export async function fetchFills(
  s: Pick<Services, 'api'>,
  owner: string,
  from: PlacedOrders | readonly JournalState[],
  signal?: AbortSignal,
): Promise<Fill[]> {
  const placed = placedOf(from);
  const fills = new Map<string, Fill>();
  if (placed.triggerKeys.size > 0) {
    const lists = await activeThenHistory((orderStatus) =>
      s.api.trigger.list({ user: owner, orderStatus, page: 1 }, { signal }),
    );
    const orders: TriggerOrder[] = lists.flatMap((l) => l.orders ?? []);
    for (const o of orders) if (placed.triggerKeys.has(o.orderKey)) addFillsOf(o, fills);
  }
  if (placed.dca.length > 0) {
    const lists = await activeThenHistory((orderStatus) =>
      s.api.recurring.list(
        { user: owner, orderStatus, page: 1, recurringType: 'time', mint: null, includeFailedTx: false },
        { signal },
      ),
    );
    const orders: RecurringOrder[] = lists.flatMap((l) => l.time ?? []);
    for (const o of orders) {
      const created = typeof o.createdAt === 'string' ? serviceTime(o.createdAt) : NaN;
      const ours = placed.dca.some(
        (d) =>
          d.inputMint === o.inputMint && d.outputMint === o.outputMint && Math.abs(created - d.time) <= DCA_MATCH_MS,
      );
      if (ours) addFillsOf(o, fills);
    }
  }
  return [...fills.values()];
}
