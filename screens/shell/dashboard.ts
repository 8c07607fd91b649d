// Opens the full-screen dashboard: createServices (the embedded simulator in demo mode, the wallet,
// journal, scheduler and stores), then the Ink app in the alternate screen.
//
// Start-up order: the first screen's requests are sent as soon as the services exist, before Ink,
// React, the app and the screens are loaded (screens/first.ts declares that screen's resources
// without its component); their answers fill the screen's store while those load, and the first
// frame waits for them a moment (FIRST_DATA_WAIT_MS at most), so it already shows data.
//
// The terminal
// (alternate screen, cursor, raw mode) is restored on every way out: q, Ctrl-C, SIGTERM, SIGHUP
// (an ssh link dropping), SIGINT and an uncaught error. Ctrl-Z (a key in raw mode) and SIGTSTP
// hand it back the same way and stop the process; SIGCONT (`fg`) takes it again and redraws the
// whole frame. A locale that is not UTF-8 gets ASCII only; TERM=dumb no alternate screen.
//
// A key file given explicitly (--keypair, TRADEDECK_KEYPAIR, config) that cannot be used stops the
// start with exit code 2 and the reason, before anything is drawn: the person asked for that key,
// and running without it would look like a broken wallet. Only the default path falls back (to
// the demo key kept in the state directory in demo mode, to no wallet in live mode), with a flash
// message saying why.
import type { Config } from '../../src/config/config.js';
import { localeIsUtf8 } from '../../src/text/locale.js';
import { screenModes } from '../../src/terminal/index.js';
import { sanitize } from '../../src/text/sanitize.js';
import type { Services } from '../../src/services/index.js';
import { onSignal } from '../../src/services/signals.js';
import { nameThisProcess } from '../../src/state/lock.js';

/** How long the first frame waits for the first screen's data (then it shows "Loading"). */
const FIRST_DATA_WAIT_MS = 250;

/**
 * The launcher's word that start-up is over (src/main/launch.ts: it then keeps the code the first
 * frame compiled for the next launch). Only dist's scripts have it; run from source there is none.
 */
declare const __tdStarted: (() => void) | undefined;

/** Opens the full-screen dashboard; resolves with the exit code. */
export async function runDashboard(config: Config): Promise<number> {
  // Colour must be decided before ink (and chalk inside it) load.
  const { applyColorEnvironment, themeFromEnv } = await import('../../components/base/theme.js');
  applyColorEnvironment();
  if (!process.stdout.isTTY || !process.stdin.isTTY) {
    process.stderr.write(
      'tradedeck: the dashboard needs a terminal; for scripts use the headless commands (tradedeck --help)\n',
    );
    return 2;
  }

  const [{ createServices, StartError }, { FIRST_SCREEN }, { startFirstRequests }] = await Promise.all([
    import('../../src/services/index.js'),
    import('../first.js'),
    import('./firstRequests.js'),
  ]);
  let services: Services;
  try {
    // a wait for the signing turn names this process so ("waiting for the dashboard, pid N, …")
    nameThisProcess('the dashboard');
    services = await createServices(config, { screen: FIRST_SCREEN.id });
  } catch (e) {
    if (e instanceof StartError) {
      process.stderr.write(`tradedeck: ${sanitize(e.message, { lines: true })}\n`);
      return 2;
    }
    throw e;
  }

  // ---- the first requests, before the UI loads ----
  const first = FIRST_SCREEN;
  const firstStore = first.createStore(services);
  const s = services;
  const earlyFlash = (kind: 'info' | 'error' | 'success', text: string) =>
    void s.notices.push({ kind: kind === 'error' ? 'error' : 'info', text });
  const firstData = startFirstRequests(
    first.id,
    first.resources.filter((r) => !r.settleMs),
    { services, flash: earlyFlash, store: firstStore },
  );

  const ui = await Promise.all([
    import('ink'),
    import('react'),
    import('./App.js'),
    import('../../src/terminal/index.js'),
  ]).catch(async (e: unknown) => {
    await services.close();
    throw e;
  });
  const [{ render }, reactModule, { App }, { createFrameSink, takeInkFrames }] = ui;
  // a CommonJS module seen through a lazily loaded chunk: its exports may sit under default
  const createElement = reactModule.createElement ?? reactModule.default.createElement;
  // (made before Ink: on a resize the writer hears of it first, and repaints the frame Ink then renders)
  const sink = createFrameSink(process.stdout, 60, { ascii: !localeIsUtf8() });
  // Ink's frames reach the writer as cells (src/terminal/output.ts, Ink's Output in the bundle)
  let frames = 0;
  const stopFrames = takeInkFrames((rows) => {
    frames++;
    sink.show(rows);
  });
  const modes = screenModes();
  // ---- the terminal: restored on every way out ----
  let restored = false;
  const read = process.stdin.read;
  /** raw mode off, the alternate screen left, the cursor shown */
  const giveBack = () => {
    try {
      if (process.stdin.isTTY) process.stdin.setRawMode(false);
    } catch {
      // stdin already gone (hang-up)
    }
    try {
      process.stdout.write(modes.leave);
    } catch {
      // the terminal is gone
    }
  };
  const restore = () => {
    if (restored) return;
    restored = true;
    sink.close();
    stopFrames();
    process.stdin.read = read;
    giveBack();
  };

  // ---- suspend (Ctrl-Z, SIGTSTP) and continue (SIGCONT, as `fg` sends) ----
  let suspended = false;
  const suspend = () => {
    if (restored || suspended) return;
    suspended = true;
    sink.hold();
    giveBack();
    // stops here until SIGCONT; a handled SIGTSTP would not stop the process
    process.kill(process.pid, 'SIGSTOP');
  };
  const resume = () => {
    if (restored || !suspended) return;
    suspended = false;
    try {
      process.stdin.setRawMode(true);
      process.stdout.write(modes.enter);
    } catch {
      // the terminal went away while stopped: the hang-up ends the program
    }
    sink.resume();
  };
  process.on('SIGTSTP', suspend);
  process.on('SIGCONT', resume);
  // Raw mode delivers Ctrl-Z as a byte (0x1a), not as SIGTSTP. Ink reads its keys with
  // stdin.read(); that read is watched here, so Ctrl-Z suspends whatever has the keys (a dialog,
  // a text field), without changing how the stream is read.
  process.stdin.read = function watched(this: typeof process.stdin, size?: number) {
    const chunk: unknown = read.call(this, size);
    if (chunk !== null && String(chunk).includes('\x1a')) setImmediate(suspend);
    return chunk;
  } as typeof process.stdin.read;
  process.on('exit', restore);
  process.stdout.on('error', () => {}); // EIO after a hang-up must not become an uncaught error

  let instance: ReturnType<typeof render> | undefined;
  const bail = (code: number, message?: string) => {
    try {
      instance?.unmount();
    } catch {
      // unmounting a broken tree
    }
    restore();
    if (message) process.stderr.write(`${sanitize(message)}\n`);
    void services.close().finally(() => process.exit(code));
    // a cleanup that hangs must not keep the process alive
    setTimeout(() => process.exit(code), 2000).unref();
  };
  const signals: Array<[NodeJS.Signals, number]> = [
    ['SIGTERM', 143],
    ['SIGHUP', 129],
    ['SIGINT', 130],
  ];
  // the dashboard ends itself on a signal, closing the services as on q (src/services/signals.ts)
  onSignal((signal) => bail(signals.find(([s]) => s === signal)?.[1] ?? 1));
  const unexpected = (e: unknown) =>
    bail(1, `tradedeck: unexpected error: ${e instanceof Error ? e.message : String(e)}`);
  process.once('uncaughtException', unexpected);
  process.once('unhandledRejection', unexpected);

  // Bells and desktop notifications go straight to the terminal (they move no cursor).
  services.ring = (sequence) => void process.stdout.write(sequence);
  process.stdout.write(modes.enter);
  let dataIn = false;
  await Promise.race([
    firstData.then(() => void (dataIn = true)),
    new Promise((r) => setTimeout(r, FIRST_DATA_WAIT_MS).unref()),
  ]);
  const app = createElement(App, {
    services,
    theme: themeFromEnv(process.env, { ascii: config.ascii }),
    live: sink,
    stores: new Map([[first.id, firstStore]]),
  });
  try {
    // Ink reads the terminal's size and resizes from stdout itself. In debug mode it moves no
    // cursor and renders every commit (the writer paces what reaches the terminal); the text it
    // writes to stdout is empty, as the frame went to the writer as cells (src/terminal/index.ts).
    instance = render(app, { stdout: process.stdout, debug: true, exitOnCtrlC: false, patchConsole: false });
    // Ink's first render is synchronous: its frame has arrived, unless Ink's Output is its own
    if (frames === 0) throw new Error('Ink rendered without src/terminal/output.ts: run the bundle (npm run build)');
    // (a first frame that still says Loading: start-up is over once the data is drawn)
    const started = typeof __tdStarted === 'function' ? __tdStarted : undefined;
    if (dataIn) started?.();
    else if (started) void firstData.then(() => setTimeout(started, FIRST_DATA_WAIT_MS).unref());
  } catch (e) {
    // a tree that cannot even mount: the terminal back, the services closed, the error shown
    instance?.unmount();
    restore();
    await services.close();
    throw e;
  }
  try {
    await instance.waitUntilExit();
  } finally {
    restore();
    await services.close();
  }
  return 0;
}
