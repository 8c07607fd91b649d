// The answers of the Solana JSON-RPC methods, declared once: the client checks each result with
// these (./client.ts), and the simulator's tests check every method its node serves with them.
// Tolerant as the client needs: only what it reads is required.
import { integer, minValue, nullable, number, optional, pipe, type GenericSchema } from 'valibot';
import { any, arr, bool, must, num, obj, oneOf, str, uint } from '../api/contract/schema.js';

/** Any non-negative integer, even one beyond 2^53 (read exactly from the raw text later). */
const UINT = must('a non-negative integer');
const bigUint = pipe(number(UINT), integer(UINT), minValue(0, UINT));

/** `{context: {slot}, value}`, as every account and token method answers. */
const contextValue = <S extends GenericSchema>(value: S) =>
  obj({ context: optional(obj({ slot: optional(uint) })), value });

/** An account with base-64 data: `[text, "base64"]`. */
const account = obj({
  data: arr(str),
  owner: str,
  lamports: bigUint,
  executable: bool,
  rentEpoch: optional(bigUint),
  space: optional(uint),
});

export const RPC_ANSWERS = {
  getHealth: oneOf(['ok'] as const),
  getVersion: obj({ 'solana-core': str, 'feature-set': optional(bigUint) }),
  getMinimumBalanceForRentExemption: bigUint,
  getLatestBlockhash: contextValue(obj({ blockhash: str, lastValidBlockHeight: uint })),
  getBlockHeight: uint,
  getSlot: uint,
  getBalance: contextValue(bigUint),
  getTokenSupply: contextValue(
    obj({ amount: str, decimals: uint, uiAmount: optional(nullable(num)), uiAmountString: optional(str) }),
  ),
  getAccountInfo: contextValue(nullable(account)),
  getSignatureStatuses: contextValue(
    arr(
      nullable(
        obj({
          slot: uint,
          confirmations: nullable(uint),
          err: any,
          confirmationStatus: optional(nullable(oneOf(['processed', 'confirmed', 'finalized'] as const))),
        }),
      ),
    ),
  ),
  sendTransaction: str,
  getMultipleAccounts: contextValue(arr(nullable(account))),
  // `accounts`: the state after the transaction of the accounts asked for (null for one that would not exist)
  simulateTransaction: contextValue(
    obj({
      err: any,
      logs: optional(nullable(arr(str))),
      unitsConsumed: optional(uint),
      accounts: optional(nullable(arr(nullable(account)))),
    }),
  ),
  getTokenAccountsByOwner: contextValue(
    arr(obj({ pubkey: str, account: obj({ data: arr(str), owner: str, lamports: uint, executable: optional(bool) }) })),
  ),
};
