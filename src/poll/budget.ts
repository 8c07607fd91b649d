// The request budget learned from the service's rate-limit headers, and the polling pace it allows.
//
// Every answer says how many requests the account has left in its window (x-ratelimit-remaining),
// how many it made (x-ratelimit-current) and when the oldest of them leaves the window
// (x-ratelimit-reset, unix seconds). The limit is current + remaining. The window is read from an
// answer whose request was the only one in it (current 1): its reset is then one window away;
// until such an answer is seen it is taken as the documented sliding 60 s, or longer if a reset
// says so.

/** The share of the account's limit polling may use; the rest is the person's own actions. */
export const POLL_SHARE = 0.7;
/** Below this share of the limit left, polling slows (ever more as it runs out). */
export const LOW_SHARE = 0.3;
/** The header shows what is left once under this share. */
export const SHOW_REMAINING_SHARE = 0.2;
export const DEFAULT_WINDOW_MS = 60_000;

/** What pacing needs of the scheduler (src/poll/scheduler.ts). */
interface Paceable {
  setBudget(perMinute: number | undefined, maxMs?: number): void;
}

export interface RateLimitHeaders {
  remaining?: number;
  current?: number;
  reset?: number;
}

export interface Budget {
  /** requests per window (current + remaining) */
  limit: number;
  windowMs: number;
  /** whether the window was read from an answer (current 1) rather than assumed */
  windowKnown: boolean;
  remaining: number;
  /** when an answer last changed it (ms) */
  at: number;
}

/** The budget after one answer's headers; the previous one when they say nothing usable. */
export function learnBudget(prev: Budget | undefined, h: RateLimitHeaders | undefined, at: number): Budget | undefined {
  if (!h || h.remaining === undefined || h.current === undefined) return prev;
  const limit = h.current + h.remaining;
  if (!(limit > 0)) return prev;
  let windowMs = prev?.windowMs ?? DEFAULT_WINDOW_MS;
  let windowKnown = prev?.windowKnown ?? false;
  if (h.reset !== undefined) {
    // reset is whole seconds: round what it says to the second, at least one
    const ahead = Math.max(1_000, Math.round((h.reset * 1000 - at) / 1000) * 1000);
    if (h.current <= 1 && ahead <= 10 * DEFAULT_WINDOW_MS) {
      windowMs = windowKnown ? Math.max(windowMs, ahead) : ahead;
      windowKnown = true;
    } else if (ahead > windowMs && ahead <= 10 * DEFAULT_WINDOW_MS) windowMs = ahead;
  }
  const next = { limit, windowMs, windowKnown, remaining: Math.max(0, h.remaining), at };
  if (
    prev &&
    prev.limit === next.limit &&
    prev.windowMs === next.windowMs &&
    prev.windowKnown === next.windowKnown &&
    prev.remaining === next.remaining
  ) {
    return prev;
  }
  return next;
}

/**
 * Requests a minute polling may make: POLL_SHARE of the account's rate, and less once under
 * LOW_SHARE of the limit is left (by the square of how far under, so that at 5 of 60 left it is
 * a small fraction and the window has time to drain before the limit is reached).
 */
export function pollingPerMinute(b: Budget): number {
  const rate = (b.limit * 60_000) / b.windowMs;
  const left = b.remaining / b.limit;
  const ramp = left >= LOW_SHARE ? 1 : (left / LOW_SHARE) ** 2;
  return POLL_SHARE * rate * ramp;
}

/** The header's note, 'poll 1.5s' or 'poll 20s 5/60 left': the visible screen's pace and, when little is left, what is left. */
export function budgetNote(b: Budget | undefined, paceMs: number | undefined): string | undefined {
  const parts: string[] = [];
  if (paceMs !== undefined)
    parts.push(
      `poll ${paceMs < 10_000 ? (Math.round(paceMs / 100) / 10).toString() : String(Math.round(paceMs / 1000))}s`,
    );
  if (b && b.remaining < SHOW_REMAINING_SHARE * b.limit) parts.push(`${b.remaining}/${b.limit} left`);
  return parts.length ? parts.join(' ') : undefined;
}

export interface PacedResource {
  key: string;
  /** the resource's own interval (or the pinned one) */
  baseMs: number;
  background: boolean;
  /** a pace the person set: kept as it is, its requests counted first */
  pinned: boolean;
}

/**
 * The interval of each paced resource within `perMinute`: the visible screen's resources share
 * what the background ones at their own intervals leave, as often as every minMs; when even that
 * does not fit, the background ones give way first, then the visible ones slow below their own
 * interval. No interval is longer than maxMs or the resource's own, whichever is longer.
 */
export function paceIntervals(
  resources: readonly PacedResource[],
  perMinute: number,
  minMs: number,
  maxMs: number,
): Map<string, number> {
  const out = new Map<string, number>();
  const rate = (ms: number) => 60_000 / ms;
  let avail = perMinute;
  for (const r of resources) {
    if (r.pinned) {
      out.set(r.key, r.baseMs);
      avail -= rate(r.baseMs);
    }
  }
  avail = Math.max(0, avail);
  const fg = resources.filter((r) => !r.pinned && !r.background);
  const bg = resources.filter((r) => !r.pinned && r.background);
  const fgBase = fg.reduce((s, r) => s + rate(r.baseMs), 0);
  const bgBase = bg.reduce((s, r) => s + rate(r.baseMs), 0);
  // never slower than maxMs (or the resource's own interval, when longer): a budget run low is
  // learned again from the next answers
  const clamp = (ms: number, r: PacedResource) =>
    Math.min(Math.max(maxMs, r.baseMs), Math.max(minMs, Math.ceil(ms / 100) * 100));
  if (avail >= fgBase + bgBase) {
    // the visible ones share what is left, each at most once every minMs, never slower than their own
    const each = fg.length ? (avail - bgBase) / fg.length : 0;
    for (const r of fg) out.set(r.key, clamp(Math.min(r.baseMs, 60_000 / each), r));
    for (const r of bg) out.set(r.key, clamp(r.baseMs, r));
  } else if (avail >= fgBase) {
    for (const r of fg) out.set(r.key, clamp(r.baseMs, r));
    const scale = avail > fgBase ? bgBase / (avail - fgBase) : Infinity;
    for (const r of bg) out.set(r.key, clamp(r.baseMs * scale, r));
  } else {
    const scale = avail > 0 ? fgBase / avail : Infinity;
    for (const r of fg) out.set(r.key, clamp(r.baseMs * scale, r));
    for (const r of bg) out.set(r.key, Math.max(maxMs, r.baseMs));
  }
  return out;
}

/**
 * Hands the scheduler the pace a budget allows: the requests a minute polling may make, and the
 * longest interval it may give (one window: the budget is learned again from the next answers).
 */
export function applyBudget(scheduler: Paceable, b: Budget | undefined): void {
  scheduler.setBudget(b === undefined ? undefined : pollingPerMinute(b), b?.windowMs);
}
