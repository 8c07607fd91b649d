// The token detail: a price chart over the session (with the price 24h ago as a dotted line in its
// scale) and a caption of its range, above the pane of every field the service sent.
import { Box, Text } from 'ink';
import { asciiCharts, Chart } from '../../components/Chart.js';
import { DetailPane } from '../../components/DetailPane.js';
import { padCell } from '../../components/text.js';
import { useTheme } from '../../components/theme.js';
import { formatPct, formatUsd, MISSING, plural } from '../../src/format.js';
import { tokenSections } from './detail.js';
import type { TokenRow } from './rows.js';
import { statsAnchors } from './trend.js';

/** Rows of the chart for a screen `height` tall: a third of it, 3 to 12 rows. */
export function chartHeight(height: number): number {
  return Math.max(3, Math.min(12, Math.floor((height - 2) / 3)));
}

const usd = (n: number) => formatUsd(n, { symbol: true });

/** The caption under the chart: points seen, the session's low and high, the price 24h ago and the change since. */
export function chartCaption(row: TokenRow, ascii: boolean): string {
  const h = row.history;
  const change = row.token?.stats24h?.priceChange;
  const ago = typeof change === 'number' && Number.isFinite(change) ? statsAnchors({ ...row.token!, stats5m: undefined, stats1h: undefined, stats6h: undefined })[0] : undefined;
  const session = h.length ? `session ${plural(h.length, 'price')} · low ${usd(Math.min(...h))} · high ${usd(Math.max(...h))}` : 'session: no prices yet';
  const day = ago !== undefined ? `24h ago ${usd(ago)} (${formatPct(change)}) ${ascii ? '---' : '┄┄'}` : `24h ${MISSING}`;
  return `${session} · ${day}`;
}

export function TokenDetail({ row, now, width, height }: { row: TokenRow; now: number; width: number; height: number }) {
  const theme = useTheme();
  const ascii = asciiCharts(theme);
  const rows = chartHeight(height);
  const change = row.token?.stats24h?.priceChange;
  const reference = typeof change === 'number' && Number.isFinite(change) ? statsAnchors({ ...row.token!, stats5m: undefined, stats1h: undefined, stats6h: undefined })[0] : undefined;
  return (
    <Box flexDirection="column" height={height}>
      <Chart values={row.history} width={width} height={rows} reference={reference} ascii={ascii} format={(n) => formatUsd(n)} />
      <Text color={theme.dim} wrap="truncate">{padCell(chartCaption(row, ascii), width)}</Text>
      <DetailPane sections={tokenSections(row, now)} width={width} height={Math.max(3, height - rows - 1)} active />
    </Box>
  );
}
