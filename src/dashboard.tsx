// Opens the full-screen dashboard: starts the embedded simulator in demo mode, loads the wallet,
// builds the client, scheduler and stores, and runs the Ink app in the alternate screen. The
// terminal (alternate screen, cursor, raw mode) is restored on every way out: q, Ctrl-C, SIGTERM,
// SIGHUP (an ssh link dropping), SIGINT and an uncaught error.
//
// A key file given explicitly (--keypair, TRADEDECK_KEYPAIR, config) that cannot be used stops the
// start with exit code 2 and the reason, before anything is drawn: the person asked for that key,
// and running without it would look like a broken wallet. Only the default path falls back (to
// a throwaway demo key in demo mode, to no wallet in live mode), with a flash message saying why.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Config } from './config.js';
import type { RequestEvent } from './api/index.js';
import { openBackend, type Backend } from './runtime.js';
import type { WalletInfo } from './store/session.js';
import type { SimHandle } from './sim/index.js';
import type { Wallet } from './wallet/keypair.js';

const ENTER_ALT = '\x1b[?1049h\x1b[H\x1b[?25l';
const LEAVE_ALT = '\x1b[?25h\x1b[?1049l';

interface WalletChoice {
  wallet: WalletInfo | null;
  /** the loaded wallet itself (its key stays inside it), for signing */
  signer?: Wallet;
  /** said in a flash message once the dashboard is up */
  notice?: string;
  /** a temporary folder holding a demo key, removed at exit */
  tempDir?: string;
}

class StartError extends Error {}

async function chooseWallet(config: Config, sim: SimHandle | undefined): Promise<WalletChoice> {
  if (config.address) {
    const { watchOnlyWallet } = await import('./wallet/keypair.js');
    const signer = watchOnlyWallet(config.address);
    return { wallet: { kind: 'watch', address: signer.address }, signer };
  }
  if (!config.keypairPath) return { wallet: null, notice: 'no wallet configured: signing is off' };
  const { loadKeypairFile, createDemoKeyFile, KeyFileError } = await import('./wallet/keypair.js');
  try {
    const w = await loadKeypairFile(config.keypairPath, { allowInsecure: config.allowInsecureKeyfile });
    sim?.fund(w.address);
    return { wallet: { kind: 'keypair', address: w.address }, signer: w };
  } catch (e) {
    if (!(e instanceof KeyFileError)) throw e;
    if (!config.keypairIsDefault) throw new StartError(`${e.message}\n(give a usable key file, or --address ADDRESS for watch-only)`);
    if (!sim) return { wallet: null, notice: `no wallet: ${e.message}` };
    const tempDir = await mkdtemp(join(tmpdir(), 'tradedeck-demo-'));
    const path = await createDemoKeyFile(tempDir);
    const w = await loadKeypairFile(path);
    sim.fund(w.address);
    const why = /not found/.test(e.message) ? '' : ` (${e.message})`;
    return { wallet: { kind: 'keypair', address: w.address, note: 'demo key' }, signer: w, tempDir, notice: `demo wallet funded in the simulator${why}` };
  }
}

/** Opens the full-screen dashboard; resolves with the exit code. */
export async function runDashboard(config: Config): Promise<number> {
  // Colour must be decided before ink (and chalk inside it) load.
  const { applyColorEnvironment, themeFromEnv } = await import('../components/theme.js');
  applyColorEnvironment();
  if (!process.stdout.isTTY || !process.stdin.isTTY) {
    process.stderr.write('tradedeck: the dashboard needs a terminal; for scripts use the headless commands (tradedeck --help)\n');
    return 2;
  }

  const cleanups: Array<() => Promise<unknown> | unknown> = [];
  const runCleanups = async () => {
    for (const fn of cleanups.splice(0).reverse()) {
      try {
        await fn();
      } catch {
        // best effort at exit
      }
    }
  };

  // Request events reach the session store once it exists (the wallet is chosen first).
  let recordRequest: (e: RequestEvent) => void = () => {};
  let backend: Backend;
  let choice: WalletChoice;
  try {
    const opened = await openBackend(config, (e) => recordRequest(e));
    backend = opened;
    cleanups.push(() => opened.close());
    choice = await chooseWallet(config, backend.sim);
    if (choice.tempDir) {
      const dir = choice.tempDir;
      cleanups.push(() => rm(dir, { recursive: true, force: true }));
    }
  } catch (e) {
    await runCleanups();
    if (e instanceof StartError) {
      process.stderr.write(`tradedeck: ${e.message}\n`);
      return 2;
    }
    throw e;
  }

  const [{ createScheduler }, store, watchlist] = await Promise.all([
    import('./poll/scheduler.js'),
    import('./store/index.js'),
    import('./watchlist.js'),
  ]);
  const { SCREENS } = await import('../screens/index.js');

  const notices: Array<{ kind: 'info' | 'error'; text: string }> = [];
  if (choice.notice) notices.push({ kind: 'info', text: choice.notice });
  let starred: Awaited<ReturnType<typeof watchlist.loadWatchlist>> = [];
  let persist: ((e: readonly import('./watchlist.js').WatchEntry[]) => Promise<void>) | undefined;
  try {
    starred = await watchlist.loadWatchlist(config.stateDir);
  } catch (e) {
    // Never overwrite a watchlist we could not read: stars stay in memory this time.
    notices.push({ kind: 'error', text: `${(e as Error).message}; stars will not be saved this session` });
    persist = async () => {};
  }

  const session = store.createSessionStore({
    mode: config.mode,
    modeLabel: backend.label,
    wallet: choice.wallet,
    readOnly: config.readOnly,
    screen: SCREENS[0].id,
    intervals: Object.fromEntries(SCREENS.filter((s) => s.intervalMs).map((s) => [s.id, s.intervalMs as number])),
  });
  const flashLater: Array<(kind: 'info' | 'error', text: string) => void> = [];
  const writer = watchlist.createWatchlistWriter(config.stateDir, (m) => flashLater[0]?.('error', m));
  const tokens = store.createTokensStore({ starred, persist: persist ?? writer });
  const api = backend.client;
  recordRequest = (e) => session.getState().recordRequest(e, Date.now());
  const scheduler = createScheduler();
  const actions = await openActions(config, { api, rpc: backend.rpc, session, tokens, signer: choice.signer, notices });
  cleanups.push(() => actions.confirm.getState().cancelAll());
  cleanups.push(() => tokens.getState().persistStarred());
  cleanups.push(() => scheduler.dispose());

  const [{ render }, React, { App }, { createFrameSink }] = await Promise.all([
    import('ink'),
    import('react'),
    import('./app.js'),
    import('./hooks/frameWriter.js'),
  ]);
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
    void runCleanups().finally(() => process.exit(code));
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
  process.once('uncaughtException', (e) => bail(1, `tradedeck: unexpected error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`));
  process.once('unhandledRejection', (e) => bail(1, `tradedeck: unexpected error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`));

  process.stdout.write(ENTER_ALT);
  instance = render(
    React.createElement(App, {
      services: { api, scheduler, stores: { session, tokens } },
      actions,
      theme: themeFromEnv(),
      notices,
      onFlashReady: (push: (kind: 'info' | 'error', text: string) => void) => {
        flashLater[0] = push;
      },
    }),
    {
      // Ink writes whole frames into the sink (debug output), which diffs them line by line onto
      // the terminal: Ink 6.8's own incremental mode drifts by a line per update (see frameWriter.ts).
      stdout: sink as unknown as NodeJS.WriteStream,
      debug: true,
      exitOnCtrlC: false,
      maxFps: 60,
      incrementalRendering: true,
      patchConsole: false,
    },
  );
  try {
    await instance.waitUntilExit();
  } finally {
    restore();
    await runCleanups();
  }
  return 0;
}

/** The signing side: the journal at <stateDir>/journal.jsonl (0600), the RPC client, the wallet. */
async function openActions(
  config: Config,
  d: {
    api: import('./api/index.js').ApiClient;
    rpc: import('./api/rpc.js').RpcClient | undefined;
    session: import('./store/session.js').SessionStore;
    tokens: import('./store/tokens.js').TokensStore;
    signer: Wallet | undefined;
    notices: Array<{ kind: 'info' | 'error'; text: string }>;
  },
) {
  const [{ openJournal }, { createActionServices }] = await Promise.all([
    import('./journal/journal.js'),
    import('./actions/services.js'),
  ]);
  let journal: Awaited<ReturnType<typeof openJournal>> | null = null;
  try {
    journal = await openJournal(join(config.stateDir, 'journal.jsonl'));
  } catch (e) {
    d.notices.push({ kind: 'error', text: `journal ${join(config.stateDir, 'journal.jsonl')}: ${(e as Error).message}; signing is off` });
  }
  return createActionServices({
    api: d.api,
    rpc: d.rpc,
    wallet: d.signer ?? null,
    journal,
    readOnly: config.readOnly,
    session: d.session,
    seenTokens: () => Object.values(d.tokens.getState().latest),
  });
}
