// Keys while a Swap field is being edited. The field owns the keyboard: printable keys edit it (or
// are swallowed on a select or toggle), so `q` or `1` never quits or switches screens. Tab/Down and
// Shift-Tab/Up move between fields (or through a token field's suggestions), Enter picks the
// suggestion or stops editing keeping the text, Esc stops editing and restores the field's value from
// before the edit.
import { applyLineKey, type LineState } from '../../components/fields/lineEdit.js';
import { normalizeKey, useKeyLayer } from '../../components/keys/index.js';
import type { FieldDef } from './fields.js';

export interface FormKeyActions {
  editing(): boolean;
  field(): FieldDef;
  /** suggestions shown for the focused token field */
  suggestionCount(): number;
  moveSuggestion(by: 1 | -1): void;
  pickSuggestion(): void;
  move(by: 1 | -1): void;
  stopEditing(): void;
  /** Esc: the focused field gets back its value from before this edit, and editing stops */
  cancelEditing(): void;
  /** the focused text field's line, and setting it (text changes go to the form) */
  line(): LineState;
  setLine(line: LineState): void;
}

const SELECT_KEYS = new Set(['left', 'right', 'h', 'l', 'space']);

export function useFormKeys(a: FormKeyActions, active: boolean): void {
  useKeyLayer(
    'input',
    (input, key) => {
      if (!a.editing()) return false;
      const name = normalizeKey(input, key);
      if (name === 'ctrl+c') return false;
      const f = a.field();
      if (f.kind === 'toggle' && (name === 'enter' || name === 'space')) return false;
      if (f.kind === 'select' && SELECT_KEYS.has(name)) return false;
      const suggesting = f.kind === 'token' && a.suggestionCount() > 0;
      switch (name) {
        case 'up':
          if (suggesting) a.moveSuggestion(-1);
          else a.move(-1);
          return true;
        case 'down':
          if (suggesting) a.moveSuggestion(1);
          else a.move(1);
          return true;
        case 'tab':
          if (suggesting) a.pickSuggestion();
          a.move(1);
          return true;
        case 'shift+tab':
          a.move(-1);
          return true;
        case 'enter':
          if (suggesting) {
            a.pickSuggestion();
            a.move(1);
          } else a.stopEditing();
          return true;
        case 'escape':
          a.cancelEditing();
          return true;
      }
      // Text fields edit here; nothing else leaks out of a field (q never quits, 1 never switches).
      if (f.kind === 'text' || f.kind === 'token') {
        const next = applyLineKey(a.line(), name, input);
        if (next) a.setLine(next);
      }
      return true;
    },
    active,
  );
}
