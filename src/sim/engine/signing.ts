// ed25519 with node:crypto: synchronous verification of wallet signatures, and keys the simulator
// itself holds (seeded) for co-signing, e.g. a gasless fee payer.
import { createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import { getAddressEncoder } from '@solana/kit';
import { seededBytes, toBase58 } from './random.js';

const SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');
const PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');
const addressEncoder = getAddressEncoder();
const publicKeys = new Map<string, KeyObject>();

export function addressBytes(addr: string): Uint8Array {
  return addressEncoder.encode(addr as Parameters<typeof addressEncoder.encode>[0]) as Uint8Array;
}

function publicKeyOf(addr: string): KeyObject {
  let key = publicKeys.get(addr);
  if (!key) {
    key = createPublicKey({ key: Buffer.concat([SPKI_PREFIX, addressBytes(addr)]), format: 'der', type: 'spki' });
    if (publicKeys.size > 10_000) publicKeys.clear();
    publicKeys.set(addr, key);
  }
  return key;
}

/** true when `signature` is a valid ed25519 signature by `addr` over `message` */
export function verifyEd25519(addr: string, message: Uint8Array, signature: Uint8Array): boolean {
  try {
    return signature.length === 64 && verify(null, message, publicKeyOf(addr), signature);
  } catch {
    return false;
  }
}

export interface HeldKey {
  address: string;
  sign(message: Uint8Array): Uint8Array;
}

/** a keypair derived from the seed and a label */
export function heldKey(seed: number, label: string): HeldKey {
  const privateKey = createPrivateKey({
    key: Buffer.concat([PKCS8_PREFIX, seededBytes(seed, `key:${label}`, 32)]),
    format: 'der',
    type: 'pkcs8',
  });
  const spki = createPublicKey(privateKey).export({ format: 'der', type: 'spki' });
  const address = toBase58(new Uint8Array(spki.subarray(spki.length - 32)));
  return { address, sign: (message) => new Uint8Array(sign(null, message, privateKey)) };
}
