// What a transaction's instructions do with the wallet's funds and accounts, read from the
// instruction data of the programs whose layouts are public (System, Token, Token-2022, Compute
// Budget). inspectTransaction refuses, before anything is signed, a transaction that:
// - uses a durable nonce (it would stay valid indefinitely, signable now and landable any time);
// - sends the wallet's SOL anywhere but its own wrapped-SOL account, or more than the caller allows;
// - hands the wallet account to another program (Assign, Allocate) or over-funds a new account;
// - moves, approves, burns or closes the wallet's tokens, or hands over a token account authority;
// - gives the wallet's signature and a writable token account of the wallet's to a program
//   tradedeck does not know (it could move those tokens; an unknown program is otherwise only flagged);
// - asks for an absurd priority fee.
// Reasons name the instruction, the accounts and the amounts, as the person will read them.

export const SYSTEM_PROGRAM = '11111111111111111111111111111111';
/** The two token programs, declared here once for the client and the simulator. */
export const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
export const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb';
export const ATA_PROGRAM = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL';
export const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111';
export const NATIVE_MINT = 'So11111111111111111111111111111111111111112';

/** A priority fee above this (in lamports: 0.1 SOL) is refused as absurd. */
export const MAX_PRIORITY_FEE_LAMPORTS = 100_000_000n;
const MAX_COMPUTE_UNITS = 1_400_000n;

/** Whether an unknown program is handed the wallet's signature (then its token accounts are worth deriving). */
export function unknownProgramGetsWallet(
  instructions: ResolvedInstruction[],
  wallet: string,
  known: Set<string>,
): boolean {
  return instructions.some(
    (ix) =>
      !known.has(ix.program) &&
      ix.program !== SYSTEM_PROGRAM &&
      ix.program !== TOKEN_PROGRAM &&
      ix.program !== TOKEN_2022_PROGRAM &&
      ix.accounts.includes(wallet),
  );
}

/** One instruction with its accounts resolved: an address, or a label for an unresolved lookup-table slot. */
export interface ResolvedInstruction {
  index: number;
  program: string;
  accounts: string[];
  data: Uint8Array;
}

export interface InstructionContext {
  wallet: string;
  /** required signers of the message */
  signers: Set<string>;
  /** programs tradedeck knows (well-known and the caller's) */
  known: Set<string>;
  /** the wallet's own wrapped-SOL accounts (its associated accounts of the native mint) */
  ownWrappedSol: Set<string>;
  /** the wallet's token accounts the transaction names (its associated accounts of every mint it names) */
  walletTokenAccounts: Set<string>;
  /** accounts the message loads writable */
  writable: Set<string>;
  /** the most lamports System transfers may move out of the wallet, when the caller knows it */
  maxLamports?: bigint;
  /**
   * Accounts the person named as where a swap's SOL goes (POST /swap/v1/swap's
   * nativeDestinationAccount): closing the wallet's wrapped-SOL account into one of them is what was asked.
   */
  payTo?: Set<string>;
}

const SYSTEM_NAMES: Record<number, string> = {
  0: 'CreateAccount',
  1: 'Assign',
  2: 'Transfer',
  3: 'CreateAccountWithSeed',
  4: 'AdvanceNonceAccount',
  5: 'WithdrawNonceAccount',
  6: 'InitializeNonceAccount',
  7: 'AuthorizeNonceAccount',
  8: 'Allocate',
  9: 'AllocateWithSeed',
  10: 'AssignWithSeed',
  11: 'TransferWithSeed',
  12: 'UpgradeNonceAccount',
};

const AUTHORITY_TYPES = ['mint tokens', 'freeze account', 'owner', 'close account'];

export function lamportsText(lamports: bigint): string {
  const whole = lamports / 1_000_000_000n;
  const frac = (lamports % 1_000_000_000n).toString().padStart(9, '0').replace(/0+$/, '');
  return `${whole}${frac ? `.${frac}` : ''} SOL`;
}

function u32(data: Uint8Array, at: number): number | undefined {
  if (data.length < at + 4) return undefined;
  return new DataView(data.buffer, data.byteOffset + at, 4).getUint32(0, true);
}

function u64(data: Uint8Array, at: number): bigint | undefined {
  if (data.length < at + 8) return undefined;
  return new DataView(data.buffer, data.byteOffset + at, 8).getBigUint64(0, true);
}

/** The rent-exempt minimum of an account with `space` data bytes (the cluster's default rent). */
function rentExempt(space: bigint): bigint {
  return (space + 128n) * 3480n * 2n;
}

/** Returns a refusal reason, or undefined when the instructions are acceptable. */
export function checkInstructions(
  instructions: ResolvedInstruction[],
  ctx: InstructionContext,
  encodeAddress: (bytes: Uint8Array) => string,
): string | undefined {
  const { wallet } = ctx;
  let lamportsOut = 0n;
  let cuLimit: bigint | undefined;
  let cuPrice = 0n;
  for (const ix of instructions) {
    const at = `instruction ${ix.index + 1}`;
    const acc = (n: number): string | undefined => ix.accounts[n];
    const d = ix.data;

    if (ix.program === SYSTEM_PROGRAM) {
      const kind = u32(d, 0);
      if (kind === undefined) return `${at} is a System instruction that cannot be read`;
      const name = SYSTEM_NAMES[kind] ?? `instruction ${kind}`;
      if (kind >= 4 && kind <= 7) {
        return kind === 4
          ? `${at} advances a durable nonce (System AdvanceNonceAccount): the transaction would stay valid indefinitely instead of expiring with its blockhash`
          : `${at} operates a durable nonce account (System ${name}); tradedeck never signs nonce instructions`;
      }
      if (kind === 12)
        return `${at} operates a durable nonce account (System ${name}); tradedeck never signs nonce instructions`;
      if (kind === 2 || kind === 11) {
        const from = acc(0);
        const to = kind === 2 ? acc(1) : acc(2);
        const lamports = u64(d, 4);
        if (lamports === undefined) return `${at} is a System ${name} that cannot be read`;
        if (from === wallet) {
          if (!to || !ctx.ownWrappedSol.has(to))
            return `${at} sends ${lamportsText(lamports)} from the wallet to ${to ?? 'an unknown account'}, which is not the wallet's own account`;
          lamportsOut += lamports;
        }
        continue;
      }
      if (kind === 0 || kind === 3) {
        const from = acc(0);
        const lamports = u64(d, 4);
        if (from === wallet) {
          // CreateAccount: lamports, space, owner; WithSeed: base, seed (u64 length + bytes), lamports, space, owner
          let space: bigint | undefined = kind === 0 ? u64(d, 12) : undefined;
          let funded: bigint | undefined = lamports;
          if (kind === 3) {
            const seedLength = u64(d, 36);
            const off = seedLength === undefined || seedLength > 1000n ? undefined : 44 + Number(seedLength);
            funded = off === undefined ? undefined : u64(d, off);
            space = off === undefined ? undefined : u64(d, off + 8);
          }
          if (funded === undefined || space === undefined) return `${at} is a System ${name} that cannot be read`;
          if (funded > rentExempt(space))
            return `${at} funds a new account with ${lamportsText(funded)} from the wallet, more than the ${lamportsText(rentExempt(space))} of rent it needs`;
        }
        continue;
      }
      if (kind === 1 || kind === 8 || kind === 9 || kind === 10) {
        const target = acc(0);
        if (target === wallet) {
          const owner = kind === 1 && d.length >= 36 ? encodeAddress(d.subarray(4, 36)) : undefined;
          return `${at} (System ${name}) would hand the wallet account itself${owner ? ` to program ${owner}` : ' to another program'}`;
        }
        continue;
      }
      continue;
    }

    if (ix.program === TOKEN_PROGRAM || ix.program === TOKEN_2022_PROGRAM) {
      const kind = d[0];
      const program = ix.program === TOKEN_PROGRAM ? 'Token' : 'Token-2022';
      if (kind === undefined) return `${at} is a ${program} instruction that cannot be read`;
      const amount = u64(d, 1);
      const amountText = amount === undefined ? 'an amount' : `${amount} base units`;
      switch (kind) {
        case 3: // Transfer: source, destination, authority
          if (acc(2) === wallet)
            return `${at} (${program} Transfer) moves ${amountText} of the wallet's tokens from ${acc(0)} to ${acc(1)}`;
          break;
        case 12: // TransferChecked: source, mint, destination, authority
          if (acc(3) === wallet)
            return `${at} (${program} TransferChecked) moves ${amountText} of the wallet's tokens from ${acc(0)} to ${acc(2)}`;
          break;
        case 4: // Approve: source, delegate, owner
          if (acc(2) === wallet)
            return `${at} (${program} Approve) would let ${acc(1)} spend ${amountText} of the wallet's tokens in ${acc(0)}`;
          break;
        case 13: // ApproveChecked: source, mint, delegate, owner
          if (acc(3) === wallet)
            return `${at} (${program} ApproveChecked) would let ${acc(2)} spend ${amountText} of the wallet's tokens in ${acc(0)}`;
          break;
        case 6: {
          // SetAuthority: account, current authority; data: type, option, new authority
          if (acc(1) === wallet) {
            const type = AUTHORITY_TYPES[d[1]] ?? `type ${d[1]}`;
            const next = d[2] === 1 && d.length >= 35 ? encodeAddress(d.subarray(3, 35)) : 'nobody';
            return `${at} (${program} SetAuthority) would hand the ${type} authority of the wallet's account ${acc(0)} to ${next}`;
          }
          break;
        }
        case 9: // CloseAccount: account, destination, owner
          if (
            acc(2) === wallet &&
            acc(1) !== wallet &&
            !(ctx.ownWrappedSol.has(acc(0) ?? '') && ctx.payTo?.has(acc(1) ?? ''))
          )
            return `${at} (${program} CloseAccount) closes the wallet's token account ${acc(0)} and sends its balance to ${acc(1)}`;
          break;
        case 8: // Burn: account, mint, owner
        case 15: // BurnChecked
          if (acc(2) === wallet)
            return `${at} (${program} Burn) destroys ${amountText} of the wallet's tokens in ${acc(0)}`;
          break;
        default:
          // the extensions of Token-2022 (and anything else) may not act on the wallet's authority
          if (kind > 21 && ctx.signers.has(wallet) && ix.accounts.includes(wallet))
            return `${at} is ${program} instruction ${kind}, which tradedeck does not sign with the wallet's authority`;
      }
      continue;
    }

    if (ix.program === COMPUTE_BUDGET_PROGRAM) {
      if (d[0] === 2) cuLimit = BigInt(u32(d, 1) ?? 0);
      if (d[0] === 3) cuPrice = u64(d, 1) ?? 0n;
      continue;
    }

    if (!ctx.known.has(ix.program) && ix.accounts.includes(wallet) && ctx.signers.has(wallet)) {
      const tokens = ix.accounts.find((a) => ctx.walletTokenAccounts.has(a) && ctx.writable.has(a));
      if (tokens)
        return `${at} gives the wallet's signature and its token account ${tokens} to ${ix.program}, a program tradedeck does not know: it could move the wallet's tokens`;
    }
  }

  if (ctx.maxLamports !== undefined && lamportsOut > ctx.maxLamports) {
    return `the transaction moves ${lamportsText(lamportsOut)} out of the wallet, more than the ${lamportsText(ctx.maxLamports)} quoted`;
  }
  const units = cuLimit === undefined || cuLimit > MAX_COMPUTE_UNITS ? MAX_COMPUTE_UNITS : cuLimit;
  const priorityFee = (units * cuPrice + 999_999n) / 1_000_000n;
  if (priorityFee > MAX_PRIORITY_FEE_LAMPORTS)
    return `the transaction sets a priority fee of ${lamportsText(priorityFee)}, more than the ${lamportsText(MAX_PRIORITY_FEE_LAMPORTS)} tradedeck accepts`;
  return undefined;
}
