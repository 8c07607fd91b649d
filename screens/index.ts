// Every screen, in tab order: the number keys, the tab bar, :goto and the help overlay read this
// list. Replacing a placeholder with a real screen is a one-line change here.
import type React from 'react';
import { placeholderScreen } from './Placeholder.js';
import { TokensScreen } from './Tokens/TokensScreen.js';
import { SwapScreen } from './Swap/SwapScreen.js';

export interface ScreenProps {
  width: number;
  height: number;
}

export interface ScreenDef {
  id: string;
  title: string;
  Component: (props: ScreenProps) => React.ReactElement | null;
  /** default polling interval of the screen's resources, ms (absent: the screen polls nothing) */
  intervalMs?: number;
  /** the screen shows a list: the footer offers filter, sort and detail */
  list?: boolean;
}

export const SCREENS: readonly ScreenDef[] = [
  { id: 'tokens', title: 'Tokens', Component: TokensScreen, intervalMs: 10_000, list: true },
  { id: 'swap', title: 'Swap', Component: SwapScreen, intervalMs: 10_000 },
  { id: 'orders', title: 'Orders', Component: placeholderScreen('Orders', 'Your trigger (limit) and recurring (DCA) orders: open and past, with cancel (x) and cancel-all (X).') },
  { id: 'invites', title: 'Invites', Component: placeholderScreen('Invites', 'Invites you sent: created, claimed, clawed back or expired.') },
  { id: 'portfolio', title: 'Portfolio', Component: placeholderScreen('Portfolio', "The wallet's positions by platform: balances, liquidity, leverage, lending and open trades, valued in USD.") },
  { id: 'studio', title: 'Studio', Component: placeholderScreen('Studio', 'Create bonding-curve pools and claim their fees.') },
];
