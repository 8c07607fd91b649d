// The shared sign-and-submit pipeline for every state-changing action.
export { runAction, DEFAULT_MAX_QUOTE_AGE_MS } from './run.js';
export { adviceForExecuteCode, describeOrderError } from './advice.js';
export type { ActionResult, ActionSpec, Built, PipelineDeps } from './types.js';
export { BuildRefusal } from './types.js';
export { executeThrough, rpcDeps, signatureStatusThrough } from './wire.js';
