// What a screen is: one typed module per tab (screens/<Name>/index.ts), registered once in
// screens/index.ts. The shell derives the tab bar, key dispatch, command bar, help overlay, footer
// hints and polling from these modules, so adding a screen never touches the shell.
import type { ReactNode } from 'react';
import type { StoreApi } from 'zustand/vanilla';
import type { ToastKind } from '../../components/chrome/Toasts.js';
import type { Services } from '../../src/services/index.js';
import type { SessionState } from '../../src/store/session.js';

export type Flash = (kind: ToastKind, text: string) => void;

/** What a key, a command or a resource of a screen can reach. */
export interface ScreenContext<S> {
  store: StoreApi<S>;
  services: Services;
  flash: Flash;
}

export interface ScreenKey<S> {
  /** key names as normalizeKey produces them: 'x', 'X', 'enter', 'ctrl+r', 'pagedown' */
  keys: readonly string[];
  /** one line for the `?` overlay */
  help: string;
  /** a short footer word; keys without one are listed only in the `?` overlay */
  hint?: string;
  /** the keys as the `?` overlay shows them (a pair on one line: 'w/W') */
  label?: string;
  /** the second of a pair: listed in the `?` overlay on its partner's line */
  hideInHelp?: boolean;
  /** why the key does nothing now (shown as a flash line and greyed in the overlay) */
  disabled?(ctx: ScreenContext<S>): string | undefined;
  /** the action, when it needs nothing of the Component's render */
  run?(ctx: ScreenContext<S>): void | boolean;
  /**
   * Without `run`: which part of the Component carries it out (useScreenKeys with this `part`);
   * 'screen' when not given. A part that is shown only sometimes (Orders' new-order form) has its
   * own handlers, so each set of handlers is checked whole by the compiler.
   */
  by?: string;
}

/** A screen's keys, by command name (the order is the `?` overlay's). */
export type ScreenKeys<S> = Readonly<Record<string, ScreenKey<S>>>;

/**
 * Declares a screen's keys keeping each command's name and shape in the type, so the handlers the
 * Component gives (useScreenKeys) are checked against them: `screenKeys<OrdersState>()({ ... })`.
 */
export function screenKeys<S>() {
  return <const K extends ScreenKeys<S>>(keys: K): K => keys;
}

export interface CommandContext {
  services: Services;
  flash: Flash;
  screens: ReadonlyArray<{ id: string; title: string; key: string }>;
  /** the visible screen's id */
  screen: string;
  goto(screenId: string): void;
  quit(): void;
  /** the commands of the registry (for :help) */
  commands(): ReadonlyArray<{ name: string; usage: string; help: string }>;
  /** opens the overlay listing every command with its usage, or only the one named */
  showCommands(name?: string): void;
}

export interface ScreenCommand<S> {
  /** a lower-case word: letters, digits, '-' */
  name: string;
  /** e.g. "swap <amount> <from> <to>" */
  usage: string;
  help: string;
  /** candidates for the argument at `index` (0 = first argument) */
  complete?(index: number, partial: string, ctx: CommandContext & { store: StoreApi<S> }): string[];
  /** throws CommandError (or any Error) with a message naming what is wrong */
  run(args: string[], ctx: CommandContext & { store: StoreApi<S> }): void | Promise<void>;
}

/**
 * Something a screen polls. `params` reads the screen's store and the services; undefined means
 * nothing to poll now (an incomplete form). Each distinct `key(params)` is one scheduler resource.
 */
export interface ScreenResource<S, P = unknown, T = unknown> {
  id: string;
  intervalMs: number;
  /** also polled while another screen is visible (e.g. open orders, for fill notifications) */
  background?: boolean;
  /**
   * kept after the screen's other resources: a follower that shows nothing (fills told as
   * notifications), so the footer's age and the header's pace stay those of the list on screen
   */
  behind?: true;
  /**
   * false: not a request to the service's API (an RPC read, a local file), so outside its request
   * budget: always at its own interval. Otherwise the budget paces it (screens/shell/polling.tsx).
   */
  paced?: false;
  /** wait this long after params change before polling them (typing "1.5" asks once, not three times) */
  settleMs?: number;
  /** polled again at once when this value changes (e.g. a transaction was sent, or one signed here ended) */
  refreshWhen?(state: S, session: SessionState): unknown;
  params(ctx: ScreenContext<S>): P | undefined;
  /** a store beyond the screen's own and the catalog whose changes `params` also reads */
  also?(services: Services): { subscribe(listener: () => void): () => void };
  key(params: P): string;
  fetch(params: P, signal: AbortSignal, ctx: ScreenContext<S>): Promise<T>;
  apply(params: P, data: T, at: number, ctx: ScreenContext<S>): void;
}

export interface ScreenProps<S> {
  store: StoreApi<S>;
  services: Services;
  width: number;
  height: number;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the registry holds screens of every state type
export interface ScreenModule<S = any> {
  id: string;
  title: string;
  /** the key that reaches it: '1'..'9' */
  key: string;
  /** the screen shows a list (now, when a function: not while a detail or form covers it): the footer offers filter, sort and detail */
  list?: boolean | ((state: S) => boolean);
  createStore(services: Services): StoreApi<S>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each resource has its own params and data
  resources: ScreenResource<S, any, any>[];
  keys: ScreenKeys<S>;
  commands: ScreenCommand<S>[];
  Component(props: ScreenProps<S>): ReactNode;
}

/** A screen module with its store, built once per dashboard. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the registry holds screens of every state type
export interface MountedScreen<S = any> {
  module: ScreenModule<S>;
  store: StoreApi<S>;
}
