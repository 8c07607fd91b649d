// Errors raised by the API client. Every message is safe to show: the API key is removed from
// any text that came from the server or the network before it reaches one of these.

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

/** A request parameter broke a rule of the contract; raised before anything is sent. */
export class RequestRuleError extends Error {
  readonly field: string;
  readonly rule: string;

  constructor(field: string, rule: string, got?: unknown) {
    super(`${field} ${rule}${got === undefined ? '' : ` (got ${describeValue(got)})`}`);
    this.name = 'RequestRuleError';
    this.field = field;
    this.rule = rule;
  }
}

/** A response broke the contract: a required field is missing or has the wrong type. */
export class ResponseShapeError extends Error {
  readonly endpoint: string;
  readonly field: string;

  constructor(endpoint: string, field: string, expectation: string) {
    super(`${endpoint}: ${field} ${expectation}`);
    this.name = 'ResponseShapeError';
    this.endpoint = endpoint;
    this.field = field;
  }
}

/** 'abcd…wxyz' for long secrets; secrets too short to show a part of are fully masked. */
export function maskSecret(s: string): string {
  if (typeof s !== 'string' || s.length < 16) return '********';
  return `${s.slice(0, 4)}…${s.slice(-4)}`;
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
      out = out.split(form).join(maskSecret(secret));
    }
  }
  // eslint-disable-next-line no-control-regex
  out = out.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, '').replace(/\s+/g, ' ').trim();
  if (out.length > maxLength) out = `${out.slice(0, maxLength - 1)}…`;
  return out;
}

function describeValue(v: unknown): string {
  if (typeof v === 'string') return JSON.stringify(v.length > 60 ? `${v.slice(0, 57)}...` : v);
  if (typeof v === 'bigint') return `${v}n`;
  if (v === null || typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return 'an array';
  return typeof v;
}
