// Adds the wallet's signature to a transaction. Only the wallet's signature slot changes: the
// message bytes and other signers' slots (empty or already filled) stay exactly as received,
// because the order service refuses a transaction whose bytes were modified (execute code -3).

import { encodeBase58 } from './base58.js';
import { decodeBase64Strict, wireLayout, type WireLayout } from './inspect.js';
import type { SignOptions, Wallet } from './keypair.js';

export interface SignedTransaction {
  signedBase64: string;
  /** the wallet's signature, base58 */
  signature: string;
  /** the transaction id (first signature: the fee payer's) when present; another signer may add it at execute */
  transactionId: string | null;
}

export class SignError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SignError';
  }
}

function readLayout(wire: Uint8Array): WireLayout {
  const layout = wireLayout(wire);
  if (layout === null) throw new SignError('transaction is truncated');
  return layout;
}

/** Reads the required signer addresses from the message (header byte 0, then the static keys). */
function readSigners(wire: Uint8Array, messageStart: number): string[] {
  let i = messageStart;
  // the layout's message starts before the end of the bytes
  if (wire[i]! & 0x80) i++; // versioned message prefix
  const numSigners = wire[i];
  if (numSigners === undefined) throw new SignError('transaction is truncated');
  i += 3;
  let keys = 0;
  let shift = 0;
  for (let n = 0; ; n++) {
    if (n > 2 || i >= wire.length) throw new SignError('transaction is truncated');
    const b = wire[i++]!;
    keys |= (b & 0x7f) << shift;
    if ((b & 0x80) === 0) break;
    shift += 7;
  }
  if (numSigners > keys || i + numSigners * 32 > wire.length) throw new SignError('transaction is truncated');
  const out: string[] = [];
  for (let k = 0; k < numSigners; k++) out.push(encodeBase58(wire.subarray(i + k * 32, i + (k + 1) * 32)));
  return out;
}

/** `options.onStatus` hears what the signer is doing (a device: what to confirm on it). */
export async function signTransaction(
  base64: string,
  wallet: Wallet,
  options: SignOptions = {},
): Promise<SignedTransaction> {
  const wire = decodeBase64Strict(base64);
  if (!wire) throw new SignError('the transaction is not valid base-64');
  const { slotsStart, count, messageStart } = readLayout(wire);
  const signers = readSigners(wire, messageStart);
  if (signers.length !== count)
    throw new SignError(`transaction has ${count} signature slots for ${signers.length} signers`);
  const slot = signers.indexOf(wallet.address);
  if (slot < 0) throw new SignError(`the wallet ${wallet.address} is not a signer of this transaction`);

  const message = wire.slice(messageStart);
  const signature = await wallet.signer.sign(message, options);
  if (signature.length !== 64) throw new SignError('the signer returned a signature of the wrong length');
  const signed = new Uint8Array(wire);
  signed.set(signature, slotsStart + slot * 64);

  const first = signed.subarray(slotsStart, slotsStart + 64);
  const transactionId = first.some((b) => b !== 0) ? encodeBase58(first) : null;
  return {
    signedBase64: Buffer.from(signed).toString('base64'),
    signature: encodeBase58(signature),
    transactionId,
  };
}
