// A labelled on/off switch.
import { Text } from 'ink';
import { useRef } from 'react';
import { normalizeKey } from '../keys/normalizeKey.js';
import { useKeyLayer } from '../keys/KeyRouter.js';
import { padCell } from '../base/text.js';
import { useTheme } from '../base/theme.js';

export interface ToggleProps {
  label: string;
  value: boolean;
  onChange: (value: boolean) => void;
  /** while focused: space or Enter flips the value (an 'input' layer); other keys pass on */
  focus: boolean;
  width: number;
  labelWidth?: number;
}

/** "Label  [x] on" / "Label  [ ] off". */
export function Toggle({ label, value, onChange, focus, width, labelWidth }: ToggleProps) {
  const theme = useTheme();
  // the value as of the last key, so two keys in one stdin chunk flip twice
  const latest = useRef(value);
  latest.current = value;
  useKeyLayer(
    'input',
    (input, key) => {
      const name = normalizeKey(input, key);
      if (name !== 'space' && name !== 'enter') return false;
      latest.current = !latest.current;
      onChange(latest.current);
      return true;
    },
    focus,
  );
  const lw = labelWidth ?? label.length + 1;
  return (
    <Text>
      <Text color={focus ? theme.accent : undefined} bold={focus}>
        {padCell((focus && !theme.color ? '>' : '') + label, lw)}
      </Text>
      {' ' + padCell(value ? '[x] on' : '[ ] off', Math.max(1, width - lw - 1))}
    </Text>
  );
}
