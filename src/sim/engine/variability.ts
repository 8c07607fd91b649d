// The real service's variability in response bodies (fields the contract marks optional,
// nullable or "not shown", and what the real service is known to send): optional fields left out, nulls, extra
// fields the contract does not list, and alternative shapes. Every choice is a pure function of
// (seed, a stable key such as a mint or a requestId, a salt), so the same seed gives the same
// bodies and one token keeps the same shape from poll to poll.
import { hash32 } from './random.js';

function hashText(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

export class Variability {
  constructor(private readonly seed: number) {}

  /** true with probability `p` for this key and salt */
  chance(key: string, salt: string, p: number): boolean {
    return hash32(this.seed, 9101, hashText(key), hashText(salt)) / 4294967296 < p;
  }

  /** an integer in [0, n) for this key and salt */
  pick(key: string, salt: string, n: number): number {
    return hash32(this.seed, 9102, hashText(key), hashText(salt)) % n;
  }
}
