// Token accounts: one associated account per held mint, as getTokenAccountsByOwner lists them and
// getAccountInfo shows one, in the encoding asked for: base64 (the 165-byte SPL token account
// layout) or jsonParsed.
import { fromBaseUnits } from '../../text/amount.js';
import { NATIVE_MINT } from '../../chain/mints.js';
import type { SimCore } from './core.js';
import type { SimTokenInfo } from './kernel.js';
import type { LedgerView } from './ledger.js';
import { addressBytes } from './signing.js';
import { associatedTokenAddress } from './ata.js';

/**
 * The rentEpoch a node shows for a rent-exempt account: u64::MAX, sent as the JSON number
 * 18446744073709551615 (read back as the nearest double, as a client reads a node's).
 */
export const RENT_EXEMPT_EPOCH = 2 ** 64 - 1;

const ACCOUNT_SIZE = 165;
const TOKEN_2022_PROGRAM = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb';
/** How jsonParsed names the program that owns a mint or token account. */
export const parsedProgram = (tokenProgram: string) =>
  tokenProgram === TOKEN_2022_PROGRAM ? 'spl-token-2022' : 'spl-token';
const RENT_LAMPORTS = 2_039_280;

/** mint | owner | amount u64 | delegate COption | state | isNative COption<u64> | delegatedAmount | closeAuthority COption */
export function tokenAccountBytes(mint: string, owner: string, amount: bigint): Uint8Array {
  const bytes = new Uint8Array(ACCOUNT_SIZE);
  bytes.set(addressBytes(mint), 0);
  bytes.set(addressBytes(owner), 32);
  new DataView(bytes.buffer).setBigUint64(64, amount, true);
  bytes[108] = 1; // state: initialized (after the 36-byte delegate option at 72)
  return bytes;
}

/** A token account as jsonParsed shows it. */
export function parsedTokenAccount(info: SimTokenInfo, owner: string, amount: bigint): unknown {
  const ui = fromBaseUnits(amount, info.decimals, { group: false });
  return {
    program: parsedProgram(info.tokenProgram),
    parsed: {
      type: 'account',
      info: {
        isNative: false,
        mint: info.mint,
        owner,
        state: 'initialized',
        tokenAmount: { amount: amount.toString(), decimals: info.decimals, uiAmount: Number(ui), uiAmountString: ui },
      },
    },
    space: ACCOUNT_SIZE,
  };
}

/** The holding whose associated token account is `address`, if any (as getAccountInfo finds it). */
export async function tokenAccountAt(
  core: SimCore,
  address: string,
  ledger: LedgerView = core.ledger,
): Promise<{ info: SimTokenInfo; owner: string; amount: bigint } | undefined> {
  for (const owner of ledger.owners()) {
    for (const h of ledger.holdings(owner)) {
      const info = h.mint === NATIVE_MINT ? undefined : core.market.token(h.mint);
      if (info && (await associatedTokenAddress(owner, h.mint, info.tokenProgram)) === address)
        return { info, owner, amount: h.amount };
    }
  }
  return undefined;
}

export async function tokenAccounts(
  core: SimCore,
  owner: string,
  filter: { mint: string | null; programId: string | null },
  encoding: 'base64' | 'jsonParsed',
): Promise<unknown[]> {
  const out: unknown[] = [];
  for (const h of core.ledger.holdings(owner)) {
    const info = core.market.token(h.mint);
    if (!info || h.mint === NATIVE_MINT) continue;
    if ((filter.mint && h.mint !== filter.mint) || (filter.programId && info.tokenProgram !== filter.programId))
      continue;
    const data =
      encoding === 'base64'
        ? [Buffer.from(tokenAccountBytes(h.mint, owner, h.amount)).toString('base64'), 'base64']
        : parsedTokenAccount(info, owner, h.amount);
    out.push({
      pubkey: await associatedTokenAddress(owner, h.mint, info.tokenProgram),
      account: {
        data,
        executable: false,
        lamports: RENT_LAMPORTS,
        owner: info.tokenProgram,
        rentEpoch: RENT_EXEMPT_EPOCH,
        space: ACCOUNT_SIZE,
      },
    });
  }
  return out;
}
