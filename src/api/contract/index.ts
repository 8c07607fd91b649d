// The trading service's contract, each operation declared once, one file per group: its method and
// path, whether it sends the API key and may be sent again, the schema of its query or body (the
// request rules, checked before anything is sent; the simulator reads requests with the same
// schemas), and the schema of its answer (widened where the real service is known to vary). Every
// type is inferred from a schema. Responses: a field is required only when tradedeck needs it to
// act (the mints and integer-string amounts of what is signed, a base-64 transaction, the
// requestId execute needs, the keys that identify orders); a field shown only is optional, but has
// its type when present, so a wrong value is never displayed as if it were right.
import { PORTFOLIO_OPERATIONS } from './portfolio.js';
import { RECURRING_OPERATIONS } from './recurring.js';
import { SEND_OPERATIONS } from './send.js';
import { STUDIO_OPERATIONS } from './studio.js';
import { SWAP_OPERATIONS } from './swap.js';
import { SWAP_V2_OPERATIONS } from './swapV2.js';
import { TOKENS_OPERATIONS } from './tokens.js';
import { TRIGGER_OPERATIONS } from './trigger.js';
import { TRIGGER_V2_OPERATIONS } from './triggerV2.js';
import { ULTRA_OPERATIONS } from './ultra.js';

export const OPERATIONS = {
  ...TOKENS_OPERATIONS,
  ...SWAP_OPERATIONS,
  ...ULTRA_OPERATIONS,
  ...RECURRING_OPERATIONS,
  ...TRIGGER_OPERATIONS,
  ...SEND_OPERATIONS,
  ...PORTFOLIO_OPERATIONS,
  ...STUDIO_OPERATIONS,
  ...SWAP_V2_OPERATIONS,
  ...TRIGGER_V2_OPERATIONS,
};
export type Operations = typeof OPERATIONS;

export type { Method, Operation } from './operation.js';
export * from './portfolio.js';
export * from './recurring.js';
export * from './send.js';
export * from './shared.js';
export * from './studio.js';
export * from './swap.js';
export * from './swapV2.js';
export * from './tokens.js';
export * from './trigger.js';
export * from './triggerV2.js';
export * from './ultra.js';
