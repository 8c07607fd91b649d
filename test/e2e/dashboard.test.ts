// The real program (node dist/cli.js, built by `npm test`) in a real pseudo-terminal at 80x24, in
// demo mode with a private HOME: what a person sees, and the terminal left clean.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { openTerminal, type Term } from '../support/pty.js';
import { CLI as cli, ROOT as root, tempHome } from '../support/home.js';
import { nth } from '../support/narrow.js';

const ENTER_ALT = '\x1b[?1049h';
const LEAVE_ALT = '\x1b[?1049l';

const ROW = /^[› ]\s*\d+\s+[★ ]?(\S+)/;
const tokenRows = (screen: string) => screen.split('\n').filter((l) => ROW.test(l));
const symbols = (screen: string) => tokenRows(screen).map((l) => ROW.exec(l)![1]);

function isolatedEnv(t: { after: (fn: () => void) => void }): Record<string, string | undefined> {
  return tempHome(t, 'e2e-home').env;
}

async function start(
  t: Parameters<typeof openTerminal>[0],
  env: Record<string, string | undefined>,
  cols = 80,
  rows = 24,
): Promise<Term> {
  assert.ok(existsSync(cli), 'dist/cli.js is built (npm test builds it first)');
  return openTerminal(t, { command: [process.execPath, cli], cols, rows, env, cwd: root });
}

test('demo dashboard at 80x24: rows, c and i, filter, detail, help, q restores the terminal', async (t) => {
  const env = isolatedEnv(t);
  const term = await start(t, env);
  let screen = await term.waitFor((s) => tokenRows(s).length >= 20, 30_000);
  assert.match(screen, /SIMULATED/);
  assert.match(screen, /Organic 1h/);
  assert.match(screen, /\? help/);
  assert.equal(screen.split('\n').length, 24);
  const organic = symbols(screen);

  term.send('c');
  screen = await term.waitFor(
    (s) => s.includes('Traded 1h') && tokenRows(s).length >= 20 && symbols(s).join() !== organic.join(),
    15_000,
  );
  const traded = symbols(screen);
  term.send('i');
  screen = await term.waitFor(
    (s) => s.includes('Traded 6h') && tokenRows(s).length >= 20 && symbols(s).join() !== traded.join(),
    15_000,
  );

  const pick = nth(symbols(screen), 3);
  term.send('/');
  term.send(pick);
  screen = await term.waitFor(
    (s) => tokenRows(s).length >= 1 && tokenRows(s).length < 20 && s.includes(`/${pick}`),
    10_000,
  );
  assert.ok(symbols(screen).includes(pick), screen);
  term.press('Enter');
  term.press('Enter');
  screen = await term.waitFor((s) => s.includes('stats24h') || s.includes('mint '), 10_000);
  assert.match(screen, /mint\s+[1-9A-HJ-NP-Za-km-z]{32,44}/);
  assert.match(screen, new RegExp(`\\b${pick}\\b`));
  term.press('Escape');
  await term.waitFor((s) => tokenRows(s).length >= 1 && !s.includes('prices seen'), 10_000);
  term.press('Escape');
  await term.waitFor((s) => tokenRows(s).length >= 20, 10_000);

  term.send('?');
  screen = await term.waitFor('Global', 10_000);
  assert.match(screen, /next category/);
  term.press('Escape');
  await term.waitFor((s) => tokenRows(s).length >= 20, 10_000);

  term.send('q');
  assert.equal(await term.exited(), 0);
  const raw = term.rawOutput();
  const enter = raw.indexOf(ENTER_ALT);
  const leave = raw.lastIndexOf(LEAVE_ALT);
  assert.ok(enter >= 0, 'entered the alternate screen');
  assert.ok(leave > enter, 'left the alternate screen after entering it');
  assert.ok(raw.lastIndexOf('\x1b[?25h') > enter, 'cursor shown again');
  assert.doesNotMatch(term.screen(), /SIMULATED/);
});

test('SIGTERM and SIGHUP also restore the terminal', async (t) => {
  for (const signal of ['SIGTERM', 'SIGHUP'] as const) {
    const term = await start(t, isolatedEnv(t));
    await term.waitFor((s) => tokenRows(s).length >= 20, 30_000);
    const exited = term.exited();
    process.kill(term.pid, signal);
    assert.equal(await exited, signal === 'SIGTERM' ? 143 : 129);
    const raw = term.rawOutput();
    assert.ok(raw.lastIndexOf(LEAVE_ALT) > raw.indexOf(ENTER_ALT), `${signal}: left the alternate screen`);
  }
});

test('NO_COLOR: no colour escapes; a bad explicit key file (live) or --keypair in demo mode stops with exit 2 before drawing', async (t) => {
  const env = { ...isolatedEnv(t), NO_COLOR: '1' };
  const term = await start(t, env, 120, 30);
  await term.waitFor((s) => tokenRows(s).length >= 20, 30_000);
  term.send('q');
  assert.equal(await term.exited(), 0);
  assert.doesNotMatch(term.rawOutput(), /\x1b\[3[0-9]m|\x1b\[9[0-7]m/, 'no foreground colours');

  // live mode reads the key file asked for (this base URL is never reached: the key fails first)
  const bad = await start(t, {
    ...isolatedEnv(t),
    TRADEDECK_BASE_URL: 'http://127.0.0.1:9',
    TRADEDECK_KEYPAIR: '/nonexistent/key.json',
  });
  assert.equal(await bad.exited(), 2);
  assert.match(bad.screen(), /key file not found: \/nonexistent\/key\.json/);
  assert.ok(!bad.rawOutput().includes(ENTER_ALT));

  // demo mode reads none: --keypair there is refused in one line
  const demo = await openTerminal(t, {
    command: [process.execPath, cli, '--keypair', '/nonexistent/key.json'],
    cols: 80,
    rows: 24,
    env: isolatedEnv(t),
    cwd: root,
  });
  assert.equal(await demo.exited(), 2);
  // one line as written (the terminal wraps it at 80 columns)
  assert.match(
    demo.rawOutput(),
    /tradedeck: --keypair: demo mode signs with its own demo key \(kept in the state dir\) and never reads a key file; give --base-url to trade live with it/,
  );
  assert.ok(!demo.rawOutput().includes(ENTER_ALT));
});
