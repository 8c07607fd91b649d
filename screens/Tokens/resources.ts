// What the Tokens screen polls, apart from its component: start-up sends this request before the
// UI has loaded (screens/first.ts), so nothing here may import React or Ink.
import type { Token } from '../../src/api/types.js';
import { listKey, type TokensState } from '../../src/store/tokens.js';
import type { ScreenResource } from '../shared/types.js';

/** 6 requests a minute: the whole dashboard stays far under the service's 60 a minute. */
export const TOKENS_INTERVAL_MS = 10_000;

type ListParams = Pick<TokensState, 'category' | 'interval' | 'limit'>;

export const tokensResources: ScreenResource<TokensState>[] = [
  {
    id: 'list',
    intervalMs: TOKENS_INTERVAL_MS,
    params: ({ store }): ListParams => {
      const { category, interval, limit } = store.getState();
      return { category, interval, limit };
    },
    key: (p: ListParams) => listKey(p),
    fetch: (p: ListParams, signal, { services }) => services.api.tokens.list({ ...p }, { signal }),
    apply: (p: ListParams, tokens: Token[], at, { store }) => store.getState().applyList(listKey(p), tokens, at),
  },
];
