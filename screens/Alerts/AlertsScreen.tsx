// The Alerts view (tab 7): every price alert, fired ones first. Enter on an alert opens the Orders
// screen with a limit order at its price typed out (the amount to edit), s opens Swap; e edits
// the condition, a re-arms a fired alert, x deletes (y to confirm), n sets a new one, / keeps the
// alerts whose state, token or condition hold every word typed. Arriving here never starts
// editing: only n, e and / open a line, Enter or Esc closes it.
import { Box, Text } from 'ink';
import { useCallback, useMemo, useState } from 'react';
import { PromptLine } from '../../components/fields/PromptLine.js';
import { ListTable } from '../../components/list/ListTable.js';
import { useListView } from '../../components/list/useListView.js';
import { padCell, wrapText } from '../../components/base/text.js';
import { useTheme } from '../../components/base/theme.js';
import { usePick } from '../../components/base/usePick.js';
import { ALERT_EXAMPLES } from '../../src/alerts/model.js';
import type { AlertsState } from '../../src/alerts/store.js';
import { plural } from '../../src/text/format.js';
import { useFlash, useNow } from '../shared/context.js';
import type { ScreenProps } from '../shared/types.js';
import { alertsFoot, alertsHead } from './text.js';
import { alertColumns, alertMatchColumns, alertRows, filterAlerts, type AlertRow } from './rows.js';
import { useAlertKeys } from './useAlertKeys.js';
import { useAlertLine } from './useAlertLine.js';

const getKey = (r: AlertRow) => r.alert.id;

export function AlertsScreen({ store, services: s, width, height }: ScreenProps<AlertsState>) {
  const flash = useFlash();
  const theme = useTheme();
  const now = useNow();
  const { alerts, selected, loadError } = usePick(store, ['alerts', 'selected', 'loadError']);
  const { latest, lists } = usePick(s.catalog, ['latest', 'lists']);
  const [filter, setFilter] = useState('');
  const matchColumns = useMemo(() => alertMatchColumns(theme), [theme]);
  const allRows = useMemo(() => alertRows(alerts, latest, lists), [alerts, latest, lists]);
  const columns = useMemo(() => alertColumns(theme, now, matchColumns), [theme, now, matchColumns]);
  const match = useCallback(
    (rows: readonly AlertRow[], text: string) => filterAlerts(rows, matchColumns, text),
    [matchColumns],
  );
  const view = useListView({
    rows: allRows,
    getKey,
    selectedKey: selected,
    select: (id) => store.getState().select(id),
    pageSize: () => Math.max(1, height - 5),
    // the list follows every edit; Enter keeps the filter, Esc drops it
    filter: { text: filter, set: setFilter, live: true, match },
    sort: { explain: () => flash('info', 'alerts are listed fired first (newest first), then armed') },
    back: ['filter'],
  });
  const alertLine = useAlertLine(store, s, flash);
  const deleting = useAlertKeys(store, s, view, alertLine);

  const { rows } = view;
  const line = alertLine.line();
  const mode = line ? alertLine.tag() : undefined;
  const filtering = view.filterLine.line();
  const texts = { alerts, rows, filter, loadError, now, height };
  const info = alertsFoot(texts, view.selected, deleting);
  // what the selected alert did, whole (a Fired column too narrow for it is left out of the table)
  const infoLines = mode || filtering ? [] : wrapText(info, width).slice(0, 2);
  const tableHeight = Math.max(2, height - 1 - Math.max(1, infoLines.length));
  return (
    <Box flexDirection="column" height={height} width={width}>
      <Text color={theme.accent} wrap="truncate">
        {padCell(alertsHead(texts, mode?.kind, filtering !== null), width)}
      </Text>
      <ListTable
        view={view}
        columns={columns}
        width={width}
        height={tableHeight}
        emptyText={
          filter && alerts.length > 0
            ? `No alert matches "${filter}". Esc shows all ${plural(alerts.length, 'alert')}.`
            : `No alerts. n here, a on a token row, or ${ALERT_EXAMPLES}`
        }
      />
      {mode && line ? (
        <PromptLine label="alert " line={line} width={width} focus />
      ) : filtering ? (
        <PromptLine label="/ " line={filtering} width={width} focus />
      ) : (
        infoLines.map((l, i) => (
          <Text key={i} color={deleting ? theme.warn : theme.dim} wrap="truncate">
            {padCell(l, width)}
          </Text>
        ))
      )}
    </Box>
  );
}
