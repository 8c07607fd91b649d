// The journal's keys (J from any screen opens it): the list keys, the entry (Enter), export and
// reload, close; `?` lists them over the journal.
import { overlayKeys } from '../shared/overlay.js';

export const JOURNAL_OVERLAY = 'journal';

export const JOURNAL_KEYS = overlayKeys(
  JOURNAL_OVERLAY,
  ['down', 'up', 'top', 'bottom', 'pageDown', 'pageUp', 'open', 'back', 'help'],
  {
    export: { keys: ['E'], help: 'export the journal as CSV', hint: 'export CSV' },
    reload: { keys: ['r'], help: 'read the journal file again', hint: 'reload' },
    close: { keys: ['J', 'q'], help: 'close the journal', hint: 'close' },
  },
);
