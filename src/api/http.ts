// The one place that talks HTTP: builds URLs and JSON bodies, adds the API key, enforces a
// per-attempt timeout, retries what is safe to retry, and turns every failure into an ApiError
// whose text never contains the API key.

import type { IncomingMessage } from 'node:http';
import { ApiError, isSendableApiKey, ResponseShapeError, sanitizeText } from './errors.js';

export interface RequestEvent {
  method: string;
  /** the operation, e.g. 'GET /tokens/v2/{category}/{interval}' */
  endpoint: string;
  status?: number;
  ok: boolean;
  durationMs: number;
  /** 1 for the first try */
  attempt: number;
  error?: string;
  rateLimit?: { remaining?: number; reset?: number };
}

export interface ClientOptions {
  baseUrl: string;
  apiKey?: string;
  /** per attempt; default 10000 */
  timeoutMs?: number;
  /** extra attempts for retryable requests; default 3 */
  retries?: number;
  /** first backoff step; default 250 */
  backoffBaseMs?: number;
  fetchImpl?: typeof fetch;
  onRequest?: (e: RequestEvent) => void;
  sleep?: (ms: number) => Promise<void>;
}

export interface CallOptions {
  signal?: AbortSignal;
}

/** A query value: booleans go as true/false, arrays comma-joined, undefined/null left out. */
export type QueryValue = string | number | boolean | readonly string[] | undefined | null;

export interface HttpRequest {
  method: 'GET' | 'POST';
  /** the operation name used in errors and events, e.g. 'POST /trigger/v1/createOrder' */
  endpoint: string;
  /** concrete path, e.g. '/tokens/v2/toptraded/1h' */
  path: string;
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** send x-api-key when the client has one (every group, portfolio included) */
  auth: boolean;
  /** safe to send again: GET reads and the execute POSTs */
  idempotent: boolean;
  signal?: AbortSignal;
}

/**
 * A POST of the contract: every group's POST paths take no parameters, so the endpoint name is
 * the path. Only the execute operations may be sent again (the same signed transaction never
 * executes twice); a POST that builds a transaction is never retried.
 */
export function postRequest(path: string, body: unknown, o: CallOptions | undefined): HttpRequest {
  return { method: 'POST', endpoint: `POST ${path}`, path, body, auth: true, idempotent: path.endsWith('/execute'), signal: o?.signal };
}

export interface HttpClient {
  request<T>(req: HttpRequest, guard: (body: unknown, endpoint: string) => T): Promise<T>;
}

/** Above this, a server-requested wait is not spent inside one call: the error carries retryAfterMs. */
export const MAX_RETRY_WAIT_MS = 60_000;
const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_RETRIES = 3;
const DEFAULT_BACKOFF_BASE_MS = 250;

/**
 * An integer that must reach the wire as a JSON number without passing through a float
 * (e.g. a u64 base-unit amount held as a digit string).
 */
export class JsonInteger {
  constructor(readonly digits: string) {
    if (!/^-?\d+$/.test(digits)) throw new TypeError('JsonInteger needs decimal digits');
  }
}

/** JSON.stringify that writes JsonInteger values as bare number literals. */
export function stringifyJson(value: unknown): string {
  const marker = `\u0001int${Math.random().toString(36).slice(2)}:`;
  const text = JSON.stringify(value, (_key, v: unknown) => (v instanceof JsonInteger ? marker + v.digits : v));
  const escaped = JSON.stringify(marker).slice(1, -1).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return text.replace(new RegExp(`"${escaped}(-?\\d+)"`, 'g'), '$1');
}

/** Builds a query string by hand so that DEX lists read `Meteora+DLMM,Raydium` on the wire. */
export function buildQuery(query: Record<string, QueryValue> = {}): string {
  const encode = (s: string) => encodeURIComponent(s).replace(/%20/g, '+');
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    const text = Array.isArray(value)
      ? value.map((item) => encode(String(item))).join(',')
      : encode(String(value));
    parts.push(`${encode(key)}=${text}`);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

/** Reads the server's human text out of any of the error envelopes the service uses. */
export function parseErrorBody(text: string): { message?: string; code?: number | string; errorCode?: string } {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    const plain = text.trim();
    return plain ? { message: plain } : {};
  }
  if (typeof body === 'string') return body.trim() ? { message: body } : {};
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return {};
  const b = body as Record<string, unknown>;
  const parts: string[] = [];
  const textOf = (v: unknown): string | undefined => {
    if (typeof v === 'string' && v.trim()) return v.trim();
    if (typeof v === 'object' && v !== null && typeof (v as { message?: unknown }).message === 'string') {
      return (v as { message: string }).message;
    }
    return undefined;
  };
  const error = textOf(b.error);
  if (error) parts.push(error);
  const cause = textOf(b.cause);
  if (cause && cause !== error) parts.push(cause);
  const message = textOf(b.message);
  if (message && !parts.includes(message)) parts.push(message);
  if (typeof b.errors === 'object' && b.errors !== null && !Array.isArray(b.errors)) {
    for (const [field, msgs] of Object.entries(b.errors as Record<string, unknown>)) {
      const list = (Array.isArray(msgs) ? msgs : [msgs]).filter((m): m is string => typeof m === 'string');
      if (list.length) parts.push(`${field}: ${list.join(', ')}`);
    }
  }
  const code = typeof b.code === 'number' || typeof b.code === 'string' ? b.code : undefined;
  const errorCode = typeof b.errorCode === 'string' ? b.errorCode : typeof b.errorCode === 'number' ? String(b.errorCode) : undefined;
  return { message: parts.length ? parts.join(': ') : undefined, code, errorCode };
}

/** Milliseconds to wait as the server asked: Retry-After (seconds or HTTP date), else x-ratelimit-reset. */
export function serverRequestedWaitMs(headers: Headers, nowMs: number): number | undefined {
  const retryAfter = headers.get('retry-after')?.trim();
  if (retryAfter) {
    if (/^\d+(\.\d+)?$/.test(retryAfter)) return Math.round(Number(retryAfter) * 1000);
    const at = Date.parse(retryAfter);
    if (!Number.isNaN(at)) return Math.max(0, at - nowMs);
  }
  const reset = headers.get('x-ratelimit-reset')?.trim();
  if (reset && /^\d+(\.\d+)?$/.test(reset)) {
    const wait = Number(reset) * 1000 - nowMs;
    // a reset time already past (clock skew) says nothing useful: fall back to backoff
    if (wait > 0) return Math.ceil(wait);
  }
  return undefined;
}

function rateLimitOf(headers: Headers): RequestEvent['rateLimit'] {
  const n = (name: string) => {
    const v = headers.get(name);
    return v !== null && /^\d+(\.\d+)?$/.test(v.trim()) ? Number(v) : undefined;
  };
  const remaining = n('x-ratelimit-remaining');
  const reset = n('x-ratelimit-reset');
  return remaining === undefined && reset === undefined ? undefined : { remaining, reset };
}

/** What a 401 means for the person at the keyboard, and how to set a key. */
export function apiKeyHint(keySent: boolean): string {
  return keySent
    ? 'the service refused the API key: check TRADEDECK_API_KEY or --api-key'
    : 'no API key was sent: set one with TRADEDECK_API_KEY=<key> or --api-key <key>';
}

const isRetryableStatus = (status: number) => status === 429 || (status >= 500 && status <= 599);

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Waits for `ms`, or rejects early when `signal` aborts. */
function sleepUnlessAborted(sleep: (ms: number) => Promise<void>, ms: number, signal?: AbortSignal): Promise<void> {
  if (!signal) return sleep(ms);
  if (signal.aborted) return Promise.reject(new Error('aborted'));
  if (sleep === defaultSleep) {
    // the real wait: its timer goes with the abort, so nothing is kept alive for a cancelled call
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      const onAbort = () => {
        clearTimeout(timer);
        reject(new Error('aborted'));
      };
      signal.addEventListener('abort', onAbort, { once: true });
    });
  }
  return new Promise<void>((resolve, reject) => {
    const onAbort = () => reject(new Error('aborted'));
    signal.addEventListener('abort', onAbort, { once: true });
    sleep(ms).then(
      () => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      },
      (e) => {
        signal.removeEventListener('abort', onAbort);
        reject(e);
      },
    );
  });
}

interface AttemptFailure {
  error: ApiError;
  waitMs?: number;
}

export function createHttpClient(opts: ClientOptions): HttpClient {
  if (typeof opts.baseUrl !== 'string' || !/^https?:\/\//i.test(opts.baseUrl)) {
    throw new TypeError('baseUrl must be an http(s) URL');
  }
  new URL(opts.baseUrl); // throws on a malformed URL
  const baseUrl = opts.baseUrl.replace(/\/+$/, '');
  const apiKey = opts.apiKey || undefined;
  // checked here so that a header error from fetch (which would quote the value) cannot happen
  if (apiKey !== undefined && !isSendableApiKey(apiKey)) {
    throw new TypeError('apiKey must be printable ASCII without spaces');
  }
  const secrets = apiKey ? [apiKey] : [];
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const retries = opts.retries ?? DEFAULT_RETRIES;
  const backoffBaseMs = opts.backoffBaseMs ?? DEFAULT_BACKOFF_BASE_MS;
  if (!(timeoutMs > 0)) throw new TypeError('timeoutMs must be positive');
  if (!Number.isInteger(retries) || retries < 0) throw new TypeError('retries must be a non-negative integer');
  if (!(backoffBaseMs >= 0)) throw new TypeError('backoffBaseMs must be >= 0');
  const fetchImpl = opts.fetchImpl ?? httpFetch;
  const sleep = opts.sleep ?? defaultSleep;
  const clean = (text: string) => sanitizeText(text, secrets);
  const garbled = new WeakSet<Error>();

  const emit = (e: RequestEvent) => {
    if (!opts.onRequest) return;
    try {
      opts.onRequest(e);
    } catch {
      // an observer must not break a request
    }
  };

  /** Exponential backoff with "equal jitter": between half and all of base * 2^(n-1). */
  const backoffMs = (attempt: number) => {
    const step = backoffBaseMs * 2 ** (attempt - 1);
    return Math.round(step / 2 + (Math.random() * step) / 2);
  };

  async function attemptOnce<T>(
    req: HttpRequest,
    attempt: number,
    guard: (body: unknown, endpoint: string) => T,
  ): Promise<{ ok: true; value: T } | { ok: false; failure: AttemptFailure }> {
    const url = baseUrl + req.path + buildQuery(req.query);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (req.auth && apiKey) headers['x-api-key'] = apiKey;
    let body: string | undefined;
    if (req.method === 'POST') {
      headers['content-type'] = 'application/json';
      body = stringifyJson(req.body ?? {});
    }

    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onCallerAbort = () => controller.abort();
    req.signal?.addEventListener('abort', onCallerAbort, { once: true });
    const started = Date.now();
    const base = { method: req.method, endpoint: req.endpoint, attempt };

    const fail = (error: ApiError, extra: Partial<RequestEvent> = {}, waitMs?: number) => {
      emit({ ...base, ok: false, durationMs: Date.now() - started, error: error.message, ...extra });
      return { ok: false as const, failure: { error, waitMs } };
    };

    try {
      let res: Response;
      let text: string;
      try {
        res = await fetchImpl(url, { method: req.method, headers, body, signal: controller.signal });
        text = await res.text();
      } catch (e) {
        if (req.signal?.aborted) {
          return fail(
            new ApiError(`${req.endpoint}: request cancelled`, { kind: 'network', endpoint: req.endpoint, retryable: false, attempts: attempt }),
          );
        }
        if (timedOut) {
          return fail(
            new ApiError(`${req.endpoint}: no response within ${timeoutMs} ms`, {
              kind: 'timeout',
              endpoint: req.endpoint,
              retryable: true,
              attempts: attempt,
            }),
          );
        }
        const reason = clean(e instanceof Error ? e.message : String(e)) || 'connection failed';
        return fail(
          new ApiError(`${req.endpoint}: network error: ${reason}`, { kind: 'network', endpoint: req.endpoint, retryable: true, attempts: attempt }),
        );
      }

      const rateLimit = rateLimitOf(res.headers);
      if (res.status < 200 || res.status > 299) {
        const parsed = parseErrorBody(text);
        const serverMessage = parsed.message ? clean(parsed.message) : undefined;
        const code = typeof parsed.code === 'string' ? clean(parsed.code) : parsed.code;
        const errorCode = parsed.errorCode ? clean(parsed.errorCode) : undefined;
        const retryable = isRetryableStatus(res.status);
        const waitMs = retryable ? serverRequestedWaitMs(res.headers, Date.now()) : undefined;
        const statusText = clean(res.statusText || '');
        const detail = serverMessage ?? (statusText || 'no message');
        const hint = res.status === 401 ? `; ${apiKeyHint(headers['x-api-key'] !== undefined)}` : '';
        const message = `${req.endpoint}: HTTP ${res.status}: ${detail}${errorCode ? ` [${errorCode}]` : ''}${hint}`;
        const error = new ApiError(message, {
          kind: 'http',
          endpoint: req.endpoint,
          status: res.status,
          serverMessage,
          code,
          errorCode,
          retryable,
          retryAfterMs: waitMs,
          attempts: attempt,
        });
        return fail(error, { status: res.status, rateLimit }, waitMs);
      }

      let json: unknown;
      try {
        json = text === '' ? undefined : JSON.parse(text);
      } catch {
        json = undefined;
      }
      if (json === undefined) {
        const error = new ResponseShapeError(req.endpoint, '(body)', 'must be JSON');
        garbled.add(error);
        emit({ ...base, ok: false, status: res.status, durationMs: Date.now() - started, error: error.message, rateLimit });
        throw error;
      }
      let value: T;
      try {
        value = guard(json, req.endpoint);
      } catch (e) {
        emit({
          ...base,
          ok: false,
          status: res.status,
          durationMs: Date.now() - started,
          error: e instanceof Error ? clean(e.message) : 'bad response',
          rateLimit,
        });
        throw e;
      }
      emit({ ...base, ok: true, status: res.status, durationMs: Date.now() - started, rateLimit });
      return { ok: true, value };
    } finally {
      clearTimeout(timer);
      req.signal?.removeEventListener('abort', onCallerAbort);
    }
  }

  return {
    async request<T>(req: HttpRequest, guard: (body: unknown, endpoint: string) => T): Promise<T> {
      const maxAttempts = req.idempotent ? 1 + retries : 1;
      for (let attempt = 1; ; attempt++) {
        if (req.signal?.aborted) {
          throw new ApiError(`${req.endpoint}: request cancelled`, { kind: 'network', endpoint: req.endpoint, retryable: false, attempts: attempt - 1 });
        }
        let outcome: Awaited<ReturnType<typeof attemptOnce<T>>>;
        try {
          outcome = await attemptOnce(req, attempt, guard);
        } catch (e) {
          // a 2xx body that is not JSON was cut short or garbled on the way: a read may try again
          if (!(e instanceof ResponseShapeError && garbled.has(e) && req.idempotent && attempt < maxAttempts)) throw e;
          try {
            await sleepUnlessAborted(sleep, backoffMs(attempt), req.signal);
          } catch {
            throw new ApiError(`${req.endpoint}: request cancelled`, { kind: 'network', endpoint: req.endpoint, retryable: false, attempts: attempt });
          }
          continue;
        }
        if (outcome.ok) return outcome.value;
        const { error, waitMs } = outcome.failure;
        const tooLong = waitMs !== undefined && waitMs > MAX_RETRY_WAIT_MS;
        if (!error.retryable || attempt >= maxAttempts || tooLong) {
          if (attempt > 1) {
            throw new ApiError(`${error.message} (after ${attempt} attempts)`, {
              kind: error.kind,
              endpoint: error.endpoint,
              status: error.status,
              serverMessage: error.serverMessage,
              code: error.code,
              errorCode: error.errorCode,
              retryable: error.retryable,
              retryAfterMs: error.retryAfterMs,
              attempts: attempt,
            });
          }
          throw error;
        }
        try {
          await sleepUnlessAborted(sleep, waitMs ?? backoffMs(attempt), req.signal);
        } catch {
          throw new ApiError(`${req.endpoint}: request cancelled`, { kind: 'network', endpoint: req.endpoint, retryable: false, attempts: attempt });
        }
      }
    },
  };
}

// ---- the transport ----
//
// Node 20's own fetch (undici) costs ~30 ms to load on the first request, and cross-fetch's Node
// polyfill (node-fetch, whatwg-url, tr46's mapping table) ~24 ms and 300 KB of bundle; the first
// token list is on the start-up path, so requests go through node:http (~8 ms), which already
// keeps connections alive. This is the part of fetch the clients use: method, headers, a string
// body, an AbortSignal; status, statusText, headers.get() and text(). Redirects are followed and
// gzip/deflate/br bodies decoded, as fetch does.

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

class HttpHeaders {
  constructor(private readonly raw: IncomingMessage['headers']) {}
  get(name: string): string | null {
    const v = this.raw[name.toLowerCase()];
    return v === undefined ? null : Array.isArray(v) ? v.join(', ') : v;
  }
}

interface HttpResponse {
  status: number;
  statusText: string;
  ok: boolean;
  headers: HttpHeaders;
  text(): Promise<string>;
}

async function decode(res: IncomingMessage, body: Buffer): Promise<string> {
  const encoding = String(res.headers['content-encoding'] ?? '').trim().toLowerCase();
  if (encoding === '' || encoding === 'identity' || body.length === 0) return body.toString('utf8');
  const zlib = await import('node:zlib');
  const { promisify } = await import('node:util');
  const unzip = encoding === 'gzip' || encoding === 'x-gzip' ? zlib.gunzip : encoding === 'deflate' ? zlib.inflate : encoding === 'br' ? zlib.brotliDecompress : undefined;
  if (!unzip) return body.toString('utf8');
  return ((await promisify(unzip)(body)) as Buffer).toString('utf8');
}

/** fetch, as far as the API and RPC clients use it, over node:http and node:https. */
export const httpFetch = (async (input: string | URL, init: { method?: string; headers?: Record<string, string>; body?: string; signal?: AbortSignal } = {}) => {
  let url = new URL(String(input));
  let method = (init.method ?? 'GET').toUpperCase();
  let body = init.body;
  for (let hop = 0; ; hop++) {
    const { request } = url.protocol === 'https:' ? await import('node:https') : await import('node:http');
    const headers: Record<string, string> = { 'accept-encoding': 'gzip, deflate, br', ...init.headers };
    if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
    const res = await new Promise<IncomingMessage>((resolve, reject) => {
      const req = request(url, { method, headers }, resolve);
      req.on('error', reject);
      // the signal destroys the request (and its response); given to request() itself, it would
      // also set up stream watchers that cost every request a third of a millisecond of CPU
      const signal = init.signal;
      if (signal) {
        const abort = () => req.destroy(new Error('the request was aborted'));
        if (signal.aborted) abort();
        else {
          signal.addEventListener('abort', abort, { once: true });
          req.once('close', () => signal.removeEventListener('abort', abort));
        }
      }
      req.end(body);
    });
    const location = res.headers.location;
    if (REDIRECTS.has(res.statusCode ?? 0) && location && hop < 20) {
      res.resume();
      url = new URL(location, url);
      if (res.statusCode === 303 || ((res.statusCode === 301 || res.statusCode === 302) && method === 'POST')) {
        method = 'GET';
        body = undefined;
      }
      continue;
    }
    const chunks: Buffer[] = [];
    const done = new Promise<Buffer>((resolve, reject) => {
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve(Buffer.concat(chunks)));
      res.on('error', reject);
      res.on('aborted', () => reject(new Error('the connection closed before the response ended')));
    });
    // an unread body would hold the connection: it is read at once, as the clients always do
    done.catch(() => {});
    const status = res.statusCode ?? 0;
    const response: HttpResponse = {
      status,
      statusText: res.statusMessage ?? '',
      ok: status >= 200 && status <= 299,
      headers: new HttpHeaders(res.headers),
      text: async () => decode(res, await done),
    };
    return response as unknown as Response;
  }
}) as unknown as typeof fetch;
