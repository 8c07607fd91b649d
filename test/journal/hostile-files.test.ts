// State files that are not what they should be: a journal (or alerts, watchlist, pools, config)
// that is a symbolic link, a FIFO or a link to a device is refused with one line naming it; what
// it points at is neither written nor has its mode changed; nothing hangs on a FIFO.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openJournal } from '../../src/journal/journal.js';
import { readStateFile, StateFileError, writeStateFile } from '../../src/state/file.js';
import { loadAlerts, ALERTS_FILE } from '../../src/alerts/file.js';
import { loadWatchlist, WATCHLIST_FILE } from '../../src/store/watchlist.js';
import { loadPools, POOLS_FILE } from '../../src/studio/pools.js';
import { loadConfig } from '../../src/config/config.js';
import { signingBlocked } from '../../src/actions/run.js';
import { testServices } from '../support/services.js';
import { cleanEnv, runCli } from '../support/cli.js';
import { removeTree } from '../support/home.js';

function stateDir(t: { after(fn: () => void): void }): string {
  const dir = mkdtempSync(join(tmpdir(), 'td-hostile-'));
  t.after(() => removeTree(dir));
  const state = join(dir, 'state');
  mkdirSync(state, { recursive: true, mode: 0o700 });
  return state;
}

/** A file elsewhere, readable by all, that a link in the state directory points at. */
function target(dir: string): string {
  const path = join(dir, '..', 'elsewhere.txt');
  writeFileSync(path, 'not yours to touch\n', { mode: 0o644 });
  return path;
}

const untouched = (path: string) => {
  assert.equal(readFileSync(path, 'utf8'), 'not yours to touch\n');
  assert.equal(statSync(path).mode & 0o777, 0o644);
};

const mkfifo = (path: string) => execFileSync('mkfifo', ['-m', '600', path]);

test('a journal that is a symbolic link, a FIFO or a link to /dev/null is refused naming it; the target keeps its mode and content', async (t) => {
  const dir = stateDir(t);
  const link = join(dir, 'journal.jsonl');
  const elsewhere = target(dir);
  symlinkSync(elsewhere, link);
  await assert.rejects(
    openJournal(link),
    (e: Error) =>
      e instanceof StateFileError &&
      e.message ===
        `${link} is a symbolic link: refused (tradedeck reads and writes only regular files of its own user here)`,
  );
  untouched(elsewhere);

  const devNull = statSync('/dev/null').mode;
  rmSync(link);
  symlinkSync('/dev/null', link);
  await assert.rejects(openJournal(link), /journal\.jsonl is a symbolic link: refused/);
  assert.equal(statSync('/dev/null').mode, devNull, '/dev/null keeps its mode');

  rmSync(link);
  mkfifo(link);
  const started = Date.now();
  await assert.rejects(openJournal(link), /journal\.jsonl is a FIFO \(named pipe\): refused/);
  assert.ok(Date.now() - started < 2_000, 'the FIFO did not block');
  assert.ok(lstatSync(link).isFIFO());
});

test('alerts, watchlist, pools and config files that are links or FIFOs are refused; a save never replaces a link', async (t) => {
  const dir = stateDir(t);
  const elsewhere = target(dir);
  symlinkSync(elsewhere, join(dir, ALERTS_FILE));
  await assert.rejects(loadAlerts(dir), /alerts\.json is a symbolic link: refused/);
  await assert.rejects(writeStateFile(dir, ALERTS_FILE, '{}'), /alerts\.json is a symbolic link: refused/);
  assert.ok(lstatSync(join(dir, ALERTS_FILE)).isSymbolicLink(), 'the link was not replaced');
  untouched(elsewhere);

  mkfifo(join(dir, WATCHLIST_FILE));
  await assert.rejects(loadWatchlist(dir), /watchlist\.json is a FIFO \(named pipe\): refused/);
  symlinkSync('/dev/null', join(dir, POOLS_FILE));
  await assert.rejects(loadPools(dir), /studio-pools\.json is a symbolic link: refused/);
  mkfifo(join(dir, 'tokens-view.json'));
  await assert.rejects(readStateFile(join(dir, 'tokens-view.json')), /is a FIFO/);
  assert.equal(await readStateFile(join(dir, 'absent.json')), undefined);

  const config = join(dir, 'config.json');
  symlinkSync(elsewhere, config);
  assert.throws(
    () => loadConfig({ flags: {}, env: {}, configPath: config, home: dir }),
    (e: Error) => e.message.includes(`${config} is a symbolic link: refused`),
  );
  rmSync(config);
  mkfifo(config);
  assert.throws(
    () => loadConfig({ flags: {}, env: {}, configPath: config, home: dir }),
    (e: Error) => e.message.includes(`${config} is a FIFO (named pipe): refused`),
  );
});

test('the dashboard starts with a symlinked journal refused (signing off, said in one line) and its target untouched', async (t) => {
  const dir = stateDir(t);
  const elsewhere = target(dir);
  symlinkSync(elsewhere, join(dir, 'journal.jsonl'));
  const w = await testServices(t, { stateDir: dir });
  assert.equal(w.services.journal, null);
  const notice = w.services.notices.find((n) => n.text.includes('journal.jsonl'));
  assert.equal(
    notice?.text,
    `${join(dir, 'journal.jsonl')} is a symbolic link: refused (tradedeck reads and writes only regular files of its own user here); signing is off`,
  );
  assert.match(signingBlocked(w.services) ?? '', /the journal could not be opened/);
  untouched(elsewhere);
});

test('a headless signing command with a FIFO or a /dev/null link as journal exits at once naming it; nothing is written there', async (t) => {
  const home = mkdtempSync(join(tmpdir(), 'td-hostile-cli-'));
  t.after(() => removeTree(home));
  const state = join(home, 'state', 'tradedeck');
  mkdirSync(state, { recursive: true, mode: 0o700 });
  const journal = join(state, 'journal.jsonl');
  mkfifo(journal);
  const started = Date.now();
  let r = await runCli(['limit', '2', 'SOL', '300', 'USDC', '--yes'], cleanEnv(home));
  assert.ok(Date.now() - started < 30_000);
  assert.equal(r.code, 2, r.err);
  assert.match(
    r.err,
    new RegExp(`${journal.replace(/[.]/g, '\\.')} is a FIFO \\(named pipe\\): refused .*signing is off`),
  );
  assert.match(r.err, /the journal could not be opened/);
  assert.equal(r.out, '');
  assert.ok(lstatSync(journal).isFIFO());

  rmSync(journal);
  symlinkSync('/dev/null', journal);
  const devNull = statSync('/dev/null').mode;
  r = await runCli(['limit', '2', 'SOL', '300', 'USDC', '--yes'], cleanEnv(home));
  assert.equal(r.code, 2, r.err);
  assert.match(r.err, /journal\.jsonl is a symbolic link: refused/);
  assert.equal(statSync('/dev/null').mode, devNull);
});

test("a link put in the journal's place while it is open is not written through: the append is refused", async (t) => {
  const dir = stateDir(t);
  const path = join(dir, 'journal.jsonl');
  const journal = await openJournal(path);
  const elsewhere = target(dir);
  rmSync(path);
  symlinkSync(elsewhere, path);
  await assert.rejects(
    journal.append({
      id: 'x',
      time: 1,
      group: 'ultra',
      action: 'swap',
      signedTransaction: 'AQID',
      summary: {},
      status: 'signed',
    }),
    /journal\.jsonl is a symbolic link: refused/,
  );
  untouched(elsewhere);
  rmSync(path);
  await journal.append({
    id: 'y',
    time: 1,
    group: 'ultra',
    action: 'swap',
    signedTransaction: 'AQID',
    summary: {},
    status: 'signed',
  });
  assert.deepEqual(
    (await journal.entries()).map((e) => e.id),
    ['y'],
    'a journal removed while running is made again',
  );
  assert.equal(statSync(path).mode & 0o777, 0o600);
});
