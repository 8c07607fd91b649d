// The bottom line: key hints on the left (always keeping "? help"), data age on the right.
import { Text } from 'ink';
import type { Hint } from '../keys/keymap.js';
import { textWidth, truncate } from '../base/text.js';
import { useTheme } from '../base/theme.js';

export interface FooterProps {
  /** usually keymap.hintsFor(scope) */
  hints: Hint[];
  width: number;
  /** e.g. "tokens 3s ago" or "paused"; shown at the right edge */
  right?: string;
}

const HELP: Hint = { keys: '?', label: 'help' };
const SEP = '  ';

/**
 * The hints that fit: the help hint is always kept (and moved last); other hints are dropped from
 * the end first, then the right text is shortened. Returns the hints and the right text to show.
 */
export function fitFooter(hints: Hint[], width: number, right = ''): { hints: Hint[]; right: string } {
  const help = hints.find((h) => h.keys === '?') ?? HELP;
  const others = hints.filter((h) => h !== help);
  const w = (hs: Hint[]) =>
    hs.reduce((s, h, i) => s + (i > 0 ? SEP.length : 0) + textWidth(h.keys) + 1 + textWidth(h.label), 0);
  const rightRoom = (left: number) => width - left - (right ? 1 : 0);
  const kept = others.slice();
  while (kept.length > 0 && w([...kept, help]) + (right ? textWidth(right) + 1 : 0) > width) kept.pop();
  const shown = [...kept, help];
  const r = right ? truncate(right, Math.max(0, rightRoom(w(shown)))) : '';
  return { hints: shown, right: r };
}

/** One line of "key label" pairs with "? help" always visible and `right` right-aligned. */
export function Footer({ hints, width, right }: FooterProps) {
  const theme = useTheme();
  const fit = fitFooter(hints, width, right);
  const used = fit.hints.reduce(
    (s, h, i) => s + (i > 0 ? SEP.length : 0) + textWidth(h.keys) + 1 + textWidth(h.label),
    0,
  );
  const gap = Math.max(0, width - used - textWidth(fit.right));
  return (
    <Text wrap="truncate">
      {fit.hints.map((h, i) => (
        <Text key={h.keys + h.label}>
          {i > 0 ? SEP : ''}
          <Text color={theme.accent} bold>
            {h.keys}
          </Text>{' '}
          <Text color={theme.dim}>{h.label}</Text>
        </Text>
      ))}
      {' '.repeat(gap)}
      <Text color={theme.dim}>{fit.right}</Text>
    </Text>
  );
}
