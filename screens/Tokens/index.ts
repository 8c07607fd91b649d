// The Tokens screen module: the service's top-token lists, polled live, with sort, filter, a detail
// pane of every field, and a persisted watchlist. Its store is the shared token catalog itself.
import type { TokensState } from '../../src/store/tokens.js';
import { CommandError, knownSymbols, noMoreThan, parseWholeNumber, tokenArg } from '../shell/commands.js';
import type { ScreenContext, ScreenModule } from '../shell/types.js';
import { DETAIL_OPEN, TokensScreen } from './TokensScreen.js';
import { tokensResources } from './resources.js';

const behindDetail = ({ store }: ScreenContext<TokensState>) => (store.getState().detail ? DETAIL_OPEN : undefined);

export const tokensScreen: ScreenModule<TokensState> = {
  id: 'tokens',
  title: 'Tokens',
  key: '1',
  list: (st) => !st.detail,
  createStore: (services) => services.catalog,
  resources: tokensResources,
  keys: [
    { keys: ['c'], command: 'category', help: 'next category', hint: 'category', disabled: behindDetail, run: ({ store }) => store.getState().cycleCategory() },
    { keys: ['i'], command: 'interval', help: 'next change window (5m-24h)', hint: 'window', disabled: behindDetail, run: ({ store }) => store.getState().cycleInterval() },
    { keys: ['w'], command: 'star', help: 'star / unstar (saved)', hint: 'star' },
    { keys: ['a'], command: 'alert', help: 'price alert (> 250, -5%/1h)', hint: 'alert' },
    { keys: ['s'], command: 'buy', help: 'swap: buy it with SOL', hint: 'swap' },
    { keys: ['S'], command: 'sell', help: 'swap: sell it for USDC' },
    { keys: ['W'], command: 'starredOnly', help: 'only starred / all', hint: 'starred', disabled: behindDetail, run: ({ store }) => store.getState().setStarredOnly(!store.getState().starredOnly) },
  ],
  commands: [
    {
      name: 'rows',
      usage: 'rows <1-100>',
      help: 'how many tokens the Tokens screen lists',
      run(args, ctx) {
        noMoreThan(args, 1);
        const n = parseWholeNumber(args[0], 'rows', 1, 100);
        ctx.store.getState().setLimit(n);
        ctx.flash('info', `tokens: top ${n}`);
      },
    },
    {
      name: 'watch',
      usage: 'watch <symbol|mint>',
      help: 'star a token (saved in the watchlist)',
      complete: (index, _p, ctx) => (index === 0 ? knownSymbols(ctx) : []),
      run(args, ctx) {
        noMoreThan(args, 1);
        if (!args[0]) throw new CommandError('which token? give a symbol or a mint address');
        const found = tokenArg(args[0], 'token', ctx);
        const tokens = ctx.store.getState();
        if (tokens.starred.some((e) => e.mint === found.mint)) return ctx.flash('info', `${found.symbol || found.mint} is already starred`);
        tokens.star(found.mint, found);
        ctx.flash('success', `starred ${found.symbol || found.mint}`);
      },
    },
  ],
  Component: TokensScreen,
};
