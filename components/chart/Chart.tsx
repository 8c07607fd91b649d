// A price chart several lines tall, drawn with block characters in eighths (▁▂▃▄▅▆▇█), with an
// optional reference level (e.g. the price 24h ago) as a dotted line and the high/low on the
// left axis; and the one-line trend. Both degrade to plain ASCII (# : . - _ ^) when colour is off
// (NO_COLOR, TERM=dumb) or --ascii asked for it (the theme's ascii).
import { Box, Text } from 'ink';
import { padCell, textWidth } from '../base/text.js';
import { useTheme, type Theme } from '../base/theme.js';

const EIGHTHS = ' ▁▂▃▄▅▆▇█';
const BARS = '▁▂▃▄▅▆▇█';
/** ASCII levels of the one-line trend, lowest first. */
export const ASCII_BARS = '_.-~^';

/** Whether charts must be plain ASCII: no colour (NO_COLOR, TERM=dumb) or --ascii (config, or TRADEDECK_ASCII). */
export function asciiCharts(theme: Theme): boolean {
  return !theme.color || theme.ascii === true;
}

const finite = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v);

/** The last `width` values as one line of bars (blocks, or ASCII levels); missing values are spaces. */
export function trendLine(values: ReadonlyArray<number | null | undefined>, width: number, ascii = false): string {
  if (width <= 0) return '';
  const tail = values.slice(-width);
  const seen = tail.filter(finite);
  if (seen.length === 0) return ' '.repeat(tail.length);
  const lo = Math.min(...seen);
  const hi = Math.max(...seen);
  const levels = ascii ? ASCII_BARS : BARS;
  return tail
    .map((v) => {
      if (!finite(v)) return ' ';
      if (hi === lo) return ascii ? '-' : BARS[3];
      return levels[Math.round(((v - lo) / (hi - lo)) * (levels.length - 1))];
    })
    .join('');
}

/** `values` stretched or squeezed to exactly `columns` points (the last value of each bucket). */
export function resample(values: readonly number[], columns: number): number[] {
  const n = values.length;
  if (n === 0 || columns <= 0) return [];
  return Array.from(
    { length: columns },
    // clamped to 0..n-1 of a list that is not empty
    (_, i) => values[Math.min(n - 1, Math.max(0, Math.floor(((i + 1) * n) / columns) - 1))]!,
  );
}

export interface ChartOptions {
  width: number;
  height: number;
  ascii: boolean;
  /** a level drawn across as a dotted line, and kept inside the scale */
  reference?: number;
  /** axis labels (default: 4 significant digits) */
  format?: (n: number) => string;
}

/**
 * The chart as `height` lines of exactly `width` cells: an axis of labels (high at the top, low at
 * the bottom), then the plot, one column per resampled value, filled up to it in eighths of a row.
 */
export function chartLines(values: ReadonlyArray<number | null | undefined>, o: ChartOptions): string[] {
  const height = Math.max(1, o.height);
  const fmt = o.format ?? ((n: number) => String(Number(n.toPrecision(4))));
  const seen = values.filter(finite);
  if (o.width <= 0) return Array.from({ length: height }, () => '');
  if (seen.length === 0) {
    const empty = Array.from({ length: height }, () => ' '.repeat(o.width));
    empty[Math.floor((height - 1) / 2)] = padCell('  no prices seen yet', o.width);
    return empty;
  }
  let lo = Math.min(...seen, ...(finite(o.reference) ? [o.reference] : []));
  let hi = Math.max(...seen, ...(finite(o.reference) ? [o.reference] : []));
  if (hi === lo) {
    const pad = Math.abs(hi) * 0.01 || 1;
    hi += pad;
    lo -= pad;
  }
  const hiText = fmt(hi);
  const loText = fmt(lo);
  const axis = Math.min(Math.max(textWidth(hiText), textWidth(loText)) + 1, Math.floor(o.width / 3));
  const plot = Math.max(1, o.width - axis - 1);
  const cols = resample(seen, plot);
  const total = height * 8;
  const levelOf = (v: number) => Math.max(1, Math.round(((v - lo) / (hi - lo)) * total));
  const refRow = finite(o.reference)
    ? height - 1 - Math.min(height - 1, Math.floor((((o.reference - lo) / (hi - lo)) * total) / 8 - 1e-9))
    : -1;
  const lines: string[] = [];
  for (let r = 0; r < height; r++) {
    const base = (height - 1 - r) * 8;
    let row = '';
    for (const v of cols) {
      const fill = Math.min(8, Math.max(0, levelOf(v) - base));
      if (fill === 0) row += r === refRow ? (o.ascii ? '-' : '┄') : ' ';
      else if (o.ascii) row += fill === 8 ? '#' : fill >= 4 ? ':' : '.';
      else row += EIGHTHS[fill];
    }
    const label = r === 0 ? hiText : r === height - 1 ? loText : '';
    lines.push(padCell(label, axis, 'right').slice(0, axis) + (o.ascii ? '|' : '│') + padCell(row, plot));
  }
  return lines.map((l) => padCell(l, o.width));
}

export interface ChartProps extends Omit<ChartOptions, 'ascii'> {
  values: ReadonlyArray<number | null | undefined>;
  /** forces ASCII (otherwise decided by the theme and the environment) */
  ascii?: boolean;
}

/** The chart, coloured up or down by whether the series ended above or below where it started. */
export function Chart({ values, ascii, ...o }: ChartProps) {
  const theme = useTheme();
  const plain = ascii ?? asciiCharts(theme);
  const seen = values.filter(finite);
  const first = seen[0];
  const last = seen[seen.length - 1];
  const color =
    first === undefined || last === undefined || last === first ? theme.dim : last > first ? theme.up : theme.down;
  return (
    <Box flexDirection="column">
      {chartLines(values, { ...o, ascii: plain }).map((l, i) => (
        <Text key={i} color={color} wrap="truncate">
          {l}
        </Text>
      ))}
    </Box>
  );
}
