// One trader's processes on one state directory: each signs in its turn (the signing turn is held
// only while one transaction is journalled, signed and submitted); one that waits says for whom,
// and gives up after a bounded wait with a line that says so. A lock's owner is pid, start time,
// boot id, pid namespace and host: a stale one (same host, boot and namespace; pid gone or reused)
// is taken over, a live one never removed, one that cannot be checked from here is left and said
// with the command that clears it. The start-up check takes only the entries whose process is
// gone. Alerts and stars added in two processes all survive.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { signingBlocked } from '../../src/actions/run.js';
import { reconcileAtStart } from '../../src/actions/startup.js';
import { swapFromCommand } from '../../src/actions/swapFlow.js';
import { createAlertsStore } from '../../src/alerts/store.js';
import { loadAlerts } from '../../src/alerts/file.js';
import { openJournal } from '../../src/journal/journal.js';
import { createTokensStore } from '../../src/store/tokens.js';
import { LOCK_FILE, SigningTurnError, takeSigningTurn } from '../../src/state/lock.js';
import { createWatchlistWriter, loadWatchlist, type WatchEntry } from '../../src/store/watchlist.js';
import { testServices } from '../support/services.js';
import { CLI, cleanEnv } from '../support/cli.js';
import { answerNext, submissions, world } from '../support/actions.js';
import { nth } from '../support/narrow.js';
import { NATIVE_MINT as SOL, USDC_MINT as USDC } from '../../src/chain/mints.js';
import { waitFor } from '../support/wait.js';

const BONK = 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263';
const HOLDER = fileURLToPath(new URL('./turn-holder.ts', import.meta.url));

/** The start time of a process as /proc/<pid>/stat field 22 gives it (read here, not by the code under test). */
function startOf(pid: number): string {
  const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return nth(text.slice(text.lastIndexOf(')') + 2).split(' '), 19);
}
const BOOT = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
const PIDNS = readlinkSync('/proc/self/ns/pid');

/** A process that holds the signing turn of `stateDir` as `who` until its stdin closes. */
async function holder(t: { after(fn: () => void): void }, stateDir: string, who: string): Promise<ChildProcess> {
  await mkdir(stateDir, { recursive: true });
  const child = spawn(process.execPath, ['--import', 'tsx', HOLDER, stateDir, who, 'stdin'], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  t.after(() => child.kill());
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => String(d).includes('held') && resolve());
    child.on('exit', (code) => reject(new Error(`the holder exited ${code}`)));
  });
  return child;
}

/** A live process that does nothing (its pid is alive for as long as the test needs). */
function sleeper(t: { after(fn: () => void): void }): ChildProcess {
  const live = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
  t.after(() => live.kill());
  return live;
}

function writeLock(stateDir: string, owner: Record<string, unknown>): string {
  const path = join(stateDir, LOCK_FILE);
  writeFileSync(path, JSON.stringify({ startedAt: Date.now() - 1000, who: 'the dashboard', ...owner }) + '\n', {
    mode: 0o600,
  });
  return path;
}

test('two processes on one state directory both sign: one waits for the other, saying for whom, then signs', async (t) => {
  const w = await world(t);
  const stateDir = join(w.dir, 'state');
  // nothing is read-only: the other process does not stop this one from signing
  assert.equal(signingBlocked(w.services), undefined);
  const other = await holder(t, stateDir, 'the dashboard');
  const lock = JSON.parse(readFileSync(join(stateDir, LOCK_FILE), 'utf8'));
  assert.deepEqual(
    { pid: lock.pid, host: lock.host, start: lock.start, boot: lock.boot, pidns: lock.pidns, who: lock.who },
    { pid: other.pid, host: hostname(), start: startOf(other.pid!), boot: BOOT, pidns: PIDNS, who: 'the dashboard' },
  );

  const said: string[] = [];
  w.services.swap.subscribe((s) => s.running && said.push(s.running));
  const run = swapFromCommand(w.services, w.services.swap, ['0.1', 'SOL', 'USDC']);
  await answerNext(w.services, true);
  await waitFor(
    () => said.includes(`waiting for the dashboard, pid ${other.pid}, to finish signing`),
    'the swap to say it waits for the other process',
    10_000,
  );
  assert.equal(submissions(w.sim).length, 0, 'nothing is signed or sent while the other process signs');
  assert.equal(readFileSync(w.journalPath, 'utf8'), '', 'nor journalled');
  other.stdin!.end();
  const r = await run;
  assert.equal(r?.status, 'success', r?.error);
  assert.equal(submissions(w.sim).length, 1);
  assert.equal(existsSync(join(stateDir, LOCK_FILE)), false, 'the turn is let go once the transaction is sent');
});

test('a wait for the signing turn is bounded: it gives up saying who kept it and that nothing was signed', async (t) => {
  const w = await testServices(t, { readOnly: true });
  const other = await holder(t, w.stateDir, 'tradedeck watch');
  await assert.rejects(
    takeSigningTurn(w.stateDir, 'tradedeck swap', { waitMs: 300 }),
    (e: unknown) =>
      e instanceof SigningTurnError &&
      new RegExp(
        `^tradedeck watch \\(pid ${other.pid}\\) kept the signing turn for 0\\.\\d s: nothing was signed; try again once it is done$`,
      ).test(e.message),
  );
  assert.equal(JSON.parse(readFileSync(join(w.stateDir, LOCK_FILE), 'utf8')).pid, other.pid, 'its lock is left');
});

test('a stale lock (pid gone, or the pid now another process) is taken over; a live owner keeps it', async (t) => {
  const w = await testServices(t, { readOnly: true });
  const me = { host: hostname(), boot: BOOT, pidns: PIDNS };
  const gone = spawnSync(process.execPath, ['-e', 'process.exit(0)']).pid!;
  writeLock(w.stateDir, { ...me, pid: gone, start: '12345' });
  let turn = await takeSigningTurn(w.stateDir, 'tradedeck swap', { waitMs: 0 });
  assert.equal(JSON.parse(readFileSync(join(w.stateDir, LOCK_FILE), 'utf8')).pid, process.pid);
  await turn.release();
  assert.equal(existsSync(join(w.stateDir, LOCK_FILE)), false);

  // the pid runs, but it is another process than the one that wrote the lock (it started later)
  const live = sleeper(t);
  await waitFor(() => existsSync(`/proc/${live.pid}/stat`), 'the sleeper process to start', 10_000);
  writeLock(w.stateDir, { ...me, pid: live.pid, start: String(Number(startOf(live.pid!)) - 100) });
  turn = await takeSigningTurn(w.stateDir, 'tradedeck swap', { waitMs: 0 });
  await turn.release();

  const path = writeLock(w.stateDir, { ...me, pid: live.pid, start: startOf(live.pid!) });
  const before = readFileSync(path, 'utf8');
  await assert.rejects(takeSigningTurn(w.stateDir, 'tradedeck swap', { waitMs: 0 }), SigningTurnError);
  assert.equal(readFileSync(path, 'utf8'), before, 'a live owner’s lock is never removed');
});

test('an owner that cannot be checked from here (another pid namespace, host or boot) is left and said with the command that clears it', async (t) => {
  const w = await testServices(t, { readOnly: true });
  const live = sleeper(t);
  await waitFor(() => existsSync(`/proc/${live.pid}/stat`), 'the sleeper process to start', 10_000);
  const me = { host: hostname(), boot: BOOT, pidns: PIDNS, pid: live.pid, start: startOf(live.pid!) };
  for (const [over, why] of [
    [{ pidns: 'pid:[4026532999]' }, 'in another pid namespace \\(a container\\?\\)'],
    [{ host: 'build-box-2' }, 'on host build-box-2'],
    [{ boot: '00000000-0000-4000-8000-000000000000' }, 'from another boot of this host'],
  ] as const) {
    const path = writeLock(w.stateDir, { ...me, ...over });
    const before = readFileSync(path, 'utf8');
    await assert.rejects(takeSigningTurn(w.stateDir, 'tradedeck swap', { waitMs: 0 }), (e: unknown) => {
      assert.ok(e instanceof SigningTurnError);
      assert.match(
        e.message,
        new RegExp(
          `^the signing turn is held by the dashboard \\(pid ${live.pid}, ${why}\\), which cannot be checked from here: nothing was signed; once you have checked that it no longer runs, clear it with: rm ${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`,
        ),
      );
      return true;
    });
    assert.equal(readFileSync(path, 'utf8'), before, 'left as it is');
  }
});

test('the start-up check takes only the entries whose process is gone; a live one is left to it', async (t) => {
  const w = await testServices(t);
  const live = sleeper(t);
  await waitFor(() => existsSync(`/proc/${live.pid}/stat`), 'the sleeper process to start', 10_000);
  const gone = spawnSync(process.execPath, ['-e', 'process.exit(0)']).pid!;
  const me = { host: hostname(), boot: BOOT, pidns: PIDNS };
  const journal = await openJournal(w.journalPath);
  const entry = (id: string, owner: Record<string, unknown>) =>
    journal.append({
      id,
      time: Date.now(),
      group: 'trigger',
      action: 'create-limit',
      transaction: 'AQID',
      summary: { pay: `${id} SOL` },
      status: 'prepared',
      owner: owner as never,
    });
  await entry('of-a-live-process', { ...me, pid: live.pid, start: startOf(live.pid!) });
  await entry('of-a-gone-process', { ...me, pid: gone, start: '1' });
  await entry('of-another-host', { ...me, host: 'build-box-2', pid: 7 });
  const r = await reconcileAtStart(w.services);
  assert.deepEqual(
    r.items.map((i) => [i.id, i.after]),
    [['of-a-gone-process', 'unsent']],
  );
  assert.match(
    r.message!,
    /^journal: 1 unfinished transaction from the last run checked\. create-limit of-a-gone-process SOL: journalled but never signed: nothing was sent \(J shows the journal\) 1 unfinished transaction not checked: create-limit of-another-host SOL: signed by pid 7 on host build-box-2, which cannot be checked from here\.$/,
  );
  assert.deepEqual(
    (await journal.pending()).map((e) => e.id),
    ['of-a-live-process', 'of-another-host'],
  );
  assert.equal(submissions(w.sim).length, 0);
});

test('a headless signing command waits for the dashboard’s signing turn, says so on stderr, then signs', async (t) => {
  const env = cleanEnv();
  const state = join(env.HOME!, 'state', 'tradedeck');
  const other = await holder(t, state, 'the dashboard');
  const child = spawn(process.execPath, [CLI, 'limit', '2', 'SOL', '300', 'USDC', '--yes'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  t.after(() => child.kill());
  let err = '';
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
  const exited = new Promise<number | null>((r) => child.on('close', r));
  await waitFor(() => err.includes('waiting for'), 'the command to say it waits for the dashboard', 60_000);
  assert.match(
    err,
    new RegExp(`^tradedeck limit: waiting for the dashboard, pid ${other.pid}, to finish signing$`, 'm'),
  );
  other.stdin!.end();
  assert.equal(await exited, 0, err);
  assert.match(out, /"status":\s*"success"/);
  assert.deepEqual(
    readdirSync(state).filter((n) => n.endsWith('.lock') || n.endsWith('.tmp')),
    [],
    'no lock or temporary file is left',
  );
});

test("alerts added in two processes on one state directory both survive, and each sees the other's", async (t) => {
  const w = await testServices(t, { readOnly: true });
  const deps = () => ({
    stateDir: w.stateDir,
    catalog: createTokensStore(),
    notify: () => {},
    now: () => Date.now(),
    onError: (m: string) => assert.fail(m),
  });
  const one = createAlertsStore(deps());
  const two = createAlertsStore(deps());
  await waitFor(() => one.getState().loaded && two.getState().loaded, 'both alert stores to load', 10_000);
  // each instance merges with the file as it is when it saves, and adopts what it wrote: the one
  // that saves second sees the first one's alert at once (the first sees it at its next save)
  const a = one.getState().add(SOL, 'SOL', { kind: 'above', level: 300 });
  await waitFor(async () => (await loadAlerts(w.stateDir)).length === 1, 'one alert in the file', 10_000);
  const b = two.getState().add(BONK, 'BONK', { kind: 'below', level: 0.00001 });
  await waitFor(async () => (await loadAlerts(w.stateDir)).length === 2, 'two alerts in the file', 10_000);
  assert.deepEqual((await loadAlerts(w.stateDir)).map((x) => x.id).sort(), [a.id, b.id].sort());
  await waitFor(() => two.getState().alerts.length === 2, 'the second store to see both alerts', 10_000);
  assert.deepEqual(
    two
      .getState()
      .alerts.map((x) => x.id)
      .sort(),
    [a.id, b.id].sort(),
    "the second instance shows the first one's alert after its save",
  );
  // a removal in one instance stays removed after the other saves
  one.getState().remove(a.id);
  await waitFor(async () => (await loadAlerts(w.stateDir)).length === 1, 'one alert in the file', 10_000);
  two.getState().edit(b.id, { kind: 'below', level: 0.00002 });
  await waitFor(
    async () =>
      JSON.stringify((await loadAlerts(w.stateDir))[0]?.condition) ===
      JSON.stringify({ kind: 'below', level: 0.00002 }),
    'the edited condition in the file',
    10_000,
  );
  assert.deepEqual(
    (await loadAlerts(w.stateDir)).map((x) => x.id),
    [b.id],
  );
});

test("stars saved by two processes are merged: each one's additions survive, a removal stays removed", async (t) => {
  const w = await testServices(t, { readOnly: true });
  const star = (mint: string): WatchEntry => ({
    mint,
    symbol: mint.slice(0, 4),
    name: mint.slice(0, 4),
    starredAt: new Date(0).toISOString(),
  });
  const errors: string[] = [];
  const one = createWatchlistWriter(w.stateDir, (m) => errors.push(m));
  const two = createWatchlistWriter(w.stateDir, (m) => errors.push(m));
  await Promise.all([one([star(SOL)]), two([star(USDC)])]);
  assert.deepEqual((await loadWatchlist(w.stateDir)).map((e) => e.mint).sort(), [SOL, USDC].sort());
  await one([]);
  await two([star(USDC), star(BONK)]);
  assert.deepEqual(
    (await loadWatchlist(w.stateDir)).map((e) => e.mint),
    [USDC, BONK],
  );
  assert.deepEqual(errors, []);
});
