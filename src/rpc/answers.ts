// The answers of the Solana JSON-RPC methods, declared once: the client checks each result with
// these (./client.ts), and the simulator's tests check every method its node serves with them.
// Tolerant as the client needs: only what it reads is required.
import { any, arr, bool, is, nul, num, obj, oneOf, opt, str, uint, type Schema } from '../api/schema.js';

/** Any non-negative integer, even one beyond 2^53 (read exactly from the raw text later). */
const bigUint = is<number>('a non-negative integer', (x) => typeof x === 'number' && Number.isInteger(x) && x >= 0);

/** `{context: {slot}, value}`, as every account and token method answers. */
const contextValue = <S extends Schema>(value: S) => obj({ context: opt(obj({ slot: opt(uint) })), value });

/** An account with base-64 data: `[text, "base64"]`. */
const account = obj({
  data: arr(str),
  owner: str,
  lamports: bigUint,
  executable: bool,
  rentEpoch: opt(bigUint),
  space: opt(uint),
});

export const RPC_ANSWERS = {
  getHealth: oneOf(['ok'] as const),
  getVersion: obj({ 'solana-core': str, 'feature-set': opt(bigUint) }),
  getMinimumBalanceForRentExemption: bigUint,
  getLatestBlockhash: contextValue(obj({ blockhash: str, lastValidBlockHeight: uint })),
  getBlockHeight: uint,
  getSlot: uint,
  getBalance: contextValue(bigUint),
  getTokenSupply: contextValue(obj({ amount: str, decimals: uint, uiAmount: opt(nul(num)), uiAmountString: opt(str) })),
  getAccountInfo: contextValue(nul(account)),
  getSignatureStatuses: contextValue(
    arr(
      nul(
        obj({
          slot: uint,
          confirmations: nul(uint),
          err: any,
          confirmationStatus: opt(nul(oneOf(['processed', 'confirmed', 'finalized'] as const))),
        }),
      ),
    ),
  ),
  sendTransaction: str,
  getMultipleAccounts: contextValue(arr(nul(account))),
  // `accounts`: the state after the transaction of the accounts asked for (null for one that would not exist)
  simulateTransaction: contextValue(
    obj({ err: any, logs: opt(nul(arr(str))), unitsConsumed: opt(uint), accounts: opt(nul(arr(nul(account)))) }),
  ),
  getTokenAccountsByOwner: contextValue(
    arr(obj({ pubkey: str, account: obj({ data: arr(str), owner: str, lamports: uint, executable: opt(bool) }) })),
  ),
};
