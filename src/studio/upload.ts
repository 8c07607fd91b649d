// Uploads to the presigned URLs a create-tx answer carries: a plain PUT with the content type the
// URL was signed for. No API key travels with it (the URL itself is the permission). Plain http is
// accepted only on loopback (the simulator); anything else must be https.
import { sanitize } from '../text/sanitize.js';

import { httpFetch, RedirectRefusedError, shownUrl } from '../api/http.js';

export class UploadError extends Error {}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

const clean = (s: string, max: number) => sanitize(s).slice(0, max);

/** The URL, when it may receive an upload; throws UploadError naming why not. */
export function checkUploadUrl(text: string, what: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UploadError(`${what}: the service returned an upload URL that is not a URL`);
  }
  if (url.protocol === 'https:') return url;
  if (url.protocol === 'http:' && LOOPBACK.has(url.hostname)) return url;
  throw new UploadError(
    `${what}: refusing to upload to ${url.protocol}//${clean(url.host, 60)} (only https, or http on this machine)`,
  );
}

/** Where the uploaded object is served: the URL without its signature query. */
export function publicUrlOf(url: string): string {
  const u = new URL(url);
  u.search = '';
  return u.toString();
}

export async function putPresigned(
  url: string,
  body: Uint8Array,
  contentType: string,
  what: string,
  timeoutMs = 30_000,
): Promise<void> {
  const target = checkUploadUrl(url, what);
  const signal = AbortSignal.timeout(timeoutMs);
  let status: number;
  let text: string;
  try {
    // the transport follows no redirect of a PUT: the file goes to the URL the service signed or nowhere
    const res = await httpFetch(target, {
      method: 'PUT',
      body,
      headers: { 'content-type': contentType },
      signal,
    });
    status = res.status;
    text = await res.text();
  } catch (e) {
    if (e instanceof RedirectRefusedError) {
      throw new UploadError(
        `${what} upload: ${clean(target.host, 60)} redirected PUT to ${shownUrl(e.location)}; not followed`,
      );
    }
    const why = signal.aborted ? `no answer within ${timeoutMs / 1000}s` : e instanceof Error ? e.message : String(e);
    throw new UploadError(`${what} upload to ${clean(target.host, 60)} failed: ${clean(why, 200)}`);
  }
  if (status < 200 || status > 299) {
    let detail = '';
    try {
      const parsed = JSON.parse(text) as { error?: unknown; message?: unknown };
      detail =
        typeof parsed.error === 'string' ? parsed.error : typeof parsed.message === 'string' ? parsed.message : '';
    } catch {
      // not JSON: the status says enough
    }
    throw new UploadError(`${what} upload refused (HTTP ${status})${detail ? `: ${clean(detail, 200)}` : ''}`);
  }
}
