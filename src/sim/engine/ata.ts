// Associated token account addresses (program-derived), cached.
import { address, getAddressEncoder, getProgramDerivedAddress } from '@solana/kit';

export const ATA_PROGRAM = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL';
const encoder = getAddressEncoder();
const cache = new Map<string, string>();

export async function associatedTokenAddress(owner: string, mint: string, tokenProgram: string): Promise<string> {
  const key = `${owner}:${mint}:${tokenProgram}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const [pda] = await getProgramDerivedAddress({
    programAddress: address(ATA_PROGRAM),
    seeds: [encoder.encode(address(owner)), encoder.encode(address(tokenProgram)), encoder.encode(address(mint))],
  });
  if (cache.size > 50_000) cache.clear();
  cache.set(key, pda);
  return pda;
}
