// The keys of the whole dashboard in one place: the global keys with their handlers
// (useGlobalKeys), the keys of the dialogs as the help lists them, and the one keymap built from
// these and each screen module's own keys (a key bound twice in one scope throws at start-up).
// Screens carry out their keys through useScreenKeys, whose handlers are checked by the compiler
// against the keys they declare.
import {
  createKeymap,
  GLOBAL_SCOPE,
  useCommands,
  type Binding,
  type CommandAction,
  type CommandsOf,
  type KeyHandlers,
  type Keymap,
} from '../../components/keys/index.js';
import { perMinute } from '../../src/text/format.js';
import { useShell } from './context.js';
import type { MountedScreen, ScreenContext, ScreenKeys, ScreenModule } from './types.js';
import { formatAge } from '../../src/text/duration.js';

interface GlobalKey {
  keys: readonly string[];
  help: string;
  hint?: string;
  /** how the keys read in the help overlay (e.g. "j/k ↓/↑") */
  label?: string;
  /** the second of a pair, listed in the help on its partner's line */
  hideInHelp?: boolean;
  /** 'screen': the visible screen carries it out (moving, opening, filtering); 'shell': useGlobalKeys */
  by: 'screen' | 'shell';
}

const globalKeys = <const K extends Readonly<Record<string, GlobalKey>>>(keys: K): K => keys;

/** Global keys, in the help overlay's order. */
export const GLOBAL_KEYS = globalKeys({
  down: { keys: ['j', 'down'], help: 'move down / up', label: 'j/k ↓/↑', by: 'screen' },
  up: { keys: ['k', 'up'], help: 'move up', hideInHelp: true, by: 'screen' },
  top: { keys: ['g', 'home'], help: 'top / bottom', label: 'g/G', by: 'screen' },
  bottom: { keys: ['G', 'end'], help: 'go to the bottom', hideInHelp: true, by: 'screen' },
  pageDown: { keys: ['pagedown'], help: 'page down / up', label: 'PgDn/PgUp', by: 'screen' },
  pageUp: { keys: ['pageup'], help: 'page up', hideInHelp: true, by: 'screen' },
  filter: { keys: ['/'], help: 'filter the list', hint: 'filter', by: 'screen' },
  sort: { keys: ['o'], help: 'sort: next column / reverse', hint: 'sort', label: 'o/O', by: 'screen' },
  sortReverse: { keys: ['O'], help: 'reverse the sort order', hideInHelp: true, by: 'screen' },
  open: { keys: ['enter'], help: 'open the selected row', hint: 'detail', by: 'screen' },
  back: { keys: ['escape'], help: 'close, clear, back out', by: 'screen' },
  nextScreen: { keys: ['tab'], help: 'next / previous screen', label: 'Tab/S-Tab', by: 'shell' },
  prevScreen: { keys: ['shift+tab'], help: 'previous screen', hideInHelp: true, by: 'shell' },
  refresh: { keys: ['r'], help: 'refresh this screen now', hint: 'refresh', by: 'shell' },
  pause: { keys: ['p'], help: 'pause or resume polling', hint: 'pause', by: 'shell' },
  // + polls more (more requests), - fewer: as on a volume knob, not as the interval's length
  faster: { keys: ['+'], help: 'poll more / less often', label: '+/-', by: 'shell' },
  slower: { keys: ['-'], help: 'poll this screen less often', hideInHelp: true, by: 'shell' },
  journal: { keys: ['J'], help: 'journal of signed txs', hint: 'journal', by: 'shell' },
  notifications: { keys: ['N'], help: 'fills and alerts log', by: 'shell' },
  command: { keys: [':'], help: 'command bar (:help lists)', hint: 'cmd', by: 'shell' },
  help: { keys: ['?'], help: 'this help', hint: 'help', by: 'shell' },
  quit: { keys: ['q', 'ctrl+c'], help: 'quit (asks if tx in flight)', hint: 'quit', by: 'shell' },
  // the keys are the screens' numbers (buildKeymap)
  goto: { keys: [], help: 'go to screen by number', by: 'shell' },
});

/** The global commands the visible screen carries out (moving, opening, filtering, sorting, backing out). */
export type ScreenCommand = CommandsOf<typeof GLOBAL_KEYS, 'screen'>;

/** Keys of the dialogs, listed in the help overlay (the dialogs handle them themselves). */
export const DIALOG_KEYS: ReadonlyArray<{ keys: string; description: string }> = [
  { keys: 'y', description: 'confirm and sign' },
  { keys: 'n/Esc', description: 'cancel: nothing is signed' },
  { keys: 'Tab', description: 'switch Cancel / Confirm' },
  { keys: 'j/k PgDn', description: 'scroll a long dialog' },
];

export function buildKeymap(
  screens: readonly MountedScreen[],
  ctx: Omit<ScreenContext<unknown>, 'store'>,
  onDisabled: (reason: string) => void,
): Keymap {
  const numbers = screens.map((m) => m.module.key);
  const globals: Binding[] = Object.entries(GLOBAL_KEYS as Readonly<Record<string, GlobalKey>>).map(([command, k]) => ({
    keys: command === 'goto' ? numbers : k.keys,
    command,
    scope: GLOBAL_SCOPE,
    description: k.help,
    hint: k.hint,
    ...(command === 'goto'
      ? { label: numbers.length > 1 ? `${numbers[0]}-${numbers[numbers.length - 1]}` : numbers[0] }
      : k.label
        ? { label: k.label }
        : {}),
    ...(k.hideInHelp ? { hideInHelp: true } : {}),
  }));
  const own: Binding[] = screens.flatMap(({ module, store }) =>
    Object.entries(module.keys as ScreenKeys<unknown>).map(([command, k]) => {
      const c = { ...ctx, store };
      return {
        keys: k.keys,
        command,
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
  return createKeymap([...own, ...globals], onDisabled);
}

/** The handlers a screen's Component (or one `part` of it) gives for its keys: one per declared key, and any of the global screen commands. */
export type ScreenHandlers<Keys, Part extends string = 'screen'> = KeyHandlers<Keys, Part> &
  Partial<Record<ScreenCommand, CommandAction>>;

/**
 * Carries out a screen's keys while `active`: every key of `keys` that `part` carries out needs its
 * handler here (the compiler says which is missing or named after no key); the global screen
 * commands (down, open, back, ...) are optional: a screen that has no use for one lets it pass.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any screen's keys, whatever its state type
export function useScreenKeys<Keys extends ScreenKeys<any>, Part extends string = 'screen'>(
  // keys typed as a plain record (not declared with screenKeys) would let any handler through
  on: {
    scope: string;
    keys: string extends keyof Keys ? 'declare the keys with screenKeys<S>()({ ... })' : Keys;
    part?: Part;
    active?: boolean;
  },
  handlers: ScreenHandlers<Keys, Part>,
): void {
  const { keymap } = useShell();
  useCommands(keymap, on.scope, handlers, 'screen', on.active ?? true);
}

/** What the global keys do to the shell's own state. */
export interface ShellKeyActions {
  screens: readonly ScreenModule[];
  goto(screenId: string): void;
  quit(): void;
  openCommandBar(): void;
  openHelp(): void;
}

/** Carries out the global keys (every one of GLOBAL_KEYS the shell handles). */
export function useGlobalKeys(a: ShellKeyActions): void {
  const { services, keymap, flash } = useShell();
  const { session, scheduler } = services;
  const shift = (by: number) => {
    const i = a.screens.findIndex((m) => m.id === session.getState().screen);
    a.goto(a.screens[(i + by + a.screens.length) % a.screens.length]!.id);
  };
  const changeInterval = (direction: 1 | -1) => {
    const s = session.getState();
    const keys = s.resources[s.screen] ?? [];
    if (keys.length === 0) {
      flash('info', 'this screen polls nothing');
      return;
    }
    const current = s.intervals[s.screen] ?? scheduler.state(keys[0]!)?.intervalMs ?? 10_000;
    const next = stepInterval(current, direction);
    s.setInterval(s.screen, next);
    const rpm =
      scheduler.requestsPerMinute() +
      keys.filter((k) => scheduler.isActive(k)).length * (60_000 / next - 60_000 / current);
    // what the account allows a minute, once the service's rate-limit headers said it
    const allowed = s.budget ? Math.round((s.budget.limit * 60_000) / s.budget.windowMs) : 60;
    const over = rpm > allowed * 0.85;
    flash(
      over ? 'error' : 'info',
      `${s.screen} every ${formatAge(next)} (${perMinute(rpm)} in all${over ? `; the ${s.budget ? 'account' : 'service'} allows about ${allowed}` : ''})`,
    );
  };
  const handlers: KeyHandlers<typeof GLOBAL_KEYS, 'shell'> = {
    goto: (input) => {
      const m = a.screens.find((x) => x.key === input);
      if (!m) return false;
      a.goto(m.id);
    },
    nextScreen: () => shift(1),
    prevScreen: () => shift(-1),
    refresh: () => {
      for (const k of session.getState().resources[session.getState().screen] ?? []) scheduler.refresh(k);
    },
    pause: () => {
      const on = !scheduler.isPaused();
      if (on) scheduler.pause();
      else scheduler.resume();
      session.getState().setPaused(on);
      flash('info', on ? 'polling paused (p resumes, r refreshes once)' : 'polling resumed');
    },
    slower: () => changeInterval(1),
    faster: () => changeInterval(-1),
    journal: () => services.journalView.getState().setOpen(true),
    notifications: () => services.notifications.getState().setOpen(true),
    command: () => a.openCommandBar(),
    help: () => a.openHelp(),
    quit: () => a.quit(),
  };
  useCommands(keymap, GLOBAL_SCOPE, handlers, 'global');
}

/** Interval steps for + and -, seconds. */
export const INTERVAL_STEPS_S = [2, 3, 5, 10, 15, 30, 60, 120, 300, 600] as const;

/** The next interval step up (+1) or down (-1) from `ms`. */
export function stepInterval(ms: number, direction: 1 | -1): number {
  const s = ms / 1000;
  if (direction > 0)
    return (INTERVAL_STEPS_S.find((x) => x > s) ?? INTERVAL_STEPS_S[INTERVAL_STEPS_S.length - 1]!) * 1000;
  const lower = INTERVAL_STEPS_S.filter((x) => x < s);
  return (lower.length ? lower[lower.length - 1]! : INTERVAL_STEPS_S[0]) * 1000;
}
