// Every screen, in tab order: the only place a screen is registered. The shell derives the tab
// bar, number keys, key dispatch, command bar, help overlay, footer hints and polling from it.
import { alertsScreen } from './Alerts/index.js';
import { ordersScreen } from './Orders/index.js';
import { invitesScreen } from './Invites/index.js';
import { portfolioScreen } from './Portfolio/index.js';
import type { ScreenModule } from './shell/types.js';
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
