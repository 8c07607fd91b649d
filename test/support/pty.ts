// Drives a program in a real pseudo-terminal and reads its screen as a person would see it.
//
// Why tmux (with a private socket per terminal) rather than `script` + @xterm/headless:
// - tmux gives the program a real pty whose size we can change later (`resize-window`), and the
//   program gets SIGWINCH as in a real terminal. `script` copies the window size only from its own
//   stdin, which in a test is a pipe (and on CI there is no terminal at all), so resize would need
//   ioctls on a pty we do not own.
// - The screen is what a mature terminal emulator renders (`capture-pane`), including the
//   alternate screen, scroll regions and wide characters; no second emulator of ours to trust.
// - `pipe-pane -O` hands us every byte the program wrote, so escape sequences (alternate screen
//   enter/leave) can be checked. The program is held at a `wait-for` gate until the pipe is in
//   place, so not even its first byte is missed.
// - Nothing needs a controlling terminal: the server runs detached, every client call has stdin
//   ignored. `remain-on-exit` keeps the pane after the program ends, so its exit status
//   (`pane_dead_status` / `pane_dead_signal`) and final screen can still be read.
// - Cleanup is one command (`kill-server` on the private socket), then the program's process group
//   is killed if it outlived the hang-up; an exit hook does the same if a test run dies early.
//
// Limits: Linux with tmux >= 3.3 (macOS likely works but is untried). The pane's TERM is tmux's (`screen`/`tmux-256color`).
// Screens are polled (every 40 ms), so waitFor sees states that last at least that long.
// A test process killed with SIGKILL cannot run its exit hook: its tmux server would survive.
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import {
  closeSync,
  fstatSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  writeFileSync,
  existsSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestContext } from 'node:test';
import { first } from './narrow.js';
import { holds, Patience } from './wait.js';
import { removeTree } from './home.js';

export type KeyName =
  | 'Enter'
  | 'Escape'
  | 'Tab'
  | 'S-Tab'
  | 'Up'
  | 'Down'
  | 'Left'
  | 'Right'
  | 'Home'
  | 'End'
  | 'PageUp'
  | 'PageDown'
  | 'Backspace'
  | 'Delete'
  | 'Space'
  | `C-${string}`
  | `M-${string}`
  | `F${number}`;

const TMUX_KEYS: Record<string, string> = {
  'S-Tab': 'BTab',
  PageUp: 'PPage',
  PageDown: 'NPage',
  Backspace: 'BSpace',
  Delete: 'DC',
};

export interface StartOptions {
  command: string[];
  cols?: number;
  rows?: number;
  /** Added to this process's environment; a value of undefined removes the variable. */
  env?: Record<string, string | undefined>;
  cwd?: string;
}

export type ScreenPredicate = string | RegExp | ((screen: string) => boolean);

export interface Term {
  /** Process id of the program (also its process group: tmux starts it in a new session). */
  readonly pid: number;
  /** Process id of this terminal's private tmux server. */
  readonly serverPid: number;
  /** The visible lines, trailing spaces trimmed, joined with \n. */
  screen(): string;
  /** Polls the screen until the predicate holds; on timeout (or if the program exits first) throws with the last screen. */
  waitFor(predicate: ScreenPredicate, timeoutMs?: number): Promise<string>;
  /** Types literal text. */
  send(keys: string): void;
  /** Presses a named key (tmux key names: Enter, Escape, Up, C-c, M-x, F1, ...), `times` times. */
  press(key: KeyName, times?: number): void;
  resize(cols: number, rows: number): void;
  /**
   * Resolves with the exit code, or null if the program was ended by a signal or by close(); rejects
   * with the last screen if it has not ended within `timeoutMs` (a wait's patience: see wait.ts;
   * Infinity for none).
   */
  exited(timeoutMs?: number): Promise<number | null>;
  /** Every byte the program has written so far, decoded as UTF-8. Complete once exited() resolved. */
  rawOutput(): string;
  /** The bytes the program has written from byte `offset` on (what a poller has not read yet). */
  rawBytesFrom(offset: number): Buffer;
  /** Ends the program (hang-up, then SIGKILL) and the tmux server; idempotent. */
  close(): Promise<void>;
}

const POLL_MS = 40;
const SESSION = 'td';
const STATUS_MARK = '@@tradedeck-pane';

let tmuxPath: string | undefined;
function tmuxBinary(): string {
  if (tmuxPath) return tmuxPath;
  const r = spawnSync('sh', ['-c', 'command -v tmux'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  const found = r.stdout?.trim();
  if (r.status !== 0 || !found) throw new Error('end-to-end tests need tmux on PATH (apt-get install tmux)');
  tmuxPath = found;
  return found;
}

const shQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

// Every live terminal, so an exiting test process can still take its tmux servers down.
interface LiveTerminal {
  socket: string;
  dir: string;
  pid?: number;
  serverPid?: number;
}
const live = new Map<string, LiveTerminal>();
let exitHookInstalled = false;
function installExitHook() {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const t of live.values()) {
      spawnSync(tmuxBinary(), ['-S', t.socket, 'kill-server'], { stdio: 'ignore', timeout: 2_000 });
      if (t.pid !== undefined) killGroup(t.pid, 'SIGKILL');
      if (t.serverPid !== undefined) killPid(t.serverPid, 'SIGKILL');
      removeTree(t.dir);
    }
  });
}

function killGroup(pid: number, signal: NodeJS.Signals) {
  killPid(-pid, signal);
}

function killPid(pid: number, signal: NodeJS.Signals) {
  try {
    process.kill(pid, signal);
  } catch {
    // already gone
  }
}

/** A zombie (exited, not yet reaped) counts as gone. */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return existsSync(`/proc/${pid}`) || process.platform !== 'linux';
  }
}

/** Whether any process of process group `pgid` has not exited yet (zombies count as gone). */
function groupRunning(pgid: number): boolean {
  if (process.platform !== 'linux') return isRunning(pgid);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // after the name: state, ppid, pgrp
      const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(pgrp) === pgid && state !== 'Z') return true;
    } catch {
      // gone while listed
    }
  }
  return false;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function matches(predicate: ScreenPredicate, screen: string): boolean {
  if (typeof predicate === 'string') return screen.includes(predicate);
  if (predicate instanceof RegExp) return predicate.test(screen);
  return predicate(screen);
}

function describe(predicate: ScreenPredicate): string {
  if (typeof predicate === 'string') return JSON.stringify(predicate);
  if (predicate instanceof RegExp) return String(predicate);
  return predicate.name || 'predicate';
}

interface PaneStatus {
  /** The pty is closed: the program wrote its last byte. */
  dead: boolean;
  /** tmux has reaped the program, so code is final (it can lag `dead` by a moment). */
  reaped: boolean;
  /** Exit code, or null after a signal. */
  code: number | null;
  signal?: string;
}

function describeExit(status: PaneStatus): string {
  if (!status.reaped) return 'status not yet known';
  return status.code !== null ? `code ${status.code}` : `signal ${status.signal}`;
}

export async function startTerminal(opts: StartOptions): Promise<Term> {
  if (opts.command.length === 0) throw new Error('startTerminal: empty command');
  const cols = opts.cols ?? 80;
  const rows = opts.rows ?? 24;
  const tmux = tmuxBinary();
  const dir = mkdtempSync(join(tmpdir(), 'td-pty-'));
  const socket = join(dir, 'sock');
  const rawPath = join(dir, 'raw');
  const rawClosed = join(dir, 'raw.closed');
  const runner = join(dir, 'run.sh');

  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined) env[k] = v;
  // Not nested in the caller's tmux; and not "in CI": Ink renders only the last frame when it thinks so.
  for (const k of ['TMUX', 'TMUX_PANE', 'CI', 'CONTINUOUS_INTEGRATION']) delete env[k];
  for (const [k, v] of Object.entries(opts.env ?? {})) {
    if (v === undefined) delete env[k];
    else env[k] = v;
  }

  // The command goes through a script file, not tmux's argv, which would split arguments on ';'.
  writeFileSync(
    runner,
    [
      `${shQuote(tmux)} -S ${shQuote(socket)} wait-for ready || exit 125`,
      `exec ${opts.command.map(shQuote).join(' ')}`,
      '',
    ].join('\n'),
  );

  const run = (args: string[]) =>
    execFileSync(tmux, ['-u', '-S', socket, ...args], {
      env,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 10_000,
    });
  const runAsync = (args: string[]) =>
    new Promise<string>((resolve, reject) => {
      execFile(tmux, ['-u', '-S', socket, ...args], { env, encoding: 'utf8', timeout: 10_000 }, (err, stdout) =>
        err ? reject(err) : resolve(stdout),
      );
    });

  const record: LiveTerminal = { socket, dir };
  live.set(socket, record);
  installExitHook();

  let pid: number;
  let serverPid: number;
  try {
    run([
      '-f',
      '/dev/null',
      'new-session',
      '-d',
      '-s',
      SESSION,
      '-x',
      String(cols),
      '-y',
      String(rows),
      ...(opts.cwd ? ['-c', opts.cwd] : []),
      '--',
      '/bin/sh',
      runner,
    ]);
    // An empty remain-on-exit-format keeps the last screen exactly as the program left it (tmux
    // otherwise scrolls it up a line to print "Pane is dead").
    run([
      'set-option',
      '-g',
      'remain-on-exit',
      'on',
      ';',
      'set-option',
      '-g',
      'remain-on-exit-format',
      '',
      ';',
      'set-option',
      '-g',
      'status',
      'off',
    ]);
    run(['pipe-pane', '-O', '-t', SESSION, `cat >> ${shQuote(rawPath)}; : > ${shQuote(rawClosed)}`]);
    [pid, serverPid] = first(
      run(['display-message', '-p', '-t', SESSION, '#{pane_pid} #{pid}']).trim().split(' ').map(Number),
      2,
    );
    record.pid = pid;
    record.serverPid = serverPid;
    run(['wait-for', '-S', 'ready']);
  } catch (err) {
    spawnSync(tmux, ['-S', socket, 'kill-server'], { stdio: 'ignore', timeout: 2_000 });
    live.delete(socket);
    removeTree(dir);
    throw err;
  }

  let closed = false;
  let lastScreen = '';
  let rawFinal: string | undefined;
  let exitPromise: Promise<number | null> | undefined;
  let resolveExit: ((code: number | null) => void) | undefined;

  const captureArgs = [
    'capture-pane',
    '-p',
    '-t',
    SESSION,
    ';',
    'display-message',
    '-p',
    '-t',
    SESSION,
    `${STATUS_MARK} #{pane_dead} #{pane_dead_status} #{pane_dead_signal}`,
  ];

  // One tmux call gives both the screen and whether the program is still running.
  function parseCapture(out: string): { screen: string; status: PaneStatus } {
    const lines = out.replace(/\n$/, '').split('\n');
    const statusLine = lines.pop() ?? '';
    const [, dead, code, signal] = statusLine.split(' ');
    if (!statusLine.startsWith(STATUS_MARK)) throw new Error(`unexpected tmux output: ${statusLine}`);
    const screen = lines.map((l) => l.trimEnd()).join('\n');
    lastScreen = screen;
    const reaped = dead === '1' && (code !== '' || signal !== '');
    return {
      screen,
      status: {
        dead: dead === '1',
        reaped,
        code: reaped && code !== '' ? Number(code) : null,
        signal: signal || undefined,
      },
    };
  }

  function readRaw(): string {
    try {
      return readFileSync(rawPath, 'utf8');
    } catch {
      return '';
    }
  }

  // After the program ended, close the pipe and wait for `cat` to finish writing what tmux gave it.
  async function finishRaw() {
    try {
      await runAsync(['pipe-pane', '-t', SESSION]);
      for (let i = 0; i < 100 && !existsSync(rawClosed); i++) await sleep(20);
    } catch {
      // server already gone: the file holds whatever was written
    }
  }

  /** Resolves with the exit code once the program ended, or null once the terminal was closed. */
  function programEnded(): Promise<number | null> {
    exitPromise ??= new Promise<number | null>((resolve) => {
      resolveExit = resolve;
      let reapDeadline: number | undefined;
      void (async () => {
        while (!closed) {
          let status: PaneStatus;
          try {
            status = parseCapture(await runAsync(captureArgs)).status;
          } catch {
            // a capture can fail while tmux is busy with the pane's end: only a server that is gone ends the wait
            if (isRunning(serverPid)) {
              await sleep(POLL_MS);
              continue;
            }
            break; // server gone
          }
          if (status.reaped || (status.dead && Date.now() >= (reapDeadline ??= Date.now() + 5_000))) {
            await finishRaw();
            resolve(status.code);
            return;
          }
          // tmux built with libutempter can miss the SIGCHLD of a pane whose program exits while
          // utempter's own handler is installed (tmux/tmux#311, #4559): the program stays an
          // unreaped zombie and pane_dead_status never arrives. A spare SIGCHLD makes tmux reap.
          if (status.dead) killPid(serverPid, 'SIGCHLD');
          await sleep(POLL_MS);
        }
        resolve(null);
      })();
    });
    return exitPromise;
  }

  const term: Term = {
    pid,
    serverPid,

    screen() {
      if (closed) return lastScreen;
      return parseCapture(run(captureArgs)).screen;
    },

    async waitFor(predicate, timeoutMs = 15_000) {
      const patience = new Patience(timeoutMs);
      for (;;) {
        if (closed) throw new Error(`waitFor(${describe(predicate)}): terminal closed; last screen:\n${lastScreen}`);
        const before = performance.now();
        const { screen, status } = parseCapture(await runAsync(captureArgs));
        patience.count(performance.now() - before);
        if (matches(predicate, screen)) return screen;
        if (status.dead) {
          throw new Error(
            `waitFor(${describe(predicate)}): the program exited (${describeExit(status)}) first; last screen:\n${screen}`,
          );
        }
        if (patience.exhausted) {
          throw new Error(
            `waitFor(${describe(predicate)}) timed out after ${patience.describe()}; last screen:\n${screen}`,
          );
        }
        await patience.pause(POLL_MS);
      }
    },

    send(keys) {
      if (keys === '' || closed) return;
      run(['send-keys', '-t', SESSION, '-l', '--', keys]);
    },

    press(key, times = 1) {
      if (closed) return;
      const name = TMUX_KEYS[key] ?? key;
      for (let i = 0; i < times; i++) run(['send-keys', '-t', SESSION, name]);
    },

    resize(newCols, newRows) {
      if (closed) return;
      run(['resize-window', '-t', SESSION, '-x', String(newCols), '-y', String(newRows)]);
    },

    exited(timeoutMs = 30_000) {
      const ended = programEnded();
      if (!Number.isFinite(timeoutMs)) return ended;
      let done = false;
      void ended.then(() => (done = true));
      const patience = new Patience(timeoutMs);
      return Promise.race([
        ended,
        holds(() => done, patience).then((held) => {
          if (held) return ended;
          const screen = closed ? lastScreen : parseCapture(run(captureArgs)).screen;
          throw new Error(`the program did not exit within ${patience.describe()}; last screen:\n${screen}`);
        }),
      ]);
    },

    rawOutput() {
      return rawFinal ?? readRaw();
    },

    rawBytesFrom(offset: number) {
      if (rawFinal !== undefined) return Buffer.from(rawFinal, 'utf8').subarray(offset);
      let fd: number | undefined;
      try {
        fd = openSync(rawPath, 'r');
        const size = fstatSync(fd).size;
        if (size <= offset) return Buffer.alloc(0);
        const buf = Buffer.alloc(size - offset);
        const n = readSync(fd, buf, 0, buf.length, offset);
        return buf.subarray(0, n);
      } catch {
        return Buffer.alloc(0);
      } finally {
        if (fd !== undefined) closeSync(fd);
      }
    },

    async close() {
      if (closed) return;
      try {
        // Keep the final screen for error messages that ask after close.
        parseCapture(await runAsync(captureArgs));
      } catch {
        // nothing to keep
      }
      closed = true;
      await new Promise<void>((resolve) =>
        execFile(tmux, ['-S', socket, 'kill-server'], { env, timeout: 5_000 }, () => resolve()),
      );
      // The hang-up from kill-server ends a well-behaved program; anything still running is killed.
      for (let i = 0; i < 25 && isRunning(pid); i++) await sleep(20);
      if (isRunning(pid)) killGroup(pid, 'SIGKILL');
      if (isRunning(serverPid)) killPid(serverPid, 'SIGKILL');
      // the program's children too: SIGKILL reaches the whole group at once, but each takes its own time to end
      for (let i = 0; i < 50 && (isRunning(pid) || groupRunning(pid) || isRunning(serverPid)); i++) await sleep(20);
      // The server took the pipe down with it; let `cat` finish before reading and removing.
      for (let i = 0; i < 50 && !existsSync(rawClosed); i++) await sleep(20);
      rawFinal = readRaw();
      live.delete(socket);
      removeTree(dir);
      resolveExit?.(null);
    },
  };
  return term;
}

/** startTerminal, closed when the test ends whatever its outcome. */
export async function openTerminal(t: TestContext, opts: StartOptions): Promise<Term> {
  const term = await startTerminal(opts);
  t.after(() => term.close());
  return term;
}

/** In a confirm dialog that may be taller than the screen: to its end first (y asks for every line to have been shown), then y. */
export async function confirmToEnd(term: Term): Promise<void> {
  // the dialog may still grow after it opens (a line the simulation or the market adds), and then
  // refuses y until it is read to its end again: read to the end and answer until it closes
  for (let attempt = 1; ; attempt++) {
    term.send('G');
    await term.waitFor((s) => s.includes('confirm') && !/more below/.test(s), 10_000);
    term.send('y');
    try {
      await term.waitFor((s) => !s.includes('y confirm') || /read them before y/.test(s), 10_000);
    } catch (e) {
      if (attempt >= 3) throw e;
      continue;
    }
    if (!/read them before y/.test(term.screen()) || attempt >= 3) return;
  }
}
