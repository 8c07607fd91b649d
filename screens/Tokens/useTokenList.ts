// Polls the token list the Tokens screen shows: one scheduler resource per (category, interval,
// limit), held only while the screen is mounted; every result is one store update.
import { useShallow } from 'zustand/react/shallow';
import { listKey } from '../../src/store/index.js';
import { usePolledResource } from '../../src/hooks/usePolled.js';
import { useServices, useTokens } from '../../src/hooks/services.js';

export const TOKENS_SCREEN = 'tokens';
/** 6 requests a minute: the whole dashboard stays far under the service's 60 a minute. */
export const TOKENS_INTERVAL_MS = 10_000;

/** The resource key of the current list. */
export function useTokenList(): string {
  const { api, stores } = useServices();
  const params = useTokens(useShallow((s) => ({ category: s.category, interval: s.interval, limit: s.limit })));
  const key = `tokens/${listKey(params)}`;
  usePolledResource(TOKENS_SCREEN, key, () => ({
    intervalMs: TOKENS_INTERVAL_MS,
    fetch: (signal) => api.tokens.list({ ...params }, { signal }),
    onData: (tokens, at) => stores.tokens.getState().applyList(listKey(params), tokens, at),
  }));
  return key;
}
