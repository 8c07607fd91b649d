// The Tokens screen: the service's top-token lists, polled live, with sort, filter, a detail pane
// showing every field, and a persisted watchlist.
import { Box, Text } from 'ink';
import { useEffect, useMemo, useRef } from 'react';
import { lineAt } from '../../components/fields/lineEdit.js';
import { LineView } from '../../components/fields/LineView.js';
import { useLineEditor } from '../../components/fields/useLineEditor.js';
import { useListCursor } from '../../components/list/useListCursor.js';
import { sortRows, Table } from '../../components/Table.js';
import { padCell } from '../../components/text.js';
import { useTheme } from '../../components/theme.js';
import { useStore } from 'zustand';
import { NATIVE_MINT, USDC_MINT } from '../../src/api/mints.js';
import { plural } from '../../src/format.js';
import { CATEGORY_LABELS, listKey, type TokensState } from '../../src/store/index.js';
import { useFlash, useNow, useShell } from '../shell/context.js';
import { useScreenKeys } from '../shell/keymap.js';
import { staleOrError, useResourceState } from '../shell/polling.js';
import type { ScreenProps } from '../shell/types.js';
import { SORT_CYCLE, tokenColumns } from './columns.js';
import { TokenDetail } from './TokenDetail.js';
import { asciiCharts } from '../../components/Chart.js';
import { buildRows, filterTokenRows, type TokenRow } from './rows.js';
import { useAlertPrompt } from './useAlertPrompt.js';
import { DETAIL_OPEN, TOKENS_KEYS, TOKENS_SCREEN } from './keys.js';

const getKey = (r: TokenRow) => r.mint;

export function TokensScreen({ store, services, width, height }: ScreenProps<TokensState>) {
  const flash = useFlash();
  const { navigator } = useShell();
  const theme = useTheme();
  const { poll } = useResourceState(TOKENS_SCREEN, 'list', staleOrError);
  // only the detail view shows ages: the list does not re-render on the clock's 1 s tick
  const now = useNow((t) => (store.getState().detail ? t : 0));
  const useTokens = <U,>(selector: (s: TokensState) => U): U => useStore(store, selector);

  const category = useTokens((s) => s.category);
  const interval = useTokens((s) => s.interval);
  const list = useTokens((s) => s.lists[listKey(s)]);
  const latest = useTokens((s) => s.latest);
  const history = useTokens((s) => s.history);
  const changed = useTokens((s) => s.changed);
  const starred = useTokens((s) => s.starred);
  const starredOnly = useTokens((s) => s.starredOnly);
  const sortColumn = useTokens((s) => s.sortColumn);
  const sortDir = useTokens((s) => s.sortDir);
  const filter = useTokens((s) => s.filter);
  const selected = useTokens((s) => s.selected);
  const detail = useTokens((s) => s.detail);

  const limit = useTokens((s) => s.limit);
  useEffect(() => {
    services.session
      .getState()
      .setSubtitle(
        TOKENS_SCREEN,
        `${CATEGORY_LABELS[category]} ${interval}${limit !== 50 ? ` top ${limit}` : ''}${starredOnly ? ' ★' : ''}`,
      );
  }, [services, category, interval, limit, starredOnly]);

  const columns = useMemo(() => tokenColumns(theme, width, asciiCharts(theme), interval), [theme, width, interval]);
  // built, filtered and sorted apart: a sort key or a letter of the filter does not build a
  // watchlist of hundreds of rows again
  const built = useMemo(
    () => buildRows({ tokens: list?.tokens, latest, history, changed, starred, starredOnly, interval }),
    [list, latest, history, changed, starred, starredOnly, interval],
  );
  const filtered = useMemo(() => filterTokenRows(built, filter), [built, filter]);
  const rows = useMemo(() => {
    const column = columns.find((c) => c.id === sortColumn);
    return column ? sortRows(filtered, column, sortDir) : filtered;
  }, [filtered, columns, sortColumn, sortDir]);

  const t = () => store.getState();
  const body = useRef(0);
  const cursor = useListCursor({
    rows,
    selectedKey: selected,
    getKey,
    select: (mint) => t().select(mint),
    pageSize: () => Math.max(1, body.current - 1),
  });
  const selectedRow = cursor.selected;

  // The filter line: while editing, an input layer takes every printable key (the arrows still move the list).
  const filterLine = useLineEditor({
    submit: () => {},
    cancel: () => t().setFilter(''),
    change: (line) => t().setFilter(line.text),
    passes: ['up', 'down', 'pageup', 'pagedown'],
  });

  // A symbol other tokens share would be ambiguous in a form or a typed line: the mint never is.
  const tokenWord = (row: TokenRow) => {
    const shared =
      Object.values(t().latest).filter((x) => x.symbol.toLowerCase() === row.symbol.toLowerCase()).length > 1;
    return !row.symbol || shared ? row.mint : row.symbol;
  };
  const alertPrompt = useAlertPrompt(services, flash);
  // s and S open Swap with the selected token on the side bought or sold (the detail's token too).
  const trade = (side: 'buy' | 'sell') => {
    const row = cursor.current();
    if (!row) return false;
    const token = tokenWord(row);
    const other = side === 'buy' ? 'SOL' : 'USDC';
    const same = token.toLowerCase() === other.toLowerCase() || row.mint === (side === 'buy' ? NATIVE_MINT : USDC_MINT);
    const counter = same ? (side === 'buy' ? 'USDC' : 'SOL') : other;
    navigator.go({
      to: 'swap',
      form:
        side === 'buy'
          ? { input: counter, output: token, amount: '', mode: 'ExactIn' }
          : { input: token, output: counter, amount: '', mode: 'ExactIn' },
    });
  };
  // While the detail covers the list, keys that would change the list say so instead.
  const listOnly = (fn: () => void | boolean) => () => {
    if (t().detail) return flash('info', DETAIL_OPEN);
    return fn();
  };
  useScreenKeys(
    { scope: TOKENS_SCREEN, keys: TOKENS_KEYS },
    {
      ...cursor.keys,
      filter: listOnly(() => filterLine.open(t().filter)),
      sort: listOnly(() => {
        const i = SORT_CYCLE.findIndex((c) => c.id === t().sortColumn);
        const nextSort = SORT_CYCLE[(i + 1) % SORT_CYCLE.length]!;
        t().setSort(nextSort.id, nextSort.dir);
      }),
      sortReverse: listOnly(() => t().setSort(t().sortColumn, t().sortDir === 'asc' ? 'desc' : 'asc')),
      open: () => cursor.open(() => t().setDetail(true)),
      back: () => {
        if (t().detail) return t().setDetail(false);
        if (t().filter) return t().setFilter('');
        if (t().starredOnly) return t().setStarredOnly(false);
        return false;
      },
      buy: () => trade('buy'),
      alert: () => {
        const row = cursor.current();
        if (!row) return false;
        alertPrompt.open(tokenWord(row));
      },
      sell: () => trade('sell'),
      star: () => {
        const row = cursor.current();
        if (!row) return false;
        const on = t().toggleStar(row.mint);
        flash('success', `${on ? 'starred' : 'unstarred'} ${row.symbol || row.mint}`);
      },
    },
  );

  const filterShown = !alertPrompt.isOpen && (filterLine.line() !== null || filter !== '');
  // The last line: the filter while there is one, and always where the cursor is and the sort.
  const tableHeight = Math.max(1, height - 1);
  const at = selectedRow ? rows.indexOf(selectedRow) + 1 : 0;
  const sortTitle = columns.find((c) => c.id === sortColumn)?.title || sortColumn;
  // the list shown (also when the tab bar has no room for it), the cursor and the sort
  const place = `${at}/${rows.length} · sorted by ${sortTitle === '#' ? 'rank' : sortTitle} ${sortDir === 'asc' ? '▲' : '▼'}`;
  // × in the # column: a starred token the current list no longer holds (its last data shown)
  const legend = rows.some((r) => r.rank === null) ? ' · × = not in this list' : '';
  const position = `${CATEGORY_LABELS[category]} ${interval} · ${place}${legend}`;
  const matchText = `${plural(rows.length, 'match', 'matches')} · ${place}`;
  body.current = tableHeight - 1;
  const dimmed = poll?.stale === true || (poll?.error !== undefined && list !== undefined);

  if (detail && selectedRow) {
    return (
      <Box flexDirection="column" height={height}>
        <TokenDetail row={selectedRow} now={now} width={width} height={alertPrompt.isOpen ? height - 1 : height} />
        {alertPrompt.view(width)}
      </Box>
    );
  }

  const empty = starredOnly
    ? 'No starred tokens here: press w on a token to star it, W to show all.'
    : filter
      ? `Nothing matches "${filter}".`
      : poll?.error !== undefined
        ? `Could not load the ${CATEGORY_LABELS[category]} list (see the footer).`
        : `Loading the ${CATEGORY_LABELS[category]} list…`;

  return (
    <Box flexDirection="column" height={height}>
      <Box height={tableHeight} flexDirection="column">
        <Table
          columns={columns}
          rows={rows}
          getKey={getKey}
          selectedKey={selectedRow?.mint}
          width={width}
          height={tableHeight}
          sortColumn={sortColumn}
          sortDir={sortDir}
          marked={(r) => r.moved !== 0}
          dim={(r) => dimmed || r.dropped}
          emptyText={empty}
        />
      </Box>
      {alertPrompt.isOpen ? (
        alertPrompt.view(width)
      ) : filterShown ? (
        <Box>
          <Text color={theme.accent}>/</Text>
          <LineView
            line={filterLine.line() ?? lineAt(filter)}
            width={Math.max(1, width - 2 - Math.min(44, matchText.length))}
            focus={filterLine.line() !== null}
          />
          <Text color={theme.dim}>{padCell(` ${matchText}`, Math.min(45, matchText.length + 1), 'right')}</Text>
        </Box>
      ) : (
        <Text color={theme.dim}>{padCell(position, width, 'right')}</Text>
      )}
    </Box>
  );
}
