// A still loading message (no spinner: a spinner repaints every frame, which is costly over ssh).
import { Text } from 'ink';
import { padCell } from './text.js';
import { useTheme } from './theme.js';

export interface LoadingTextProps {
  /** what is loading, e.g. "tokens" */
  what: string;
  /** preformatted time since the request began, e.g. "3s" */
  elapsed?: string;
  width?: number;
}

/** "Loading tokens… (3s)" in the dim colour. */
export function LoadingText({ what, elapsed, width }: LoadingTextProps) {
  const theme = useTheme();
  const text = `Loading ${what}…${elapsed ? ` (${elapsed})` : ''}`;
  return (
    <Text color={theme.dim} wrap="truncate">
      {width === undefined ? text : padCell(text, width)}
    </Text>
  );
}
