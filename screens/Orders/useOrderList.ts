// The Orders screen's list: the store's slice it shows, the rows of the list on screen (from its
// entry in ORDER_LISTS, the marked ones starred) and the one list view over them.
import { useMemo } from 'react';
import { useStore } from 'zustand';
import { useShallow } from 'zustand/shallow';
import { useListView } from '../../components/list/useListView.js';
import { standingOf } from '../../src/orders/standing/checker.js';
import type { Services } from '../../src/services/index.js';
import { slotOf, type OrdersStore } from '../../src/orders/store.js';
import { useCatalog, useFlash, useNow } from '../shared/context.js';
import { withMarks } from './keyLine.js';
import { readMintFilter } from './mintFilter.js';
import { ORDER_LISTS, type Row } from './orderLists.js';
import { vaultListOf } from './vault.js';

const getKey = (r: Row) => r.key;

export function useOrderList(s: Services, store: OrdersStore) {
  const flash = useFlash();
  const now = useNow();
  const latest = useCatalog((c) => c.latest);
  const standing = useStore(standingOf(s).store, (c) => c.orders);
  const st = useStore(
    store,
    useShallow((o) => {
      const slot = slotOf(o.tab, o.view);
      return {
        tab: o.tab,
        view: o.view,
        page: o.pages[slot],
        snap: o.lists[slot],
        filter: o.filter,
        includeFailed: o.includeFailed,
        flipped: o.flipped,
        selected: o.selected,
        detail: o.detail,
        marked: o.marked,
        cancelFee: o.cancelFee,
        formOpen: o.formOpen,
        formKind: o.form?.kind,
      };
    }),
  );
  const { tab, view, snap, flipped, filter, marked } = st;
  const vault = useStore(vaultListOf(s), (c) => c.readings[view]);
  const list = ORDER_LISTS[tab];
  // a list whose times move by the minute is made again when a minute passes, not at every tick
  const at = list.byMinute ? Math.floor(now / 60_000) * 60_000 : now;
  const plain = useMemo(
    () => list.rows({ s, view, snap, at, flipped, latest, standing, vault, filter }),
    [list, s, view, snap, at, flipped, latest, standing, vault, filter],
  );
  const rows = useMemo(() => withMarks(plain, marked), [plain, marked]);
  const o = () => store.getState();
  const turnPage = (by: 1 | -1) => {
    const slot = slotOf(o().tab, o().view);
    const cur = o().pages[slot];
    const total = o().lists[slot]?.totalPages ?? 1;
    const next = Math.min(Math.max(1, total), Math.max(1, cur + by));
    if (next === cur) return flash('info', `page ${cur}/${total}: ${by > 0 ? 'the last' : 'the first'} page`);
    o().setPage(slot, next);
  };
  const listView = useListView({
    rows,
    getKey,
    selectedKey: st.selected,
    select: (key) => o().select(key),
    turnPage,
    filter: {
      text: filter?.text ?? '',
      set: (text) => {
        try {
          o().setFilter(readMintFilter(text, s));
        } catch (e) {
          flash('error', e instanceof Error ? e.message : String(e));
        }
      },
    },
    sort: { explain: () => flash('info', "orders come in the service's order: newest first") },
    detail: { shown: st.detail, show: (on) => o().setDetail(on) },
    back: [
      'detail',
      () => Boolean(o().notice) && (o().setNotice(undefined), true),
      () => Boolean(o().outcome || o().batches) && (o().setOutcome(undefined), o().setBatches(undefined), true),
      () => o().marked.length > 0 && (o().clearMarks(), true),
      'filter',
    ],
  });
  return { st, now, latest, list, vault, view: listView };
}
