// The wallet's token balances read over RPC (as the Swap screen reads them): SOL from getBalance,
// tokens from getTokenAccountsByOwner for both token programs, summed per mint.
import { NATIVE_MINT } from '../chain/mints.js';
import { TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from '../wallet/instructions.js';
import type { RpcClient } from '../rpc/client.js';
import type { WalletBalance } from './store.js';

const TOKEN_PROGRAMS = [TOKEN_PROGRAM, TOKEN_2022_PROGRAM];

export interface BalancesResult {
  owner: string;
  items: WalletBalance[];
  /** a token program that could not be read (the rest is still shown) */
  error?: string;
}

export async function readBalances(rpc: RpcClient, owner: string): Promise<BalancesResult> {
  const sums = new Map<string, bigint>();
  sums.set(NATIVE_MINT, await rpc.getBalance(owner));
  let error: string | undefined;
  for (const programId of TOKEN_PROGRAMS) {
    try {
      for (const a of await rpc.getTokenAccountsByOwner(owner, { programId })) {
        if (!a.mint || a.amount === undefined || (a.owner !== undefined && a.owner !== owner)) continue;
        sums.set(a.mint, (sums.get(a.mint) ?? 0n) + a.amount);
      }
    } catch (e) {
      error = `token accounts (${programId.slice(0, 8)}…): ${e instanceof Error ? e.message : String(e)}`;
    }
  }
  const items = [...sums.entries()]
    .filter(([m, raw]) => raw > 0n || m === NATIVE_MINT)
    .map(([mint, raw]) => ({ mint, raw }));
  return { owner, items, error };
}
