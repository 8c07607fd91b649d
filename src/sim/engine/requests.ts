// requestId bookkeeping for the execute operations: which transactions an id handed out, kept for
// two minutes of simulated time.
import type { SimGroup, SimIds, SimRequests, SimSubmitResult } from './kernel.js';
import type { SimClockImpl } from './clock.js';
import { decodeWireTransaction, type SimTransactionsImpl } from './transactions.js';
import { toBase58 } from './random.js';
import { ExecuteFaults } from './execute-faults.js';

export const REQUEST_TTL_MS = 120_000;

interface IssuedRequest {
  group: SimGroup;
  messages: Set<string>;
  createdMs: number;
}

export class SimRequestsImpl implements SimRequests {
  private readonly issued = new Map<string, IssuedRequest>();
  /** deterministic execute failures set through /__sim/faults or the SimHandle */
  readonly executeFaults = new ExecuteFaults();

  constructor(
    private readonly clock: SimClockImpl,
    private readonly ids: SimIds,
    private readonly tx: SimTransactionsImpl,
  ) {}

  create(group: SimGroup, transactions: string[]): string {
    this.sweep();
    const messages = new Set<string>();
    for (const t of transactions) {
      const key = this.tx.messageKey(t);
      if (key) messages.add(key);
    }
    const id = this.ids.uuid();
    this.issued.set(id, { group, messages, createdMs: this.clock.nowMs() });
    return id;
  }

  execute(group: SimGroup, requestId: string, signedBase64: string): SimSubmitResult {
    const slot = this.clock.slot();
    const decoded = decodeWireTransaction(signedBase64);
    const first = decoded ? Object.values(decoded.signatures)[0] : null;
    const signature = first ? toBase58(first) : '';
    const req = this.issued.get(requestId);
    if (!req || req.group !== group || this.clock.nowMs() - req.createdMs > REQUEST_TTL_MS) {
      return { code: -1, status: 'Failed', signature, slot, error: 'order not found, it might have expired' };
    }
    if (!decoded)
      return {
        code: -2,
        status: 'Failed',
        signature,
        slot,
        error: 'invalid transaction: not a base-64 encoded transaction',
      };
    if (!req.messages.has(decoded.messageKey)) {
      return {
        code: -3,
        status: 'Failed',
        signature,
        slot,
        error: 'transaction message was modified: only add signatures to the returned transaction',
      };
    }
    return this.tx.submit(signedBase64, () => this.executeFaults.take(group));
  }

  private sweep(): void {
    const now = this.clock.nowMs();
    for (const [id, r] of this.issued) if (now - r.createdMs > REQUEST_TTL_MS) this.issued.delete(id);
  }
}
