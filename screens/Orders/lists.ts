// The four polled lists (Limit / DCA x Active / History): their request params from the store, the
// fetch through the API client, and the store update, which also compares an active list with its
// previous result to notice fills (flash line, bell, notifications log).
import type { RecurringListResponse, TriggerListResponse } from '../../src/api/types.js';
import type { LegacyRecurringOrder, ListSnapshot, OrdersState, OrdersTab, OrdersView } from '../../src/orders/store.js';
import { slotOf } from '../../src/orders/store.js';
import type { ScreenContext } from '../shared/types.js';
import { orderChanges, ordersThatLeft, readClosedOrders } from '../../src/actions/orderChanges.js';

export interface ListParams {
  tab: OrdersTab;
  view: OrdersView;
  user: string;
  page: number;
  mint?: string;
  /** limit orders only: the token bought */
  outputMint?: string;
  includeFailed: boolean;
}

export function listParams(ctx: ScreenContext<OrdersState>, tab: OrdersTab, view: OrdersView): ListParams | undefined {
  const user = ctx.services.wallet?.address;
  if (!user) return undefined;
  const st = ctx.store.getState();
  // history is asked for only while it is the list on screen; active lists always (notifications)
  if (view === 'history' && !(st.tab === tab && st.view === 'history')) return undefined;
  const f = st.filter;
  // a DCA order has one mint to filter by: the sold token, else the bought one
  const mint = tab === 'dca' ? (f?.mint ?? f?.outputMint) : f?.mint;
  return {
    tab,
    view,
    user,
    page: st.pages[slotOf(tab, view)],
    mint,
    ...(tab === 'limit' && f?.outputMint ? { outputMint: f.outputMint } : {}),
    includeFailed: st.includeFailed,
  };
}

export function listKey(p: ListParams): string {
  return `${p.tab}/${p.view}/${p.page}/${p.mint ?? '*'}>${p.outputMint ?? '*'}/${p.includeFailed ? 'failed' : 'ok'}`;
}

export type ListData =
  { kind: 'trigger'; res: TriggerListResponse } | { kind: 'recurring'; res: RecurringListResponse };

export async function fetchList(
  p: ListParams,
  signal: AbortSignal,
  { services }: ScreenContext<OrdersState>,
): Promise<ListData> {
  if (p.tab === 'limit') {
    const res = await services.api.trigger.list(
      {
        user: p.user,
        orderStatus: p.view,
        page: p.page,
        includeFailedTx: p.includeFailed,
        ...(p.mint ? { inputMint: p.mint } : {}),
        ...(p.outputMint ? { outputMint: p.outputMint } : {}),
      },
      { signal },
    );
    return { kind: 'trigger', res };
  }
  const res = await services.api.recurring.list(
    {
      recurringType: 'all',
      orderStatus: p.view,
      user: p.user,
      page: p.page,
      mint: p.mint ?? null,
      includeFailedTx: p.includeFailed,
    },
    { signal },
  );
  return { kind: 'recurring', res };
}

function isLegacy(x: unknown): x is LegacyRecurringOrder {
  return Boolean(x) && typeof x === 'object' && typeof (x as { orderKey?: unknown }).orderKey === 'string';
}

export function snapshotOf(p: ListParams, data: ListData, at: number): ListSnapshot {
  const page = Number.isFinite(data.res.page) ? Number(data.res.page) : p.page;
  const totalPages = Number.isFinite(data.res.totalPages) ? Math.max(1, Number(data.res.totalPages)) : 1;
  // A trigger listing answered with orderStatus "open" is the active list all the same: the slot
  // comes from what was asked, not from the answer's label.
  return {
    paramsKey: listKey(p),
    page,
    totalPages,
    trigger: data.kind === 'trigger' ? data.res.orders : [],
    time: data.kind === 'recurring' ? data.res.time : [],
    legacy: data.kind === 'recurring' && Array.isArray(data.res.price) ? data.res.price.filter(isLegacy) : [],
    at,
  };
}

/**
 * What changed between two results of one active list: fills (new trades), and orders that left it,
 * told from the service's history of those (filled, cancelled elsewhere, expired).
 */
export async function fillNotices(ctx: ScreenContext<OrdersState>, prev: ListSnapshot, next: ListSnapshot) {
  const closedByYou = ctx.store.getState().closedByYou;
  const left = ordersThatLeft(prev, next, closedByYou);
  const user = ctx.services.wallet?.address;
  const closed =
    user && (left.trigger.length || left.time.length) ? await readClosedOrders(ctx.services, user, left) : undefined;
  return orderChanges(ctx.services, prev, next, closedByYou, closed);
}

export function applyList(p: ListParams, data: ListData, at: number, ctx: ScreenContext<OrdersState>): void {
  const slot = slotOf(p.tab, p.view);
  const snap = snapshotOf(p, data, at);
  const prev = ctx.store.getState().lists[slot];
  ctx.store.getState().applyList(slot, snap);
  if (p.view !== 'active' || !prev) return;
  // The shell's notifications: the log (N from any screen), a flash line, the bell, a desktop notice.
  void fillNotices(ctx, prev, snap).then((notices) => {
    for (const n of notices) ctx.services.notify('Orders', n.text, n.event);
  });
}
