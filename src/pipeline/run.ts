// The one pipeline every state-changing action goes through:
// build (the flow checks the answer against its request) -> (read the lookup tables it uses) ->
// inspect -> simulate (the wallet's balance changes, judged against what the action expects) ->
// confirm -> (re-build if the quote aged out) -> [signing turn: journal the entry (flushed) -> sign
// -> journal the signed line (flushed) -> submit] -> journal the outcome -> result.
// Nothing is signed before the person confirms and its entry is on disk, and nothing is sent before
// its signed line is on disk. The signing turn (deps.signingTurn) is the state directory's: other
// processes on it sign before or after, never between.

import { randomUUID } from 'node:crypto';
import { JournalWriteError, sendingHere, type ExecutedAmounts, type JournalStatus } from '../journal/journal.js';
import { inspectTransaction, type InspectionOk } from '../wallet/inspect.js';
import { WatchOnlyError } from '../wallet/keypair.js';
import { signTransaction } from '../wallet/sign.js';
import { readLookupTables } from './lookupTables.js';
import { judgeEffect, measureEffect, type BalanceEffect } from './effect.js';
import { submitByExecute, submitByRpc, type SubmitOutcome } from './submit.js';
import { testKillDuringExecute, testKillPoint } from './testKill.js';
import {
  BuildRefusal,
  type ActionResult,
  type ActionSpec,
  type ActionStage,
  type ActionStatus,
  type Built,
  type ConfirmRequest,
  type PipelineDeps,
  type TransactionOutcome,
} from './types.js';

export const DEFAULT_MAX_QUOTE_AGE_MS = 60_000;

function message(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

function stop(
  status: ActionStatus,
  stage: ActionStage,
  error: string | undefined,
  transactions: TransactionOutcome[] = [],
): ActionResult {
  return { status, stage, ...(error === undefined ? {} : { error }), transactions };
}

/** True when a build may no longer be signed: older than its blockhash lifetime, or past its last valid block height. */
async function isStale(built: Built, deps: PipelineDeps, maxAgeMs: number): Promise<boolean> {
  if (deps.now() - built.builtAt > maxAgeMs) return true;
  if (built.lastValidBlockHeight === undefined) return false;
  try {
    return (await deps.blockHeight()) > built.lastValidBlockHeight;
  } catch {
    return false;
  }
}

async function inspectAll(
  built: Built,
  spec: ActionSpec,
  deps: PipelineDeps,
): Promise<{ ok: true; inspections: InspectionOk[] } | { ok: false; reason: string }> {
  if (built.transactions.length === 0) return { ok: false, reason: 'the service returned no transaction to sign' };
  if (built.submit === 'execute' && !built.requestId)
    return { ok: false, reason: 'the service returned no requestId to execute with' };
  const inspections: InspectionOk[] = [];
  for (const [n, tx] of built.transactions.entries()) {
    const which = built.transactions.length > 1 ? `transaction ${n + 1} of ${built.transactions.length}: ` : '';
    // What the transaction loads through lookup tables is checked like its static accounts.
    const tables = await readLookupTables(tx, deps);
    if (!tables.ok) return { ok: false, reason: `${which}${tables.reason}` };
    const r = await inspectTransaction(tx, {
      wallet: deps.wallet.address,
      allowedSigners: built.allowedSigners,
      ...(spec.programNames ? { programNames: spec.programNames } : {}),
      named: [...(built.expect.receiver ? [built.expect.receiver] : []), ...(built.expect.named ?? [])],
      tokens: built.expect.tokens,
      lookupTables: tables.tables,
      ...(built.maxLamports !== undefined ? { maxLamports: built.maxLamports } : {}),
      ...(built.payTo ? { payTo: built.payTo } : {}),
      ...(built.expect.tipLamports !== undefined ? { tipLamports: built.expect.tipLamports } : {}),
    });
    if (!r.ok) return { ok: false, reason: `${which}${r.reason}` };
    // Sent by RPC, every other signer must already have signed: tradedeck can add only the wallet's signature.
    const missing = r.unsignedSigners.filter((s) => s !== deps.wallet.address);
    if (built.submit === 'rpc' && missing.length > 0)
      return {
        ok: false,
        reason: `${which}it also needs a signature from ${missing.join(', ')}, which tradedeck cannot provide`,
      };
    inspections.push(r);
  }
  return { ok: true, inspections };
}

export async function runAction(spec: ActionSpec, deps: PipelineDeps): Promise<ActionResult> {
  const sent: string[] = [];
  try {
    return await runSteps(spec, deps, sent);
  } finally {
    // finished here, one way or another: what is unfinished of them is the start-up check's now
    for (const id of sent) sendingHere.delete(id);
  }
}

async function runSteps(spec: ActionSpec, deps: PipelineDeps, sent: string[]): Promise<ActionResult> {
  if (deps.wallet.kind === 'watch') return stop('refused', 'wallet', new WatchOnlyError(deps.wallet.address).message);
  const maxAge = deps.maxQuoteAgeMs ?? DEFAULT_MAX_QUOTE_AGE_MS;
  const maxRebuilds = deps.maxRebuilds ?? 3;

  let built: Built | undefined;
  let previous: ConfirmRequest | undefined;
  for (let round = 0; ; round++) {
    deps.onStatus?.(round === 0 ? 'Building…' : 'The quote aged past its blockhash lifetime; fetching a fresh one…');
    let candidate: Built;
    try {
      candidate = await spec.build();
    } catch (err) {
      return stop(err instanceof BuildRefusal ? 'refused' : 'failed', 'build', message(err));
    }
    const inspected = await inspectAll(candidate, spec, deps);
    if (!inspected.ok) return stop('refused', 'inspect', inspected.reason);
    // what the transactions really do to the wallet, from a simulation of the exact messages
    deps.onStatus?.('Simulating…');
    const measured = await measureEffect(candidate, inspected.inspections, deps.wallet.address, deps);
    if (!measured.ok) return stop('refused', 'simulate', measured.reason);
    const effect: BalanceEffect = measured.effect;
    const wrong = judgeEffect(effect, candidate.expect, measured.landings ?? [], deps.wallet.address);
    if (wrong) return stop('refused', 'simulate', wrong);
    let answer;
    const own = spec.describe(candidate);
    const described = deps.paperNote ? { ...own, paperNote: deps.paperNote } : own;
    try {
      answer = await deps.confirm({
        ...described,
        inspections: inspected.inspections,
        built: candidate,
        effect,
        ...(previous ? { previous } : {}),
      });
    } catch (err) {
      // A dialog that went away without an answer is a cancel: nothing is signed.
      return stop('cancelled', 'confirm', message(err));
    }
    previous = described;
    if (answer === 'cancel') return stop('cancelled', 'confirm', undefined);
    if (answer === 'confirm' && !(await isStale(candidate, deps, maxAge))) {
      built = candidate;
      break;
    }
    if (round >= maxRebuilds)
      return stop('expired', 'confirm', 'the quote kept expiring before it was confirmed; nothing was signed');
  }

  const outcomes: TransactionOutcome[] = [];
  let last: SubmitOutcome | undefined;
  const agedOut = (n: number, waited: boolean) =>
    n > 0
      ? `${n} of ${built.transactions.length} transactions were sent; the rest aged out unsigned. Run the action again for the rest.`
      : `the quote aged out${waited ? ' while waiting for the signing turn' : ''}; nothing was signed. Run the action again.`;
  for (const [n, unsigned] of built.transactions.entries()) {
    if (n > 0 && (await isStale(built, deps, maxAge))) return stop('expired', 'sign', agedOut(n, false), outcomes);
    let turn: { release(): Promise<void> } | undefined;
    try {
      turn = await deps.signingTurn?.();
    } catch (err) {
      return stop('failed', 'sign', message(err), outcomes);
    }
    try {
      // a wait for another process's turn may outlast the blockhash
      if (turn && (await isStale(built, deps, maxAge))) return stop('expired', 'sign', agedOut(n, true), outcomes);
      const journalId = randomUUID();
      sent.push(journalId);
      sendingHere.add(journalId);
      try {
        await deps.journal.append({
          id: journalId,
          time: deps.now(),
          group: built.group ?? spec.group,
          action: spec.action,
          requestId: built.requestId,
          transaction: unsigned,
          lastValidBlockHeight: built.lastValidBlockHeight,
          summary: built.summary,
          status: 'prepared',
          wallet: deps.wallet.address,
          signer: deps.wallet.signer.name,
          network: deps.network,
          ...(deps.mode ? { mode: deps.mode } : {}),
          ...(deps.owner ? { owner: deps.owner } : {}),
          ...(built.decimals ? { decimals: built.decimals } : {}),
        });
      } catch (err) {
        return stop('failed', 'journal', journalFailure(err, 'signed'), outcomes);
      }
      deps.onStatus?.(built.transactions.length > 1 ? `Signing ${n + 1} of ${built.transactions.length}…` : 'Signing…');
      let signed;
      try {
        signed = await signTransaction(unsigned, deps.wallet, { onStatus: deps.onStatus });
      } catch (err) {
        await recordUnsent(deps, journalId, `not signed: ${message(err)}`);
        return stop('failed', 'sign', message(err), outcomes);
      }
      testKillPoint('after-sign');
      try {
        await deps.journal.appendOutcome({
          id: journalId,
          time: deps.now(),
          status: 'signed',
          signature: signed.transactionId ?? undefined,
          signedTransaction: signed.signedBase64,
        });
      } catch (err) {
        const why = journalFailure(err, 'sent');
        await recordUnsent(deps, journalId, why);
        return stop('failed', 'journal', why, outcomes);
      }

      testKillPoint('after-journal');
      deps.onStatus?.('Submitting…');
      testKillDuringExecute();
      if (built.submit === 'execute') {
        last = await submitByExecute(signed.signedBase64, built, { group: built.group ?? spec.group }, deps);
      } else {
        // the turn ends once the node has it: following it to confirmation is this process's alone
        const lifetime = Math.max(maxAge, 90_000);
        last = await submitByRpc(signed.signedBase64, signed.transactionId, built, deps, lifetime, () => {
          void turn?.release();
        });
      }
      await turn?.release();
      testKillPoint('after-execute');
      await recordOutcome(deps, journalId, last);
      outcomes.push({
        journalId,
        status: last.status,
        signature: last.signature,
        code: last.code,
        error: last.error,
        result: last.result,
      });
      if (last.status !== 'success') break;
    } finally {
      await turn?.release();
    }
  }

  const final = last as SubmitOutcome;
  return {
    status: final.status,
    stage: 'submit',
    ...(final.signature ? { signature: final.signature } : {}),
    ...(final.code !== undefined ? { code: final.code } : {}),
    ...(final.error ? { error: final.error } : {}),
    ...(final.advice ? { advice: final.advice } : {}),
    ...(final.result !== undefined ? { result: final.result } : {}),
    transactions: outcomes,
  };
}

/** Why nothing was signed (the entry could not be written) or sent (the signed line could not), in one line. */
function journalFailure(err: unknown, what: 'signed' | 'sent'): string {
  if (err instanceof JournalWriteError && err.diskFull) return `disk full: nothing was ${what} (${err.message})`;
  if (err instanceof JournalWriteError && err.code === 'EIO') return `disk error: nothing was ${what} (${err.message})`;
  return `could not write the journal, so nothing was ${what}: ${message(err)}`;
}

/** The entry's end when it was never sent; a disk that took nothing more leaves it to the next start. */
async function recordUnsent(deps: PipelineDeps, id: string, error: string): Promise<void> {
  try {
    await deps.journal.appendOutcome({ id, time: deps.now(), status: 'unsent', error });
  } catch {
    // the next start finds the entry without its signed line: never sent
  }
}

/** The amounts an execute answer says were swapped (order group: totals or per-side results). */
function executedOf(result: unknown): ExecutedAmounts | undefined {
  if (!result || typeof result !== 'object') return undefined;
  const r = result as Record<string, unknown>;
  const pick = (...keys: string[]) =>
    keys.map((k) => r[k]).find((v): v is string => typeof v === 'string' && /^\d+$/.test(v));
  const input = pick('totalInputAmount', 'inputAmountResult');
  const output = pick('totalOutputAmount', 'outputAmountResult');
  return input || output ? { input, output } : undefined;
}

async function recordOutcome(deps: PipelineDeps, id: string, outcome: SubmitOutcome): Promise<void> {
  const status: JournalStatus = outcome.status;
  try {
    await deps.journal.appendOutcome({
      id,
      time: deps.now(),
      status,
      signature: outcome.signature,
      code: outcome.code,
      error: outcome.error,
      executed: executedOf(outcome.result),
    });
  } catch (err) {
    // The outcome is still returned to the person; the entry stays pending and is reconciled at the next start.
    deps.onStatus?.(`could not record the outcome in the journal: ${message(err)}`);
  }
}
