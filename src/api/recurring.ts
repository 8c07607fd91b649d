// 4.4 Recurring (time-based) orders; price-based ones are deprecated but still reachable.
import { guardRecurringExecute, guardRecurringList, guardRequestIdTransaction } from './guards.js';
import { JsonInteger, postRequest, type CallOptions, type HttpClient } from './http.js';
import type {
  ExecuteRequest,
  PriceWithdrawRequest,
  RecurringCancelRequest,
  RecurringCreateRequest,
  RecurringExecuteResponse,
  RecurringListParams,
  RecurringListResponse,
  RequestIdTransaction,
} from './types.js';
import {
  validateExecute,
  validatePriceWithdraw,
  validateRecurringCancel,
  validateRecurringCreate,
  validateRecurringList,
} from './validate.js';

export interface RecurringApi {
  list(p: RecurringListParams, o?: CallOptions): Promise<RecurringListResponse>;
  create(b: RecurringCreateRequest, o?: CallOptions): Promise<RequestIdTransaction>;
  cancel(b: RecurringCancelRequest, o?: CallOptions): Promise<RequestIdTransaction>;
  /** @deprecated price-based recurring orders */
  priceWithdraw(b: PriceWithdrawRequest, o?: CallOptions): Promise<RequestIdTransaction>;
  execute(b: ExecuteRequest, o?: CallOptions): Promise<RecurringExecuteResponse>;
}

export function createRecurringApi(http: HttpClient): RecurringApi {
  const post = (name: string, body: unknown, o: CallOptions | undefined) => postRequest(`/recurring/v1/${name}`, body, o);

  return {
    async list(p, o) {
      validateRecurringList(p);
      return http.request(
        {
          method: 'GET',
          endpoint: 'GET /recurring/v1/getRecurringOrders',
          path: '/recurring/v1/getRecurringOrders',
          query: {
            recurringType: p.recurringType,
            orderStatus: p.orderStatus,
            user: p.user,
            page: p.page,
            mint: p.mint,
            includeFailedTx: p.includeFailedTx,
          },
          auth: true,
          idempotent: true,
          signal: o?.signal,
        },
        guardRecurringList,
      );
    },
    async create(b, o) {
      validateRecurringCreate(b);
      const time = b.params.time;
      // inAmount is a JSON integer in the contract; a digit string goes on the wire as a number
      // literal without ever becoming a float
      const params = time
        ? { ...b.params, time: { ...time, inAmount: new JsonInteger(String(time.inAmount)) } }
        : b.params;
      return http.request(post('createOrder', { ...b, params }, o), guardRequestIdTransaction);
    },
    async cancel(b, o) {
      validateRecurringCancel(b);
      return http.request(post('cancelOrder', b, o), guardRequestIdTransaction);
    },
    async priceWithdraw(b, o) {
      validatePriceWithdraw(b);
      return http.request(post('priceWithdraw', b, o), guardRequestIdTransaction);
    },
    async execute(b, o) {
      validateExecute(b);
      return http.request(
        post('execute', { requestId: b.requestId, signedTransaction: b.signedTransaction }, o),
        guardRecurringExecute,
      );
    },
  };
}
