// Every screen, in tab order: the only place a screen is registered. The shell derives the tab
// bar, number keys, key dispatch, command bar, help overlay, footer hints and polling from it.
import { ordersScreen } from './Orders/index.js';
import { placeholderScreen } from './Placeholder.js';
import type { ScreenModule } from './shell/types.js';
import { swapScreen } from './Swap/index.js';
import { tokensScreen } from './Tokens/index.js';

export const SCREENS: readonly ScreenModule[] = [
  tokensScreen,
  swapScreen,
  ordersScreen,
  placeholderScreen('invites', 'Invites', '4', 'Invites you sent: created, claimed, clawed back or expired.'),
  placeholderScreen('portfolio', 'Portfolio', '5', "The wallet's positions by platform: balances, liquidity, leverage, lending and open trades, valued in USD."),
  placeholderScreen('studio', 'Studio', '6', 'Create bonding-curve pools and claim their fees.'),
];
