// The Tokens table's columns. Priorities decide what drops out on narrow terminals (highest first):
// at 80 columns rank, symbol, price, change, volume, market cap and the sparkline stay.
import type { Column } from '../../components/table/Table.js';
import { trendLine } from '../../components/chart/Chart.js';
import { changeColor, type Theme } from '../../components/base/theme.js';
import { formatCompact, formatPct, formatPrice, formatUsdCompact, MISSING } from '../../src/text/format.js';
import { statsOf, volumeOf, type TokenRow } from './rows.js';
import { trendValues } from './trend.js';

/** The trend column's width: 10 points on narrow terminals, more history on wide ones. */
export function sparkWidth(width: number): number {
  return Math.max(10, Math.min(40, width - 120));
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const changeOf = (r: TokenRow) => num(statsOf(r.token, r.interval)?.priceChange);
const ORGANIC_SHORT: Record<string, string> = { high: 'high', medium: 'med', low: 'low' };

/** `ascii`: the trend in ASCII levels (NO_COLOR, --ascii) instead of block characters. */
export function tokenColumns(theme: Theme, width = 80, ascii = !theme.color, interval?: string): Column<TokenRow>[] {
  const spark = sparkWidth(width);
  return [
    {
      id: 'rank',
      title: '#',
      width: 3,
      align: 'right',
      format: (r) => (r.rank === null ? '×' : String(r.rank)),
      sortValue: (r) => r.rank,
    },
    {
      id: 'symbol',
      title: 'Symbol',
      width: 10,
      format: (r) => `${r.starred ? '★' : ' '}${r.symbol || '?'}${r.token?.isVerified ? ' ✓' : ''}`,
      sortValue: (r) => r.symbol,
    },
    {
      id: 'name',
      title: 'Name',
      flex: 1,
      minWidth: 10,
      priority: 3,
      format: (r) => (r.dropped ? `${r.name} (not in list)` : r.name),
      sortValue: (r) => r.name,
    },
    {
      id: 'price',
      title: 'Price USD',
      width: 13,
      align: 'right',
      format: (r) => `${formatPrice(num(r.token?.usdPrice))}${r.moved > 0 ? '↑' : r.moved < 0 ? '↓' : ' '}`,
      color: (r) => (r.moved ? changeColor(theme, r.moved) : undefined),
      sortValue: (r) => num(r.token?.usdPrice),
    },
    {
      id: 'change',
      // the window is named where the number is (the detail's chart names its 24h change too)
      title: interval ? `Chg ${interval}` : 'Change',
      width: 10,
      align: 'right',
      format: (r) => formatPct(changeOf(r)),
      color: (r) => changeColor(theme, changeOf(r)),
      sortValue: changeOf,
    },
    {
      id: 'volume',
      // volume over the window the list is ranked by, as the change beside it
      title: interval ? `Vol ${interval}` : 'Volume',
      width: 7,
      align: 'right',
      priority: 1,
      format: (r) => formatUsdCompact(volumeOf(r.token, r.interval)),
      sortValue: (r) => volumeOf(r.token, r.interval),
    },
    {
      id: 'mcap',
      title: 'MCap',
      width: 7,
      align: 'right',
      priority: 2,
      format: (r) => formatUsdCompact(num(r.token?.mcap)),
      sortValue: (r) => num(r.token?.mcap),
    },
    {
      id: 'liquidity',
      title: 'Liq',
      width: 7,
      align: 'right',
      priority: 4,
      format: (r) => formatUsdCompact(num(r.token?.liquidity)),
      sortValue: (r) => num(r.token?.liquidity),
    },
    {
      id: 'holders',
      title: 'Holders',
      width: 7,
      align: 'right',
      priority: 5,
      format: (r) => formatCompact(num(r.token?.holderCount)),
      sortValue: (r) => num(r.token?.holderCount),
    },
    {
      id: 'organic',
      title: 'Organic',
      width: 7,
      priority: 4,
      format: (r) => (r.token ? (ORGANIC_SHORT[r.token.organicScoreLabel ?? ''] ?? MISSING) : MISSING),
      sortValue: (r) => num(r.token?.organicScore),
    },
    {
      id: 'spark',
      title: 'Trend',
      width: spark,
      priority: 2,
      format: (r) => trendLine(trendValues(r.history, r.token, spark), spark, ascii),
      sortValue: () => null,
    },
  ];
}

/** The columns `o` cycles through, and the direction each starts in. */
export const SORT_CYCLE: ReadonlyArray<{ id: string; dir: 'asc' | 'desc' }> = [
  { id: 'rank', dir: 'asc' },
  { id: 'symbol', dir: 'asc' },
  { id: 'name', dir: 'asc' },
  { id: 'price', dir: 'desc' },
  { id: 'change', dir: 'desc' },
  { id: 'volume', dir: 'desc' },
  { id: 'mcap', dir: 'desc' },
  { id: 'liquidity', dir: 'desc' },
  { id: 'holders', dir: 'desc' },
  { id: 'organic', dir: 'desc' },
];
