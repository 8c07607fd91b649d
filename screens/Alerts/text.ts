// The Alerts screen's head and foot lines: how many alerts and which match, what is being typed,
// and what the selected alert did or what Enter does with it.
import type { Alert } from '../../src/alerts/model.js';
import { conditionText } from '../../src/alerts/model.js';
import { formatCount, plural } from '../../src/text/format.js';
import { firedText, type AlertRow } from './rows.js';

export interface AlertsTexts {
  alerts: readonly Alert[];
  /** the rows shown (the filter's matches) */
  rows: readonly AlertRow[];
  filter: string;
  loadError?: string;
  now: number;
  height: number;
}

/** The head line: the counts, or what the open line takes. */
export function alertsHead(t: AlertsTexts, typing: 'new' | 'edit' | undefined, filtering: boolean): string {
  if (typing) return `${typing} alert: TOKEN > PRICE, TOKEN < PRICE or TOKEN -5%/1h · Enter saves · Esc cancels`;
  if (filtering)
    return `${formatCount(t.rows.length)} of ${plural(t.alerts.length, 'alert')} · by token, condition or state · Enter keeps · Esc drops`;
  const firedCount = t.alerts.filter((a) => a.state === 'fired').length;
  const counts = `${formatCount(firedCount)} fired · ${formatCount(t.alerts.length - firedCount)} armed`;
  return t.filter
    ? `${formatCount(t.rows.length)} of ${plural(t.alerts.length, 'alert')} match "${t.filter}" · ${counts} · Esc shows all`
    : `${plural(t.alerts.length, 'alert')} · ${counts} · checked on every token refresh${t.loadError ? ' · NOT SAVED' : ''}`;
}

/** The foot: the delete question, or the selected alert said whole with what its keys do. */
export function alertsFoot(t: AlertsTexts, selected: AlertRow | undefined, deleting: string | null): string {
  const delRow = deleting ? t.rows.find((r) => r.alert.id === deleting) : undefined;
  // the filter is offered once the list is longer than the table shows
  const filterHint = t.rows.length > t.height - 4 || t.filter ? ' · /: filter' : '';
  const fired = selected ? firedText(selected.alert, t.now) : undefined;
  return deleting
    ? `Delete ${delRow?.symbol ?? ''} ${delRow ? conditionText(delRow.alert.condition) : ''}? y deletes · n or Esc keeps it`
    : selected?.uncovered
      ? `${selected.symbol}: ${selected.uncovered}`
      : fired
        ? `${selected!.symbol} fired ${fired} · Enter: limit order at that price · s: swap · a: re-arm${filterHint}`
        : `Enter: limit order at this level · s: swap · e: edit${filterHint}`;
}
