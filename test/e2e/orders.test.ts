// The real program in a real pseudo-terminal at 80x24, demo mode: 3 opens the Orders screen,
// `:limit 1 SOL 500 USDC` opens the confirm dialog, y places the order, it is listed with filled
// 0%, x + y cancels it, h shows it in History, q exits 0.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openTerminal } from '../helpers/pty.js';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const cli = join(root, 'dist', 'cli.js');

test('demo at 80x24: 3, :limit 1 SOL 500 USDC, y, listed at 0%, x + y, in History, q', async (t) => {
  assert.ok(existsSync(cli), 'dist/cli.js is built (npm run build)');
  const home = mkdtempSync(join(tmpdir(), 'td-e2e-orders-'));
  t.after(() => rmSync(home, { recursive: true, force: true }));
  const env = { HOME: home, XDG_STATE_HOME: join(home, 'state'), XDG_CONFIG_HOME: join(home, 'config'), TRADEDECK_BASE_URL: undefined, TRADEDECK_API_KEY: undefined, TRADEDECK_KEYPAIR: undefined, TRADEDECK_ADDRESS: undefined, NO_COLOR: undefined };
  const term = await openTerminal(t, { command: [process.execPath, cli], cols: 80, rows: 24, env, cwd: root });
  await term.waitFor(/SIMULATED/, 30_000);

  term.send('3');
  let screen = await term.waitFor((s) => s.includes('[Limit] DCA') && s.includes('No active limit orders'), 20_000);
  assert.match(screen, /3 Orders/);

  term.send(':limit 1 SOL 500 USDC');
  term.press('Enter');
  screen = await term.waitFor((s) => s.includes('y confirm') && s.includes('Limit price'), 20_000);
  assert.match(screen, /You pay\s+1 SOL/);
  assert.match(screen, /From market\s+\+\d+\.\d\d% \(above market\)/);
  assert.equal(screen.split('\n').length, 24);

  term.send('y');
  screen = await term.waitFor((s) => /SOL→USDC\s+1 SOL\s+500 USDC/.test(s) && /\s0%\s/.test(s), 30_000);
  for (const line of screen.split('\n')) assert.ok([...line].length <= 80, `line wider than 80: ${line}`);
  assert.match(screen, /Open/);

  term.send('x');
  screen = await term.waitFor((s) => s.includes('y confirm') && s.includes('Cancel limit order'), 20_000);
  term.send('y');
  await term.waitFor((s) => s.includes('No active limit orders'), 30_000);
  term.send('h');
  screen = await term.waitFor((s) => s.includes('Active [History]') && /SOL→USDC.*Cancelled/.test(s), 30_000);
  term.send('q');
  assert.equal(await term.exited(), 0);
});
