// What covers every screen when opened from any of them (the journal with J, the notifications
// with N): one module each (screens/<Name>/index.ts), listed in screens/index.ts beside the tabs.
// An overlay owns the keys while it is open: its keymap holds its own keys and the list keys it
// takes from the global ones, and that one keymap drives its handlers, its footer and its `?` help.
import type { ReactNode } from 'react';
import {
  createKeymap,
  useCommands,
  type Binding,
  type CommandAction,
  type Keymap,
} from '../../components/keys/index.js';
import type { Services } from '../../src/services/index.js';
import { GLOBAL_KEYS } from './keys.js';

export interface OverlayKey {
  keys: readonly string[];
  help: string;
  hint?: string;
  label?: string;
}

/** The global keys an overlay may take: the list keys and `?`. */
export type OverlayListCommand = 'down' | 'up' | 'top' | 'bottom' | 'pageDown' | 'pageUp' | 'open' | 'back' | 'help';

export interface OverlayKeys<C extends string> {
  scope: string;
  keymap: Keymap;
  /** the commands the overlay's Component must carry out (its own and the list keys it takes) */
  commands: readonly C[];
}

/** The keymap of an overlay: the list keys it takes (as the global keys declare them), then its own. */
export function overlayKeys<const L extends OverlayListCommand, const Own extends Readonly<Record<string, OverlayKey>>>(
  scope: string,
  list: readonly L[],
  own: Own,
): OverlayKeys<L | Extract<keyof Own, string>> {
  const binding = (command: string, k: OverlayKey & { hideInHelp?: boolean }): Binding => ({
    keys: k.keys,
    command,
    scope,
    description: k.help,
    ...(k.hint ? { hint: k.hint } : {}),
    ...(k.label ? { label: k.label } : {}),
    ...(k.hideInHelp ? { hideInHelp: true } : {}),
  });
  const taken = list.map((command) => binding(command, GLOBAL_KEYS[command]));
  const mine = Object.entries(own).map(([command, k]) => binding(command, k));
  return {
    scope,
    // `?` last, as the shell's footer keeps it
    keymap: createKeymap([
      ...taken.filter((b) => b.command !== 'help'),
      ...mine,
      ...taken.filter((b) => b.command === 'help'),
    ]),
    commands: [...list, ...(Object.keys(own) as Array<Extract<keyof Own, string>>)],
  };
}

/**
 * Carries out an overlay's keys in the modal layer (nothing below it sees a key while it is open):
 * a handler for each of its commands, checked by the compiler.
 */
export function useOverlayKeys<C extends string>(keys: OverlayKeys<C>, handlers: Record<C, CommandAction>): void {
  useCommands(keys.keymap, keys.scope, handlers, 'modal');
}

/** The footer of an overlay: its hinted keys. */
export function overlayHints(keys: OverlayKeys<string>): string {
  return keys.keymap
    .hintsFor(keys.scope)
    .map((h) => `${h.keys} ${h.label}`)
    .join(' · ');
}

export interface OverlayProps {
  s: Services;
  width: number;
  height: number;
  now: number;
}

export interface OverlayModule {
  id: string;
  title: string;
  isOpen(services: Services): boolean;
  /** its store's changes (open, closed) */
  subscribe(services: Services, listener: () => void): () => void;
  Component(props: OverlayProps): ReactNode;
}
