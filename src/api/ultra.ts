// 4.3 Order and execute.
import { guardOrder, guardOrderExecute } from './guards.js';
import { postRequest, type CallOptions, type HttpClient } from './http.js';
import type { ExecuteRequest, Order, OrderExecuteResponse, OrderParams } from './types.js';
import { validateExecute, validateOrder } from './validate.js';

export interface UltraApi {
  order(p: OrderParams, o?: CallOptions): Promise<Order>;
  /** Safe to retry: the same signed transaction never executes twice. */
  execute(b: ExecuteRequest, o?: CallOptions): Promise<OrderExecuteResponse>;
}

export function createUltraApi(http: HttpClient): UltraApi {
  return {
    async order(p, o) {
      validateOrder(p);
      return http.request(
        {
          method: 'GET',
          endpoint: 'GET /ultra/v1/order',
          path: '/ultra/v1/order',
          query: {
            inputMint: p.inputMint,
            outputMint: p.outputMint,
            amount: p.amount,
            taker: p.taker,
            receiver: p.receiver,
            payer: p.payer,
            closeAuthority: p.closeAuthority,
            referralAccount: p.referralAccount,
            referralFee: p.referralFee,
            excludeRouters: p.excludeRouters,
            excludeDexes: p.excludeDexes,
          },
          auth: true,
          idempotent: true,
          signal: o?.signal,
        },
        guardOrder,
      );
    },
    async execute(b, o) {
      validateExecute(b);
      return http.request(
        postRequest('/ultra/v1/execute', { signedTransaction: b.signedTransaction, requestId: b.requestId }, o),
        guardOrderExecute,
      );
    },
  };
}
