// Presigned uploads on the simulator's own server: studio hands out a one-time PUT URL for the
// token image (`/__sim/upload/<id>?X-Amz-Expires=..&X-Amz-Signature=..`), and the uploaded
// image is then served at `/__sim/upload/<id>`.
import { createHash } from 'node:crypto';
import type { SimClock, SimIds, SimUploads } from './kernel.js';

/** largest image accepted */
export const MAX_UPLOAD_BYTES = 512 * 1024;

interface Slot {
  contentType: string;
  signature: string;
  expiresMs: number;
  image: Buffer | null;
}

export interface UploadReply {
  status: number;
  /** JSON body, or the stored bytes when `bytes` is set */
  body: unknown;
  bytes?: Buffer;
  headers?: Record<string, string>;
}

export class SimUploadStore implements SimUploads {
  private readonly slots = new Map<string, Slot>();
  /** the server's own address, known once it listens */
  baseUrl = '';

  constructor(
    private readonly clock: SimClock,
    private readonly ids: SimIds,
  ) {}

  presign(contentType: string, ttlSeconds: number): { uploadUrl: string; publicUrl: string } {
    if (!this.baseUrl) throw new Error('uploads: the server address is not known yet');
    const id = this.ids.uuid().replace(/-/g, '');
    const signature = this.ids.uuid().replace(/-/g, '');
    this.slots.set(id, { contentType, signature, expiresMs: this.clock.nowMs() + ttlSeconds * 1000, image: null });
    const publicUrl = `${this.baseUrl}/__sim/upload/${id}`;
    return { uploadUrl: `${publicUrl}?X-Amz-Expires=${ttlSeconds}&X-Amz-Signature=${signature}`, publicUrl };
  }

  handle(
    method: string,
    id: string,
    query: URLSearchParams,
    contentType: string | undefined,
    body: Buffer | null,
  ): UploadReply {
    const slot = this.slots.get(id);
    if (!slot) return { status: 404, body: { error: `no upload ${id}` } };
    if (method === 'GET') {
      if (!slot.image) return { status: 404, body: { error: `nothing uploaded to ${id} yet` } };
      return { status: 200, body: null, bytes: slot.image, headers: { 'content-type': slot.contentType } };
    }
    if (method !== 'PUT')
      return { status: 405, body: { error: 'use PUT to upload, GET to read' }, headers: { allow: 'GET, PUT' } };
    if (query.get('X-Amz-Signature') !== slot.signature)
      return { status: 403, body: { error: 'signature does not match' } };
    if (this.clock.nowMs() > slot.expiresMs) return { status: 403, body: { error: 'the upload URL has expired' } };
    if (slot.image) return { status: 409, body: { error: 'already uploaded' } };
    // a split has one part at least
    const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
    if (type !== slot.contentType.toLowerCase()) {
      return { status: 400, body: { error: `content-type must be ${slot.contentType} (got ${type || 'none'})` } };
    }
    if (body === null || body.length > MAX_UPLOAD_BYTES)
      return { status: 413, body: { error: `the image must be at most ${MAX_UPLOAD_BYTES} bytes` } };
    if (body.length === 0) return { status: 400, body: { error: 'the image is empty' } };
    slot.image = Buffer.from(body);
    const etag = `"${createHash('md5').update(body).digest('hex')}"`;
    return { status: 200, body: { etag }, headers: { etag } };
  }
}
