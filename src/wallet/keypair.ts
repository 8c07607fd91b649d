// Loads a Solana CLI key file (JSON array of 64 numbers: 32 secret seed bytes, then the 32 public
// key bytes) into a node:crypto KeyObject, whose key material lives in native memory. The secret
// never leaves this module: the key object is held only by the signer's closure (not a property of
// the wallet or signer, never printed), and every byte buffer that held it is zeroed. node:crypto,
// not WebCrypto: the first use of crypto.subtle loads WebCrypto's whole implementation, about 10 ms
// of every start, for the same Ed25519 signature.

import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  sign as signEd25519,
  type KeyObject,
} from 'node:crypto';
import { constants } from 'node:fs';
import { chmod, mkdir, open, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { inspect } from 'node:util';
import { encodeBase58, isAddress } from '../chain/base58.js';
import { parseKeyBytes } from './key-bytes.js';
import type { LedgerWallet } from './ledger.js';

export class KeyFileError extends Error {
  constructor(
    message: string,
    readonly path: string,
  ) {
    super(message);
    this.name = 'KeyFileError';
  }
}

export class WatchOnlyError extends Error {
  constructor(readonly address: string) {
    super(`watch-only: ${address} has no key; signing is disabled`);
    this.name = 'WatchOnlyError';
  }
}

export interface SignOptions {
  /** what is happening while the signature is made (a device says what to confirm on it) */
  onStatus?(text: string): void;
}

/**
 * Signs raw message bytes with the wallet's key; returns the 64-byte Ed25519 signature. Every kind
 * of key (a key file, a Ledger) signs through this one interface.
 */
export interface MessageSigner {
  readonly address: string;
  /** how the journal and messages name the key: "key file", "ledger 44'/501'/0'" (nothing secret) */
  readonly name: string;
  /**
   * false: every signature needs a person at a device, so nothing may be signed unattended
   * (standing orders, anything that fires without asking)
   */
  readonly canSignUnattended: boolean;
  sign(message: Uint8Array, options?: SignOptions): Promise<Uint8Array>;
}

export interface KeypairWallet {
  readonly kind: 'keypair';
  readonly address: string;
  readonly path: string;
  readonly signer: MessageSigner;
}

export interface WatchWallet {
  readonly kind: 'watch';
  readonly address: string;
  readonly signer: MessageSigner;
}

export type Wallet = KeypairWallet | WatchWallet | LedgerWallet;

/** Why `wallet` may not sign unattended (one line), or undefined when it may. */
export function unattendedRefusal(wallet: Wallet): string | undefined {
  if (wallet.signer.canSignUnattended) return undefined;
  return wallet.kind === 'ledger'
    ? `${wallet.signer.name} needs a person to approve every signature on the device: unattended signing needs a key file`
    : `${wallet.address} has no key here: unattended signing needs a key file`;
}

// DER prefix of a PKCS#8 Ed25519 private key; the 32-byte seed follows it.
const PKCS8_ED25519_PREFIX = [
  0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20,
];

function describe(kind: string, address: string, path?: string): string {
  return path ? `Wallet(${kind} ${address} from ${path})` : `Wallet(${kind} ${address})`;
}

/** Gives an object a harmless JSON and inspect form: only public fields. */
export function withPublicView<T extends object>(target: T, view: Record<string, unknown>, text: string): T {
  Object.defineProperty(target, 'toJSON', { value: () => ({ ...view }), enumerable: false });
  Object.defineProperty(target, inspect.custom, { value: () => text, enumerable: false });
  Object.defineProperty(target, 'toString', { value: () => text, enumerable: false });
  return Object.freeze(target);
}

export function makeSigner(
  address: string,
  sign: MessageSigner['sign'],
  how: Pick<MessageSigner, 'name' | 'canSignUnattended'>,
): MessageSigner {
  return withPublicView({ address, ...how, sign }, { address }, `Signer(${address})`);
}

export function watchOnlyWallet(address: string): WatchWallet {
  if (!isAddress(address)) throw new Error(`not a wallet address: ${JSON.stringify(String(address).slice(0, 60))}`);
  const signer = makeSigner(
    address,
    async () => {
      throw new WatchOnlyError(address);
    },
    { name: 'watch-only', canSignUnattended: false },
  );
  return withPublicView(
    { kind: 'watch' as const, address, signer },
    { kind: 'watch', address },
    describe('watch-only', address),
  );
}

export interface LoadKeypairOptions {
  /** Accept a key file readable by group or others (the person passed an explicit flag). */
  allowInsecure?: boolean;
}

async function readKeyFile(path: string, allowInsecure: boolean): Promise<Uint8Array> {
  let info;
  try {
    info = await stat(path);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new KeyFileError(`key file not found: ${path}`, path);
    throw new KeyFileError(`cannot read key file ${path} (${code ?? 'error'})`, path);
  }
  if (!info.isFile()) throw new KeyFileError(`key file ${path} is not a regular file`, path);
  if ((info.mode & 0o077) !== 0 && !allowInsecure) {
    const mode = (info.mode & 0o777).toString(8).padStart(4, '0');
    throw new KeyFileError(
      `key file ${path} is readable by group or others (mode ${mode}); refusing to use it. Fix: chmod 600 ${path}`,
      path,
    );
  }
  let handle;
  try {
    handle = await open(path, constants.O_RDONLY);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const why = code === 'EACCES' || code === 'EPERM' ? 'permission denied' : (code ?? 'error');
    throw new KeyFileError(`cannot read key file ${path}: ${why}`, path);
  }
  try {
    const size = (await handle.stat()).size;
    if (size > 4096) throw new KeyFileError(`key file ${path} is too large to be a key file (${size} bytes)`, path);
    const buffer = new Uint8Array(size);
    let filled = 0;
    while (filled < size) {
      const { bytesRead } = await handle.read(buffer, filled, size - filled, filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    return filled === size ? buffer : buffer.subarray(0, filled);
  } catch (err) {
    if (err instanceof KeyFileError) throw err;
    throw new KeyFileError(
      `cannot read key file ${path}: ${(err as NodeJS.ErrnoException).code ?? 'read error'}`,
      path,
    );
  } finally {
    await handle.close();
  }
}

export async function loadKeypairFile(path: string, options: LoadKeypairOptions = {}): Promise<KeypairWallet> {
  const raw = await readKeyFile(path, options.allowInsecure === true);
  let keyBytes: Uint8Array;
  try {
    const parsed = parseKeyBytes(raw);
    if (!parsed.ok) throw new KeyFileError(`key file ${path} ${parsed.reason}`, path);
    keyBytes = parsed.bytes;
  } finally {
    raw.fill(0);
  }
  const pkcs8 = new Uint8Array(PKCS8_ED25519_PREFIX.length + 32);
  try {
    pkcs8.set(PKCS8_ED25519_PREFIX);
    pkcs8.set(keyBytes.subarray(0, 32), PKCS8_ED25519_PREFIX.length);
    const publicBytes = keyBytes.slice(32);
    const privateKey = privateKeyOf(pkcs8);
    if (!sameBytes(publicKeyOf(privateKey), publicBytes)) {
      throw new KeyFileError(
        `key file ${path}: the public half does not match the secret half (corrupt or edited file)`,
        path,
      );
    }
    pkcs8.fill(0);
    keyBytes.fill(0);
    const address = encodeBase58(publicBytes);
    // Ed25519 signs the message itself (no digest: the algorithm argument is null)
    const signer = makeSigner(address, async (message) => new Uint8Array(signEd25519(null, message, privateKey)), {
      name: 'key file',
      canSignUnattended: true,
    });
    return withPublicView(
      { kind: 'keypair' as const, address, path, signer },
      { kind: 'keypair', address, path },
      describe('keypair', address, path),
    );
  } catch (err) {
    if (err instanceof KeyFileError) throw err;
    throw new KeyFileError(`key file ${path} holds bytes that are not a valid Ed25519 key`, path);
  } finally {
    pkcs8.fill(0);
    keyBytes.fill(0);
  }
}

/**
 * The private key from the secret seed (as a DER PKCS#8 buffer), as a node:crypto KeyObject: the
 * key material is copied into native memory and never put into a JS string.
 */
function privateKeyOf(pkcs8: Uint8Array): KeyObject {
  return createPrivateKey({
    key: Buffer.from(pkcs8.buffer, pkcs8.byteOffset, pkcs8.byteLength),
    format: 'der',
    type: 'pkcs8',
  });
}

/** The 32 raw bytes of the public key a private key derives. */
function publicKeyOf(privateKey: KeyObject): Uint8Array {
  const spki = createPublicKey(privateKey).export({ format: 'der', type: 'spki' });
  return new Uint8Array(spki.subarray(spki.length - 32));
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** Generates a fresh key and writes it as a Solana CLI key file (mode 0600) in `dir` (0700). */
export async function createDemoKeyFile(dir: string): Promise<string> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const pair = generateKeyPairSync('ed25519');
  const pkcs8 = new Uint8Array(pair.privateKey.export({ format: 'der', type: 'pkcs8' }));
  const publicBytes = publicKeyOf(pair.privateKey);
  const all = new Uint8Array(64);
  try {
    all.set(pkcs8.subarray(pkcs8.length - 32));
    all.set(publicBytes, 32);
    const path = join(dir, `demo-${encodeBase58(publicBytes).slice(0, 8)}.json`);
    await writeFile(path, `[${all.join(',')}]\n`, { mode: 0o600, flag: 'wx' });
    await chmod(path, 0o600);
    return path;
  } finally {
    pkcs8.fill(0);
    all.fill(0);
  }
}
