// How long to wait after a failed poll.

/** Jitter spreads retries over [1 - JITTER, 1 + JITTER) of the nominal delay. */
export const JITTER = 0.2;

/** The server's own wait, if the error carries one (ApiError.retryAfterMs, from Retry-After or x-ratelimit-reset). */
export function retryAfterOf(err: unknown): number | undefined {
  if (typeof err !== 'object' || err === null || !('retryAfterMs' in err)) return undefined;
  const ms = (err as { retryAfterMs?: unknown }).retryAfterMs;
  return typeof ms === 'number' && Number.isFinite(ms) && ms >= 0 ? ms : undefined;
}

/**
 * Delay before retry number `failures` (1 after the first failure): the interval doubled per
 * consecutive failure, capped at maxMs, then scaled by a random factor in [0.8, 1.2) so that
 * resources failing together do not retry together. A wait the server asked for wins over the
 * formula (it is what the rate limiter will enforce), but never below minMs, so a server that keeps
 * answering "retry after 0" cannot put us in a tight loop.
 */
export function backoffDelay(opts: {
  failures: number;
  intervalMs: number;
  maxMs: number;
  minMs: number;
  random: () => number;
  retryAfterMs?: number;
}): number {
  if (opts.retryAfterMs !== undefined) return Math.max(opts.minMs, Math.ceil(opts.retryAfterMs));
  const exponent = Math.min(Math.max(opts.failures - 1, 0), 30);
  const nominal = Math.min(opts.maxMs, opts.intervalMs * 2 ** exponent);
  const factor = 1 - JITTER + 2 * JITTER * clampUnit(opts.random());
  return Math.max(opts.minMs, Math.floor(nominal * factor));
}

function clampUnit(x: number): number {
  if (!Number.isFinite(x) || x < 0) return 0;
  return x >= 1 ? 1 - Number.EPSILON : x;
}
