// The Alerts screen's keys on the selected alert (Enter: a limit order at its level, s: swap, e:
// edit, a: re-arm, x: delete after y), and the y/n question x asks.
import type { StoreApi } from 'zustand/vanilla';
import type { LineEditor } from '../../components/fields/useLineEditor.js';
import { normalizeKey, useKeyLayer } from '../../components/keys/index.js';
import type { ListView } from '../../components/list/useListView.js';
import { useRefState } from '../../components/base/useRefState.js';
import { setText } from '../../src/alerts/command.js';
import { conditionInput, conditionText } from '../../src/alerts/model.js';
import type { AlertsState } from '../../src/alerts/store.js';
import type { Services } from '../../src/services/index.js';
import { useShell } from '../shared/context.js';
import { useScreenKeys } from '../shared/keys.js';
import { ALERTS_KEYS, ALERTS_SCREEN } from './keys.js';
import type { AlertRow } from './rows.js';
import { tradeFromAlert } from './trade.js';
import type { LineMode } from './useAlertLine.js';

/** The alert x asked to delete (waiting for y or n), or null. */
export function useAlertKeys(
  store: StoreApi<AlertsState>,
  s: Services,
  view: ListView<AlertRow>,
  alertLine: LineEditor<LineMode>,
): string | null {
  const { navigator, flash } = useShell();
  const st = () => store.getState();
  const [deleting, setDeleting] = useRefState<string | null>(null);
  useKeyLayer('input', (input, key) => {
    const name = normalizeKey(input, key);
    const del = deleting();
    if (!del) return false;
    if (name === 'y' || name === 'Y') {
      const gone = st().remove(del);
      setDeleting(null);
      if (gone)
        flash(
          'info',
          `alert deleted: ${view.rows.find((r) => r.alert.id === del)?.symbol ?? ''} ${conditionText(gone.condition)}`,
        );
    } else if (name === 'n' || name === 'N' || name === 'escape' || name === 'enter') setDeleting(null);
    return true;
  });
  const none = () => flash('info', 'no alert here: n sets one (or :alert SOL > 250, or a on a token row)');
  /** the selected alert's action, or the word that there is none */
  const onRow = (fn: (row: AlertRow) => void) => () => {
    const row = view.cursor.current();
    return row ? fn(row) : none();
  };
  useScreenKeys(
    {
      scope: ALERTS_SCREEN,
      keys: ALERTS_KEYS,
      active: alertLine.line() === null && view.filterLine.line() === null && deleting() === null,
    },
    {
      ...view.keys,
      open: onRow((row) => tradeFromAlert(s, navigator, row, 'limit', flash)),
      swap: onRow((row) => tradeFromAlert(s, navigator, row, 'swap', flash)),
      new: () => alertLine.open('', { kind: 'new' }),
      edit: onRow((row) => {
        const token = row.symbol && !row.symbol.endsWith('…') ? row.symbol : row.alert.mint;
        alertLine.open(`${token} ${conditionInput(row.alert.condition)}`, { kind: 'edit', id: row.alert.id });
      }),
      delete: onRow((row) => setDeleting(row.alert.id)),
      rearm: onRow((row) => {
        if (row.alert.state === 'armed')
          return flash('info', `${row.symbol} ${conditionText(row.alert.condition)} is armed already`);
        st().rearm(row.alert.id);
        flash('success', setText({ ...row.alert, state: 'armed' }, s.catalog.getState().latest, 'alert re-armed'));
      }),
    },
  );
  return deleting();
}
