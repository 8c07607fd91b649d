// The Portfolio screen's own keys: w acts on the store alone; PortfolioScreen carries out f (the
// platforms line it draws) and the global scrolling, filtering, sorting and backing-out keys.
import type { PortfolioState } from '../../src/store/portfolio.js';
import { screenKeys } from '../shell/types.js';

export const PORTFOLIO_KEYS = screenKeys<PortfolioState>()({
  platforms: { keys: ['f'], help: 'platforms filter (ids, a,b)', hint: 'platforms' },
  own: {
    keys: ['w'],
    help: 'back to your own wallet',
    disabled: ({ store }) => (store.getState().watch === null ? 'already showing your own wallet' : undefined),
    run: ({ store }) => store.getState().setWatch(null),
  },
});
