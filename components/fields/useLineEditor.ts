// The one inline line of the list screens (a filter, a new alert, the platforms list): opened by a
// key, it takes every key in the input layer (q, 1, n never leak out) and edits the text until
// Enter hands it on or Esc drops it. `passes` leaves some keys to the screen while it is open (the
// Tokens filter lets the arrows move the list).
import { applyLineKey, lineAt, type LineState } from './lineEdit.js';
import { normalizeKey, useKeyLayer } from '../keys/index.js';
import { useRefState } from '../base/useRefState.js';

export interface LineEditorOptions<T> {
  /** Enter: the text typed, with what the line was opened for; false keeps the line open (a mistake to correct) */
  submit(text: string, tag: T): void | boolean;
  /** Esc: after the line closed */
  cancel?(tag: T): void;
  /** after every edit */
  change?(line: LineState, tag: T): void;
  /** key names the screen keeps while the line is open */
  passes?: readonly string[];
}

export interface LineEditor<T> {
  /** opens the line with `text`, the cursor at its end, for `tag` (a line opened for one purpose only takes none) */
  open(text: string, ...tag: undefined extends T ? [tag?: T] : [tag: T]): void;
  close(): void;
  /** the line while it is open */
  line(): LineState | null;
  /** what the open line was opened for */
  tag(): T | undefined;
}

export function useLineEditor<T = undefined>(o: LineEditorOptions<T>): LineEditor<T> {
  const [state, setState] = useRefState<{ line: LineState; tag: T } | null>(null);
  useKeyLayer('input', (input, key) => {
    const open = state();
    if (!open) return false;
    const name = normalizeKey(input, key);
    if (name === 'escape') {
      setState(null);
      o.cancel?.(open.tag);
      return true;
    }
    if (name === 'enter') {
      if (o.submit(open.line.text, open.tag) !== false) setState(null);
      return true;
    }
    if (o.passes?.includes(name)) return false;
    const next = applyLineKey(open.line, name, input);
    if (next) {
      setState({ line: next, tag: open.tag });
      o.change?.(next, open.tag);
    }
    return true;
  });
  return {
    open: (text, ...tag) => setState({ line: lineAt(text), tag: tag[0] as T }),
    close: () => setState(null),
    line: () => state()?.line ?? null,
    tag: () => state()?.tag,
  };
}
