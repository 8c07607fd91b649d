// A wallet whose key stays on a Ledger: the address is read from the device's Solana app, and each
// signature is asked of the device, where the person confirms it. Every exchange opens a session
// and closes it (so a device unplugged and plugged in again between two trades just works, and
// nothing is left open to keep the process alive), checks that the Solana app is the one open,
// and goes through Ledger's kits (src/wallet/ledgerKits.ts) with every call to Ledger's servers
// turned off: the kit's features that fetch descriptors or certificates are disabled and its
// context module is one that asks nothing; the kit's own endpoints point at a closed local port.
// What the device signed is checked against the message before it is used.
import { createHash, createPublicKey, verify } from 'node:crypto';
import type { DeviceManagementKit, DeviceSessionId } from '@ledgerhq/device-management-kit';
import type { SignerSolana, SignerSolanaBuilder } from '@ledgerhq/device-signer-kit-solana';
import { decodeBase58, encodeBase58, isAddress } from '../api/base58.js';
import { sanitize } from '../sanitize.js';
import { signerName, type DeviceKey } from './keyUrl.js';
import { makeSigner, withPublicView, type MessageSigner, type SignOptions } from './keypair.js';
import { LedgerSetupError, loadLedgerKits, type LedgerKits } from './ledgerKits.js';

export { LedgerSetupError };

export interface LedgerWallet {
  readonly kind: 'ledger';
  readonly address: string;
  readonly key: DeviceKey;
  readonly signer: MessageSigner;
  /** shows the address on the device and waits for the person to approve it there */
  verifyAddress(options?: SignOptions): Promise<void>;
}

/** What went wrong with the device, in one line for the person. */
export class LedgerError extends Error {
  constructor(
    message: string,
    readonly reason:
      | 'declined'
      | 'locked'
      | 'no-app'
      | 'wrong-app'
      | 'blind-signing'
      | 'timeout'
      | 'no-device'
      | 'unreachable'
      | 'mismatch'
      | 'device',
  ) {
    super(message);
    this.name = 'LedgerError';
  }
}

export interface LedgerOptions {
  /** how long the device may take to answer what needs no person (default 15 s) */
  answerTimeoutMs?: number;
  /** how long the person has to approve on the device (default 120 s) */
  confirmTimeoutMs?: number;
  env?: NodeJS.ProcessEnv;
}

const ANSWER_MS = 15_000;
const CONFIRM_MS = 120_000;
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

interface Session {
  dmk: DeviceManagementKit;
  sessionId: DeviceSessionId;
  signer: SignerSolana;
}

/** Every object and code along an error's chain (the kits wrap errors several levels deep). */
function chainOf(err: unknown): Array<Record<string, unknown>> {
  const out: Array<Record<string, unknown>> = [];
  const seen = new Set<unknown>();
  const walk = (e: unknown, depth: number) => {
    if (!e || typeof e !== 'object' || seen.has(e) || depth > 6) return;
    seen.add(e);
    const r = e as Record<string, unknown>;
    out.push(r);
    for (const k of ['originalError', 'error', 'err', 'cause']) walk(r[k], depth + 1);
  };
  walk(err, 0);
  return out;
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** One line for what the kits or the device answered. Setup problems (exit 2 at start) are LedgerSetupError. */
export function explainLedgerError(err: unknown, key: DeviceKey): Error {
  if (err instanceof LedgerError || err instanceof LedgerSetupError) return err;
  const chain = chainOf(err);
  const codes = new Set(chain.map((r) => text(r.errorCode).toLowerCase()).filter(Boolean));
  const tags = chain.map((r) => text(r._tag));
  const messages = chain.map((r) => `${text(r.message)} ${text(r.code)}`).join(' ');
  if (codes.has('6985') || codes.has('5501'))
    return new LedgerError('declined on the Ledger; nothing was sent', 'declined');
  if (codes.has('5515') || tags.includes('DeviceLockedError'))
    return new LedgerError(
      'the Ledger is locked: unlock it with its PIN, open the Solana app, and try again',
      'locked',
    );
  if (codes.has('6808'))
    return new LedgerError(
      "blind signing is off in the Ledger's Solana app: turn it on there (Settings, Blind signing) and try again; nothing was sent",
      'blind-signing',
    );
  if (/libusb|ERR_DLOPEN_FAILED/.test(messages))
    return new LedgerSetupError(
      "the Ledger's USB library needs the system's libusb-1.0: install it (Debian and Ubuntu: sudo apt install libusb-1.0-0; Fedora: libusb1) and try again",
    );
  if (/cannot open device|EACCES|permission denied/i.test(messages))
    return new LedgerSetupError(
      "this user may not open the Ledger: add Ledger's udev rules (20-hw1.rules, see docs/live.md), unplug it and plug it in again",
    );
  if (tags.includes('NoAccessibleDeviceError'))
    return new LedgerError(
      'no Ledger found over USB: plug it in, unlock it and open the Solana app, then try again',
      'no-device',
    );
  if (key.transport === 'speculos' && /fetch failed|ECONNREFUSED|ENOTFOUND|EHOSTUNREACH|ECONNRESET/.test(messages))
    return new LedgerError(`no Speculos answers at ${key.endpoint} (is it running?)`, 'unreachable');
  const code = [...codes][0];
  const what = sanitize(
    chain
      .map((r) => text(r.message))
      .filter(Boolean)
      .join(': ')
      .slice(0, 160),
  );
  return new LedgerError(
    `the Ledger answered with an error${code ? ` (${code})` : ''}: ${what || 'unknown'}`,
    'device',
  );
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
function finish<O>(
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

const seconds = (ms: number) => `${Number((ms / 1000).toFixed(1))} s`;

function noAnswer(key: DeviceKey, ms: number): () => LedgerError {
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
async function withSession<T>(
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
    dmk.stopDiscovering();
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

async function readAddress(s: Session, path: string, ms: number, key: DeviceKey): Promise<string> {
  const address = await finish<string>(s.signer.getAddress(path, { skipOpenApp: true }), {
    ms,
    error: noAnswer(key, ms),
  });
  if (!isAddress(address)) throw new LedgerError('the Ledger answered with something that is not an address', 'device');
  return address;
}

/** The message hash the Solana app shows for a transaction it cannot describe (base58 of its SHA-256). */
export function messageHash(message: Uint8Array): string {
  return encodeBase58(createHash('sha256').update(message).digest());
}

/** True when `signature` is the key at `address`'s Ed25519 signature of `message`. */
function signs(address: string, message: Uint8Array, signature: Uint8Array): boolean {
  const raw = decodeBase58(address);
  if (!raw || raw.length !== 32 || signature.length !== 64) return false;
  const key = createPublicKey({
    key: Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), raw]),
    format: 'der',
    type: 'spki',
  });
  return verify(null, message, key, signature);
}

/**
 * Reads the address of `key` from the device and returns the wallet that signs with it. Throws
 * LedgerSetupError (kits missing, libusb, no access: exit 2) or LedgerError (one line).
 */
export async function openLedgerWallet(key: DeviceKey, options: LedgerOptions = {}): Promise<LedgerWallet> {
  const answerMs = options.answerTimeoutMs ?? ANSWER_MS;
  const confirmMs = options.confirmTimeoutMs ?? CONFIRM_MS;
  const kits = loadLedgerKits(key, options.env);
  const address = await withSession(kits, key, answerMs, async (s) => {
    const own = await readAddress(s, key.pathText, answerMs, key);
    if (key.walletId !== undefined) {
      const id = key.path.length === 2 ? own : await readAddress(s, "44'/501'", answerMs, key);
      if (id !== key.walletId)
        throw new LedgerError(`this Ledger is wallet ${id}, not ${key.walletId} (the id in ${key.text})`, 'mismatch');
    }
    return own;
  });
  const name = signerName(key);
  const where = `${name}${key.transport === 'speculos' ? ` at ${key.endpoint}` : ''}`;

  const sign = async (message: Uint8Array, opts: SignOptions = {}): Promise<Uint8Array> => {
    opts.onStatus?.(`Connecting to the Ledger (${where})…`);
    return withSession(kits, key, answerMs, async (s) => {
      opts.onStatus?.(
        `Confirm on your Ledger… It shows the message hash ${messageHash(message)}: approve only if it is this one. Swaps are blind-signed: blind signing must be on in the Solana app's settings.`,
      );
      const signature = await finish<Uint8Array>(
        s.signer.signTransaction(key.pathText, message, { skipOpenApp: true }),
        { ms: answerMs, error: noAnswer(key, answerMs) },
        {
          ms: confirmMs,
          error: () =>
            new LedgerError(`the Ledger was not approved within ${seconds(confirmMs)}; nothing was sent`, 'timeout'),
        },
      );
      if (!signs(address, message, signature))
        throw new LedgerError(
          "the Ledger's signature is not this transaction's under this key; nothing was sent",
          'mismatch',
        );
      return new Uint8Array(signature);
    });
  };

  const verifyAddress = async (opts: SignOptions = {}): Promise<void> => {
    await withSession(kits, key, answerMs, async (s) => {
      opts.onStatus?.(`Check the address on your Ledger: it shows ${address}; approve it there if it matches.`);
      const shown = await finish<string>(
        s.signer.getAddress(key.pathText, { checkOnDevice: true, skipOpenApp: true }),
        { ms: answerMs, error: noAnswer(key, answerMs) },
        {
          ms: confirmMs,
          error: () =>
            new LedgerError(`the address was not approved on the Ledger within ${seconds(confirmMs)}`, 'timeout'),
        },
      );
      if (shown !== address)
        throw new LedgerError(
          `the Ledger now shows ${shown}, not ${address}: is it another device or seed?`,
          'mismatch',
        );
    }).catch((e: unknown) => {
      if (e instanceof LedgerError && e.reason === 'declined')
        throw new LedgerError('the address was rejected on the Ledger', 'declined');
      throw e;
    });
  };

  const signer = makeSigner(address, sign, { name, canSignUnattended: false });
  return withPublicView(
    { kind: 'ledger' as const, address, key, signer, verifyAddress },
    { kind: 'ledger', address, key: key.text, path: key.pathText },
    `Wallet(${name} ${address})`,
  );
}
