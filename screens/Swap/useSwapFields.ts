// The Swap form's focus and editing: which field has the focus, whether it is being edited (Esc
// puts back its value from when the edit began; Enter and Tab keep it), the edited line with its
// cursor, and a token field's suggestions while it is typed in.
import { useCallback } from 'react';
import type { StoreApi } from 'zustand/vanilla';
import { lineAt, type LineState } from '../../components/fields/lineEdit.js';
import { useEditStart } from '../../components/form/useEditStart.js';
import { useRefState } from '../../components/base/useRefState.js';
import { knownTokens } from '../../src/actions/swapFlow.js';
import { matchTokens, resolveToken } from '../../src/api/resolveToken.js';
import type { Services } from '../../src/services/index.js';
import type { SwapForm, SwapState } from '../../src/store/swap.js';
import type { FieldDef } from './fields.js';
import { useFormKeys } from './useFormKeys.js';

export function useSwapFields(
  s: Services,
  swap: StoreApi<SwapState>,
  fields: readonly FieldDef[],
  o: { height: number; keysActive: boolean },
) {
  const form = () => swap.getState().form;
  const firstEmpty = fields.find((f) => String(form()[f.key]).trim() === '')?.key;
  const [focus, setFocus] = useRefState<keyof SwapForm>(firstEmpty ?? 'amount');
  const [editing, setEditingState] = useRefState(false);
  const start = useEditStart<keyof SwapForm, string | boolean>(
    (key) => form()[key],
    (key, value) => setField(key, value),
  );
  const setEditing = useCallback(
    (on: boolean) => {
      if (on) start.begin(focus());
      else start.clear();
      setEditingState(on);
    },
    [start, focus, setEditingState],
  );
  const [suggestion, setSuggestion] = useRefState(0);
  // The edited line (cursor included) of the focused text field; re-read from the form on focus.
  const [line, setLineState] = useRefState<{ key: keyof SwapForm; line: LineState } | null>(null);
  const currentLine = (): LineState => {
    const l = line();
    return l && l.key === focus() ? l.line : lineAt(String(form()[focus()]));
  };
  const field = () => fields.find((f) => f.key === focus()) ?? fields[0]!;
  // Read at the moment of each key (several keys can arrive before the next render).
  const suggestFor = () => {
    const fd = field();
    const text = String(form()[fd.key]);
    if (!editing() || fd.kind !== 'token' || text.trim() === '') return [];
    const all = knownTokens(s);
    return resolveToken(text, all).ok ? [] : matchTokens(text, all, Math.min(6, Math.max(1, o.height - 9)));
  };
  const setField = (key: keyof SwapForm, value: string | boolean) => {
    swap.getState().setField(key, value);
    if (key === 'input' || key === 'output') setSuggestion(0);
    const l = line();
    if (l && l.key === key && l.line.text !== value) setLineState(null);
  };
  const move = (by: 1 | -1) => {
    const i = fields.findIndex((x) => x.key === focus());
    const to = fields[Math.min(fields.length - 1, Math.max(0, i + by))]!.key;
    setFocus(to);
    setSuggestion(0);
    if (editing()) start.begin(to);
  };
  useFormKeys(
    {
      editing: () => editing(),
      field,
      suggestionCount: () => suggestFor().length,
      moveSuggestion: (by) => setSuggestion(Math.min(suggestFor().length - 1, Math.max(0, suggestion() + by))),
      pickSuggestion: () => {
        const t = suggestFor()[suggestion()];
        if (!t) return;
        const sameSymbol = knownTokens(s).filter((u) => u.symbol.toLowerCase() === t.symbol.toLowerCase()).length > 1;
        setField(focus(), sameSymbol ? t.id : t.symbol);
      },
      move,
      stopEditing: () => setEditing(false),
      cancelEditing: () => {
        start.restore(focus());
        setEditing(false);
      },
      line: currentLine,
      setLine: (next) => {
        setLineState({ key: focus(), line: next });
        setField(focus(), next.text);
      },
    },
    o.keysActive,
  );
  return { focus, setFocus, editing, setEditing, move, setField, currentLine, suggestion, suggestFor };
}

export type SwapFields = ReturnType<typeof useSwapFields>;
