// Binds keymap commands to functions: the registry decides which key means which command, so
// the handler, the footer hints and the help overlay all read the same bindings.
import type { Key } from 'ink';
import type { KeyLayer } from './dispatcher.js';
import type { Keymap } from './keymap.js';
import { normalizeKey } from './normalizeKey.js';
import { useKeyLayer } from './KeyRouter.js';

/** A command's action; returning false leaves the key unconsumed (e.g. nothing to act on). */
export type CommandAction = (input: string, key: Key) => void | boolean;

/**
 * Runs `actions[command]` (or the binding's own `run`) for keys the keymap maps to a command in
 * `scope`; a binding that says it is disabled consumes the key and reports why; other keys pass on.
 */
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
      const binding = keymap.bindingFor(scope, normalizeKey(input, key));
      if (!binding) return false;
      const action = actions[binding.command] ?? (binding.run ? () => binding.run!() : undefined);
      if (!action) return false;
      const reason = binding.disabled?.();
      if (reason) {
        keymap.onDisabled(reason);
        return true;
      }
      return action(input, key) !== false;
    },
    active,
  );
}
