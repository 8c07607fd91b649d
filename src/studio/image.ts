// The token image: read from a path, its media type taken from its first bytes (never from the
// file name), refused when empty, too large, or not a PNG, JPEG, GIF or WebP image.
import { open, stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import { basename, extname, resolve } from 'node:path';
import { IMAGE_MAX_BYTES } from './preset.js';

export type ImageType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';

export interface TokenImage {
  path: string;
  name: string;
  bytes: Buffer;
  contentType: ImageType;
  /** the file name says another type than its bytes (only said, not refused) */
  nameMismatch?: string;
}

const startsWith = (b: Uint8Array, sig: number[], at = 0) =>
  b.length >= at + sig.length && sig.every((v, i) => b[at + i] === v);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** The media type the bytes are, by their magic numbers; undefined when none of the four. */
export function sniffImage(b: Uint8Array): ImageType | undefined {
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(b, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(b, ascii('GIF87a')) || startsWith(b, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(b, ascii('RIFF')) && startsWith(b, ascii('WEBP'), 8)) return 'image/webp';
  return undefined;
}

const BY_EXTENSION: Record<string, ImageType> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
};

export class ImageError extends Error {}

/** "~/x.png" and relative paths resolve like a shell would (relative to the working directory). */
export function expandPath(path: string): string {
  const p = path.trim();
  if (p === '~') return homedir();
  if (p.startsWith('~/')) return resolve(homedir(), p.slice(2));
  return resolve(p);
}

/** Reads and checks the image at `path`; throws ImageError with a message naming the rule. */
export async function readTokenImage(path: string): Promise<TokenImage> {
  if (path.trim() === '') throw new ImageError('give the path of a PNG, JPEG, GIF or WebP file');
  const full = expandPath(path);
  let size: number;
  try {
    const st = await stat(full);
    if (st.isDirectory()) throw new ImageError(`${basename(full)} is a directory, not an image file`);
    if (!st.isFile()) throw new ImageError(`${basename(full)} is not a regular file`);
    size = st.size;
  } catch (e) {
    if (e instanceof ImageError) throw e;
    const code = (e as NodeJS.ErrnoException).code;
    throw new ImageError(
      code === 'ENOENT'
        ? `no file at ${full}`
        : code === 'EACCES'
          ? `cannot read ${full}: permission denied`
          : `cannot read ${full}: ${code ?? String(e)}`,
    );
  }
  if (size === 0) throw new ImageError(`${basename(full)} is empty`);
  if (size > IMAGE_MAX_BYTES)
    throw new ImageError(`${basename(full)} is ${Math.ceil(size / 1024)} KiB; at most ${IMAGE_MAX_BYTES / 1024} KiB`);
  const fh = await open(full, 'r').catch((e: NodeJS.ErrnoException) => {
    throw new ImageError(`cannot read ${full}: ${e.code ?? e.message}`);
  });
  let bytes: Buffer;
  try {
    bytes = await fh.readFile();
  } finally {
    await fh.close();
  }
  if (bytes.length > IMAGE_MAX_BYTES) throw new ImageError(`${basename(full)} is over ${IMAGE_MAX_BYTES / 1024} KiB`);
  const contentType = sniffImage(bytes);
  if (!contentType) {
    const head = [...bytes.subarray(0, 4)].map((v) => v.toString(16).padStart(2, '0')).join(' ');
    throw new ImageError(`${basename(full)} is not a PNG, JPEG, GIF or WebP image (it starts with ${head})`);
  }
  const named = BY_EXTENSION[extname(full).toLowerCase()];
  return {
    path: full,
    name: basename(full),
    bytes,
    contentType,
    ...(named && named !== contentType
      ? { nameMismatch: `named ${extname(full)} but its bytes are ${contentType}` }
      : {}),
  };
}
