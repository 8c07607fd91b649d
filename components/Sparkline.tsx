// A one-line chart of a number series with block characters.
import { Text } from 'ink';
import { useTheme } from './theme.js';

const BARS = '▁▂▃▄▅▆▇█';

/**
 * The last `width` values as bars scaled between their min and max; a flat series draws mid-height
 * bars, missing values (null, NaN) a space. Fewer values than `width` give a shorter string.
 */
export function sparkline(values: ReadonlyArray<number | null | undefined>, width: number): string {
  if (width <= 0) return '';
  const tail = values.slice(-width);
  const finite = tail.filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
  if (finite.length === 0) return ' '.repeat(tail.length);
  const min = Math.min(...finite);
  const max = Math.max(...finite);
  return tail
    .map((v) => {
      if (typeof v !== 'number' || !Number.isFinite(v)) return ' ';
      if (max === min) return BARS[3];
      return BARS[Math.round(((v - min) / (max - min)) * (BARS.length - 1))];
    })
    .join('');
}

export interface SparklineProps {
  values: ReadonlyArray<number | null | undefined>;
  width: number;
  /** colour by direction (last vs first value) unless a colour is given */
  color?: string;
}

/** Bars coloured up/down by whether the series ended above or below where it started. */
export function Sparkline({ values, width, color }: SparklineProps) {
  const theme = useTheme();
  const finite = values.slice(-width).filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
  const first = finite[0];
  const last = finite[finite.length - 1];
  const auto = first === undefined || last === first ? theme.dim : last > first ? theme.up : theme.down;
  return <Text color={color ?? auto}>{sparkline(values, width)}</Text>;
}
