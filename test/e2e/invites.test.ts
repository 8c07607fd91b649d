// The real program in a real pseudo-terminal at 80x24, demo mode: `:invites ADDRESS` on the
// Invites screen looks at another address (here one the simulator holds nothing for), and
// `:invites mine` comes back to the wallet's invites; a word that is neither is named.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openTerminal } from '../helpers/pty.js';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const cli = join(root, 'dist', 'cli.js');

test('demo at 80x24: :invites ADDRESS shows that address, :invites mine the wallet again', async (t) => {
  assert.ok(existsSync(cli), 'dist/cli.js is built (npm run build)');
  const home = mkdtempSync(join(tmpdir(), 'td-e2e-invites-'));
  t.after(() => rmSync(home, { recursive: true, force: true }));
  const env = { HOME: home, XDG_STATE_HOME: join(home, 'state'), XDG_CONFIG_HOME: join(home, 'config'), TRADEDECK_BASE_URL: undefined, TRADEDECK_API_KEY: undefined, TRADEDECK_KEYPAIR: undefined, TRADEDECK_ADDRESS: undefined, NO_COLOR: undefined };
  const term = await openTerminal(t, { command: [process.execPath, cli], cols: 80, rows: 24, env, cwd: root });
  await term.waitFor(/SIMULATED/, 30_000);
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
