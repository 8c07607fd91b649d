// Binds keymap commands to functions: the registry decides which key means which command, so
// the handler, the footer hints and the help overlay all read the same bindings. The types below
// tie a set of declared keys to the handlers a component must give for them, so a key declared
// without its handler, or a handler named after no key, does not compile.
import type { Key } from 'ink';
import type { KeyLayer } from './dispatcher.js';
import type { Keymap } from './keymap.js';
import { normalizeKey } from './normalizeKey.js';
import { useKeyLayer } from './KeyRouter.js';

/** A command's action; returning false leaves the key unconsumed (e.g. nothing to act on). */
export type CommandAction = (input: string, key: Key) => void | boolean;

/**
 * Who carries out a declared key: nobody else when it has its own `run`; otherwise the part named
 * by its `by`, or 'screen' (the screen's Component) when it names none.
 */
type PartOf<K> = K extends { run: unknown } ? never : K extends { by: infer B extends string } ? B : 'screen';

/**
 * The handlers `part` must give for a set of declared keys (a record keyed by command): exactly
 * one per key that part carries out.
 */
export type KeyHandlers<Keys, Part extends string = 'screen'> = {
  [
    C in keyof Keys as [PartOf<Keys[C]>] extends [never] ? never : PartOf<Keys[C]> extends Part ? C : never
  ]: CommandAction;
};

/** The commands of a set of declared keys that `part` carries out. */
export type CommandsOf<Keys, Part extends string> = keyof KeyHandlers<Keys, Part>;

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
