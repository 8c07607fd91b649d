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
// (an ssh link dropping), SIGINT and an uncaught error.
//
// A key file given explicitly (--keypair, TRADEDECK_KEYPAIR, config) that cannot be used stops the
// start with exit code 2 and the reason, before anything is drawn: the person asked for that key,
// and running without it would look like a broken wallet. Only the default path falls back (to
// the demo key kept in the state directory in demo mode, to no wallet in live mode), with a flash
// message saying why.
import type { Config } from '../../src/config.js';
import { ENTER_ALT, LEAVE_ALT } from '../../src/terminal.js';
import type { Services } from '../../src/services.js';

/** How long the first frame waits for the first screen's data (then it shows "Loading"). */
const FIRST_DATA_WAIT_MS = 250;

/** Opens the full-screen dashboard; resolves with the exit code. */
export async function runDashboard(config: Config): Promise<number> {
  // Colour must be decided before ink (and chalk inside it) load.
  const { applyColorEnvironment, themeFromEnv } = await import('../../components/theme.js');
  applyColorEnvironment();
  if (!process.stdout.isTTY || !process.stdin.isTTY) {
    process.stderr.write('tradedeck: the dashboard needs a terminal; for scripts use the headless commands (tradedeck --help)\n');
    return 2;
  }

  const [{ createServices, StartError }, { FIRST_SCREEN }, { startFirstRequests }] = await Promise.all([
    import('../../src/services.js'),
    import('../first.js'),
    import('./firstRequests.js'),
  ]);
  let services: Services;
  try {
    services = await createServices(config, { screen: FIRST_SCREEN.id });
  } catch (e) {
    if (e instanceof StartError) {
      process.stderr.write(`tradedeck: ${e.message}\n`);
      return 2;
    }
    throw e;
  }

  // ---- the first requests, before the UI loads ----
  const first = FIRST_SCREEN;
  const firstStore = first.createStore(services);
  const s = services;
  const earlyFlash = (kind: 'info' | 'error' | 'success', text: string) => void s.notices.push({ kind: kind === 'error' ? 'error' : 'info', text });
  const firstData = startFirstRequests(
    first.id,
    first.resources.filter((r) => !r.settleMs) as Parameters<typeof startFirstRequests>[1],
    { services, flash: earlyFlash, store: firstStore },
  );

  const ui = await Promise.all([import('ink'), import('react'), import('./App.js'), import('../../src/terminal.js')]).catch(async (e: unknown) => {
    await services.close();
    throw e;
  });
  const [{ render }, reactModule, { App }, { createFrameSink }] = ui;
  // a CommonJS module seen through a lazily loaded chunk: its exports may sit under default
  const createElement = reactModule.createElement ?? (reactModule as unknown as { default: typeof reactModule }).default.createElement;
  const sink = createFrameSink(process.stdout, 60);
  // ---- the terminal: restored on every way out ----
  let restored = false;
  const restore = () => {
    if (restored) return;
    restored = true;
    sink.close();
    try {
      if (process.stdin.isTTY) process.stdin.setRawMode(false);
    } catch {
      // stdin already gone (hang-up)
    }
    try {
      process.stdout.write(LEAVE_ALT);
    } catch {
      // the terminal is gone
    }
  };
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
    if (message) process.stderr.write(message);
    void services.close().finally(() => process.exit(code));
    // a cleanup that hangs must not keep the process alive
    setTimeout(() => process.exit(code), 2000).unref();
  };
  const signals: Array<[NodeJS.Signals, number]> = [
    ['SIGTERM', 143],
    ['SIGHUP', 129],
    ['SIGINT', 130],
  ];
  // `on`, not `once`: Ink's signal-exit re-raises the signal when it finds itself the only listener.
  for (const [signal, code] of signals) process.on(signal, () => bail(code));
  const unexpected = (e: unknown) => bail(1, `tradedeck: unexpected error: ${e instanceof Error ? e.message : String(e)}\n`);
  process.once('uncaughtException', unexpected);
  process.once('unhandledRejection', unexpected);

  // Bells and desktop notifications go straight to the terminal (they move no cursor).
  services.ring = (sequence) => void process.stdout.write(sequence);
  process.stdout.write(ENTER_ALT);
  await Promise.race([firstData, new Promise((r) => setTimeout(r, FIRST_DATA_WAIT_MS).unref())]);
  const app = createElement(App, { services, theme: themeFromEnv(process.env, { ascii: config.ascii }), live: sink, stores: new Map([[first.id, firstStore]]) });
  try {
    // Ink writes whole frames into the sink (debug output), which diffs them onto the terminal:
    // Ink 6.8's own incremental mode drifts by a line per update (see src/terminal.ts).
    instance = render(app, {
      stdout: sink as unknown as NodeJS.WriteStream,
      debug: true,
      exitOnCtrlC: false,
      maxFps: 60,
      incrementalRendering: true,
      patchConsole: false,
    });
  } catch (e) {
    // a tree that cannot even mount: the terminal back, the services closed, the error shown
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
