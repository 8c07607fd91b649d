// The `:` command bar's state and keys: editing, history (up/down), Tab completion of command
// names and arguments, Enter runs, Esc closes. Its input layer is always registered and reads its
// state through a ref, so characters typed in the same read as ':' already land in the bar.
import { useRef } from 'react';
import { applyLineKey, emptyLine, lineAt, type LineState } from '../../components/fields/lineEdit.js';
import { normalizeKey, useKeyLayer } from '../../components/keys/index.js';
import { useRefState } from '../../components/useRefState.js';
import { commonPrefix, completeCommandLine, runCommandLine, type CommandContext } from '../commands.js';

export interface CommandBarState {
  line: LineState;
  /** candidates of the last Tab, shown beside the line */
  candidates: string[];
  /** which candidate the last Tab put in, for cycling */
  cycle?: { prefix: string; index: number };
}

export interface CommandBar {
  state: CommandBarState | null;
  open(): void;
}

const HISTORY_MAX = 50;

export function useCommandBar(context: () => CommandContext): CommandBar {
  const [state, setState] = useRefState<CommandBarState | null>(null);
  const history = useRef<string[]>([]);
  const browsing = useRef<number>(-1);

  const complete = (s: CommandBarState): CommandBarState => {
    const text = s.line.text;
    if (s.cycle && s.candidates.length > 1 && text === s.cycle.prefix + s.candidates[s.cycle.index]) {
      const index = (s.cycle.index + 1) % s.candidates.length;
      return { ...s, line: lineAt(s.cycle.prefix + s.candidates[index]), cycle: { prefix: s.cycle.prefix, index } };
    }
    const { prefix, candidates } = completeCommandLine(text, context());
    if (candidates.length === 0) return { ...s, candidates: [], cycle: undefined };
    if (candidates.length === 1) return { line: lineAt(prefix + candidates[0] + ' '), candidates: [], cycle: undefined };
    const partial = text.slice(prefix.length);
    const common = commonPrefix(candidates);
    if (common.length > partial.length) return { line: lineAt(prefix + common), candidates, cycle: undefined };
    return { line: lineAt(prefix + candidates[0]), candidates, cycle: { prefix, index: 0 } };
  };

  useKeyLayer('input', (input, key) => {
    const s = state();
    if (!s) return false;
    const name = normalizeKey(input, key);
    if (name === 'ctrl+c') return false;
    if (name === 'escape') return setState(null), true;
    if (name === 'enter') {
      const text = s.line.text.trim();
      setState(null);
      browsing.current = -1;
      if (text) {
        history.current = [...history.current.filter((h) => h !== text), text].slice(-HISTORY_MAX);
        void runCommandLine(text, context());
      }
      return true;
    }
    if (name === 'tab') return setState(complete(s)), true;
    if (name === 'up' || name === 'down') {
      const h = history.current;
      if (h.length === 0) return true;
      let i = browsing.current === -1 ? h.length : browsing.current;
      i = name === 'up' ? Math.max(0, i - 1) : i + 1;
      if (i >= h.length) {
        browsing.current = -1;
        setState({ line: emptyLine, candidates: [] });
      } else {
        browsing.current = i;
        setState({ line: lineAt(h[i]), candidates: [] });
      }
      return true;
    }
    if (name === 'backspace' && s.line.text === '') return setState(null), true;
    const next = applyLineKey(s.line, name, input);
    if (next) setState({ line: next, candidates: [], cycle: undefined });
    return true;
  });

  return {
    state: state(),
    open: () => {
      browsing.current = -1;
      setState({ line: emptyLine, candidates: [] });
    },
  };
}
