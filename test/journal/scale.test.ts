// A journal of any size: recovery reads only what follows the checkpoint beside the journal (the
// point before which every entry is final), finds the entry left unfinished by a kill -9 at the end
// of a 100,000-line journal, and reads the journal whole only when the checkpoint is missing or does
// not match the file. The journal itself is never rewritten.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { appendFile, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openJournal, problemsText, type JournalEntry, type JournalReader } from '../../src/journal/journal.js';
import { pnlEntries, pnlOf, pnlTrades, spotPnl } from '../../src/portfolio/pnl.js';
import { JournalFollower } from '../../src/journal/follow.js';
import { reconcileAtStart } from '../../src/actions/startup.js';
import { exportText } from '../../src/export/run.js';
import { world } from '../support/actions.js';
import { first, nth } from '../support/narrow.js';
import { NATIVE_MINT as SOL, USDC_MINT as USDC } from '../../src/chain/mints.js';

async function journalPath(): Promise<string> {
  return join(await mkdtemp(join(tmpdir(), 'tradedeck-journal-scale-')), 'journal.jsonl');
}

/** `count` lines of finished swaps (entry then outcome), quickly: the text, not the journal's append. */
function finishedLines(count: number, prefix = 'old'): string {
  const out: string[] = [];
  for (let i = 0; out.length < count; i++) {
    const id = `${prefix}-${i}`;
    out.push(
      JSON.stringify({
        kind: 'entry',
        id,
        time: 1_700_000_000_000 + i,
        group: 'ultra',
        action: 'swap',
        requestId: `r-${i}`,
        signedTransaction: 'AQID'.repeat(40),
        summary: { pay: '1 SOL' },
        status: 'signed',
      }),
    );
    if (out.length < count)
      out.push(JSON.stringify({ kind: 'outcome', id, time: 1_700_000_000_500 + i, status: 'success', code: 0 }));
  }
  return `${out.join('\n')}\n`;
}

function entry(id: string): JournalEntry {
  return {
    id,
    time: 1_800_000_000_000,
    group: 'ultra',
    action: 'swap',
    requestId: `req-${id}`,
    signedTransaction: 'AQID',
    summary: { pay: '2 SOL' },
    status: 'signed',
  };
}

/** A reader that counts the bytes it hands over. */
function counting(): { read: JournalReader; bytes(): number } {
  let total = 0;
  return {
    read: async (handle, buffer, position) => {
      const n = (await handle.read(buffer, 0, buffer.length, position)).bytesRead;
      total += n;
      return n;
    },
    bytes: () => total,
  };
}

test('recovery after a kill -9 finds the unfinished entry at the end of a 100,000-line journal, and the next start reads only the tail', async () => {
  const path = await journalPath();
  await writeFile(path, finishedLines(100_000), { mode: 0o600 });
  // the run that was killed: its entry is on disk, its outcome never was, and a line was cut short
  const killed = await openJournal(path);
  await killed.append(entry('killed-1'));
  await appendFile(path, '{"kind":"entry","id":"torn');
  const size = (await readFile(path)).length;

  const first = counting();
  const j1 = await openJournal(path, { read: first.read });
  assert.deepEqual(
    (await j1.pending()).map((e) => e.id),
    ['killed-1'],
  );
  assert.ok(first.bytes() >= size, 'without a checkpoint the journal is read whole once');
  assert.deepEqual(j1.problems, [{ line: 100_002, why: 'not JSON (cut short by a crash?)' }]);

  // killed again: another entry left unfinished, after a few finished ones
  await j1.appendOutcome({ id: 'killed-1', time: 1_800_000_001_000, status: 'success' });
  const tail = finishedLines(6, 'new');
  await appendFile(path, tail);
  await j1.append(entry('killed-2'));

  const second = counting();
  const j2 = await openJournal(path, { read: second.read });
  assert.deepEqual(
    (await j2.pending()).map((e) => e.id),
    ['killed-2'],
  );
  assert.ok(
    second.bytes() < 4_000,
    `the checkpoint is used: ${second.bytes()} bytes read, not the ${size} of the journal`,
  );

  // once everything is final, the next start reads from the end
  await j2.appendOutcome({ id: 'killed-2', time: 1_800_000_002_000, status: 'failed' });
  assert.deepEqual(await (await openJournal(path)).pending(), []);
  const fourth = counting();
  assert.deepEqual(await (await openJournal(path, { read: fourth.read })).pending(), []);
  assert.equal(fourth.bytes(), 0);

  // nothing of the journal was rewritten or dropped: the view still reads every entry
  const all = await (await openJournal(path)).entries();
  assert.equal(all.length, 50_000 + 1 + 3 + 1);
  assert.equal(all.find((e) => e.id === 'killed-2')?.status, 'failed');
  assert.ok((await readFile(path, 'utf8')).includes('{"kind":"entry","id":"torn\n'));
});

test('a checkpoint that does not match the journal (another file, an edit, garbage) is not trusted: the journal is read whole and the checkpoint made again', async () => {
  const path = await journalPath();
  await writeFile(path, finishedLines(400), { mode: 0o600 });
  const j = await openJournal(path);
  await j.append(entry('p-1'));
  assert.deepEqual(
    (await j.pending()).map((e) => e.id),
    ['p-1'],
  );
  const index = await readFile(`${path}.index`, 'utf8');

  // the journal replaced by another whose unfinished entry comes before the old checkpoint
  await writeFile(path, finishedLines(10, 'other'));
  const other = await openJournal(path);
  await other.append(entry('p-other'));
  await appendFile(path, finishedLines(800, 'more'));
  const c = counting();
  const again = await openJournal(path, { read: c.read });
  assert.deepEqual(
    (await again.pending()).map((e) => e.id),
    ['p-other'],
  );
  assert.ok(c.bytes() >= (await readFile(path)).length);
  assert.notEqual(await readFile(`${path}.index`, 'utf8'), index);

  for (const bad of ['not json', '{"offset":-5,"line":1,"before":""}', '{"offset":10,"line":2,"before":"00"}', '[]']) {
    await writeFile(`${path}.index`, bad);
    assert.deepEqual(
      (await (await openJournal(path)).pending()).map((e) => e.id),
      ['p-other'],
      bad,
    );
  }
});

test('a line that cannot be used after the checkpoint is said with its line number in the file', async () => {
  const path = await journalPath();
  await writeFile(path, finishedLines(1_000), { mode: 0o600 });
  assert.deepEqual(await (await openJournal(path)).pending(), []);
  await appendFile(path, '{"kind":"entry","id":"x","time":"soon"}\n');
  const j = await openJournal(path);
  await j.append(entry('after'));
  assert.deepEqual(
    (await j.pending()).map((e) => e.id),
    ['after'],
  );
  assert.deepEqual(j.problems, [{ line: 1_001, why: 'time is not a number' }]);
});

test('the P&L reads the journal keeping only what it counts, without the signed transactions, and comes out the same as from every entry', async () => {
  const path = await journalPath();
  const lines: string[] = [];
  for (let i = 0; i < 300; i++) {
    const buy = i % 2 === 0;
    const id = `s-${i}`;
    const status = i % 3 === 0 ? 'failed' : 'success';
    lines.push(
      JSON.stringify({
        kind: 'entry',
        id,
        time: 1_700_000_000_000 + i * 60_000,
        group: i % 5 === 0 ? 'swap' : 'ultra',
        action: 'swap',
        signedTransaction: 'AQID'.repeat(300),
        summary: {
          inputMint: buy ? USDC : SOL,
          outputMint: buy ? SOL : USDC,
          inAmount: buy ? '150000000' : '1000000000',
          outAmount: buy ? '1000000000' : '151000000',
        },
        status: 'signed',
      }),
    );
    lines.push(JSON.stringify({ kind: 'outcome', id, time: 1_700_000_000_500 + i * 60_000, status }));
    lines.push(
      JSON.stringify({
        kind: 'entry',
        id: `c-${i}`,
        time: 1_700_000_000_000 + i * 60_000 + 1,
        group: 'trigger',
        action: 'cancel-all-limit',
        signedTransaction: 'AQID',
        summary: {},
        status: 'success',
      }),
    );
  }
  await writeFile(path, `${lines.join('\n')}\n`, { mode: 0o600 });
  const j = await openJournal(path);
  const kept = await pnlEntries(j);
  assert.equal(kept.length, 200);
  assert.ok(
    kept.every(
      (e) =>
        e.action === 'swap' && e.status === 'success' && e.signedTransaction.length <= 12 && e.signedChars === 1200,
    ),
  );
  const prices = { decimalsOf: (m: string) => (m === SOL ? 9 : 6), priceOf: (m: string) => (m === SOL ? 152 : 1) };
  const pnl = spotPnl(kept, prices, []);
  assert.equal(pnl.swaps, 200);
  assert.ok(pnl.tokens.length > 0);
  assert.deepEqual(pnl, spotPnl(await j.entries(), prices, []));
  // the summary kept as the journal grows comes out the same, and the next read takes only what was appended
  assert.deepEqual(pnlOf(await pnlTrades(j), prices, []), pnl);
  await j.append({
    id: 'late',
    time: 1_700_000_000_000 + 301 * 60_000,
    group: 'ultra',
    action: 'swap',
    signedTransaction: 'AQID',
    summary: { inputMint: USDC, outputMint: SOL, inAmount: '300000000', outAmount: '2000000000' },
    status: 'signed',
  });
  await j.appendOutcome({
    id: 'late',
    time: 1_700_000_000_000 + 301 * 60_000 + 5,
    status: 'success',
    executed: { input: '300000000', output: '1990000000' },
  });
  const grown = pnlOf(await pnlTrades(j), prices, []);
  assert.equal(grown.swaps, 201);
  assert.deepEqual(grown, spotPnl(await j.entries(), prices, []));
});

test('the view follows the journal: the next read takes only the lines appended since, a page is read back from the file with its outcomes, a replaced journal is read again whole', async () => {
  const path = await journalPath();
  await writeFile(path, finishedLines(2_000), { mode: 0o600 });
  const c = counting();
  const pages = new JournalFollower(path, { places: true, read: c.read });
  await pages.update();
  assert.equal(pages.count, 1_000);
  const whole = c.bytes();
  assert.ok(whole >= (await readFile(path)).length);
  const j = await openJournal(path);
  await j.append(entry('n-1'));
  await pages.update();
  assert.ok(c.bytes() - whole < 500, `only the appended line is read (${c.bytes() - whole} bytes)`);
  assert.equal(pages.count, 1_001);
  const [newest, next] = first(await pages.page(0, 2), 2);
  assert.equal(newest.id, 'n-1');
  assert.equal(newest.status, 'signed');
  assert.equal(next.id, 'old-999');
  assert.equal(next.status, 'success');
  assert.equal(next.signedChars, 160);
  assert.ok(next.signedTransaction.length <= 12);
  const before = c.bytes();
  await j.appendOutcome({ id: 'n-1', time: 1_800_000_000_100, status: 'success' });
  // an outcome after the entry was final is folded in too (found again by its id)
  await j.appendOutcome({ id: 'old-3', time: 1_800_000_000_200, status: 'failed', error: 'looked up later' });
  await pages.update();
  assert.ok(c.bytes() - before < 400);
  assert.equal(nth(await pages.page(0, 1), 0).status, 'success');
  const oldest = await pages.page(1_001 - 4, 4);
  assert.deepEqual(
    oldest.map((e) => [e.id, e.status]),
    [
      ['old-3', 'failed'],
      ['old-2', 'success'],
      ['old-1', 'success'],
      ['old-0', 'success'],
    ],
  );
  assert.equal(nth(oldest, 0).error, 'looked up later');
  assert.deepEqual(pages.problems, []);
  // an outcome of no entry at all is a problem of its line
  await appendFile(path, `${JSON.stringify({ kind: 'outcome', id: 'nobody', time: 1, status: 'success' })}\n`);
  await pages.update();
  assert.deepEqual(pages.problems, [{ line: 2_004, why: 'an outcome of an entry not found before it' }]);

  await writeFile(path, finishedLines(30, 'other'));
  await pages.update();
  assert.equal(pages.count, 15);
  assert.deepEqual(
    (await pages.page(0, 2)).map((e) => e.id),
    ['other-14', 'other-13'],
  );
  assert.deepEqual(pages.problems, []);
});

test('entries out of time order are shown newest first all the same (the earlier line first for the same time)', async () => {
  const path = await journalPath();
  const line = (id: string, time: number) =>
    JSON.stringify({
      kind: 'entry',
      id,
      time,
      group: 'ultra',
      action: 'swap',
      signedTransaction: 'AQID',
      summary: {},
      status: 'success',
    });
  await writeFile(path, [line('b', 20), line('a', 10), line('c', 30), line('c2', 30), line('d', 5)].join('\n') + '\n', {
    mode: 0o600,
  });
  const pages = new JournalFollower(path, { places: true });
  await pages.update();
  assert.deepEqual(
    (await pages.page(0, 10)).map((e) => e.id),
    ['c', 'c2', 'b', 'a', 'd'],
  );
  assert.deepEqual(
    (await pages.page(3, 10)).map((e) => e.id),
    ['a', 'd'],
  );
});

test('at start, recovery on a 100,000-line journal reports the entry a kill -9 left unfinished; the journal view is not read until it is opened', async (t) => {
  const w = await world(t);
  const path = w.services.journal!.path;
  await appendFile(path, finishedLines(100_000));
  await w.services.journal!.append({ ...entry('killed'), requestId: undefined, time: Date.now() - 600_000 });
  const r = await reconcileAtStart(w.services);
  assert.deepEqual(
    r.items.map((i) => [i.id, i.after]),
    [['killed', 'expired']],
  );
  assert.match(r.message ?? '', /1 unfinished transaction from the last run checked/);
  assert.equal(w.services.journalView.getState().loadedAt, undefined);
  assert.ok(JSON.parse(await readFile(`${path}.index`, 'utf8')).line > 100_000);
  // the next start reads from the checkpoint: nothing is left to check
  assert.deepEqual((await reconcileAtStart(w.services)).items, []);
});

test('yearly archives beside the journal (journal-2025.jsonl) are read first, by the view and the export; a line they cannot use is named with its file; recovery reads only the journal', async (t) => {
  const w = await world(t);
  const path = w.services.journal!.path;
  const dir = join(path, '..');
  const swap = (id: string, time: string, status = 'success') =>
    JSON.stringify({
      kind: 'entry',
      id,
      time: Date.parse(time),
      group: 'ultra',
      action: 'swap',
      signature: '5'.repeat(88),
      signedTransaction: 'AQID',
      summary: { pay: '1 SOL', inputMint: SOL, outputMint: USDC, inAmount: '1000000000', outAmount: '150000000' },
      status,
    });
  await writeFile(join(dir, 'journal-2024.jsonl'), `${swap('a24', '2024-05-01T00:00:00Z')}\n`, { mode: 0o600 });
  await writeFile(
    join(dir, 'journal-2025.jsonl'),
    `${swap('a25', '2025-05-01T00:00:00Z')}\nnot json\n${swap('b25', '2025-06-01T00:00:00Z', 'signed')}\n`,
    { mode: 0o600 },
  );
  // not an archive of this journal: never read
  await writeFile(join(dir, 'journal-25.jsonl'), `${swap('x', '2025-01-01T00:00:00Z')}\n`, { mode: 0o600 });
  await appendFile(
    path,
    `${swap('m26', '2026-02-01T00:00:00Z')}\n${JSON.stringify({ kind: 'outcome', id: 'b25', time: Date.parse('2026-02-02T00:00:00Z'), status: 'failed' })}\n`,
  );
  const j = w.services.journal!;
  const lean = await j.entries({ lean: true });
  assert.deepEqual(
    lean.map((e) => [e.id, e.status]),
    [
      ['a24', 'success'],
      ['a25', 'success'],
      ['b25', 'failed'],
      ['m26', 'success'],
    ],
  );
  assert.deepEqual(j.problems, [{ line: 2, why: 'not JSON (cut short by a crash?)', file: 'journal-2025.jsonl' }]);
  assert.match(problemsText(j.problems), /^journal-2025\.jsonl line 2: not JSON/);
  const csv = await exportText(w.services, { kind: 'journal', format: 'csv' });
  for (const day of ['2024-05-01', '2025-05-01', '2025-06-01', '2026-02-01']) assert.match(csv, new RegExp(`${day}T`));
  assert.ok(!csv.includes('2025-01-01T'));
  // a new archive is taken in by the next read
  await writeFile(join(dir, 'journal-2023.jsonl'), `${swap('a23', '2023-05-01T00:00:00Z')}\n`, { mode: 0o600 });
  assert.equal(nth(await j.entries({ lean: true }), 0).id, 'a23');
  assert.deepEqual(await j.pending(), []);
  assert.deepEqual(j.problems, []);
});
