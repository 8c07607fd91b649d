// The typed client for every operation of the trading contract, made from the table of operations
// (./types.ts): one call checks the request, builds the query or body, sends it and checks the
// answer against the same operation's schemas. Only the swap and recurring groups add logic.
import {
  createHttpClient,
  JsonInteger,
  type CallOptions,
  type ClientOptions,
  type HttpClient,
  type QueryValue,
} from './http.js';
import { checkRequest, checkResponse } from './schema.js';
import {
  OPERATIONS as OPS,
  swapRules,
  type ExecuteRequest,
  type Operation,
  type Quote,
  type QuoteOrigin,
  type RecurringCreateRequest,
  type SwapRequest,
} from './types.js';

/** Sends one operation of the table; `wire` shapes a POST body that differs from the request as typed. */
export async function callOperation<Req, Res>(
  http: HttpClient,
  op: Operation<Req, Res>,
  input: Req,
  o?: CallOptions,
  wire?: (r: Req) => unknown,
): Promise<Res> {
  const get = op.method === 'GET';
  checkRequest(get ? 'params' : 'body', op.request, input);
  let path = op.path;
  const query: Record<string, QueryValue> = {};
  if (get) {
    for (const key of op.fields) {
      const value = (input as Record<string, QueryValue>)[key];
      if (path.includes(`{${key}}`)) path = path.replace(`{${key}}`, encodeURIComponent(String(value)));
      else query[key] = value;
    }
  }
  const body = get ? undefined : wire ? wire(input) : input;
  const endpoint = `${op.method} ${op.path}`;
  return http.request(
    { method: op.method, endpoint, path, query, body, auth: op.auth, idempotent: op.idempotent, signal: o?.signal },
    (b, e) => checkResponse(e, op.response, b),
  );
}

type Call<Req, Res> = (input: Req, o?: CallOptions) => Promise<Res>;
type CallOf<K extends keyof typeof OPS> =
  (typeof OPS)[K] extends Operation<infer Req, infer Res> ? Call<Req, Res> : never;

/** An execute body carries exactly the signed transaction and its requestId. */
const executeBody = (b: ExecuteRequest) => ({ signedTransaction: b.signedTransaction, requestId: b.requestId });

function createClient(http: HttpClient) {
  const call = <K extends keyof typeof OPS>(key: K, wire?: (r: never) => unknown): CallOf<K> =>
    ((input: never, o?: CallOptions) =>
      callOperation(http, OPS[key] as Operation<never, unknown>, input, o, wire)) as CallOf<K>;

  // The quote body does not say which instruction version, platform fee or transaction kind it
  // was asked for; remembering it lets swap() check the rules that depend on it.
  const origins = new WeakMap<object, QuoteOrigin>();
  // a u64 given as a digit string still goes on the wire as the JSON integer the contract asks for
  const swapWire = (b: SwapRequest) => {
    const price = b.computeUnitPriceMicroLamports;
    return typeof price === 'string' ? { ...b, computeUnitPriceMicroLamports: new JsonInteger(price) } : b;
  };
  const build = <K extends 'swap' | 'swapInstructions'>(key: K): CallOf<K> =>
    (async (b: SwapRequest, o?: CallOptions) => {
      checkRequest('body', OPS[key].request, b);
      swapRules(b, origins.get(b.quoteResponse));
      return call(key, swapWire as (r: never) => unknown)(b as never, o);
    }) as CallOf<K>;
  const quote = call('quote');

  return {
    tokens: { list: call('tokenList'), search: call('tokenSearch') },
    swap: {
      async quote(p: Parameters<typeof quote>[0], o?: CallOptions): Promise<Quote> {
        const q = await quote(p, o);
        origins.set(q, {
          instructionVersion: p.instructionVersion ?? 'V1',
          platformFeeBps: p.platformFeeBps,
          asLegacyTransaction: p.asLegacyTransaction ?? false,
        });
        return q;
      },
      swap: build('swap'),
      instructions: build('swapInstructions'),
      /**
       * GET /swap/v1/program-id-to-label: program id -> DEX label, to name the programs a transaction
       * calls (and the labels `dexes` / `excludeDexes` accept). Read-only and cacheable for a session.
       */
      programIdToLabel: (o?: CallOptions) => call('programIdToLabel')({}, o),
    },
    ultra: {
      order: call('order'),
      /** Safe to retry: the same signed transaction never executes twice. */
      execute: call('orderExecute', executeBody),
    },
    recurring: {
      list: call('recurringList'),
      // inAmount is a JSON integer in the contract; a digit string goes on the wire as a number
      // literal without ever becoming a float
      create: call('recurringCreate', (b: RecurringCreateRequest) => {
        const time = b.params.time;
        return time
          ? { ...b, params: { ...b.params, time: { ...time, inAmount: new JsonInteger(String(time.inAmount)) } } }
          : b;
      }),
      cancel: call('recurringCancel'),
      /** @deprecated price-based recurring orders */
      priceWithdraw: call('priceWithdraw'),
      execute: call('recurringExecute', executeBody),
    },
    trigger: {
      list: call('triggerList'),
      create: call('triggerCreate'),
      cancel: call('triggerCancel'),
      /** Without `orders`, cancels every open order of the maker (5 per transaction). */
      cancelMany: call('triggerCancelMany'),
      execute: call('triggerExecute', executeBody),
    },
    send: {
      /** every invite where the address is sender or recipient */
      inviteHistory: call('inviteHistory'),
      /** invites the address sent that are not yet claimed */
      pendingInvites: call('pendingInvites'),
    },
    portfolio: { positions: call('positions') },
    studio: { createPoolTx: call('dbcPoolCreate'), claimFeeTx: call('dbcFeeClaim') },
  };
}

export type ApiClient = ReturnType<typeof createClient>;
export type TokensApi = ApiClient['tokens'];
export type SwapApi = ApiClient['swap'];
export type UltraApi = ApiClient['ultra'];
export type RecurringApi = ApiClient['recurring'];
export type TriggerApi = ApiClient['trigger'];
export type SendApi = ApiClient['send'];
export type PortfolioApi = ApiClient['portfolio'];
export type StudioApi = ApiClient['studio'];

export function createApiClient(opts: ClientOptions): ApiClient {
  return createClient(createHttpClient(opts));
}

export * from './http.js';
export * from './errors.js';
export { checkRequest, checkResponse, fromQuery, requestProblems, type Schema, type Infer } from './schema.js';
export { decodeBase58, encodeBase58, isAddress } from './base58.js';
export * from './types.js';
