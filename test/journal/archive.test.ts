// Yearly archives: `tradedeck journal archive` moves the finished lines of past years to
// journal-YYYY.jsonl, whole lines byte for byte, none rewritten or dropped; a crash at any point
// (a step failing, or the process killed with SIGKILL half-way through an append) is carried on by
// the next run to the same files; nothing unfinished is archived; another instance on the state
// directory stops it; the view, the P&L and recovery read the result.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { archiveJournal, type ArchiveStep } from '../../src/journal/archive.js';
import { JournalFollower } from '../../src/journal/follow.js';
import { openJournal } from '../../src/journal/journal.js';
import { journalCommand } from '../../src/commands/journal.js';
import { withFileLock } from '../../src/state/lock.js';
import type { Config } from '../../src/config/config.js';
import { CLI, cleanEnv, collect } from '../support/cli.js';
import { nth, valueAt } from '../support/narrow.js';

const NOW = Date.parse('2026-06-01T00:00:00Z');
const at = (iso: string) => Date.parse(iso);

/** A journal across 2024, 2025 and 2026: finished swaps, a torn line, an unfinished 2025 entry late in the year. */
function journalText(): string {
  const lines: string[] = [];
  const swap = (id: string, time: number, status = 'success') => {
    lines.push(
      JSON.stringify({
        kind: 'entry',
        id,
        time,
        group: 'ultra',
        action: 'swap',
        signedTransaction: `AQID${id}`,
        summary: { pay: '1 SOL' },
        status: 'submitted',
      }),
    );
    if (status !== 'open') lines.push(JSON.stringify({ kind: 'outcome', id, time: time + 500, status }));
  };
  for (let i = 0; i < 40; i++) swap(`a24-${i}`, at('2024-03-01T00:00:00Z') + i * 86_400_000);
  lines.push('{"kind":"entry","id":"torn'); // a crash's torn line: it goes with the lines around it
  for (let i = 0; i < 30; i++)
    swap(`a25-${i}`, at('2025-02-01T00:00:00Z') + i * 86_400_000, i % 7 === 3 ? 'failed' : 'success');
  swap('open-25', at('2025-12-30T00:00:00Z'), 'open');
  swap('after-open', at('2025-12-31T00:00:00Z'));
  for (let i = 0; i < 20; i++) swap(`a26-${i}`, at('2026-01-05T00:00:00Z') + i * 86_400_000);
  return `${lines.join('\n')}\n`;
}

async function setUp(): Promise<{ dir: string; path: string; original: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'tradedeck-archive-'));
  const path = join(dir, 'journal.jsonl');
  const original = journalText();
  writeFileSync(path, original, { mode: 0o600 });
  return { dir, path, original };
}

/** Every file of the directory but the lock, by name. */
function files(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const n of readdirSync(dir).sort()) if (!n.endsWith('.lock')) out[n] = readFileSync(join(dir, n), 'utf8');
  return out;
}

/** What an archive run must leave: the 2024 lines and the torn one, the 2025 lines before the unfinished entry, the rest. */
function expected(original: string): Record<string, string> {
  const lines = original.split('\n').slice(0, -1);
  const firstOpen = lines.findIndex((l) => l.includes('"open-25"'));
  const first25 = lines.findIndex((l) => l.includes('"a25-0"'));
  const keep = (from: number, to: number) => `${lines.slice(from, to).join('\n')}\n`;
  return {
    'journal-2024.jsonl': keep(0, first25),
    'journal-2025.jsonl': keep(first25, firstOpen),
    'journal.jsonl': keep(firstOpen, lines.length),
  };
}

test('past years move to journal-YYYY.jsonl whole lines byte for byte, up to the first unfinished entry; nothing is lost or doubled, and the view, P&L reads and recovery read the result', async () => {
  const { dir, path, original } = await setUp();
  const before = await (await openJournal(path)).entries({ lean: true });
  const r = await archiveJournal(path, { now: NOW });
  assert.deepEqual(files(dir), expected(original));
  assert.deepEqual(r.moved, [
    {
      file: 'journal-2024.jsonl',
      lines: 81,
      bytes: Buffer.byteLength(valueAt(expected(original), 'journal-2024.jsonl')),
    },
    {
      file: 'journal-2025.jsonl',
      lines: 60,
      bytes: Buffer.byteLength(valueAt(expected(original), 'journal-2025.jsonl')),
    },
  ]);
  // the archives, oldest first, then the journal: the lines as they were
  assert.equal(Object.values(files(dir)).join(''), original);
  // every entry read as before, across the files
  const j = await openJournal(path);
  assert.deepEqual(await j.entries({ lean: true }), before);
  const pages = new JournalFollower(path, { places: true });
  await pages.update();
  assert.equal(pages.count, before.length);
  assert.deepEqual(
    (await pages.page(pages.count - 1, 1)).map((e) => e.id),
    ['a24-0'],
  );
  assert.deepEqual(pages.problems, [{ line: 81, file: 'journal-2024.jsonl', why: 'not JSON (cut short by a crash?)' }]);
  // recovery reads only the journal: the unfinished entry is in it
  assert.deepEqual(
    (await j.pending()).map((e) => e.id),
    ['open-25'],
  );
  // a second run has nothing more to move until the entry is finished
  assert.deepEqual((await archiveJournal(path, { now: NOW })).moved, []);
  await j.appendOutcome({ id: 'open-25', time: at('2026-06-01T00:00:01Z'), status: 'expired' });
  const again = await archiveJournal(path, { now: NOW });
  // its entry line goes (its outcome, of this year, stays in the journal)
  assert.deepEqual(
    again.moved.map((m) => [m.file, m.lines]),
    [['journal-2025.jsonl', 3]],
  );
  assert.equal(
    readFileSync(join(dir, 'journal-2025.jsonl'), 'utf8'),
    `${original
      .split('\n')
      .filter((l) => /"a25-|"open-25"|"after-open"/.test(l))
      .join('\n')}\n`,
  );
  assert.deepEqual(
    (await (await openJournal(path)).entries({ lean: true })).map((e) => e.id),
    [...before.map((e) => e.id)],
  );
});

for (const step of ['planned', 'half-appended', 'appended', 'tail-written', 'replaced'] as const) {
  test(`a crash at "${step}" is carried on by the next run: the same files, every line once`, async () => {
    const { dir, path, original } = await setUp();
    const crash = new Error(`crash at ${step}`);
    let seen = 0;
    await assert.rejects(
      archiveJournal(path, {
        now: NOW,
        step: (s: ArchiveStep) => {
          // half-way through the second part (2025), when one archive is whole already
          if (s === step && (step !== 'half-appended' || ++seen === 2)) throw crash;
        },
      }),
      crash,
    );
    const r = await archiveJournal(path, { now: NOW });
    assert.equal(r.resumed, true);
    assert.deepEqual(files(dir), expected(original));
    assert.ok(!existsSync(`${path}.archive`) && !existsSync(`${path}.archive.tmp`));
  });
}

test('killed with SIGKILL half-way through appending to an archive: the next run finishes it, every line once', async () => {
  const { dir, path, original } = await setUp();
  const child = fileURLToPath(new URL('./archive-child.ts', import.meta.url));
  const r = spawnSync(process.execPath, ['--import', 'tsx', child, path, 'half-appended', String(NOW)], {
    encoding: 'utf8',
  });
  assert.equal(r.signal, 'SIGKILL', r.stderr);
  const half = readFileSync(join(dir, 'journal-2024.jsonl'), 'utf8');
  assert.ok(
    half.length > 0 && half.length < valueAt(expected(original), 'journal-2024.jsonl').length,
    'the archive was left half written',
  );
  assert.equal(readFileSync(path, 'utf8'), original, 'the journal is untouched until its lines are in the archives');
  assert.equal((await archiveJournal(path, { now: NOW })).resumed, true);
  assert.deepEqual(files(dir), expected(original));
});

test('tradedeck journal archive: waits for a process appending to the journal, gives up saying so; moves the lines once it is done', async () => {
  const { dir, path, original } = await setUp();
  const config = { stateDir: dir } as Config;
  const said: string[] = [];
  let done!: () => void;
  let held!: () => void;
  const taken = new Promise<void>((r) => (held = r));
  const appending = withFileLock(
    dir,
    'journal.jsonl',
    () => {
      held();
      return new Promise<void>((r) => (done = r));
    },
    0,
  );
  // the archive starts once the other holds the lock (taking it is not done at the call)
  await taken;
  // it gives up (nothing on stdout): stdout is left to the test runner meanwhile
  assert.equal(await journalCommand(['archive'], { json: true, indent: false }, config, (m) => said.push(m), NOW), 1);
  assert.match(
    said.join('\n'),
    new RegExp(
      `^journal archive: another tradedeck \\(pid ${process.pid}\\) kept the lock of journal.jsonl for 3\\.\\d s: nothing moved; try again once it is done$`,
    ),
  );
  assert.equal(readFileSync(path, 'utf8'), original);
  done();
  await appending;
  const out: string[] = [];
  const write = process.stdout.write.bind(process.stdout);
  process.stdout.write = ((s: string) => (out.push(String(s)), true)) as typeof process.stdout.write;
  try {
    assert.equal(await journalCommand(['archive'], { json: true, indent: false }, config, (m) => said.push(m), NOW), 0);
    assert.equal(await journalCommand(['list'], { json: true, indent: false }, config, (m) => said.push(m), NOW), 2);
  } finally {
    process.stdout.write = write;
  }
  const printed = JSON.parse(nth(out, 0)) as { moved: Array<{ file: string; lines: number }> };
  assert.deepEqual(
    printed.moved.map((m) => [m.file, m.lines]),
    [
      ['journal-2024.jsonl', 81],
      ['journal-2025.jsonl', 60],
    ],
  );
  assert.deepEqual(files(dir), expected(original));
  assert.match(said.at(-1)!, /unknown journal action "list"/);
});

test('a line appended while the journal is archived waits for the archive and lands in the new journal: nothing is lost', async () => {
  const { dir, path, original } = await setUp();
  const journal = await openJournal(path);
  let appended: Promise<void> | undefined;
  await withFileLock(dir, 'journal.jsonl', () =>
    archiveJournal(path, {
      now: NOW,
      step: (at) => {
        // the remaining lines are written to the file that replaces the journal: an append now
        // would go to the old one and be lost with it, were it not for the journal's lock
        if (at === 'tail-written') appended = journal.appendOutcome({ id: 'late', time: NOW, status: 'success' });
      },
    }),
  );
  await appended;
  const lines = readFileSync(path, 'utf8').trim().split('\n');
  assert.deepEqual(JSON.parse(lines.at(-1)!), { kind: 'outcome', id: 'late', time: NOW, status: 'success' });
  assert.deepEqual({ ...files(dir), 'journal.jsonl': lines.slice(0, -1).join('\n') + '\n' }, expected(original));
});

test("the installed program: tradedeck journal archive moves last year's lines and says so as JSON; another action is a usage error", async () => {
  const env = cleanEnv();
  const state = join(env.XDG_STATE_HOME!, 'tradedeck');
  mkdirSync(state, { recursive: true, mode: 0o700 });
  const year = new Date().getUTCFullYear();
  const entry = (id: string, y: number) =>
    JSON.stringify({
      kind: 'entry',
      id,
      time: Date.parse(`${y}-01-02T00:00:00Z`),
      group: 'ultra',
      action: 'swap',
      signedTransaction: 'AQID',
      summary: {},
      status: 'success',
    });
  writeFileSync(join(state, 'journal.jsonl'), `${entry('old', year - 1)}\n${entry('new', year)}\n`, { mode: 0o600 });
  const done = await collect(CLI, ['journal', 'archive', '--json'], env);
  assert.equal(done.code, 0, done.err);
  assert.deepEqual(JSON.parse(done.out).moved, [
    { file: `journal-${year - 1}.jsonl`, lines: 1, bytes: entry('old', year - 1).length + 1 },
  ]);
  assert.equal(readFileSync(join(state, 'journal.jsonl'), 'utf8'), `${entry('new', year)}\n`);
  const wrong = await collect(CLI, ['journal', 'prune'], env);
  assert.equal(wrong.code, 2);
  assert.match(wrong.err, /unknown journal action "prune" \(usage: tradedeck journal archive\)/);
});
