// The service's two generations of swap routes, end to end: the built program against a
// `tradedeck sim` process serving both (the swap goes through GET /swap/v2/order + POST
// /swap/v2/execute), and one serving only the first (`tradedeck sim --only-v1`: it falls back to
// /ultra/v1 with no error, says so once, and `tradedeck config` shows what was found); --api-version
// v1 forces the first, v2 against a service without it is one clear line and nothing is signed.
// Then the dashboard at 80x24: the Swap form's new advanced fields (a priority fee and a Jito tip
// in SOL, broadcastFeeType, the build's options), a hostile amount named, and the tip in the dialog
// and the balances.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { openTerminal } from '../support/pty.js';
import { CLI as cli, ROOT as root, tempHome, withChanges } from '../support/home.js';
import { balances, makeHome, requestLog, startSim, NATIVE_MINT } from '../support/reliability.js';
import { runCli, type Run } from '../support/cli.js';

const API_KEY = 'td-e2e-swap-v2-key';

async function world(t: { after(fn: () => void): void }, args: string[] = []) {
  assert.ok(existsSync(cli), 'dist/cli.js is built (npm test builds it first)');
  const home = await makeHome(t, 'swap-v2', API_KEY);
  const sim = await startSim({ apiKey: API_KEY, fund: home.address, seed: 21, args });
  t.after(() => void sim.stop());
  const run = (...a: string[]): Promise<Run> =>
    runCli(
      [...a, '--base-url', sim.url, '--rpc-url', `${sim.url}/rpc`, '--keypair', home.keyPath],
      withChanges(home.env),
    );
  const paths = async () => (await requestLog(sim.url)).map((r) => `${r.method} ${r.path}`);
  return { home, sim, run, paths };
}

const onV2 = (p: string) => p.includes('/swap/v2/');

test('against tradedeck sim: a swap goes through GET /swap/v2/order + POST /swap/v2/execute; --api-version v1 through /ultra/v1 only', async (t) => {
  const w = await world(t);
  const r = await w.run('swap', '0.1', 'SOL', 'USDC', '--yes', '--json');
  assert.equal(r.code, 0, r.err);
  const out = JSON.parse(r.out) as { status: string; path: string; lines: string[] };
  assert.equal(out.status, 'success');
  assert.equal(out.path, 'GET /swap/v2/order + POST /swap/v2/execute');
  assert.equal(out.lines.at(-1), 'route GET /swap/v2/order + POST /swap/v2/execute');
  let paths = await w.paths();
  assert.ok(paths.includes('GET /swap/v2/order') && paths.includes('POST /swap/v2/execute'), paths.join('\n'));
  assert.equal(paths.filter((p) => p.includes('/ultra/v1/')).length, 0);
  const journal = readFileSync(w.home.journalPath, 'utf8');
  assert.match(journal, /"group":"swapV2"/);
  const config = await w.run('config', '--json');
  assert.match(
    (JSON.parse(config.out) as { apiVersion: string }).apiVersion,
    /^auto: \/swap\/v2 \(found \d{4}-\d\d-\d\d\)$/,
  );

  const before = paths.length;
  const v1 = await w.run('swap', '0.1', 'SOL', 'USDC', '--api-version', 'v1', '--yes', '--json');
  assert.equal(v1.code, 0, v1.err);
  assert.equal((JSON.parse(v1.out) as { path: string }).path, 'GET /ultra/v1/order + POST /ultra/v1/execute');
  paths = (await w.paths()).slice(before);
  assert.ok(paths.includes('POST /ultra/v1/execute'));
  assert.equal(paths.filter(onV2).length, 0, 'nothing asked /swap/v2');
});

test('against tradedeck sim --only-v1: the swap falls back to /ultra/v1 with no error, said once; --api-version v2 is one clear line and nothing is signed', async (t) => {
  const w = await world(t, ['--only-v1']);
  const v2 = await w.run('swap', '0.1', 'SOL', 'USDC', '--api-version', 'v2', '--yes', '--json');
  assert.equal(v2.code, 2, v2.err);
  const refused = JSON.parse(v2.out) as { status: string; lines: string[] };
  assert.equal(refused.status, 'refused');
  assert.equal(refused.lines.length, 1);
  assert.match(
    refused.lines[0],
    /^api-version v2: 127\.0\.0\.1:\d+ does not serve GET \/swap\/v2\/order \(HTTP 404\); nothing was signed/,
  );
  assert.equal(existsSync(w.home.journalPath) ? readFileSync(w.home.journalPath, 'utf8') : '', '', 'nothing signed');
  assert.equal((await w.paths()).filter((p) => p.endsWith('/execute')).length, 0);

  const before = await balances(w.sim.url, w.home.address);
  const r = await w.run('swap', '0.1', 'SOL', 'USDC', '--yes', '--json');
  assert.equal(r.code, 0, r.err);
  const out = JSON.parse(r.out) as { status: string; path: string; lines: string[] };
  assert.equal(out.status, 'success');
  assert.equal(out.path, 'GET /ultra/v1/order + POST /ultra/v1/execute');
  const found = out.lines.filter((l) => /does not serve/.test(l));
  assert.deepEqual(found, [
    `${new URL(w.sim.url).host} does not serve /swap/v2 (HTTP 404): through /ultra/v1 instead, and kept for ${new URL(w.sim.url).host}`,
  ]);
  const after = await balances(w.sim.url, w.home.address);
  assert.ok((before.get(NATIVE_MINT) ?? 0n) - (after.get(NATIVE_MINT) ?? 0n) >= 100_000_000n);
  const config = await w.run('config', '--json');
  assert.match((JSON.parse(config.out) as { apiVersion: string }).apiVersion, /^auto: \/ultra\/v1 \(found /);

  // the next run knows it: straight to /ultra/v1, nothing said of it again
  const mark = (await w.paths()).length;
  const again = await w.run('swap', '0.05', 'SOL', 'USDC', '--yes', '--json');
  assert.equal(again.code, 0, again.err);
  assert.equal(
    (JSON.parse(again.out) as { lines: string[] }).lines.some((l) => /does not serve/.test(l)),
    false,
  );
  assert.equal((await w.paths()).slice(mark).filter(onV2).length, 0, '/swap/v2 not asked again');
});

test("dashboard at 80x24: the Swap form's new advanced fields, a hostile tip named, the tip in the dialog and the balances", async (t) => {
  const { env } = tempHome(t, 'e2e-swap-v2');
  const term = await openTerminal(t, { command: [process.execPath, cli], cols: 80, rows: 24, env, cwd: root });
  await term.waitFor(/SIMULATED/, 30_000);
  // the form filled as :swap fills it, the dialog read and cancelled
  term.send(':swap 0.1 SOL USDC jito-tip-sol 0.001 priority-fee-sol 0.00005 broadcast-fee-type maxCap');
  term.press('Enter');
  let screen = await term.waitFor((s) => s.includes('y confirm') && s.includes('Your balances'), 30_000);
  assert.match(screen, /Swap 0\.1 SOL for USDC \(order, \/swap\/v2\)/);
  term.send('G');
  screen = await term.waitFor((s) => s.includes('y confirm') && !/more below/.test(s), 10_000);
  assert.match(screen.replace(/\s+/g, ' '), /Jito tip 0\.001 SOL ≈ \$[\d.]+ leaves the wallet/);
  assert.match(screen.replace(/\s+/g, ' '), /Tip 0\.001 SOL from you to \S+/);
  term.send('n');
  await term.waitFor((s) => s.includes('Cancelled'), 10_000);
  term.press('Escape');

  // the advanced fields: the new ones shown with what they read
  term.send('a');
  term.send('G');
  screen = await term.waitFor((s) => s.includes('› Jito bundle') && /fields \d+-34 of 34/.test(s), 10_000);
  assert.match(screen, /Build mode\s+default/);
  assert.match(screen, /CU percentile\s+auto \(b, v2\)/);
  for (const line of screen.split('\n')) assert.ok(line.length <= 80, line);
  // up to the tip (11 fields above the last)
  for (let i = 0; i < 11; i++) term.send('k');
  screen = await term.waitFor((s) => s.includes('› Jito tip SOL'), 10_000);
  assert.match(screen, /Prio fee SOL\s+0\.00005\s+0\.00005 SOL ≈ [<$\d.]+ priority fee \(s\)/);
  assert.match(screen, /Broadcast\s+maxCap/);
  assert.match(screen, /Jito tip SOL\s+0\.001\s+⚠ 0\.001 SOL ≈ \$[\d.]+ tip leaves the wallet/);
  // a number of lamports where SOL is asked: named, with the rule
  term.press('Enter');
  term.press('C-u');
  term.send('1000000');
  term.press('Enter');
  screen = await term.waitFor((s) => s.includes('✗ jitoTipLamports (in SOL): at most 0.1 SOL'), 10_000);
  assert.match(
    screen.replace(/\s+/g, ' '),
    /at most 0\.1 SOL, got 1,000,000 SOL \(the value is in SOL, not lamports\)/,
  );
  term.press('Enter');
  term.press('C-u');
  term.send('0.002');
  term.press('Enter');
  await term.waitFor((s) => /⚠ 0\.002 SOL ≈ \$[\d.]+ tip leaves the wallet/.test(s), 10_000);
  // s swaps with it: the dialog states it, y signs
  term.send('s');
  screen = await term.waitFor((s) => s.includes('y confirm') && s.includes('Your balances'), 30_000);
  const paid = /Your balances\s+−([\d.]+) SOL/.exec(screen)!;
  assert.ok(Number(paid[1]) >= 0.102, `the tip is in the balances: ${paid[0]}`);
  term.send('G');
  screen = await term.waitFor((s) => s.includes('y confirm') && !/more below/.test(s), 10_000);
  assert.match(screen.replace(/\s+/g, ' '), /Jito tip 0\.002 SOL/);
  term.send('y');
  screen = await term.waitFor((s) => s.includes('Success'), 30_000);
  assert.match(screen, /Route GET \/swap\/v2\/order \+ POST \/swap\/v2\/execute/);
  term.send('q');
  assert.equal(await term.exited(), 0);
});
