// The notifications log's keys (N from any screen opens it): its lines scroll with the list keys;
// Esc, N or q close it; `?` lists them over the log.
import { overlayKeys } from '../shared/overlay.js';

export const NOTIFICATIONS_OVERLAY = 'notifications';

export const NOTIFICATIONS_KEYS = overlayKeys(
  NOTIFICATIONS_OVERLAY,
  ['down', 'up', 'top', 'bottom', 'pageDown', 'pageUp', 'back', 'help'],
  { close: { keys: ['N', 'q'], help: 'close the log', hint: 'close' } },
);
