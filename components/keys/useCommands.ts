// Binds keymap commands to functions: the registry decides which key means which command, so
// the handler, the footer hints and the help overlay all read the same bindings.
import type { Key } from 'ink';
import type { KeyLayer } from './dispatcher.js';
import type { Keymap } from './keymap.js';
import { useKeyLayer } from './KeyRouter.js';

/** A command's action; returning false leaves the key unconsumed (e.g. nothing to act on). */
export type CommandAction = (input: string, key: Key) => void | boolean;

/** Runs `actions[command]` for keys the keymap maps to a command in `scope`; other keys pass on. */
export function useCommands(
  keymap: Keymap,
  scope: string,
  actions: Partial<Record<string, CommandAction>>,
  layer: KeyLayer = 'screen',
  active = true,
): void {
  useKeyLayer(
    layer,
    (input, key) => {
      const command = keymap.match(scope, input, key);
      const action = command === undefined ? undefined : actions[command];
      if (!action) return false;
      return action(input, key) !== false;
    },
    active,
  );
}
