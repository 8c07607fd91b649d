// The real program in a real pseudo-terminal at 80x24, demo mode: 3 opens the Orders screen,
// `:limit 100 USDC @0.45 QUDUC` states the price both ways and, far from the market, waits for a
// typed yes (Esc leaves it); `:limit 1 SOL 200 USDC` opens the confirm dialog, y places the order,
// it is listed with filled 0%; a second with wrap off at 12,345.678 (typed yes), listed with its
// price and both amounts whole and said both ways under the list; :cancel-fee 5000; Space marks both, X + y
// cancels them in one transaction at that fee, h shows them in History, q exits 0.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { confirmToEnd, openTerminal } from '../support/pty.js';
import { simControl } from '../support/simProcess.js';
import { CLI as cli, ROOT as root, tempHome } from '../support/home.js';
import { startLive } from '../support/live.js';
import { nth } from '../support/narrow.js';

test('demo at 80x24: 3, :limit 100 USDC @0.45 QUDUC both ways, Esc; :limit 1 SOL 200 USDC, y, listed at 0%; wrap off at a big price, whole; :cancel-fee; Space Space X + y; in History, q', async (t) => {
  assert.ok(existsSync(cli), 'dist/cli.js is built (npm run build)');
  const { env } = tempHome(t, 'e2e-orders');
  const term = await openTerminal(t, { command: [process.execPath, cli], cols: 80, rows: 24, env, cwd: root });
  await term.waitFor(/SIMULATED/, 30_000);

  term.send('3');
  let screen = await term.waitFor((s) => s.includes('[Limit] DCA') && s.includes('No active limit orders'), 20_000);
  assert.match(screen, /3 Orders/);

  // buying QUDUC at 0.45 USDC each (its market is near 0.23): both ways, USD on both sides, typed yes
  term.send(':limit 100 USDC @0.45 QUDUC');
  term.press('Enter');
  screen = await term.waitFor((s) => s.includes('type yes + Enter confirm') && s.includes('Limit price'), 20_000);
  assert.match(screen, /Limit order: buy 222\.222222222 QUDUC for 100 USDC/);
  assert.match(screen, /You pay\s+100 USDC ≈ \$\d+\.\d\d/);
  assert.match(screen, /You receive\s+222\.222222222 QUDUC ≈ \$\d+\.\d\d/);
  assert.match(screen, /Limit price\s+1 QUDUC = 0\.4500 USDC · 1 USDC = 2\.22 QUDUC/);
  for (const line of screen.split('\n')) assert.ok([...line].length <= 80, `line wider than 80: ${line}`);
  term.press('Escape');
  await term.waitFor((s) => s.includes('cancelled, nothing was signed'), 20_000);

  term.send(':limit 1 SOL 200 USDC');
  term.press('Enter');
  screen = await term.waitFor((s) => s.includes('y confirm') && s.includes('Limit price'), 20_000);
  assert.match(screen, /You pay\s+1 SOL/);
  assert.match(screen, /From market\s+\+\d+\.\d\d% \(above market\)/);
  assert.equal(screen.split('\n').length, 24);

  // the simulation's balance line makes the dialog taller than 24 rows: read to its end, then y
  await confirmToEnd(term);
  screen = await term.waitFor((s) => /SOL→USDC\s+1 SOL\s+200 USDC/.test(s) && /\s0%\s/.test(s), 30_000);
  for (const line of screen.split('\n')) assert.ok([...line].length <= 80, `line wider than 80: ${line}`);
  assert.match(screen, /Open/);

  // a big price, far above the market (typed yes): the list shows it and both amounts whole
  term.send(':limit 0.5 SOL @12345.678 USDC wrap off');
  term.press('Enter');
  await term.waitFor(
    (s) => s.includes('type yes + Enter confirm') && s.includes('wrap off: the order uses your wSOL account'),
    20_000,
  );
  // a dialog taller than the screen is read to its end before yes
  term.press('PageDown');
  term.press('PageDown');
  await term.waitFor((s) => s.includes('type yes + Enter confirm') && !s.includes('more below'), 10_000);
  term.send('yes');
  term.press('Enter');
  await term.waitFor((s) => (s.match(/SOL→USDC/g) ?? []).length === 2 && s.includes('Space mark'), 30_000);
  term.send('g');
  screen = await term.waitFor((s) => /^›SOL→USDC\s+0\.5 SOL/m.test(s), 10_000);
  assert.match(screen, /^›SOL→USDC\s+0\.5 SOL\s+6,172\.839 USDC\s+SOL\/USDC 12,345\.68\s+0%/m);
  assert.match(
    screen.replace(/\s+/g, ' '),
    /sell 0\.5 SOL for 6,172\.839 USDC · 1 SOL = 12,345\.68 USDC · 1 USDC = 0\.0₄8100 SOL/,
  );
  for (const line of screen.split('\n')) {
    assert.ok([...line].length <= 80, `line wider than 80: ${line}`);
    if (line.includes('SOL→USDC')) assert.doesNotMatch(line, /…/, 'nothing cut in a row');
  }
  term.send(':cancel-fee 5000');
  term.press('Enter');
  await term.waitFor((s) => s.includes('· cancel fee 5000 ·'), 10_000);
  term.send('g');
  term.send(' ');
  term.send(' ');
  screen = await term.waitFor(
    (s) => s.includes('· 2 marked ·') && s.includes('X cancel 2 marked · Esc unmark'),
    10_000,
  );
  assert.equal((screen.match(/\* SOL→USDC/g) ?? []).length, 2, screen);
  for (const line of screen.split('\n')) assert.ok([...line].length <= 80, `line wider than 80: ${line}`);
  term.send('X');
  screen = await term.waitFor((s) => s.includes('y confirm') && s.includes('cancelling 1–2 of 2'), 20_000);
  assert.match(screen, /Priority fee\s+5000 microlamports per compute unit/);
  term.send('y');
  await term.waitFor(
    (s) => s.includes('No active limit orders') && s.includes('Cancel 2 marked: 1 of 1 transactions done'),
    30_000,
  );
  term.send('h');
  await term.waitFor(
    (s) => s.includes('Active [History]') && (s.match(/SOL→USDC.*Cancelled/g) ?? []).length === 2,
    30_000,
  );
  term.send('q');
  assert.equal(await term.exited(), 0);
});

test('live against the simulator process at 80x24: a part fill seen in the background flashes, rings BEL and is logged; x + y cancels the rest', async (t) => {
  assert.ok(existsSync(cli), 'dist/cli.js is built (npm run build)');
  const apiKey = 'td-e2e-orders-key-4b1d';
  const { url, address, term } = await startLive(t, 'e2e-fills', { apiKey });
  await term.waitFor(/LIVE/, 30_000);
  term.send('3');
  await term.waitFor((s) => s.includes('No active limit orders'), 20_000);
  term.send(':limit 1 SOL 200 USDC');
  term.press('Enter');
  await term.waitFor('y confirm', 20_000);
  await confirmToEnd(term);
  await term.waitFor((s) => /SOL→USDC\s+1 SOL\s+200 USDC/.test(s) && /\s0%\s/.test(s), 30_000);

  const listed = (await (
    await fetch(`${url}/trigger/v1/getTriggerOrders?user=${address}&orderStatus=active`, {
      headers: { 'x-api-key': apiKey },
    })
  ).json()) as { orders: Array<{ orderKey: string }> };
  assert.equal(listed.orders.length, 1);
  const bellsBefore = (term.rawOutput().match(/\x07/g) ?? []).length;
  // + + + : the Orders screen polls every 3 s rather than 15 s (its lists, in the background too)
  term.send('+++');
  await term.waitFor((s) => s.includes('orders every 3s'), 10_000);
  // Look elsewhere while it fills: the background refresh of the active list notices.
  term.send('1');
  await simControl(url, 'fill', { order: nth(listed.orders, 0).orderKey, percent: 50 });
  const seen = await term.waitFor((s) => s.includes('filled 50%') && s.includes('1 NEW (N)'), 40_000);
  for (const line of seen.split('\n')) assert.ok([...line].length <= 80, `line wider than 80: ${line}`);
  assert.ok((term.rawOutput().match(/\x07/g) ?? []).length > bellsBefore, 'a BEL byte was written');
  term.send('N');
  await term.waitFor((s) => s.includes('Notifications: 1 entry') && s.includes('filled 50%'), 10_000);
  term.press('Escape');
  term.send('3');
  await term.waitFor((s) => /SOL→USDC/.test(s) && /50%/.test(s), 20_000);
  term.send('x');
  await term.waitFor((s) => s.includes('y confirm') && s.includes('Cancel limit order'), 20_000);
  term.send('y');
  await term.waitFor((s) => s.includes('No active limit orders'), 30_000);
  term.send('h');
  await term.waitFor((s) => s.includes('Active [History]') && /SOL→USDC.*Cancelled/.test(s), 30_000);
  term.send('q');
  assert.equal(await term.exited(), 0);
});
