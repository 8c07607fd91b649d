// One line per form field: the marker (› focused, ✎ editing), the label, the value (with its
// cursor while edited) and, to the right, the field's error or a note on what the value means.
import { Box, Text } from 'ink';
import { LineView } from '../fields/LineView.js';
import { lineAt, type LineState } from '../fields/lineEdit.js';
import { padCell } from '../base/text.js';
import { useTheme } from '../base/theme.js';

/** A form field: text (edited after Enter or e) or a toggle (flipped by Enter or e). */
export interface FieldDef<K extends string> {
  key: K;
  label: string;
  kind: 'text' | 'toggle';
  placeholder?: string;
}

export const LABEL_WIDTH = 14;
export const INPUT_WIDTH = 20;

export interface FormLinesProps<K extends string> {
  fields: FieldDef<K>[];
  values: Record<K, string | boolean>;
  focused: K;
  editing: boolean;
  line?: LineState;
  notes: Partial<Record<K, string>>;
  errors: Partial<Record<K, string>>;
  width: number;
  /** lines available: a window of fields around the focused one */
  height: number;
}

export function FormLines<K extends string>({
  fields,
  values,
  focused,
  editing,
  line,
  notes,
  errors,
  width,
  height,
}: FormLinesProps<K>) {
  const theme = useTheme();
  const at = Math.max(
    0,
    fields.findIndex((f) => f.key === focused),
  );
  const room = Math.max(1, height);
  const start = Math.max(0, Math.min(at - Math.floor(room / 2), fields.length - room));
  const shown = fields.slice(start, start + room);
  const noteWidth = Math.max(0, width - 2 - LABEL_WIDTH - 1 - INPUT_WIDTH - 1);
  return (
    <Box flexDirection="column" width={width}>
      {shown.map((f) => {
        const isFocused = f.key === focused;
        const active = isFocused && editing;
        const value = values[f.key];
        const error = errors[f.key];
        const note = error ? `✗ ${error}` : (notes[f.key] ?? '');
        return (
          <Box key={f.key} height={1}>
            <Text color={isFocused ? theme.accent : undefined} bold={isFocused}>
              {active ? '✎ ' : isFocused ? '› ' : '  '}
              {padCell(f.label, LABEL_WIDTH)}
            </Text>
            <Text> </Text>
            {f.kind === 'toggle' ? (
              <Text>{padCell(value ? '[x] on' : '[ ] off', INPUT_WIDTH)}</Text>
            ) : (
              <Box width={INPUT_WIDTH}>
                <LineView
                  line={active && line ? line : lineAt(String(value))}
                  width={INPUT_WIDTH}
                  focus={active}
                  placeholder={f.placeholder}
                />
              </Box>
            )}
            <Text color={error ? theme.danger : theme.dim}> {padCell(note, noteWidth)}</Text>
          </Box>
        );
      })}
    </Box>
  );
}
