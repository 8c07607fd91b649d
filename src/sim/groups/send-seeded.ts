// Seeded randomness for simulated account data (invites, portfolio positions): a stream derived
// only from the simulator seed and a key (such as a wallet address), so the same seed always
// gives the same data for the same wallet, whatever else happened in the simulator.

import { getBase58Decoder } from '@solana/kit';

const base58 = getBase58Decoder();

function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export class SeededStream {
  private state: number;

  constructor(seed: number, key: string) {
    this.state = fnv1a(`${seed}:${key}`) || 1;
  }

  /** where the sequence is (a snapshot keeps it; `seek` goes back there) */
  position(): number {
    return this.state;
  }

  seek(state: number): void {
    this.state = state >>> 0;
  }

  /** [0, 1) — mulberry32 */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** integer in [min, max] */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** float in [min, max) */
  range(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  /** one of `items`, which is not empty */
  pick<T>(items: readonly T[]): T {
    // next() is in [0, 1)
    return items[Math.floor(this.next() * items.length)]!;
  }

  bytes(n: number): Uint8Array {
    const out = new Uint8Array(n);
    for (let i = 0; i < n; i++) out[i] = Math.floor(this.next() * 256);
    return out;
  }

  /** a 32-byte base58 address */
  address(): string {
    return base58.decode(this.bytes(32));
  }

  /** a 64-byte base58 signature */
  signature(): string {
    return base58.decode(this.bytes(64));
  }
}
