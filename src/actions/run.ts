// The one entry every screen uses to run a signing action: refuses up front when signing is not
// possible (read-only, watch-only, no wallet, no journal, no RPC answering), connects the pipeline to the confirm
// queue, and raises the session's pendingSubmissions from the moment a signed transaction is
// journalled until its outcome is known (quitting asks first meanwhile).
import {
  BuildRefusal,
  DEFAULT_MAX_QUOTE_AGE_MS,
  executeThrough,
  rpcDeps,
  runAction,
  type ActionResult,
  type ActionSpec,
  type PipelineDeps,
} from '../pipeline/index.js';
import type { Journal } from '../journal/journal.js';
import { processIdentity, type SigningTurn } from '../state/lock.js';
import type { BalanceEffect } from '../pipeline/effect.js';
import type { Built, ConfirmAnswer } from '../pipeline/types.js';
import { confirmViewOf } from './confirmView.js';
import { explainError } from './outcome.js';
import type { Services } from '../services/index.js';

/** Why signing is unavailable, in words for the person; undefined when it is available. */
export function signingBlocked(
  s: Pick<Services, 'readOnly' | 'readOnlyNote' | 'wallet' | 'journal' | 'rpc' | 'session'>,
  submit?: 'execute' | 'rpc',
): string | undefined {
  if (s.readOnlyNote) return s.readOnlyNote;
  if (s.readOnly) return 'read-only mode (--read-only): signing is disabled; restart without --read-only to trade';
  const paused = s.session.getState().signingPaused;
  if (paused) return `${paused}: signing is paused until an RPC endpoint answers again`;
  if (!s.wallet) return 'no wallet: start with --keypair <file> to sign';
  if (s.wallet.kind === 'watch')
    return `watch-only wallet ${s.wallet.address}: there is no key, so signing is disabled (start with --keypair <file> to trade)`;
  if (!s.journal) return 'the journal could not be opened, and nothing is signed without it (see the start-up message)';
  if (submit === 'rpc' && !s.rpc)
    return 'no RPC URL configured: building and sending through RPC needs --rpc-url (Enter executes through the order group instead)';
  return undefined;
}

/** What an outcome says in paper mode, after "done": nothing of it happened on chain. */
export const PAPER_DONE = 'on paper (nothing real was signed or sent)';

/** `title` of an outcome that went through, marked in paper mode as filled on paper. */
export function paperTitle(s: Pick<Services, 'mode'>, title: string): string {
  return s.mode === 'paper' ? `${title} ${PAPER_DONE}` : title;
}

function refused(error: string): ActionResult {
  return { status: 'refused', stage: 'wallet', error, transactions: [] };
}

const noRpc = () => Promise.reject(new Error('no RPC URL configured'));

export interface RunOptions {
  onStatus?(text: string): void;
  /**
   * A standing order's firing: no person is asked. `confirm` judges the pipeline's request (the
   * measured effect against the confirmed terms), and `turn` is the signing turn the firing
   * already holds (taken before it read the order again), used for its transaction.
   */
  unattended?: {
    confirm(req: { effect: BalanceEffect; built: Built }): Promise<ConfirmAnswer>;
    turn: SigningTurn;
  };
}

export async function runSigned(
  spec: ActionSpec,
  s: Services,
  submit: 'execute' | 'rpc',
  opts: RunOptions = {},
): Promise<ActionResult> {
  const blocked = signingBlocked(s, submit);
  if (blocked) return refused(blocked);
  const journal = s.journal as Journal;
  let raised = 0;
  const raise = (by: number) => {
    raised += by;
    const session = s.session.getState();
    session.setPendingSubmissions(session.pendingSubmissions + by);
  };
  // The pipeline writes the journal line right after signing and before sending: from then on a
  // transaction is in flight until runAction returns with its outcome.
  const watched: Journal = {
    path: journal.path,
    append: async (entry) => {
      await journal.append(entry);
      raise(1);
    },
    appendOutcome: (o) => journal.appendOutcome(o),
    appendStanding: (r) => journal.appendStanding(r),
    entries: (o) => journal.entries(o),
    pending: () => journal.pending(),
    get problems() {
      return journal.problems;
    },
  };
  const maxQuoteAgeMs = s.pipeline?.maxQuoteAgeMs ?? DEFAULT_MAX_QUOTE_AGE_MS;
  const rpc = s.rpc ? rpcDeps(s.rpc) : { sendRawTransaction: noRpc, signatureStatus: noRpc, blockHeight: noRpc };
  const deps: PipelineDeps = {
    wallet: s.wallet!,
    network: s.network,
    mode: s.mode,
    owner: processIdentity(),
    // one transaction at a time from this state directory, whichever process signs it
    signingTurn: opts.unattended ? async () => opts.unattended!.turn : () => s.signingTurn(opts.onStatus),
    ...(s.mode === 'paper'
      ? { paperNote: `nothing real is signed or sent; filled on paper at ${s.network.replace(/^paper /, '')}'s prices` }
      : {}),
    journal: watched,
    execute: executeThrough(s.api),
    ...rpc,
    now: () => s.now(),
    maxQuoteAgeMs,
    ...s.pipeline,
    onStatus: opts.onStatus,
    confirm: async (req) => {
      if (opts.unattended) return opts.unattended.confirm(req);
      let blockHeight: number | undefined;
      if (req.built.lastValidBlockHeight !== undefined) blockHeight = await rpc.blockHeight().catch(() => undefined);
      const view = confirmViewOf(req, {
        wallet: s.wallet!.address,
        now: s.now(),
        maxAgeMs: maxQuoteAgeMs,
        blockHeight,
      });
      opts.onStatus?.('Waiting for your confirmation…');
      const asked = s.confirm.getState().ask(view);
      // The dialog never goes stale silently: when what it shows expires, it is withdrawn and the
      // pipeline builds afresh and asks again, showing the old amounts beside the new.
      const queue = s.confirm.getState().queue;
      const id = queue[queue.length - 1]?.id;
      const expiresAt = view.expiresAt;
      const timer =
        id === undefined || expiresAt === undefined
          ? undefined
          : setTimeout(() => s.confirm.getState().withdraw(id), Math.max(0, expiresAt - s.now()));
      const result = await asked;
      clearTimeout(timer);
      // a yes that arrives after what was shown expired (the timer not yet run) builds afresh too
      if (result === true && expiresAt !== undefined && s.now() > expiresAt) return 'expired';
      return result === 'expired' ? 'expired' : result ? 'confirm' : 'cancel';
    },
  };
  // Programs the service names (its DEXes) are named in the dialog too; a name never allows a
  // program the fixed list does not hold. The action's own names win.
  const labels = s.programLabels ? await s.programLabels() : {};
  // Build failures (order errorCode, 429, a broken rule) reach the person in plain words.
  const explained: ActionSpec = {
    ...spec,
    programNames: { ...labels, ...spec.programNames },
    build: async () => {
      try {
        return await spec.build();
      } catch (err) {
        if (err instanceof BuildRefusal) throw err;
        throw new Error(explainError(err), { cause: err });
      }
    },
  };
  let result: ActionResult;
  try {
    result = await runAction(explained, deps);
  } catch (err) {
    result = { status: 'failed', error: err instanceof Error ? err.message : String(err), transactions: [] };
  } finally {
    if (raised > 0) {
      raise(-raised);
      s.session.getState().noteSettled();
    }
  }
  // A transaction that was signed and sent and then failed is told off the terminal too (a build
  // or a rule that stopped it before signing is on screen, where the person is acting).
  const sent = result.transactions.filter((t) => t.status === 'failed');
  const last = sent[sent.length - 1];
  if (last && s.emit) {
    s.emit(
      `${spec.group} ${spec.action} failed${last.code !== undefined ? ` (code ${last.code})` : ''}: ${(last.error ?? result.error ?? 'no reason given').slice(0, 200)}`,
      {
        source: 'Signing',
        type: 'transaction.failed',
        key: last.journalId,
        data: {
          group: spec.group,
          action: spec.action,
          ...(last.signature ? { signature: last.signature } : {}),
          ...(last.code !== undefined ? { code: last.code } : {}),
        },
      },
    );
  }
  return result;
}
