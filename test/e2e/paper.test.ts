// Paper mode in a real pseudo-terminal at 80x24, its prices from a second simulator standing in
// for the live service: PAPER in the header of every screen and view, the confirm dialog saying
// that nothing real is signed, a swap filled on paper, and the P&L against the start on Portfolio,
// which is what the fills did to the account at the service's prices.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { openTerminal } from '../support/pty.js';
import { CLI as cli, ROOT as root, tempHome } from '../support/home.js';
import { startSim } from '../../src/sim/index.js';
import { NATIVE_MINT as SOL, USDC_MINT } from '../../src/chain/mints.js';
import { runCli } from '../support/cli.js';
import { nth } from '../support/narrow.js';

/** the screen as one line of words: the dialog's borders and line breaks gone */
const flat = (s: string) => s.replace(/[│╭╮╰╯─]/g, ' ').replace(/\s+/g, ' ');
const header = (s: string) => nth(s.split('\n'), 0);

test('paper mode: PAPER on every screen at 80x24, a swap filled on paper, the P&L against the start', async (t) => {
  assert.ok(existsSync(cli), 'dist/cli.js is built (npm test builds it first)');
  const live = await startSim({ seed: 11, timeScale: 0 });
  t.after(() => live.stop());
  const { env: home } = tempHome(t, 'e2e-paper');
  const env = { ...home, TRADEDECK_API_KEY: 'paper-e2e' };
  const term = await openTerminal(t, {
    command: [process.execPath, cli, '--paper', '--base-url', live.url],
    cols: 80,
    rows: 24,
    env,
    cwd: root,
  });
  await term.waitFor(
    (s) => /PAPER 127\.0\.0\.1:\d+/.test(header(s)) && /\d+ +\S+/.test(s.split('\n')[3] ?? ''),
    30_000,
  );
  for (const [key, title] of [
    ['2', 'Swap'],
    ['3', 'Orders'],
    ['4', 'Invites'],
    ['5', 'Portfolio'],
    ['6', 'Studio'],
    ['7', 'Alerts'],
    ['1', 'Tokens'],
  ] as const) {
    term.send(key);
    await term.waitFor((s) => header(s).includes('PAPER') && nth(s.split('\n'), 1).includes(title), 10_000);
  }
  for (const [view, shows] of [
    ['J', /Journal/],
    ['N', /Notifications:/],
  ] as const) {
    term.send(view);
    await term.waitFor((s) => header(s).includes('PAPER') && shows.test(s), 10_000);
    term.press('Escape');
    await term.waitFor((s) => !shows.test(s), 10_000);
  }

  term.send(':swap 0.1 SOL USDC');
  term.press('Enter');
  let screen = await term.waitFor((s) => s.includes('y confirm'), 20_000);
  assert.match(flat(screen), /PAPER +nothing real is signed or sent; filled on paper at 127\.0\.0\.1:\d+'s prices/);
  // the button says what happens: nothing is signed or sent
  assert.match(screen, /Cancel <? +Fill on paper/);
  assert.doesNotMatch(screen, /Sign and send/);
  // to the end of the dialog first (y asks for every line read), then y, as two key presses
  term.send('G');
  await term.waitFor((s) => s.includes('y confirm') && !/more below/.test(s), 10_000);
  term.send('y');
  // the outcome says it was on paper
  screen = await term.waitFor((s) => flat(s).includes('swap filled on paper: Paid 0.1 SOL, received'), 20_000);
  assert.match(screen, /Filled on paper \(nothing real was signed or sent\)/);

  term.press('Escape');
  term.send('5');
  // the swap's effect, without waiting for Portfolio's own interval: the wallet holds less than 10 SOL
  screen = await term.waitFor(
    (s) => /Paper P&L .* against the start, \$[\d,.]+ on \d{4}-\d\d-\d\d/.test(s) && /\n +SOL +9\.\d+ /.test(s),
    20_000,
  );
  for (const line of screen.split('\n')) assert.ok([...line].length <= 80, `line wider than 80: ${line}`);
  const pnl = /Paper P&L (?:= \$0\.00|[▲▼] ([+-])\$([\d,.]+))/.exec(screen);
  assert.ok(pnl, 'the P&L line says an amount');
  const shownPnl = pnl[2] === undefined ? 0 : Number(pnl[2].replace(/,/g, '')) * (pnl[1] === '-' ? -1 : 1);
  assert.ok(
    live.requests().every((r) => r.method === 'GET'),
    'the live service was only read from',
  );
  // q saves the paper account and ends the program before its home is removed
  term.send('q');
  assert.equal(await term.exited(), 0);

  // the P&L is what the fills did to the account, at the service's (unmoving) prices: the SOL paid
  // with its fees and the USDC received, against 10 SOL and 1,000 USDC at the start
  const held = await runCli(['--paper', '--base-url', live.url, 'portfolio', '--json'], env);
  assert.equal(held.code, 0, held.err);
  const wallet = (
    JSON.parse(held.out) as {
      elements: Array<{ platformId: string; data: { assets?: Array<{ data: { address: string; amount: number } }> } }>;
    }
  ).elements.find((e) => e.platformId === 'wallet')!;
  const amountOf = (mint: string) => wallet.data.assets!.find((a) => a.data.address === mint)!.data.amount;
  const listed = (await (
    await fetch(`${live.url}/tokens/v2/toptraded/24h?limit=100`, { headers: { 'x-api-key': 'paper-e2e' } })
  ).json()) as Array<{ id: string; usdPrice: number }>;
  const priceOf = (mint: string) => listed.find((x) => x.id === mint)!.usdPrice;
  const fromFills = (amountOf(SOL) - 10) * priceOf(SOL) + (amountOf(USDC_MINT) - 1000) * priceOf(USDC_MINT);
  assert.ok(amountOf(SOL) < 9.9, `the swap paid 0.1 SOL and its fees (SOL ${amountOf(SOL)})`);
  assert.ok(
    Math.abs(shownPnl - fromFills) <= 0.005 + 1e-9,
    `Portfolio's P&L ${shownPnl} is the fills' ${fromFills.toFixed(4)} to the cent:\n${screen}`,
  );
});
