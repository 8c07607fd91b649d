// The one place that talks HTTP: builds URLs and JSON bodies, adds the API key, enforces a
// per-attempt timeout, retries what is safe to retry, and turns every failure into an ApiError
// whose text never contains the API key.

import type { IncomingMessage } from 'node:http';
import { ApiError, isSendableApiKey, maskUrlCredentials, sanitizeText } from './errors.js';
import { ResponseShapeError } from './contract/ruleErrors.js';

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
  /** the rate-limit headers of the answer, whatever its status (reset: unix seconds) */
  rateLimit?: { remaining?: number; current?: number; reset?: number };
}

export interface ClientOptions {
  baseUrl: string;
  apiKey?: string;
  /** per attempt; default 10000 */
  timeoutMs?: number;
  /** extra attempts for retryable requests; default 3 */
  retries?: number;
  /**
   * the most one call may take, its attempts and the waits between them included; unset: only
   * timeoutMs and retries bound it. An attempt's time limit is cut to what is left of it, and no
   * retry starts that could not end within it.
   */
  budgetMs?: number;
  /** first backoff step; default 250 */
  backoffBaseMs?: number;
  fetchImpl?: FetchLike;
  onRequest?: (e: RequestEvent) => void;
  sleep?: (ms: number) => Promise<void>;
}

export interface CallOptions {
  signal?: AbortSignal;
  /**
   * the login token (JWT) of an operation that needs one (Trigger API V2): sent as
   * `Authorization: Bearer`, kept out of every message, never stored by the client
   */
  token?: string;
}

/** A query value: booleans go as true/false, arrays comma-joined, undefined/null left out. */
export type QueryValue = string | number | boolean | readonly string[] | undefined | null;

export interface HttpRequest {
  method: 'GET' | 'POST' | 'PATCH';
  /** the operation name used in errors and events, e.g. 'POST /trigger/v1/createOrder' */
  endpoint: string;
  /** concrete path, e.g. '/tokens/v2/toptraded/1h' */
  path: string;
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** send x-api-key when the client has one (every group, portfolio included) */
  auth: boolean;
  /** a login token to send as `Authorization: Bearer` */
  bearer?: string;
  /** safe to send again: GET reads and the execute POSTs */
  idempotent: boolean;
  signal?: AbortSignal;
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
  const escaped = JSON.stringify(marker)
    .slice(1, -1)
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return text.replace(new RegExp(`"${escaped}(-?\\d+)"`, 'g'), '$1');
}

/** Builds a query string by hand so that DEX lists read `Meteora+DLMM,Raydium` on the wire. */
export function buildQuery(query: Record<string, QueryValue> = {}): string {
  const encode = (s: string) => encodeURIComponent(s).replace(/%20/g, '+');
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    const text = Array.isArray(value) ? value.map((item) => encode(String(item))).join(',') : encode(String(value));
    parts.push(`${encode(key)}=${text}`);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

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
  if (isRecord(b.errors)) {
    for (const [field, msgs] of Object.entries(b.errors)) {
      const list = (Array.isArray(msgs) ? msgs : [msgs]).filter((m): m is string => typeof m === 'string');
      if (list.length) parts.push(`${field}: ${list.join(', ')}`);
    }
  }
  // a field-by-field account of a refused request: {"error": "Request validation failed", "details": {"field": "why"}}
  if (isRecord(b.details)) {
    for (const [field, why] of Object.entries(b.details)) if (typeof why === 'string') parts.push(`${field}: ${why}`);
  }
  const code = typeof b.code === 'number' || typeof b.code === 'string' ? b.code : undefined;
  const errorCode =
    typeof b.errorCode === 'string' ? b.errorCode : typeof b.errorCode === 'number' ? String(b.errorCode) : undefined;
  return { message: parts.length ? parts.join(': ') : undefined, code, errorCode };
}

/** Milliseconds to wait as the server asked: Retry-After (seconds or HTTP date), else x-ratelimit-reset. */
export function serverRequestedWaitMs(headers: Pick<Headers, 'get'>, nowMs: number): number | undefined {
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

function rateLimitOf(headers: Pick<Headers, 'get'>): RequestEvent['rateLimit'] {
  const n = (name: string) => {
    const v = headers.get(name);
    return v !== null && /^\d+(\.\d+)?$/.test(v.trim()) ? Number(v) : undefined;
  };
  const remaining = n('x-ratelimit-remaining');
  const current = n('x-ratelimit-current');
  const reset = n('x-ratelimit-reset');
  if (remaining === undefined && current === undefined && reset === undefined) return undefined;
  return { remaining, ...(current === undefined ? {} : { current }), reset };
}

/** What a 401 means for the person at the keyboard, and how to set a key. */
export function apiKeyHint(keySent: boolean): string {
  return keySent
    ? 'the service refused the API key: check TRADEDECK_API_KEY or --api-key'
    : 'no API key was sent: set one with TRADEDECK_API_KEY=<key> or --api-key <key>';
}

/** What a 403 means: the key was accepted but does not reach this operation (or no key was sent). */
export function accessHint(keySent: boolean): string {
  return keySent
    ? 'the API key has no access to this operation (a plan or permission the key lacks)'
    : apiKeyHint(false);
}

/** A rate limit's wait as the person reads it: 'rate limited: retry in 74 s'. */
export function rateLimitText(waitMs: number): string {
  return `rate limited: retry in ${Math.max(1, Math.ceil(waitMs / 1000))} s`;
}

/** 15000 -> '15', 750 -> '0.75' */
const formatSeconds = (ms: number) => String(Math.round(ms / 10) / 100);

const isRetryableStatus = (status: number) => status === 429 || (status >= 500 && status <= 599);

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Waits for `ms`, or rejects early when `signal` aborts. */
function sleepUnlessAborted(sleep: (ms: number) => Promise<void>, ms: number, signal?: AbortSignal): Promise<void> {
  if (!signal) return sleep(ms);
  if (signal.aborted) return Promise.reject(new Error('aborted'));
  return new Promise<void>((resolve, reject) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const settle = (end: () => void) => () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      end();
    };
    const onAbort = settle(() => reject(new Error('aborted')));
    signal.addEventListener('abort', onAbort, { once: true });
    // the real wait's timer goes with the abort, so nothing is kept alive for a cancelled call
    if (sleep === defaultSleep) timer = setTimeout(settle(resolve), ms);
    else sleep(ms).then(settle(resolve), (e) => settle(() => reject(e))());
  });
}

/** The call was cancelled by its caller (after `attempts` attempts). */
const cancelled = (endpoint: string, attempts: number) =>
  new ApiError(`${endpoint}: request cancelled`, { kind: 'network', endpoint, retryable: false, attempts });

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
  const budgetMs = opts.budgetMs ?? Infinity;
  if (!(timeoutMs > 0)) throw new TypeError('timeoutMs must be positive');
  if (!(budgetMs > 0)) throw new TypeError('budgetMs must be positive');
  if (!Number.isInteger(retries) || retries < 0) throw new TypeError('retries must be a non-negative integer');
  if (!(backoffBaseMs >= 0)) throw new TypeError('backoffBaseMs must be >= 0');
  const fetchImpl = opts.fetchImpl ?? httpFetch;
  const sleep = opts.sleep ?? defaultSleep;
  const cleanText = (text: string) => sanitizeText(text, secrets);
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
    limitMs: number,
  ): Promise<{ ok: true; value: T } | { ok: false; failure: AttemptFailure }> {
    const url = baseUrl + req.path + buildQuery(req.query);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (req.auth && apiKey) headers['x-api-key'] = apiKey;
    if (req.bearer !== undefined) headers.authorization = `Bearer ${req.bearer}`;
    const clean =
      req.bearer === undefined ? cleanText : (text: string) => sanitizeText(text, [...secrets, req.bearer!]);
    let body: string | undefined;
    // a PATCH always carries its changes; a POST whose every field went into its path carries none
    if (req.method === 'PATCH' || (req.method === 'POST' && req.body !== undefined)) {
      headers['content-type'] = 'application/json';
      body = stringifyJson(req.body ?? {});
    }

    const started = Date.now();
    const base = { method: req.method, endpoint: req.endpoint, attempt };

    const fail = (error: ApiError, extra: Partial<RequestEvent> = {}, waitMs?: number) => {
      emit({ ...base, ok: false, durationMs: Date.now() - started, error: error.message, ...extra });
      return { ok: false as const, failure: { error, waitMs } };
    };

    let res: FetchResponse;
    let text: string;
    try {
      ({ res, text } = await fetchWithin(fetchImpl, url, { method: req.method, headers, body }, limitMs, req.signal));
    } catch (e) {
      if (req.signal?.aborted) return fail(cancelled(req.endpoint, attempt));
      if (e instanceof RedirectRefusedError) {
        const to = shownUrl(e.location, secrets);
        return fail(
          new ApiError(`the service redirected ${req.endpoint} to ${to}; not followed`, {
            kind: 'http',
            endpoint: req.endpoint,
            status: e.status,
            retryable: false,
            attempts: attempt,
          }),
          { status: e.status },
        );
      }
      if (e instanceof ResponseTooLargeError) {
        return fail(
          new ApiError(`${req.endpoint}: ${e.message}`, {
            kind: 'http',
            endpoint: req.endpoint,
            retryable: false,
            attempts: attempt,
          }),
        );
      }
      if (e instanceof FetchTimeoutError) {
        return fail(
          new ApiError(`${req.endpoint}: ${e.message}`, {
            kind: 'timeout',
            endpoint: req.endpoint,
            retryable: true,
            attempts: attempt,
          }),
        );
      }
      const reason = clean(e instanceof Error ? e.message : String(e)) || 'connection failed';
      return fail(
        new ApiError(`${req.endpoint}: network error: ${reason}`, {
          kind: 'network',
          endpoint: req.endpoint,
          retryable: true,
          attempts: attempt,
        }),
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
      const keySent = headers['x-api-key'] !== undefined;
      const hint =
        res.status === 401
          ? `; ${req.bearer === undefined ? apiKeyHint(keySent) : 'the login token was refused (expired or not valid): log in again'}`
          : res.status === 403
            ? `; ${accessHint(keySent)}`
            : '';
      const said = `HTTP ${res.status}: ${detail}${errorCode ? ` [${errorCode}]` : ''}`;
      // a rate limit with a stated wait says first how long (the service's own text follows)
      const message =
        res.status === 429 && waitMs !== undefined
          ? `${req.endpoint}: ${rateLimitText(waitMs)} (${said})`
          : `${req.endpoint}: ${said}${hint}`;
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
      emit({
        ...base,
        ok: false,
        status: res.status,
        durationMs: Date.now() - started,
        error: error.message,
        rateLimit,
      });
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
  }

  return {
    async request<T>(req: HttpRequest, guard: (body: unknown, endpoint: string) => T): Promise<T> {
      const maxAttempts = req.idempotent ? 1 + retries : 1;
      /** time spent on this call: its attempts as measured, and the waits between them as asked */
      let spentMs = 0;
      /** the least time worth starting another attempt with */
      const MIN_ATTEMPT_MS = Math.min(timeoutMs, 100);
      const outOfBudget = (waitMs: number) => spentMs + waitMs + MIN_ATTEMPT_MS > budgetMs;
      /** waits before the next attempt; a cancel meanwhile ends the call */
      const pause = async (ms: number, attempt: number) => {
        await sleepUnlessAborted(sleep, ms, req.signal).catch(() => {
          throw cancelled(req.endpoint, attempt);
        });
        spentMs += ms;
      };
      for (let attempt = 1; ; attempt++) {
        if (req.signal?.aborted) throw cancelled(req.endpoint, attempt - 1);
        let outcome: Awaited<ReturnType<typeof attemptOnce<T>>>;
        const attemptStarted = Date.now();
        try {
          outcome = await attemptOnce(req, attempt, guard, Math.max(1, Math.min(timeoutMs, budgetMs - spentMs)));
        } catch (e) {
          spentMs += Date.now() - attemptStarted;
          // a 2xx body that is not JSON was cut short or garbled on the way: a read may try again
          const wait = backoffMs(attempt);
          if (!(
            e instanceof ResponseShapeError &&
            garbled.has(e) &&
            req.idempotent &&
            attempt < maxAttempts &&
            !outOfBudget(wait)
          ))
            throw e;
          await pause(wait, attempt);
          continue;
        }
        spentMs += Date.now() - attemptStarted;
        if (outcome.ok) return outcome.value;
        const { error, waitMs } = outcome.failure;
        const tooLong = waitMs !== undefined && waitMs > MAX_RETRY_WAIT_MS;
        const wait = waitMs ?? backoffMs(attempt);
        const overBudget = error.retryable && attempt < maxAttempts && !tooLong && outOfBudget(wait);
        if (!error.retryable || attempt >= maxAttempts || tooLong || overBudget) {
          // a wait the service stated and that is out of reach is said by the message itself (retry in N s)
          const allowed = overBudget && waitMs === undefined ? `; ${formatSeconds(budgetMs)} s allowed in all` : '';
          if (attempt > 1 || allowed) {
            throw new ApiError(`${error.message} (after ${attempt} attempt${attempt === 1 ? '' : 's'}${allowed})`, {
              ...error,
              attempts: attempt,
            });
          }
          throw error;
        }
        await pause(wait, attempt);
      }
    },
  };
}

// ---- the transport ----
//
// Node 20's own fetch (undici) costs ~30 ms to load on the first request, and cross-fetch's Node
// polyfill (node-fetch, whatwg-url, tr46's mapping table) ~24 ms and 300 KB of bundle; the first
// token list is on the start-up path, so requests go through node:http (~8 ms), which already
// keeps connections alive. This is the part of fetch the clients use: method, headers, a body, an
// AbortSignal; status, statusText, headers.get() and text(). gzip/deflate/br bodies are decoded as
// fetch does. Unlike fetch, a hostile or broken service is kept at arm's length:
// - a redirect is followed only for a GET and only to the same origin (scheme, host and port):
//   the API key and a signed transaction never go to another host, nor https turn into http;
//   any other redirect is refused with RedirectRefusedError naming where it pointed;
// - a body (as sent, and again once decompressed) is read only up to MAX_RESPONSE_BYTES, counted
//   as it arrives, so a compression bomb costs a few MB, not gigabytes.

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** same-origin redirects followed for one GET */
const MAX_REDIRECTS = 5;

/** The most a response body may hold, as it travels and once decompressed. */
export const MAX_RESPONSE_BYTES = 20 * 1024 * 1024;

/** A redirect the transport does not follow: of anything but a GET, or to another origin. */
export class RedirectRefusedError extends Error {
  constructor(
    readonly method: string,
    readonly status: number,
    /** where it pointed, absolute */
    readonly location: string,
  ) {
    super(`redirected ${method} to ${location}; not followed`);
    this.name = 'RedirectRefusedError';
  }
}

/** A response body beyond MAX_RESPONSE_BYTES (as sent, or once decompressed): reading stopped. */
export class ResponseTooLargeError extends Error {
  constructor(readonly decompressed: boolean) {
    super(
      `the response is larger than ${MAX_RESPONSE_BYTES / 1024 / 1024} MB${decompressed ? ' once decompressed' : ''}; not read`,
    );
    this.name = 'ResponseTooLargeError';
  }
}

/** No answer came within the time allowed (the request was aborted). */
export class FetchTimeoutError extends Error {
  constructor(readonly ms: number) {
    super(`no response within ${ms} ms`);
    this.name = 'FetchTimeoutError';
  }
}

/**
 * One request and its whole body through `fetchImpl` (the API and the RPC clients both send this
 * way): given up with FetchTimeoutError after `ms`, or with the transport's error when `signal`
 * aborts first. Nothing of it outlives the call.
 */
export async function fetchWithin(
  fetchImpl: FetchLike,
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
  ms: number,
  signal?: AbortSignal,
): Promise<{ res: FetchResponse; text: string }> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, ms);
  const onCallerAbort = () => controller.abort();
  signal?.addEventListener('abort', onCallerAbort, { once: true });
  try {
    const res = await fetchImpl(url, { ...init, signal: controller.signal });
    return { res, text: await res.text() };
  } catch (e) {
    if (timedOut && !signal?.aborted && !(e instanceof RedirectRefusedError || e instanceof ResponseTooLargeError))
      throw new FetchTimeoutError(ms);
    throw e;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onCallerAbort);
  }
}

/** A URL as it may be shown in a message: credentials masked, controls removed, at most `max` characters. */
export function shownUrl(url: string, secrets: readonly string[] = [], max = 100): string {
  return sanitizeText(maskUrlCredentials(url), secrets, max);
}

class HttpHeaders {
  constructor(private readonly raw: IncomingMessage['headers']) {}
  get(name: string): string | null {
    const v = this.raw[name.toLowerCase()];
    return v === undefined ? null : Array.isArray(v) ? v.join(', ') : v;
  }
}

/** What the clients send through a fetch. */
interface FetchInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  signal?: AbortSignal;
}

/** What the clients read of an answer: the global fetch's Response has it, and so has httpFetch's. */
interface FetchResponse {
  status: number;
  statusText: string;
  ok: boolean;
  headers: Pick<Headers, 'get'>;
  text(): Promise<string>;
}

/** fetch as far as the clients use it: the global fetch is one, httpFetch another (and tests pass their own). */
export type FetchLike = (input: string | URL, init?: FetchInit) => Promise<FetchResponse>;

/**
 * Reads a response body, decoding gzip/deflate/br with a streaming decoder; both the bytes
 * received and the bytes decoded are counted as they come, and reading stops (the connection is
 * dropped) as soon as either passes MAX_RESPONSE_BYTES.
 */
async function readBody(res: IncomingMessage): Promise<Buffer> {
  const declared = Number(res.headers['content-length']);
  if (Number.isFinite(declared) && declared > MAX_RESPONSE_BYTES) {
    res.destroy();
    throw new ResponseTooLargeError(false);
  }
  // a connection lost while the decoder loads is caught here (an unheard 'error' would be thrown)
  let lost: Error | undefined;
  res.once('error', (e) => (lost ??= e));
  res.once('aborted', () => (lost ??= new Error('the connection closed before the response ended')));
  const encoding = String(res.headers['content-encoding'] ?? '')
    .trim()
    .toLowerCase();
  const zlib = encoding === '' || encoding === 'identity' ? undefined : await import('node:zlib');
  if (lost) throw lost;
  const decoder =
    zlib === undefined
      ? undefined
      : encoding === 'gzip' || encoding === 'x-gzip'
        ? zlib.createGunzip()
        : encoding === 'deflate'
          ? zlib.createInflate()
          : encoding === 'br'
            ? zlib.createBrotliDecompress()
            : undefined;
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    let decoded = 0;
    let settled = false;
    const finish = (error?: Error) => {
      if (settled) return;
      settled = true;
      if (error) {
        chunks.length = 0;
        res.destroy();
        decoder?.destroy();
        reject(error);
      } else resolve(Buffer.concat(chunks));
    };
    res.on('error', (e) => finish(e));
    res.on('aborted', () => finish(new Error('the connection closed before the response ended')));
    res.on('data', (c: Buffer) => {
      if (settled) return;
      received += c.length;
      if (received > MAX_RESPONSE_BYTES) return finish(new ResponseTooLargeError(false));
      if (decoder) decoder.write(c);
      else chunks.push(c);
    });
    res.on('end', () => {
      if (settled) return;
      if (!decoder) return finish();
      // an empty body with an encoding header is an empty body, not a broken stream
      if (received === 0) return finish();
      decoder.end();
    });
    if (decoder) {
      decoder.on('data', (c: Buffer) => {
        if (settled) return;
        decoded += c.length;
        if (decoded > MAX_RESPONSE_BYTES) return finish(new ResponseTooLargeError(true));
        chunks.push(c);
      });
      decoder.on('end', () => finish());
      decoder.on('error', (e) => finish(e));
    }
  });
}

/** fetch, as far as the API, RPC and upload clients use it, over node:http and node:https. */
export const httpFetch: FetchLike = async (input, init = {}) => {
  let url = new URL(String(input));
  const method = (init.method ?? 'GET').toUpperCase();
  const body = init.body;
  for (let hop = 0; ; hop++) {
    const { request } = url.protocol === 'https:' ? await import('node:https') : await import('node:http');
    const headers: Record<string, string> = { 'accept-encoding': 'gzip, deflate, br', ...init.headers };
    if (body !== undefined)
      headers['content-length'] = String(typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength);
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
    const status = res.statusCode ?? 0;
    if (REDIRECTS.has(status) && location) {
      res.resume();
      let next: URL;
      try {
        next = new URL(location, url);
      } catch {
        throw new RedirectRefusedError(method, status, location);
      }
      // only a read goes again, only where it was going (the key and bodies stay with the origin)
      if (method !== 'GET' || next.origin !== url.origin || hop >= MAX_REDIRECTS)
        throw new RedirectRefusedError(method, status, next.href);
      url = next;
      continue;
    }
    // an unread body would hold the connection: it is read at once, as the clients always do
    const done = readBody(res);
    done.catch(() => {});
    return {
      status,
      statusText: res.statusMessage ?? '',
      ok: status >= 200 && status <= 299,
      headers: new HttpHeaders(res.headers),
      text: async () => (await done).toString('utf8'),
    };
  }
};
