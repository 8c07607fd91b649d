// A horizontal bar for a fraction (e.g. a recurring order's completed cycles).
import { Text } from 'ink';
import { useTheme } from './theme.js';

/** `width` columns of █ (done) and ░ (to do); the fraction is clamped to 0..1. */
export function progressBar(fraction: number, width: number): string {
  if (width <= 0) return '';
  const f = Number.isFinite(fraction) ? Math.min(1, Math.max(0, fraction)) : 0;
  // floor: the bar is full only when the work is
  const done = Math.floor(f * width);
  return '█'.repeat(done) + '░'.repeat(width - done);
}

export interface ProgressBarProps {
  /** 0..1 */
  value: number;
  /** total columns, the percentage label included */
  width: number;
  /** replaces the default "NN%" label */
  label?: string;
}

/** "█████░░░░░  50%": the bar followed by a label. */
export function ProgressBar({ value, width, label }: ProgressBarProps) {
  const theme = useTheme();
  const text = label ?? `${Math.round(Math.min(1, Math.max(0, Number.isFinite(value) ? value : 0)) * 100)}%`;
  const barWidth = Math.max(0, width - text.length - 1);
  return (
    <Text wrap="truncate">
      <Text color={theme.accent}>{progressBar(value, barWidth)}</Text> {text}
    </Text>
  );
}
