// What a person should do after the service answers: plain words for the codes of the execute
// operations (POST /ultra/v1/execute and the others) and the errorCode of GET /ultra/v1/order.
// Decisions use numeric codes only, never the service's message text, which is parameterized and
// may change.

import { formatPercent } from '../text/format.js';

export type AdviceKind = 'success' | 'retry-same' | 're-quote' | 'failed';

export interface ExecuteAdvice {
  kind: AdviceKind;
  /** one or two sentences for the status line */
  text: string;
}

/** Codes that mean "the outcome is not known yet": post the same signed transaction and requestId again. */
function isTransient(code: number): boolean {
  return code === -1 || (code <= -1000 && code > -2000 && code !== -1005);
}

/**
 * The codes of POST /swap/v2/execute beyond the common ones (0, -1, -2, -3): its own list, an
 * aggregator route's (-1000s) and an RFQ route's (-2000s), without program codes.
 */
function adviceForV2Code(code: number): ExecuteAdvice | undefined {
  switch (code) {
    case -1000:
    case -2000:
      return {
        kind: 'retry-same',
        text: 'The transaction has not landed yet. Its outcome is not known; re-posting the same signed transaction is safe and reports it.',
      };
    case -1004:
    case -2003:
      return {
        kind: 're-quote',
        text: `The ${code === -2003 ? "market maker's quote" : 'transaction'} expired before it landed. It was not executed; get a new quote and confirm again.`,
      };
    case -1001:
    case -2001:
      return {
        kind: 're-quote',
        text: `The swap failed (code ${code}, the service names no cause); only the network fee may have been spent. Get a new quote before trying again.`,
      };
    case -2004:
      return {
        kind: 're-quote',
        text: 'The market maker rejected the swap. It was not executed; get a new quote.',
      };
    case -1002:
    case -1003:
    case -2002:
      return {
        kind: 're-quote',
        text: `The service refused the transaction as ${code === -1003 ? 'not fully signed' : 'invalid'} (code ${code}). It was not executed; get a new quote.`,
      };
    default:
      return undefined;
  }
}

/** Whether an execute code says the transaction expired unsent (the journal's 'expired'). */
export function isExpiredCode(code: number | undefined, group?: string): boolean {
  return code === -1005 || (group === 'swapV2' && (code === -1004 || code === -2003));
}

/** `group`: the journal group executed through ('swapV2' reads POST /swap/v2/execute's own codes). */
export function adviceForExecuteCode(code: number | undefined | null, group?: string): ExecuteAdvice {
  if (code === 0) return { kind: 'success', text: 'Executed.' };
  if (group === 'swapV2' && typeof code === 'number') {
    const v2 = adviceForV2Code(code);
    if (v2) return v2;
  }
  if (code === undefined || code === null) {
    return {
      kind: 'failed',
      text: 'The service reported a failure without a code. Nothing more will be sent; get a new quote to try again.',
    };
  }
  if (code === 6001) {
    return {
      kind: 're-quote',
      text: 'Slippage tolerance exceeded: the market moved between quote and execution. Get a new quote (or allow more slippage) and confirm again.',
    };
  }
  if (code === -1005) {
    return {
      kind: 're-quote',
      text: 'The transaction expired before it landed. It was not executed; get a new quote and confirm again.',
    };
  }
  if (code === -2) {
    return {
      kind: 're-quote',
      text: 'The service rejected the signed transaction as invalid. It was not executed; get a new quote.',
    };
  }
  if (code === -3) {
    return {
      kind: 're-quote',
      text: 'The service says the transaction bytes were changed after it built them (a tradedeck bug; please report it). It was not executed; get a new quote.',
    };
  }
  if (code === -1) {
    return {
      kind: 'retry-same',
      text: 'The service does not know this request (yet, or any more). Re-posting the same signed transaction is safe for about 2 minutes; after that, get a new quote.',
    };
  }
  if (code === -1006) {
    return {
      kind: 'retry-same',
      text: 'Timed out waiting for the transaction to land. Its outcome is not known yet; re-posting the same signed transaction is safe and reports it.',
    };
  }
  if (isTransient(code)) {
    return {
      kind: 'retry-same',
      text: `A temporary service error (code ${code}). Re-posting the same signed transaction is safe; it cannot execute twice.`,
    };
  }
  if (code > 0) {
    return {
      kind: 're-quote',
      text: `The transaction failed on chain (program error ${code}); only the network fee was spent. Get a new quote before trying again.`,
    };
  }
  return {
    kind: 'failed',
    text: `The service refused the transaction (code ${code}). It was not executed; get a new quote to try again.`,
  };
}

/**
 * The slippage (basis points, rounded up to a tenth of a percent) that would have let a swap
 * quoted at `quotedOut` pass when the market gives `nowOut` for the same input; undefined when
 * the market gives at least the quote (the failure was not about price).
 */
export function slippageThatPasses(quotedOut: bigint, nowOut: bigint): number | undefined {
  if (quotedOut <= 0n || nowOut >= quotedOut) return undefined;
  const bps = Number(((quotedOut - nowOut) * 10_000n + quotedOut - 1n) / quotedOut);
  return Math.min(10_000, Math.ceil(bps / 10) * 10);
}

/** What to do after a slippage failure, offering the slippage that would have passed. */
export function slippageAdvice(passingBps: number | undefined): string {
  if (passingBps === undefined) return adviceForExecuteCode(6001).text;
  const pct = formatPercent(passingBps / 100);
  return `Slippage tolerance exceeded: the market moved between quote and execution. A slippage of ${pct} would have passed: set Slippage to ${pct} or more on the Swap form and confirm again, or get a new quote as it is.`;
}

/** Order `errorCode` (the order could not be built: `transaction` is empty). */
export function describeOrderError(errorCode: number): string {
  switch (errorCode) {
    case 1:
      return 'Insufficient funds: the wallet does not hold enough of the input token for this amount. Lower the amount or add funds to the wallet.';
    case 2:
      return 'Not enough SOL for network fees: the wallet needs a little SOL to pay for this swap. Add some SOL to the wallet, then quote again.';
    case 3:
      return 'Below the minimum for a gasless swap: the amount is too small for the service to cover the fees. Increase the amount, or keep some SOL in the wallet to pay fees yourself.';
    default:
      return `The service could not build this order (error code ${errorCode}). Try a different amount or pair.`;
  }
}

/** A numeric execute code carried by a thrown error (the order group's HTTP error body may hold one). */
export function codeOfError(err: unknown): number | undefined {
  if (err && typeof err === 'object' && 'code' in err) {
    const { code, status } = err as { code: unknown; status?: unknown };
    // Some error envelopes repeat the HTTP status as `code` (trigger, recurring, gateway): not an execute code.
    if (typeof code === 'number' && Number.isInteger(code) && code !== status) return code;
  }
  return undefined;
}

/** Whether a thrown error may go away by itself (network, timeout, 429, 5xx) rather than being a refusal. */
export function isRetryableError(err: unknown): boolean {
  if (err && typeof err === 'object' && 'retryable' in err) return err.retryable === true;
  if (err && typeof err === 'object' && 'kind' in err) {
    const kind = err.kind;
    return kind === 'network' || kind === 'timeout';
  }
  return true;
}

/**
 * What a node's refused sendTransaction says of the transaction in its data (the preflight
 * simulation's `err`), as the execute codes say it: a program's custom error is its number
 * (6001, slippage), BlockhashNotFound is -1005 (expired). Read from the structure, never the message.
 */
export function codeOfPreflight(data: unknown): number | undefined {
  const err = data && typeof data === 'object' ? (data as { err?: unknown }).err : undefined;
  if (err === 'BlockhashNotFound') return -1005;
  const ix = err && typeof err === 'object' ? (err as { InstructionError?: unknown }).InstructionError : undefined;
  const custom =
    Array.isArray(ix) && ix[1] && typeof ix[1] === 'object' ? (ix[1] as { Custom?: unknown }).Custom : undefined;
  return typeof custom === 'number' && Number.isInteger(custom) && custom >= 0 ? custom : undefined;
}
