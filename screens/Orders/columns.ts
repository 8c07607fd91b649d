// The Orders tables' columns: on 80 columns the pair, amounts, price, filled share and status stay;
// market distance, expiry, side and age drop first on narrower terminals.
import type { Column } from '../../components/Table.js';
import type { Theme } from '../../components/theme.js';
import type { DcaRow, LimitRow } from './rows.js';

export function limitColumns(theme: Theme): Column<LimitRow>[] {
  return [
    { id: 'pair', title: 'PAIR', flex: 1, minWidth: 9, format: (r) => r.pair },
    { id: 'sell', title: 'SELL', width: 10, align: 'right', format: (r) => r.sell },
    { id: 'buy', title: 'FOR', width: 10, align: 'right', format: (r) => r.buy, priority: 1 },
    { id: 'price', title: 'LIMIT', width: 15, align: 'right', format: (r) => r.price, priority: 1 },
    { id: 'filled', title: 'FILL', width: 5, align: 'right', format: (r) => r.filled },
    {
      id: 'market',
      title: 'VS MKT',
      width: 7,
      align: 'right',
      format: (r) => r.market,
      color: (r) => (r.marketPct !== undefined && r.marketPct < 0 ? theme.warn : undefined),
      priority: 3,
    },
    { id: 'expiry', title: 'EXPIRES', width: 9, format: (r) => r.expiry, priority: 2 },
    { id: 'status', title: 'STATUS', width: 9, format: (r) => r.status },
    { id: 'side', title: 'SIDE', width: 4, format: (r) => r.side, priority: 5 },
    { id: 'age', title: 'AGE', width: 8, format: (r) => r.age, priority: 4 },
  ];
}

export function dcaColumns(): Column<DcaRow>[] {
  return [
    { id: 'pair', title: 'PAIR', flex: 1, minWidth: 9, format: (r) => r.pair },
    { id: 'each', title: 'EACH', width: 11, align: 'right', format: (r) => r.each },
    { id: 'cycles', title: 'DONE', width: 5, align: 'right', format: (r) => r.cycles },
    { id: 'received', title: 'RECEIVED', width: 11, align: 'right', format: (r) => r.received, priority: 1 },
    { id: 'next', title: 'NEXT', width: 8, format: (r) => r.next },
    { id: 'status', title: 'STATUS', width: 14, format: (r) => r.status },
    { id: 'avg', title: 'AVG PRICE', width: 14, align: 'right', format: (r) => r.avg, priority: 3 },
    { id: 'used', title: 'USED', width: 20, align: 'right', format: (r) => r.used, priority: 4 },
    { id: 'age', title: 'AGE', width: 8, format: (r) => r.age, priority: 5 },
  ];
}
