// Decodes an unsigned transaction returned by the service and decides whether the wallet may sign
// it: who pays, who else must sign, which accounts it writes, which programs it calls.

import { SIM_PROGRAMS } from '../chain/programs.js';
import { encodeBase58, isAddress } from '../chain/base58.js';
import { NATIVE_MINT } from '../chain/mints.js';
import {
  ATA_PROGRAM,
  checkInstructions,
  TOKEN_2022_PROGRAM,
  TOKEN_PROGRAM,
  type CreatedAccount,
  type ResolvedInstruction,
} from './instructions.js';

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
  /** every account the message may write: the writable statics and what the lookup tables load writable (resolved) */
  writableAll: string[];
  programs: ProgramRef[];
  /** programs not on the fixed list (none of them is handed the wallet or one of its accounts the inspection knows) */
  unknownPrograms: string[];
  /** each instruction of a program not on the fixed list, with the accounts it is handed (checked again against the chain's state) */
  foreign: Array<{ index: number; program: string; accounts: string[] }>;
  /** what the transaction costs the wallet beyond what it asks: fees (when the wallet pays them) and new accounts' rent */
  costs: {
    signatureLamports: bigint;
    priorityLamports: bigint;
    created: CreatedAccount[];
    /** SOL sent from the wallet to accounts not its own as the tip the person asked (at most that), and where */
    tipLamports: bigint;
    tipTo: string[];
  };
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
  /** names of programs beyond the fixed list (the service's labels): they name a program in the dialog, never allow it */
  programNames?: Record<string, string>;
  /** accounts the person named (the receiver, a destination token account, a fee or referral account) */
  named?: string[];
  /** the request's tokens with their programs: the wallet's (and a named receiver's) associated accounts of these are derived */
  tokens?: Array<{ mint: string; program: string }>;
  /**
   * The contents of the address lookup tables the transaction uses, when the caller has fetched
   * them: the accounts they load are then checked like static ones (the wallet loaded writable
   * through a table is refused). Without them, a table-loaded account is never taken for one of
   * the wallet's own.
   */
  lookupTables?: Record<string, string[]>;
  /** The most lamports System transfers may move out of the wallet (the quote's SOL input), when known. */
  maxLamports?: bigint;
  /** Where the person asked a swap's SOL to go (its native destination account), when not the wallet. */
  payTo?: string[];
  /**
   * The tip the person asked for (lamports): System transfers from the wallet to accounts not its
   * own may send this much in all (a tip to land the transaction), and no more. Without it, none may.
   */
  tipLamports?: bigint;
}

/**
 * The programs that may receive the wallet's signature or one of its accounts, with the names the
 * dialog gives them: the fixed list. A program's name from the service (GET
 * /swap/v1/program-id-to-label) only names it; any other program handed the wallet or one of its
 * accounts is refused.
 */
export const WELL_KNOWN_PROGRAMS: Readonly<Record<string, string>> = {
  '11111111111111111111111111111111': 'System',
  [TOKEN_PROGRAM]: 'Token',
  [TOKEN_2022_PROGRAM]: 'Token-2022',
  ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL: 'Associated Token Account',
  ComputeBudget111111111111111111111111111111: 'Compute Budget',
  MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr: 'Memo',
  [SIM_PROGRAMS.router]: 'Router',
  [SIM_PROGRAMS.trigger]: 'Trigger orders',
  [SIM_PROGRAMS.recurring]: 'Recurring orders',
  [SIM_PROGRAMS.send]: 'Send',
  [SIM_PROGRAMS.studio]: 'Studio',
  // the live service's programs, so that its transactions are not taken for unknown ones
  JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4: 'Aggregator v6',
  // the RFQ route (JupiterZ): a market maker fills through the order engine
  '61DFfeTKM7trxYcPQCM78bJ794ddZprZpAwAnLiwTpYH': 'Order engine (RFQ)',
  j1o2qRpjcyUwEvwtcfhEQefh773ZgjxcVRry7LDqg5X: 'Limit orders v2',
  DCA265Vj8a9CEuX1eb1LWRnDT7uK6q1xMipnNyatn23M: 'Recurring (DCA)',
  dbcij3LWUppWqq96dh6gJWwBifmcGfLSB5D4DuSMaqN: 'Dynamic bonding curve',
};

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

export interface WireLayout {
  /** where the signature slots start (after their compact-u16 count) */
  slotsStart: number;
  count: number;
  /** where the message starts, after the 64-byte slots */
  messageStart: number;
}

/** The layout of a wire transaction: the count of signature slots, the slots, the message; null when the bytes end before the message. */
export function wireLayout(wire: Uint8Array): WireLayout | null {
  let count = 0;
  let shift = 0;
  let i = 0;
  for (;;) {
    if (i >= wire.length || i > 2) return null;
    const b = wire[i++]!;
    count |= (b & 0x7f) << shift;
    if ((b & 0x80) === 0) break;
    shift += 7;
  }
  const messageStart = i + count * 64;
  return messageStart < wire.length ? { slotsStart: i, count, messageStart } : null;
}

/**
 * The version of a wire transaction's message when it is a versioned message later than version
 * 0; undefined for a legacy or version 0 message, or bytes too short to say. The service sends only
 * those two: a later version (the codec reads version 1 with another layout, and refuses the
 * transaction of any later one) is refused before anything is decoded.
 */
function laterVersionOf(wire: Uint8Array): number | undefined {
  const layout = wireLayout(wire);
  // a layout's message starts before the end of the bytes
  const first = layout === null ? 0 : wire[layout.messageStart]!;
  return (first & 0x80) === 0 || first === 0x80 ? undefined : first & 0x7f;
}

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

/**
 * The address lookup tables a v0 transaction loads accounts through, each once, in the order the
 * message names them. Empty for a legacy message, one without lookups, or bytes that do not decode
 * (the inspection then refuses them for what they are).
 */
export async function addressTableLookupsOf(base64: string): Promise<string[]> {
  const bytes = decodeBase64Strict(base64);
  if (!bytes) return [];
  if (laterVersionOf(bytes) !== undefined) return [];
  const kit = await import('./solana.js');
  try {
    const tx = kit.getTransactionDecoder().decode(bytes);
    const [message] = kit.getCompiledTransactionMessageDecoder().read(tx.messageBytes, 0);
    const lookups = 'addressTableLookups' in message ? (message.addressTableLookups ?? []) : [];
    return [...new Set(lookups.map((l) => String(l.lookupTableAddress)))];
  } catch {
    return [];
  }
}

/** The associated token account of `owner` for `mint` under `tokenProgram` (derived, as the Associated Token program does). */
export async function associatedTokenAccount(owner: string, mint: string, tokenProgram: string): Promise<string> {
  const kit = await import('./solana.js');
  const encoder = kit.getAddressEncoder();
  const [ata] = await kit.getProgramDerivedAddress({
    programAddress: kit.address(ATA_PROGRAM),
    seeds: [
      encoder.encode(kit.address(owner)),
      encoder.encode(kit.address(tokenProgram)),
      encoder.encode(kit.address(mint)),
    ],
  });
  return String(ata);
}

export async function inspectTransaction(base64: string, options: InspectOptions): Promise<Inspection> {
  const bytes = decodeBase64Strict(base64);
  if (!bytes) return refuse('the transaction is not valid base-64');
  const version = laterVersionOf(bytes);
  if (version !== undefined)
    return refuse(`the transaction is version ${version}: only legacy and version 0 transactions are signed`);
  const kit = await import('./solana.js');

  let tx;
  let decoded;
  let messageEnd: number;
  try {
    tx = kit.getTransactionDecoder().decode(bytes);
    [decoded, messageEnd] = kit.getCompiledTransactionMessageDecoder().read(tx.messageBytes, 0);
  } catch {
    return refuse('the transaction could not be decoded (malformed or truncated)');
  }
  // laterVersionOf let only legacy and version 0 messages through
  if (decoded.version === 1)
    return refuse('the transaction is version 1: only legacy and version 0 transactions are signed');
  const message = decoded;
  const trailing = tx.messageBytes.length - messageEnd;
  if (trailing > 0) return refuse(`transaction has ${trailing} unexpected trailing bytes`);
  let reencoded: Uint8Array;
  let reencodedMessage: Uint8Array;
  try {
    reencodedMessage = new Uint8Array(kit.getCompiledTransactionMessageEncoder().encode(message));
    reencoded = new Uint8Array(kit.getTransactionEncoder().encode(tx));
  } catch {
    return refuse('the transaction could not be re-encoded');
  }
  if (!sameBytes(reencodedMessage, tx.messageBytes) || !sameBytes(reencoded, bytes)) {
    return refuse('the transaction is not in canonical form (re-encoding it gives different bytes)');
  }

  const statics = message.staticAccounts.map(String);
  if (new Set(statics).size !== statics.length) return refuse('the transaction lists an account twice');
  const { numSignerAccounts, numReadonlySignerAccounts, numReadonlyNonSignerAccounts } = message.header;
  if (numSignerAccounts < 1 || numSignerAccounts > statics.length)
    return refuse('the transaction has no valid fee payer');
  if (
    numReadonlySignerAccounts >= numSignerAccounts ||
    numReadonlyNonSignerAccounts > statics.length - numSignerAccounts
  ) {
    return refuse('the transaction header is inconsistent');
  }
  const lookups = 'addressTableLookups' in message ? (message.addressTableLookups ?? []) : [];
  const lookupWritable = lookups.reduce((n, l) => n + l.writableIndexes.length, 0);
  const lookupReadonly = lookups.reduce((n, l) => n + l.readonlyIndexes.length, 0);
  const totalAccounts = statics.length + lookupWritable + lookupReadonly;

  const programIds: string[] = [];
  for (const [n, ix] of message.instructions.entries()) {
    if (ix.programAddressIndex >= statics.length)
      return refuse(`instruction ${n} names a program outside the static accounts`);
    if ((ix.accountIndices ?? []).some((i) => i >= totalAccounts))
      return refuse(`instruction ${n} names an account that does not exist`);
    // inside the static accounts (checked just above)
    const id = statics[ix.programAddressIndex]!;
    if (!programIds.includes(id)) programIds.push(id);
  }

  const signers = statics.slice(0, numSignerAccounts);
  const feePayer = signers[0];
  const wallet = options.wallet;
  // no signer at all (no fee payer) is refused as a wallet that does not sign
  if (feePayer === undefined || !signers.includes(wallet))
    return refuse(`the wallet ${wallet} is not a signer of this transaction`);
  if (feePayer !== wallet && !options.allowedSigners.includes(feePayer))
    return refuse(`the fee payer ${feePayer} is neither the wallet nor an expected payer`);
  const expectedSigners = new Set([wallet, ...options.allowedSigners]);
  const unexpected = signers.find((s) => !expectedSigners.has(s));
  if (unexpected) return refuse(`the transaction requires an unexpected signer ${unexpected}`);

  // Every account an instruction names, resolved: statics, then the tables' writable slots, then
  // their read-only slots (the order the runtime loads them in).
  const loaded: string[] = [...statics];
  const tables = options.lookupTables ?? {};
  for (const pass of ['writable', 'readonly'] as const) {
    for (const l of lookups) {
      const table = String(l.lookupTableAddress);
      const contents = tables[table];
      for (const slot of pass === 'writable' ? l.writableIndexes : l.readonlyIndexes) {
        if (contents && slot >= contents.length)
          return refuse(`the address lookup table ${table} has no entry ${slot}`);
        // a slot of a known table is inside it (checked just above)
        const resolved = contents ? contents[slot]! : `(entry ${slot} of lookup table ${table})`;
        if (contents && pass === 'writable' && resolved === wallet) {
          return refuse(
            `the address lookup table ${table} loads the wallet as a writable account (entry ${slot}), where only the transaction's own signer list may name it`,
          );
        }
        loaded.push(resolved);
      }
    }
  }
  const resolvedInstructions: ResolvedInstruction[] = message.instructions.map((ix, index) => ({
    index,
    // both checked above: the program is a static account, every account index is below the
    // count of accounts, which is what `loaded` holds
    program: statics[ix.programAddressIndex]!,
    accounts: (ix.accountIndices ?? []).map((i) => loaded[i]!),
    data: new Uint8Array(ix.data ?? new Uint8Array()),
  }));
  const associated = associatedTokenAccount;
  const ownWrappedSol = new Set([
    await associated(wallet, NATIVE_MINT, TOKEN_PROGRAM),
    await associated(wallet, NATIVE_MINT, TOKEN_2022_PROGRAM),
  ]);
  const names: Record<string, string> = { ...(options.programNames ?? {}), ...WELL_KNOWN_PROGRAMS };
  const allowed = new Set(Object.keys(WELL_KNOWN_PROGRAMS));
  // The wallet's token accounts: its associated accounts of the request's tokens, and, when a
  // program off the list or a token instruction on the wallet's authority could touch one, of every
  // mint the transaction could name (any loaded account), under both token programs.
  const walletTokenAccounts = new Set<string>(ownWrappedSol);
  const named = new Set(options.named ?? []);
  for (const t of options.tokens ?? []) {
    walletTokenAccounts.add(await associated(wallet, t.mint, t.program));
    for (const who of options.named ?? []) if (isAddress(who)) named.add(await associated(who, t.mint, t.program));
  }
  const tokenAuthority = resolvedInstructions.some(
    (ix) => (ix.program === TOKEN_PROGRAM || ix.program === TOKEN_2022_PROGRAM) && ix.accounts.includes(wallet),
  );
  if (tokenAuthority || resolvedInstructions.some((ix) => !allowed.has(ix.program))) {
    for (const candidate of new Set(loaded.filter((a) => isAddress(a)))) {
      walletTokenAccounts.add(await associated(wallet, candidate, TOKEN_PROGRAM));
      walletTokenAccounts.add(await associated(wallet, candidate, TOKEN_2022_PROGRAM));
    }
  }
  const writableLoaded = [
    ...statics.slice(0, numSignerAccounts - numReadonlySignerAccounts),
    ...statics.slice(numSignerAccounts, statics.length - numReadonlyNonSignerAccounts),
    ...loaded.slice(statics.length, statics.length + lookupWritable),
  ];
  const checked = checkInstructions(
    resolvedInstructions,
    {
      wallet,
      signers: new Set(signers),
      allowed,
      names,
      ownWrappedSol,
      walletTokenAccounts,
      named,
      ...(options.maxLamports !== undefined ? { maxLamports: options.maxLamports } : {}),
      ...(options.payTo?.length ? { payTo: new Set(options.payTo) } : {}),
      ...(options.tipLamports !== undefined ? { tipLamports: options.tipLamports } : {}),
    },
    encodeBase58,
  );
  if (!checked.ok) return refuse(checked.reason);

  const writable = [
    ...statics.slice(0, numSignerAccounts - numReadonlySignerAccounts),
    ...statics.slice(numSignerAccounts, statics.length - numReadonlyNonSignerAccounts),
  ];
  const programs = programIds.map((id) => ({ id, name: names[id] ?? null }));
  const signatures = tx.signatures as Record<string, Uint8Array | null>;
  return {
    ok: true,
    version: message.version,
    feePayer,
    signers,
    unsignedSigners: signers.filter((s) => !signatures[s]),
    writable,
    writableAll: [...new Set(writableLoaded.filter((a) => isAddress(a)))],
    programs,
    unknownPrograms: programIds.filter((id) => !allowed.has(id)),
    foreign: resolvedInstructions
      .filter((ix) => !allowed.has(ix.program))
      .map((ix) => ({ index: ix.index, program: ix.program, accounts: ix.accounts.filter((a) => isAddress(a)) })),
    costs: {
      // the fee payer pays 5000 lamports a signature and the priority fee; someone else paying them costs the wallet nothing
      signatureLamports: feePayer === wallet ? 5000n * BigInt(numSignerAccounts) : 0n,
      priorityLamports: feePayer === wallet ? checked.costs.priorityLamports : 0n,
      created: checked.costs.created,
      tipLamports: checked.costs.tipLamports,
      tipTo: checked.costs.tipTo,
    },
    lookupTables: { count: lookups.length, writableAccounts: lookupWritable, readonlyAccounts: lookupReadonly },
    instructionCount: message.instructions.length,
    blockhash: String(message.lifetimeToken),
    messageBytes: new Uint8Array(tx.messageBytes),
  };
}
