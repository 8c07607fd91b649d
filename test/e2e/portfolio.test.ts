// The real program in a real pseudo-terminal against `tradedeck sim` (whose funded wallets carry
// sample positions and invites), watching one: `5` shows the Portfolio with net worth, platforms,
// the allocation bar chart and the failed-fetcher warning; `4` shows the Invites with expiry
// countdowns and pages past the first; `q` exits 0. At 80x24 and 120x40. In demo mode a fresh
// wallet holds its balances only: Portfolio shows the wallet alone, Invites none.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { openTerminal } from '../support/pty.js';
import { startSimProcess } from '../support/simProcess.js';
import { createDemoKeyFile, loadKeypairFile } from '../../src/wallet/keypair.js';
import { CLI as cli, ROOT as root, tempHome } from '../support/home.js';

for (const [cols, rows] of [
  [80, 24],
  [120, 40],
] as const) {
  test(`a simulator's sample wallet at ${cols}x${rows}: 5 shows the Portfolio, 4 the Invites with countdowns and more pages, q exits 0`, async (t) => {
    assert.ok(existsSync(cli), 'dist/cli.js is built (npm run build)');
    const { env, home } = tempHome(t, 'e2e-portfolio');
    const address = (await loadKeypairFile(await createDemoKeyFile(join(home, 'keys')))).address;
    const url = await startSimProcess(t, { fund: address });
    const term = await openTerminal(t, {
      command: [process.execPath, cli, '--base-url', url, '--address', address],
      cols,
      rows,
      env: { ...env, TRADEDECK_API_KEY: 'k' },
      cwd: root,
    });
    await term.waitFor(/LIVE/, 30_000);

    term.send('5');
    let screen = await term.waitFor(
      (s) => /Net worth \$[\d,]+\.\d\d/.test(s) && s.includes('Allocation by platform'),
      20_000,
    );
    const lines = screen.split('\n');
    assert.ok(lines.length <= rows);
    for (const l of lines) assert.ok([...l].length <= cols, `line wider than ${cols}: ${l}`);
    assert.ok(lines.filter((l) => /[█▏▎▍▌▋▊▉]/.test(l) && /\d+\.\d\d%\s+\$[\d,]+\.\d\d/.test(l)).length >= 3, screen);
    assert.match(screen, /⚠ marginfi \(marginfi-lend\) failed after \d+ ms/);
    // the biggest platform's section comes first (the wallet, or a pool when the wallet holds more there)
    assert.match(screen, /▸ \S+ \([\w-]+\)\s+\$[\d,]+\.\d\d/);
    assert.match(screen, /^ +Wallet +[█▏▎▍▌▋▊▉]+ +\d+\.\d\d%/m);

    term.send('4');
    screen = await term.waitFor((s) => /\[History\]/.test(s) && /10 loaded/.test(s), 20_000);
    assert.match(screen, /sent\s+\S+\s+[\d.,]+ (SOL|USDC)\s+\S+ ago\s+\d+d( \d{1,2}h)? created/);
    term.send(']');
    screen = await term.waitFor((s) => /(1[1-9]|20) loaded/.test(s), 20_000);
    for (const l of screen.split('\n')) assert.ok([...l].length <= cols, `line wider than ${cols}: ${l}`);

    term.send('q');
    assert.equal(await term.exited(), 0);
  });
}

test('demo at 80x24: a fresh demo wallet starts with its balances only: the wallet alone on 5, no invites on 4', async (t) => {
  const { env } = tempHome(t, 'e2e-portfolio-demo');
  const term = await openTerminal(t, { command: [process.execPath, cli], cols: 80, rows: 24, env, cwd: root });
  await term.waitFor(/SIMULATED/, 30_000);
  term.send('5');
  const screen = await term.waitFor((s) => s.includes('Allocation by platform') && /▸ Wallet/.test(s), 20_000);
  assert.match(screen, /^ +Wallet +[█▏▎▍▌▋▊▉]+ +100\.00%/m);
  assert.doesNotMatch(screen, /Kamino|Raydium|Drift|marginfi|⚠/);
  term.send('4');
  await term.waitFor((s) => /\[History\]/.test(s) && /0 loaded, all/.test(s), 20_000);
  term.send('q');
  assert.equal(await term.exited(), 0);
});
