// Recovery at start-up: finds what became of every journalled transaction whose outcome was
// never recorded (the process that signed it quit or crashed between signing and hearing back).
// Only entries whose process is gone are taken (`owned`): another process on the same state
// directory may be sending its own right now. An entry that never got its signed line was never
// sent: it is closed as such, nothing is asked.

import type { Journal, JournalGroup, JournalState, JournalStatus } from './journal.js';

/** The order service accepts the same signed transaction + requestId again for about 2 minutes. */
export const EXECUTE_WINDOW_MS = 120_000;
/** Beyond this a blockhash can no longer land (150 slots of 400-600 ms), with margin. */
export const DEFAULT_LIFETIME_MS = 120_000;

export interface ExecuteBody {
  requestId: string;
  signedTransaction: string;
}

export interface ExecuteOutcome {
  status: string;
  code?: number;
  signature?: string | null;
  error?: string | null;
}

export type ExecuteFn = (group: JournalGroup, body: ExecuteBody) => Promise<ExecuteOutcome>;
export type SignatureState = 'confirmed' | 'failed' | 'unknown';

export interface ReconcileDeps {
  execute: ExecuteFn;
  signatureStatus(signature: string): Promise<SignatureState>;
  now(): number;
  /** current block height; when given, an entry with lastValidBlockHeight expires by height, not time */
  blockHeight?(): Promise<number>;
  lifetimeMs?: number;
  /** undefined when the entry is this check's to settle (its process is gone); else why it is left */
  owned?(entry: JournalState): Promise<string | undefined>;
  /** told each entry left to its process */
  onLeft?(entry: JournalState, why: string): void;
}

export interface ReconcileItem {
  id: string;
  group: JournalGroup;
  action: string;
  summary: Record<string, unknown>;
  before: JournalStatus;
  after: JournalStatus;
  signature?: string;
  /** one line for the UI: what was found */
  note: string;
}

function isSuccess(status: string): boolean {
  return status.toLowerCase() === 'success';
}

export async function reconcileJournal(journal: Journal, deps: ReconcileDeps): Promise<ReconcileItem[]> {
  const lifetimeMs = deps.lifetimeMs ?? DEFAULT_LIFETIME_MS;
  const items: ReconcileItem[] = [];
  let height: number | undefined;
  const pastLifetime = async (entry: JournalState): Promise<boolean> => {
    if (entry.lastValidBlockHeight !== undefined && deps.blockHeight) {
      try {
        height ??= await deps.blockHeight();
        return height > entry.lastValidBlockHeight;
      } catch {
        // fall back to time
      }
    }
    return deps.now() - entry.time > lifetimeMs;
  };

  for (const entry of await journal.pending()) {
    const left = await deps.owned?.(entry);
    if (left !== undefined) {
      deps.onLeft?.(entry, left);
      continue;
    }
    const item = (after: JournalStatus, note: string, signature = entry.signature): ReconcileItem => ({
      id: entry.id,
      group: entry.group,
      action: entry.action,
      summary: entry.summary,
      before: entry.status,
      after,
      signature,
      note,
    });
    const record = async (it: ReconcileItem, code?: number, error?: string) => {
      if (it.after !== entry.status || it.signature !== entry.signature || code !== undefined) {
        await journal.appendOutcome({
          id: entry.id,
          time: deps.now(),
          status: it.after,
          signature: it.signature,
          code,
          error,
        });
      }
      items.push(it);
    };

    if (entry.status === 'prepared' || entry.signedTransaction === '') {
      await record(item('unsent', 'journalled but never signed: nothing was sent'));
      continue;
    }

    // a vault transfer is landed by the order call that carried it: only its signature can say more
    if (entry.requestId && entry.group !== 'vault' && deps.now() - entry.time <= EXECUTE_WINDOW_MS) {
      // Re-posting the same signed transaction and requestId cannot execute twice: it either
      // executes it for the first time or reports the outcome of the earlier attempt.
      try {
        const r = await deps.execute(entry.group, {
          requestId: entry.requestId,
          signedTransaction: entry.signedTransaction,
        });
        const signature = r.signature ?? entry.signature ?? undefined;
        if (isSuccess(r.status)) {
          await record(item('success', 'executed', signature), r.code);
        } else {
          const why = r.error ?? `code ${r.code ?? '?'}`;
          await record(item('failed', `failed: ${why}`, signature), r.code, r.error ?? undefined);
        }
      } catch (err) {
        await record(
          item(
            entry.status,
            `could not reach the service to check (${(err as Error).message}); will retry at next start`,
          ),
        );
      }
      continue;
    }

    if (entry.signature) {
      let state: SignatureState;
      try {
        state = await deps.signatureStatus(entry.signature);
      } catch (err) {
        await record(
          item(entry.status, `could not check the signature (${(err as Error).message}); will retry at next start`),
        );
        continue;
      }
      if (state === 'confirmed') await record(item('success', 'confirmed on chain'));
      else if (state === 'failed') await record(item('failed', 'failed on chain'));
      else if (await pastLifetime(entry)) await record(item('expired', 'never confirmed; its blockhash has expired'));
      else await record(item('unknown', 'not confirmed yet; will check again'));
      continue;
    }

    await record(
      item(
        'expired',
        'no outcome recorded and the request can no longer be checked; treat it as not executed and check the wallet history',
      ),
    );
  }
  return items;
}
