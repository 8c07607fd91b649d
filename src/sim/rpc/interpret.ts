// What a message the simulator did not hand out (one a rewriting proxy produced) would do, worked
// out as a chain would run it, over a copy of the accounts it loads: System (Transfer, CreateAccount
// and WithSeed, Allocate, Assign), Token and Token-2022 (Transfer, TransferChecked, CloseAccount,
// SyncNative, Approve, ApproveChecked, SetAuthority, InitializeAccount 1-3), Associated Token
// (Create, CreateIdempotent), Compute Budget, Memo, and the simulator's router, read from its
// instruction data (in-amount and quoted out) and accounts (source, destination). An instruction of
// a program the chain does not hold fails the whole message, as on a node; an instruction the
// simulator cannot read fails with the runtime's error. Nothing here changes the simulator's state.
import { NATIVE_MINT } from '../../chain/mints.js';
import { SIM_PROGRAMS } from '../../chain/programs.js';
import type { SimCore } from '../engine/core.js';
import { addressBytes } from '../engine/signing.js';
import { toBase58 } from '../engine/random.js';
import { ROUTE_DISCRIMINATOR } from '../groups/swap-tx.js';
import {
  accountAt,
  COMPUTE_BUDGET_PROGRAM,
  MEMO_PROGRAM,
  rentExempt,
  SIM_CHAIN_PROGRAMS,
  SYSTEM_PROGRAM,
  TOKEN_2022_PROGRAM,
  TOKEN_PROGRAM,
  type SimAccount,
} from '../engine/accounts.js';
import { ATA_PROGRAM, associatedTokenAddress } from '../engine/ata.js';
import type { LoadedInstruction, LoadedMessage } from '../engine/message.js';

/** A transaction error in the node's JSON form: a name, or an instruction's error. */
export type NodeError = string | { InstructionError: [number, unknown] };

export interface Interpreted {
  err: NodeError | null;
  logs: string[];
  /** the accounts after the message (null: closed or never created), for every account it loads */
  after: Map<string, SimAccount | null>;
}

const TOKEN_ACCOUNT_SIZE = 165;
/** Token-2022 associated accounts carry the immutable-owner extension: 165 + account type + its 4-byte header. */
const TOKEN_2022_ACCOUNT_SIZE = 170;

/** Token program errors (their Custom codes). */
const INSUFFICIENT_FUNDS = 1;
const MINT_MISMATCH = 3;
const OWNER_MISMATCH = 4;
const NON_NATIVE_HAS_BALANCE = 11;
const MINT_DECIMALS_MISMATCH = 18;
/** System program errors. */
const ACCOUNT_ALREADY_IN_USE = 0;
const RESULT_WITH_NEGATIVE_LAMPORTS = 1;

class Failure extends Error {
  constructor(readonly error: unknown) {
    super(typeof error === 'string' ? error : JSON.stringify(error));
  }
}

const fail = (error: unknown): never => {
  throw new Failure(error);
};

const view = (d: Uint8Array) => new DataView(d.buffer, d.byteOffset, d.byteLength);
function u32(d: Uint8Array, at: number): number {
  if (d.length < at + 4) fail('InvalidInstructionData');
  return view(d).getUint32(at, true);
}
function u64(d: Uint8Array, at: number): bigint {
  if (d.length < at + 8) fail('InvalidInstructionData');
  return view(d).getBigUint64(at, true);
}
function key(d: Uint8Array, at: number): string {
  if (d.length < at + 32) fail('InvalidInstructionData');
  return toBase58(d.subarray(at, at + 32));
}

/** A token account's fields as its program lays them out. */
interface TokenFields {
  mint: string;
  owner: string;
  amount: bigint;
  native: boolean;
}

function tokenFields(a: SimAccount | null): TokenFields | undefined {
  if (!a || (a.owner !== TOKEN_PROGRAM && a.owner !== TOKEN_2022_PROGRAM) || a.data.length < TOKEN_ACCOUNT_SIZE)
    return undefined;
  if (a.data[108] === 0) return undefined;
  return {
    mint: toBase58(a.data.subarray(0, 32)),
    owner: toBase58(a.data.subarray(32, 64)),
    amount: view(a.data).getBigUint64(64, true),
    native: view(a.data).getUint32(109, true) === 1,
  };
}

function newTokenAccount(mint: string, owner: string, size: number, lamports: bigint, program: string): SimAccount {
  const data = new Uint8Array(size);
  data.set(addressBytes(mint), 0);
  data.set(addressBytes(owner), 32);
  data[108] = 1;
  if (mint === NATIVE_MINT) {
    const reserve = rentExempt(size);
    view(data).setUint32(109, 1, true);
    view(data).setBigUint64(113, reserve, true);
    view(data).setBigUint64(64, lamports > reserve ? lamports - reserve : 0n, true);
  }
  if (size > TOKEN_ACCOUNT_SIZE) {
    data[TOKEN_ACCOUNT_SIZE] = 2; // account type: Account
    data[166] = 7; // the immutable-owner extension's type (u16), length 0
  }
  return { lamports, owner: program, data, executable: false };
}

/** Runs the message over the accounts it loads, as read now from the simulator's ledger. */
export async function interpretMessage(core: SimCore, m: LoadedMessage): Promise<Interpreted> {
  const logs: string[] = [];
  const missing = m.instructions.find((ix) => !SIM_CHAIN_PROGRAMS.has(ix.program));
  const state = new Map<string, SimAccount | null>();
  for (const a of new Set(m.accounts)) state.set(a, (await accountAt(core, a))?.account ?? null);
  if (missing) return { err: 'ProgramAccountNotFound', logs, after: state };
  // the addresses associated-account instructions must name, derived before anything runs
  const derived = new Map<LoadedInstruction, string>();
  for (const ix of m.instructions) {
    if (ix.program !== ATA_PROGRAM || ix.accounts.length < 6) continue;
    const [, , owner, mint, , program] = ix.accounts;
    // six accounts at least (checked above)
    derived.set(ix, await associatedTokenAddress(owner!, mint!, program!));
  }
  const get = (a: string | undefined): SimAccount | null => {
    if (a === undefined) return fail('NotEnoughAccountKeys');
    return state.get(a) ?? null;
  };
  const put = (a: string, acct: SimAccount | null) => state.set(a, acct);
  const signed = (a: string | undefined) => {
    if (a === undefined) fail('NotEnoughAccountKeys');
    if (!m.signers.has(a!)) fail('MissingRequiredSignature');
  };
  const writable = (a: string | undefined) => {
    if (a === undefined) fail('NotEnoughAccountKeys');
    if (!m.writable.has(a!)) fail('ReadonlyLamportChange');
  };
  const lamports = (a: string, by: bigint) => {
    const acct = get(a) ?? { lamports: 0n, owner: SYSTEM_PROGRAM, data: new Uint8Array(), executable: false };
    if (acct.lamports + by < 0n) fail({ Custom: RESULT_WITH_NEGATIVE_LAMPORTS });
    put(a, { ...acct, lamports: acct.lamports + by });
  };
  const setAmount = (a: string, amount: bigint) => {
    const acct = get(a)!;
    const data = new Uint8Array(acct.data);
    view(data).setBigUint64(64, amount, true);
    put(a, { ...acct, data });
  };
  const tokenAt = (a: string | undefined, program?: string): TokenFields => {
    const acct = get(a);
    const t = tokenFields(acct);
    if (!t || (program !== undefined && acct!.owner !== program)) return fail('InvalidAccountData');
    return t;
  };
  /** moves `amount` of a token between two accounts of one mint, the authority signing for the source */
  const moveTokens = (from: string, to: string, authority: string | undefined, amount: bigint, program: string) => {
    const src = tokenAt(from, program);
    const dst = tokenAt(to, program);
    if (src.mint !== dst.mint) fail({ Custom: MINT_MISMATCH });
    if (authority !== src.owner) fail({ Custom: OWNER_MISMATCH });
    signed(authority);
    writable(from);
    writable(to);
    if (src.amount < amount) fail({ Custom: INSUFFICIENT_FUNDS });
    setAmount(from, src.amount - amount);
    setAmount(to, tokenAt(to).amount + amount);
    if (src.native) {
      lamports(from, -amount);
      lamports(to, amount);
    }
  };
  const create = (payer: string, target: string, funded: bigint, space: bigint, owner: string) => {
    signed(payer);
    signed(target);
    writable(payer);
    writable(target);
    const existing = get(target);
    if (existing && (existing.lamports > 0n || existing.data.length > 0)) fail({ Custom: ACCOUNT_ALREADY_IN_USE });
    if (space > 10_485_760n) fail('InvalidAccountData');
    lamports(payer, -funded);
    put(target, { lamports: funded, owner, data: new Uint8Array(Number(space)), executable: false });
  };

  const run = (ix: LoadedInstruction) => {
    const d = ix.data;
    const acc = ix.accounts;
    switch (ix.program) {
      case COMPUTE_BUDGET_PROGRAM:
      case MEMO_PROGRAM:
        return;
      case SYSTEM_PROGRAM: {
        const kind = u32(d, 0);
        if (kind === 2) {
          // Transfer: from, to
          const amount = u64(d, 4);
          signed(acc[0]);
          writable(acc[0]);
          writable(acc[1]);
          const from = get(acc[0]);
          if (from && from.owner !== SYSTEM_PROGRAM) fail('ExternalAccountLamportSpend');
          if (from?.data.length) fail('InvalidArgument'); // only an account without data pays by Transfer
          // signed() and writable() above fail on a missing account
          lamports(acc[0]!, -amount);
          lamports(acc[1]!, amount);
          return;
        }
        if (kind === 0) return create(acc[0]!, acc[1]!, u64(d, 4), u64(d, 12), key(d, 20));
        if (kind === 3) {
          // CreateAccountWithSeed: base, seed (u64 length + bytes), lamports, space, owner
          const length = Number(u64(d, 36));
          const at = 44 + length;
          return create(acc[0]!, acc[1]!, u64(d, at), u64(d, at + 8), key(d, at + 16));
        }
        if (kind === 1 || kind === 8) {
          signed(acc[0]);
          writable(acc[0]);
          const acct = get(acc[0]) ?? {
            lamports: 0n,
            owner: SYSTEM_PROGRAM,
            data: new Uint8Array(),
            executable: false,
          };
          if (acct.owner !== SYSTEM_PROGRAM) fail('ExternalAccountDataModified');
          if (kind === 1) put(acc[0]!, { ...acct, owner: key(d, 4) });
          else {
            if (acct.data.length) fail({ Custom: ACCOUNT_ALREADY_IN_USE });
            put(acc[0]!, { ...acct, data: new Uint8Array(Number(u64(d, 4))) });
          }
          return;
        }
        return fail('InvalidInstructionData');
      }
      case TOKEN_PROGRAM:
      case TOKEN_2022_PROGRAM: {
        const program = ix.program;
        switch (d[0]) {
          case 3: // Transfer: source, destination, authority
            return moveTokens(acc[0]!, acc[1]!, acc[2], u64(d, 1), program);
          case 12: {
            // TransferChecked: source, mint, destination, authority
            const mint = get(acc[1]);
            if (!mint || mint.owner !== program || tokenAt(acc[0], program).mint !== acc[1])
              fail({ Custom: MINT_MISMATCH });
            if (mint!.data[44] !== d[9]) fail({ Custom: MINT_DECIMALS_MISMATCH });
            return moveTokens(acc[0]!, acc[2]!, acc[3], u64(d, 1), program);
          }
          case 9: {
            // CloseAccount: account, destination, owner
            const t = tokenAt(acc[0], program);
            if (acc[2] !== t.owner) fail({ Custom: OWNER_MISMATCH });
            signed(acc[2]);
            writable(acc[0]);
            writable(acc[1]);
            if (!t.native && t.amount > 0n) fail({ Custom: NON_NATIVE_HAS_BALANCE });
            lamports(acc[1]!, get(acc[0])!.lamports);
            put(acc[0]!, null);
            return;
          }
          case 17: {
            // SyncNative: the wrapped amount becomes the lamports above the rent reserve
            const t = tokenAt(acc[0], program);
            if (!t.native) fail({ Custom: 19 }); // NonNativeNotSupported
            writable(acc[0]);
            const a = get(acc[0])!;
            const reserve = view(a.data).getBigUint64(113, true);
            setAmount(acc[0]!, a.lamports > reserve ? a.lamports - reserve : 0n);
            return;
          }
          case 4:
          case 13: {
            // Approve: source, delegate, owner; ApproveChecked: source, mint, delegate, owner
            const checked = d[0] === 13;
            const t = tokenAt(acc[0], program);
            const owner = acc[checked ? 3 : 2];
            if (owner !== t.owner) fail({ Custom: OWNER_MISMATCH });
            signed(owner);
            writable(acc[0]);
            const data = new Uint8Array(get(acc[0])!.data);
            view(data).setUint32(72, 1, true);
            data.set(addressBytes(acc[checked ? 2 : 1]!), 76);
            view(data).setBigUint64(121, u64(d, 1), true);
            put(acc[0]!, { ...get(acc[0])!, data });
            return;
          }
          case 6: {
            // SetAuthority: account, current authority; data: type, option, new authority
            const t = tokenAt(acc[0], program);
            if (acc[1] !== t.owner) fail({ Custom: OWNER_MISMATCH });
            signed(acc[1]);
            writable(acc[0]);
            const data = new Uint8Array(get(acc[0])!.data);
            const next = d[2] === 1 ? key(d, 3) : undefined;
            if (d[1] === 2) {
              if (!next) fail({ Custom: 12 }); // InvalidInstruction: an account always has an owner
              data.set(addressBytes(next!), 32);
            } else if (d[1] === 3) {
              view(data).setUint32(129, next ? 1 : 0, true);
              data.fill(0, 133, 165);
              if (next) data.set(addressBytes(next), 133);
            } else fail({ Custom: 15 }); // AuthorityTypeNotSupported on an account
            put(acc[0]!, { ...get(acc[0])!, data });
            return;
          }
          case 1:
          case 16:
          case 18: {
            // InitializeAccount: account, mint, owner, rent; 2: account, mint, rent (owner in data); 3: account, mint
            const owner = d[0] === 1 ? acc[2] : key(d, 1);
            const a = get(acc[0]);
            const mint = get(acc[1]);
            if (!a || a.owner !== program || a.data.length < TOKEN_ACCOUNT_SIZE) fail('InvalidAccountData');
            if (!mint || mint.owner !== program) fail({ Custom: 2 }); // InvalidMint
            if (a!.data[108] !== 0) fail({ Custom: 6 }); // AlreadyInUse
            if (owner === undefined) fail('NotEnoughAccountKeys');
            writable(acc[0]);
            put(acc[0]!, newTokenAccount(acc[1]!, owner!, a!.data.length, a!.lamports, program));
            return;
          }
          case undefined: // no data at all
          default:
            return fail('InvalidInstructionData');
        }
      }
      case ATA_PROGRAM: {
        // Create (no data or 0) / CreateIdempotent (1): payer, account, owner, mint, System, token program
        if (d.length > 1 || (d.length === 1 && d[0]! > 1)) fail('InvalidInstructionData');
        if (acc.length < 6) fail('NotEnoughAccountKeys');
        const [payer, account, owner, mint, , program] = acc;
        if (derived.get(ix) !== account) fail('InvalidSeeds');
        const existing = get(account);
        if (existing && d[0] === 1) {
          const t = tokenFields(existing);
          if (!t || t.owner !== owner || t.mint !== mint) fail('IllegalOwner');
          return;
        }
        if (existing) fail({ Custom: ACCOUNT_ALREADY_IN_USE });
        const mintAccount = get(mint);
        if (!mintAccount || mintAccount.owner !== program) fail('IncorrectProgramId');
        signed(payer);
        writable(payer);
        writable(account);
        const size = program === TOKEN_2022_PROGRAM ? TOKEN_2022_ACCOUNT_SIZE : TOKEN_ACCOUNT_SIZE;
        const rent = rentExempt(size);
        lamports(payer!, -rent);
        put(account!, newTokenAccount(mint!, owner!, size, rent, program!));
        return;
      }
      case SIM_PROGRAMS.router: {
        // route: token program, user, source, destination, output mint, fee account | router, ...;
        // data: discriminator, route count, percent and pool count per route, in-amount, quoted out, slippage, fee
        if (d.length < 9 || !ROUTE_DISCRIMINATOR.every((b, i) => d[i] === b)) fail('InvalidInstructionData');
        // nine bytes at least (checked above)
        const at = 9 + 2 * d[8]!;
        const inAmount = u64(d, at);
        const out = u64(d, at + 8);
        const [, user, source, destination, outputMint] = acc;
        const src = tokenAt(source);
        const dst = tokenAt(destination);
        if (src.owner !== user) fail({ Custom: OWNER_MISMATCH });
        signed(user);
        if (dst.mint !== outputMint) fail({ Custom: MINT_MISMATCH });
        writable(source);
        writable(destination);
        if (src.amount < inAmount) fail({ Custom: INSUFFICIENT_FUNDS });
        setAmount(source!, src.amount - inAmount);
        if (src.native) lamports(source!, -inAmount);
        setAmount(destination!, dst.amount + out);
        if (dst.native) lamports(destination!, out);
        return;
      }
      default:
        // a program the chain holds whose instructions the simulator cannot read from outside
        return fail('InvalidInstructionData');
    }
  };

  const fee = m.fee;
  const payer = state.get(m.feePayer);
  if (!payer || payer.owner !== SYSTEM_PROGRAM || payer.lamports < fee)
    return { err: 'InsufficientFundsForFee', logs, after: state };
  put(m.feePayer, { ...payer, lamports: payer.lamports - fee });
  for (const [index, ix] of m.instructions.entries()) {
    logs.push(`Program ${ix.program} invoke [1]`);
    try {
      run(ix);
    } catch (e) {
      if (!(e instanceof Failure)) throw e;
      logs.push(`Program ${ix.program} failed: ${e.message}`);
      return { err: { InstructionError: [index, e.error] }, logs, after: state };
    }
    logs.push(`Program ${ix.program} success`);
  }
  return { err: null, logs, after: state };
}
