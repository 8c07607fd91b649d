// Start-up recovery: every journalled transaction whose outcome was never recorded (the app quit
// or died between signing and hearing back) is looked up with the real client and RPC: re-posting
// the same signed transaction and requestId (never a new signature), or asking for its signature
// status. Returns one line for a flash message.
import { isFinal, problemsText, sendingHere, type JournalState } from '../journal/journal.js';
import { reconcileJournal, type ReconcileItem } from '../journal/reconcile.js';
import { executeThrough, rpcDeps } from '../pipeline/index.js';
import type { Services } from '../services/index.js';
import { liveness, processIdentity, SigningTurnError, withSigningTurn } from '../state/lock.js';
import { plural } from '../text/format.js';
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

/**
 * Checks the journal's unfinished transactions whose process is gone (it crashed or quit between
 * signing and hearing back), in the state directory's signing turn so that two processes starting
 * at once do not check the same entry. An entry of a process still running is its own to finish:
 * nothing is checked or re-posted for it. An instance whose state directory cannot be written
 * checks nothing (it could not record what it found) but says which lines the journal could not use.
 */
export async function reconcileAtStart(s: Services): Promise<StartupReconcile> {
  if (!s.journal) return { items: [], kind: 'info' };
  // a state directory that cannot be written cannot record what the check finds
  if (s.readOnlyNote) return unreadable(s);
  try {
    return await withSigningTurn(s.stateDir, undefined, () => reconcileHeld(s), {
      waitMs: STARTUP_TURN_WAIT_MS,
    });
  } catch (e) {
    if (!(e instanceof SigningTurnError)) throw e;
    return {
      items: [],
      kind: 'error',
      message: `journal: unfinished transactions not checked now (${e.message.replace(/: nothing was signed.*$/, '')}); they are checked at the next start`,
    };
  }
}

/** How long the start-up check waits for another process's signing turn. */
const STARTUP_TURN_WAIT_MS = 15_000;

/** Without checking, lines the journal cannot use are still said. */
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

/**
 * Undefined when the entry's process is gone (or it names none: an older tradedeck's); else why it
 * is left: '' for a process still running (its own to finish, nothing to say).
 */
async function ownerLeft(e: JournalState): Promise<string | undefined> {
  if (!e.owner) return undefined;
  const me = processIdentity();
  // this very process: left only while it is still sending that entry
  if (e.owner.pid === me.pid && e.owner.host === me.host && e.owner.start === me.start && e.owner.boot === me.boot)
    return sendingHere.has(e.id) ? '' : undefined;
  const v = await liveness(e.owner);
  if (v.state === 'gone') return undefined;
  return v.state === 'alive' ? '' : `signed by pid ${e.owner.pid} ${v.why}, which cannot be checked from here`;
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
  const left: string[] = [];
  const items = await reconcileJournal(s.journal, {
    execute: executeThrough(s.api),
    signatureStatus: rpc ? rpc.signatureStatus : async () => 'unknown',
    ...(rpc ? { blockHeight: rpc.blockHeight } : {}),
    now: () => s.now(),
    owned: ownerLeft,
    onLeft: (e, why) =>
      void (why && left.push(describeReconciled({ ...e, before: e.status, after: e.status, note: why }))),
  });
  const leftText = left.length
    ? ` ${plural(left.length, 'unfinished transaction')} not checked: ${left[0]}${left.length > 1 ? ` (+${left.length - 1} more)` : ''}.`
    : '';
  if (items.length === 0)
    return {
      items,
      kind: tornText ? 'error' : 'info',
      ...(tornText || leftText ? { message: `${tornText ?? 'journal:'}${leftText}` } : {}),
    };
  s.journalView.getState().setReconciled(items);
  // the view, once it has read the journal, shows the outcomes just recorded; before, it reads when opened
  if (s.journalView.getState().loadedAt !== undefined) await refreshJournalView(s);
  const unresolved = items.filter((i) => !isFinal(i.after));
  const first = items[0] ? describeReconciled(items[0]) : '';
  const more = items.length > 1 ? ` (+${items.length - 1} more; J shows the journal)` : ' (J shows the journal)';
  return {
    items,
    kind: unresolved.length || torn > 0 ? 'error' : 'success',
    message: `journal: ${plural(items.length, 'unfinished transaction')} from the last run checked${torn > 0 ? ` (${plural(torn, 'line')} could not be read: ${problemsText(problems, 1)}; kept as it is)` : ''}. ${first}${more}${leftText}`,
  };
}
