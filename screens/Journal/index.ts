// The journal overlay module: every signed transaction, newest first, opened with J from any screen.
import type { OverlayModule } from '../shared/overlay.js';
import { JournalView } from './JournalView.js';
import { JOURNAL_OVERLAY } from './keys.js';

export const journalOverlay: OverlayModule = {
  id: JOURNAL_OVERLAY,
  title: 'Journal',
  isOpen: (s) => s.journalView.getState().open,
  subscribe: (s, listener) => s.journalView.subscribe(listener),
  Component: JournalView,
};
