// Command-line state for the `:` bar: history browsing and Tab completion, as pure functions.
import { lineAt, type LineState } from '../fields/lineEdit.js';

export interface CommandState {
  line: LineState;
  /** index into history while browsing (history.length = the draft) */
  historyIndex: number;
  /** the text typed before browsing started */
  draft: string;
  /** candidates of the last Tab and the one shown (for cycling), reset by any edit */
  completion?: { base: string; candidates: string[]; index: number };
}

export function initialCommand(historyLength: number, text = ''): CommandState {
  return { line: lineAt(text), historyIndex: historyLength, draft: text };
}

/** Up (-1) or down (+1) through `history` (oldest first); past the newest entry is the draft. */
export function browseHistory(state: CommandState, history: readonly string[], step: -1 | 1): CommandState {
  const index = Math.min(history.length, Math.max(0, state.historyIndex + step));
  if (index === state.historyIndex) return state;
  const draft = state.historyIndex === history.length ? state.line.text : state.draft;
  // index is within 0..history.length, and history.length is the draft
  const text = index === history.length ? draft : history[index]!;
  return { line: lineAt(text), historyIndex: index, draft, completion: undefined };
}

/** The longest common start of the strings (case-sensitive). */
export function commonPrefix(words: readonly string[]): string {
  let p = words[0];
  if (p === undefined) return '';
  for (const w of words) while (!w.startsWith(p)) p = p.slice(0, -1);
  return p;
}

/**
 * Tab: candidates are whole replacement lines from `complete(text)`. One candidate replaces the
 * line; several extend it to their common prefix, or, when that adds nothing, cycle through them
 * (step -1 for Shift-Tab).
 */
export function completeCommand(
  state: CommandState,
  complete: (text: string) => string[],
  step: 1 | -1 = 1,
): CommandState {
  const c = state.completion;
  if (c && c.candidates.length > 1) {
    const index = (c.index + step + c.candidates.length) % c.candidates.length;
    return { ...state, line: lineAt(c.candidates[index]!), completion: { ...c, index } };
  }
  const base = state.line.text;
  const candidates = complete(base);
  if (candidates.length === 0) return { ...state, completion: { base, candidates, index: -1 } };
  if (candidates.length === 1) return { ...state, line: lineAt(candidates[0]!), completion: undefined };
  const prefix = commonPrefix(candidates);
  if (prefix.length > base.length) return { ...state, line: lineAt(prefix), completion: undefined };
  const index = step === 1 ? 0 : candidates.length - 1;
  return { ...state, line: lineAt(candidates[index]!), completion: { base, candidates, index } };
}
