// Base58 for addresses and signatures, without loading @solana/web3.js.

const BASE58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const BASE58_INDEX = new Map([...BASE58_ALPHABET].map((c, i) => [c, i]));

/** Decodes base58 text into bytes; null when a character is outside the alphabet. */
export function decodeBase58(text: string): Uint8Array | null {
  let leadingZeros = 0;
  while (leadingZeros < text.length && text[leadingZeros] === '1') leadingZeros++;
  // little-endian base-256 digits of the value (every index read below is under a loop's bound)
  const digits: number[] = [];
  for (let i = leadingZeros; i < text.length; i++) {
    const value = BASE58_INDEX.get(text[i]!);
    if (value === undefined) return null;
    let carry = value;
    for (let j = 0; j < digits.length; j++) {
      carry += digits[j]! * 58;
      digits[j] = carry & 0xff;
      carry >>= 8;
    }
    while (carry > 0) {
      digits.push(carry & 0xff);
      carry >>= 8;
    }
  }
  const out = new Uint8Array(leadingZeros + digits.length);
  for (let i = 0; i < digits.length; i++) out[out.length - 1 - i] = digits[i]!;
  return out;
}

export function encodeBase58(bytes: Uint8Array): string {
  let leadingZeros = 0;
  while (leadingZeros < bytes.length && bytes[leadingZeros] === 0) leadingZeros++;
  // little-endian base-58 digits of the value
  const digits: number[] = [];
  for (let i = leadingZeros; i < bytes.length; i++) {
    let carry = bytes[i]!;
    for (let j = 0; j < digits.length; j++) {
      carry += digits[j]! << 8;
      digits[j] = carry % 58;
      carry = Math.floor(carry / 58);
    }
    while (carry > 0) {
      digits.push(carry % 58);
      carry = Math.floor(carry / 58);
    }
  }
  let out = '1'.repeat(leadingZeros);
  for (let i = digits.length - 1; i >= 0; i--) out += BASE58_ALPHABET[digits[i]!];
  return out;
}

/** A base58 text that decodes to exactly 32 bytes (a public key / account address). */
export function isAddress(v: unknown): v is string {
  if (typeof v !== 'string' || v.length < 32 || v.length > 44) return false;
  const bytes = decodeBase58(v);
  return bytes !== null && bytes.length === 32;
}
