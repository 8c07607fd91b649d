// The typed client for every operation of the trading contract, made from the table of operations
// (./contract/): one call checks the request, builds the query or body, sends it and checks the
// answer against the same operation's schemas. Only the swap and recurring groups add logic.
import {
  createHttpClient,
  JsonInteger,
  type CallOptions,
  type ClientOptions,
  type HttpClient,
  type QueryValue,
} from './http.js';
import { checkRequest, checkResponse } from './contract/schema.js';
import type { RequestSchema } from './contract/operation.js';
import {
  dcaOrderAt,
  OPERATIONS as OPS,
  priceOrderAt,
  swapRequestFrom,
  type ExecuteRequest,
  type ExecuteV2Request,
  type Operation,
  type Quote,
  type QuoteOrigin,
  type RecurringCreateRequest,
  type SwapRequest,
} from './contract/index.js';
import { RequestRuleError } from './contract/ruleErrors.js';

/**
 * Sends one operation of the table; `wire` shapes a body that differs from the request as typed,
 * `rules` checks it in place of the table's request schema (that schema with rules of its own).
 */
export async function callOperation<Req, Res>(
  http: HttpClient,
  op: Operation<Req, Res>,
  input: Req,
  o?: CallOptions,
  wire?: (r: Req) => unknown,
  rules: RequestSchema = op.request,
): Promise<Res> {
  const get = op.method === 'GET';
  checkRequest(get ? 'params' : 'body', rules, input);
  if (op.bearer && !o?.token)
    throw new RequestRuleError(
      'token',
      'is required: log in first (POST /trigger/v2/auth/challenge, then /auth/verify)',
    );
  // it goes into a header: only the characters a JWT is made of
  if (op.bearer && !/^[\w.-]{1,8192}$/.test(o!.token!))
    throw new RequestRuleError('token', 'must be the JWT the login gave (base64url parts)', '(not shown)');
  const inPath = op.fields.filter((k) => op.path.includes(`{${k}}`));
  let path = op.path;
  for (const key of inPath)
    path = path.replace(`{${key}}`, encodeURIComponent(String((input as Record<string, unknown>)[key])));
  const query: Record<string, QueryValue> = {};
  let body: unknown;
  if (get) {
    for (const key of op.fields) if (!inPath.includes(key)) query[key] = (input as Record<string, QueryValue>)[key];
  } else if (wire) body = wire(input);
  else if (inPath.length === 0) body = input;
  // the request less what went into its path; no body at all when its every field went there
  else if (op.fields.length > inPath.length)
    body = Object.fromEntries(Object.entries(input as object).filter(([k]) => !inPath.includes(k)));
  const endpoint = `${op.method} ${op.path}`;
  return http.request(
    {
      method: op.method,
      endpoint,
      path,
      query,
      body,
      auth: op.auth,
      ...(op.bearer ? { bearer: o!.token } : {}),
      idempotent: op.idempotent,
      signal: o?.signal,
    },
    (b, e) => checkResponse(e, op.response, b),
  );
}

type Call<Req, Res> = (input: Req, o?: CallOptions) => Promise<Res>;
type CallOf<K extends keyof typeof OPS> =
  (typeof OPS)[K] extends Operation<infer Req, infer Res> ? Call<Req, Res> : never;

/** An execute body carries exactly the signed transaction and its requestId. */
const executeBody = (b: ExecuteRequest) => ({ signedTransaction: b.signedTransaction, requestId: b.requestId });
/** POST /swap/v2/execute's, and the order's lastValidBlockHeight when given. */
const executeV2Body = (b: ExecuteV2Request) => ({
  ...executeBody(b),
  ...(b.lastValidBlockHeight === undefined ? {} : { lastValidBlockHeight: b.lastValidBlockHeight }),
});

// The quote body does not say which instruction version, platform fee or transaction kind it was
// asked for; the quote carries it under a symbol, not enumerable (never sent, never copied by a
// spread, never shown), so swap() can check the rules that depend on it.
const ORIGIN = Symbol('quote origin');
const withOrigin = (q: Quote, origin: QuoteOrigin): Quote =>
  Object.defineProperty(q, ORIGIN, { value: origin, enumerable: false });
const originOf = (q: object): QuoteOrigin | undefined => (q as { [ORIGIN]?: QuoteOrigin })[ORIGIN];

function createClient(http: HttpClient) {
  const call = <K extends keyof typeof OPS>(
    key: K,
    wire?: (r: never) => unknown,
    rules?: (input: never) => RequestSchema,
  ): CallOf<K> =>
    ((input: never, o?: CallOptions) =>
      callOperation(http, OPS[key] as Operation<never, unknown>, input, o, wire, rules?.(input))) as CallOf<K>;

  // a u64 given as a digit string still goes on the wire as the JSON integer the contract asks for
  const swapWire = (b: SwapRequest) => {
    const price = b.computeUnitPriceMicroLamports;
    return typeof price === 'string' ? { ...b, computeUnitPriceMicroLamports: new JsonInteger(price) } : b;
  };
  const swapRules = (b: SwapRequest) => swapRequestFrom(originOf(b.quoteResponse));
  const quote = call('quote');

  return {
    tokens: { list: call('tokenList'), search: call('tokenSearch') },
    swap: {
      async quote(p: Parameters<typeof quote>[0], o?: CallOptions): Promise<Quote> {
        const q = await quote(p, o);
        return withOrigin(q, {
          instructionVersion: p.instructionVersion ?? 'V1',
          platformFeeBps: p.platformFeeBps,
          asLegacyTransaction: p.asLegacyTransaction ?? false,
        });
      },
      swap: call('swap', swapWire, swapRules),
      instructions: call('swapInstructions', swapWire, swapRules),
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
    /** The service's current swap generation: the same order and execute, more routers and parameters. */
    swapV2: {
      order: call('swapV2Order'),
      /** Safe to retry: the same signed transaction never executes twice. */
      execute: call('swapV2Execute', executeV2Body),
      /** the raw instructions of a swap (in place of POST /swap/v1/swap-instructions) */
      build: call('swapV2Build'),
    },
    /**
     * The service's current orders, filled from a custodial vault. Every call but the login's two
     * takes the login token in its options (`{ token }`); the client keeps none.
     */
    triggerV2: {
      challenge: call('triggerV2Challenge'),
      verify: call('triggerV2Verify'),
      vault: (o: CallOptions) => call('triggerV2Vault')({}, o),
      /** makes the wallet's vault; HTTP 409 when it has one (its details name it) */
      registerVault: (o: CallOptions) => call('triggerV2RegisterVault')({}, o),
      /** the deposit to sign: the order's funds from the wallet to its vault */
      craftDeposit: call('triggerV2Deposit'),
      /** lands the signed deposit and opens the order; its expiry must be ahead of this machine's clock */
      createPriceOrder: call('triggerV2CreatePrice', undefined, () => priceOrderAt(Date.now())),
      editPriceOrder: call('triggerV2EditPrice'),
      /** stops the order's fills and gives the withdrawal to sign */
      cancelPriceOrder: call('triggerV2CancelPrice'),
      /** lands the signed withdrawal: the order's funds go back to the wallet */
      confirmCancelPriceOrder: call('triggerV2ConfirmCancelPrice'),
      priceHistory: call('triggerV2PriceHistory'),
      priceOrder: call('triggerV2PriceOrder'),
      /** lands the signed deposit and starts the rounds; a first round given must be ahead of this machine's clock */
      createDcaOrder: call('triggerV2CreateDca', undefined, () => dcaOrderAt(Date.now())),
      cancelDcaOrder: call('triggerV2CancelDca'),
      confirmCancelDcaOrder: call('triggerV2ConfirmCancelDca'),
      dcaHistory: call('triggerV2DcaHistory'),
      dcaOrder: call('triggerV2DcaOrder'),
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
export type SwapV2Api = ApiClient['swapV2'];
export type TriggerV2Api = ApiClient['triggerV2'];
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
export * from './contract/ruleErrors.js';
export { checkRequest, checkResponse, fromQuery, requestProblems, type Schema, type Infer } from './contract/schema.js';
export { decodeBase58, encodeBase58, isAddress } from '../chain/base58.js';
export * from './contract/index.js';
export { NATIVE_MINT, USDC_MINT } from '../chain/mints.js';
