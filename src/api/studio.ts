// 4.8 Studio: bonding-curve pool transactions.
import { guardDbcFeeClaim, guardDbcPoolCreate } from './guards.js';
import { postRequest, type CallOptions, type HttpClient } from './http.js';
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
      return http.request(postRequest('/studio/v1/dbc-pool/create-tx', b, o), guardDbcPoolCreate);
    },
    async claimFeeTx(b, o) {
      validateDbcFeeClaim(b);
      return http.request(postRequest('/studio/v1/dbc/fee/create-tx', b, o), guardDbcFeeClaim);
    },
  };
}
