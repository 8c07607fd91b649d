// Typed navigation between screens: a screen asks another to show something (Tokens' s opens Swap
// on the token, Enter on an alert opens the Orders form on a limit order typed out); the receiving
// screen takes what was asked once, when it is shown. Both ends are checked by the compiler: an
// intent names its screen and carries that screen's payload, and nothing is read back with a cast.
import { useEffect, useRef } from 'react';
import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { SessionStore } from '../../src/store/session.js';
import type { SwapForm } from '../../src/store/swap.js';

export type Intent =
  /** Swap, on these token fields (the amount left to type) */
  | { to: 'swap'; form: Partial<SwapForm> }
  /** the Orders new-order form, on this limit order typed out (`2 SOL @150 USDC`: checked and edited there; nothing is sent unasked) */
  | { to: 'orders'; line: string };

export type IntentTarget = Intent['to'];
export type IntentFor<T extends IntentTarget> = Extract<Intent, { to: T }>;

interface IntentsState {
  pending: { [T in IntentTarget]?: IntentFor<T> };
}

export interface Navigator {
  /** leaves `intent` for its screen and shows that screen */
  go(intent: Intent): void;
  readonly store: StoreApi<IntentsState>;
}

export function createNavigator(session: SessionStore): Navigator {
  const store = createStore<IntentsState>()(() => ({ pending: {} }));
  return {
    store,
    go(intent) {
      store.setState({ pending: { ...store.getState().pending, [intent.to]: intent } });
      session.getState().setScreen(intent.to);
    },
  };
}

/** Takes, once, what another screen asked of screen `to` (on mount, and whenever asked again while shown). */
export function useIntent<T extends IntentTarget>(
  navigator: Navigator,
  to: T,
  take: (intent: IntentFor<T>) => void,
): void {
  const pending = useStore(navigator.store, (s) => s.pending[to]);
  const takeRef = useRef(take);
  takeRef.current = take;
  useEffect(() => {
    if (!pending) return;
    const { [to]: _taken, ...rest } = navigator.store.getState().pending;
    navigator.store.setState({ pending: rest });
    takeRef.current(pending);
  }, [pending, navigator, to]);
}
