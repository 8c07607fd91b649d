// Start-up recovery: every journalled transaction whose outcome was never recorded (the app quit
// or died between signing and hearing back) is looked up with the real client and RPC: re-posting
// the same signed transaction and requestId (never a new signature), or asking for its signature
// status. Returns one line for a flash message.
import { problemsText } from '../journal/journal.js';
import { reconcileJournal, type ReconcileItem } from '../journal/reconcile.js';
import { executeThrough, rpcDeps } from '../pipeline/index.js';
import type { Services } from '../services.js';
import { takeStateLock } from '../stateLock.js';
import { plural } from '../format.js';
import { refreshJournalView } from './swapFlow.js';

export interface StartupReconcile {
  items: ReconcileItem[];
  /** undefined when there was nothing to do */
  message?: string;
  kind: 'info' | 'success' | 'error';
}

export function describeReconciled(item: ReconcileItem): string {
  const what =
    typeof item.summary.pay === 'string' ? `${item.action} ${item.summary.pay}` : `${item.group} ${item.action}`;
  return `${what}: ${item.note}`;
}

/** How often an instance that started read-only (another held the state directory) tries to take it. */
export const LOCK_RETRY_MS = 5_000;

/**
 * Checks the journal's unfinished transactions, only ever under the state directory's lock: an
 * instance that signs holds it already; one that does not (read-only, watch-only) takes it for
 * the check. While another instance holds it, its transactions in flight are its own to finish:
 * nothing is checked or re-posted (a signing instance tries the lock again every few seconds and,
 * once it has it, checks and says so).
 */
export async function reconcileAtStart(s: Services): Promise<StartupReconcile> {
  if (!s.journal) return { items: [], kind: 'info' };
  const lock = s.stateLock;
  if (lock) {
    if (lock.held) return reconcileHeld(s);
    takeOverLater(s);
    return unreadable(s);
  }
  const brief = await takeStateLock(s.stateDir);
  if (!brief.held) return unreadable(s);
  try {
    return await reconcileHeld(s);
  } finally {
    await brief.release();
  }
}

/** Without the lock nothing is checked, but lines the journal cannot use are still said. */
async function unreadable(s: Services): Promise<StartupReconcile> {
  // the unfinished part only (from the checkpoint): its problems are said, nothing is checked
  await s.journal!.pending();
  const message = problemsLine(s);
  return message ? { items: [], kind: 'error', message } : { items: [], kind: 'info' };
}

/** A line the journal could not use (cut short by a crash mid-write, edited) is kept in the file and said once, at start, with its number and why; the journal view (J) shows it too. */
function problemsLine(s: Services): string | undefined {
  const problems = s.journal?.problems ?? [];
  return problems.length > 0
    ? `journal: ${plural(problems.length, 'line')} of ${s.journal!.path} could not be read (${problemsText(problems)}); kept in the file as it is`
    : undefined;
}

function takeOverLater(s: Services): void {
  const lock = s.stateLock!;
  let busy = false;
  const timer = setInterval(() => {
    if (lock.released) return clearInterval(timer);
    if (busy) return;
    busy = true;
    void (async () => {
      try {
        if (!(await lock.retry())) return;
        clearInterval(timer);
        s.session.getState().setLockedBy(undefined);
        const r = await reconcileHeld(s).catch((e: unknown) => ({
          kind: 'error' as const,
          message: `journal: could not check unfinished transactions (${e instanceof Error ? e.message : String(e)})`,
        }));
        s.report(
          r.kind === 'error' ? 'error' : 'info',
          `the other tradedeck let the state dir go: this one signs now${r.message ? `. ${r.message}` : ''}`,
        );
      } finally {
        busy = false;
      }
    })();
  }, LOCK_RETRY_MS);
  timer.unref();
}

async function reconcileHeld(s: Services): Promise<StartupReconcile> {
  if (!s.journal) return { items: [], kind: 'info' };
  const pending = await s.journal.pending();
  const problems = s.journal.problems;
  const torn = problems.length;
  const tornText = problemsLine(s);
  if (pending.length === 0)
    return { items: [], kind: tornText ? 'error' : 'info', ...(tornText ? { message: tornText } : {}) };
  const rpc = s.rpc ? rpcDeps(s.rpc) : undefined;
  const items = await reconcileJournal(s.journal, {
    execute: executeThrough(s.api),
    signatureStatus: rpc ? rpc.signatureStatus : async () => 'unknown',
    ...(rpc ? { blockHeight: rpc.blockHeight } : {}),
    now: () => s.now(),
  });
  s.journalView.getState().setReconciled(items);
  // the view, once it has read the journal, shows the outcomes just recorded; before, it reads when opened
  if (s.journalView.getState().loadedAt !== undefined) await refreshJournalView(s);
  const unresolved = items.filter((i) => i.after !== 'success' && i.after !== 'failed' && i.after !== 'expired');
  const first = items[0] ? describeReconciled(items[0]) : '';
  const more = items.length > 1 ? ` (+${items.length - 1} more; J shows the journal)` : ' (J shows the journal)';
  return {
    items,
    kind: unresolved.length || torn > 0 ? 'error' : 'success',
    message: `journal: ${plural(items.length, 'unfinished transaction')} from the last run checked${torn > 0 ? ` (${plural(torn, 'line')} could not be read: ${problemsText(problems, 1)}; kept as it is)` : ''}. ${first}${more}`,
  };
}
