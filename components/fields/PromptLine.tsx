// A labelled line being edited at the foot of a screen ("/ sol", "alert SOL > 250", "f SOL>USDC"),
// with an optional note flush right (how many rows match).
import { Box, Text } from 'ink';
import { padCell, textWidth } from '../base/text.js';
import { useTheme } from '../base/theme.js';
import type { LineState } from './lineEdit.js';
import { LineView } from './LineView.js';

export interface PromptLineProps {
  /** what the line is for, drawn before it in the accent colour */
  label: string;
  line: LineState;
  width: number;
  /** the cursor is shown (the line is being edited) */
  focus: boolean;
  placeholder?: string;
  /** right of the line, dim; it gets at most `noteMax` columns */
  note?: string;
  noteMax?: number;
}

export function PromptLine({ label, line, width, focus, placeholder, note, noteMax = 45 }: PromptLineProps) {
  const theme = useTheme();
  const noteWidth = note ? Math.min(noteMax, textWidth(note) + 1) : 0;
  return (
    <Box>
      <Text color={theme.accent}>{label}</Text>
      <LineView
        line={line}
        width={Math.max(1, width - textWidth(label) - noteWidth)}
        focus={focus}
        placeholder={placeholder}
      />
      {note ? <Text color={theme.dim}>{padCell(` ${note}`, noteWidth, 'right')}</Text> : null}
    </Box>
  );
}
