// 4.1 Token data.
import { guardTokenList } from './guards.js';
import type { CallOptions, HttpClient } from './http.js';
import type { Token, TokenListParams } from './types.js';
import { validateTokenList } from './validate.js';

export interface TokensApi {
  list(p: TokenListParams, o?: CallOptions): Promise<Token[]>;
}

export function createTokensApi(http: HttpClient): TokensApi {
  return {
    async list(p, o) {
      validateTokenList(p);
      return http.request(
        {
          method: 'GET',
          endpoint: 'GET /tokens/v2/{category}/{interval}',
          path: `/tokens/v2/${p.category}/${p.interval}`,
          query: { limit: p.limit },
          auth: true,
          idempotent: true,
          signal: o?.signal,
        },
        guardTokenList,
      );
    },
  };
}
