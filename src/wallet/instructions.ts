// What a transaction's instructions do with the wallet's funds and accounts, read from the
// instruction data of the programs whose layouts are public (System, Token, Token-2022, Associated
// Token, Compute Budget). inspectTransaction refuses, before anything is signed, a transaction that:
// - uses a durable nonce (it would stay valid indefinitely, signable now and landable any time);
// - sends the wallet's SOL anywhere but its own wrapped-SOL account, or more than the caller allows;
// - hands the wallet account to another program (Assign, Allocate);
// - creates an account from the wallet's SOL (CreateAccount, CreateAccountWithSeed) owned by any
//   program but System, Token or Token-2022, larger than a token account needs, or funded beyond its
//   rent; assigns or sizes another account beyond those bounds (Assign, Allocate);
// - moves or approves the wallet's tokens, or hands over a token account's authority, towards anyone
//   but the wallet's own accounts, the receiver the person named or the stated fee account; burns
//   them; or closes the wallet's token account into anyone else;
// - hands the wallet, or any token account of the wallet's, to a program that is not on the fixed
//   list in code (ALLOWED_PROGRAMS), in any position, signer or not;
// - asks for an absurd priority fee.
// Reasons name the instruction, the accounts and the amounts, as the person will read them. What
// the transaction costs the wallet beyond what it asks for (signature and priority fees, the rent
// of accounts it creates) is returned for the simulation's check.

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

/**
 * The most data a token account may need: 165 bytes of the base layout, its account-type byte, and
 * every account extension Token-2022 defines with its 4-byte header (confidential transfer 295,
 * confidential transfer fee 64, transfer fee 8, memo-required 1, CPI guard 1, transfer hook 1,
 * immutable owner, non-transferable and pausable 0): 572 bytes, rounded up to 600. An account the
 * wallet's SOL creates may be no larger.
 */
export const TOKEN_ACCOUNT_MAX_SPACE = 600n;
const MAX_ACCOUNT_SPACE_TEXT = `${TOKEN_ACCOUNT_MAX_SPACE} bytes (what a token account with every extension needs)`;
const TOKEN_ACCOUNT_SPACE = 165n;
const NEW_ACCOUNT_OWNERS: Record<string, string> = {
  [SYSTEM_PROGRAM]: 'System',
  [TOKEN_PROGRAM]: 'Token',
  [TOKEN_2022_PROGRAM]: 'Token-2022',
};
const DEFAULT_UNITS_PER_INSTRUCTION = 200_000n;

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
  /** the programs that may receive the wallet's signature or one of its accounts (the fixed list) */
  allowed: Set<string>;
  /** how the dialog names a program (the fixed list's names, then the service's labels): names never allow */
  names: Record<string, string>;
  /** the wallet's own wrapped-SOL accounts (its associated accounts of the native mint) */
  ownWrappedSol: Set<string>;
  /** the wallet's token accounts the transaction may name (its associated accounts of every mint it names or the request names) */
  walletTokenAccounts: Set<string>;
  /**
   * Accounts the person named: the receiver (and its associated accounts), a destination token
   * account, the fee or referral account. The wallet's tokens may move or be approved only towards
   * these or the wallet's own accounts.
   */
  named: Set<string>;
  /** the most lamports System transfers may move out of the wallet, when the caller knows it */
  maxLamports?: bigint;
  /**
   * Accounts the person named as where a swap's SOL goes (POST /swap/v1/swap's
   * nativeDestinationAccount): closing the wallet's wrapped-SOL account into one of them is what was asked.
   */
  payTo?: Set<string>;
  /** the tip the person asked (lamports): what System transfers may send from the wallet to accounts not its own, in all */
  tipLamports?: bigint;
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
export function rentExempt(space: bigint): bigint {
  return (space + 128n) * 3480n * 2n;
}

/** An account the transaction creates with the wallet's SOL, and the most that may go into it (its rent). */
export interface CreatedAccount {
  account: string;
  /** whose account it is, when the instruction says (an associated token account's owner) */
  owner?: string;
  mostLamports: bigint;
}

/** What the instructions cost the wallet beyond what the action asks it to pay. */
export interface InstructionCosts {
  /** the priority fee the compute-budget instructions set (price times the limit, or the default limit) */
  priorityLamports: bigint;
  created: CreatedAccount[];
  /** what System transfers send from the wallet to accounts not its own, within the tip asked, and where */
  tipLamports: bigint;
  tipTo: string[];
}

/** Why a program handed the wallet or one of its accounts is refused, in words. */
function foreignProgramRefusal(at: string, program: string, what: string, names: Record<string, string>): string {
  const label = names[program];
  return `${at} hands ${what} to ${program}${label ? ` (named "${label}" by the service)` : ''}, a program not on tradedeck's list: refused`;
}

/** Returns a refusal reason, or what the instructions cost the wallet when they are acceptable. */
export function checkInstructions(
  instructions: ResolvedInstruction[],
  ctx: InstructionContext,
  encodeAddress: (bytes: Uint8Array) => string,
): { ok: false; reason: string } | { ok: true; costs: InstructionCosts } {
  const refused = (reason: string) => ({ ok: false as const, reason });
  const { wallet } = ctx;
  let lamportsOut = 0n;
  let tipped = 0n;
  const tipTo: string[] = [];
  let cuLimit: bigint | undefined;
  let cuPrice = 0n;
  const created: CreatedAccount[] = [];
  /** the wallet's own accounts and those the person named: where the wallet's tokens may go */
  const towards = (a: string | undefined) =>
    a !== undefined && (a === wallet || ctx.walletTokenAccounts.has(a) || ctx.named.has(a));
  for (const ix of instructions) {
    const at = `instruction ${ix.index + 1}`;
    const acc = (n: number): string | undefined => ix.accounts[n];
    const d = ix.data;

    if (!ctx.allowed.has(ix.program)) {
      if (ix.accounts.includes(wallet))
        return refused(
          foreignProgramRefusal(
            at,
            ix.program,
            `the wallet${ctx.signers.has(wallet) ? ' (its signature)' : ''}`,
            ctx.names,
          ),
        );
      const own = ix.accounts.find((a) => ctx.walletTokenAccounts.has(a));
      if (own) return refused(foreignProgramRefusal(at, ix.program, `the wallet's token account ${own}`, ctx.names));
      continue;
    }

    if (ix.program === SYSTEM_PROGRAM) {
      const kind = u32(d, 0);
      if (kind === undefined) return refused(`${at} is a System instruction that cannot be read`);
      const name = SYSTEM_NAMES[kind] ?? `instruction ${kind}`;
      if (kind >= 4 && kind <= 7) {
        return refused(
          kind === 4
            ? `${at} advances a durable nonce (System AdvanceNonceAccount): the transaction would stay valid indefinitely instead of expiring with its blockhash`
            : `${at} operates a durable nonce account (System ${name}); tradedeck never signs nonce instructions`,
        );
      }
      if (kind === 12)
        return refused(
          `${at} operates a durable nonce account (System ${name}); tradedeck never signs nonce instructions`,
        );
      if (kind === 2 || kind === 11) {
        const from = acc(0);
        const to = kind === 2 ? acc(1) : acc(2);
        const lamports = u64(d, 4);
        if (lamports === undefined) return refused(`${at} is a System ${name} that cannot be read`);
        if (from === wallet) {
          if (to && !ctx.ownWrappedSol.has(to) && ctx.tipLamports !== undefined && to !== wallet) {
            // the tip the person asked: counted, and bounded by it below
            tipped += lamports;
            if (!tipTo.includes(to)) tipTo.push(to);
            continue;
          }
          if (!to || !ctx.ownWrappedSol.has(to))
            return refused(
              `${at} sends ${lamportsText(lamports)} from the wallet to ${to ?? 'an unknown account'}, which is not the wallet's own account${ctx.tipLamports === undefined ? '' : ' nor a tip'}`,
            );
          lamportsOut += lamports;
        }
        continue;
      }
      if (kind === 0 || kind === 3) {
        // CreateAccount: lamports, space, owner; WithSeed: base, seed (u64 length + bytes), lamports, space, owner
        let at0: number | undefined = 4;
        if (kind === 3) {
          const seedLength = u64(d, 36);
          at0 = seedLength === undefined || seedLength > 1000n ? undefined : 44 + Number(seedLength);
        }
        const funded = at0 === undefined ? undefined : u64(d, at0);
        const space = at0 === undefined ? undefined : u64(d, at0 + 8);
        const owner =
          at0 !== undefined && d.length >= at0 + 48 ? encodeAddress(d.subarray(at0 + 16, at0 + 48)) : undefined;
        if (funded === undefined || space === undefined || owner === undefined)
          return refused(`${at} is a System ${name} that cannot be read`);
        if (acc(0) === wallet) {
          const made = `${at} (System ${name}) would create ${acc(1) ?? 'an account'} with ${lamportsText(funded)} from the wallet`;
          if (!NEW_ACCOUNT_OWNERS[owner])
            return refused(
              `${made}, owned by ${owner}: only System, Token or Token-2022 accounts are created from the wallet`,
            );
          if (space > TOKEN_ACCOUNT_MAX_SPACE)
            return refused(`${made}, ${space} bytes large: more than the ${MAX_ACCOUNT_SPACE_TEXT}`);
          if (funded > rentExempt(space))
            return refused(
              `${at} funds a new account with ${lamportsText(funded)} from the wallet, more than the ${lamportsText(rentExempt(space))} of rent it needs`,
            );
          created.push({ account: acc(1) ?? '', mostLamports: funded });
        }
        continue;
      }
      if (kind === 1 || kind === 8 || kind === 9 || kind === 10) {
        const target = acc(0);
        if (target === wallet) {
          const owner = kind === 1 && d.length >= 36 ? encodeAddress(d.subarray(4, 36)) : undefined;
          return refused(
            `${at} (System ${name}) would hand the wallet account itself${owner ? ` to program ${owner}` : ' to another program'}`,
          );
        }
        // Assign: owner; AssignWithSeed: base, seed, owner; Allocate: space; AllocateWithSeed: base, seed, space, owner
        const seeded = kind === 9 || kind === 10 ? u64(d, 36) : 0n;
        const off =
          kind === 9 || kind === 10 ? (seeded !== undefined && seeded <= 1000n ? 44 + Number(seeded) : undefined) : 4;
        if (off === undefined) return refused(`${at} is a System ${name} that cannot be read`);
        const space = kind === 8 || kind === 9 ? u64(d, off) : undefined;
        const ownerAt = kind === 1 || kind === 10 ? off : kind === 9 ? off + 8 : undefined;
        const owner =
          ownerAt !== undefined && d.length >= ownerAt + 32
            ? encodeAddress(d.subarray(ownerAt, ownerAt + 32))
            : undefined;
        if ((kind === 8 || kind === 9) && space === undefined)
          return refused(`${at} is a System ${name} that cannot be read`);
        if (space !== undefined && space > TOKEN_ACCOUNT_MAX_SPACE)
          return refused(
            `${at} (System ${name}) would size ${target} at ${space} bytes: more than the ${MAX_ACCOUNT_SPACE_TEXT}`,
          );
        if (ownerAt !== undefined && owner === undefined)
          return refused(`${at} is a System ${name} that cannot be read`);
        if (owner !== undefined && !NEW_ACCOUNT_OWNERS[owner])
          return refused(
            `${at} (System ${name}) would give ${target} to ${owner}: only System, Token or Token-2022 accounts are made in a transaction the wallet signs`,
          );
        continue;
      }
      continue;
    }

    if (ix.program === ATA_PROGRAM) {
      // Create / CreateIdempotent: payer, account, owner, mint, System, token program
      if (acc(0) === wallet && (d.length === 0 || d[0] <= 1)) {
        const space = acc(5) === TOKEN_2022_PROGRAM ? TOKEN_ACCOUNT_MAX_SPACE : TOKEN_ACCOUNT_SPACE;
        created.push({ account: acc(1) ?? '', owner: acc(2), mostLamports: rentExempt(space) });
      }
      continue;
    }

    if (ix.program === TOKEN_PROGRAM || ix.program === TOKEN_2022_PROGRAM) {
      const kind = d[0];
      const program = ix.program === TOKEN_PROGRAM ? 'Token' : 'Token-2022';
      if (kind === undefined) return refused(`${at} is a ${program} instruction that cannot be read`);
      const amount = u64(d, 1);
      const amountText = amount === undefined ? 'an amount' : `${amount} base units`;
      const elsewhere = "which is neither the wallet's own account nor one you named";
      switch (kind) {
        case 3: // Transfer: source, destination, authority
          if (acc(2) === wallet && !towards(acc(1)))
            return refused(
              `${at} (${program} Transfer) moves ${amountText} of the wallet's tokens from ${acc(0)} to ${acc(1)}, ${elsewhere}`,
            );
          break;
        case 12: // TransferChecked: source, mint, destination, authority
          if (acc(3) === wallet && !towards(acc(2)))
            return refused(
              `${at} (${program} TransferChecked) moves ${amountText} of the wallet's tokens from ${acc(0)} to ${acc(2)}, ${elsewhere}`,
            );
          break;
        case 4: // Approve: source, delegate, owner
          if (acc(2) === wallet && !towards(acc(1)))
            return refused(
              `${at} (${program} Approve) would let ${acc(1)} spend ${amountText} of the wallet's tokens in ${acc(0)}`,
            );
          break;
        case 13: // ApproveChecked: source, mint, delegate, owner
          if (acc(3) === wallet && !towards(acc(2)))
            return refused(
              `${at} (${program} ApproveChecked) would let ${acc(2)} spend ${amountText} of the wallet's tokens in ${acc(0)}`,
            );
          break;
        case 6: {
          // SetAuthority: account, current authority; data: type, option, new authority
          if (acc(1) === wallet) {
            const type = AUTHORITY_TYPES[d[1]] ?? `type ${d[1]}`;
            const next = d[2] === 1 && d.length >= 35 ? encodeAddress(d.subarray(3, 35)) : undefined;
            if (!towards(next))
              return refused(
                `${at} (${program} SetAuthority) would hand the ${type} authority of the wallet's account ${acc(0)} to ${next ?? 'nobody'}`,
              );
          }
          break;
        }
        case 9: // CloseAccount: account, destination, owner
          if (
            acc(2) === wallet &&
            acc(1) !== wallet &&
            !(ctx.ownWrappedSol.has(acc(0) ?? '') && ctx.payTo?.has(acc(1) ?? ''))
          )
            return refused(
              `${at} (${program} CloseAccount) closes the wallet's token account ${acc(0)} and sends its balance to ${acc(1)}`,
            );
          break;
        case 8: // Burn: account, mint, owner
        case 15: // BurnChecked
          if (acc(2) === wallet)
            return refused(`${at} (${program} Burn) destroys ${amountText} of the wallet's tokens in ${acc(0)}`);
          break;
        default:
          // the extensions of Token-2022 (and anything else) may not act on the wallet's authority
          if (kind > 21 && ctx.signers.has(wallet) && ix.accounts.includes(wallet))
            return refused(
              `${at} is ${program} instruction ${kind}, which tradedeck does not sign with the wallet's authority`,
            );
      }
      continue;
    }

    if (ix.program === COMPUTE_BUDGET_PROGRAM) {
      if (d[0] === 2) cuLimit = BigInt(u32(d, 1) ?? 0);
      if (d[0] === 3) cuPrice = u64(d, 1) ?? 0n;
      continue;
    }
  }

  if (tipped > (ctx.tipLamports ?? 0n))
    return refused(
      `the transaction sends ${lamportsText(tipped)} from the wallet to ${tipTo.join(', ')}: more than the ${lamportsText(ctx.tipLamports ?? 0n)} tip you asked`,
    );
  if (ctx.maxLamports !== undefined && lamportsOut > ctx.maxLamports) {
    return refused(
      `the transaction moves ${lamportsText(lamportsOut)} out of the wallet, more than the ${lamportsText(ctx.maxLamports)} quoted`,
    );
  }
  const units = cuLimit === undefined || cuLimit > MAX_COMPUTE_UNITS ? MAX_COMPUTE_UNITS : cuLimit;
  const worst = (units * cuPrice + 999_999n) / 1_000_000n;
  if (worst > MAX_PRIORITY_FEE_LAMPORTS)
    return refused(
      `the transaction sets a priority fee of ${lamportsText(worst)}, more than the ${lamportsText(MAX_PRIORITY_FEE_LAMPORTS)} tradedeck accepts`,
    );
  // what the node charges: the limit set, else 200 000 units for each other instruction (at most 1.4 million)
  const others = BigInt(instructions.filter((ix) => ix.program !== COMPUTE_BUDGET_PROGRAM).length);
  const charged = cuLimit ?? others * DEFAULT_UNITS_PER_INSTRUCTION;
  const limit = charged > MAX_COMPUTE_UNITS ? MAX_COMPUTE_UNITS : charged;
  return {
    ok: true,
    costs: { priorityLamports: (limit * cuPrice + 999_999n) / 1_000_000n, created, tipLamports: tipped, tipTo },
  };
}
