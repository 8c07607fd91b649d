// The Orders screen's key line and the marks on its rows: only keys that do something here and now
// (x and Space need an order under the cursor, Space an open limit order, Esc unmarks only when
// something is marked), every key whole at 80 columns (the rest are in ?).
import type { VaultRow } from './vault.js';
import type { TriggerOrder } from '../../src/api/types.js';
import type { OrdersTab, OrdersView } from '../../src/orders/store.js';
import type { OrderRow } from './rows.js';
import type { StandingRow } from './standing.js';

/** What a marked row starts with. */
export const MARK = '* ';

export function ordersKeyLine(o: { tab: OrdersTab; view: OrdersView; rows: number; marked: number }): string {
  const open = o.view === 'active' && o.rows > 0;
  const keys: string[] = [];
  if (o.tab === 'standing') {
    keys.push('t lists', 'h history', 'f mint', ...(open ? ['x cancel'] : []), 'n new');
    return [...keys, '? more'].join(' · ');
  }
  if (o.tab === 'vault') {
    keys.push('t lists', 'h history', ...(o.rows > 0 ? ['Enter detail'] : []), ...(open ? ['x cancel'] : []), 'n new');
    return [...keys, '? more'].join(' · ');
  }
  if (o.marked > 0) {
    if (open && o.tab === 'limit') keys.push('Space mark');
    keys.push(`X cancel ${o.marked} marked`, 'Esc unmark');
    if (open) keys.push('x cancel');
    keys.push('n new');
  } else {
    keys.push('t lists', 'h history');
    if (open && o.tab === 'limit') keys.push('x cancel', 'Space mark');
    else keys.push('f mint', 'i failed', ...(open ? ['x cancel'] : []));
    keys.push('X all', 'n new');
  }
  return [...keys, '? more'].join(' · ');
}

/** The rows with the marked ones' pair starting with MARK (new row objects only for those). */
export function withMarks<R extends OrderRow | StandingRow | VaultRow>(
  rows: readonly R[],
  marked: readonly TriggerOrder[],
): R[] {
  if (marked.length === 0) return rows as R[];
  const keys = new Set(marked.map((o) => o.orderKey));
  return rows.map((r) => (r.kind === 'limit' && keys.has(r.key) ? { ...r, pair: `${MARK}${r.pair}` } : r));
}
