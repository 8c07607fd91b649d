// The Orders screen (tab 3): Limit and DCA orders, Active and History, one page of the service's
// listing at a time (PgUp/PgDn), a mint filter (f), includeFailedTx (i); Enter shows every field
// of an order, x cancels it, X cancels every open limit order, n opens the new-order form. The
// third list (t) is the standing orders kept in the state directory and fired by tradedeck
// itself (standing.ts): x cancels one locally, n makes one. Arriving
// here never starts editing: only f opens a line (Enter or Esc closes it), and the form's fields
// are edited after Enter or e.
import { Box, Text } from 'ink';
import { useMemo, type ReactElement } from 'react';
import { useStore } from 'zustand';
import { DetailPane } from '../../components/DetailPane.js';
import { LineView } from '../../components/fields/LineView.js';
import { useLineEditor } from '../../components/fields/useLineEditor.js';
import { useListCursor } from '../../components/list/useListCursor.js';
import { progressBar } from '../../components/ProgressBar.js';
import { Table } from '../../components/Table.js';
import { padCell, wrapText } from '../../components/text.js';
import { useTheme } from '../../components/theme.js';
import { cancelOne, withdrawLegacy } from '../../src/actions/ordersFlow.js';
import { cancelAllLimits, cancelLimitOrders } from '../../src/actions/ordersCancel.js';
import { batchTally } from '../../src/orders/batches.js';
import { resolveOrderToken } from '../../src/actions/ordersInput.js';
import { formatAge } from '../../src/format.js';
import { slotOf, type OrdersState } from '../../src/store/orders.js';
import { useCatalog, useFlash, useNow, useShell } from '../shell/context.js';
import { useIntent } from '../shell/intents.js';
import { useScreenKeys } from '../shell/keymap.js';
import { staleOrError, useResourceState } from '../shell/polling.js';
import type { ScreenProps } from '../shell/types.js';
import { dcaColumns, limitColumns, standingColumns } from './columns.js';
import { standingOf } from '../../src/orders/standing/checker.js';
import { cancelStandingOnScreen, standingRowsOf, standingSections, type StandingRow } from './standing.js';
import {
  cancelVaultOnScreen,
  FAMILY_LINES,
  namesOf,
  vaultColumns,
  vaultListOf,
  vaultRowsOf,
  vaultSections,
  type VaultRow,
} from './vault.js';
import { valuesFromLine } from './form.js';
import { OrderForm } from './OrderForm.js';
import { ordersKeyLine, withMarks } from './keyLine.js';
import { orderSections } from './detail.js';
import { ORDERS_KEYS, ORDERS_SCREEN } from './keys.js';
import { anyOrderOf, printable, rowsOf, type DcaRow, type LimitRow, type OrderRow } from './rows.js';

type Row = OrderRow | StandingRow | VaultRow;
const TAB_NAMES = { limit: 'Limit', dca: 'DCA', standing: 'Standing', vault: 'Vault' } as const;
const getKey = (r: Row) => r.key;

export function OrdersScreen({ store, services: s, width, height }: ScreenProps<OrdersState>) {
  const { keymap, navigator } = useShell();
  const flash = useFlash();
  const theme = useTheme();
  const now = useNow();
  const latest = useCatalog((st) => st.latest);
  const use = <U,>(sel: (st: OrdersState) => U): U => useStore(store, sel);
  const tab = use((st) => st.tab);
  const view = use((st) => st.view);
  const slot = slotOf(tab, view);
  const page = use((st) => st.pages[slot]);
  const snap = use((st) => st.lists[slot]);
  const filter = use((st) => st.filter);
  const includeFailed = use((st) => st.includeFailed);
  const flipped = use((st) => st.flipped);
  const selected = use((st) => st.selected);
  const detail = use((st) => st.detail);
  const running = use((st) => st.running);
  const batches = use((st) => st.batches);
  const outcome = use((st) => st.outcome);
  const notice = use((st) => st.notice);
  const formOpen = use((st) => st.formOpen);
  const formKind = use((st) => st.form?.kind);
  const marked = use((st) => st.marked);
  const cancelFee = use((st) => st.cancelFee);
  const standing = useStore(standingOf(s).store, (st) => st.orders);
  const standingTab = tab === 'standing';
  const vaultTab = tab === 'vault';
  const vaultReading = useStore(vaultListOf(s), (st) => st.readings[view]);
  // the lists kept by tradedeck or read apart from the service's paged lists
  const ownList = standingTab || vaultTab;
  const { poll, paramsKey } = useResourceState(
    ORDERS_SCREEN,
    `${tab}${view === 'active' ? 'Active' : 'History'}`,
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

  // the standing list's times move by the minute (their expiries are days away): its hundreds of
  // rows are made again when a minute passes, not at every tick of the clock
  const minute = Math.floor(now / 60_000) * 60_000;
  const serviceRows = useMemo(
    (): Row[] => (ownList ? [] : rowsOf(s, tab as 'limit' | 'dca', view, snap, now, flipped)),
    [s, tab, view, snap, now, flipped, latest, ownList], // eslint-disable-line react-hooks/exhaustive-deps -- the rows read the catalog under s, which changes when latest does
  );
  const standingRows = useMemo(
    (): Row[] =>
      standingTab ? standingRowsOf(s, standing, view, latest, minute, filter?.mint ?? filter?.outputMint) : [],
    [s, view, latest, standing, standingTab, filter, minute],
  );
  const vaultRows = useMemo(
    (): Row[] => (vaultTab ? vaultRowsOf(vaultReading, namesOf(s), minute) : []),
    [s, vaultTab, vaultReading, minute, latest], // eslint-disable-line react-hooks/exhaustive-deps -- the names read the catalog under s, which changes when latest does
  );
  const plainRows = standingTab ? standingRows : vaultTab ? vaultRows : serviceRows;
  const rows = useMemo(
    (): Row[] => (ownList ? plainRows : withMarks(plainRows as OrderRow[], marked)),
    [plainRows, marked, ownList],
  );
  const cursor = useListCursor({ rows, selectedKey: selected, getKey, select: (key) => store.getState().select(key) });
  const selectedRow = cursor.selected;
  const limitCols = useMemo(() => limitColumns(theme), [theme]);
  const dcaCols = useMemo(() => dcaColumns(), []);
  const standingCols = useMemo(() => standingColumns(theme), [theme]);
  const vaultCols = useMemo(() => vaultColumns(), []);
  const st = () => store.getState();

  // f: "SOL" (sold), ">USDC" (bought) or "SOL>USDC" (the pair); a mint works wherever a symbol does
  const submitLine = (typed: string) => {
    const text = typed.trim();
    if (text === '') return st().setFilter(undefined);
    const side = (part: string): { mint: string; symbol: string } | undefined => {
      if (!part) return undefined;
      try {
        const t = resolveOrderToken(part, 'filter', Object.values(s.catalog.getState().latest));
        return { mint: t.id, symbol: printable(t.symbol, 12) };
      } catch (e) {
        if (/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(part)) return { mint: part, symbol: `${part.slice(0, 4)}…` };
        throw e;
      }
    };
    try {
      const [sold, bought] = text.split('>').map((p) => p.trim());
      const a = side(sold);
      const b = side(bought ?? '');
      if (!a && !b) return st().setFilter(undefined);
      st().setFilter({
        text,
        ...(a ? { mint: a.mint } : {}),
        ...(b ? { outputMint: b.mint } : {}),
        symbol: a && b ? `${a.symbol}→${b.symbol}` : a ? a.symbol : `→${b!.symbol}`,
      });
    } catch (e) {
      flash('error', e instanceof Error ? e.message : String(e));
    }
  };

  const filterLine = useLineEditor({ submit: submitLine });
  const editing = filterLine.line;

  const turnPage = (by: 1 | -1) => {
    const cur = st().pages[slot];
    const total = st().lists[slot]?.totalPages ?? 1;
    const next = Math.min(Math.max(1, total), Math.max(1, cur + by));
    if (next === cur) return flash('info', `page ${cur}/${total}: ${by > 0 ? 'the last' : 'the first'} page`);
    st().setPage(slot, next);
  };
  const selectedOrder = () => cursor.current();
  const withdraw = (side: 'In' | 'Out') => {
    const row = selectedOrder();
    if (!row || row.kind !== 'legacy' || ownList)
      return flash('info', 'w / W withdraw from a legacy price-based order; select one on the DCA tab');
    void withdrawLegacy(s, store, anyOrderOf(row), side).catch((e) =>
      flash('error', String(e instanceof Error ? e.message : e)),
    );
  };

  useScreenKeys(
    { scope: ORDERS_SCREEN, keys: ORDERS_KEYS, active: editing() === null && !formOpen },
    {
      down: cursor.keys.down,
      up: cursor.keys.up,
      top: cursor.keys.top,
      bottom: cursor.keys.bottom,
      pageDown: () => turnPage(1),
      pageUp: () => turnPage(-1),
      open: () => cursor.open(() => st().setDetail(true)),
      back: () => {
        if (st().detail) return st().setDetail(false);
        if (st().notice) return st().setNotice(undefined);
        if (st().outcome || st().batches) {
          st().setOutcome(undefined);
          return st().setBatches(undefined);
        }
        if (st().marked.length > 0) return st().clearMarks();
        if (st().filter) return st().setFilter(undefined);
        return false;
      },
      mintFilter: () => filterLine.open(st().filter?.text ?? ''),
      filter: () => filterLine.open(st().filter?.text ?? ''),
      sort: () => flash('info', "orders come in the service's order: newest first"),
      // on the vault's list the form is the standing orders' one, its custody the vault
      new: () =>
        st().tab === 'vault' ? st().openForm('standing', { custody: 'vault' }) : st().openForm(st().tab as 'limit'),
      cancel: () => {
        const row = selectedOrder();
        if (!row) return flash('info', 'no order selected');
        if (st().view === 'history') return flash('info', 'this order is closed already (History)');
        if (row.kind === 'standing') return void cancelStandingOnScreen(s, store, [row.key]);
        if (row.kind === 'vault') return void cancelVaultOnScreen(s, store, row);
        void cancelOne(s, store, anyOrderOf(row)).catch((e) =>
          flash('error', String(e instanceof Error ? e.message : e)),
        );
      },
      mark: () => {
        const row = selectedOrder();
        if (!row || row.kind !== 'limit') return flash('info', 'no limit order selected');
        st().toggleMark(row.order);
        cursor.keys.down();
      },
      cancelAll: () => {
        if (ownList) return flash('info', `X cancels limit orders; x cancels the selected ${tab} order`);
        const chosen = st().marked;
        if (chosen.length > 0) {
          void cancelLimitOrders(s, store, chosen).catch((e) =>
            flash('error', String(e instanceof Error ? e.message : e)),
          );
          return;
        }
        const open = st().lists['limit/active'];
        const count = open && open.totalPages <= 1 ? open.trigger.length : undefined;
        void cancelAllLimits(s, store, count).catch((e) => flash('error', String(e instanceof Error ? e.message : e)));
      },
      withdraw: () => withdraw('In'),
      withdrawOut: () => withdraw('Out'),
    },
  );

  if (detail && selectedRow) {
    const sections =
      selectedRow.kind === 'standing'
        ? standingSections(s, selectedRow, latest, now)
        : selectedRow.kind === 'vault'
          ? vaultSections(selectedRow, namesOf(s), now)
          : orderSections(s, selectedRow, now);
    return (
      <Box flexDirection="column" height={height}>
        <DetailPane sections={sections} width={width} height={height} active />
      </Box>
    );
  }

  const tabText = `${(['limit', 'dca', 'standing', 'vault'] as const).map((t) => (t === tab ? `[${TAB_NAMES[t]}]` : TAB_NAMES[t])).join(' ')} · ${view === 'active' ? '[Active] History' : 'Active [History]'}`;
  const pageText = ownList
    ? `${rows.length} here`
    : snap
      ? `page ${Math.min(page, snap.totalPages)}/${snap.totalPages}`
      : `page ${page}`;
  const age = standingTab
    ? 'fired by tradedeck'
    : vaultTab
      ? vaultReading
        ? `${formatAge(now - vaultReading.at)} ago`
        : poll?.error !== undefined
          ? `✗ ${printable(poll.error instanceof Error ? poll.error.message : String(poll.error), 60)}`
          : 'loading…'
      : poll?.error !== undefined
        ? `✗ ${printable(poll.error instanceof Error ? poll.error.message : String(poll.error), 60)}`
        : snap
          ? `${formatAge(now - snap.at)} ago`
          : 'loading…';
  const filterText = filter
    ? ` · ${tab === 'limit' ? (filter.mint && filter.outputMint ? '' : filter.mint ? 'sells ' : 'buys ') : 'mint '}${filter.symbol.replace(/^→/, '')}`
    : '';
  const includeFailedText = includeFailed && !ownList ? ' · +failed tx' : '';
  const markText = marked.length > 0 ? ` · ${marked.length} marked` : '';
  const feeText = cancelFee !== 'auto' ? ` · cancel fee ${cancelFee}` : '';
  const head = `${tabText} · ${pageText}${filterText}${includeFailedText}${markText}${feeText} · ${age}`;

  const panel: Array<{ text: string; tone?: 'ok' | 'bad' | 'dim' }> = [];
  if (editing()) {
    // drawn below as an input line
  } else if (running || batches) {
    if (batches && batches.length > 0) {
      const done = batches.filter((b) => b.status !== 'waiting' && b.status !== 'running').length;
      const bar = progressBar(done / batches.length, 20);
      panel.push({ text: `${bar} ${done}/${batches.length} transactions` });
      // each transaction while they fit on the line, else how many are in each state
      const each = batches.map((b) => `tx${b.index + 1} ${b.status}`).join(' · ');
      panel.push({
        text: [...each].length <= width ? each : batchTally(batches),
        tone: batches.some((b) => !['success', 'waiting', 'running'].includes(b.status)) ? 'bad' : undefined,
      });
    }
    // wrapped, never cut: a Ledger's line carries the hash to compare with its screen
    if (running) for (const l of wrapText(running, width).slice(0, 4)) panel.push({ text: l, tone: 'dim' });
    else if (outcome) panel.push({ text: outcome.title, tone: outcome.ok ? 'ok' : 'bad' });
  } else if (outcome) {
    // the title is what happened (a refusal says how to write it): wrapped, never cut short
    for (const l of wrapText(outcome.title, width).slice(0, 4))
      panel.push({ text: l, tone: outcome.ok ? 'ok' : 'bad' });
    for (const l of outcome.lines.slice(0, 2)) panel.push({ text: l, tone: 'dim' });
  } else if (notice) {
    for (const l of notice) for (const w of wrapText(l, width)) panel.push({ text: w });
  }
  const blocked = keymap.bindingFor(ORDERS_SCREEN, 'x')?.disabled?.();
  const hint = editing()
    ? 'filter: SOL (sold), >USDC (bought), SOL>USDC · Enter apply · Esc cancel'
    : blocked
      ? `Signing disabled: ${blocked}`
      : ordersKeyLine({ tab, view, rows: rows.length, marked: marked.length });
  // the form has its own help line
  const hintShown = !(formOpen && formKind);
  // the selected order said whole (what a column too narrow for it left out of the table)
  const summary = selectedRow && !(formOpen && formKind) ? wrapText(selectedRow.summary, width).slice(0, 2) : [];
  const footLines = (editing() ? 2 : hintShown ? 1 : 0) + panel.length + summary.length;
  // who holds the funds of this list's orders and when they fill, under the head (not beside a form)
  const family = formOpen && formKind ? undefined : FAMILY_LINES[tab];
  const tableHeight = Math.max(2, height - 1 - (family ? 1 : 0) - footLines);

  let body: ReactElement;
  if (formOpen && formKind) {
    body = <OrderForm store={store} services={s} kind={formKind} width={width} height={tableHeight} />;
  } else {
    const empty = !s.wallet
      ? 'No wallet: start with --keypair <file> or --address <address> to list orders.'
      : vaultTab
        ? view === 'active'
          ? `No open orders in the vault${vaultReading?.vault === null ? ' (none registered)' : ''}. :stop … custody vault, or n with custody vault, places one.`
          : 'No past orders in the vault.'
        : standingTab
          ? view === 'active'
            ? `No armed standing orders${filter ? ` for ${filter.symbol}` : ''}. :stop, :tp, :trail, :oco, :buy-above, :buy-below or n makes one.`
            : `No finished standing orders${filter ? ` for ${filter.symbol}` : ''}.`
          : poll?.error !== undefined && !snap
            ? 'Could not load the orders (see the line above); retrying.'
            : !snap || snap.paramsKey !== paramsKey
              ? snap
                ? `No ${view} ${tab === 'limit' ? 'limit' : 'DCA'} orders.`
                : 'Loading…'
              : `No ${view} ${tab === 'limit' ? 'limit' : 'DCA'} orders${filter ? ` for ${filter.symbol}` : ''}.${view === 'active' ? ` :${tab === 'limit' ? 'limit' : 'dca'} or n creates one.` : ''}`;
    // the two tables differ only in their rows' type and columns
    const shared = {
      getKey,
      selectedKey: selectedRow?.key,
      width,
      height: tableHeight,
      dim: () => poll?.stale === true,
      emptyText: empty,
    };
    body =
      tab === 'limit' ? (
        <Table<LimitRow> columns={limitCols} rows={rows as LimitRow[]} {...shared} />
      ) : tab === 'dca' ? (
        <Table<DcaRow> columns={dcaCols} rows={rows as DcaRow[]} {...shared} />
      ) : vaultTab ? (
        <Table<VaultRow> columns={vaultCols} rows={rows as VaultRow[]} {...shared} dim={() => false} />
      ) : (
        <Table<StandingRow> columns={standingCols} rows={rows as StandingRow[]} {...shared} dim={() => false} />
      );
  }
  const toneColor = (t?: 'ok' | 'bad' | 'dim') =>
    t === 'ok' ? theme.ok : t === 'bad' ? theme.danger : t === 'dim' ? theme.dim : undefined;
  const mode = editing();
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
        {body}
      </Box>
      {summary.map((l, i) => (
        <Text key={`s${i}`} wrap="truncate">
          {padCell(l, width)}
        </Text>
      ))}
      {panel.map((l, i) => (
        <Text key={i} color={toneColor(l.tone)} wrap="truncate">
          {padCell(l.text, width)}
        </Text>
      ))}
      {mode ? (
        <Box>
          <Text color={theme.accent}>f </Text>
          <LineView line={mode} width={Math.max(1, width - 4)} focus />
        </Box>
      ) : null}
      {hintShown ? (
        <Text color={theme.dim} wrap="truncate">
          {padCell(hint, width)}
        </Text>
      ) : null}
    </Box>
  );
}
