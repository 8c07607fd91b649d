// Editing the fields of a form: nothing is edited on arrival; start() opens the focused text field
// (Enter or e), and from then on every key goes to it (q, 1, n never leak out) until Enter closes it
// keeping what was typed, or Esc closes it putting back the value from before the edit. Tab/Down and
// Shift-Tab/Up keep the edit, move to the next field and go on editing there. A toggle is flipped
// instead of edited.
import { applyLineKey, lineAt, type LineState } from '../fields/lineEdit.js';
import { normalizeKey, useKeyLayer } from '../keys/index.js';
import { useRefState } from '../base/useRefState.js';
import { useEditStart } from './useEditStart.js';
import type { FieldDef } from './FormLines.js';

/** The footer line while a field is edited (every form says the same). */
export const EDITING_HELP = 'editing: Enter keeps · Esc restores · Tab/↑↓ next field · keys go here';

export interface FormEditingOptions {
  fields(): readonly FieldDef<string>[];
  focus(): string;
  setFocus(key: string): void;
  valueOf(key: string): string | boolean;
  setValue(key: string, value: string | boolean): void;
  /** receives keys (false while an action runs) */
  active: boolean;
}

export interface FormEditing {
  editing(): boolean;
  /** the edited line (cursor included), while editing */
  line(): LineState | null;
  /** Enter or e on the focused field: edit it, or flip a toggle */
  start(): void;
  stop(): void;
  /** moves the focus by `by` fields, or to the first or last */
  move(by: number | 'top' | 'bottom'): void;
}

export function useFormEditing(o: FormEditingOptions): FormEditing {
  const [editing, setEditing] = useRefState(false);
  const [line, setLine] = useRefState<LineState | null>(null);
  const start = useEditStart(o.valueOf, o.setValue);
  const move = (by: number | 'top' | 'bottom') => {
    const fs = o.fields();
    const i = Math.max(
      0,
      fs.findIndex((f) => f.key === o.focus()),
    );
    const to = by === 'top' ? 0 : by === 'bottom' ? fs.length - 1 : Math.min(fs.length - 1, Math.max(0, i + by));
    const target = fs[to];
    if (!target) return;
    o.setFocus(target.key);
    setLine(null);
    if (editing()) start.begin(target.key);
  };
  const stop = () => {
    setEditing(false);
    setLine(null);
    start.clear();
  };
  const cancel = () => {
    start.restore(o.focus());
    stop();
  };
  useKeyLayer(
    'input',
    (input, key) => {
      if (!editing()) return false;
      const name = normalizeKey(input, key);
      if (name === 'ctrl+c') return false;
      if (name === 'enter') return (stop(), true);
      if (name === 'escape') return (cancel(), true);
      if (name === 'tab' || name === 'down') return (move(1), true);
      if (name === 'shift+tab' || name === 'up') return (move(-1), true);
      const k = o.focus();
      if (o.fields().find((f) => f.key === k)?.kind !== 'text') return true;
      const next = applyLineKey(line() ?? lineAt(String(o.valueOf(k))), name, input);
      if (next) {
        setLine(next);
        o.setValue(k, next.text);
      }
      return true;
    },
    o.active,
  );
  return {
    editing,
    line,
    start: () => {
      const f = o.fields().find((x) => x.key === o.focus());
      if (!f) return;
      if (f.kind === 'toggle') return o.setValue(f.key, !o.valueOf(f.key));
      setLine(lineAt(String(o.valueOf(f.key))));
      start.begin(f.key);
      setEditing(true);
    },
    stop,
    move,
  };
}
