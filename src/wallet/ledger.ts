// A wallet whose key stays on a Ledger: the address is read from the device's Solana app, and each
// signature is asked of the device, where the person approves it. Every exchange is a session of
// its own (src/wallet/ledgerSession.ts), so a device unplugged and plugged in again between two
// trades just works and nothing is left open to keep the process alive. What the device signed is
// checked against the message and the address before it is used.
import { createHash, createPublicKey, verify } from 'node:crypto';
import { decodeBase58, encodeBase58, isAddress } from '../chain/base58.js';
import { signerName, type DeviceKey } from './keyUrl.js';
import { makeSigner, withPublicView, type MessageSigner, type SignOptions } from './keypair.js';
import { LedgerError } from './ledgerErrors.js';
import { LedgerSetupError, loadLedgerKits } from './ledgerKits.js';
import { finish, noAnswer, seconds, withSession, type Session } from './ledgerSession.js';

export { LedgerError, LedgerSetupError };

export interface LedgerWallet {
  readonly kind: 'ledger';
  readonly address: string;
  readonly key: DeviceKey;
  readonly signer: MessageSigner;
  /** shows the address on the device and waits for the person to approve it there */
  verifyAddress(options?: SignOptions): Promise<void>;
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
        `Confirm on your Ledger… It shows the message hash ${messageHash(message)}: approve only if it is this one. Blind signing must be on in its Solana app (Settings).`,
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
