// The Tokens screen module: the service's top-token lists, polled live, with sort, filter, a detail
// pane of every field, and a persisted watchlist. Its store is the shared token catalog itself.
import type { TokensState } from '../../src/store/tokens.js';
import { CommandError, knownSymbols, noMoreThan, parseWholeNumber, tokenArg } from '../shared/commandArgs.js';
import type { ScreenModule } from '../shared/types.js';
import { TOKENS_KEYS, TOKENS_SCREEN } from './keys.js';
import { TokensScreen } from './TokensScreen.js';
import { knowTokens } from '../../src/actions/swapFlow.js';
import { tokensResources } from './resources.js';

export const tokensScreen: ScreenModule<TokensState> = {
  id: TOKENS_SCREEN,
  title: 'Tokens',
  key: '1',
  list: (st) => !st.detail,
  createStore: (services) => services.catalog,
  resources: tokensResources,
  keys: TOKENS_KEYS,
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
      name: 'star',
      usage: 'star <symbol|mint>',
      help: 'star a token (saved in the watchlist)',
      complete: (index, _p, ctx) => (index === 0 ? knownSymbols(ctx) : []),
      async run(args, ctx) {
        noMoreThan(args, 1);
        if (!args[0]) throw new CommandError('which token? give a symbol or a mint address');
        await knowTokens(ctx.services, [args[0]]);
        const found = tokenArg(args[0], 'token', ctx);
        const tokens = ctx.store.getState();
        if (tokens.starred.some((e) => e.mint === found.mint))
          return ctx.flash('info', `${found.symbol || found.mint} is already starred`);
        tokens.star(found.mint, found);
        ctx.flash('success', `starred ${found.symbol || found.mint}`);
      },
    },
  ],
  Component: TokensScreen,
};
