// Seeded randomness. Market randomness is a pure function of (seed, slot, index, stream) so that
// requests never perturb the market path; identifiers come from counter-based streams.
import { createHash } from 'node:crypto';
import { encodeBase58 } from '../../chain/base58.js';

/** base58 text of raw bytes (Bitcoin alphabet, leading zero bytes as '1') */
export const toBase58 = encodeBase58;

function mixPart(h: number, part: number): number {
  let k = Math.imul((part >>> 0) ^ Math.floor(part / 4294967296), 0xcc9e2d51);
  k = (k << 15) | (k >>> 17);
  k = Math.imul(k, 0x1b873593);
  h ^= k;
  h = (h << 13) | (h >>> 19);
  return (Math.imul(h, 5) + 0xe6546b64) >>> 0;
}

/** 32-bit avalanche mix of several integers (murmur3 steps per part, then its finaliser). */
export function hash32(seed: number, a: number, b = 0, c = 0): number {
  let h = (seed ^ 0x9e3779b9) >>> 0;
  h = mixPart(h, a);
  h = mixPart(h, b);
  h = mixPart(h, c);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** uniform in [0, 1) from (seed, a, b, c) */
export function unit(seed: number, a: number, b = 0, c = 0): number {
  return hash32(seed, a, b, c) / 4294967296;
}

// Standard normal quantiles at 4096 evenly spaced probabilities: a table lookup per draw keeps
// the per-slot market step cheap.
const NORMAL_TABLE = (() => {
  const n = 4096;
  const t = new Float64Array(n);
  for (let i = 0; i < n; i++) t[i] = inverseNormal((i + 0.5) / n);
  return t;
})();

function inverseNormal(p: number): number {
  // Acklam's rational approximation
  const a = [
    -39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716, 2.506628277459239,
  ] as const;
  const b = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572] as const;
  const c = [
    -0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968,
    2.938163982698783,
  ] as const;
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416] as const;
  const lo = 0.02425;
  if (p < lo) {
    const q = Math.sqrt(-2 * Math.log(p));
    return (
      (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
      ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1)
    );
  }
  if (p > 1 - lo) return -inverseNormal(1 - p);
  const q = p - 0.5;
  const r = q * q;
  return (
    ((((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q) /
    (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1)
  );
}

/** approximately standard-normal draw from (seed, a, b, c) */
export function gauss(seed: number, a: number, b = 0, c = 0): number {
  // masked to 12 bits: always inside the 4096-entry table
  return NORMAL_TABLE[hash32(seed, a, b, c) & 4095]!;
}

/** deterministic bytes for a label: sha256(seed:label:index), repeated to length */
export function seededBytes(seed: number, label: string, length = 32): Uint8Array {
  const out = new Uint8Array(length);
  for (let off = 0, block = 0; off < length; block++) {
    const h = createHash('sha256').update(`${seed}:${label}:${block}`).digest();
    out.set(h.subarray(0, Math.min(32, length - off)), off);
    off += 32;
  }
  return out;
}

/** deterministic base58 address for a label */
export function seededAddress(seed: number, label: string): string {
  return toBase58(seededBytes(seed, label, 32));
}

/** A counter-based stream: each call yields the next value of a seeded sequence. */
export class SeededStream {
  private counter = 0;
  constructor(
    private readonly seed: number,
    private readonly label: string,
  ) {}

  /** how many values were drawn (a snapshot keeps it; `seek` goes back there) */
  position(): number {
    return this.counter;
  }

  seek(counter: number): void {
    this.counter = counter;
  }

  bytes(length: number): Uint8Array {
    return seededBytes(this.seed, `${this.label}#${this.counter++}`, length);
  }

  random(): number {
    // 8 bytes drawn: every index below is in range
    const b = this.bytes(8);
    // 52 bits of mantissa
    const hi = ((b[0]! << 12) | (b[1]! << 4) | (b[2]! >>> 4)) >>> 0;
    const lo = ((b[3]! << 24) | (b[4]! << 16) | (b[5]! << 8) | b[6]!) >>> 0;
    return (hi * 4294967296 + lo) / 2 ** 52;
  }
}
