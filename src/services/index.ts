// createServices(config): the one factory of everything the dashboard, the headless commands and
// the tests share: the service (embedded simulator in demo mode, or the real one), the API and RPC
// clients, the wallet, the journal, the polling scheduler and the stores that are not one screen's
// (session, the token catalog, the confirm queue, the journal view). No React in here.
import { join } from 'node:path';
import type { ApiClient, RequestEvent } from '../api/index.js';
import type { RpcClient } from '../rpc/client.js';
import { explorerFor, modeOf, type Config, type Mode } from '../config/config.js';
import type { Journal, JournalEntry } from '../journal/journal.js';
import type { PipelineDeps } from '../pipeline/types.js';
import { createScheduler, type Scheduler, type SchedulerOptions } from '../poll/scheduler.js';
import { openBackend, type Backend } from './backend.js';
import type { SimHandle } from '../sim/index.js';
import { createConfirmStore, type ConfirmStore } from '../store/confirm.js';
import { createJournalViewStore, type JournalViewStore } from '../journal/store.js';
import { createSessionStore, type SessionStore, type WalletInfo } from '../store/session.js';
import { createClockStore, type ClockStore } from '../store/clock.js';
import { createTokensStore, type TokensStore } from '../store/tokens.js';
import type { Wallet } from '../wallet/keypair.js';
import { createNotificationsStore, type NotificationsStore } from '../notify/store.js';
import { BEL, desktopNotification } from '../terminal/index.js';
import { loadTokensView, persistTokensView } from '../store/tokensView.js';
import { takeSigningTurn, type SigningTurn } from '../state/lock.js';
import { atExit } from './signals.js';
import { channelsOf } from '../notify/config.js';
import { createDelivery, type Delivery } from '../notify/deliver.js';
import { makeEvent, type EventType, type NotifyEvent } from '../notify/event.js';
import { claimEvent } from '../notify/claim.js';
import { createMintFacts, type MintFactsReader } from '../rpc/mintFacts.js';
import { generationFor, type GenerationState } from '../config/generation.js';

/** What kind of happening a notification is, for the off-terminal channels (src/notify/event.ts). */
export interface EventSpec {
  type: EventType;
  /** names the happening, so that seeing it again makes the same event id */
  key?: string;
  data?: NotifyEvent['data'];
}

export interface Notice {
  kind: 'info' | 'error';
  text: string;
}

export interface Services {
  mode: Mode;
  stateDir: string;
  /** where the service is: the host of the base URL, or "simulator" */
  network: string;
  /**
   * A transaction's explorer link: only for a live transaction sent to a real service (of this
   * session, or of `entry` when a journal entry's), undefined in demo and paper mode.
   */
  explorer(signature: string, entry?: Pick<JournalEntry, 'mode' | 'network'>): string | undefined;
  api: ApiClient;
  /** which generation of the service's swap routes is used (the apiVersion setting, and what the service was found to serve) */
  generation: GenerationState;
  /** absent in live mode without an RPC URL: then the swap and studio groups' RPC send is unavailable */
  rpc?: RpcClient;
  /** a mint's decimals and token program, read from the chain (never the service) and kept in the state directory */
  mintFacts: MintFactsReader;
  /** the embedded simulator (demo and paper mode) */
  sim?: SimHandle;
  /** paper mode: what the account started with, in USD then, for the P&L */
  paperStart?: { usd: number; at: number };
  /** the loaded wallet (its key stays inside it); null: none configured */
  wallet: Wallet | null;
  /** null: the journal could not be opened (signing is then refused) */
  journal: Journal | null;
  /**
   * The state directory's signing turn for one transaction: the dashboard, `tradedeck watch` and
   * headless commands on one state directory sign each in turn. `onWait` is told whom it waits for.
   */
  signingTurn(onWait?: (text: string) => void): Promise<SigningTurn>;
  /** where a wait for the signing turn is told besides the action's status line (headless: stderr) */
  waitNote?: (text: string) => void;
  /** --read-only, or the state directory cannot be written: nothing is signed */
  readOnly: boolean;
  /** why read-only when it is not --read-only (the state directory cannot be written) */
  readOnlyNote?: string;
  scheduler: Scheduler;
  session: SessionStore;
  /** the wall clock screens show, ticked once a second by the dashboard */
  clock: ClockStore;
  /** the one token catalog: every list fetched, the latest record of each mint, the watchlist */
  catalog: TokensStore;
  confirm: ConfirmStore;
  journalView: JournalViewStore;
  /** the log of fills and alerts (N), and how loudly they are told */
  notifications: NotificationsStore;
  /** tells the person something happened: the log, then by mode a flash line, BEL, a desktop notification */
  notify(source: string, text: string, event?: EventSpec): void;
  /** tells the off-terminal channels only (ntfy, webhook, command): nothing on screen */
  emit(text: string, event: EventSpec & { source: string }): void;
  /** the off-terminal channels' deliveries (none configured: size 0) */
  delivery: Delivery;
  /** listens to every event told (`tradedeck watch` prints them); returns the way to stop */
  onEvent(listener: (e: NotifyEvent) => void): () => void;
  /** writes an escape sequence to the terminal (BEL, OSC); the dashboard connects it, elsewhere nothing */
  ring: (sequence: string) => void;
  /** the service's names of programs (program-id-to-label), fetched once; {} while unavailable */
  programLabels(): Promise<Record<string, string>>;
  now(): number;
  /** pipeline timing (tests shorten the waits) */
  pipeline?: Partial<
    Pick<PipelineDeps, 'sleep' | 'pollIntervalMs' | 'maxQuoteAgeMs' | 'maxExecuteAttempts' | 'maxRebuilds'>
  >;
  /** said once the dashboard is up (wallet fallbacks, an unreadable watchlist or journal) */
  notices: Notice[];
  /** shows a message from outside the UI (a failed watchlist save); the dashboard connects it */
  report: (kind: Notice['kind'], text: string) => void;
  close(): Promise<void>;
}

export interface ServicesOptions {
  /** the first screen's id (the session starts there) */
  screen?: string;
  /** default polling interval per screen id */
  intervals?: Record<string, number>;
  scheduler?: SchedulerOptions;
  pipeline?: Services['pipeline'];
  /** API client retries (tests: 0) */
  retries?: number;
  /** false: no wallet is loaded (commands that take an address of their own) */
  wallet?: boolean;
  now?: () => number;
  /** how long a signing turn waits for another process's (default SIGNING_WAIT_MS) */
  turnWaitMs?: number;
}

/** A key file that was asked for explicitly cannot be used: the start stops with this message. */
export class StartError extends Error {}

interface WalletChoice {
  info: WalletInfo | null;
  signer: Wallet | null;
  notice?: string;
}

/** The simulator's default basket, given once to a wallet (the saved demo state remembers it). */
function fundOnce(sim: SimHandle | undefined, address: string): void {
  if (sim && !sim.isFunded(address)) sim.fund(address);
}

/**
 * Paper mode's wallet: its own key in the state directory (never the person's key file), given
 * the starting balances once; their value at that moment is kept for the P&L.
 */
async function paperWallet(config: Config, sim: SimHandle): Promise<WalletChoice> {
  const { ensureDemoKey } = await import('./demoAccount.js');
  const paper = await import('./paperAccount.js');
  const { loadKeypairFile } = await import('../wallet/keypair.js');
  const key = await ensureDemoKey(config.stateDir, paper.PAPER_KEY_FILE);
  const w = await loadKeypairFile(key.path);
  const fresh = await paper.openPaperAccount(config.stateDir, sim, w.address, config.paperBalance);
  const what = `${key.created ? 'new ' : ''}paper wallet${fresh ? `, opened with ${(config.paperBalance ?? []).map((b) => b.text).join(', ')}` : ''}; nothing real is signed or sent`;
  return { info: { kind: 'keypair', address: w.address, note: 'paper key' }, signer: w, notice: what };
}

/**
 * Demo mode's wallet: always the demo key kept in the state directory, never a key file of the
 * person's (a simulated trade is never recorded under a real address).
 */
async function demoWallet(config: Config, sim: SimHandle): Promise<WalletChoice> {
  const { ensureDemoKey } = await import('./demoAccount.js');
  const { loadKeypairFile } = await import('../wallet/keypair.js');
  const key = await ensureDemoKey(config.stateDir);
  const w = await loadKeypairFile(key.path);
  fundOnce(sim, w.address);
  // said at the first start only (one line at 80 columns; the path is in `tradedeck config`); the
  // header says "(demo key)" every time
  const what = 'new demo wallet, funded in the simulator; its key is kept in the state dir';
  return {
    info: { kind: 'keypair', address: w.address, note: 'demo key' },
    signer: w,
    ...(key.created ? { notice: what } : {}),
  };
}

async function chooseWallet(config: Config, sim: SimHandle | undefined): Promise<WalletChoice> {
  if (config.mode === 'paper' && sim) return paperWallet(config, sim);
  if (config.address) {
    const { watchOnlyWallet } = await import('../wallet/keypair.js');
    const signer = watchOnlyWallet(config.address);
    return { info: { kind: 'watch', address: signer.address }, signer };
  }
  if (config.mode === 'demo' && sim) return demoWallet(config, sim);
  if (config.keypairDevice) {
    // a key on a Ledger: its address is read from the device now; a device that cannot be used stops the start
    const { openLedgerWallet, LedgerError, LedgerSetupError } = await import('../wallet/ledger.js');
    let w;
    try {
      w = await openLedgerWallet(config.keypairDevice);
    } catch (e) {
      if (!(e instanceof LedgerError || e instanceof LedgerSetupError)) throw e;
      throw new StartError(`${config.keypairDevice.text}: ${e.message}`);
    }
    fundOnce(sim, w.address);
    return { info: { kind: 'keypair', address: w.address, note: 'Ledger' }, signer: w };
  }
  if (!config.keypairPath) return { info: null, signer: null, notice: 'no wallet configured: signing is off' };
  const { loadKeypairFile, KeyFileError } = await import('../wallet/keypair.js');
  try {
    const w = await loadKeypairFile(config.keypairPath, { allowInsecure: config.allowInsecureKeyfile });
    return { info: { kind: 'keypair', address: w.address }, signer: w };
  } catch (e) {
    if (!(e instanceof KeyFileError)) throw e;
    if (!config.keypairIsDefault)
      throw new StartError(`${e.message}\n(give a usable key file, or --address ADDRESS for watch-only)`);
    return { info: null, signer: null, notice: `no wallet: ${e.message}` };
  }
}

/** Why the state directory cannot be written (read-only then), or undefined when it can. */
async function unwritable(stateDir: string): Promise<string | undefined> {
  const { access, mkdir } = await import('node:fs/promises');
  const { constants } = await import('node:fs');
  try {
    await mkdir(stateDir, { recursive: true, mode: 0o700 });
    await access(stateDir, constants.W_OK);
    return undefined;
  } catch (e) {
    return `the state dir ${stateDir} cannot be written (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}): read-only, nothing is signed`;
  }
}

/** Opens the service and builds everything around it. Throws StartError for an unusable explicit key file. */
export async function createServices(config: Config, opts: ServicesOptions = {}): Promise<Services> {
  const cleanups: Array<() => Promise<unknown> | unknown> = [];
  // one close, however many ask (a signal while closing waits for the same one)
  let closing: Promise<void> | undefined;
  const close = (): Promise<void> =>
    (closing ??= (async () => {
      forgetExit();
      for (const fn of cleanups.splice(0).reverse()) {
        try {
          await fn();
        } catch {
          // best effort at exit
        }
      }
    })());
  // a signal ends the process only once this has run (saves made, deliveries given their moment)
  const forgetExit = atExit(() => close());
  let recordRequest: (e: RequestEvent) => void = () => {};
  let rpcEvents: import('../rpc/failover.js').FailoverOptions = {};
  // a problem the backend meets later (a demo state not saved) goes to the flash line, once it exists
  let reportProblem: (text: string) => void = () => {};
  let backend: Backend;
  let choice: WalletChoice;
  try {
    // one RPC endpoint failing over to the next is said once, as it happens
    backend = await openBackend(
      config,
      (e) => recordRequest(e),
      opts.retries,
      {
        onSwitch: (e) => rpcEvents.onSwitch?.(e),
        onHealth: (h, why) => rpcEvents.onHealth?.(h, why),
      },
      (text) => reportProblem(text),
    );
    const b = backend;
    cleanups.push(() => b.close());
    choice = opts.wallet === false ? { info: null, signer: null } : await chooseWallet(config, backend.sim);
  } catch (e) {
    await close();
    throw e;
  }

  const notices: Notice[] = backend.notes.map((text) => ({ kind: 'error' as const, text }));
  const paperStart =
    config.mode === 'paper' ? await (await import('./paperAccount.js')).loadPaperStart(config.stateDir) : undefined;
  if (choice.notice) notices.push({ kind: 'info', text: choice.notice });
  const watchlist = await import('../store/watchlist.js');
  let starred: Awaited<ReturnType<typeof watchlist.loadWatchlist>> = [];
  let persist: ((e: readonly import('../store/watchlist.js').WatchEntry[]) => Promise<void>) | undefined;
  try {
    starred = await watchlist.loadWatchlist(config.stateDir);
  } catch (e) {
    // Never overwrite a watchlist we could not read: stars stay in memory this time.
    notices.push({ kind: 'error', text: `${(e as Error).message}; stars will not be saved this session` });
    persist = async () => {};
  }

  let journal: Journal | null = null;
  const journalPath = join(config.stateDir, 'journal.jsonl');
  try {
    const { openJournal } = await import('../journal/journal.js');
    journal = await openJournal(journalPath);
  } catch (e) {
    const why = (e as Error).message;
    notices.push({
      kind: 'error',
      text: `${why.startsWith(journalPath) ? why : `journal ${journalPath}: ${why}`}; signing is off`,
    });
  }
  // Every process on the state directory signs, each in its turn (signingTurn); read-only only
  // when asked, or where the state directory cannot be written.
  const readOnlyNote = config.readOnly ? undefined : await unwritable(config.stateDir);
  if (readOnlyNote) notices.push({ kind: 'error', text: readOnlyNote });
  const readOnly = config.readOnly || readOnlyNote !== undefined;

  const now = opts.now ?? Date.now;
  const session = createSessionStore({
    mode: config.mode,
    modeLabel: backend.label,
    wallet: choice.info,
    readOnly,
    screen: opts.screen ?? 'tokens',
    intervals: opts.intervals ?? {},
  });
  recordRequest = (e) => session.getState().recordRequest(e, now());
  rpcEvents = {
    onSwitch: (e) => {
      session.getState().setRpcNote(`RPC ${e.to + 1}/${e.count}`);
      const what = e.kind === 'stale' ? 'is stale' : 'failed';
      services.report(
        'error',
        `RPC ${e.from + 1} of ${e.count} ${what} (${e.reason.slice(0, 120)}); now using RPC ${e.to + 1}`,
      );
    },
    onHealth: (health, why) => {
      const rpc = services.rpc as import('../rpc/failover.js').FailoverRpc;
      const at = `RPC ${rpc.current() + 1}/${rpc.count()}`;
      const st = session.getState();
      const wasPaused = st.signingPaused !== undefined;
      if (health === 'down') {
        const count = rpc.count();
        st.setSigningPaused(
          count > 1 ? `none of the ${count} RPC endpoints answers` : 'the RPC endpoint does not answer',
        );
        st.setRpcNote('RPC DOWN');
        services.report(
          'error',
          `no RPC endpoint answers: signing is paused, the screens keep working read-only (${why.slice(0, 100)})`,
        );
        if (!wasPaused)
          services.emit('Signing is paused: no RPC endpoint answers; tradedeck keeps watching read-only', {
            source: 'Signing',
            type: 'signing.paused',
            data: { endpoints: count },
          });
        return;
      }
      st.setSigningPaused(undefined);
      st.setRpcNote(health === 'stale' ? `${at} STALE` : rpc.count() > 1 && rpc.current() > 0 ? at : undefined);
      if (wasPaused) {
        services.report('info', `${at.replace('/', ' of ')} answers again: signing resumed`);
        services.emit(`Signing resumed: ${at.replace('/', ' of ')} answers again`, {
          source: 'Signing',
          type: 'signing.resumed',
        });
      } else if (health === 'stale')
        services.report(
          'error',
          `${at.replace('/', ' of ')} is stale (${why.slice(0, 100)}) and no other endpoint is better`,
        );
    },
  };
  let labels: Promise<Record<string, string>> | undefined;
  const listeners = new Set<(e: NotifyEvent) => void>();
  const writer = watchlist.createWatchlistWriter(config.stateDir, (m) => services.report('error', m), starred);
  const services: Services = {
    mode: config.mode,
    stateDir: config.stateDir,
    ...(paperStart ? { paperStart: { usd: paperStart.usd, at: paperStart.at } } : {}),
    network:
      config.mode === 'demo'
        ? 'simulator'
        : config.mode === 'paper'
          ? `paper ${new URL(config.baseUrl!).host}`
          : new URL(backend.baseUrl).host,
    explorer: (signature, entry) =>
      entry
        ? explorerFor(config.explorerUrl, signature, modeOf(entry), entry.network)
        : explorerFor(config.explorerUrl, signature, config.mode, services.network),
    api: backend.client,
    // the embedded simulator's address changes at every start: what it serves is kept in memory only
    generation: generationFor(config, now, (text) => services.report('error', text)),
    rpc: backend.rpc,
    mintFacts: createMintFacts({
      ...(backend.rpc ? { readAccount: (a: string) => backend.rpc!.getAccountInfo(a) } : {}),
      stateDir: config.stateDir,
    }),
    sim: backend.sim,
    wallet: choice.signer,
    journal,
    signingTurn: (onWait) =>
      takeSigningTurn(config.stateDir, undefined, {
        ...(opts.turnWaitMs !== undefined ? { waitMs: opts.turnWaitMs } : {}),
        onWait: (text) => {
          onWait?.(text);
          services.waitNote?.(text);
        },
      }),
    readOnly,
    ...(readOnlyNote ? { readOnlyNote } : {}),
    scheduler: createScheduler(opts.scheduler),
    session,
    clock: createClockStore(now()),
    catalog: createTokensStore({ starred, persist: persist ?? writer, ...(await loadTokensView(config.stateDir)) }),
    confirm: createConfirmStore(),
    journalView: createJournalViewStore(),
    notifications: createNotificationsStore(config.notify),
    delivery: createDelivery(channelsOf(config), {
      // a dashboard and a watcher on one state directory deliver each event once
      claim: (event) => claimEvent(config.stateDir, event.id),
      // told once, in the log (N): a flash line would interrupt for something already retried
      onGiveUp: (channel, event, why) =>
        services.notifications.getState().add({
          at: now(),
          source: 'Delivery',
          text: `could not tell ${channel} "${event.title}" (${why.slice(0, 120)}); gave up after 4 tries`,
        }),
    }),
    emit: (text, spec) => {
      const event = makeEvent({ ...spec, text, mode: config.mode, at: now() });
      for (const l of [...listeners]) l(event);
      if (services.delivery.size === 0) return;
      void services.delivery.deliver(event);
    },
    onEvent: (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    notify: (source, text, event) => {
      if (event) services.emit(text, { ...event, source });
      services.notifications.getState().add({ at: now(), source, text });
      const mode = services.notifications.getState().mode;
      if (mode === 'off') return;
      services.report('info', text);
      services.ring(BEL);
      if (mode === 'desktop') services.ring(desktopNotification(`tradedeck ${source}`, text));
    },
    ring: () => {},
    programLabels: async () => {
      // asked once per session; a failure is asked again next time (names are a help, not a gate)
      labels ??= services.api.swap.programIdToLabel().catch(() => {
        labels = undefined;
        return {};
      });
      return labels;
    },
    now,
    pipeline: opts.pipeline,
    notices,
    // until the dashboard connects its flash line, messages wait with the start-up notices
    report: (kind, text) => void notices.push({ kind, text }),
    close,
  };
  reportProblem = (text) => services.report('error', text);
  cleanups.push(persistTokensView(config.stateDir, services.catalog, (m) => services.report('error', m)));
  cleanups.push(() => services.scheduler.dispose());
  cleanups.push(() => services.catalog.getState().persistStarred());
  cleanups.push(() => services.confirm.getState().cancelAll());
  // last, once everything is saved: deliveries under way get a moment to finish (their retries do
  // not hold the exit)
  cleanups.unshift(() => Promise.race([services.delivery.idle(), new Promise((r) => setTimeout(r, 3_000).unref())]));
  return services;
}
