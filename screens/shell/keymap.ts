// The shell's part of the keys: the global keys' handlers (useGlobalKeys; the keys themselves are
// declared in screens/shared/keys.ts), the keys of the dialogs as the help lists them, and the one
// keymap built from these and each screen module's own keys (a key bound twice in one scope throws
// at start-up).
import {
  createKeymap,
  GLOBAL_SCOPE,
  useCommands,
  type Binding,
  type KeyHandlers,
  type Keymap,
} from '../../components/keys/index.js';
import { perMinute } from '../../src/text/format.js';
import { useShell } from '../shared/context.js';
import { GLOBAL_KEYS, type GlobalKey } from '../shared/keys.js';
import type { MountedScreen, ScreenContext, ScreenKeys, ScreenModule } from '../shared/types.js';
import { formatAge } from '../../src/text/duration.js';

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
