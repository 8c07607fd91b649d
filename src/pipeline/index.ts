// The shared sign-and-submit pipeline for every state-changing action.
export { runAction, DEFAULT_MAX_QUOTE_AGE_MS } from './run.js';
export { adviceForExecuteCode, describeOrderError, type AdviceKind, type ExecuteAdvice } from './advice.js';
export type {
  ActionResult,
  ActionSpec,
  ActionStage,
  ActionStatus,
  Built,
  ConfirmAnswer,
  ConfirmRequest,
  PipelineDeps,
  TransactionOutcome,
} from './types.js';
export { executeThrough, rpcDeps, signatureStatusThrough, type ExecutingClient, type RpcLike } from './wire.js';
