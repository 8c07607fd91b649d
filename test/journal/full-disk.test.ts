// A full or failing disk under the journal: a line the disk takes only in part is cut back at once,
// nothing is sent (nor signed, when the entry itself could not be written), the message says so in
// one line, no empty lock or temporary file is left, and the export lists every swap that was sent.
// Where the machine allows it (root, mount -t tmpfs) a real 320 KB tmpfs is filled; elsewhere the
// journal's write seam plays a disk with a byte budget, and the seam's ENOSPC and EIO always run.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, statfsSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { reconcileAtStart } from '../../src/actions/startup.js';
import { swapFromCommand } from '../../src/actions/swapFlow.js';
import { journalExportText } from '../../src/export/run.js';
import { openJournal, type JournalWriter } from '../../src/journal/journal.js';
import { answerNext, submissions, world, type World } from '../support/actions.js';
import { waitFor } from '../support/ink.js';

const PAGE = 4096;

/** A disk error as the system gives it. */
const errno = (code: string) => Object.assign(new Error(`${code}: simulated`), { code });

/** Every line of the journal parses and the file ends with a newline (no part of a line is left). */
function wholeLines(path: string): Array<Record<string, unknown>> {
  const text = readFileSync(path, 'utf8');
  if (text === '') return [];
  assert.ok(text.endsWith('\n'), 'the journal ends with a whole line');
  return text
    .slice(0, -1)
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

/**
 * No lock left empty or half written, no temporary file, in the state directory. A temporary file
 * may be a save in progress (the simulator's snapshot): it must be gone once that save ends.
 */
async function noLeftovers(stateDir: string): Promise<void> {
  const temporary = () => readdirSync(stateDir).filter((n) => n.endsWith('.tmp'));
  await waitFor(() => temporary().length === 0, `no temporary file left (${temporary().join(', ')})`, 10_000);
  for (const name of readdirSync(stateDir)) {
    if (name.endsWith('.lock')) assert.fail(`lock ${name} left (${statSync(join(stateDir, name)).size} bytes)`);
  }
}

/** Swaps 0.1 SOL for USDC through the dashboard's flow; resolves to the result. */
async function swap(w: World) {
  const run = swapFromCommand(w.services, w.services.swap, ['0.1', 'SOL', 'USDC']);
  await answerNext(w.services, true);
  return run;
}

/** The journal of `w` reopened with `write` as the disk. */
async function onDisk(w: World, write: JournalWriter): Promise<void> {
  w.services.journal = await openJournal(w.journalPath, { write });
}

test('the disk refuses the entry (ENOSPC, EIO): nothing is signed or sent, said in one line; the journal stays whole', async (t) => {
  const w = await world(t);
  const stateDir = join(w.dir, 'state');
  for (const [code, said] of [
    ['ENOSPC', /^disk full: nothing was signed \(.*journal\.jsonl: no space left on the device\)$/],
    ['EIO', /^disk error: nothing was signed \(.*journal\.jsonl: input\/output error\)$/],
  ] as const) {
    await onDisk(w, async () => Promise.reject(errno(code)));
    const r = await swap(w);
    assert.equal(r?.status, 'failed');
    assert.match(r!.error!, said);
    assert.equal(submissions(w.sim).length, 0, 'nothing reached execute or sendTransaction');
    assert.deepEqual(wholeLines(w.journalPath), []);
    await noLeftovers(stateDir);
  }
});

test('the disk takes half of the signed line: it is cut back, nothing is sent, and the next start closes the entry as never sent', async (t) => {
  const w = await world(t);
  let lines = 0;
  // the entry goes whole; the signed line only in part, and nothing after it
  await onDisk(w, async (handle, bytes) => {
    if (lines++ === 0) return (await handle.write(bytes, 0, bytes.length)).bytesWritten;
    return (await handle.write(bytes, 0, Math.floor(bytes.length / 2))).bytesWritten;
  });
  const r = await swap(w);
  assert.equal(r?.status, 'failed');
  assert.match(
    r!.error!,
    /^disk full: nothing was sent \(.*journal\.jsonl: only \d+ of \d+ bytes could be written \(no space left on the device\)\)$/,
  );
  assert.equal(submissions(w.sim).length, 0);
  const kept = wholeLines(w.journalPath);
  assert.deepEqual(
    kept.map((l) => [l.kind, l.status]),
    [['entry', 'prepared']],
    'the entry, whole; nothing of the signed line',
  );
  await noLeftovers(join(w.dir, 'state'));

  w.services.journal = await openJournal(w.journalPath);
  const start = await reconcileAtStart(w.services);
  assert.deepEqual(
    start.items.map((i) => [i.after, i.note]),
    [['unsent', 'journalled but never signed: nothing was sent']],
  );
  assert.equal(submissions(w.sim).length, 0, 'the start-up check sent nothing');
});

/** Mounts a tmpfs of `bytes` at `dir` when this machine lets the test (root); false otherwise. */
function mountTmpfs(t: { after(fn: () => void): void }, dir: string, bytes: number): boolean {
  mkdirSync(dir, { recursive: true });
  const r = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${bytes},mode=0700`, 'tmpfs', dir], { encoding: 'utf8' });
  if (r.status !== 0) return false;
  t.after(() => void spawnSync('umount', ['-l', dir]));
  return true;
}

/** Bytes free on the filesystem of `dir`. */
const freeBytes = (dir: string) => {
  const s = statfsSync(dir);
  return s.bavail * s.bsize;
};

test('a small disk filling up: every swap either lands whole in the journal or is refused before anything is sent; export lists every swap sent', async (t) => {
  const base = join((await import('node:os')).tmpdir(), `td-full-${process.pid}-${Date.now().toString(36)}`);
  const stateDir = join(base, 'state');
  const real = mountTmpfs(t, stateDir, 320 * 1024);
  t.after(() => rmSync(base, { recursive: true, force: true }));
  const w = await world(t, { stateDir });
  const filler = join(stateDir, 'filler');
  // where no tmpfs can be mounted, the journal's write seam plays a disk with `budget` bytes free
  let budget = Infinity;
  if (!real)
    await onDisk(w, async (handle, bytes) => {
      if (budget <= 0) throw errno('ENOSPC');
      const n = Math.min(bytes.length, budget);
      budget -= n;
      return (await handle.write(bytes, 0, n)).bytesWritten;
    });
  /** leaves `pages` pages free (for the seam: a budget too small for any line, or none) */
  const leave = (pages: number) => {
    if (!real) return void (budget = pages * 100);
    rmSync(filler, { force: true });
    writeFileSync(filler, Buffer.alloc(Math.max(0, freeBytes(stateDir) - pages * PAGE)));
  };

  const said: string[] = [];
  let landed = 0;
  const attempt = async () => {
    const before = submissions(w.sim).length;
    const sizeBefore = statSync(w.journalPath).size;
    const r = await swap(w);
    const sent = submissions(w.sim).length - before;
    if (r?.status === 'success') {
      landed++;
      assert.equal(sent, 1);
    } else {
      assert.equal(sent, 0, `refused, and nothing reached the service: ${r?.error}`);
      assert.match(r?.error ?? '', /^disk (full|error): nothing was (signed|sent) \(/);
      said.push(r!.error!);
      if (/nothing was signed/.test(r!.error!))
        assert.equal(statSync(w.journalPath).size, sizeBefore, 'nothing of the refused line stays in the journal');
    }
    wholeLines(w.journalPath);
    await noLeftovers(stateDir);
    return r;
  };
  // room to spare: swaps land until the journal's last page is nearly full
  // (each swap adds about 2.8 KB, so the page's last 1000 bytes come within a few swaps)
  if (real) leave(24);
  let tries = 0;
  do await attempt();
  while (real && PAGE - (statSync(w.journalPath).size % PAGE) > 1000 && ++tries < 16);
  assert.ok(landed >= 1);
  // room for the two short locks, not for the journal's next line: taken in part, cut back at once
  leave(2);
  const partly = await attempt();
  assert.match(
    partly!.error!,
    /^disk full: nothing was signed \(.*journal\.jsonl: only \d+ of \d+ bytes could be written \(no space left on the device\)\)$/,
  );
  // then less and less room: refused at the first thing that needs a page, never after a send
  for (const pages of [1, 0]) {
    leave(pages);
    await attempt();
  }
  assert.equal(said.length, 3, said.join('\n'));
  // with one page or none left, the refusal names whichever of the two short locks met the full
  // disk first (that depends on the pages the file system still had cached); nothing was signed
  if (real)
    for (const m of said.slice(1))
      assert.ok(
        [
          'disk full: nothing was signed (…/journal.jsonl.lock: no space left on the device)',
          'disk full: nothing was signed (…/tradedeck.lock could not be written)',
        ].includes(m.replace(/\(.*\//, '(…/')),
        m,
      );
  rmSync(filler, { force: true });
  budget = Infinity;

  const rows = JSON.parse(await journalExportText(w.journalPath, { format: 'json', include: ['demo'] })) as Array<{
    action: string;
    status: string;
    signature: string;
  }>;
  const swaps = rows.filter((r) => r.action.startsWith('swap') && r.status === 'success');
  assert.equal(swaps.length, landed, 'the export lists every swap that was sent');
  assert.equal(submissions(w.sim).length, landed);
});
