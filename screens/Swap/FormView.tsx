// The Swap form: one line per field, with what each token field resolved to (verified mark, mint,
// price, the wallet's balance) and the field's error under the form.
import { Box, Text } from 'ink';
import React from 'react';
import { SelectField } from '../../components/fields/SelectField.js';
import { LineView } from '../../components/fields/LineView.js';
import { lineAt, type LineState } from '../../components/fields/lineEdit.js';
import { Toggle } from '../../components/fields/Toggle.js';
import { padCell, wrapText } from '../../components/base/text.js';
import { useTheme } from '../../components/base/theme.js';
import type { SwapForm } from '../../src/store/swap.js';
import { LABEL_WIDTH, type FieldDef } from './fields.js';

export interface FormViewProps {
  fields: FieldDef[];
  form: SwapForm;
  focused: keyof SwapForm;
  editing: boolean;
  /** the line being edited (text and cursor) of the focused text field */
  line?: LineState;
  /** text shown right of a field (resolved token, balance, unit) */
  notes: Partial<Record<keyof SwapForm, string>>;
  errors: Partial<Record<keyof SwapForm, string>>;
  onChange: (key: keyof SwapForm, value: string | boolean) => void;
  width: number;
  /** the fields drawn (formWindow), all when absent */
  window?: { start: number; end: number };
}

const INPUT_WIDTH = 18;

/** The note beside a field: its error once something is typed, else what it resolved to. */
function noteOf(f: FieldDef, form: SwapForm, notes: FormViewProps['notes'], errors: FormViewProps['errors']): string {
  const error = errors[f.key];
  return error && String(form[f.key]).trim() !== '' ? `✗ ${error}` : (notes[f.key] ?? '');
}

function noteWidthFor(width: number): number {
  return Math.max(0, width - (LABEL_WIDTH + 1 + INPUT_WIDTH) - 3);
}

/** A note's lines: wrapped under itself, at most two (a message is never cut mid-meaning at 80 columns). */
function noteLines(note: string, width: number): [string, ...string[]] {
  const w = noteWidthFor(width);
  if (w <= 0 || note === '') return [''];
  // only what two lines can hold is wrapped (a pasted 10,000-character amount stays cheap)
  const [first = '', second, third] = wrapText(note.length > 4 * w ? note.slice(0, 4 * w) : note, w);
  if (second === undefined) return [first];
  return third === undefined ? [first, second] : [first, second.replace(/.$/, '…')];
}

/** How many lines each field takes (a field with a long note takes two). */
function fieldHeights(props: Pick<FormViewProps, 'fields' | 'form' | 'notes' | 'errors' | 'width'>): number[] {
  return props.fields.map((f) => noteLines(noteOf(f, props.form, props.notes, props.errors), props.width).length);
}

/**
 * The fields shown when they do not all fit in `maxLines`: a run around the focused one (as many
 * after it as before, then whatever still fits), so moving through the form scrolls it.
 */
export function fieldWindow(
  heights: number[],
  focus: number,
  maxLines: number,
): { start: number; end: number; lines: number } {
  const n = heights.length;
  const total = heights.reduce((a, b) => a + b, 0);
  if (total <= maxLines || n === 0) return { start: 0, end: n, lines: total };
  const at = Math.min(n - 1, Math.max(0, focus));
  let start = at;
  let end = at + 1;
  // at, end (below n) and start - 1 (above 0) are indices of heights
  let used = heights[at]!;
  for (;;) {
    const below = end < n && used + heights[end]! <= maxLines;
    const above = start > 0 && used + heights[start - 1]! <= maxLines;
    if (below && (end - at <= at - start || !above)) used += heights[end++]!;
    else if (above) used += heights[--start]!;
    else break;
  }
  return { start, end, lines: used };
}

/** The part of the form that fits in `maxLines` with the focused field in it. */
export function formWindow(
  props: Pick<FormViewProps, 'fields' | 'form' | 'notes' | 'errors' | 'width' | 'focused'>,
  maxLines: number,
): { start: number; end: number; lines: number } {
  return fieldWindow(
    fieldHeights(props),
    props.fields.findIndex((f) => f.key === props.focused),
    Math.max(1, maxLines),
  );
}

export function FormView({
  fields: all,
  form,
  focused,
  editing,
  line,
  notes,
  errors,
  onChange,
  width,
  window,
}: FormViewProps) {
  const fields = window ? all.slice(window.start, window.end) : all;
  const theme = useTheme();
  const fieldWidth = LABEL_WIDTH + 1 + INPUT_WIDTH;
  const noteWidth = noteWidthFor(width);
  return (
    <Box flexDirection="column" width={width}>
      {fields.map((f) => {
        const isFocused = f.key === focused;
        const active = isFocused && editing;
        const marker = isFocused ? (editing ? '✎' : '›') : ' ';
        let control: React.ReactNode;
        if (f.kind === 'select') {
          control = (
            <SelectField
              label={f.label}
              options={f.options ?? []}
              value={String(form[f.key])}
              onChange={(v) => onChange(f.key, v)}
              focus={active}
              width={fieldWidth}
              labelWidth={LABEL_WIDTH}
            />
          );
        } else if (f.kind === 'toggle') {
          control = (
            <Toggle
              label={f.label}
              value={Boolean(form[f.key])}
              onChange={(v) => onChange(f.key, v)}
              focus={active}
              width={fieldWidth}
              labelWidth={LABEL_WIDTH}
            />
          );
        } else {
          // The screen's own input layer edits text fields (so keys that arrive together land in
          // the field that has focus at that moment); this only draws the line and its cursor.
          control = (
            <Text>
              <Text color={isFocused ? theme.accent : undefined} bold={isFocused}>
                {padCell(f.label, LABEL_WIDTH)}
              </Text>
              <Text> </Text>
              <LineView
                line={active && line ? line : lineAt(String(form[f.key]))}
                width={INPUT_WIDTH}
                focus={active}
                placeholder={f.placeholder}
              />
            </Text>
          );
        }
        const error = errors[f.key];
        const lines = noteLines(noteOf(f, form, notes, errors), width);
        const color =
          (error && String(form[f.key]).trim() !== '') || lines[0].startsWith('⚠') ? theme.danger : theme.dim;
        return (
          <Box key={f.key} flexDirection="column" height={lines.length}>
            <Box height={1}>
              <Text color={isFocused ? theme.accent : undefined} bold={isFocused}>
                {marker}{' '}
              </Text>
              <Box width={fieldWidth}>{control}</Box>
              <Text color={color}> {padCell(lines[0], noteWidth)}</Text>
            </Box>
            {lines.length > 1 ? (
              <Text color={color}>
                {padCell('', fieldWidth + 3)}
                {padCell(lines[1]!, noteWidth)}
              </Text>
            ) : null}
          </Box>
        );
      })}
    </Box>
  );
}
