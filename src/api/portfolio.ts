// 4.7 Portfolio. The contract lists no key for it, but the real service reads one like every
// group's, so the API key is sent when the client has one (and the call works without one).
import { guardPortfolio } from './guards.js';
import type { CallOptions, HttpClient } from './http.js';
import type { Portfolio, PortfolioParams } from './types.js';
import { validatePortfolio } from './validate.js';

export interface PortfolioApi {
  positions(p: PortfolioParams, o?: CallOptions): Promise<Portfolio>;
}

export function createPortfolioApi(http: HttpClient): PortfolioApi {
  return {
    async positions(p, o) {
      validatePortfolio(p);
      return http.request(
        {
          method: 'GET',
          endpoint: 'GET /portfolio/v1/positions/{address}',
          path: `/portfolio/v1/positions/${encodeURIComponent(p.address)}`,
          query: { platforms: p.platforms },
          auth: true,
          idempotent: true,
          signal: o?.signal,
        },
        guardPortfolio,
      );
    },
  };
}
