// The Orders screen's lists, one entry each: the word on its tab, where its rows come from, its
// table and what it says when empty. The screen, its head line, its keys and its tests read this
// table; a further list is one more entry.
import type { ReactElement } from 'react';
import { Table, type Column, type TableProps } from '../../components/table/Table.js';
import type { Theme } from '../../components/base/theme.js';
import type { Token } from '../../src/api/types.js';
import type { Services } from '../../src/services/index.js';
import type { StandingOrder } from '../../src/orders/standing/terms.js';
import type { ListSnapshot, MintFilter, OrdersTab, OrdersView } from '../../src/orders/store.js';
import { dcaColumns, limitColumns, standingColumns } from './columns.js';
import { rowsOf, type DcaRow, type LimitRow, type OrderRow } from './rows.js';
import { standingRowsOf, type StandingRow } from './standing.js';
import { namesOf, vaultColumns, vaultRowsOf, type VaultRow } from './vault.js';
import type { VaultReading } from '../../src/vault/read.js';

export type Row = OrderRow | StandingRow | VaultRow;

/** What the rows of a list are made from. */
export interface RowsInput {
  s: Services;
  view: OrdersView;
  /** the service's page of this list (service lists) */
  snap: ListSnapshot | undefined;
  /** the time the rows are made for: the second (service lists) or the minute (`byMinute`) */
  at: number;
  flipped: boolean;
  latest: Record<string, Token>;
  standing: readonly StandingOrder[];
  /** what the polling last read of the vault (its list) */
  vault: (VaultReading & { at: number }) | undefined;
  filter: MintFilter | undefined;
}

export type ListTableProps = Omit<TableProps<Row>, 'columns'> & { theme: Theme };

export interface OrderList {
  /** the word on the list's tab */
  title: string;
  /**
   * service lists come a page at a time from the service (polled, aged, dimmed while stale); local
   * ones are kept here; a reading is read whole from the service while shown (aged by its reading)
   */
  source: 'service' | 'local' | 'reading';
  /** its rows' times move by the minute (made again once a minute, not at every tick of the clock) */
  byMinute?: boolean;
  rows(i: RowsInput): Row[];
  Table(p: ListTableProps): ReactElement;
  /** the list empty and loaded: what it would hold, and (with `how`) how to make one */
  empty(view: OrdersView, filter: MintFilter | undefined, how?: boolean, note?: string): string;
}

/** A table of one kind of row with its columns, made once per theme (the table measures by column array). */
function tableOf<R extends Row>(columnsOf: (theme: Theme) => Column<R>[], isOwn: (r: Row) => r is R) {
  const made = new WeakMap<Theme, Column<R>[]>();
  return function OrderListTable({ theme, rows, getKey, ...props }: ListTableProps) {
    let columns = made.get(theme);
    if (!columns) made.set(theme, (columns = columnsOf(theme)));
    return <Table<R> columns={columns} rows={rows.filter(isOwn)} getKey={getKey} {...props} />;
  };
}

const forWhat = (filter: MintFilter | undefined) => (filter ? ` for ${filter.symbol}` : '');

const serviceEmpty =
  (noun: string, command: string) =>
  (view: OrdersView, filter: MintFilter | undefined, how = true) =>
    `No ${view} ${noun} orders${forWhat(filter)}.${how && view === 'active' ? ` :${command} or n creates one.` : ''}`;

export const ORDER_LISTS: Record<OrdersTab, OrderList> = {
  limit: {
    title: 'Limit',
    source: 'service',
    rows: (i) => rowsOf(i.s, 'limit', i.view, i.snap, i.at, i.flipped),
    Table: tableOf(limitColumns, (r): r is LimitRow => r.kind === 'limit'),
    empty: serviceEmpty('limit', 'limit'),
  },
  dca: {
    title: 'DCA',
    source: 'service',
    rows: (i) => rowsOf(i.s, 'dca', i.view, i.snap, i.at, i.flipped),
    Table: tableOf(
      () => dcaColumns(),
      (r): r is DcaRow => r.kind === 'dca' || r.kind === 'legacy',
    ),
    empty: serviceEmpty('DCA', 'dca'),
  },
  standing: {
    title: 'Standing',
    source: 'local',
    byMinute: true,
    rows: (i) => standingRowsOf(i.s, i.standing, i.view, i.latest, i.at, i.filter?.mint ?? i.filter?.outputMint),
    Table: tableOf(standingColumns, (r): r is StandingRow => r.kind === 'standing'),
    empty: (view, filter) =>
      view === 'active'
        ? `No armed standing orders${forWhat(filter)}. :stop, :tp, :trail, :oco, :buy-above, :buy-below or n makes one.`
        : `No finished standing orders${forWhat(filter)}.`,
  },
  vault: {
    title: 'Vault',
    source: 'reading',
    byMinute: true,
    rows: (i) => vaultRowsOf(i.vault, namesOf(i.s), i.at),
    Table: tableOf(
      () => vaultColumns(),
      (r): r is VaultRow => r.kind === 'vault',
    ),
    empty: (view, _filter, _how, note = '') =>
      view === 'active'
        ? `No open orders in the vault${note}. :stop … custody vault, or n with custody vault, places one.`
        : 'No past orders in the vault.',
  },
};

/** The tabs in the order t goes round them, the shown one in brackets: "Limit [DCA] Standing". */
export function listTabsText(tab: OrdersTab): string {
  return (Object.keys(ORDER_LISTS) as OrdersTab[])
    .map((t) => (t === tab ? `[${ORDER_LISTS[t].title}]` : ORDER_LISTS[t].title))
    .join(' ');
}
