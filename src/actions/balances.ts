// The wallet's balances, read over RPC: native SOL by getBalance, a token by the wallet's token
// accounts of that mint (summed). Every screen that shows or checks a balance reads it here.
import { NATIVE_MINT } from '../chain/mints.js';
import type { Services } from '../services/index.js';
import { explainError } from './outcome.js';

export interface BalanceRead {
  /** raw amounts of the mints that could be read */
  balances: Record<string, bigint>;
  /** why some could not, in words (empty when all were read) */
  problems: string[];
}

export async function readBalances(
  s: Pick<Services, 'rpc' | 'wallet'>,
  mints: readonly string[],
): Promise<BalanceRead> {
  const balances: Record<string, bigint> = {};
  const problems: string[] = [];
  if (!s.rpc || !s.wallet) return { balances, problems };
  const owner = s.wallet.address;
  for (const mint of [...new Set(mints)]) {
    try {
      if (mint === NATIVE_MINT) balances[mint] = await s.rpc.getBalance(owner);
      else {
        const accounts = await s.rpc.getTokenAccountsByOwner(owner, { mint });
        balances[mint] = accounts
          .filter((a) => a.mint === mint && (a.owner === undefined || a.owner === owner))
          .reduce((sum, a) => sum + (a.amount ?? 0n), 0n);
      }
    } catch (err) {
      problems.push(explainError(err));
    }
  }
  return { balances, problems };
}
