// The one keymap of the dashboard, built from the screen modules: the shell's global keys, the
// screen number keys, and each screen's own keys in its scope. A key bound twice in one scope
// throws at start-up.
import { createKeymap, GLOBAL_SCOPE, type Binding, type Keymap } from '../../components/keys/index.js';
import type { MountedScreen, ScreenContext } from './types.js';

const g = (keys: string[], command: string, description: string, hint?: string): Binding => ({ keys, command, scope: GLOBAL_SCOPE, description, hint });
/** The second of a pair, listed in the help on its partner's line. */
const pair = (b: Binding): Binding => ({ ...b, hideInHelp: true });
const labelled = (b: Binding, label: string): Binding => ({ ...b, label });

/** Global keys. Navigation commands (down, up, top, ...) are carried out by the visible screen. */
export const GLOBAL_BINDINGS: Binding[] = [
  labelled(g(['j', 'down'], 'down', 'move down / up'), 'j/k ↓/↑'),
  pair(g(['k', 'up'], 'up', 'move up')),
  labelled(g(['g', 'home'], 'top', 'top / bottom'), 'g/G'),
  pair(g(['G', 'end'], 'bottom', 'go to the bottom')),
  labelled(g(['pagedown'], 'pageDown', 'page down / up'), 'PgDn/PgUp'),
  pair(g(['pageup'], 'pageUp', 'page up')),
  g(['/'], 'filter', 'filter the list', 'filter'),
  labelled(g(['o'], 'sort', 'sort: next column / reverse', 'sort'), 'o/O'),
  pair(g(['O'], 'sortReverse', 'reverse the sort order')),
  g(['enter'], 'open', 'open the selected row', 'detail'),
  g(['escape'], 'back', 'close, clear, back out'),
  labelled(g(['tab'], 'nextScreen', 'next / previous screen'), 'Tab/S-Tab'),
  pair(g(['shift+tab'], 'prevScreen', 'previous screen')),
  g(['r'], 'refresh', 'refresh this screen now', 'refresh'),
  g(['p'], 'pause', 'pause or resume polling', 'pause'),
  // + polls more (more requests), - fewer: as on a volume knob, not as the interval's length
  labelled(g(['+'], 'faster', 'poll more / less often'), '+/-'),
  pair(g(['-'], 'slower', 'poll this screen less often')),
  g(['J'], 'journal', 'journal of signed txs', 'journal'),
  g(['N'], 'notifications', 'fills and alerts log'),
  g([':'], 'command', 'command bar (:help lists)', 'cmd'),
  g(['?'], 'help', 'this help', 'help'),
  g(['q', 'ctrl+c'], 'quit', 'quit (asks if tx in flight)', 'quit'),
];

/** Keys of the dialogs, listed in the help overlay (the dialogs handle them themselves). */
export const DIALOG_KEYS: ReadonlyArray<{ keys: string; description: string }> = [
  { keys: 'y', description: 'confirm and sign' },
  { keys: 'n/Esc', description: 'cancel: nothing is signed' },
  { keys: 'Tab', description: 'switch Cancel / Confirm' },
  { keys: 'j/k PgDn', description: 'scroll a long dialog' },
];

export function buildKeymap(screens: readonly MountedScreen[], ctx: Omit<ScreenContext<unknown>, 'store'>, onDisabled: (reason: string) => void): Keymap {
  const numbers = screens.map((m) => m.module.key);
  const goto: Binding = { ...g(numbers, 'goto', 'go to screen by number'), label: numbers.length > 1 ? `${numbers[0]}-${numbers[numbers.length - 1]}` : numbers[0] };
  const own: Binding[] = screens.flatMap(({ module, store }) =>
    module.keys.map((k) => {
      const c = { ...ctx, store };
      return {
        keys: k.keys,
        command: k.command,
        scope: module.id,
        description: k.help,
        hint: k.hint,
        ...(k.label ? { label: k.label } : {}),
        ...(k.hideInHelp ? { hideInHelp: true } : {}),
        ...(k.disabled ? { disabled: () => k.disabled!(c) } : {}),
        ...(k.run ? { run: () => k.run!(c) } : {}),
      };
    }),
  );
  return createKeymap([...own, ...GLOBAL_BINDINGS, goto], onDisabled);
}

/** Interval steps for + and -, seconds. */
export const INTERVAL_STEPS_S = [2, 3, 5, 10, 15, 30, 60, 120, 300, 600];

/** The next interval step up (+1) or down (-1) from `ms`. */
export function stepInterval(ms: number, direction: 1 | -1): number {
  const s = ms / 1000;
  if (direction > 0) return (INTERVAL_STEPS_S.find((x) => x > s) ?? INTERVAL_STEPS_S[INTERVAL_STEPS_S.length - 1]) * 1000;
  const lower = INTERVAL_STEPS_S.filter((x) => x < s);
  return (lower.length ? lower[lower.length - 1] : INTERVAL_STEPS_S[0]) * 1000;
}
