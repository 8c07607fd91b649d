// The typed client for every operation of the trading contract (trading-api.md, section 4).
import { createHttpClient, type CallOptions, type ClientOptions } from './http.js';
import { createPortfolioApi, type PortfolioApi } from './portfolio.js';
import { createRecurringApi, type RecurringApi } from './recurring.js';
import { createSendApi, type SendApi } from './send.js';
import { createStudioApi, type StudioApi } from './studio.js';
import { createSwapApi, type SwapApi } from './swap.js';
import { createTokensApi, type TokensApi } from './tokens.js';
import { createTriggerApi, type TriggerApi } from './trigger.js';
import { createUltraApi, type UltraApi } from './ultra.js';

export interface ApiClient {
  tokens: TokensApi;
  swap: SwapApi;
  ultra: UltraApi;
  recurring: RecurringApi;
  trigger: TriggerApi;
  send: SendApi;
  portfolio: PortfolioApi;
  studio: StudioApi;
}

export function createApiClient(opts: ClientOptions): ApiClient {
  const http = createHttpClient(opts);
  return {
    tokens: createTokensApi(http),
    swap: createSwapApi(http),
    ultra: createUltraApi(http),
    recurring: createRecurringApi(http),
    trigger: createTriggerApi(http),
    send: createSendApi(http),
    portfolio: createPortfolioApi(http),
    studio: createStudioApi(http),
  };
}

export type { CallOptions, ClientOptions };
export {
  MAX_RETRY_WAIT_MS,
  JsonInteger,
  buildQuery,
  createHttpClient,
  parseErrorBody,
  serverRequestedWaitMs,
  stringifyJson,
  type HttpClient,
  type HttpRequest,
  type QueryValue,
  type RequestEvent,
} from './http.js';
export * from './errors.js';
export {
  checkResponse,
  guardDbcFeeClaim,
  guardDbcPoolCreate,
  guardInviteList,
  guardOrder,
  guardOrderExecute,
  guardPortfolio,
  guardProgramIdToLabel,
  guardQuote,
  guardRecurringExecute,
  guardRecurringList,
  guardRequestIdTransaction,
  guardSwapInstructions,
  guardSwapResponse,
  guardTokenList,
  guardTriggerCancelMany,
  guardTriggerCreate,
  guardTriggerExecute,
  guardTriggerList,
  type Fail,
  type Schema,
} from './guards.js';
/** the response schemas and their building blocks (str, num, obj, arr, ...) */
export * as responseSchemas from './guards.js';
/** every request rule check, including the small helpers */
export * as requestRules from './validate.js';
export {
  address as checkAddress,
  decodeBase58,
  encodeBase58,
  isAddress,
  positiveRawAmount,
  validateDbcFeeClaim,
  validateDbcPoolCreate,
  validateExecute,
  validateInviteList,
  validateOrder,
  validatePortfolio,
  validatePriceWithdraw,
  validateQuote,
  validateRecurringCancel,
  validateRecurringCreate,
  validateRecurringList,
  validateSwapRequest,
  validateTokenList,
  validateTriggerCancel,
  validateTriggerCancelMany,
  validateTriggerCreate,
  validateTriggerList,
  type QuoteOrigin,
} from './validate.js';
export * from './rpc.js';
export * from './types.js';
export type { TokensApi } from './tokens.js';
export type { SwapApi } from './swap.js';
export type { UltraApi } from './ultra.js';
export type { RecurringApi } from './recurring.js';
export type { TriggerApi } from './trigger.js';
export type { SendApi } from './send.js';
export type { PortfolioApi } from './portfolio.js';
export type { StudioApi } from './studio.js';
