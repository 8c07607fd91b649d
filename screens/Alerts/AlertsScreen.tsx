// The Alerts view (tab 7): every price alert, fired ones first. Enter on an alert opens the Orders
// screen with a limit order at its price typed out (the amount to edit), s opens Swap; e edits
// the condition, a re-arms a fired alert, x deletes (y to confirm), n sets a new one, / keeps the
// alerts whose state, token or condition hold every word typed. Arriving here never starts
// editing: only n, e and / open a line, Enter or Esc closes it.
import { Box, Text } from 'ink';
import { useMemo, useState } from 'react';
import { useStore } from 'zustand';
import { LineView } from '../../components/fields/LineView.js';
import { useLineEditor } from '../../components/fields/useLineEditor.js';
import { normalizeKey, useKeyLayer } from '../../components/keys/index.js';
import { useListCursor } from '../../components/list/useListCursor.js';
import { Table } from '../../components/Table.js';
import { padCell, wrapText } from '../../components/text.js';
import { useTheme } from '../../components/theme.js';
import { useRefState } from '../../components/useRefState.js';
import { addAlertFromLine, readAlertLine, setText } from '../../src/alerts/command.js';
import {
  AlertInputError,
  ALERT_EXAMPLES,
  conditionInput,
  conditionText,
  splitAlertLine,
} from '../../src/alerts/model.js';
import { knowTokens } from '../../src/actions/swapFlow.js';
import { resolveToken } from '../../src/resolve.js';
import type { AlertsState } from '../../src/alerts/store.js';
import { formatCount, plural } from '../../src/format.js';
import { useCatalog, useFlash, useNow, useShell } from '../shell/context.js';
import { useScreenKeys } from '../shell/keymap.js';
import type { ScreenProps } from '../shell/types.js';
import { tradeFromAlert } from './trade.js';
import { alertColumns, alertMatchColumns, alertRows, filterAlerts, firedText, type AlertRow } from './rows.js';
import { ALERTS_KEYS, ALERTS_SCREEN } from './keys.js';

/** What the alert line was opened for: a new alert, or editing the one with this id. */
type LineMode = { kind: 'new' | 'edit'; id?: string };

const getKey = (r: AlertRow) => r.alert.id;

export function AlertsScreen({ store, services: s, width, height }: ScreenProps<AlertsState>) {
  const flash = useFlash();
  const { navigator } = useShell();
  const theme = useTheme();
  const now = useNow();
  const alerts = useStore(store, (st) => st.alerts);
  const selected = useStore(store, (st) => st.selected);
  const loadError = useStore(store, (st) => st.loadError);
  const latest = useCatalog((st) => st.latest);
  const lists = useCatalog((st) => st.lists);
  const [deleting, setDeleting] = useRefState<string | null>(null);

  const [filter, setFilter] = useState('');
  const matchColumns = useMemo(() => alertMatchColumns(theme), [theme]);
  const allRows = useMemo(() => alertRows(alerts, latest, lists), [alerts, latest, lists]);
  const rows = useMemo(() => filterAlerts(allRows, matchColumns, filter), [allRows, matchColumns, filter]);
  const columns = useMemo(() => alertColumns(theme, now, matchColumns), [theme, now, matchColumns]);
  const st = () => store.getState();
  const cursor = useListCursor({
    rows,
    selectedKey: selected,
    getKey,
    select: (id) => st().select(id),
    pageSize: () => Math.max(1, height - 5),
  });
  const selectedRow = cursor.selected;

  /** Enter on the alert line; false keeps the line open to correct what was typed. */
  const submit = (typed: string, mode: LineMode, looked = false): boolean | void => {
    const text = typed.trim();
    if (text === '') return;
    try {
      const latestNow = s.catalog.getState().latest;
      // a token no list on screen holds: looked up (lists, the service's search), then read again
      const token = splitAlertLine(text).token;
      if (!looked && !resolveToken(token, Object.values(latestNow)).ok) {
        void knowTokens(s, [token])
          .catch(() => {})
          .then(() => submit(typed, mode, true) !== false && alertLine.close());
        return false;
      }
      if (mode.kind === 'edit' && mode.id) {
        const read = readAlertLine(text, latestNow);
        const old = st().alerts.find((a) => a.id === mode.id);
        if (old && old.mint === read.mint) {
          st().edit(old.id, read.condition);
          const changed = st().alerts.find((a) => a.id === old.id)!;
          return flash('success', setText(changed, latestNow, 'alert changed'));
        }
        if (old) st().remove(old.id);
      }
      flash('success', addAlertFromLine(store, latestNow, text).message);
    } catch (e) {
      if (!(e instanceof AlertInputError)) throw e;
      flash('error', `${e.message} (e.g. ${ALERT_EXAMPLES})`);
      return false;
    }
  };
  const alertLine = useLineEditor<LineMode>({ submit });
  // the filter line: the list follows every edit; Enter keeps the filter, Esc drops it
  const filterLine = useLineEditor({
    submit: () => {},
    cancel: () => setFilter(''),
    change: (line) => setFilter(line.text),
    passes: ['up', 'down', 'pageup', 'pagedown'],
  });

  useKeyLayer('input', (input, key) => {
    const name = normalizeKey(input, key);
    const del = deleting();
    if (del) {
      if (name === 'y' || name === 'Y') {
        const gone = st().remove(del);
        setDeleting(null);
        if (gone)
          flash(
            'info',
            `alert deleted: ${rows.find((r) => r.alert.id === del)?.symbol ?? ''} ${conditionText(gone.condition)}`,
          );
      } else if (name === 'n' || name === 'N' || name === 'escape' || name === 'enter') setDeleting(null);
      return true;
    }
    return false;
  });

  const current = () => cursor.current();
  const none = () => flash('info', 'no alert here: n sets one (or :alert SOL > 250, or a on a token row)');

  useScreenKeys(
    {
      scope: ALERTS_SCREEN,
      keys: ALERTS_KEYS,
      active: alertLine.line() === null && filterLine.line() === null && deleting() === null,
    },
    {
      ...cursor.keys,
      open: () => {
        const row = current();
        if (!row) return none();
        tradeFromAlert(s, navigator, row, 'limit', flash);
      },
      swap: () => {
        const row = current();
        if (!row) return none();
        tradeFromAlert(s, navigator, row, 'swap', flash);
      },
      new: () => alertLine.open('', { kind: 'new' }),
      edit: () => {
        const row = current();
        if (!row) return none();
        const token = row.symbol && !row.symbol.endsWith('…') ? row.symbol : row.alert.mint;
        alertLine.open(`${token} ${conditionInput(row.alert.condition)}`, { kind: 'edit', id: row.alert.id });
      },
      delete: () => {
        const row = current();
        if (!row) return none();
        setDeleting(row.alert.id);
      },
      rearm: () => {
        const row = current();
        if (!row) return none();
        if (row.alert.state === 'armed')
          return flash('info', `${row.symbol} ${conditionText(row.alert.condition)} is armed already`);
        st().rearm(row.alert.id);
        flash('success', setText({ ...row.alert, state: 'armed' }, s.catalog.getState().latest, 'alert re-armed'));
      },
      sort: () => flash('info', 'alerts are listed fired first (newest first), then armed'),
      filter: () => filterLine.open(filter),
      back: () => {
        if (filter === '') return false;
        setFilter('');
      },
    },
  );

  const firedCount = alerts.filter((a) => a.state === 'fired').length;
  const counts = `${formatCount(firedCount)} fired · ${formatCount(alerts.length - firedCount)} armed`;
  const head = filter
    ? `${formatCount(rows.length)} of ${plural(alerts.length, 'alert')} match "${filter}" · ${counts} · Esc shows all`
    : `${plural(alerts.length, 'alert')} · ${counts} · checked on every token refresh${loadError ? ' · NOT SAVED' : ''}`;
  const line = alertLine.line();
  const mode = line ? alertLine.tag() : undefined;
  const del = deleting();
  const delRow = del ? rows.find((r) => r.alert.id === del) : undefined;
  // the filter is offered once the list is longer than the table shows
  const filterHint = rows.length > height - 4 || filter ? ' · /: filter' : '';
  const fired = selectedRow ? firedText(selectedRow.alert, now) : undefined;
  const info = del
    ? `Delete ${delRow?.symbol ?? ''} ${delRow ? conditionText(delRow.alert.condition) : ''}? y deletes · n or Esc keeps it`
    : selectedRow?.uncovered
      ? `${selectedRow.symbol}: ${selectedRow.uncovered}`
      : fired
        ? `${selectedRow!.symbol} fired ${fired} · Enter: limit order at that price · s: swap · a: re-arm${filterHint}`
        : `Enter: limit order at this level · s: swap · e: edit${filterHint}`;
  const filtering = filterLine.line();
  // what the selected alert did, whole (a Fired column too narrow for it is left out of the table)
  const infoLines = mode || filtering ? [] : wrapText(info, width).slice(0, 2);
  const tableHeight = Math.max(2, height - 1 - Math.max(1, infoLines.length));
  const typing = mode
    ? `${mode.kind === 'new' ? 'new' : 'edit'} alert: TOKEN > PRICE, TOKEN < PRICE or TOKEN -5%/1h · Enter saves · Esc cancels`
    : filtering
      ? `${formatCount(rows.length)} of ${plural(alerts.length, 'alert')} · by token, condition or state · Enter keeps · Esc drops`
      : undefined;
  return (
    <Box flexDirection="column" height={height} width={width}>
      <Text color={theme.accent} wrap="truncate">
        {padCell(typing ?? head, width)}
      </Text>
      <Box height={tableHeight} flexDirection="column">
        <Table
          columns={columns}
          rows={rows}
          getKey={getKey}
          selectedKey={selectedRow?.alert.id}
          width={width}
          height={tableHeight}
          emptyText={
            filter && alerts.length > 0
              ? `No alert matches "${filter}". Esc shows all ${plural(alerts.length, 'alert')}.`
              : `No alerts. n here, a on a token row, or ${ALERT_EXAMPLES}`
          }
        />
      </Box>
      {mode ? (
        <Box>
          <Text color={theme.accent}>{'alert '}</Text>
          <LineView line={line!} width={Math.max(1, width - 6)} focus />
        </Box>
      ) : filtering ? (
        <Box>
          <Text color={theme.accent}>{'/ '}</Text>
          <LineView line={filtering} width={Math.max(1, width - 2)} focus />
        </Box>
      ) : (
        infoLines.map((l, i) => (
          <Text key={i} color={del ? theme.warn : theme.dim} wrap="truncate">
            {padCell(l, width)}
          </Text>
        ))
      )}
    </Box>
  );
}
