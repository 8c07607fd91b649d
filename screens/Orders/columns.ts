// The Orders tables' columns. A pair, an amount or a price is never cut: its column is as wide as
// its widest cell, and where that does not fit a column drops out (side, age, market distance,
// expiry, the amount bought, the filled share, the status, in that order) and the line under the
// table says the selected order whole. On 80 columns with ordinary symbols and prices all of the
// pair, both amounts, the price, the filled share, the expiry and the status stay.
import type { Column } from '../../components/table/Table.js';
import type { Theme } from '../../components/base/theme.js';
import type { DcaRow, LimitRow } from './rows.js';
import type { StandingRow } from './standing.js';

export function limitColumns(theme: Theme): Column<LimitRow>[] {
  return [
    { id: 'pair', title: 'PAIR', flex: 1, minWidth: 9, whole: true, format: (r) => r.pair },
    { id: 'sell', title: 'SELL', width: 10, align: 'right', whole: true, format: (r) => r.sell },
    { id: 'buy', title: 'FOR', width: 10, align: 'right', whole: true, format: (r) => r.buy, priority: 3 },
    { id: 'price', title: 'LIMIT', width: 15, align: 'right', whole: true, format: (r) => r.price },
    { id: 'filled', title: 'FILL', width: 5, align: 'right', format: (r) => r.filled, priority: 2 },
    {
      id: 'market',
      title: 'VS MKT',
      width: 7,
      align: 'right',
      whole: true,
      format: (r) => r.market,
      color: (r) => (r.marketPct !== undefined && r.marketPct < 0 ? theme.warn : undefined),
      priority: 5,
    },
    { id: 'expiry', title: 'EXPIRES', width: 9, format: (r) => r.expiry, priority: 4 },
    { id: 'status', title: 'STATUS', width: 9, whole: true, format: (r) => r.status, priority: 1 },
    { id: 'side', title: 'SIDE', width: 4, format: (r) => r.side, priority: 7 },
    { id: 'age', title: 'AGE', width: 8, format: (r) => r.age, priority: 6 },
  ];
}

export function dcaColumns(): Column<DcaRow>[] {
  return [
    { id: 'pair', title: 'PAIR', flex: 1, minWidth: 9, whole: true, format: (r) => r.pair },
    { id: 'each', title: 'EACH', width: 11, align: 'right', whole: true, format: (r) => r.each },
    { id: 'every', title: 'EVERY', width: 6, format: (r) => r.every, priority: 2 },
    { id: 'cycles', title: 'DONE', width: 5, align: 'right', format: (r) => r.cycles },
    {
      id: 'received',
      title: 'RECEIVED',
      width: 11,
      align: 'right',
      whole: true,
      format: (r) => r.received,
      priority: 3,
    },
    { id: 'next', title: 'NEXT', width: 8, format: (r) => r.next, priority: 2 },
    { id: 'status', title: 'STATUS', width: 14, whole: true, format: (r) => r.status, priority: 1 },
    { id: 'avg', title: 'AVG PRICE', width: 14, align: 'right', whole: true, format: (r) => r.avg, priority: 4 },
    { id: 'used', title: 'USED', width: 20, align: 'right', whole: true, format: (r) => r.used, priority: 5 },
    { id: 'age', title: 'AGE', width: 8, format: (r) => r.age, priority: 6 },
  ];
}

/** The standing orders' columns: their id and state stay whole; the floor, expiry and market distance drop first. */
export function standingColumns(theme: Theme): Column<StandingRow>[] {
  return [
    { id: 'type', title: 'KIND', width: 6, whole: true, format: (r) => r.type },
    { id: 'amount', title: 'AMOUNT', width: 10, align: 'right', whole: true, format: (r) => r.amount },
    { id: 'condition', title: 'WHEN', flex: 1, minWidth: 12, whole: true, format: (r) => r.condition },
    {
      id: 'market',
      title: 'VS MKT',
      width: 7,
      align: 'right',
      whole: true,
      format: (r) => r.market,
      color: (r) => (r.marketPct !== undefined && Math.abs(r.marketPct) < 2 ? theme.warn : undefined),
      priority: 3,
    },
    { id: 'floor', title: 'AT LEAST', width: 12, align: 'right', whole: true, format: (r) => r.floor, priority: 2 },
    { id: 'expiry', title: 'EXPIRES', width: 9, format: (r) => r.expiry, priority: 4 },
    { id: 'state', title: 'STATE', width: 9, whole: true, format: (r) => r.state, priority: 1 },
    { id: 'id', title: 'ID', width: 10, whole: true, format: (r) => r.key, priority: 5 },
  ];
}
