// Rewriting a transaction as a hostile service (or a proxy in front of an honest one) would: the
// message decompiled, its instructions changed, compiled again with the same fee payer and
// blockhash. What comes out is a message the simulator never handed out.
import {
  AccountRole,
  address,
  compileTransaction,
  decompileTransactionMessage,
  getBase64EncodedWireTransaction,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  type Instruction,
} from '@solana/kit';
import { SIM_PROGRAMS } from '../../src/chain/programs.js';

export type Role = 'ws' | 'rs' | 'w' | 'r';
const ROLE: Record<Role, AccountRole> = {
  ws: AccountRole.WRITABLE_SIGNER,
  rs: AccountRole.READONLY_SIGNER,
  w: AccountRole.WRITABLE,
  r: AccountRole.READONLY,
};

/** An instruction from a program, its accounts with their roles, and its data. */
export const instruction = (program: string, accounts: Array<[string, Role]>, data: Uint8Array): Instruction => ({
  programAddress: address(program),
  accounts: accounts.map(([a, role]) => ({ address: address(a), role: ROLE[role] })),
  data,
});

/** The transaction with its instructions replaced by what `edit` makes of them (an unsigned, base-64 transaction). */
export function rewriteTransaction(base64: string, edit: (instructions: Instruction[]) => Instruction[]): string {
  const tx = getTransactionDecoder().decode(Buffer.from(base64, 'base64'));
  const compiled = getCompiledTransactionMessageDecoder().decode(tx.messageBytes);
  if (compiled.version === 1) throw new Error('rewriteTransaction: version 1 messages are not rewritten');
  const message = decompileTransactionMessage(compiled as Parameters<typeof decompileTransactionMessage>[0]);
  const instructions = edit([...(message.instructions as Instruction[])]);
  return getBase64EncodedWireTransaction(compileTransaction({ ...message, instructions } as typeof message));
}

/** The router's route instruction with its destination (account 3) swapped for `destination`. */
export function redirectRoute(base64: string, destination: string): string {
  return rewriteTransaction(base64, (ixs) =>
    ixs.map((ix) =>
      ix.programAddress === SIM_PROGRAMS.router
        ? {
            ...ix,
            accounts: (ix.accounts ?? []).map((a, i) =>
              i === 3 ? { address: address(destination), role: AccountRole.WRITABLE } : a,
            ),
          }
        : ix,
    ),
  );
}

/** The transaction's instructions with `added` after them. */
export function appendInstructions(base64: string, ...added: Instruction[]): string {
  return rewriteTransaction(base64, (ixs) => [...ixs, ...added]);
}

/** The transaction's compute-budget instructions kept, everything else replaced by `instead`. */
export function replaceInstructions(base64: string, ...instead: Instruction[]): string {
  return rewriteTransaction(base64, (ixs) => [
    ...ixs.filter((ix) => ix.programAddress === 'ComputeBudget111111111111111111111111111111'),
    ...instead,
  ]);
}
