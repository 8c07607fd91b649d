// 4.8 Studio: bonding-curve pool transactions.
import { guardDbcFeeClaim, guardDbcPoolCreate } from './guards.js';
import type { CallOptions, HttpClient } from './http.js';
import type { DbcFeeClaimRequest, DbcFeeClaimResponse, DbcPoolCreateRequest, DbcPoolCreateResponse } from './types.js';
import { validateDbcFeeClaim, validateDbcPoolCreate } from './validate.js';

export interface StudioApi {
  createPoolTx(b: DbcPoolCreateRequest, o?: CallOptions): Promise<DbcPoolCreateResponse>;
  claimFeeTx(b: DbcFeeClaimRequest, o?: CallOptions): Promise<DbcFeeClaimResponse>;
}

export function createStudioApi(http: HttpClient): StudioApi {
  return {
    async createPoolTx(b, o) {
      validateDbcPoolCreate(b);
      return http.request(
        {
          method: 'POST',
          endpoint: 'POST /studio/v1/dbc-pool/create-tx',
          path: '/studio/v1/dbc-pool/create-tx',
          body: b,
          auth: true,
          idempotent: false,
          signal: o?.signal,
        },
        guardDbcPoolCreate,
      );
    },
    async claimFeeTx(b, o) {
      validateDbcFeeClaim(b);
      return http.request(
        {
          method: 'POST',
          endpoint: 'POST /studio/v1/dbc/fee/create-tx',
          path: '/studio/v1/dbc/fee/create-tx',
          body: b,
          auth: true,
          idempotent: false,
          signal: o?.signal,
        },
        guardDbcFeeClaim,
      );
    },
  };
}
