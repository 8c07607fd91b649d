// Decodes an unsigned transaction returned by the service and decides whether the wallet may sign
// it: who pays, who else must sign, which accounts it writes, which programs it calls.

import { SIM_PROGRAMS } from '../api/types.js';

export interface ProgramRef {
  id: string;
  name: string | null;
}

export interface InspectionOk {
  ok: true;
  version: 'legacy' | number;
  feePayer: string;
  /** every required signer, in signature-slot order (the fee payer first) */
  signers: string[];
  /** required signers whose signature slot is still empty */
  unsignedSigners: string[];
  /** writable static accounts (accounts loaded through lookup tables are only counted) */
  writable: string[];
  programs: ProgramRef[];
  unknownPrograms: string[];
  lookupTables: { count: number; writableAccounts: number; readonlyAccounts: number };
  instructionCount: number;
  blockhash: string;
  messageBytes: Uint8Array;
}

export type Inspection = InspectionOk | { ok: false; reason: string };

export interface InspectOptions {
  wallet: string;
  /** other signers the response itself named (maker, signatureFeePayer, payer, configured payer) */
  allowedSigners: string[];
  knownPrograms?: Record<string, string>;
}

export const WELL_KNOWN_PROGRAMS: Readonly<Record<string, string>> = {
  '11111111111111111111111111111111': 'System',
  TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA: 'Token',
  TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb: 'Token-2022',
  ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL: 'Associated Token Account',
  ComputeBudget111111111111111111111111111111: 'Compute Budget',
  MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr: 'Memo',
  [SIM_PROGRAMS.router]: 'Router',
  [SIM_PROGRAMS.trigger]: 'Trigger orders',
  [SIM_PROGRAMS.recurring]: 'Recurring orders',
  [SIM_PROGRAMS.send]: 'Send',
  [SIM_PROGRAMS.studio]: 'Studio',
};

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

function refuse(reason: string): Inspection {
  return { ok: false, reason };
}

function sameBytes(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Strict base-64 to bytes (Buffer alone silently skips characters it does not know). */
export function decodeBase64Strict(text: string): Uint8Array | null {
  if (typeof text !== 'string' || text.length === 0 || !BASE64.test(text)) return null;
  return new Uint8Array(Buffer.from(text, 'base64'));
}

export async function inspectTransaction(base64: string, options: InspectOptions): Promise<Inspection> {
  const bytes = decodeBase64Strict(base64);
  if (!bytes) return refuse('the transaction is not valid base-64');
  const web3 = await import('@solana/web3.js');

  let tx;
  let message;
  let messageEnd: number;
  try {
    tx = web3.getTransactionDecoder().decode(bytes);
    [message, messageEnd] = web3.getCompiledTransactionMessageDecoder().read(tx.messageBytes, 0);
  } catch {
    return refuse('the transaction could not be decoded (malformed or truncated)');
  }
  const trailing = tx.messageBytes.length - messageEnd;
  if (trailing > 0) return refuse(`transaction has ${trailing} unexpected trailing bytes`);
  let reencoded: Uint8Array;
  let reencodedMessage: Uint8Array;
  try {
    reencodedMessage = new Uint8Array(web3.getCompiledTransactionMessageEncoder().encode(message));
    reencoded = new Uint8Array(web3.getTransactionEncoder().encode(tx));
  } catch {
    return refuse('the transaction could not be re-encoded');
  }
  if (!sameBytes(reencodedMessage, tx.messageBytes) || !sameBytes(reencoded, bytes)) {
    return refuse('the transaction is not in canonical form (re-encoding it gives different bytes)');
  }

  const statics = message.staticAccounts.map(String);
  if (new Set(statics).size !== statics.length) return refuse('the transaction lists an account twice');
  const { numSignerAccounts, numReadonlySignerAccounts, numReadonlyNonSignerAccounts } = message.header;
  if (numSignerAccounts < 1 || numSignerAccounts > statics.length) return refuse('the transaction has no valid fee payer');
  if (numReadonlySignerAccounts >= numSignerAccounts || numReadonlyNonSignerAccounts > statics.length - numSignerAccounts) {
    return refuse('the transaction header is inconsistent');
  }
  const lookups = 'addressTableLookups' in message ? (message.addressTableLookups ?? []) : [];
  const lookupWritable = lookups.reduce((n, l) => n + l.writableIndices.length, 0);
  const lookupReadonly = lookups.reduce((n, l) => n + l.readableIndices.length, 0);
  const totalAccounts = statics.length + lookupWritable + lookupReadonly;

  const programIds: string[] = [];
  for (const [n, ix] of message.instructions.entries()) {
    if (ix.programAddressIndex >= statics.length) return refuse(`instruction ${n} names a program outside the static accounts`);
    if ((ix.accountIndices ?? []).some((i) => i >= totalAccounts)) return refuse(`instruction ${n} names an account that does not exist`);
    const id = statics[ix.programAddressIndex];
    if (!programIds.includes(id)) programIds.push(id);
  }

  const signers = statics.slice(0, numSignerAccounts);
  const feePayer = signers[0];
  const wallet = options.wallet;
  if (!signers.includes(wallet)) return refuse(`the wallet ${wallet} is not a signer of this transaction`);
  const allowed = new Set([wallet, ...options.allowedSigners]);
  const unexpected = signers.find((s) => !allowed.has(s));
  if (unexpected) return refuse(`the transaction requires an unexpected signer ${unexpected}`);
  if (feePayer !== wallet && !options.allowedSigners.includes(feePayer)) return refuse(`the fee payer ${feePayer} is neither the wallet nor an expected payer`);

  const writable = [
    ...statics.slice(0, numSignerAccounts - numReadonlySignerAccounts),
    ...statics.slice(numSignerAccounts, statics.length - numReadonlyNonSignerAccounts),
  ];
  const names: Record<string, string> = { ...WELL_KNOWN_PROGRAMS, ...(options.knownPrograms ?? {}) };
  const programs = programIds.map((id) => ({ id, name: names[id] ?? null }));
  const signatures = tx.signatures as Record<string, Uint8Array | null>;
  return {
    ok: true,
    version: message.version,
    feePayer,
    signers,
    unsignedSigners: signers.filter((s) => !signatures[s]),
    writable,
    programs,
    unknownPrograms: programs.filter((p) => p.name === null).map((p) => p.id),
    lookupTables: { count: lookups.length, writableAccounts: lookupWritable, readonlyAccounts: lookupReadonly },
    instructionCount: message.instructions.length,
    blockhash: String(message.lifetimeToken),
    messageBytes: new Uint8Array(tx.messageBytes),
  };
}
