// Two dashboards on one state directory, in real pseudo-terminals at 80x24: the second starts
// read-only (the header says so, the start-up line says who holds the state dir), refuses to sign
// saying why, and once the first quits it takes the state dir over and says so.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { openTerminal } from '../support/pty.js';
import { CLI as cli, ROOT as root, tempHome } from '../support/home.js';

const flat = (s: string) => s.replace(/\s*\n\s*/g, ' ');

test('a second dashboard on the same state dir is read-only until the first quits', async (t) => {
  assert.ok(existsSync(cli), 'dist/cli.js is built (npm test builds it first)');
  const { home, env } = tempHome(t, 'e2e-lock');
  const first = await openTerminal(t, { command: [process.execPath, cli], cols: 80, rows: 24, env, cwd: root });
  await first.waitFor(/SIMULATED/, 30_000);
  const second = await openTerminal(t, { command: [process.execPath, cli], cols: 80, rows: 24, env, cwd: root });
  // the header's badge names the pid, and so does the start-up line (shown for a few seconds)
  const said = (s: string) => /READ-ONLY \(pid (\d+)\)/.exec(s.split('\n')[0])?.[1];
  let screen = await second.waitFor(
    (s) =>
      said(s) !== undefined &&
      flat(s).includes(
        `another tradedeck (pid ${said(s)}) holds the state dir ${join(home, 'state', 'tradedeck')}: read-only until it quits`,
      ),
    30_000,
  );
  const pid = said(screen);
  for (const line of screen.split('\n')) assert.ok([...line].length <= 80, `line wider than 80: ${line}`);

  second.send(':swap 0.1 SOL USDC');
  second.press('Enter');
  await second.waitFor(
    (s) =>
      flat(s).includes(`swap: another tradedeck (pid ${pid}) holds the state dir`) &&
      flat(s).includes('read-only until it quits') &&
      !s.includes('y confirm'),
    10_000,
  );

  first.send('q');
  screen = await second.waitFor(
    (s) => flat(s).includes('the other tradedeck let the state dir go: this one signs now'),
    20_000,
  );
  assert.doesNotMatch(screen.split('\n')[0], /READ-ONLY/);
});
