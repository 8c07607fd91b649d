// The dashboard and odd terminals, in a real pseudo-terminal (demo mode):
// - a C locale at 40x12: only ASCII bytes are written; the `:limit` dialog fits under the header,
//   which stays (with its mode badge); Ctrl-Z gives the terminal back (main screen, cooked mode)
//   and stops the process, `fg` in the shell (SIGCONT) takes it again, redraws the whole frame,
//   and keys work after;
// - TERM=dumb: the alternate screen is never entered.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { openTerminal } from '../support/pty.js';
import { CLI as cli, ROOT as root, tempHome } from '../support/home.js';
import { nth } from '../support/narrow.js';
import { waitFor } from '../support/wait.js';

function demoEnv(t: { after(fn: () => void): void }, name: string) {
  assert.ok(existsSync(cli), 'dist/cli.js is built (npm run build)');
  const { env: homeEnv } = tempHome(t, `e2e-${name}`);
  return { ...homeEnv, LANG: undefined, LC_CTYPE: undefined, LC_ALL: undefined };
}

test('C locale at 40x12: ASCII only, the header stays above the :limit dialog, Ctrl-Z stops the job and fg restores the frame and keys', async (t) => {
  const env = demoEnv(t, 'terminal');
  // Under a shell with job control, as a person runs it (a bare tmux pane would continue a stopped
  // program at once): the shell says when the job stopped, waits for Enter, then `fg`.
  const script = 'set -m; "$@"; echo "[shell] job stopped ($?)"; read -r _; fg; exit $?';
  // LANG says UTF-8, LC_ALL (which wins) says C
  const command = [
    'bash',
    '--norc',
    '--noprofile',
    '-c',
    script,
    'bash',
    'env',
    'LANG=en_US.UTF-8',
    'LC_ALL=C',
    process.execPath,
    cli,
  ];
  const term = await openTerminal(t, { command, cols: 40, rows: 12, env, cwd: root });
  let screen = await term.waitFor((s) => s.startsWith('tradedeck  SIMULATED') && /\d\.\d/.test(s), 30_000);
  // small prices written out in full: no subscript zero count (which has no ASCII stand-in)
  assert.doesNotMatch(screen, /\d\?|\?\d/);

  term.send('3');
  await term.waitFor('No active limit orders', 20_000);
  term.send(':limit 1 SOL 160 USDC');
  term.press('Enter');
  screen = await term.waitFor((s) => s.includes('y confirm') && s.includes('Limit order'), 20_000);
  const lines = screen.split('\n');
  assert.match(nth(lines, 0), /^tradedeck +SIMULATED/, 'the header is the first line');
  assert.match(screen, /\+-{10,}\+/, 'the dialog is drawn in ASCII');
  assert.ok(lines.length <= 12);

  // Ctrl-Z: the main screen back, the job stopped (by SIGSTOP: status 128 + 19)
  const before = term.rawOutput().length;
  term.press('C-z');
  screen = await term.waitFor(/\[shell\] job stopped \(147\)/, 10_000);
  assert.ok(!screen.includes('y confirm'), 'the dialog is gone with the alternate screen');
  // the raw output is copied from the pane by a pipe, which may come after the screen shows it
  await waitFor(() => term.rawOutput().slice(before).includes('\x1b[?1049l'), 'the alternate screen left', 10_000);

  // fg (SIGCONT): the whole frame again, and keys work
  const stopped = term.rawOutput().length;
  term.press('Enter');
  await term.waitFor((s) => s.startsWith('tradedeck  SIMULATED') && s.includes('y confirm'), 10_000);
  await waitFor(
    () => term.rawOutput().slice(stopped).includes('\x1b[?1049h'),
    'the alternate screen entered again',
    10_000,
  );
  term.press('Escape');
  await term.waitFor((s) => s.includes('No active limit orders') && !s.includes('y confirm'), 10_000);
  term.send('1');
  await term.waitFor((s) => /Symbol/.test(s), 10_000);
  term.send('q');
  assert.equal(await term.exited(), 0);
  const raw = term.rawOutput();
  const wide = /[^\x00-\x7f]/.exec(raw);
  assert.equal(
    wide,
    null,
    `a byte that is not ASCII: ${JSON.stringify(raw.slice(Math.max(0, (wide?.index ?? 0) - 40), (wide?.index ?? 0) + 10))}`,
  );
});

test('TERM=dumb: the dashboard draws on the main screen, never the alternate one', async (t) => {
  const env = demoEnv(t, 'dumb');
  const term = await openTerminal(t, {
    command: ['env', 'TERM=dumb', process.execPath, cli],
    cols: 80,
    rows: 24,
    env,
    cwd: root,
  });
  await term.waitFor((s) => s.includes('SIMULATED') && s.includes('1 Tokens'), 30_000);
  term.send('q');
  assert.equal(await term.exited(), 0);
  assert.ok(!term.rawOutput().includes('\x1b[?1049'), 'no alternate screen');
});
