// The Alerts view's rows and columns: fired alerts first (newest first), then the armed ones in the
// order they were set; each with its token, condition, the price now and when it fired. A symbol,
// a level or a price is never cut: those columns are as wide as their widest cell.
import { filterRows, type Column } from '../../components/table/Table.js';
import type { Theme } from '../../components/base/theme.js';
import type { Token } from '../../src/api/types.js';
import { categoryOf, outsideLists } from '../../src/alerts/coverage.js';
import { conditionText, type Alert } from '../../src/alerts/model.js';
import { alertSymbol } from '../../src/alerts/store.js';
import { formatPercent, formatPrice, MISSING } from '../../src/text/format.js';
import type { TokensState } from '../../src/store/tokens.js';
import { formatAge } from '../../src/text/duration.js';

export interface AlertRow {
  alert: Alert;
  symbol: string;
  price?: number;
  /** why no price comes for it (a mint outside every list polled) */
  uncovered?: string;
}

export function alertRows(
  alerts: readonly Alert[],
  latest: Record<string, Token>,
  lists: TokensState['lists'],
): AlertRow[] {
  const fired = alerts.filter((a) => a.state === 'fired').sort((a, b) => (b.firedAt ?? 0) - (a.firedAt ?? 0));
  const armed = alerts.filter((a) => a.state === 'armed');
  return [...fired, ...armed].map((alert) => {
    const p = latest[alert.mint]?.usdPrice;
    const price = typeof p === 'number' && Number.isFinite(p) ? p : undefined;
    const uncovered =
      categoryOf(alert.mint, lists) === undefined && outsideLists(alert.mint, lists)
        ? 'not in any top-100 token list: no price to check until it is listed'
        : undefined;
    return { alert, symbol: alertSymbol(alert, latest), price, ...(uncovered ? { uncovered } : {}) };
  });
}

/** The price now: a column that does not move with the clock (made once, so its widths are measured once per row). */
const NOW_COLUMN: Column<AlertRow> = {
  id: 'now',
  title: 'Now USD',
  width: 9,
  align: 'right',
  whole: true,
  format: (r) => (r.price === undefined ? MISSING : formatPrice(r.price, { symbol: true })),
};

/** The columns that do not move with the clock: state, token and condition (what `/` matches). */
export function alertMatchColumns(theme: Theme): Column<AlertRow>[] {
  return [
    {
      id: 'state',
      title: 'State',
      width: 6,
      format: (r) => (r.alert.state === 'fired' ? 'FIRED' : 'armed'),
      color: (r) => (r.alert.state === 'fired' ? theme.warn : theme.ok),
    },
    { id: 'token', title: 'Token', width: 6, whole: true, format: (r) => r.symbol },
    { id: 'condition', title: 'When', width: 12, whole: true, format: (r) => conditionText(r.alert.condition) },
  ];
}

/** The alerts that have every word of `query` in their state, token or condition (all when it is blank). */
export function filterAlerts(rows: readonly AlertRow[], matchColumns: Column<AlertRow>[], query: string): AlertRow[] {
  return query.trim() === '' ? (rows as AlertRow[]) : filterRows(rows, matchColumns, query);
}

/** "16m ago at $151.20 (+5.10%)" for a fired alert (also said under the table for the selected one). */
export function firedText(a: Alert, now: number): string | undefined {
  if (a.state !== 'fired' || a.firedAt === undefined) return undefined;
  const change = a.firedChange !== undefined ? ` (${formatPercent(a.firedChange, { signed: true })})` : '';
  return `${formatAge(now - a.firedAt)} ago at ${formatPrice(a.firedPrice, { symbol: true })}${change}`;
}

export function alertColumns(theme: Theme, now: number, matchColumns = alertMatchColumns(theme)): Column<AlertRow>[] {
  return [
    ...matchColumns,
    NOW_COLUMN,
    {
      id: 'fired',
      title: 'Fired',
      flex: 1,
      minWidth: 12,
      whole: true,
      format: (r) => firedText(r.alert, now) ?? (r.uncovered ? 'unlisted' : MISSING),
    },
    {
      id: 'set',
      title: 'Set',
      width: 5,
      align: 'right',
      priority: 1,
      format: (r) => (r.alert.createdAt ? formatAge(now - r.alert.createdAt) : MISSING),
    },
  ];
}
