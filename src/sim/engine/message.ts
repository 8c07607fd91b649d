// A transaction's message as the simulator's node loads it: its accounts (statics, then what its
// address lookup tables load, writable first), who signs, which accounts it may write, its
// instructions with their accounts resolved, and the fee it costs its fee payer.
import { getCompiledTransactionMessageDecoder, getTransactionDecoder } from '@solana/kit';
import type { SimCore } from './core.js';
import { COMPUTE_BUDGET_PROGRAM } from './accounts.js';

export const LAMPORTS_PER_SIGNATURE = 5000n;
const MAX_COMPUTE_UNITS = 1_400_000n;
const DEFAULT_UNITS_PER_INSTRUCTION = 200_000n;

export interface LoadedInstruction {
  program: string;
  accounts: string[];
  data: Uint8Array;
}

export interface LoadedMessage {
  feePayer: string;
  blockhash: string;
  /** every account the message loads, in the runtime's order */
  accounts: string[];
  signers: Set<string>;
  writable: Set<string>;
  instructions: LoadedInstruction[];
  /** the signature fee and the priority fee its compute-budget instructions set, lamports */
  fee: bigint;
}

const txDecoder = getTransactionDecoder();
const messageDecoder = getCompiledTransactionMessageDecoder();

const u32 = (d: Uint8Array, at: number) =>
  d.length >= at + 4 ? BigInt(new DataView(d.buffer, d.byteOffset + at, 4).getUint32(0, true)) : undefined;
const u64 = (d: Uint8Array, at: number) =>
  d.length >= at + 8 ? new DataView(d.buffer, d.byteOffset + at, 8).getBigUint64(0, true) : undefined;

/**
 * The fee a node takes from the fee payer: 5000 lamports a signature, and the compute-unit price
 * times the compute-unit limit (the limit set, else 200 000 units for every other instruction, at
 * most 1.4 million), rounded up to a lamport.
 */
export function messageFee(signatures: number, instructions: LoadedInstruction[]): bigint {
  let limit: bigint | undefined;
  let price = 0n;
  for (const ix of instructions) {
    if (ix.program !== COMPUTE_BUDGET_PROGRAM) continue;
    if (ix.data[0] === 2) limit = u32(ix.data, 1);
    if (ix.data[0] === 3) price = u64(ix.data, 1) ?? 0n;
  }
  const others = BigInt(instructions.filter((ix) => ix.program !== COMPUTE_BUDGET_PROGRAM).length);
  const units = limit ?? others * DEFAULT_UNITS_PER_INSTRUCTION;
  const capped = units > MAX_COMPUTE_UNITS ? MAX_COMPUTE_UNITS : units;
  return LAMPORTS_PER_SIGNATURE * BigInt(signatures) + (capped * price + 999_999n) / 1_000_000n;
}

/** The message of a base-64 wire transaction, loaded; a string is the node's error (a TransactionError's name). */
export function loadMessage(core: SimCore, base64: string): LoadedMessage | string {
  let decoded;
  try {
    decoded = messageDecoder.decode(txDecoder.decode(Buffer.from(base64, 'base64')).messageBytes);
  } catch {
    return 'SanitizeFailure';
  }
  if (decoded.version === 1) return 'UnsupportedVersion';
  const message = decoded;
  const statics = message.staticAccounts.map(String);
  const { numSignerAccounts, numReadonlySignerAccounts, numReadonlyNonSignerAccounts } = message.header;
  const lookups = 'addressTableLookups' in message ? (message.addressTableLookups ?? []) : [];
  const fromTables: { writable: string[]; readonly: string[] } = { writable: [], readonly: [] };
  for (const l of lookups) {
    const table = core.lookupTables.get(String(l.lookupTableAddress));
    if (!table) return 'AddressLookupTableNotFound';
    for (const [pass, slots] of [
      ['writable', l.writableIndexes],
      ['readonly', l.readonlyIndexes],
    ] as const) {
      for (const slot of slots) {
        const a = table.addresses[slot];
        if (a === undefined) return 'InvalidAddressLookupTableIndex';
        fromTables[pass].push(a);
      }
    }
  }
  const accounts = [...statics, ...fromTables.writable, ...fromTables.readonly];
  const writable = new Set([
    ...statics.slice(0, numSignerAccounts - numReadonlySignerAccounts),
    ...statics.slice(numSignerAccounts, statics.length - numReadonlyNonSignerAccounts),
    ...fromTables.writable,
  ]);
  const instructions: LoadedInstruction[] = [];
  for (const ix of message.instructions) {
    const program = statics[ix.programAddressIndex];
    const named = (ix.accountIndices ?? []).map((i) => accounts[i]);
    if (program === undefined || !named.every((a): a is string => a !== undefined)) return 'SanitizeFailure';
    instructions.push({ program, accounts: named, data: new Uint8Array(ix.data ?? new Uint8Array()) });
  }
  // a message without accounts has no fee payer: the runtime refuses it as malformed
  const feePayer = statics[0];
  if (feePayer === undefined) return 'SanitizeFailure';
  return {
    feePayer,
    blockhash: String(message.lifetimeToken),
    accounts,
    signers: new Set(statics.slice(0, numSignerAccounts)),
    writable,
    instructions,
    fee: messageFee(numSignerAccounts, instructions),
  };
}
