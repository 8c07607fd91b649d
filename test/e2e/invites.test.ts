// The real program in a real pseudo-terminal at 80x24, against `tradedeck sim` (whose funded
// wallets carry a sample history of invites), signing with a key the simulator funded:
// `:invites ADDRESS` on the Invites screen looks at another address (here one the simulator holds
// nothing for), and `:invites mine` comes back to the wallet's invites; a word that is neither is named.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { openTerminal } from '../support/pty.js';
import { startSimProcess } from '../support/simProcess.js';
import { createDemoKeyFile, loadKeypairFile } from '../../src/wallet/keypair.js';
import { CLI as cli, ROOT as root, tempHome } from '../support/home.js';

test('80x24: :invites ADDRESS shows that address, :invites mine the wallet again', async (t) => {
  assert.ok(existsSync(cli), 'dist/cli.js is built (npm run build)');
  const { env, home } = tempHome(t, 'e2e-invites');
  const keyPath = await createDemoKeyFile(join(home, 'keys'));
  const address = (await loadKeypairFile(keyPath)).address;
  const url = await startSimProcess(t, { fund: address });
  const term = await openTerminal(t, {
    command: [process.execPath, cli, '--base-url', url, '--keypair', keyPath],
    cols: 80,
    rows: 24,
    env: { ...env, TRADEDECK_API_KEY: 'k' },
    cwd: root,
  });
  await term.waitFor(/LIVE/, 30_000);
  const fits = (screen: string) => {
    const lines = screen.split('\n');
    assert.ok(lines.length <= 24);
    for (const l of lines) assert.ok([...l].length <= 80, `line wider than 80: ${l}`);
  };

  term.send('4');
  await term.waitFor((s) => /\[History\]/.test(s) && /10 loaded/.test(s), 20_000);
  term.send(':invites BPFLoaderUpgradeab1e11111111111111111111111\r');
  let screen = await term.waitFor((s) => /of BPFL…1111\s+\[History\]/.test(s) && /0 loaded, all/.test(s), 20_000);
  assert.match(screen, /No invites sent or received by this address\./);
  fits(screen);

  term.send(':invites pending mine\r');
  screen = await term.waitFor((s) => /\[Pending\]/.test(s) && !/of BPFL/.test(s) && /\d+ loaded/.test(s), 20_000);
  fits(screen);

  term.send(':invites somebody\r');
  screen = await term.waitFor(/"somebody" is not a view \(history, pending\), an address or mine/, 10_000);
  fits(screen);

  term.send('q');
  assert.equal(await term.exited(), 0);
});
