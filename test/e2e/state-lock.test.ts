// One trader's processes side by side on one state directory against one `tradedeck sim`: the
// dashboard (in a real pseudo-terminal at 80x24), `tradedeck watch` and `tradedeck swap … --yes`.
// None is read-only; the script signs while the dashboard's dialog is open, and the dashboard signs
// after it; each journal entry names the process that signed it; the watcher runs on throughout.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createDemoKeyFile, loadKeypairFile } from '../../src/wallet/keypair.js';
import { openTerminal } from '../support/pty.js';
import { CLI as cli, ROOT as root, tempHome, withChanges } from '../support/home.js';
import { runCli } from '../support/cli.js';
import { startSimProcess } from '../support/simProcess.js';

test('the dashboard, tradedeck watch and tradedeck swap --yes on one state directory: the dashboard and the script each sign', async (t) => {
  assert.ok(existsSync(cli), 'dist/cli.js is built (npm test builds it first)');
  const { home, env } = tempHome(t, 'e2e-side');
  const keyPath = await createDemoKeyFile(join(home, 'keys'));
  const address = (await loadKeypairFile(keyPath)).address;
  const url = await startSimProcess(t, { fund: address });
  const args = ['--base-url', url, '--rpc-url', `${url}/rpc`, '--keypair', keyPath];
  const env2 = { ...env, TRADEDECK_API_KEY: 'test-key' };
  const state = join(home, 'state', 'tradedeck');
  const journal = join(state, 'journal.jsonl');

  const watcher = spawn(process.execPath, [cli, 'watch', '--interval-ms', '5000', ...args], {
    env: withChanges(env2),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let watchErr = '';
  watcher.stderr.setEncoding('utf8').on('data', (d: string) => (watchErr += d));
  watcher.stdout.resume();
  const watcherEnded = new Promise<number | null>((r) => watcher.once('close', r));
  t.after(() => void watcher.kill('SIGKILL'));

  const dash = await openTerminal(t, {
    command: [process.execPath, cli, ...args],
    cols: 80,
    rows: 24,
    env: env2,
    cwd: root,
  });
  let screen = await dash.waitFor(/LIVE/, 30_000);
  assert.doesNotMatch(screen.split('\n')[0], /READ-ONLY/, 'the watcher beside it does not make it read-only');
  dash.send(':swap 0.1 SOL USDC');
  dash.press('Enter');
  await dash.waitFor((s) => s.includes('y confirm') && s.includes('Your balances'), 30_000);

  // the script signs while the dashboard's dialog is open
  const script = await runCli(['swap', '0.1', 'SOL', 'USDC', '--yes', '--json', ...args], withChanges(env2));
  assert.equal(script.code, 0, script.err);
  assert.equal((JSON.parse(script.out) as { status: string }).status, 'success');

  dash.send('y');
  screen = await dash.waitFor((s) => s.includes('Success'), 30_000);
  for (const line of screen.split('\n')) assert.ok([...line].length <= 80, `line wider than 80: ${line}`);
  dash.send('J');
  // the journal view lists both swaps, the script's and its own
  await dash.waitFor((s) => s.includes('Journal:') && (s.match(/Swap\s+swap\s+success/g) ?? []).length === 2, 15_000);
  dash.press('Escape');

  // two swaps, each signed by its own process, each sent once
  const lines = readFileSync(journal, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { kind: string; id: string; status: string; owner?: { pid: number } });
  const entries = lines.filter((l) => l.kind === 'entry');
  assert.equal(entries.length, 2);
  assert.notEqual(entries[0].owner?.pid, entries[1].owner?.pid, 'signed by two processes');
  for (const e of entries)
    assert.equal(lines.filter((l) => l.id === e.id && l.kind === 'outcome').at(-1)?.status, 'success');
  const executes = (
    (await (await fetch(`${url}/__sim/requests`)).json()) as Array<{ method: string; path: string }>
  ).filter((r) => r.method === 'POST' && (r.path === '/swap/v2/execute' || r.path === '/ultra/v1/execute'));
  assert.equal(executes.length, 2);

  dash.send('q');
  assert.equal(await dash.exited(), 0);
  watcher.kill('SIGTERM');
  assert.equal(await watcherEnded, 0, watchErr);
  assert.deepEqual(
    readdirSync(state).filter((n) => n.endsWith('.lock') || n.endsWith('.tmp')),
    [],
    'no lock or temporary file is left',
  );
});
