// Instruction building shared by the simulator's order groups (trigger, recurring, studio):
// well-known program ids, compute budget instructions, associated token account and program
// address derivation, and Anchor-style instruction data (8-byte discriminator + little-endian args).

import { createHash } from 'node:crypto';
import { address, getAddressEncoder, getProgramDerivedAddress, type Address } from '@solana/kit';
import { TOKEN_PROGRAM } from '../../wallet/instructions.js';
import type { SimInstruction, SimKernel } from '../engine/kernel.js';

export const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111';
export const SYSTEM_PROGRAM = '11111111111111111111111111111111';
export const ASSOCIATED_TOKEN_PROGRAM = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL';
export const RENT_SYSVAR = 'SysvarRent111111111111111111111111111111111';

/** Compute unit price used for `auto` (the simulator's fixed 95th percentile). */
export const AUTO_COMPUTE_UNIT_PRICE = 50_000n;

export type Meta = SimInstruction['accounts'][number];
export const w = (pubkey: string): Meta => ({ pubkey, isSigner: false, isWritable: true });
export const r = (pubkey: string): Meta => ({ pubkey, isSigner: false, isWritable: false });
export const sw = (pubkey: string): Meta => ({ pubkey, isSigner: true, isWritable: true });

/** setComputeUnitLimit + setComputeUnitPrice. */
export function computeBudget(units: number, price: bigint | 'auto'): SimInstruction[] {
  const limit = new Uint8Array(5);
  limit[0] = 2;
  new DataView(limit.buffer).setUint32(1, units, true);
  const priceData = new Uint8Array(9);
  priceData[0] = 3;
  new DataView(priceData.buffer).setBigUint64(1, price === 'auto' ? AUTO_COMPUTE_UNIT_PRICE : price, true);
  return [
    { programId: COMPUTE_BUDGET_PROGRAM, accounts: [], data: limit },
    { programId: COMPUTE_BUDGET_PROGRAM, accounts: [], data: priceData },
  ];
}

export type Arg =
  | ['u8', number]
  | ['u16', number]
  | ['u32', number]
  | ['u64', bigint]
  | ['i64', bigint]
  | ['bool', boolean]
  | ['str', string];

/** Anchor-style data: sha256("global:<name>")[0..8] followed by the encoded args. */
export function ixData(name: string, args: Arg[] = []): Uint8Array {
  const parts: Uint8Array[] = [createHash('sha256').update(`global:${name}`).digest().subarray(0, 8)];
  for (const [kind, value] of args) {
    let b: Uint8Array;
    if (kind === 'u8' || kind === 'bool') b = Uint8Array.of(Number(value) & 0xff);
    else if (kind === 'u16') {
      b = new Uint8Array(2);
      new DataView(b.buffer).setUint16(0, value, true);
    } else if (kind === 'u32') {
      b = new Uint8Array(4);
      new DataView(b.buffer).setUint32(0, value, true);
    } else if (kind === 'u64' || kind === 'i64') {
      b = new Uint8Array(8);
      const dv = new DataView(b.buffer);
      if (kind === 'u64') dv.setBigUint64(0, value, true);
      else dv.setBigInt64(0, value, true);
    } else {
      const text = new TextEncoder().encode(value);
      b = new Uint8Array(4 + text.length);
      new DataView(b.buffer).setUint32(0, text.length, true);
      b.set(text, 4);
    }
    parts.push(b);
  }
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

const addressEncoder = getAddressEncoder();
const pdaCache = new Map<string, string>();

/** Program derived address from string (utf-8) and address seeds; cached. */
export async function pda(program: string, seeds: Array<string | { address: string } | Uint8Array>): Promise<string> {
  const key =
    program +
    '|' +
    seeds
      .map((s) =>
        typeof s === 'string'
          ? 's:' + s
          : s instanceof Uint8Array
            ? 'b:' + Buffer.from(s).toString('hex')
            : 'a:' + s.address,
      )
      .join('|');
  const hit = pdaCache.get(key);
  if (hit) return hit;
  const [derived] = await getProgramDerivedAddress({
    programAddress: address(program),
    seeds: seeds.map((s) =>
      typeof s === 'string' ? s : s instanceof Uint8Array ? s : addressEncoder.encode(address(s.address) as Address),
    ),
  });
  pdaCache.set(key, derived);
  return derived;
}

/** The associated token account of owner for mint (token program taken from the market). */
export function ata(kernel: SimKernel, owner: string, mint: string): Promise<string> {
  const tokenProgram = kernel.market.token(mint)?.tokenProgram ?? TOKEN_PROGRAM;
  return pda(ASSOCIATED_TOKEN_PROGRAM, [{ address: owner }, { address: tokenProgram }, { address: mint }]);
}

export function tokenProgramOf(kernel: SimKernel, mint: string): string {
  return kernel.market.token(mint)?.tokenProgram ?? TOKEN_PROGRAM;
}

/** Merges repeated accounts (e.g. maker == payer), keeping the strongest signer/writable flags. */
export function uniqueMetas(metas: Meta[]): Meta[] {
  const out: Meta[] = [];
  for (const m of metas) {
    const seen = out.find((o) => o.pubkey === m.pubkey);
    if (seen) {
      seen.isSigner ||= m.isSigner;
      seen.isWritable ||= m.isWritable;
    } else out.push({ ...m });
  }
  return out;
}
