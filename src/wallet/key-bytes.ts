// Parses the bytes of a key file into 64 key bytes. The common shape (`[n,n,...]` with plain
// integers) is read straight from the byte buffer so the secret never becomes a JS string; any
// other text goes through JSON.parse only to classify what is wrong (or to accept equivalent JSON
// such as `1.0`). Error reasons never quote the file's content.

export type ParsedKey = { ok: true; bytes: Uint8Array } | { ok: false; reason: string };

const SHAPE = 'must hold a JSON array of 64 integers 0..255 (32 secret bytes, then 32 public bytes)';

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
}

/** Fast path: `[` integers separated by `,` `]`, whitespace allowed. null when the text is anything else. */
function parsePlainArray(raw: Uint8Array): Uint8Array | null {
  const out = new Uint8Array(64);
  let i = 0;
  let count = 0;
  const skip = () => {
    while (i < raw.length && isSpace(raw[i]!)) i++;
  };
  skip();
  if (raw[i] !== 0x5b) return null;
  i++;
  skip();
  if (raw[i] === 0x5d) return null;
  for (;;) {
    skip();
    let value = 0;
    let digits = 0;
    while (i < raw.length && raw[i]! >= 0x30 && raw[i]! <= 0x39) {
      value = value * 10 + (raw[i]! - 0x30);
      digits++;
      i++;
    }
    if (digits === 0 || digits > 3 || value > 255 || count >= 64 || (digits > 1 && raw[i - digits] === 0x30)) {
      out.fill(0);
      return null;
    }
    out[count++] = value;
    skip();
    if (raw[i] === 0x2c) {
      i++;
      continue;
    }
    if (raw[i] === 0x5d) {
      i++;
      break;
    }
    out.fill(0);
    return null;
  }
  skip();
  if (i !== raw.length || count !== 64) {
    out.fill(0);
    return null;
  }
  return out;
}

export function parseKeyBytes(raw: Uint8Array): ParsedKey {
  const plain = parsePlainArray(raw);
  if (plain) return { ok: true, bytes: plain };
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: false }).decode(raw));
  } catch {
    // The parser's message quotes the file's text: never show it.
    return { ok: false, reason: `is not valid JSON; it ${SHAPE}` };
  }
  if (!Array.isArray(value))
    return { ok: false, reason: `${SHAPE}, not a JSON ${value === null ? 'null' : typeof value}` };
  try {
    if (value.length !== 64) return { ok: false, reason: `${SHAPE}; it holds an array of ${value.length} items` };
    const bad = value.findIndex((x) => typeof x !== 'number' || !Number.isInteger(x) || x < 0 || x > 255);
    if (bad >= 0) return { ok: false, reason: `${SHAPE}; item ${bad} is not an integer 0..255` };
    return { ok: true, bytes: Uint8Array.from(value as number[]) };
  } finally {
    value.fill(0);
  }
}
