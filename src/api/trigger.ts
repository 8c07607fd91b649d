// 4.5 Trigger (limit) orders.
import { guardRequestIdTransaction, guardTriggerCancelMany, guardTriggerCreate, guardTriggerExecute, guardTriggerList } from './guards.js';
import { postRequest, type CallOptions, type HttpClient } from './http.js';
import type {
  ExecuteRequest,
  RequestIdTransaction,
  TriggerCancelManyRequest,
  TriggerCancelManyResponse,
  TriggerCancelRequest,
  TriggerCreateRequest,
  TriggerCreateResponse,
  TriggerExecuteResponse,
  TriggerListParams,
  TriggerListResponse,
} from './types.js';
import {
  validateExecute,
  validateTriggerCancel,
  validateTriggerCancelMany,
  validateTriggerCreate,
  validateTriggerList,
} from './validate.js';

export interface TriggerApi {
  list(p: TriggerListParams, o?: CallOptions): Promise<TriggerListResponse>;
  create(b: TriggerCreateRequest, o?: CallOptions): Promise<TriggerCreateResponse>;
  cancel(b: TriggerCancelRequest, o?: CallOptions): Promise<RequestIdTransaction>;
  /** Without `orders`, cancels every open order of the maker (5 per transaction). */
  cancelMany(b: TriggerCancelManyRequest, o?: CallOptions): Promise<TriggerCancelManyResponse>;
  execute(b: ExecuteRequest, o?: CallOptions): Promise<TriggerExecuteResponse>;
}

export function createTriggerApi(http: HttpClient): TriggerApi {
  const post = (name: string, body: unknown, o: CallOptions | undefined) => postRequest(`/trigger/v1/${name}`, body, o);

  return {
    async list(p, o) {
      validateTriggerList(p);
      return http.request(
        {
          method: 'GET',
          endpoint: 'GET /trigger/v1/getTriggerOrders',
          path: '/trigger/v1/getTriggerOrders',
          query: {
            user: p.user,
            orderStatus: p.orderStatus,
            page: p.page,
            includeFailedTx: p.includeFailedTx,
            inputMint: p.inputMint,
            outputMint: p.outputMint,
          },
          auth: true,
          idempotent: true,
          signal: o?.signal,
        },
        guardTriggerList,
      );
    },
    async create(b, o) {
      validateTriggerCreate(b);
      return http.request(post('createOrder', b, o), guardTriggerCreate);
    },
    async cancel(b, o) {
      validateTriggerCancel(b);
      return http.request(post('cancelOrder', b, o), guardRequestIdTransaction);
    },
    async cancelMany(b, o) {
      validateTriggerCancelMany(b);
      return http.request(post('cancelOrders', b, o), guardTriggerCancelMany);
    },
    async execute(b, o) {
      validateExecute(b);
      return http.request(
        post('execute', { requestId: b.requestId, signedTransaction: b.signedTransaction }, o),
        guardTriggerExecute,
      );
    },
  };
}
