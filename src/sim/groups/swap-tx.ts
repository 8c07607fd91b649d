// Instructions of a swap transaction: compute budget, token-account setup, the router instruction
// carrying the route, and native-coin cleanup.
import { createHash } from 'node:crypto';
import { NATIVE_MINT } from '../../chain/mints.js';
import { SIM_PROGRAMS } from '../../chain/programs.js';
import type { SimInstruction } from '../engine/kernel.js';
import type { PathSpec } from '../engine/routing.js';
import { ATA_PROGRAM, associatedTokenAddress } from '../engine/ata.js';

export const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111';
export const SYSTEM_PROGRAM = '11111111111111111111111111111111';
export const SIGNATURE_FEE_LAMPORTS = 5000n;
export const MAX_COMPUTE_UNITS = 1_400_000;
export const ATA_RENT_LAMPORTS = 2_039_280n;
/** The first bytes of the router's route instruction (an Anchor-style discriminator). */
export const ROUTE_DISCRIMINATOR = createHash('sha256').update('global:route').digest().subarray(0, 8);

const meta = (pubkey: string, isSigner: boolean, isWritable: boolean) => ({ pubkey, isSigner, isWritable });

function u32(n: number): Uint8Array {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n);
  return b;
}

function u64(n: bigint): Uint8Array {
  const b = Buffer.alloc(8);
  b.writeBigUInt64LE(n);
  return b;
}

export function computeBudgetInstructions(cuLimit: number, microLamports: bigint): SimInstruction[] {
  return [
    { programId: COMPUTE_BUDGET_PROGRAM, accounts: [], data: new Uint8Array([2, ...u32(cuLimit)]) },
    { programId: COMPUTE_BUDGET_PROGRAM, accounts: [], data: new Uint8Array([3, ...u64(microLamports)]) },
  ];
}

export function createAtaInstruction(
  payer: string,
  ata: string,
  owner: string,
  mint: string,
  tokenProgram: string,
): SimInstruction {
  return {
    programId: ATA_PROGRAM,
    accounts: [
      meta(payer, true, true),
      meta(ata, false, true),
      meta(owner, false, false),
      meta(mint, false, false),
      meta(SYSTEM_PROGRAM, false, false),
      meta(tokenProgram, false, false),
    ],
    data: new Uint8Array([1]),
  };
}

export function systemTransfer(from: string, to: string, lamports: bigint): SimInstruction {
  return {
    programId: SYSTEM_PROGRAM,
    accounts: [meta(from, true, true), meta(to, false, true)],
    data: new Uint8Array([...u32(2), ...u64(lamports)]),
  };
}

export interface SwapTxPlan {
  user: string;
  feePayer: string;
  inputMint: string;
  outputMint: string;
  inTokenProgram: string;
  outTokenProgram: string;
  specs: PathSpec[];
  inAmount: bigint;
  quotedOut: bigint;
  slippageBps: number;
  platformFeeBps: number;
  feeAccount?: string;
  /** token account receiving the output instead of the user's associated one */
  destinationTokenAccount?: string;
  nativeDestinationAccount?: string;
  wrapAndUnwrapSol: boolean;
  cuLimit: number;
  cuPriceMicroLamports: bigint;
  /** tip transfer (lamports) to a third-party inclusion service */
  tip?: { account: string; lamports: bigint };
  /** extra read-only accounts on the router instruction (e.g. an RFQ maker) */
  extraAccounts?: string[];
}

export interface SwapInstructionSet {
  computeBudget: SimInstruction[];
  setup: SimInstruction[];
  swap: SimInstruction;
  cleanup: SimInstruction | null;
  other: SimInstruction[];
}

export async function swapInstructions(p: SwapTxPlan): Promise<SwapInstructionSet> {
  const nativeIn = p.inputMint === NATIVE_MINT && p.wrapAndUnwrapSol;
  const nativeOut = p.outputMint === NATIVE_MINT && p.wrapAndUnwrapSol;
  const source = await associatedTokenAddress(p.user, p.inputMint, p.inTokenProgram);
  const userOut = await associatedTokenAddress(p.user, p.outputMint, p.outTokenProgram);
  const destination = p.destinationTokenAccount ?? userOut;
  const setup: SimInstruction[] = [];
  if (nativeIn) {
    setup.push(createAtaInstruction(p.feePayer, source, p.user, NATIVE_MINT, p.inTokenProgram));
    setup.push(systemTransfer(p.user, source, p.inAmount));
    setup.push({ programId: p.inTokenProgram, accounts: [meta(source, false, true)], data: new Uint8Array([17]) });
  }
  if (!p.destinationTokenAccount)
    setup.push(createAtaInstruction(p.feePayer, userOut, p.user, p.outputMint, p.outTokenProgram));
  const pools = p.specs.flatMap((s) => s.pools.map((pool) => pool.id));
  const accounts = [
    meta(p.outTokenProgram, false, false),
    meta(p.user, true, true),
    meta(source, false, true),
    meta(destination, false, true),
    meta(p.outputMint, false, false),
    meta(p.feeAccount ?? SIM_PROGRAMS.router, false, Boolean(p.feeAccount)),
    ...(p.nativeDestinationAccount ? [meta(p.nativeDestinationAccount, false, true)] : []),
    ...(p.extraAccounts ?? []).map((a) => meta(a, false, false)),
    ...[...new Set(pools)].map((id) => meta(id, false, true)),
  ];
  const layout = p.specs.flatMap((s) => [Math.round(s.percent), s.pools.length]);
  const data = new Uint8Array([
    ...ROUTE_DISCRIMINATOR,
    p.specs.length,
    ...layout,
    ...u64(p.inAmount),
    ...u64(p.quotedOut),
    p.slippageBps & 0xff,
    p.slippageBps >> 8,
    p.platformFeeBps & 0xff,
  ]);
  const swap: SimInstruction = { programId: SIM_PROGRAMS.router, accounts, data };
  const wsol = nativeIn ? source : userOut;
  const cleanup: SimInstruction | null =
    nativeIn || nativeOut
      ? {
          programId: p.inTokenProgram,
          accounts: [
            meta(wsol, false, true),
            meta(p.nativeDestinationAccount ?? p.user, false, true),
            meta(p.user, true, false),
          ],
          data: new Uint8Array([9]),
        }
      : null;
  return {
    computeBudget: computeBudgetInstructions(p.cuLimit, p.cuPriceMicroLamports),
    setup,
    swap,
    cleanup,
    other: p.tip ? [systemTransfer(p.user, p.tip.account, p.tip.lamports)] : [],
  };
}

export function allInstructions(set: SwapInstructionSet): SimInstruction[] {
  return [...set.computeBudget, ...set.setup, set.swap, ...(set.cleanup ? [set.cleanup] : []), ...set.other];
}
