// Submitting one signed transaction and learning its outcome, by execute (order, trigger,
// recurring) or by RPC (swap, studio). A live transaction is never re-signed: retries post the
// very same signed bytes (and requestId), which cannot execute twice.

import type { JournalStatus } from '../journal/journal.js';
import { EXECUTE_WINDOW_MS } from '../journal/reconcile.js';
import { adviceForExecuteCode, codeOfError, codeOfPreflight, isExpiredCode, isRetryableError } from './advice.js';
import type { Built, PipelineDeps } from './types.js';

export interface SubmitOutcome {
  status: JournalStatus & ('success' | 'failed' | 'expired' | 'unknown');
  signature?: string;
  code?: number;
  error?: string;
  advice?: string;
  result?: unknown;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function message(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

export async function submitByExecute(
  signedTransaction: string,
  built: Built,
  spec: { group: Parameters<PipelineDeps['execute']>[0] },
  deps: PipelineDeps,
): Promise<SubmitOutcome> {
  const requestId = built.requestId;
  if (!requestId) return { status: 'failed', error: 'the service returned no requestId to execute with' };
  const attempts = Math.max(1, deps.maxExecuteAttempts ?? 3);
  const sleep = deps.sleep ?? defaultSleep;
  let last: SubmitOutcome = { status: 'unknown', error: 'not executed' };
  for (let attempt = 1; attempt <= attempts; attempt++) {
    let code: number | undefined;
    let transient: boolean;
    try {
      const r = await deps.execute(spec.group, { requestId, signedTransaction });
      const signature = r.signature ?? undefined;
      if (String(r.status).toLowerCase() === 'success') {
        return { status: 'success', signature, code: r.code, result: r };
      }
      code = r.code;
      const advice = adviceForExecuteCode(code, spec.group);
      transient = advice.kind === 'retry-same';
      last = {
        status: isExpiredCode(code, spec.group) ? 'expired' : transient ? 'unknown' : 'failed',
        signature,
        code,
        error: r.error ?? advice.text,
        advice: advice.text,
        result: r,
      };
    } catch (err) {
      code = codeOfError(err);
      const advice = code === undefined ? undefined : adviceForExecuteCode(code, spec.group);
      transient = advice ? advice.kind === 'retry-same' : isRetryableError(err);
      last = {
        status: isExpiredCode(code, spec.group) ? 'expired' : transient ? 'unknown' : 'failed',
        code,
        error: message(err),
        advice:
          advice?.text ??
          (transient
            ? 'The outcome is not known yet; it will be checked again at the next start.'
            : 'Nothing was executed; get a new quote to try again.'),
      };
    }
    const withinWindow = deps.now() - built.builtAt <= EXECUTE_WINDOW_MS;
    if (!transient || !withinWindow || attempt === attempts) break;
    deps.onStatus?.(`Waiting for the outcome (attempt ${attempt + 1} of ${attempts}, same signed transaction)…`);
    await sleep(deps.pollIntervalMs ?? 1000);
  }
  return last;
}

export async function submitByRpc(
  signedTransaction: string,
  transactionId: string | null,
  built: Built,
  deps: PipelineDeps,
  lifetimeMs: number,
  /** told once the node answered the send (or failed to): the rest is following it */
  onSent?: () => void,
): Promise<SubmitOutcome & { sent: boolean }> {
  const sleep = deps.sleep ?? defaultSleep;
  let signature = transactionId ?? undefined;
  let sendError: string | undefined;
  let sent = false;
  try {
    signature = await deps.sendRawTransaction(signedTransaction);
    sent = true;
    onSent?.();
  } catch (err) {
    onSent?.();
    sendError = message(err);
    // The node answered with an error (e.g. failed preflight): it did not take the transaction.
    if (err && typeof err === 'object' && (err as { kind?: unknown }).kind === 'rpc') {
      // its preflight simulation says why (slippage, an expired blockhash): the same words as an execute's
      const code = codeOfPreflight((err as { data?: unknown }).data);
      return {
        status: 'failed',
        signature,
        error: sendError,
        advice: `The node refused the transaction; nothing was sent. ${
          code === undefined ? 'Get a new quote to try again.' : adviceForExecuteCode(code).text
        }`,
        sent,
      };
    }
  }
  if (!signature) return { status: 'unknown', error: sendError ?? 'no signature to follow', sent };
  deps.onStatus?.(sent ? 'Sent; waiting for confirmation…' : 'Sending may have failed; checking whether it landed…');
  for (;;) {
    let state: 'confirmed' | 'failed' | 'unknown';
    try {
      state = await deps.signatureStatus(signature);
    } catch {
      state = 'unknown';
    }
    if (state === 'confirmed') return { status: 'success', signature, sent };
    if (state === 'failed')
      return {
        status: 'failed',
        signature,
        error: 'the transaction failed on chain',
        advice: 'Only the network fee was spent. Get a new quote before trying again.',
        sent,
      };
    let expired: boolean;
    if (built.lastValidBlockHeight !== undefined) {
      let height: number | undefined;
      try {
        height = await deps.blockHeight();
      } catch {
        height = undefined;
      }
      expired = height !== undefined ? height > built.lastValidBlockHeight : deps.now() - built.builtAt > lifetimeMs;
    } else {
      expired = deps.now() - built.builtAt > lifetimeMs;
    }
    if (expired) {
      return {
        status: 'expired',
        signature,
        error: sendError
          ? `sending failed (${sendError}) and it never landed`
          : 'it never confirmed before its blockhash expired',
        advice: 'It can no longer land. Get a new quote and confirm again.',
        sent,
      };
    }
    await sleep(deps.pollIntervalMs ?? 1000);
  }
}
