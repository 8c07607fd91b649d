// The keymap registry: one list of bindings drives key handling, the footer hints and the `?`
// help overlay, so the three can never disagree.
import type { Key } from 'ink';
import { displayKey, normalizeKey } from './normalizeKey.js';

export interface Binding {
  /** key names as produced by normalizeKey: 'j', 'down', 'S', 'ctrl+c', 'pageup', 'enter', 'escape', 'tab', 'shift+tab', 'space' */
  keys: string[];
  command: string;
  /** 'global' or a screen id */
  scope: string;
  description: string;
  /** short footer text; bindings without one are only listed in the help overlay */
  hint?: string;
}

export interface Hint {
  keys: string;
  label: string;
}

export interface HelpEntry {
  keys: string;
  command: string;
  description: string;
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
  /** Footer hints: the scope's hinted bindings, then the global ones not shadowed by the scope. */
  hintsFor(scope: string): Hint[];
  /** Every binding reachable in `scope`, grouped: the scope's own, then globals (shadowed keys left out). */
  helpFor(scope: string): HelpGroup[];
}

export const GLOBAL_SCOPE = 'global';

function keysText(keys: string[]): string {
  return keys.map(displayKey).join('/');
}

/** Builds the registry. Throws when one key is bound twice in the same scope. */
export function createKeymap(bindings: Binding[]): Keymap {
  const byScope = new Map<string, Map<string, Binding>>();
  for (const b of bindings) {
    if (b.keys.length === 0) throw new Error(`keymap: binding "${b.command}" in ${b.scope} has no keys`);
    let table = byScope.get(b.scope);
    if (!table) byScope.set(b.scope, (table = new Map()));
    for (const k of b.keys) {
      const prior = table.get(k);
      if (prior && prior !== b) {
        throw new Error(`keymap: key "${k}" in scope ${b.scope} is bound to both "${prior.command}" and "${b.command}"`);
      }
      table.set(k, b);
    }
  }
  const scopeKeys = (scope: string) => byScope.get(scope) ?? new Map<string, Binding>();

  function matchName(scope: string, name: string): string | undefined {
    if (name === '') return undefined;
    return (scope !== GLOBAL_SCOPE ? scopeKeys(scope).get(name) : undefined)?.command ?? scopeKeys(GLOBAL_SCOPE).get(name)?.command;
  }

  // A global binding stays visible with the keys the scope has not taken over.
  function visible(scope: string): Array<{ binding: Binding; keys: string[] }> {
    const own = scope === GLOBAL_SCOPE ? [] : bindings.filter((b) => b.scope === scope).map((b) => ({ binding: b, keys: b.keys }));
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
    hintsFor(scope) {
      return visible(scope)
        .filter((e) => e.binding.hint)
        .map((e) => ({ keys: keysText(e.keys), label: e.binding.hint as string }));
    },
    helpFor(scope) {
      const entries = visible(scope).map((e) => ({
        keys: keysText(e.keys),
        command: e.binding.command,
        description: e.binding.description,
        global: e.binding.scope === GLOBAL_SCOPE,
      }));
      const strip = ({ keys, command, description }: HelpEntry) => ({ keys, command, description });
      const groups: HelpGroup[] = [];
      const own = entries.filter((e) => !e.global).map(strip);
      if (own.length) groups.push({ title: scope, entries: own });
      const globals = entries.filter((e) => e.global).map(strip);
      if (globals.length) groups.push({ title: 'global', entries: globals });
      return groups;
    },
  };
}
