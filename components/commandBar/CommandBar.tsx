// The `:` command line: editing, history, Tab completion. Holds an 'input' key layer while shown.
import { Text } from 'ink';
import { normalizeKey } from '../keys/normalizeKey.js';
import { useKeyLayer } from '../keys/KeyRouter.js';
import { browseHistory, completeCommand, initialCommand, type CommandState } from './commandLine.js';
import { applyLineKey } from '../fields/lineEdit.js';
import { LineView } from '../fields/LineView.js';
import { textWidth, truncate } from '../base/text.js';
import { useTheme } from '../base/theme.js';
import { useRefState } from '../base/useRefState.js';

export interface CommandBarProps {
  /** earlier commands, oldest first (Up shows the newest) */
  history: readonly string[];
  /** whole-line candidates for Tab, e.g. "swa" -> ["swap "]; absent = no completion */
  complete?: (text: string) => string[];
  onSubmit: (text: string) => void;
  onCancel: () => void;
  width: number;
  prompt?: string;
  /** text to start with */
  initial?: string;
  /** receives keys while true (default true) */
  active?: boolean;
}

/**
 * One line ":text"; Enter submits the trimmed text (an empty line cancels), Esc cancels,
 * Up/Down browse history, Tab/Shift-Tab complete. Every printable key is consumed here, so
 * letters such as q never reach screen or global keys; unknown control keys are swallowed too.
 */
export function CommandBar({
  history,
  complete,
  onSubmit,
  onCancel,
  width,
  prompt = ':',
  initial = '',
  active = true,
}: CommandBarProps) {
  const theme = useTheme();
  const [state, setState] = useRefState<CommandState>(() => initialCommand(history.length, initial));

  useKeyLayer(
    'input',
    (input, key) => {
      const s = state();
      const name = normalizeKey(input, key);
      if (name === 'ctrl+c') return false;
      if (name === 'escape') {
        onCancel();
      } else if (name === 'enter') {
        const text = s.line.text.trim();
        if (text === '') onCancel();
        else onSubmit(text);
      } else if (name === 'up' || name === 'down') {
        setState(browseHistory(s, history, name === 'up' ? -1 : 1));
      } else if ((name === 'tab' || name === 'shift+tab') && complete) {
        setState(completeCommand(s, complete, name === 'tab' ? 1 : -1));
      } else {
        const line = applyLineKey(s.line, name, input);
        if (line) setState({ ...s, line, completion: undefined, historyIndex: history.length, draft: line.text });
      }
      return true;
    },
    active,
  );

  const s = state();
  const c = s.completion;
  const hint = c
    ? c.candidates.length === 0
      ? '  (no match)'
      : `  ${c.index + 1}/${c.candidates.length}: ${c.candidates.join('  ')}`
    : '';
  const room = Math.max(1, width - textWidth(prompt));
  const textRoom = Math.max(1, Math.min(room, Math.max(s.line.text.length + 1, room - textWidth(hint))));
  const hintRoom = Math.max(0, room - textRoom);
  return (
    <Text wrap="truncate">
      <Text color={theme.accent} bold>
        {prompt}
      </Text>
      <LineView line={s.line} width={textRoom} focus={active} />
      <Text color={theme.dim}>{truncate(hint, hintRoom)}</Text>
    </Text>
  );
}
