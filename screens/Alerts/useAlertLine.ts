// The alert line of the Alerts screen: n opens it empty for a new alert, e with the selected one
// typed out; Enter reads it (a token no list holds is looked up first), a mistake keeps it open.
import type { StoreApi } from 'zustand/vanilla';
import { useLineEditor } from '../../components/fields/useLineEditor.js';
import { addAlertFromLine, readAlertLine, setText } from '../../src/alerts/command.js';
import { AlertInputError, ALERT_EXAMPLES, splitAlertLine } from '../../src/alerts/model.js';
import type { AlertsState } from '../../src/alerts/store.js';
import { knowTokens } from '../../src/actions/swapFlow.js';
import { resolveToken } from '../../src/api/resolveToken.js';
import type { Services } from '../../src/services/index.js';
import type { Flash } from '../shared/types.js';

/** What the alert line was opened for: a new alert, or editing the one with this id. */
export type LineMode = { kind: 'new' | 'edit'; id?: string };

export function useAlertLine(store: StoreApi<AlertsState>, s: Services, flash: Flash) {
  const st = () => store.getState();
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
  return alertLine;
}
