// The Portfolio screen's own keys: w acts on the store alone; PortfolioScreen carries out f and /
// (the platforms line it draws) and the global scrolling, sorting and backing-out keys.
import type { PortfolioState } from '../../src/portfolio/store.js';
import { screenKeys } from '../shared/types.js';

export const PORTFOLIO_KEYS = screenKeys<PortfolioState>()({
  platforms: { keys: ['f'], help: 'platforms filter (ids, a,b)', hint: 'platforms' },
  // / filters here as f does (the platforms): the help says what it does on this screen
  platformsSlash: { keys: ['/'], help: 'platforms filter, as f' },
  // no rows to open: Enter says so, and the help does not offer it
  open: {
    keys: ['enter'],
    help: 'nothing to open here',
    hideInHelp: true,
    disabled: () => 'the portfolio is one page, with nothing to open: j/k and PgDn scroll it',
    run: () => undefined,
  },
  own: {
    keys: ['w'],
    help: 'back to your own wallet',
    disabled: ({ store }) => (store.getState().watch === null ? 'already showing your own wallet' : undefined),
    run: ({ store }) => store.getState().setWatch(null),
  },
});
