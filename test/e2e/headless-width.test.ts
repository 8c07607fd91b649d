// Headless commands on a real terminal: `tradedeck help limit` is laid out for the terminal's
// width (lines past 80 on a 100-column terminal, none past it), and `tradedeck orders` and
// `tradedeck quote` on an 80x24 terminal print tables that fit it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import stringWidth from 'string-width';
import { openTerminal } from '../support/pty.js';
import { CLI as cli, ROOT as root, tempHome } from '../support/home.js';

test('help on a 100-column terminal uses its width; orders and quote at 80x24 fit it', async (t) => {
  assert.ok(existsSync(cli), 'dist/cli.js is built (npm run build)');
  const { env } = tempHome(t, 'e2e-headless-width');
  const wide = await openTerminal(t, {
    command: [process.execPath, cli, 'help', 'limit'],
    cols: 100,
    rows: 40,
    env,
    cwd: root,
  });
  assert.equal(await wide.exited(), 0);
  const help = wide.screen();
  assert.match(help, /^Usage: tradedeck limit /);
  const widths = wide
    .rawOutput()
    .replace(/\r/g, '')
    .split('\n')
    .map((l) => stringWidth(l));
  assert.ok(Math.max(...widths) <= 100, help);
  assert.ok(
    widths.some((w) => w > 80),
    `the 100 columns are used:\n${help}`,
  );

  for (const args of [['quote', '1', 'SOL', 'USDC'], ['orders']]) {
    const term = await openTerminal(t, {
      command: [process.execPath, cli, ...args],
      cols: 80,
      rows: 24,
      env,
      cwd: root,
    });
    assert.equal(await term.exited(), 0, term.screen());
    // what the program wrote, before the terminal wraps it: no line wider than the terminal
    const written = term.rawOutput().replace(/\r/g, '');
    for (const line of written.split('\n')) assert.ok(stringWidth(line) <= 80, `${args[0]}: ${line}`);
    const screen = term.screen();
    assert.match(screen, args[0] === 'quote' ? /you receive\s+[\d,.]+ USDC/ : /limit orders \(active\): \d+/);
  }
});
