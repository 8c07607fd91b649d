// A labelled choice among a few options, cycled with the arrow keys.
import { Text } from 'ink';
import { useRef } from 'react';
import { normalizeKey } from '../keys/normalizeKey.js';
import { useKeyLayer } from '../keys/KeyRouter.js';
import { padCell } from '../base/text.js';
import { useTheme } from '../base/theme.js';

export interface SelectOption<T extends string> {
  value: T;
  label: string;
}

export interface SelectFieldProps<T extends string> {
  label: string;
  options: SelectOption<T>[];
  value: T;
  onChange: (value: T) => void;
  /** while focused: left/right, h/l and space change the value (an 'input' layer); other keys pass on */
  focus: boolean;
  width: number;
  labelWidth?: number;
}

/** "Label  ‹ option ›": left/h previous, right/l/space next (wrapping). */
export function SelectField<T extends string>({
  label,
  options,
  value,
  onChange,
  focus,
  width,
  labelWidth,
}: SelectFieldProps<T>) {
  const theme = useTheme();
  // the value as of the last key, so two keys in one stdin chunk step twice
  const latest = useRef(value);
  latest.current = value;
  useKeyLayer(
    'input',
    (input, key) => {
      const name = normalizeKey(input, key);
      const step = name === 'left' || name === 'h' ? -1 : name === 'right' || name === 'l' || name === 'space' ? 1 : 0;
      if (step === 0 || options.length === 0) return false;
      const i = Math.max(
        0,
        options.findIndex((o) => o.value === latest.current),
      );
      latest.current = options[(i + step + options.length) % options.length]!.value;
      onChange(latest.current);
      return true;
    },
    focus,
  );
  const current = options.find((o) => o.value === value)?.label ?? value;
  const lw = labelWidth ?? label.length + 1;
  const body = focus ? `‹ ${current} ›` : `  ${current}  `;
  return (
    <Text>
      <Text color={focus ? theme.accent : undefined} bold={focus}>
        {padCell((focus && !theme.color ? '>' : '') + label, lw)}
      </Text>
      {' ' + padCell(body, Math.max(1, width - lw - 1))}
    </Text>
  );
}
