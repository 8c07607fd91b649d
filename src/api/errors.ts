// Errors raised by the API client. Every message is safe to show: the API key is removed from
// any text that came from the server or the network before it reaches one of these.
import { sanitize } from '../text/sanitize.js';

export type ApiErrorKind = 'http' | 'network' | 'timeout';

export interface ApiErrorInit {
  kind: ApiErrorKind;
  endpoint: string;
  status?: number;
  serverMessage?: string;
  code?: number | string;
  errorCode?: string;
  retryable: boolean;
  retryAfterMs?: number;
  attempts?: number;
}

/** A request that did not produce a usable 200 answer (after any retries). */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly endpoint: string;
  readonly status?: number;
  /** the server's human text, from whichever error envelope it used */
  readonly serverMessage?: string;
  readonly code?: number | string;
  readonly errorCode?: string;
  /** true when trying again later may succeed (network, timeout, 429, 5xx) */
  readonly retryable: boolean;
  /** how long the server asked to wait, when it said so */
  readonly retryAfterMs?: number;
  /** how many attempts were made before giving up */
  readonly attempts: number;

  constructor(message: string, init: ApiErrorInit) {
    super(message);
    this.name = 'ApiError';
    this.kind = init.kind;
    this.endpoint = init.endpoint;
    this.status = init.status;
    this.serverMessage = init.serverMessage;
    this.code = init.code;
    this.errorCode = init.errorCode;
    this.retryable = init.retryable;
    this.retryAfterMs = init.retryAfterMs;
    this.attempts = init.attempts ?? 1;
  }
}

/** An API key goes out as a header value: printable ASCII, no spaces (a header error would quote it). */
export function isSendableApiKey(key: string): boolean {
  return /^[\x21-\x7e]+$/.test(key);
}

/** 'abcd…wxyz' for long secrets; secrets too short to show a part of are fully masked. */
export function maskSecret(s: string): string {
  if (typeof s !== 'string' || s.length < 16) return '********';
  return `${s.slice(0, 4)}…${s.slice(-4)}`;
}

/** Below this length a key is too short to be a real one, and also a common piece of words. */
export const MIN_MASKED_SECRET_LENGTH = 8;

const WORD_CHAR = /[A-Za-z0-9_-]/;

/**
 * Replaces the secret in `text`. A key of MIN_MASKED_SECRET_LENGTH characters or more is replaced
 * wherever it occurs; a shorter one only where it stands alone (not inside a longer word), so a key
 * such as `k` neither turns every letter k of a message into stars nor is ever printed by itself.
 */
function removeSecret(text: string, secret: string, mask: string): string {
  if (secret.length >= MIN_MASKED_SECRET_LENGTH) return text.split(secret).join(mask);
  let out = '';
  let from = 0;
  for (let at = text.indexOf(secret); at !== -1; at = text.indexOf(secret, at + 1)) {
    if (at < from) continue;
    const before = at > 0 ? text[at - 1] : '';
    const after = text[at + secret.length] ?? '';
    const alone = !(before && WORD_CHAR.test(before)) && !(after && WORD_CHAR.test(after));
    if (!alone) continue;
    out += text.slice(from, at) + mask;
    from = at + secret.length;
  }
  return out + text.slice(from);
}

/**
 * Makes text from outside (server bodies, network error messages) safe to show: removes every
 * occurrence of the secrets (raw and URL-encoded), strips terminal control characters and
 * shortens it.
 */
export function sanitizeText(text: string, secrets: readonly string[] = [], maxLength = 300): string {
  let out = text;
  for (const secret of secrets) {
    if (!secret) continue;
    for (const form of new Set([secret, encodeURIComponent(secret), JSON.stringify(secret).slice(1, -1)])) {
      out = removeSecret(out, form, maskSecret(secret));
    }
  }
  out = sanitize(out).replace(/\s+/g, ' ').trim();
  if (out.length > maxLength) out = `${out.slice(0, maxLength - 1)}…`;
  return out;
}

/** Query parameters whose value is a credential: api-key, apikey, api_key, key, token, access_token, secret, password, auth… */
const CREDENTIAL_PARAM = /^[\w.-]*(?:key|token|secret|pass(?:word)?|auth\w*|credential|sig(?:nature)?)$/i;

/**
 * Masks the credentials a URL may carry, in any text that holds one (a URL, a message quoting
 * one, even one that does not parse): the user and password before `@`, and the values of
 * query parameters named like a key or token (`?api-key=`, `apikey=`, `token=`, `access_token=`).
 */
export function maskUrlCredentials(text: string): string {
  return text
    .replace(/(\b[a-z][a-z0-9+.-]*:\/\/)[^/?#@\s]*@/gi, '$1***@')
    .replace(/([?&;])([^=&#\s"']*)=([^&#\s"']*)/g, (all, sep: string, name: string, value: string) => {
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // a name that does not decode is judged as written
      }
      return CREDENTIAL_PARAM.test(decoded) && value !== '' ? `${sep}${name}=***` : all;
    });
}
