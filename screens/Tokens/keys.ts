// The Tokens screen's own keys: those with `run` act on the store alone; the others are carried
// out by TokensScreen, which must give a handler for each (the compiler checks it).
import type { TokensState } from '../../src/store/tokens.js';
import { screenKeys, type ScreenContext } from '../shared/types.js';

export const TOKENS_SCREEN = 'tokens';

/** Keys that change the list do nothing while a detail covers it: the person would not see the change. */
export const DETAIL_OPEN = 'the list is behind the detail: Esc closes it first';

const behindDetail = ({ store }: ScreenContext<TokensState>) => (store.getState().detail ? DETAIL_OPEN : undefined);

export const TOKENS_KEYS = screenKeys<TokensState>()({
  category: {
    keys: ['c'],
    help: 'next category',
    hint: 'category',
    disabled: behindDetail,
    run: ({ store }) => store.getState().cycleCategory(),
  },
  interval: {
    keys: ['i'],
    help: 'next change window (5m-24h)',
    hint: 'window',
    disabled: behindDetail,
    run: ({ store }) => store.getState().cycleInterval(),
  },
  star: { keys: ['w'], help: 'star / unstar (saved)', hint: 'star' },
  alert: { keys: ['a'], help: 'price alert (> 250, -5%/1h)', hint: 'alert' },
  buy: { keys: ['s'], help: 'swap: buy it with SOL', hint: 'swap' },
  sell: { keys: ['S'], help: 'swap: sell it for USDC' },
  starredOnly: {
    keys: ['W'],
    help: 'only starred / all',
    hint: 'starred',
    disabled: behindDetail,
    run: ({ store }) => store.getState().setStarredOnly(!store.getState().starredOnly),
  },
});
