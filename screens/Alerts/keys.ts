// The Alerts screen's own keys, all carried out by AlertsScreen (the compiler checks it gives a
// handler for each).
import type { AlertsState } from '../../src/alerts/store.js';
import { screenKeys } from '../shared/types.js';

export const ALERTS_SCREEN = 'alerts';

export const ALERTS_KEYS = screenKeys<AlertsState>()({
  open: { keys: ['enter'], help: "limit order at the alert's price (opens Orders)", hint: 'limit' },
  swap: { keys: ['s'], help: "swap the alert's token (opens Swap)", hint: 'swap' },
  edit: { keys: ['e'], help: 'edit (arms it again)', hint: 'edit' },
  delete: { keys: ['x'], help: 'delete (y confirms)', hint: 'delete' },
  rearm: { keys: ['a'], help: 're-arm a fired alert', hint: 're-arm' },
  new: { keys: ['n'], help: 'new alert (typed line)', hint: 'new' },
});
