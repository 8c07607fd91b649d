// The keymap registry: one list of bindings drives key handling, the footer hints and the `?`
// help overlay, so the three can never disagree.
import type { Key } from 'ink';
import { displayKey, normalizeKey } from './normalizeKey.js';

export interface Binding {
  /** key names as produced by normalizeKey: 'j', 'down', 'S', 'ctrl+c', 'pageup', 'enter', 'escape', 'tab', 'shift+tab', 'space' */
  keys: readonly string[];
  command: string;
  /** 'global' or a screen id */
  scope: string;
  description: string;
  /** short footer text; bindings without one are only listed in the help overlay */
  hint?: string;
  /** how the keys read in the help overlay (e.g. "1-6"); default: the keys joined by "/" */
  label?: string;
  /** listed in the help overlay under another binding's line (e.g. up under "j/k move down / up") */
  hideInHelp?: boolean;
  /** why the binding does nothing now; the key is consumed and the reason reported */
  disabled?(): string | undefined;
  /** the action when no mounted handler carries out the command */
  run?(): void | boolean;
}

export interface Hint {
  keys: string;
  label: string;
}

export interface HelpEntry {
  keys: string;
  command: string;
  description: string;
  /** the reason it is unavailable now */
  disabled?: string;
}

export interface HelpGroup {
  title: string;
  entries: HelpEntry[];
}

export interface Keymap {
  readonly bindings: readonly Binding[];
  /** The command bound to this key press in `scope`, screen bindings before global ones. */
  match(scope: string, input: string, key: Key): string | undefined;
  /** The same lookup by key name. */
  matchName(scope: string, name: string): string | undefined;
  /** The binding itself (screen bindings before global ones). */
  bindingFor(scope: string, name: string): Binding | undefined;
  /** Reports a disabled binding's reason (set by the app; the keymap only forwards it). */
  onDisabled(reason: string): void;
  /** Footer hints: the scope's hinted bindings, then the global ones not shadowed by the scope. */
  hintsFor(scope: string): Hint[];
  /** Every binding reachable in `scope`, grouped: the scope's own, then globals (shadowed keys left out). */
  helpFor(scope: string): HelpGroup[];
}

export const GLOBAL_SCOPE = 'global';

function keysText(keys: readonly string[]): string {
  return keys.map(displayKey).join('/');
}

/** Builds the registry. Throws when one key is bound twice in the same scope. */
export function createKeymap(bindings: Binding[], onDisabled: (reason: string) => void = () => {}): Keymap {
  const byScope = new Map<string, Map<string, Binding>>();
  for (const b of bindings) {
    if (b.keys.length === 0) throw new Error(`keymap: binding "${b.command}" in ${b.scope} has no keys`);
    let table = byScope.get(b.scope);
    if (!table) byScope.set(b.scope, (table = new Map()));
    for (const k of b.keys) {
      const prior = table.get(k);
      if (prior && prior !== b) {
        throw new Error(
          `keymap: key "${k}" in scope ${b.scope} is bound to both "${prior.command}" and "${b.command}"`,
        );
      }
      table.set(k, b);
    }
  }
  const scopeKeys = (scope: string) => byScope.get(scope) ?? new Map<string, Binding>();

  function bindingFor(scope: string, name: string): Binding | undefined {
    if (name === '') return undefined;
    return (scope !== GLOBAL_SCOPE ? scopeKeys(scope).get(name) : undefined) ?? scopeKeys(GLOBAL_SCOPE).get(name);
  }
  const matchName = (scope: string, name: string) => bindingFor(scope, name)?.command;

  // A global binding stays visible with the keys the scope has not taken over.
  function visible(scope: string): Array<{ binding: Binding; keys: readonly string[] }> {
    const own =
      scope === GLOBAL_SCOPE
        ? []
        : bindings.filter((b) => b.scope === scope).map((b) => ({ binding: b, keys: b.keys }));
    const taken = scope === GLOBAL_SCOPE ? new Map() : scopeKeys(scope);
    const globals = bindings
      .filter((b) => b.scope === GLOBAL_SCOPE)
      .map((b) => ({ binding: b, keys: b.keys.filter((k) => !taken.has(k)) }))
      .filter((e) => e.keys.length > 0);
    return [...own, ...globals];
  }

  return {
    bindings,
    match: (scope, input, key) => matchName(scope, normalizeKey(input, key)),
    matchName,
    bindingFor,
    onDisabled,
    hintsFor(scope) {
      // what can be done now: a disabled key's reason is in the help, not the footer
      return visible(scope)
        .filter((e) => e.binding.hint && !e.binding.disabled?.())
        .map((e) => ({ keys: keysText(e.keys), label: e.binding.hint as string }));
    },
    helpFor(scope) {
      const entries = visible(scope)
        .filter((e) => !e.binding.hideInHelp)
        .map((e) => ({
          keys: e.binding.label ?? keysText(e.keys),
          command: e.binding.command,
          description: e.binding.description,
          disabled: e.binding.disabled?.(),
          global: e.binding.scope === GLOBAL_SCOPE,
        }));
      const strip = ({ keys, command, description, disabled }: HelpEntry) => ({
        keys,
        command,
        description,
        ...(disabled ? { disabled } : {}),
      });
      const groups: HelpGroup[] = [];
      const own = entries.filter((e) => !e.global).map(strip);
      if (own.length) groups.push({ title: scope, entries: own });
      const globals = entries.filter((e) => e.global).map(strip);
      if (globals.length) groups.push({ title: 'global', entries: globals });
      return groups;
    },
  };
}
