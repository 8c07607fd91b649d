// Draws an edited line with its cursor, scrolled horizontally to keep the cursor in view.
import { Text } from 'ink';
import { useTheme } from '../base/theme.js';
import type { LineState } from './lineEdit.js';

export interface LineViewProps {
  line: LineState;
  /** columns available for the text and the cursor */
  width: number;
  /** shows the cursor when true */
  focus: boolean;
  placeholder?: string;
  /** draws every character as "•" (secrets) */
  mask?: boolean;
}

/** A single line of text with a visible cursor when focused (one <Text>, never wraps). */
export function LineView({ line, width, focus, placeholder, mask }: LineViewProps) {
  const theme = useTheme();
  const room = Math.max(1, width);
  const text = mask ? '•'.repeat(line.text.length) : line.text;
  if (text === '' && placeholder && !focus) {
    return (
      <Text color={theme.dim} dimColor={!theme.color}>
        {placeholder.slice(0, room)}
      </Text>
    );
  }
  const start = Math.max(0, line.cursor - (room - 1));
  const visible = text.slice(start, start + room);
  const at = line.cursor - start;
  if (!focus) return <Text>{visible.slice(0, room)}</Text>;
  const before = visible.slice(0, at);
  const under = visible[at] ?? ' ';
  const after = visible.slice(at + 1);
  if (!theme.color) return <Text>{(before + '_' + visible.slice(at)).slice(0, room)}</Text>;
  return (
    <Text>
      {before}
      <Text inverse>{under}</Text>
      {after}
    </Text>
  );
}
