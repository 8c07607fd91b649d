// A labelled one-line text input for forms.
import { Box, Text } from 'ink';
import { useEffect, useRef } from 'react';
import { normalizeKey } from '../keys/normalizeKey.js';
import { useKeyLayer } from '../keys/KeyRouter.js';
import { padCell } from '../text.js';
import { useTheme } from '../theme.js';
import { useRefState } from '../useRefState.js';
import { applyLineKey, lineAt, type LineState } from './lineEdit.js';
import { LineView } from './LineView.js';

export interface TextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** while focused the field holds an 'input' key layer: typed letters never reach screen or global keys */
  focus: boolean;
  width: number;
  /** columns for the label (default: its own width + 1) */
  labelWidth?: number;
  placeholder?: string;
  mask?: boolean;
  /** Enter: called with the current text (when absent, Enter passes on to the form) */
  onSubmit?: (value: string) => void;
  /** a validation message shown under the field */
  error?: string;
}

/** Label + editable line; Tab, Shift-Tab, Up, Down and Esc pass on so the form can move focus. */
export function TextField(props: TextFieldProps) {
  const { label, value, onChange, focus, width, placeholder, mask, onSubmit, error } = props;
  const theme = useTheme();
  const [line, setLine] = useRefState<LineState>(() => lineAt(value));
  // Values this field reported through onChange and has not yet seen come back as `value`: an
  // echo of one of them is not an outside change (renders can lag several keys behind typing).
  const echoes = useRef<string[]>([]);
  const seenValue = useRef(value);
  useEffect(() => {
    if (value === seenValue.current) return;
    seenValue.current = value;
    const echo = echoes.current.indexOf(value);
    if (echo >= 0) {
      echoes.current = echoes.current.slice(echo + 1);
      return;
    }
    echoes.current = [];
    if (line().text !== value) setLine(lineAt(value));
  }, [value, line, setLine]);

  useKeyLayer(
    'input',
    (input, key) => {
      const name = normalizeKey(input, key);
      if (name === 'enter') {
        if (!onSubmit) return false;
        onSubmit(line().text);
        return true;
      }
      const next = applyLineKey(line(), name, input);
      if (!next) return false;
      const changed = next.text !== line().text;
      setLine(next);
      if (changed) {
        echoes.current.push(next.text);
        onChange(next.text);
      }
      return true;
    },
    focus,
  );

  const labelWidth = props.labelWidth ?? label.length + 1;
  const fieldWidth = Math.max(1, width - labelWidth - 1);
  return (
    <Box flexDirection="column" width={width}>
      <Box>
        <Text color={focus ? theme.accent : undefined} bold={focus}>
          {padCell((focus && !theme.color ? '>' : '') + label, labelWidth)}
        </Text>
        <Text> </Text>
        <LineView line={line()} width={fieldWidth} focus={focus} placeholder={placeholder} mask={mask} />
      </Box>
      {error ? <Text color={theme.danger}>{padCell('! ' + error, width)}</Text> : null}
    </Box>
  );
}
