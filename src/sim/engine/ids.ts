// Seeded identifiers handed out by the simulator (UUIDs, addresses, signature-like ids).
import type { SimIds } from './kernel.js';
import { SeededStream, toBase58 } from './random.js';

export interface SimIdsImpl extends SimIds {
  /** the stream's position, so a restored simulator never hands out an identifier twice */
  position(): number;
  seek(position: number): void;
}

export function createIds(seed: number): SimIdsImpl {
  const stream = new SeededStream(seed, 'ids');
  return {
    position: () => stream.position(),
    seek: (position) => stream.seek(position),
    uuid() {
      // 16 bytes drawn: 6 and 8 are among them
      const b = stream.bytes(16);
      b[6] = (b[6]! & 0x0f) | 0x40;
      b[8] = (b[8]! & 0x3f) | 0x80;
      const hex = Buffer.from(b).toString('hex');
      return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
    },
    address: () => toBase58(stream.bytes(32)),
    signature: () => toBase58(stream.bytes(64)),
    random: () => stream.random(),
  };
}
