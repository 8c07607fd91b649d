// Builds real v0 (or legacy) transactions with @solana/kit for the wallet, journal and pipeline tests.
import {
  AccountRole,
  address,
  appendTransactionMessageInstructions,
  blockhash as toBlockhash,
  compileTransaction,
  compressTransactionMessageUsingAddressLookupTables,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  getCompiledTransactionMessageEncoder,
  getTransactionEncoder,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Instruction,
} from '@solana/kit';
import { SIM_PROGRAMS } from '../../src/chain/programs.js';
import type { Expectation, ExpectedToken, PipelineDeps } from '../../src/pipeline/types.js';
import { encodeBase58 } from '../../src/wallet/base58.js';
import { NATIVE_MINT, USDC_MINT } from '../../src/chain/mints.js';

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
  const instructions: Instruction[] = programs.map((program, n) => ({
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

/**
 * A v0 transaction whose router instruction loads entry `entry` (default 1) of lookup table
 * `table` as a writable account, beside the wallet as fee payer and `statics`. Written by hand:
 * kit never puts a signer in a lookup table, so a table entry that resolves to the wallet
 * (as a hostile service would arrange) is composed here; whether it does depends on the table.
 */
export function viaLookupTable(wallet: string, table: string, statics: string[], entry = 1): string {
  const message = {
    version: 0 as const,
    header: { numSignerAccounts: 1, numReadonlySignerAccounts: 0, numReadonlyNonSignerAccounts: 1 },
    staticAccounts: [address(wallet), ...statics.map((a) => address(a)), address(SIM_PROGRAMS.router)],
    lifetimeToken: randomAddress(),
    instructions: [
      {
        programAddressIndex: statics.length + 1,
        accountIndices: [0, ...statics.map((_, i) => i + 1), statics.length + 2],
        data: Uint8Array.of(1),
      },
    ],
    addressTableLookups: [{ lookupTableAddress: address(table), writableIndexes: [entry], readonlyIndexes: [] }],
  };
  const messageBytes = getCompiledTransactionMessageEncoder().encode(message);
  return Buffer.from(
    getTransactionEncoder().encode({ messageBytes, signatures: { [wallet]: null } } as never),
  ).toString('base64');
}

const TOKEN_PROGRAM_ID = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
/** SOL and USDC as an action declares the tokens it moves (the chain's facts of their mints). */
export const SOL_TOKEN: ExpectedToken = {
  mint: NATIVE_MINT,
  symbol: 'SOL',
  decimals: 9,
  program: TOKEN_PROGRAM_ID,
};
export const USDC_TOKEN: ExpectedToken = {
  mint: USDC_MINT,
  symbol: 'USDC',
  decimals: 6,
  program: TOKEN_PROGRAM_ID,
};

/** What a test action declares its transactions may do: by default, move nothing (fees aside). */
export function expecting(over: Partial<Expectation> = {}): Expectation {
  return { tokens: [SOL_TOKEN, USDC_TOKEN], pays: {}, receives: {}, ...over };
}

/** A simulation that finds nothing before or after (no account exists): the effect of a transaction that moves nothing. */
export const simulateNothing: NonNullable<PipelineDeps['simulate']> = async (_tx, a) => ({
  err: null,
  logs: [],
  before: a.before.map(() => null),
  after: a.after.map(() => null),
});
