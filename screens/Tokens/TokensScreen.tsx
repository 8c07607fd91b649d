// The Tokens screen: the service's top-token lists, polled live, with sort, filter, a detail pane
// showing every field, and a persisted watchlist.
import { Box, Text } from 'ink';
import { useEffect, useRef } from 'react';
import { lineAt } from '../../components/fields/lineEdit.js';
import { PromptLine } from '../../components/fields/PromptLine.js';
import { ListTable } from '../../components/list/ListTable.js';
import { padCell } from '../../components/base/text.js';
import { useTheme } from '../../components/base/theme.js';
import { plural } from '../../src/text/format.js';
import { CATEGORY_LABELS, type TokensState } from '../../src/store/index.js';
import { useFlash, useNow } from '../shared/context.js';
import { staleOrError, useResourceState } from '../shared/pollState.js';
import type { ScreenProps } from '../shared/types.js';
import { TOKENS_SCREEN } from './keys.js';
import { TokenDetail } from './TokenDetail.js';
import { useAlertPrompt } from './useAlertPrompt.js';
import { useTokenKeys } from './useTokenKeys.js';
import { useTokenList } from './useTokenList.js';

export function TokensScreen({ store, services, width, height }: ScreenProps<TokensState>) {
  const flash = useFlash();
  const theme = useTheme();
  const { poll } = useResourceState(TOKENS_SCREEN, 'list', staleOrError);
  // only the detail view shows ages: the list does not re-render on the clock's 1 s tick
  const now = useNow((t) => (store.getState().detail ? t : 0));
  const body = useRef(0);
  const { st, columns, view } = useTokenList({ store, width }, flash, () => Math.max(1, body.current - 1));
  const { category, interval, limit, starredOnly, filter, sortColumn, sortDir, list } = st;
  useEffect(() => {
    services.session
      .getState()
      .setSubtitle(
        TOKENS_SCREEN,
        `${CATEGORY_LABELS[category]} ${interval}${limit !== 50 ? ` top ${limit}` : ''}${starredOnly ? ' ★' : ''}`,
      );
  }, [services, category, interval, limit, starredOnly]);
  const alertPrompt = useAlertPrompt(services, flash);
  useTokenKeys(store, view, alertPrompt);

  const { rows, selected } = view;
  const tableHeight = Math.max(1, height - 1);
  body.current = tableHeight - 1;
  if (st.detail && selected) {
    return (
      <Box flexDirection="column" height={height}>
        <TokenDetail row={selected} now={now} width={width} height={alertPrompt.isOpen ? height - 1 : height} />
        {alertPrompt.view(width)}
      </Box>
    );
  }
  // The last line: the filter while there is one, and always where the cursor is and the sort.
  const sortTitle = columns.find((c) => c.id === sortColumn)?.title || sortColumn;
  // the list shown (also when the tab bar has no room for it), the cursor and the sort
  const place = `${view.at}/${rows.length} · sorted by ${sortTitle === '#' ? 'rank' : sortTitle} ${sortDir === 'asc' ? '▲' : '▼'}`;
  // × in the # column: a starred token the current list no longer holds (its last data shown)
  const legend = rows.some((r) => r.rank === null) ? ' · × = not in this list' : '';
  const editing = view.filterLine.line();
  const filterShown = !alertPrompt.isOpen && (editing !== null || filter !== '');
  const dimmed = poll?.stale === true || (poll?.error !== undefined && list !== undefined);
  const empty = starredOnly
    ? 'No starred tokens here: press w on a token to star it, W to show all.'
    : filter
      ? `Nothing matches "${filter}".`
      : poll?.error !== undefined
        ? `Could not load the ${CATEGORY_LABELS[category]} list (see the footer).`
        : `Loading the ${CATEGORY_LABELS[category]} list…`;
  return (
    <Box flexDirection="column" height={height}>
      <ListTable
        view={view}
        columns={columns}
        width={width}
        height={tableHeight}
        sortColumn={sortColumn}
        sortDir={sortDir}
        marked={(r) => r.moved !== 0}
        dim={(r) => dimmed || r.dropped}
        emptyText={empty}
      />
      {alertPrompt.isOpen ? (
        alertPrompt.view(width)
      ) : filterShown ? (
        <PromptLine
          label="/"
          line={editing ?? lineAt(filter)}
          width={width}
          focus={editing !== null}
          note={`${plural(rows.length, 'match', 'matches')} · ${place}`}
        />
      ) : (
        <Text color={theme.dim}>
          {padCell(`${CATEGORY_LABELS[category]} ${interval} · ${place}${legend}`, width, 'right')}
        </Text>
      )}
    </Box>
  );
}
