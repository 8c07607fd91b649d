// Accounts as the simulator's node holds them, read from the balances (the ledger, or what a dry
// run left): a registered address lookup table, a token mint, a program, a wallet's associated
// token account, a funded wallet (a System account without data), or none.
import { NATIVE_MINT } from '../../chain/mints.js';
import { SIM_PROGRAMS } from '../../chain/programs.js';
import type { SimCore } from './core.js';
import type { SimTokenInfo } from './kernel.js';
import type { LedgerView } from './ledger.js';
import { ATA_PROGRAM } from './ata.js';
import { LOOKUP_TABLE_PROGRAM, lookupTableData, type SimLookupTable } from './lookup-tables.js';
import { RENT_EXEMPT_EPOCH, tokenAccountAt, tokenAccountBytes } from './token-accounts.js';

export const SYSTEM_PROGRAM = '11111111111111111111111111111111';
export const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
export const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb';
export const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111';
export const MEMO_PROGRAM = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr';
const NATIVE_LOADER = 'NativeLoader1111111111111111111111111111111';
const BPF_LOADER = 'BPFLoader2111111111111111111111111111111111';
const UPGRADEABLE_LOADER = 'BPFLoaderUpgradeab1e11111111111111111111111';

/** The programs deployed on the simulator's chain, with the loader that owns each. */
export const SIM_CHAIN_PROGRAMS: ReadonlyMap<string, string> = new Map([
  [SYSTEM_PROGRAM, NATIVE_LOADER],
  [COMPUTE_BUDGET_PROGRAM, NATIVE_LOADER],
  [LOOKUP_TABLE_PROGRAM, NATIVE_LOADER],
  [TOKEN_PROGRAM, BPF_LOADER],
  [ATA_PROGRAM, BPF_LOADER],
  [MEMO_PROGRAM, BPF_LOADER],
  [TOKEN_2022_PROGRAM, UPGRADEABLE_LOADER],
  ...Object.values(SIM_PROGRAMS).map((p) => [p, UPGRADEABLE_LOADER] as [string, string]),
]);

/** An account's state: what a node returns for it. */
export interface SimAccount {
  lamports: bigint;
  owner: string;
  data: Uint8Array;
  executable: boolean;
}

/** lamports an account of `space` data bytes needs to be rent-exempt (the node's formula) */
export const rentExempt = (space: number) => BigInt((space + 128) * 6960);

/** every simulated mint has a billion whole tokens */
export const mintSupply = (decimals: number) => 10n ** BigInt(decimals + 9);

export const MINT_SIZE = 82;
/** The token program's mint layout: mintAuthority COption<Pubkey> | supply u64 | decimals u8 (offset 44) | isInitialized | freezeAuthority COption<Pubkey>; no authorities. */
export function mintBytes(decimals: number): Uint8Array {
  const bytes = new Uint8Array(MINT_SIZE);
  new DataView(bytes.buffer).setBigUint64(36, mintSupply(decimals), true);
  bytes[44] = decimals;
  bytes[45] = 1;
  return bytes;
}

export type AccountKind =
  | { kind: 'table'; table: SimLookupTable }
  | { kind: 'mint'; mint: SimTokenInfo }
  | { kind: 'program' }
  | { kind: 'token'; held: { info: SimTokenInfo; owner: string; amount: bigint } }
  | { kind: 'system' };

/** The account at `address` as the balances of `ledger` make it, with what kind it is; null when there is none. */
export async function accountAt(
  core: SimCore,
  address: string,
  ledger: LedgerView = core.ledger,
): Promise<{ account: SimAccount; is: AccountKind } | null> {
  const table = core.lookupTables.get(address);
  if (table) {
    const data = lookupTableData(table);
    return {
      account: { lamports: rentExempt(data.length), owner: LOOKUP_TABLE_PROGRAM, data, executable: false },
      is: { kind: 'table', table },
    };
  }
  const mint = core.market.token(address);
  if (mint)
    return {
      account: {
        lamports: rentExempt(MINT_SIZE),
        owner: mint.tokenProgram,
        data: mintBytes(mint.decimals),
        executable: false,
      },
      is: { kind: 'mint', mint },
    };
  const loader = SIM_CHAIN_PROGRAMS.get(address);
  if (loader)
    return {
      account: { lamports: 1_141_440n, owner: loader, data: new Uint8Array(), executable: true },
      is: { kind: 'program' },
    };
  const balance = ledger.balance(address, NATIVE_MINT);
  if (balance > 0n)
    return {
      account: { lamports: balance, owner: SYSTEM_PROGRAM, data: new Uint8Array(), executable: false },
      is: { kind: 'system' },
    };
  const held = await tokenAccountAt(core, address, ledger);
  if (!held) return null;
  const data = tokenAccountBytes(held.info.mint, held.owner, held.amount);
  return {
    account: { lamports: rentExempt(data.length), owner: held.info.tokenProgram, data, executable: false },
    is: { kind: 'token', held },
  };
}

/** An account in the node's answer shape, its data in base-64. */
export function nodeAccount(a: SimAccount): Record<string, unknown> {
  return {
    data: [Buffer.from(a.data).toString('base64'), 'base64'],
    executable: a.executable,
    lamports: Number(a.lamports),
    owner: a.owner,
    rentEpoch: RENT_EXEMPT_EPOCH,
    space: a.data.length,
  };
}
