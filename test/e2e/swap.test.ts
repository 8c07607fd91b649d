// The real program in a real pseudo-terminal at 80x24, demo mode: `:swap 0.1 SOL USDC` from the
// Tokens screen opens the confirm dialog, `y` signs and executes, the Swap screen shows Success with
// the signature and the wallet's SOL balance reflects it; the journal view lists the entry, and its
// entry view and the swap instructions view scroll to their last lines; the advanced form scrolls
// to the order options, and `:swap … receiver ADDR` says in the dialog where the output goes; a
// router name the service refuses is said in its words.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { openTerminal } from '../support/pty.js';
import { CLI as cli, ROOT as root, tempHome } from '../support/home.js';

test('demo at 80x24: :swap 0.1 SOL USDC, y, Success with a signature, balances move, J lists it', async (t) => {
  assert.ok(existsSync(cli), 'dist/cli.js is built (npm test builds it first)');
  const { env } = tempHome(t, 'e2e-swap');
  const term = await openTerminal(t, { command: [process.execPath, cli], cols: 80, rows: 24, env, cwd: root });
  await term.waitFor(/SIMULATED/, 30_000);

  term.send(':swap 0.1 SOL USDC');
  term.press('Enter');
  let screen = await term.waitFor((s) => s.includes('y confirm') && s.includes('Your balances'), 20_000);
  // the balance changes the simulation measured, then the service's figures beside them
  assert.match(screen, /Your balances\s+−0\.1\d* SOL · \+[\d.]+ USDC \(at least [\d.]+\)/);
  assert.match(screen, /Quoted\s+0\.1 SOL/);
  assert.match(screen, /At least\s+[\d.,]+ USDC( ≈ \$[\d.,]+)? after/);
  assert.match(screen, /Fee payer you/);
  assert.equal(screen.split('\n').length, 24);

  // y signs only once every line of the dialog was on screen: to the end first
  term.send('G');
  await term.waitFor((s) => s.includes('y confirm') && !/more below/.test(s), 10_000);
  term.send('y');
  screen = await term.waitFor((s) => s.includes('Success') && /bal 99\.8/.test(s), 20_000);
  assert.match(screen, /Order: Success/);
  assert.match(screen, /Signature [1-9A-HJ-NP-Za-km-z]{40,}/);
  assert.match(screen, /Paid 0\.1 SOL, received [\d.,]+ USDC/);
  assert.match(screen, /✓ SOL So11…1112 \$[\d.,]+ bal 99\.8\d*/);

  term.send('J');
  await term.waitFor((s) => s.includes('Journal:') && /Swap\s+swap\s+success/.test(s), 10_000);
  // the entry is longer than 80x24: the keys its footer offers reach its last line
  term.press('Enter');
  screen = await term.waitFor((s) => s.includes('Journal entry') && /lines 1-\d+ of \d+/.test(s), 10_000);
  const total = /lines 1-\d+ of (\d+)/.exec(screen)![1];
  term.press('End');
  await term.waitFor((s) => new RegExp(`lines \\d+-${total} of ${total}`).test(s), 10_000);
  term.send('g');
  await term.waitFor((s) => /lines 1-\d+ of/.test(s), 10_000);
  term.press('PageDown');
  await term.waitFor((s) => s.includes('Journal entry') && !/lines 1-\d+ of/.test(s), 10_000);
  term.press('Escape');
  await term.waitFor((s) => s.includes('Journal:') && !s.includes('Journal entry'), 10_000);
  term.press('Escape');
  await term.waitFor((s) => !s.includes('Journal:'), 10_000);
  // the swap instructions view scrolls the same way
  term.send('i');
  await term.waitFor((s) => s.includes('Swap instructions') && /lines 1-\d+ of \d+/.test(s), 20_000);
  term.send('G');
  await term.waitFor((s) => s.includes('Address lookup tables'), 10_000);
  term.press('Escape');
  await term.waitFor((s) => !s.includes('Swap instructions'), 10_000);

  // the order group's options: the advanced form scrolls to them, :swap takes them as words, and
  // the dialog says plainly that the output goes to another wallet; n sends nothing
  term.send('a');
  term.send('G');
  screen = await term.waitFor(
    (s) => s.includes('› Jito bundle') && /fields \d+-\d+ of \d+ \(j\/k scroll\)/.test(s),
    10_000,
  );
  assert.match(screen, /Prio fee SOL|Jito tip SOL/);
  // up to the order group's routers (16 fields above the last)
  for (let i = 0; i < 16; i++) term.send('k');
  screen = await term.waitFor((s) => s.includes('› Excl routers'), 10_000);
  assert.match(screen, /Receiver/);
  const other = 'Ex1stingAccount1111111111111111111111111111';
  term.send(`:swap 0.05 SOL USDC receiver ${other} exclude-routers jupiterz`);
  term.press('Enter');
  screen = await term.waitFor((s) => s.includes('y confirm') && s.includes('Output goes to'), 20_000);
  // what the simulation says reaches the receiver, and the wallet paying the SOL (and the receiver's account's rent)
  assert.match(screen, /Receiver gets\s+\+[\d.,]+ USDC \(at least [\d.,]+\), NOT this wallet/);
  assert.match(screen, /Your balances\s+−0\.05\d* SOL/);
  assert.match(screen, /⚠ The output goes to Ex1stingAccount1+/);
  assert.equal(screen.split('\n').length, 24);
  term.send('n');
  await term.waitFor((s) => s.includes('Cancelled'), 10_000);
  // which router names exist is the service's to say: a name it refuses comes back in its words
  term.send(':swap 0.05 SOL USDC exclude-routers iris,bogus');
  term.press('Enter');
  screen = await term.waitFor(
    (s) => s.replace(/\s+/g, ' ').includes('unknown router "bogus"; the routers are'),
    10_000,
  );
  assert.match(
    screen.replace(/\s+/g, ' '),
    /excludeRouters: unknown router "bogus"; the routers are metis, jupiterz, dflow, okx/,
  );
  term.send('q');
  assert.equal(await term.exited(), 0);
});
