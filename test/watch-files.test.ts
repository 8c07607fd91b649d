// `tradedeck watch` and the files it shares with the dashboard: an alerts file it cannot read is
// said on stderr (at start, and whenever it changes from readable to not and back), and the event
// records in <state dir>/events/ are pruned as it runs, by age and by count.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { claimEvent, KEEP_MS, MAX_RECORDS, PRUNE_EVERY_MS, pruneEventsNow } from '../src/notify/claim.js';
import { CLI, cleanEnv } from './support/cli.js';
import { waitFor } from './support/wait.js';
import { removeTree } from './support/home.js';

/** `count` event records in `dir`, each `ageMs` old. */
function records(dir: string, prefix: string, count: number, ageMs: number): void {
  mkdirSync(dir, { recursive: true });
  const at = (Date.now() - ageMs) / 1000;
  for (let i = 0; i < count; i++) {
    const path = join(dir, `order.filled-${prefix}${i.toString(16).padStart(8 - prefix.length, '0')}`);
    writeFileSync(path, '');
    utimesSync(path, at, at);
  }
}

test('watch: an unreadable alerts file is said on stderr, and again once it reads; events/ is pruned as it runs', async (t) => {
  const env = cleanEnv();
  t.after(() => removeTree(env.HOME!));
  const state = join(env.HOME!, 'state', 'tradedeck');
  mkdirSync(state, { recursive: true, mode: 0o700 });
  writeFileSync(join(state, 'alerts.json'), '{"alerts": [', { mode: 0o600 });
  const events = join(state, 'events');
  records(events, 'a', 30, 8 * 86_400_000);
  records(events, 'b', MAX_RECORDS + 20, 60_000);
  const watcher = spawn(process.execPath, [CLI, 'watch', '--interval-ms', '5000'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  t.after(() => void watcher.kill('SIGKILL'));
  let err = '';
  watcher.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
  watcher.stdout.resume();
  const said = () => `; stderr:\n${err}`;
  await waitFor(
    () =>
      err.includes(
        `tradedeck watch: ${join(state, 'alerts.json')}: not valid JSON (Unexpected end of JSON input); alerts will not be saved this session`,
      ),
    'the alerts file to be said unreadable',
    30_000,
    said,
  );
  // pruned in its first round: the week-old records, then the oldest beyond the bound
  await waitFor(() => readdirSync(events).length === MAX_RECORDS, 'events/ to be pruned', 30_000, said);
  assert.deepEqual(
    readdirSync(events).filter((n) => n.includes('-a')),
    [],
  );
  writeFileSync(join(state, 'alerts.json'), JSON.stringify({ version: 1, alerts: [] }), { mode: 0o600 });
  await waitFor(
    () => err.includes('tradedeck watch: alerts: the alerts file reads again'),
    'the watcher to say the file reads again',
    30_000,
    said,
  );
  writeFileSync(join(state, 'alerts.json'), 'nonsense', { mode: 0o600 });
  await waitFor(
    () =>
      err.includes(
        `tradedeck watch: alerts: ${join(state, 'alerts.json')}: not valid JSON (Unexpected token 'o'); the alerts as last read are still watched`,
      ),
    'the watcher to say it cannot read it again',
    30_000,
    said,
  );
  const exited = new Promise<number | null>((r) => watcher.once('close', r));
  watcher.kill('SIGTERM');
  assert.equal(await exited, 0, err);
  for (const line of err.trimEnd().split('\n')) assert.match(line, /^tradedeck watch: /);
});

test('event records are pruned while a process runs: at its first claim, then at most every ten minutes, by age and by count', async () => {
  const state = mkdtempSync(join(tmpdir(), 'td-claim-'));
  try {
    const dir = join(state, 'events');
    const now = Date.now();
    records(dir, 'c', 5, KEEP_MS + 60_000);
    assert.equal(await claimEvent(state, 'alert.fired-0000beef', now), true);
    assert.deepEqual(readdirSync(dir), ['alert.fired-0000beef'], 'the week-old records went at the first claim');
    assert.equal(await claimEvent(state, 'alert.fired-0000beef', now), false, 'a second claim of one event is refused');
    records(dir, 'd', 3, KEEP_MS + 60_000);
    await pruneEventsNow(state, now + PRUNE_EVERY_MS / 2);
    assert.equal(readdirSync(dir).length, 4, 'not again within ten minutes');
    await pruneEventsNow(state, now + PRUNE_EVERY_MS);
    assert.deepEqual(readdirSync(dir), ['alert.fired-0000beef'], 'ten minutes on, pruned again');
  } finally {
    removeTree(state);
  }
});
