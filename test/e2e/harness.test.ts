// The terminal harness itself: a real pty, the screen as a person sees it, keys, resize, exit
// status, raw bytes, and no process left behind.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { openTerminal, isRunning, type StartOptions } from '../support/pty.js';
import { ROOT as root } from '../support/home.js';

const counter = fileURLToPath(new URL('./fixtures/counter.tsx', import.meta.url));
const probe = fileURLToPath(new URL('./fixtures/detached-probe.ts', import.meta.url));
const counterCommand = [process.execPath, '--import', 'tsx', counter];
const counterAt = (extra: Partial<StartOptions> = {}): StartOptions => ({
  command: counterCommand,
  cwd: root,
  ...extra,
});

const ENTER_ALT = '\x1b[?1049h';
const LEAVE_ALT = '\x1b[?1049l';

test('keys update the screen; q exits 0 and leaves the alternate screen', async (t) => {
  const term = await openTerminal(t, counterAt());
  const first = await term.waitFor('count: 0');
  assert.match(first, /^counter fixture\ncount: 0\nlast key: none\nsize: 80x24\n/);
  assert.equal(first.split('\n').length, 24);

  term.send('j');
  await term.waitFor('count: 1');
  term.send('jjjk');
  await term.waitFor('count: 3');
  term.press('Up');
  await term.waitFor('last key: up');
  term.press('Down');
  await term.waitFor('last key: down');
  term.press('Escape');
  await term.waitFor('last key: escape');
  term.press('Enter');
  await term.waitFor('last key: enter');
  term.press('Tab');
  await term.waitFor('last key: tab');
  term.press('S-Tab');
  await term.waitFor('last key: shift-tab');
  term.send('x');
  await term.waitFor(/last key: text:x$/m);
  assert.match(term.screen(), /count: 3/);

  term.send('q');
  assert.equal(await term.exited(), 0);
  const raw = term.rawOutput();
  const enter = raw.indexOf(ENTER_ALT);
  const leave = raw.lastIndexOf(LEAVE_ALT);
  assert.ok(enter >= 0, 'alternate screen entered');
  assert.ok(leave > enter, 'alternate screen left after it was entered');
  assert.match(raw.slice(enter, leave), /count: 3/);
  // Back on the normal screen, nothing of the app is left in view.
  assert.doesNotMatch(term.screen(), /counter fixture/);
});

test('Ctrl-C reaches the program, which exits 130 and restores the terminal', async (t) => {
  const term = await openTerminal(t, counterAt());
  await term.waitFor('count: 0');
  term.press('C-c');
  assert.equal(await term.exited(), 130);
  assert.ok(term.rawOutput().includes(LEAVE_ALT));
});

test('the terminal has the size asked for, and resize reaches the program', async (t) => {
  const term = await openTerminal(t, counterAt({ cols: 60, rows: 15 }));
  const screen = await term.waitFor('size: 60x15');
  assert.equal(screen.split('\n').length, 15);
  term.resize(100, 30);
  const resized = await term.waitFor('size: 100x30');
  assert.equal(resized.split('\n').length, 30);
});

test('waitFor gives up with the last screen in its message', async (t) => {
  const term = await openTerminal(t, counterAt());
  await term.waitFor('count: 0');
  await assert.rejects(term.waitFor('count: 99', 200), (err: Error) => {
    assert.match(err.message, /timed out after 200 ms/);
    assert.match(err.message, /counter fixture\ncount: 0/);
    return true;
  });
  await assert.rejects(
    term.waitFor((s) => s.includes('never'), 200),
    /timed out after 200 ms/,
  );
});

test('environment, working directory and exit status of a plain command', async (t) => {
  const previousCi = process.env.CI;
  process.env.CI = 'true';
  t.after(() => {
    if (previousCi === undefined) delete process.env.CI;
    else process.env.CI = previousCi;
  });
  const term = await openTerminal(t, {
    // Arguments that tmux's own parser would take for command separators must arrive intact.
    command: [
      'sh',
      '-c',
      'printf "probe=%s ci=%s dir=%s args=%s|%s\\n" "$TD_PROBE" "${CI-unset}" "$(pwd)" "$0" "$1"; exit 3',
      'a;',
      ';',
    ],
    env: { TD_PROBE: 'semi;colon value' },
    cwd: root,
  });
  assert.equal(await term.exited(), 3);
  const screen = term.screen();
  const line = `probe=semi;colon value ci=unset dir=${root} args=a;|;`;
  assert.equal(screen.split('\n')[0], line);
  assert.equal(term.rawOutput(), `${line}\r\n`);
  await assert.rejects(term.waitFor('never shown'), /exited \(code 3\) first/);
});

test('close ends a program that ignores hang-up, its children and the tmux server', async (t) => {
  const term = await openTerminal(t, {
    command: ['sh', '-c', 'trap "" HUP; sleep 300 & echo "child=$!"; wait'],
  });
  const screen = await term.waitFor(/child=\d+/);
  const child = Number(/child=(\d+)/.exec(screen)?.[1]);
  assert.ok(isRunning(term.pid) && isRunning(child) && isRunning(term.serverPid));
  const exited = term.exited();
  await term.close();
  assert.equal(isRunning(term.pid), false, 'program');
  assert.equal(isRunning(child), false, 'its child');
  assert.equal(isRunning(term.serverPid), false, 'tmux server');
  assert.equal(await exited, null);
  await term.close();
});

test('works with no controlling terminal and no stdin, as on CI', async () => {
  const child = spawn(process.execPath, ['--import', 'tsx', probe], {
    cwd: root,
    detached: true, // a new session: no controlling terminal
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d));
  child.stderr.on('data', (d: Buffer) => (err += d));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  assert.equal(code, 0, err);
  const result = JSON.parse(out) as { screen: string; code: number; left: boolean };
  assert.match(result.screen, /count: 2/);
  assert.equal(result.code, 0);
  assert.equal(result.left, true);
});
