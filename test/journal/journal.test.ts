import { test } from 'node:test';
import assert from 'node:assert/strict';
import { appendFile, mkdtemp, readFile, stat, chmod } from 'node:fs/promises';
import * as fsPromises from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openJournal, type JournalEntry } from '../../src/journal/journal.js';
import { nth, valueAt } from '../support/narrow.js';

async function journalPath(): Promise<string> {
  return join(await mkdtemp(join(tmpdir(), 'tradedeck-journal-')), 'state', 'tradedeck', 'journal.jsonl');
}

function entry(over: Partial<JournalEntry> = {}): JournalEntry {
  return {
    id: over.id ?? crypto.randomUUID(),
    time: 1_700_000_000_000,
    group: 'ultra',
    action: 'swap',
    requestId: 'req-1',
    signedTransaction: 'AQID',
    summary: { from: '1 SOL', to: '150 USDC' },
    status: 'signed',
    ...over,
  };
}

test('the journal file is 0600 in a 0700 directory and each append is a line on disk when it resolves', async () => {
  const path = await journalPath();
  const journal = await openJournal(path);
  assert.equal((await stat(path)).mode & 0o777, 0o600);
  assert.equal((await stat(join(path, '..'))).mode & 0o777, 0o700);
  const e = entry();
  await journal.append(e);
  const lines = (await readFile(path, 'utf8')).trim().split('\n');
  assert.equal(lines.length, 1);
  const onDisk = JSON.parse(nth(lines, 0));
  assert.equal(onDisk.kind, 'entry');
  assert.equal(onDisk.id, e.id);
  assert.equal(onDisk.signedTransaction, 'AQID');
});

test('append fsyncs the line before resolving', async (t) => {
  const path = await journalPath();
  const journal = await openJournal(path);
  const events: string[] = [];
  const probe = await fsPromises.open(path, 'r');
  const proto = Object.getPrototypeOf(probe) as Record<string, (...args: unknown[]) => Promise<unknown>>;
  await probe.close();
  const realWrite = valueAt(proto, 'write');
  const realSync = valueAt(proto, 'sync');
  t.mock.method(proto, 'write', function (this: unknown, ...args: unknown[]) {
    events.push('write');
    return realWrite.apply(this, args);
  });
  t.mock.method(proto, 'sync', function (this: unknown) {
    events.push('sync');
    return realSync.apply(this, []);
  });
  await journal.append(entry());
  events.push('resolved');
  // (the writes before are the journal's short lock, put in place whole, not synced)
  assert.deepEqual(events.slice(-3), ['write', 'sync', 'resolved'], events.join(' '));
  assert.equal(events.filter((e) => e === 'sync').length, 1);
  assert.equal((await readFile(path, 'utf8')).trim().split('\n').length, 1);
});

test('outcomes are appended, never rewritten, and fold into the current state', async () => {
  const path = await journalPath();
  const journal = await openJournal(path);
  const a = entry({ id: 'a' });
  const b = entry({ id: 'b', group: 'swap', requestId: undefined, signature: 'sigB' });
  await journal.append(a);
  await journal.append(b);
  const firstBytes = await readFile(path, 'utf8');
  await journal.appendOutcome({ id: 'a', time: a.time + 5, status: 'success', signature: 'sigA', code: 0 });
  await journal.appendOutcome({ id: 'b', time: b.time + 9, status: 'submitted' });
  const after = await readFile(path, 'utf8');
  assert.ok(after.startsWith(firstBytes), 'earlier lines are untouched');
  assert.equal(after.trim().split('\n').length, 4);
  const states = await journal.entries();
  assert.deepEqual(
    states.map((s) => [s.id, s.status, s.signature, s.updatedAt]),
    [
      ['a', 'success', 'sigA', a.time + 5],
      ['b', 'submitted', 'sigB', b.time + 9],
    ],
  );
  assert.deepEqual(
    (await journal.pending()).map((s) => s.id),
    ['b'],
  );
});

test('a torn last line (crash mid-write) is skipped and the next append stays whole', async () => {
  const path = await journalPath();
  const first = await openJournal(path);
  await first.append(entry({ id: 'kept' }));
  await appendFile(path, '{"kind":"entry","id":"torn","time":17000');
  const reopened = await openJournal(path);
  assert.deepEqual(
    (await reopened.entries()).map((e) => e.id),
    ['kept'],
  );
  assert.equal(reopened.problems.length, 1);
  await reopened.append(entry({ id: 'next' }));
  assert.deepEqual(
    (await reopened.entries()).map((e) => e.id),
    ['kept', 'next'],
  );
});

test('an existing journal with loose permissions is tightened to 0600', async () => {
  const path = await journalPath();
  await openJournal(path);
  await chmod(path, 0o644);
  await openJournal(path);
  assert.equal((await stat(path)).mode & 0o777, 0o600);
});

test('only the entry fields reach the file; malformed entries are refused', async () => {
  const path = await journalPath();
  const journal = await openJournal(path);
  const withExtra = { ...entry({ id: 'x' }), wallet: { secret: 'do-not-write' } } as unknown as JournalEntry;
  await journal.append(withExtra);
  assert.ok(!(await readFile(path, 'utf8')).includes('do-not-write'));
  await assert.rejects(journal.append(entry({ group: 'nope' as never })), /group must be one of/);
  await assert.rejects(journal.append(entry({ signedTransaction: '' })), /signed transaction/);
  await assert.rejects(journal.appendOutcome({ id: 'x', time: 1, status: 'done' as never }), /status must be one of/);
});

test('concurrent appends each land as one whole line', async () => {
  const path = await journalPath();
  const journal = await openJournal(path);
  await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      journal.append(entry({ id: `e${i}`, summary: { n: i, pad: 'x'.repeat(500) } })),
    ),
  );
  const states = await journal.entries();
  assert.equal(states.length, 20);
  assert.deepEqual(journal.problems, []);
});
