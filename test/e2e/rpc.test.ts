// The real program in a real pseudo-terminal at 80x24, live against the simulator process with two
// RPC URLs (two endpoints of the simulator, each with its own fault switch): the first is switched
// off, a swap through the swap group (sent by RPC) moves to the second, the header shows it and the
// swap completes; then the second goes down too: the header says signing is paused, a swap is
// refused with why while the screens keep working, and signing resumes when an endpoint answers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { openTerminal } from '../support/pty.js';
import { simControl, startSimProcess } from '../support/simProcess.js';
import { createDemoKeyFile, loadKeypairFile } from '../../src/wallet/keypair.js';
import { CLI as cli, ROOT as root, tempHome } from '../support/home.js';

const fits = (screen: string) => {
  for (const line of screen.split('\n')) assert.ok([...line].length <= 80, `line wider than 80: ${line}`);
};
const flat = (screen: string) => screen.replace(/\n\s*/g, ' ');

test('two RPC URLs at 80x24: the first switched off, the header shows RPC 2/2 and a swap-group swap completes; none answering pauses signing until one does', async (t) => {
  assert.ok(existsSync(cli), 'dist/cli.js is built (npm run build)');
  const { home, env: homeEnv } = tempHome(t, 'e2e-rpc');
  const keyPath = await createDemoKeyFile(join(home, 'keys'));
  const address = (await loadKeypairFile(keyPath)).address;
  const url = await startSimProcess(t, { apiKey: 'td-e2e-rpc-key', fund: address });
  // the endpoints are probed every 2 s rather than every 15 s (5 s while none answers): the same
  // rounds, sooner (TRADEDECK_TEST_RPC_PROBE_MS is for this test only)
  const env = { ...homeEnv, TRADEDECK_API_KEY: 'td-e2e-rpc-key', TRADEDECK_TEST_RPC_PROBE_MS: '2000' };
  const command = [
    process.execPath,
    cli,
    '--base-url',
    url,
    '--rpc-url',
    `${url}/rpc/a`,
    '--rpc',
    `${url}/rpc/b`,
    '--keypair',
    keyPath,
  ];
  const term = await openTerminal(t, { command, cols: 80, rows: 24, env, cwd: root });
  await term.waitFor((s) => /^›\s+1\s/m.test(s), 30_000);

  // the first endpoint goes down: the swap's RPC calls move to the second, and the header says so
  await simControl(url, 'faults', { rpc: { a: 'down' } });
  term.send(':swap 0.1 SOL USDC fee 10000');
  term.press('Enter');
  let screen = await term.waitFor((s) => s.includes('y confirm') && s.includes('(build + RPC send'), 20_000);
  assert.match(screen.split('\n')[0], /\[RPC 2\/2\]/);
  assert.match(flat(screen), /RPC 1 of 2 failed \(.*503.*\); now using RPC 2/);
  fits(screen);
  term.press('PageDown');
  await term.waitFor((s) => !s.includes('more below'), 10_000);
  term.send('y');
  screen = await term.waitFor((s) => s.includes('Swap build: Success'), 30_000);
  fits(screen);
  const sent = (
    (await (await fetch(`${url}/__sim/requests`)).json()) as Array<{ path: string; status: number; body: unknown }>
  ).filter((r) => r.status === 200 && (r.body as { method?: string } | null)?.method === 'sendTransaction');
  assert.deepEqual(
    sent.map((r) => r.path),
    ['/rpc/b'],
    'sent once, by the second endpoint',
  );

  // the second goes down too: the health probes find none answering three times in a row
  await simControl(url, 'faults', { rpc: { b: 'down' } });
  screen = await term.waitFor(
    (s) => s.split('\n')[0].includes('[SIGNING PAUSED]') && s.split('\n')[0].includes('[RPC DOWN]'),
    45_000,
  );
  assert.match(flat(screen), /no RPC endpoint answers: signing is paused, the screens keep working read-only/);
  fits(screen);
  term.send(':swap 0.1 SOL USDC');
  term.press('Enter');
  screen = await term.waitFor((s) => s.includes('Order: Not sent') && s.includes('✗ swap: none of the 2'), 20_000);
  assert.match(flat(screen), /Not sent none of the 2 RPC endpoints answers: signing is paused/);
  assert.match(flat(screen), /✗ swap: none of the 2 RPC endpoints answers: signing is paused/);
  assert.doesNotMatch(screen, /y confirm/);
  // the API-backed screens keep working: Tokens still shows and refreshes its rows
  term.send('1');
  screen = await term.waitFor((s) => /^›\s+1\s/m.test(s) && /\d+s ago/.test(s), 20_000);
  fits(screen);

  // the second answers again: signing resumes by itself
  await simControl(url, 'faults', { rpc: { b: 'ok' } });
  screen = await term.waitFor(
    (s) => !s.includes('SIGNING PAUSED') && /RPC 2 of 2 answers again: signing resumed/.test(flat(s)),
    20_000,
  );
  assert.match(screen.split('\n')[0], /\[RPC 2\/2\]/);
  term.send('q');
  assert.equal(await term.exited(), 0);
});
