// The `:` command bar of the shell: whether it is open, the lines typed before (newest last), the
// completion of the word under the cursor as whole replacement lines, and running a line through
// the command registry.
import { useRef } from 'react';
import { useRefState } from '../../components/base/useRefState.js';
import type { CommandRegistry } from './commands.js';
import type { CommandContext } from '../shared/types.js';

export function useCommandBar(commands: CommandRegistry, context: () => CommandContext) {
  const [open, setOpen] = useRefState(false);
  const history = useRef<string[]>([]);
  return {
    open,
    setOpen,
    history: history.current,
    // The registry completes the word under the cursor; the bar wants whole replacement lines.
    complete: (text: string): string[] => {
      const { prefix, candidates } = commands.complete(text, context());
      return candidates.map((c) => prefix + c + (candidates.length === 1 ? ' ' : ''));
    },
    submit: (text: string) => {
      setOpen(false);
      history.current = [...history.current.filter((h) => h !== text), text].slice(-50);
      void commands.run(text, context());
    },
  };
}
