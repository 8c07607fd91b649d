// The Orders screen's own keys. Those with `run` act on the store alone; the list's are carried out
// by OrdersScreen, the new-order form's (`by: 'form'`) by OrderForm while it is open: each gives a
// handler for every key of its part (the compiler checks it).
import { signingBlocked } from '../../src/actions/run.js';
import type { OrdersState } from '../../src/orders/store.js';
import { screenKeys, type ScreenContext } from '../shared/types.js';

export const ORDERS_SCREEN = 'orders';

const signing = ({ services }: ScreenContext<OrdersState>) => signingBlocked(services, 'execute');

/** Space marks open limit orders only: why it does nothing elsewhere. */
function markDisabled(ctx: ScreenContext<OrdersState>): string | undefined {
  const st = ctx.store.getState();
  if (st.formOpen) return 'the form is open; Esc closes it';
  if (st.detail) return 'Esc closes the detail; Space marks on the list';
  if (st.tab !== 'limit')
    return `Space marks limit orders (cancelled together with X); x cancels a ${st.tab === 'dca' ? 'DCA' : st.tab === 'vault' ? 'vault' : 'standing'} order`;
  if (st.view !== 'active') return 'these orders are closed already (History)';
  return signing(ctx);
}

/** t goes round the four lists. */
const NEXT_TAB: Record<OrdersState['tab'], OrdersState['tab']> = {
  limit: 'dca',
  dca: 'standing',
  standing: 'vault',
  vault: 'limit',
};

const serviceListsOnly = (key: string) => `${key} is for the service's limit and DCA lists (t)`;

/** w and W act on a legacy DCA order only. */
function legacyOnly(ctx: ScreenContext<OrdersState>): string | undefined {
  return ctx.store.getState().tab === 'dca'
    ? signing(ctx)
    : 'w / W withdraw from a legacy price-based order (DCA list)';
}

export const ORDERS_KEYS = screenKeys<OrdersState>()({
  tab: {
    keys: ['t'],
    help: 'Limit/DCA/Standing/Vault',
    hint: 'lists',
    run: ({ store }) => store.getState().setTab(NEXT_TAB[store.getState().tab]),
  },
  history: {
    keys: ['h'],
    help: 'Active / History',
    hint: 'history',
    run: ({ store }) => store.getState().setView(store.getState().view === 'active' ? 'history' : 'active'),
  },
  mintFilter: { keys: ['f'], help: 'filter by mint or symbol', hint: 'mint' },
  failed: {
    keys: ['i'],
    help: 'show failed-tx orders too',
    hint: 'failed tx',
    disabled: ({ store }) =>
      store.getState().tab === 'standing' || store.getState().tab === 'vault' ? serviceListsOnly('i') : undefined,
    run: ({ store, flash }) => {
      const on = !store.getState().includeFailed;
      store.getState().setIncludeFailed(on);
      flash('info', on ? 'showing orders whose transaction failed too' : 'hiding orders whose transaction failed');
    },
  },
  flipPrice: {
    keys: ['p'],
    help: 'flip the limit price',
    disabled: ({ store }) =>
      store.getState().tab === 'limit' ? undefined : 'p flips the price of the limit orders (t)',
    run: ({ store }) => store.getState().setFlipped(!store.getState().flipped),
  },
  new: { keys: ['n'], help: 'new order (a form)', hint: 'new', disabled: signing },
  edit: {
    keys: ['e'],
    help: 'edit a form field',
    by: 'form',
    disabled: ({ store }) => (store.getState().formOpen ? undefined : 'n opens the new-order form first'),
  },
  submit: {
    keys: ['s'],
    help: "place the form's order",
    by: 'form',
    disabled: (ctx) => (ctx.store.getState().formOpen ? signing(ctx) : 'n opens the new-order form; s places it'),
  },
  cancel: { keys: ['x'], help: 'cancel the selected order', hint: 'cancel', disabled: signing },
  mark: { keys: ['space'], help: 'mark / unmark for X', disabled: markDisabled },
  cancelAll: {
    keys: ['X'],
    help: 'cancel marked / all limit',
    hint: 'cancel marked/all',
    disabled: (ctx) =>
      ctx.store.getState().tab === 'standing' || ctx.store.getState().tab === 'vault'
        ? `X cancels limit orders; x cancels the selected ${ctx.store.getState().tab} order`
        : signing(ctx),
  },
  withdraw: { keys: ['w'], help: 'legacy: withdraw in / out', label: 'w/W', disabled: legacyOnly },
  withdrawOut: { keys: ['W'], help: 'legacy: withdraw output', hideInHelp: true, disabled: legacyOnly },
});
