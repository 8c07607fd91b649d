// A transaction assembled here from the instructions a swap build hands out (GET /swap/v2/build):
// a v0 message paid by the wallet, against the build's blockhash, with the address lookup tables it
// gave, and a compute-unit limit of tradedeck's own (the build sets only the price). What it does
// is then inspected and simulated as every transaction the service returns.
import type { Instruction } from '../api/types.js';
import { encodeBase58 } from '../chain/base58.js';
import { COMPUTE_BUDGET_PROGRAM } from './instructions.js';
/** The most compute units a transaction may use. */
export const MAX_COMPUTE_UNIT_LIMIT = 1_400_000;
/** The most bytes a transaction may be on the wire. */
export const MAX_TRANSACTION_BYTES = 1232;

/** ComputeBudget SetComputeUnitLimit (discriminator 2, u32 units), as an instruction of the build's shape. */
export function computeUnitLimitInstruction(units: number): Instruction {
  const data = Buffer.alloc(5);
  data[0] = 2;
  data.writeUInt32LE(units, 1);
  return { programId: COMPUTE_BUDGET_PROGRAM, accounts: [], data: data.toString('base64') };
}

/** The limit to set once a simulation used `units`: 1.2 times, at most the most a transaction may use. */
export function limitFor(units: number | undefined): number {
  if (units === undefined || !Number.isFinite(units) || units <= 0) return MAX_COMPUTE_UNIT_LIMIT;
  return Math.min(MAX_COMPUTE_UNIT_LIMIT, Math.ceil(units * 1.2));
}

export interface Assembly {
  feePayer: string;
  /** the build's blockhash: 32 bytes */
  blockhash: number[];
  lastValidBlockHeight: number;
  instructions: Instruction[];
  /** table address -> the addresses it holds, as the build gave them (none: null) */
  lookupTables?: Record<string, string[]> | null;
}

/** The unsigned transaction, base 64; throws when it does not fit in a transaction. */
export async function assembleTransaction(a: Assembly): Promise<string> {
  const kit = await import('./solana.js');
  const role = (m: { isSigner: boolean; isWritable: boolean }) => (m.isSigner ? 2 : 0) + (m.isWritable ? 1 : 0);
  const instructions = a.instructions.map((ix) => ({
    programAddress: kit.address(ix.programId),
    accounts: ix.accounts.map((m) => ({ address: kit.address(m.pubkey), role: role(m) })),
    data: new Uint8Array(Buffer.from(ix.data, 'base64')),
  }));
  let message = kit.appendTransactionMessageInstructions(
    instructions as never,
    kit.setTransactionMessageLifetimeUsingBlockhash(
      {
        blockhash: encodeBase58(Uint8Array.from(a.blockhash)) as never,
        lastValidBlockHeight: BigInt(a.lastValidBlockHeight),
      },
      kit.setTransactionMessageFeePayer(kit.address(a.feePayer), kit.createTransactionMessage({ version: 0 })),
    ),
  );
  if (a.lookupTables && Object.keys(a.lookupTables).length > 0)
    message = kit.compressTransactionMessageUsingAddressLookupTables(
      message,
      Object.fromEntries(
        Object.entries(a.lookupTables).map(([table, list]) => [table, list.map((x) => kit.address(x))]),
      ),
    ) as typeof message;
  const base64 = kit.getBase64EncodedWireTransaction(kit.compileTransaction(message));
  const bytes = Buffer.from(base64, 'base64').length;
  if (bytes > MAX_TRANSACTION_BYTES)
    throw new Error(
      `the swap's instructions make a transaction of ${bytes} bytes, more than the ${MAX_TRANSACTION_BYTES} a transaction may be`,
    );
  return base64;
}
