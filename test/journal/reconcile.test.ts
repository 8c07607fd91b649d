import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openJournal, type JournalEntry, type JournalGroup } from '../../src/journal/journal.js';
import { reconcileJournal, type ExecuteBody, type SignatureState } from '../../src/journal/reconcile.js';
import { nth } from '../support/narrow.js';

const T0 = 1_700_000_000_000;

async function freshJournal() {
  return openJournal(join(await mkdtemp(join(tmpdir(), 'tradedeck-rec-')), 'journal.jsonl'));
}

function entry(over: Partial<JournalEntry>): JournalEntry {
  return {
    id: crypto.randomUUID(),
    time: T0,
    group: 'ultra',
    action: 'swap',
    signedTransaction: `tx-${Math.random()}`,
    summary: {},
    status: 'signed',
    ...over,
  };
}

function fakes(opts: {
  now: number;
  execute?: (g: JournalGroup, b: ExecuteBody) => unknown;
  statuses?: Record<string, SignatureState>;
  height?: number;
}) {
  const executed: Array<{ group: JournalGroup; body: ExecuteBody }> = [];
  const checked: string[] = [];
  return {
    executed,
    checked,
    deps: {
      now: () => opts.now,
      execute: async (group: JournalGroup, body: ExecuteBody) => {
        executed.push({ group, body });
        return (opts.execute?.(group, body) ?? { status: 'Success', code: 0, signature: 'sig-from-execute' }) as {
          status: string;
          code?: number;
          signature?: string;
        };
      },
      signatureStatus: async (sig: string) => {
        checked.push(sig);
        return opts.statuses?.[sig] ?? 'unknown';
      },
      ...(opts.height !== undefined ? { blockHeight: async () => opts.height as number } : {}),
    },
  };
}

test('an in-window entry is re-posted with the same requestId and signed transaction, once', async () => {
  const journal = await freshJournal();
  const e = entry({ requestId: 'req-9', group: 'trigger', action: 'create' });
  await journal.append(e);
  const f = fakes({ now: T0 + 60_000 });
  const items = await reconcileJournal(journal, f.deps);
  assert.deepEqual(f.executed, [
    { group: 'trigger', body: { requestId: 'req-9', signedTransaction: e.signedTransaction } },
  ]);
  assert.equal(f.checked.length, 0);
  assert.deepEqual(
    items.map((i) => [i.id, i.before, i.after, i.signature]),
    [[e.id, 'signed', 'success', 'sig-from-execute']],
  );
  const state = nth(await journal.entries(), 0);
  assert.equal(state.status, 'success');
  assert.equal(state.signature, 'sig-from-execute');
  // A second start has nothing left to do.
  const again = fakes({ now: T0 + 70_000 });
  assert.deepEqual(await reconcileJournal(journal, again.deps), []);
  assert.equal(again.executed.length, 0);
});

test('an in-window execute that reports failure is recorded as failed with its code', async () => {
  const journal = await freshJournal();
  await journal.append(entry({ requestId: 'r', status: 'submitted' }));
  const f = fakes({
    now: T0 + 1000,
    execute: () => ({ status: 'Failed', code: 6001, error: 'slippage tolerance exceeded' }),
  });
  const item = nth(await reconcileJournal(journal, f.deps), 0);
  assert.equal(item.after, 'failed');
  assert.match(item.note, /slippage/);
  const state = nth(await journal.entries(), 0);
  assert.equal(state.code, 6001);
});

test('out of the execute window, a known signature is checked over RPC instead', async () => {
  const journal = await freshJournal();
  const landed = entry({ requestId: 'old', signature: 'sigLanded' });
  const failed = entry({ group: 'swap', signature: 'sigFailed', status: 'submitted' });
  await journal.append(landed);
  await journal.append(failed);
  const f = fakes({ now: T0 + 10 * 60_000, statuses: { sigLanded: 'confirmed', sigFailed: 'failed' } });
  const items = await reconcileJournal(journal, f.deps);
  assert.equal(f.executed.length, 0, 'never re-posted after the window');
  assert.deepEqual(f.checked, ['sigLanded', 'sigFailed']);
  assert.deepEqual(
    items.map((i) => i.after),
    ['success', 'failed'],
  );
});

test('an unknown signature stays pending within its lifetime and expires after it', async () => {
  const journal = await freshJournal();
  await journal.append(entry({ group: 'swap', signature: 'sigX', status: 'submitted' }));
  const early = await reconcileJournal(journal, fakes({ now: T0 + 30_000 }).deps);
  assert.equal(nth(early, 0).after, 'unknown');
  assert.equal(nth(await journal.entries(), 0).status, 'unknown');
  const late = await reconcileJournal(journal, fakes({ now: T0 + 5 * 60_000 }).deps);
  assert.equal(nth(late, 0).after, 'expired');
  assert.deepEqual(await journal.pending(), []);
});

test('block height decides expiry when the entry carries lastValidBlockHeight', async () => {
  const journal = await freshJournal();
  await journal.append(entry({ group: 'swap', signature: 's', lastValidBlockHeight: 500 }));
  const within = await reconcileJournal(journal, fakes({ now: T0 + 10 * 60_000, height: 480 }).deps);
  assert.equal(nth(within, 0).after, 'unknown');
  const past = await reconcileJournal(journal, fakes({ now: T0 + 10 * 60_000, height: 501 }).deps);
  assert.equal(nth(past, 0).after, 'expired');
});

test('no requestId in window and no signature: marked expired', async () => {
  const journal = await freshJournal();
  await journal.append(entry({ requestId: 'gone' }));
  const f = fakes({ now: T0 + 3 * 60_000 });
  const item = nth(await reconcileJournal(journal, f.deps), 0);
  assert.equal(item.after, 'expired');
  assert.equal(f.executed.length + f.checked.length, 0);
});

test('an unreachable service leaves the entry pending for the next start', async () => {
  const journal = await freshJournal();
  await journal.append(entry({ requestId: 'r' }));
  const f = fakes({
    now: T0 + 1000,
    execute: () => {
      throw new Error('connect ECONNREFUSED');
    },
  });
  const item = nth(await reconcileJournal(journal, f.deps), 0);
  assert.equal(item.after, 'signed');
  assert.match(item.note, /ECONNREFUSED/);
  assert.equal((await journal.pending()).length, 1);
});
