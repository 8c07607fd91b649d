// One session with a Ledger through Ledger's kits: the transport the keypair URL names, the first
// device it finds, a connection without the kit's background polling, the Solana app checked to be
// the one open, and the Solana signer, with every call to Ledger's servers turned off (the signer
// kit's features that fetch descriptors, certificates or checks are disabled, its context module
// asks nothing, and the kit's own service addresses point at a closed port on this machine).
// Everything is closed at the end, so nothing is left to keep the process alive.
import type { DeviceManagementKit, DeviceSessionId } from '@ledgerhq/device-management-kit';
import type { SignerSolana, SignerSolanaBuilder } from '@ledgerhq/device-signer-kit-solana';
import { sanitize } from '../text/sanitize.js';
import type { DeviceKey } from './keyUrl.js';
import { explainLedgerError, LedgerError } from './ledgerErrors.js';
import type { LedgerKits } from './ledgerKits.js';

const APP_NAME = 'Solana';
/** the Ledger's dashboard, as GET_APP_AND_VERSION names it when no app is open */
const DASHBOARD = 'BOLOS';
/** where the kit would reach Ledger's servers: a closed port on this machine, so nothing leaves it */
const NOWHERE = 'http://127.0.0.1:9';

/** The signer kit's features that fetch from Ledger's servers (descriptors, certificates, checks). */
const DISABLED_FEATURES = ['spl', 'transactionChecks', 'delayedSigning', 'genericClearSign'] as const;

/** A context module that asks nothing of anyone: the kit then signs what the app shows itself. */
const OFFLINE_CONTEXT: Parameters<SignerSolanaBuilder['withContextModule']>[0] = {
  getContexts: async () => [],
  getFieldContext: async () => {
    throw new Error('tradedeck fetches no signing context');
  },
  getTypedDataFilters: async () => {
    throw new Error('tradedeck fetches no signing context');
  },
  report: async () => {},
  signReport: async () => {},
};

export interface Session {
  dmk: DeviceManagementKit;
  sessionId: DeviceSessionId;
  signer: SignerSolana;
}

/** Resolves with the promise, or rejects with `onTimeout()` after `ms`. */
function within<T>(ms: number, promise: Promise<T>, onTimeout: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(onTimeout()), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

type ActionState<O> =
  | { status: 'completed'; output: O }
  | { status: 'error'; error: unknown }
  | { status: 'pending'; intermediateValue?: { requiredUserInteraction?: string } }
  | { status: 'stopped' | 'not-started' };

interface Deadline {
  ms: number;
  error: () => Error;
}

/**
 * Runs one of the kit's device actions to its end. The device has `answer` to answer; once the
 * action says the person must act on the device (approve a signature, check an address), the
 * person has `confirm` from then on. Past either, the action is cancelled and that error is thrown.
 */
export function finish<O>(
  action: { observable: { subscribe(o: object): { unsubscribe(): void } }; cancel(): void },
  answer: Deadline,
  confirm: Deadline = answer,
): Promise<O> {
  let subscription: { unsubscribe(): void } | undefined;
  let timer: NodeJS.Timeout | undefined;
  let asking = false;
  // once timed out, what cancelling makes the action say (stopped, an error) is not the news
  let late: Error | undefined;
  return new Promise<O>((resolve, reject) => {
    const arm = (d: Deadline) => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        late = d.error();
        action.cancel();
        reject(late);
      }, d.ms);
    };
    arm(answer);
    subscription = action.observable.subscribe({
      next: (s: ActionState<O>) => {
        if (late) return;
        if (s.status === 'completed') resolve(s.output);
        else if (s.status === 'error') reject(s.error);
        else if (s.status === 'stopped') reject(new LedgerError('the Ledger stopped before answering', 'device'));
        else if (s.status === 'pending' && !asking) {
          const interaction = s.intermediateValue?.requiredUserInteraction;
          if (interaction !== undefined && interaction !== 'none') {
            asking = true;
            arm(confirm);
          }
        }
      },
      error: (e: unknown) => reject(late ?? e),
    });
  }).finally(() => {
    clearTimeout(timer);
    subscription?.unsubscribe();
  });
}

/** The first device the transport finds. */
function firstDevice<D>(observable: { subscribe(o: object): { unsubscribe(): void } }): Promise<D> {
  return new Promise<D>((resolve, reject) => {
    let found = false;
    const sub = observable.subscribe({
      next: (d: D) => {
        if (found) return;
        found = true;
        resolve(d);
        queueMicrotask(() => sub.unsubscribe());
      },
      error: (e: unknown) => reject(e),
      complete: () => {
        if (!found)
          reject(
            new LedgerError('no Ledger found over USB: plug it in, unlock it and open the Solana app', 'no-device'),
          );
      },
    });
  });
}

export const seconds = (ms: number) => `${Number((ms / 1000).toFixed(1))} s`;

export function noAnswer(key: DeviceKey, ms: number): () => LedgerError {
  return () =>
    new LedgerError(
      `the Ledger did not answer within ${seconds(ms)}: is it unlocked, with the Solana app open?${key.transport === 'speculos' ? ` (Speculos at ${key.endpoint})` : ''}`,
      'timeout',
    );
}

/**
 * The Speculos transport posts each APDU with globalThis.fetch, looked up at each call, and has no
 * way to stop one: an APDU held by the emulator (a prompt nobody answers) would keep the process
 * alive for minutes after a timeout. While a session is open, its requests to the emulator (and
 * only those) carry a signal that is aborted when the session ends.
 */
function stoppableRequests(endpoint: string): () => void {
  const original = globalThis.fetch;
  const controller = new AbortController();
  const wrapped: typeof fetch = (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.startsWith(`${endpoint}/`)) return original(input, init);
    const signal = init?.signal ? AbortSignal.any([init.signal, controller.signal]) : controller.signal;
    return original(input, { ...init, signal });
  };
  globalThis.fetch = wrapped;
  return () => {
    controller.abort();
    if (globalThis.fetch === wrapped) globalThis.fetch = original;
  };
}

/** Opens a session with the device, makes sure the Solana app is open, runs `fn`, and closes everything. */
export async function withSession<T>(
  kits: LedgerKits,
  key: DeviceKey,
  answerMs: number,
  fn: (s: Session) => Promise<T>,
): Promise<T> {
  const { dmk: D } = kits;
  const usb = kits.transport.usb;
  const speculos = kits.transport.speculos;
  const builder = new D.DeviceManagementKitBuilder().addConfig({
    managerApiUrl: NOWHERE,
    mockUrl: NOWHERE,
    webSocketUrl: NOWHERE.replace('http', 'ws'),
  });
  // speculos: the third argument (true) leaves out the transport's poll of the emulator every 2 s
  if (usb) builder.addTransport(usb.nodeHidTransportFactory);
  else if (speculos) builder.addTransport(speculos.speculosTransportFactory(key.endpoint, true));
  const dmk = builder.build();
  const stopRequests = speculos ? stoppableRequests(key.endpoint!) : undefined;
  let sessionId: DeviceSessionId | undefined;
  try {
    const transport = usb ? usb.nodeHidIdentifier : speculos!.speculosIdentifier;
    const late = noAnswer(key, answerMs);
    const device = await within(
      answerMs,
      firstDevice<Parameters<typeof dmk.connect>[0]['device']>(dmk.startDiscovering({ transport })),
      late,
    );
    // not waited for (the device is found): stopping runs on while the session connects
    void dmk.stopDiscovering();
    sessionId = await within(
      answerMs,
      dmk.connect({ device, sessionRefresherOptions: { isRefresherDisabled: true } }),
      late,
    );
    const app = await within(answerMs, dmk.sendCommand({ sessionId, command: new D.GetAppAndVersionCommand() }), late);
    if (!D.isSuccessCommandResult(app)) throw app.error;
    if (app.data.name === DASHBOARD)
      throw new LedgerError('the Solana app is not open on the Ledger: open it, then try again', 'no-app');
    if (app.data.name !== APP_NAME)
      throw new LedgerError(
        `the Ledger has the ${sanitize(app.data.name).slice(0, 30)} app open, not Solana: open the Solana app, then try again`,
        'wrong-app',
      );
    const signer = new kits.solana.SignerSolanaBuilder({
      dmk,
      sessionId,
      disabledFeatures: DISABLED_FEATURES,
    })
      .withContextModule(OFFLINE_CONTEXT)
      .build();
    return await fn({ dmk, sessionId, signer });
  } catch (e) {
    throw explainLedgerError(e, key);
  } finally {
    if (sessionId !== undefined) await dmk.disconnect({ sessionId }).catch(() => {});
    dmk.close();
    stopRequests?.();
    // the node-hid transport listens to USB hot-plug events from the moment it exists: that
    // listener would keep the process alive after everything is done
    const hotplug = kits.usbModule?.usb;
    if (hotplug) {
      hotplug.removeAllListeners('attach');
      hotplug.removeAllListeners('detach');
      hotplug.unrefHotplugEvents();
    }
  }
}
