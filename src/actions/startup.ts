// Start-up recovery: every journalled transaction whose outcome was never recorded (the app quit
// or died between signing and hearing back) is looked up with the real client and RPC: re-posting
// the same signed transaction and requestId (never a new signature), or asking for its signature
// status. Returns one line for a flash message.
import { reconcileJournal, type ReconcileItem } from '../journal/reconcile.js';
import { executeThrough, rpcDeps } from '../pipeline/index.js';
import type { Services } from '../services.js';
import { plural } from '../format.js';

export interface StartupReconcile {
  items: ReconcileItem[];
  /** undefined when there was nothing to do */
  message?: string;
  kind: 'info' | 'success' | 'error';
}

export function describeReconciled(item: ReconcileItem): string {
  const what = typeof item.summary.pay === 'string' ? `${item.action} ${item.summary.pay}` : `${item.group} ${item.action}`;
  return `${what}: ${item.note}`;
}

export async function reconcileAtStart(s: Services): Promise<StartupReconcile> {
  if (!s.journal) return { items: [], kind: 'info' };
  const pending = await s.journal.pending();
  // A line the journal could not read (cut short by a crash mid-write) is kept in the file and said.
  const torn = s.journal.skippedLines;
  const tornText = torn > 0 ? `journal: ${plural(torn, 'line')} of ${s.journal.path} could not be read (cut short by a crash?); kept in the file as it is` : '';
  if (pending.length === 0) return { items: [], kind: torn > 0 ? 'error' : 'info', ...(torn > 0 ? { message: tornText } : {}) };
  const rpc = s.rpc ? rpcDeps(s.rpc) : undefined;
  const items = await reconcileJournal(s.journal, {
    execute: executeThrough(s.api),
    signatureStatus: rpc ? rpc.signatureStatus : async () => 'unknown',
    ...(rpc ? { blockHeight: rpc.blockHeight } : {}),
    now: () => s.now(),
  });
  s.journalView.getState().setReconciled(items);
  s.journalView.getState().setEntries(await s.journal.entries(), s.now());
  const unresolved = items.filter((i) => i.after !== 'success' && i.after !== 'failed' && i.after !== 'expired');
  const first = items[0] ? describeReconciled(items[0]) : '';
  const more = items.length > 1 ? ` (+${items.length - 1} more; J shows the journal)` : ' (J shows the journal)';
  return {
    items,
    kind: unresolved.length || torn > 0 ? 'error' : 'success',
    message: `journal: ${plural(items.length, 'unfinished transaction')} from the last run checked${torn > 0 ? ` (${plural(torn, 'line')} could not be read, kept as it is)` : ''}. ${first}${more}`,
  };
}
