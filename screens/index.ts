// Every screen, in tab order, and every overlay: the only place either is registered. The shell derives the tab
// bar, number keys, key dispatch, command bar, help overlay, footer hints and polling from it.
import { alertsScreen } from './Alerts/index.js';
import { ordersScreen } from './Orders/index.js';
import { invitesScreen } from './Invites/index.js';
import { portfolioScreen } from './Portfolio/index.js';
import { journalOverlay } from './Journal/index.js';
import { notificationsOverlay } from './Notifications/index.js';
import type { OverlayModule } from './shared/overlay.js';
import type { ScreenModule } from './shared/types.js';
import { studioScreen } from './Studio/index.js';
import { swapScreen } from './Swap/index.js';
import { tokensScreen } from './Tokens/index.js';

export const SCREENS: readonly ScreenModule[] = [
  tokensScreen,
  swapScreen,
  ordersScreen,
  invitesScreen,
  portfolioScreen,
  studioScreen,
  alertsScreen,
];

/** What covers every screen when opened from any of them: the first open one is shown. */
export const OVERLAYS: readonly OverlayModule[] = [journalOverlay, notificationsOverlay];
