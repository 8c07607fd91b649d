// The Tokens list: the store's slice it shows, its columns, and the one list view (the watchlist
// built, then filtered by the words typed and sorted by the chosen column).
import { useMemo } from 'react';
import { useStore } from 'zustand';
import { asciiCharts } from '../../components/chart/Chart.js';
import { useListView } from '../../components/list/useListView.js';
import { useTheme } from '../../components/base/theme.js';
import { usePick } from '../../components/base/usePick.js';
import { listKey, type TokensState } from '../../src/store/index.js';
import type { Flash, ScreenProps } from '../shared/types.js';
import { SORT_CYCLE, tokenColumns } from './columns.js';
import { DETAIL_OPEN } from './keys.js';
import { buildRows, filterTokenRows, type TokenRow } from './rows.js';

const getKey = (r: TokenRow) => r.mint;

export function useTokenList(
  { store, width }: Pick<ScreenProps<TokensState>, 'store' | 'width'>,
  flash: Flash,
  pageSize: () => number,
) {
  const theme = useTheme();
  const st = usePick(store, [
    'category',
    'interval',
    'limit',
    'latest',
    'history',
    'changed',
    'starred',
    'starredOnly',
    'sortColumn',
    'sortDir',
    'filter',
    'selected',
    'detail',
  ]);
  const list = useStore(store, (s) => s.lists[listKey(s)]);
  const { latest, history, changed, starred, starredOnly, interval } = st;
  const columns = useMemo(() => tokenColumns(theme, width, asciiCharts(theme), interval), [theme, width, interval]);
  // built apart from the filter and the sort: a sort key or a letter of the filter does not build a
  // watchlist of hundreds of rows again
  const built = useMemo(
    () => buildRows({ tokens: list?.tokens, latest, history, changed, starred, starredOnly, interval }),
    [list, latest, history, changed, starred, starredOnly, interval],
  );
  const t = () => store.getState();
  const view = useListView({
    rows: built,
    getKey,
    selectedKey: st.selected,
    select: (mint) => t().select(mint),
    pageSize,
    filter: { text: st.filter, set: (text) => t().setFilter(text), live: true, match: filterTokenRows },
    sort: {
      by: { column: columns.find((c) => c.id === st.sortColumn), dir: st.sortDir },
      next: () => {
        const i = SORT_CYCLE.findIndex((c) => c.id === t().sortColumn);
        const next = SORT_CYCLE[(i + 1) % SORT_CYCLE.length]!;
        t().setSort(next.id, next.dir);
      },
      reverse: () => t().setSort(t().sortColumn, t().sortDir === 'asc' ? 'desc' : 'asc'),
    },
    detail: { shown: st.detail, show: (on) => t().setDetail(on) },
    // while the detail covers the list, keys that would change it say so instead
    behindDetail: () => flash('info', DETAIL_OPEN),
    back: ['detail', 'filter', () => t().starredOnly && (t().setStarredOnly(false), true)],
  });
  return { st: { ...st, list }, columns, view };
}
