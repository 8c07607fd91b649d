// Compiled by `tsc --noEmit` (npm test runs it first), never run: each @ts-expect-error below must
// stay an error, or tsc fails with "Unused '@ts-expect-error' directive". It proves that a screen's
// key cannot lose its handler silently: a key declared without a handler, a handler renamed away
// from its key, a misspelt global command and a handler for a key that runs itself do not compile.
import type { KeyHandlers } from '../../components/keys/index.js';
import { GLOBAL_KEYS, useScreenKeys, type ScreenHandlers } from '../../screens/shared/keys.js';
import { screenKeys } from '../../screens/shared/types.js';
import { ORDERS_KEYS } from '../../screens/Orders/keys.js';

interface State {
  n: number;
}

const KEYS = screenKeys<State>()({
  cancel: { keys: ['x'], help: 'cancel' },
  edit: { keys: ['e'], help: 'edit', by: 'form' },
  count: { keys: ['c'], help: 'count', run: ({ store }) => void store.getState().n },
});

const ok = () => {};

export function Screen(): void {
  // every key of the part has its handler; global screen commands are optional
  useScreenKeys({ scope: 's', keys: KEYS }, { cancel: ok, down: ok, back: ok });
  useScreenKeys({ scope: 's', keys: KEYS, part: 'form' }, { edit: ok });

  // @ts-expect-error a key declared without its handler
  useScreenKeys({ scope: 's', keys: KEYS }, { down: ok });
  // @ts-expect-error a handler renamed away from its key (cancel has none, cancelOne names no key)
  useScreenKeys({ scope: 's', keys: KEYS }, { cancelOne: ok });
  // @ts-expect-error a misspelt global command
  useScreenKeys({ scope: 's', keys: KEYS }, { cancel: ok, sortRevrese: ok });
  // @ts-expect-error a key with its own `run` takes no handler
  useScreenKeys({ scope: 's', keys: KEYS }, { cancel: ok, count: ok });
  // @ts-expect-error the form's key is not the screen's to handle
  useScreenKeys({ scope: 's', keys: KEYS }, { cancel: ok, edit: ok });
  const wide: Readonly<Record<string, { keys: string[]; help: string }>> = {};
  // @ts-expect-error keys that lost their names (a plain record) are refused: they would let any handler through
  useScreenKeys({ scope: 's', keys: wide }, { anything: ok });
}

// The real screens: the Orders list and its form each owe exactly their own keys.
export const ordersList: KeyHandlers<typeof ORDERS_KEYS> = {
  mintFilter: ok,
  new: ok,
  cancel: ok,
  mark: ok,
  cancelAll: ok,
  withdraw: ok,
  withdrawOut: ok,
};
export const ordersForm: KeyHandlers<typeof ORDERS_KEYS, 'form'> = { edit: ok, submit: ok };
// @ts-expect-error the list owes cancel
export const ordersListShort: KeyHandlers<typeof ORDERS_KEYS> = {
  mintFilter: ok,
  new: ok,
  mark: ok,
  cancelAll: ok,
  withdraw: ok,
  withdrawOut: ok,
};
// The shell owes a handler for every global key it carries out, and none for the screens' moving keys.
// @ts-expect-error `down` is carried out by the visible screen
export const shellDown: Partial<KeyHandlers<typeof GLOBAL_KEYS, 'shell'>> = { down: ok };
export const screenDown: ScreenHandlers<Record<never, never>> = { down: ok, open: ok };
