// The Orders screen's own keys on its lists: x cancels the selected order (a standing one here, a
// service one through a signed cancel), Space marks open limit orders and X cancels the marked
// ones or all, w/W withdraw from a legacy DCA order, f filters by mint, n opens the form.
import type { ListView } from '../../components/list/useListView.js';
import { cancelAllLimits, cancelLimitOrders } from '../../src/actions/orderCancelBatches.js';
import { cancelOne, withdrawLegacy } from '../../src/actions/orderFlow.js';
import type { Services } from '../../src/services/index.js';
import type { OrdersStore } from '../../src/orders/store.js';
import { useFlash } from '../shared/context.js';
import { useScreenKeys } from '../shared/keys.js';
import { ORDERS_KEYS, ORDERS_SCREEN } from './keys.js';
import type { Row } from './orderLists.js';
import { anyOrderOf } from './rows.js';
import { cancelStandingOnScreen } from './standing.js';
import { cancelVaultOnScreen } from './vault.js';

export function useOrdersKeys(s: Services, store: OrdersStore, view: ListView<Row>, active: boolean): void {
  const flash = useFlash();
  const st = () => store.getState();
  const failed = (e: unknown) => flash('error', String(e instanceof Error ? e.message : e));
  const withdraw = (side: 'In' | 'Out') => {
    const row = view.cursor.current();
    if (!row || row.kind !== 'legacy' || st().tab !== 'dca')
      return flash('info', 'w / W withdraw from a legacy price-based order; select one on the DCA tab');
    void withdrawLegacy(s, store, anyOrderOf(row), side).catch(failed);
  };
  useScreenKeys(
    { scope: ORDERS_SCREEN, keys: ORDERS_KEYS, active },
    {
      ...view.keys,
      mintFilter: view.keys.filter,
      // on the vault's list the form is the standing orders' one, its custody the vault
      new: () => {
        const tab = st().tab;
        if (tab === 'vault') st().openForm('standing', { custody: 'vault' });
        else st().openForm(tab);
      },
      cancel: () => {
        const row = view.cursor.current();
        if (!row) return flash('info', 'no order selected');
        if (st().view === 'history') return flash('info', 'this order is closed already (History)');
        if (row.kind === 'standing') return void cancelStandingOnScreen(s, store, [row.key]);
        if (row.kind === 'vault') return void cancelVaultOnScreen(s, store, row);
        void cancelOne(s, store, anyOrderOf(row)).catch(failed);
      },
      mark: () => {
        const row = view.cursor.current();
        if (!row || row.kind !== 'limit') return flash('info', 'no limit order selected');
        st().toggleMark(row.order);
        view.keys.down();
      },
      cancelAll: () => {
        const tab = st().tab;
        if (tab === 'standing' || tab === 'vault')
          return flash('info', `X cancels limit orders; x cancels the selected ${tab} order`);
        const chosen = st().marked;
        if (chosen.length > 0) return void cancelLimitOrders(s, store, chosen).catch(failed);
        const open = st().lists['limit/active'];
        const count = open && open.totalPages <= 1 ? open.trigger.length : undefined;
        void cancelAllLimits(s, store, count).catch(failed);
      },
      withdraw: () => withdraw('In'),
      withdrawOut: () => withdraw('Out'),
    },
  );
}
