// Builds real v0 (or legacy) transactions with @solana/web3.js for the wallet, journal and pipeline tests.
import {
  AccountRole,
  address,
  appendTransactionMessageInstructions,
  blockhash as toBlockhash,
  compileTransaction,
  compressTransactionMessageUsingAddressLookupTables,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type IInstruction,
} from '@solana/web3.js';
import { encodeBase58 } from '../../../src/wallet/base58.js';

export function randomAddress(): string {
  return encodeBase58(crypto.getRandomValues(new Uint8Array(32)));
}

export interface TxSpec {
  feePayer: string;
  /** more required signers (writable signers on the first instruction) */
  signers?: string[];
  programs?: string[];
  writable?: string[];
  readonly?: string[];
  blockhash?: string;
  version?: 0 | 'legacy';
  /** address lookup table: accounts of the first instruction found here are loaded through it */
  lookupTable?: { address: string; addresses: string[] };
}

export function buildTransaction(spec: TxSpec): string {
  const programs = spec.programs ?? ['11111111111111111111111111111111'];
  const instructions: IInstruction[] = programs.map((program, n) => ({
    programAddress: address(program),
    accounts:
      n === 0
        ? [
            { address: address(spec.feePayer), role: AccountRole.WRITABLE_SIGNER },
            ...(spec.signers ?? []).map((s) => ({ address: address(s), role: AccountRole.WRITABLE_SIGNER })),
            ...(spec.writable ?? []).map((s) => ({ address: address(s), role: AccountRole.WRITABLE })),
            ...(spec.readonly ?? []).map((s) => ({ address: address(s), role: AccountRole.READONLY })),
          ]
        : [],
    data: new Uint8Array([n, 1, 2, 3]),
  }));
  let message = appendTransactionMessageInstructions(
    instructions,
    setTransactionMessageLifetimeUsingBlockhash(
      { blockhash: toBlockhash(spec.blockhash ?? randomAddress()), lastValidBlockHeight: 1000n },
      setTransactionMessageFeePayer(address(spec.feePayer), createTransactionMessage({ version: spec.version ?? 0 })),
    ),
  );
  if (spec.lookupTable && message.version === 0) {
    message = compressTransactionMessageUsingAddressLookupTables(message as never, {
      [address(spec.lookupTable.address)]: spec.lookupTable.addresses.map((a) => address(a)),
    }) as typeof message;
  }
  return getBase64EncodedWireTransaction(compileTransaction(message));
}
