// Two instances on one state directory: the first that can sign holds the lock; the second is
// read-only (said, and signing refused), never re-posts the first's transactions at start-up,
// and takes the lock over once the first has gone; a stale lock (its pid gone) is taken over at
// once; alerts and stars added in both instances all survive.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { signingBlocked } from '../../src/actions/run.js';
import { reconcileAtStart } from '../../src/actions/startup.js';
import { createAlertsStore } from '../../src/alerts/store.js';
import { loadAlerts } from '../../src/alerts/file.js';
import { createTokensStore } from '../../src/store/tokens.js';
import { LOCK_FILE, takeStateLock } from '../../src/stateLock.js';
import { createWatchlistWriter, loadWatchlist, type WatchEntry } from '../../src/watchlist.js';
import { testServices } from '../support/services.js';
import { cleanEnv, runCli } from '../support/cli.js';
import { submissions } from '../support/actions.js';

const SOL = 'So11111111111111111111111111111111111111112';
const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const BONK = 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263';

const waitUntil = async (cond: () => boolean | Promise<boolean>, ms = 5_000) => {
  const until = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
};

test('the second instance on a state directory is read-only: signing refused, nothing re-posted at start-up; it signs once the first has gone', async (t) => {
  const first = await testServices(t);
  assert.equal(first.services.stateLock?.held, true);
  const lock = JSON.parse(readFileSync(join(first.stateDir, LOCK_FILE), 'utf8'));
  assert.equal(lock.pid, process.pid);
  assert.equal(typeof lock.startedAt, 'number');
  // the first has a transaction in flight: journalled, no outcome yet
  await first.services.journal!.append({
    id: 'in-flight',
    time: Date.now(),
    group: 'trigger',
    action: 'create-limit',
    requestId: 'req-1',
    signedTransaction: 'AQID',
    summary: { pay: '2 SOL' },
    status: 'signed',
  });

  const second = await testServices(t, { stateDir: first.stateDir });
  const s = second.services;
  assert.equal(s.stateLock?.held, false);
  const said = `another tradedeck (pid ${process.pid}) holds the state dir ${first.stateDir}: read-only`;
  assert.ok(
    s.notices.some((n) => n.text === `${said} until it quits`),
    JSON.stringify(s.notices),
  );
  assert.equal(s.session.getState().lockedBy, process.pid);
  assert.equal(signingBlocked(s), `${said} until it quits`);
  const r = await reconcileAtStart(s);
  assert.equal(r.message, undefined);
  assert.equal(submissions(second.sim).length, 0, "the first instance's transaction was not re-posted");
  assert.equal((await s.journal!.pending()).length, 1, 'and no outcome was written for it');

  await first.services.close();
  // the second tries again every few seconds; here, at once
  assert.equal(await s.stateLock!.retry(), true);
  assert.equal(signingBlocked(s), undefined);
});

test('a stale lock (its pid no longer alive) is taken over; a live one is not', async (t) => {
  const w = await testServices(t, { readOnly: true });
  assert.equal(w.services.stateLock, undefined, 'an instance that cannot sign does not hold the lock');
  const path = join(w.stateDir, LOCK_FILE);
  const gone = spawnSync(process.execPath, ['-e', 'process.exit(0)']).pid!;
  writeFileSync(path, JSON.stringify({ pid: gone, host: hostname(), startedAt: Date.now() - 60_000 }) + '\n', {
    mode: 0o600,
  });
  const taken = await takeStateLock(w.stateDir);
  assert.equal(taken.held, true);
  assert.equal(JSON.parse(readFileSync(path, 'utf8')).pid, process.pid);
  await taken.release();

  const live = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
  t.after(() => live.kill());
  writeFileSync(path, JSON.stringify({ pid: live.pid, host: hostname(), startedAt: Date.now() }) + '\n', {
    mode: 0o600,
  });
  const refused = await takeStateLock(w.stateDir);
  assert.equal(refused.held, false);
  assert.equal(refused.note, `another tradedeck (pid ${live.pid}) holds the state dir ${w.stateDir}: read-only`);
  assert.equal(JSON.parse(readFileSync(path, 'utf8')).pid, live.pid, 'a live lock is left as it is');
});

test('a headless signing command waits briefly for a live lock, then exits 1 saying who holds it; nothing is sent', async (t) => {
  const env = cleanEnv();
  const state = join(env.HOME!, 'state', 'tradedeck');
  const live = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
  t.after(() => live.kill());
  const { mkdirSync } = await import('node:fs');
  mkdirSync(state, { recursive: true, mode: 0o700 });
  writeFileSync(
    join(state, LOCK_FILE),
    JSON.stringify({ pid: live.pid, host: hostname(), startedAt: Date.now() }) + '\n',
    { mode: 0o600 },
  );
  const started = Date.now();
  const r = await runCli(['limit', '2', 'SOL', '300', 'USDC', '--yes'], env);
  assert.equal(r.code, 1, r.err);
  assert.ok(Date.now() - started >= 3_000, 'it waited for the lock');
  assert.match(
    r.err,
    new RegExp(
      `^tradedeck limit: another tradedeck \\(pid ${live.pid}\\) holds the state dir ${state}: read-only; nothing was signed\\n$`,
    ),
  );
  assert.equal(r.out, '');
});

test("alerts added in two instances on one state directory both survive, and each instance sees the other's", async (t) => {
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
  await waitUntil(() => one.getState().loaded && two.getState().loaded);
  // each instance merges with the file as it is when it saves, and adopts what it wrote: the one
  // that saves second sees the first one's alert at once (the first sees it at its next save)
  const a = one.getState().add(SOL, 'SOL', { kind: 'above', level: 300 });
  await waitUntil(async () => (await loadAlerts(w.stateDir)).length === 1);
  const b = two.getState().add(BONK, 'BONK', { kind: 'below', level: 0.00001 });
  await waitUntil(async () => (await loadAlerts(w.stateDir)).length === 2);
  assert.deepEqual((await loadAlerts(w.stateDir)).map((x) => x.id).sort(), [a.id, b.id].sort());
  await waitUntil(() => two.getState().alerts.length === 2);
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
  await waitUntil(async () => (await loadAlerts(w.stateDir)).length === 1);
  two.getState().edit(b.id, { kind: 'below', level: 0.00002 });
  await waitUntil(
    async () =>
      JSON.stringify((await loadAlerts(w.stateDir))[0]?.condition) ===
      JSON.stringify({ kind: 'below', level: 0.00002 }),
  );
  assert.deepEqual(
    (await loadAlerts(w.stateDir)).map((x) => x.id),
    [b.id],
  );
});

test("stars saved by two instances are merged: each one's additions survive, a removal stays removed", async (t) => {
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
