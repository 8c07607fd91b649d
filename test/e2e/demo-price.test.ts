// The real program in a real pseudo-terminal at 80x24, demo mode: `:price` sets a token's price in
// the demo market on purpose, so an alert fires and a limit order fills when the person wants them
// to; a bad price or an unknown token is named in one line, and nothing else changes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { openTerminal } from '../support/pty.js';
import { CLI as cli, ROOT as root, tempHome } from '../support/home.js';

const flat = (s: string) => s.replace(/[│╭╮╰╯─]/g, ' ').replace(/\s+/g, ' ');

test('demo at 80x24: :price SOL makes an alert fire and a limit order fill on purpose; bad words are named', async (t) => {
  assert.ok(existsSync(cli), 'dist/cli.js is built (npm run build)');
  const { env } = tempHome(t, 'e2e-demo-price');
  const term = await openTerminal(t, { command: [process.execPath, cli], cols: 80, rows: 24, env, cwd: root });
  await term.waitFor(/SIMULATED/, 30_000);

  // hostile words first: one line each, nothing set
  term.send(':price SOL 1,5\r');
  await term.waitFor((s) => flat(s).includes('price "1,5": a comma only groups thousands'), 10_000);
  term.send(':price NOSUCH 250\r');
  await term.waitFor((s) => flat(s).includes('"NOSUCH": no token with that symbol'), 10_000);
  term.send(':price SOL\r');
  await term.waitFor((s) => flat(s).includes('give the token and its price in USD'), 10_000);

  // an alert well above the market and a limit order selling SOL there: neither moves by itself
  term.send(':alert SOL > 400\r');
  await term.waitFor((s) => flat(s).includes('alert set: SOL > $400.00'), 10_000);
  term.send('3');
  await term.waitFor((s) => s.includes('No active limit orders'), 20_000);
  term.send(':limit 1 SOL @400 SOL/USDC USDC\r');
  await term.waitFor((s) => s.includes('type yes + Enter confirm') && s.includes('Limit price'), 20_000);
  term.press('PageDown', 3);
  term.send('yes');
  term.press('Enter');
  await term.waitFor((s) => /SOL→USDC\s+1 SOL\s+400 USDC/.test(s), 30_000);

  term.send(':price SOL 450\r');
  await term.waitFor((s) => flat(s).includes('SOL is $450.00 in the demo market from now on'), 10_000);
  // the keeper fills the order and the lists bring the price to the alert
  const screen = await term.waitFor((s) => /\d+ NEW \(N\)/.test(s) && s.includes('No active limit orders'), 60_000);
  for (const line of screen.split('\n')) assert.ok([...line].length <= 80, `line wider than 80: ${line}`);
  term.send('N');
  await term.waitFor((s) => /SOL rose above \$400\.00/.test(s) && /filled/i.test(s), 30_000);

  // q closes the log (as it closes any view), then quits
  term.send('q');
  await term.waitFor((s) => !s.includes('Notifications:'), 10_000);
  term.send('q');
  assert.equal(await term.exited(), 0);
});
