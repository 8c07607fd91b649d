// The token detail: a price chart over the session (with the price 24h ago as a dotted line in its
// scale) and a caption of its range, above the pane of every field the service sent.
import { Box, Text } from 'ink';
import { asciiCharts, Chart } from '../../components/chart/Chart.js';
import { DetailPane } from '../../components/detail/DetailPane.js';
import { padCell, textWidth } from '../../components/base/text.js';
import { useTheme } from '../../components/base/theme.js';
import { formatPct, formatPrice, MISSING, plural } from '../../src/text/format.js';
import { tokenSections } from './detail.js';
import type { TokenRow } from './rows.js';
import { statsAnchors, trendValues } from './trend.js';

/** Rows of the chart for a screen `height` tall: a third of it, 3 to 12 rows. */
export function chartHeight(height: number): number {
  return Math.max(3, Math.min(12, Math.floor((height - 2) / 3)));
}

const usd = (n: number) => formatPrice(n, { symbol: true });

/** Fewer prices seen than this: the chart is led in by the service's 24h, 6h, 1h and 5m changes. */
export const LEAD_IN_BELOW = 60;

/** The chart's points: the session's prices, led in by the interval stats while they are few. */
export function chartValues(row: TokenRow): readonly number[] {
  return row.history.length >= LEAD_IN_BELOW ? row.history : trendValues(row.history, row.token, LEAD_IN_BELOW);
}

/** The caption under the chart: the session's prices and range, the price 24h ago and the change since, and what the lead-in is when it fits. */
export function chartCaption(row: TokenRow, ascii: boolean, width = 80): string {
  const h = row.history;
  const change = row.token?.stats24h?.priceChange;
  const ago =
    typeof change === 'number' && Number.isFinite(change)
      ? statsAnchors({ ...row.token!, stats5m: undefined, stats1h: undefined, stats6h: undefined })[0]
      : undefined;
  const session = h.length
    ? `session ${plural(h.length, 'price')} ${usd(Math.min(...h))}–${usd(Math.max(...h))}`
    : 'session: no prices yet';
  const day =
    ago !== undefined
      ? `24h ago ${usd(ago)} ${ascii ? '---' : '┄┄'} (24h change ${formatPct(change)})`
      : `24h ${MISSING}`;
  const text = `${session} · ${day}`;
  const lead =
    h.length < LEAD_IN_BELOW && chartValues(row).length > h.length ? ' · left: from the 24h/6h/1h/5m change' : '';
  return textWidth(text + lead) <= width ? text + lead : text;
}

export function TokenDetail({
  row,
  now,
  width,
  height,
}: {
  row: TokenRow;
  now: number;
  width: number;
  height: number;
}) {
  const theme = useTheme();
  const ascii = asciiCharts(theme);
  const rows = chartHeight(height);
  const change = row.token?.stats24h?.priceChange;
  const reference =
    typeof change === 'number' && Number.isFinite(change)
      ? statsAnchors({ ...row.token!, stats5m: undefined, stats1h: undefined, stats6h: undefined })[0]
      : undefined;
  return (
    <Box flexDirection="column" height={height}>
      <Chart
        values={chartValues(row)}
        width={width}
        height={rows}
        reference={reference}
        ascii={ascii}
        format={(n) => formatPrice(n, { symbol: true })}
      />
      <Text color={theme.dim} wrap="truncate">
        {padCell(chartCaption(row, ascii, width), width)}
      </Text>
      <DetailPane sections={tokenSections(row, now)} width={width} height={Math.max(3, height - rows - 1)} active />
    </Box>
  );
}
