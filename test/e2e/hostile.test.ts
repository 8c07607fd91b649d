// A hostile service (the simulator behind a proxy that puts every family of terminal control
// sequence into JUP's symbol and name, and into an error message): nothing of it reaches the raw
// bytes written to a real pseudo-terminal. In the dashboard: every screen, the token detail, the
// `:limit` confirm dialog, the order list, the notification of a fill and the notifications log,
// the journal's entry (J, Enter: the journal keeps what the service sent), the flash line of a
// service error. Headless on a terminal: the tokens table and the confirm prompt of `limit`, where
// Ctrl-C answers no and exits 130 at once.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { confirmToEnd, openTerminal } from '../support/pty.js';
import { simControl, startSimProcess } from '../support/simProcess.js';
import { assertNoHostileBytes, HOSTILE_SYMBOL, JUP_MINT, startHostileProxy } from '../support/hostile.js';
import { createDemoKeyFile, loadKeypairFile } from '../../src/wallet/keypair.js';
import { CLI as cli, ROOT as root, tempHome } from '../support/home.js';
import { nth } from '../support/narrow.js';

async function setUp(t: { after(fn: () => unknown): void }, name: string) {
  assert.ok(existsSync(cli), 'dist/cli.js is built (npm run build)');
  const { home, env: homeEnv } = tempHome(t, `e2e-${name}`);
  const keyPath = await createDemoKeyFile(join(home, 'keys'));
  const address = (await loadKeypairFile(keyPath)).address;
  const apiKey = `td-e2e-${name}-key-7c2e`;
  const sim = await startSimProcess(t, { apiKey, fund: address });
  const proxy = await startHostileProxy(t, sim);
  const env = { ...homeEnv, TRADEDECK_API_KEY: apiKey };
  const args = ['--base-url', proxy.url, '--rpc-url', `${sim}/rpc`, '--keypair', keyPath];
  return { home, sim, proxy, env, args, address };
}

test('dashboard at 80x24 against a hostile service: no control sequence from it reaches the terminal, on any screen or dialog', async (t) => {
  const { home, sim, proxy, env, args, address } = await setUp(t, 'hostile');
  const term = await openTerminal(t, { command: [process.execPath, cli, ...args], cols: 80, rows: 24, env, cwd: root });
  await term.waitFor(/LIVE/, 30_000);

  // the Tokens list and JUP's detail
  term.send('/JUP');
  term.press('Enter');
  await term.waitFor((s) => /\bJUP\b/.test(s) && /Jupiter/.test(s), 20_000);
  term.press('Enter');
  await term.waitFor((s) => s.includes(JUP_MINT.slice(0, 8)) && /Jupiter/.test(s), 20_000);
  term.press('Escape');
  // every other screen
  const shown: Record<string, RegExp> = {
    '2': /From\s+symbol or mint/,
    '4': /Counterparty/,
    '5': /Net worth/,
    '6': /Launched pools/,
    '7': /alerts · \d+ fired/,
  };
  for (const [key, text] of Object.entries(shown)) {
    term.send(key);
    await term.waitFor(text, 20_000);
  }

  // :limit with JUP on one side: its symbol in the dialog's title and lines
  term.send('3');
  await term.waitFor((s) => s.includes('No active limit orders'), 20_000);
  // near the market (JUP about $0.82, SOL about $150) and above it, so it waits for a fill
  term.send(`:limit 1 SOL 190 ${JUP_MINT}`);
  term.press('Enter');
  await term.waitFor((s) => s.includes('y confirm') && /Limit order: buy 190 JUP for 1 SOL/.test(s), 20_000);
  await confirmToEnd(term);
  await term.waitFor((s) => !s.includes('y confirm') && /190 JUP/.test(s), 30_000);

  // a fill seen from another screen: the flash line, the notification, the log (N)
  const listed = (await (
    await fetch(`${sim}/trigger/v1/getTriggerOrders?user=${address}&orderStatus=active`, {
      headers: { 'x-api-key': env.TRADEDECK_API_KEY },
    })
  ).json()) as { orders: Array<{ orderKey: string }> };
  // + + + : the Orders screen polls every 3 s rather than 15 s, in the background too
  term.send('+++');
  await term.waitFor((s) => s.includes('orders every 3s'), 10_000);
  term.send('1');
  await simControl(sim, 'fill', { order: nth(listed.orders, 0).orderKey, percent: 50 });
  await term.waitFor((s) => s.includes('filled 50%') && s.includes('1 NEW (N)'), 40_000);
  term.send('N');
  await term.waitFor((s) => s.includes('Notifications: 1 entry') && /JUP/.test(s), 10_000);
  term.press('Escape');

  // the journal's entry, as the service's text was stored
  const stateDir = join(home, 'state', 'tradedeck');
  assert.ok(
    readFileSync(join(stateDir, 'journal.jsonl'), 'utf8').includes(JSON.stringify(HOSTILE_SYMBOL).slice(1, -1)),
    'the journal keeps what the service sent',
  );
  term.send('J');
  await term.waitFor((s) => /Journal/.test(s) && /1 entry/.test(s), 10_000);
  term.press('Enter');
  await term.waitFor((s) => /summary/i.test(s) && /JUP/.test(s), 10_000);
  term.press('Escape');
  term.send('J');

  // a service error in the flash line: building the cancel transaction is refused with the hostile message
  proxy.failing.add('POST /trigger/v1/cancelOrder');
  term.send('3');
  await term.waitFor((s) => /SOL→JUP/.test(s), 10_000);
  term.send('x');
  await term.waitFor((s) => s.includes('cancelOrder: HTTP 400: order book closed'), 30_000);

  term.send('q');
  assert.equal(await term.exited(), 0);
  assertNoHostileBytes(term.rawOutput(), 'dashboard');
});

test('headless on a terminal against a hostile service: the tokens table and the limit prompt are clean; Ctrl-C at the prompt exits 130 at once', async (t) => {
  const { env, args } = await setUp(t, 'hostile-cli');
  const tokens = await openTerminal(t, {
    command: [process.execPath, cli, 'tokens', '--limit', '50', ...args],
    cols: 100,
    rows: 60,
    env,
    cwd: root,
  });
  assert.equal(await tokens.exited(), 0);
  // the symbol is in the table (its name only in the JSON), its escape sequences gone
  assert.match(tokens.rawOutput(), /\bJUP\b/);
  assertNoHostileBytes(tokens.rawOutput(), 'tokens');

  const limit = await openTerminal(t, {
    command: [process.execPath, cli, 'limit', '1', 'SOL', '190', JUP_MINT, ...args],
    cols: 100,
    rows: 40,
    env,
    cwd: root,
  });
  await limit.waitFor((s) => /\[y\/N\]/.test(s) && /buy 190 JUP for 1 SOL/.test(s), 30_000);
  const asked = Date.now();
  limit.press('C-c');
  // a generous bound on the wait for the exit; the time it took is asserted below
  const ended = await Promise.race([
    limit.exited(),
    new Promise<'still running'>((r) => setTimeout(() => r('still running'), 15_000).unref()),
  ]);
  assert.equal(ended, 130);
  assert.ok(Date.now() - asked < 1000, `exited ${Date.now() - asked} ms after Ctrl-C`);
  assert.match(limit.screen(), /nothing was signed/);
  assertNoHostileBytes(limit.rawOutput(), 'limit prompt');
});
