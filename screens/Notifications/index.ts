// The notifications overlay module: fills, expiries and alerts seen this session, opened with N.
import type { OverlayModule } from '../shared/overlay.js';
import { NOTIFICATIONS_OVERLAY } from './keys.js';
import { NotificationsView } from './NotificationsView.js';

export const notificationsOverlay: OverlayModule = {
  id: NOTIFICATIONS_OVERLAY,
  title: 'Notifications',
  isOpen: (s) => s.notifications.getState().open,
  subscribe: (s, listener) => s.notifications.subscribe(listener),
  Component: NotificationsView,
};
