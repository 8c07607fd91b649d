// The Orders screen (tab 3): Limit and DCA orders, Active and History, one page of the service's
// listing at a time (PgUp/PgDn), a mint filter (f), includeFailedTx (i); Enter shows every field
// of an order, x cancels it, X cancels every open limit order, n opens the new-order form. The
// third list (t) is the standing orders kept in the state directory and fired by tradedeck
// itself (standing.ts): x cancels one locally, n makes one. The lists are the entries of
// ORDER_LISTS (orderLists.tsx). Arriving here never starts editing: only f opens a line (Enter or
// Esc closes it), and the form's fields are edited after Enter or e.
import { Box, Text } from 'ink';
import { DetailPane } from '../../components/detail/DetailPane.js';
import { padCell, wrapText } from '../../components/base/text.js';
import { useTheme } from '../../components/base/theme.js';
import { usePick } from '../../components/base/usePick.js';
import type { OrdersState } from '../../src/orders/store.js';
import { useIntent } from '../shared/intents.js';
import { useShell } from '../shared/context.js';
import { staleOrError, useResourceState } from '../shared/pollState.js';
import type { ScreenProps } from '../shared/types.js';
import { orderSections } from './detail.js';
import { valuesFromLine } from './form.js';
import { ORDERS_SCREEN } from './keys.js';
import { OrderForm } from './OrderForm.js';
import { ordersEmpty, ordersHead, ordersPanel } from './ordersText.js';
import { OrdersFoot } from './OrdersFoot.js';
import { standingSections } from './standing.js';
import { FAMILY_LINES, namesOf, vaultSections } from './vault.js';
import { useOrderList } from './useOrderList.js';
import { useOrdersKeys } from './useOrdersKeys.js';

export function OrdersScreen({ store, services: s, width, height }: ScreenProps<OrdersState>) {
  const { navigator } = useShell();
  const theme = useTheme();
  const { st, now, latest, list, vault, view } = useOrderList(s, store);
  const { tab, formOpen, formKind } = st;
  const panelState = usePick(store, ['running', 'batches', 'outcome', 'notice']);
  const { poll, paramsKey } = useResourceState(
    ORDERS_SCREEN,
    `${tab}${st.view === 'active' ? 'Active' : 'History'}`,
    staleOrError,
  );
  // A limit order typed out by another screen (Enter on a fired alert): shown in the new-order
  // form to check and edit (the amount is a placeholder), as after n; nothing is sent unasked.
  useIntent(navigator, ORDERS_SCREEN, ({ line }) => {
    const parsed = valuesFromLine(line);
    if (!parsed) return;
    store.getState().setTab(parsed.kind);
    store.getState().setView('active');
    store.getState().setDetail(false);
    store.getState().openForm(parsed.kind, parsed.values);
  });
  const editing = view.filterLine.line();
  useOrdersKeys(s, store, view, editing === null && !formOpen);

  const selected = view.selected;
  if (st.detail && selected) {
    const sections =
      selected.kind === 'standing'
        ? standingSections(s, selected, latest, now)
        : selected.kind === 'vault'
          ? vaultSections(selected, namesOf(s), now)
          : orderSections(s, selected, now);
    return (
      <Box flexDirection="column" height={height}>
        <DetailPane sections={sections} width={width} height={height} active />
      </Box>
    );
  }

  const form = formOpen && formKind ? formKind : undefined;
  const panel = editing ? [] : ordersPanel(panelState, width);
  // the selected order said whole (what a column too narrow for it left out of the table)
  const summary = selected && !form ? wrapText(selected.summary, width).slice(0, 2) : [];
  const footLines = (editing ? 2 : form ? 0 : 1) + panel.length + summary.length;
  // who holds the funds of this list's orders and when they fill, under the head (not beside a form)
  const family = form ? undefined : FAMILY_LINES[tab];
  const tableHeight = Math.max(2, height - 1 - (family ? 1 : 0) - footLines);
  const pollError = poll?.error;
  const readAt = list.source === 'reading' ? vault?.at : undefined;
  const head = ordersHead({ ...st, rows: view.rows.length, pollError, now, readAt });
  const empty = ordersEmpty({
    ...st,
    wallet: Boolean(s.wallet),
    paramsKey,
    pollError,
    read: vault !== undefined,
    readNote: vault?.vault === null ? ' (none registered)' : '',
  });
  return (
    <Box flexDirection="column" height={height} width={width}>
      <Text color={theme.accent} wrap="truncate">
        {padCell(head, width)}
      </Text>
      {family ? (
        <Text color={theme.dim} wrap="truncate">
          {padCell(family, width)}
        </Text>
      ) : null}
      <Box height={tableHeight} flexDirection="column">
        {form ? (
          <OrderForm store={store} services={s} kind={form} width={width} height={tableHeight} />
        ) : (
          <list.Table
            theme={theme}
            {...view.table}
            width={width}
            height={tableHeight}
            dim={() => list.source === 'service' && poll?.stale === true}
            emptyText={empty}
          />
        )}
      </Box>
      <OrdersFoot
        store={store}
        summary={summary}
        panel={panel}
        editing={editing}
        hintShown={!form}
        rows={view.rows.length}
        width={width}
      />
    </Box>
  );
}
