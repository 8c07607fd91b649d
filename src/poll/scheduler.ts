// The polling scheduler: fetches each registered resource on its interval, only while some mounted
// screen holds it, one request per resource at a time, backing off after errors and keeping the last
// good data. It knows nothing about the API or the store: a resource is a fetch function, and
// results leave through onData / subscribe.
import { backoffDelay, retryAfterOf } from './backoff.js';
import { paceIntervals, type PacedResource } from './budget.js';

export const MIN_INTERVAL_MS = 1_000;
export const MAX_INTERVAL_MS = 10 * 60_000;
export const DEFAULT_MAX_BACKOFF_MS = 60_000;

export type TimerHandle = unknown;

export interface SchedulerOptions {
  now?: () => number;
  setTimer?: (fn: () => void, ms: number) => TimerHandle;
  clearTimer?: (handle: TimerHandle) => void;
  random?: () => number;
  maxBackoffMs?: number;
}

export interface PollState<T = unknown> {
  data?: T;
  /** When the last good data arrived (scheduler clock). */
  fetchedAt?: number;
  /** The last failure; cleared by the next success. */
  error?: unknown;
  /** Consecutive failures. */
  failures: number;
  inFlight: boolean;
  /** When the next fetch is due; undefined while paused, inactive or in flight. */
  nextAt?: number;
  /** The data is older than twice the interval. */
  stale: boolean;
  intervalMs: number;
  active: boolean;
}

export interface ResourceDef<T> {
  intervalMs: number;
  /**
   * A request to the service that shares the account's request budget (see setBudget): the
   * visible screen's resources get the budget first, the background ones what is left.
   */
  paced?: 'visible' | 'background';
  fetch: (signal: AbortSignal) => Promise<T>;
  onData?(data: T, at: number): void;
  onError?(err: unknown, state: PollState<T>): void;
}

/** Called after a resource's state changed (key), or the scheduler's own (no key: pause, resume). */
export type SchedulerListener = (key?: string) => void;

export interface Scheduler {
  register<T>(key: string, def: ResourceDef<T>): () => void;
  /** One holder per call; the returned release is idempotent. A key may be held before it is registered. */
  acquire(key: string): () => void;
  release(key: string): void;
  /** A single on/off holder per key, for callers that do not want to count. */
  setActive(key: string, active: boolean): void;
  isActive(key: string): boolean;
  pause(): void;
  resume(): void;
  isPaused(): boolean;
  /** Fetch now: the key, or every active resource. Skips one already in flight. */
  refresh(key?: string): void;
  /**
   * Changes the resource's own interval (clamped to MIN..MAX_INTERVAL_MS) and returns the value
   * applied. Pinned: the person chose it, and the budget does not move it.
   */
  setInterval(key: string, ms: number, opts?: { pinned?: boolean }): number;
  /**
   * The requests a minute paced resources may make together, and the longest interval pacing may
   * give one (at least its own); undefined: no budget known, every resource at its own interval.
   */
  setBudget(perMinute: number | undefined, maxMs?: number): void;
  state<T = unknown>(key: string): PollState<T> | undefined;
  subscribe(listener: SchedulerListener): () => void;
  /** Requests per minute of the active resources at their intervals, as if not paused. */
  requestsPerMinute(): number;
  keys(): string[];
  dispose(): void;
}

interface Entry {
  key: string;
  def: ResourceDef<unknown>;
  /** the interval in use: the own one, or the one the budget gives */
  intervalMs: number;
  /** the resource's own interval (declared, or set by setInterval) */
  baseMs: number;
  pinned: boolean;
  data?: unknown;
  hasData: boolean;
  fetchedAt?: number;
  error?: unknown;
  failures: number;
  /** Set after a failure: no scheduled fetch before this. */
  retryAt?: number;
  /** Set when the server named its own wait: not even a manual refresh before this. */
  blockedUntil?: number;
  controller?: AbortController;
  timer?: TimerHandle;
  nextAt?: number;
  version: number;
  snapshot?: PollState;
  snapshotVersion?: number;
}

export function clampInterval(ms: number): number {
  if (!Number.isFinite(ms)) return MIN_INTERVAL_MS;
  return Math.min(MAX_INTERVAL_MS, Math.max(MIN_INTERVAL_MS, Math.round(ms)));
}

export function createScheduler(opts: SchedulerOptions = {}): Scheduler {
  const now = opts.now ?? Date.now;
  const setTimer = opts.setTimer ?? ((fn: () => void, ms: number) => setTimeout(fn, ms));
  const clearTimer = opts.clearTimer ?? ((h: TimerHandle) => clearTimeout(h as ReturnType<typeof setTimeout>));
  const random = opts.random ?? Math.random;
  const maxBackoffMs = opts.maxBackoffMs ?? DEFAULT_MAX_BACKOFF_MS;

  const entries = new Map<string, Entry>();
  const holders = new Map<string, number>();
  const switchedOn = new Set<string>();
  const listeners = new Set<SchedulerListener>();
  let paused = false;
  let disposed = false;
  let budget: { perMinute: number; maxMs: number } | undefined;

  const isActive = (key: string) => switchedOn.has(key) || (holders.get(key) ?? 0) > 0;

  function emit(key?: string) {
    for (const listener of [...listeners]) {
      try {
        listener(key);
      } catch (err) {
        // A broken listener must not stop the others or the scheduler; surface it loudly.
        queueMicrotask(() => {
          throw err;
        });
      }
    }
  }

  function changed(e: Entry) {
    e.version++;
    emit(e.key);
  }

  function stopTimer(e: Entry) {
    if (e.timer !== undefined) clearTimer(e.timer);
    e.timer = undefined;
    e.nextAt = undefined;
  }

  // Earliest time the next automatic fetch may start.
  function dueAt(e: Entry): number {
    if (e.retryAt !== undefined) return e.retryAt;
    if (e.fetchedAt === undefined) return -Infinity;
    return e.fetchedAt + e.intervalMs;
  }

  // Puts the entry's single timer where it belongs now (or fetches at once if already due); call
  // after anything that could move it.
  function reschedule(e: Entry) {
    stopTimer(e);
    if (!disposed && !paused && isActive(e.key) && !e.controller) {
      const t = now();
      const at = dueAt(e);
      if (at <= t) {
        start(e);
        return;
      }
      e.nextAt = at;
      e.timer = setTimer(() => {
        e.timer = undefined;
        start(e);
      }, at - t);
    }
    changed(e);
  }

  function start(e: Entry) {
    if (disposed || e.controller || entries.get(e.key) !== e) return;
    stopTimer(e);
    const controller = new AbortController();
    e.controller = controller;
    changed(e);
    let pending: Promise<unknown>;
    try {
      pending = Promise.resolve(e.def.fetch(controller.signal));
    } catch (err) {
      pending = Promise.reject(err);
    }
    pending.then(
      (data) => {
        if (e.controller !== controller) return; // unregistered or disposed meanwhile
        const at = now();
        try {
          e.def.onData?.(data, at);
        } catch (err) {
          failed(e, controller, err);
          return;
        }
        e.controller = undefined;
        e.data = data;
        e.hasData = true;
        e.fetchedAt = at;
        e.error = undefined;
        e.failures = 0;
        e.retryAt = undefined;
        e.blockedUntil = undefined;
        reschedule(e);
      },
      (err: unknown) => {
        if (e.controller !== controller) return;
        failed(e, controller, err);
      },
    );
  }

  function failed(e: Entry, controller: AbortController, err: unknown) {
    if (e.controller !== controller) return;
    e.controller = undefined;
    e.error = err;
    e.failures++;
    const retryAfterMs = retryAfterOf(err);
    const delay = backoffDelay({
      failures: e.failures,
      intervalMs: e.intervalMs,
      maxMs: maxBackoffMs,
      minMs: MIN_INTERVAL_MS,
      random,
      retryAfterMs,
    });
    const t = now();
    e.retryAt = t + delay;
    e.blockedUntil = retryAfterMs === undefined ? undefined : e.retryAt;
    reschedule(e);
    try {
      e.def.onError?.(err, snapshot(e));
    } catch (cbErr) {
      queueMicrotask(() => {
        throw cbErr;
      });
    }
  }

  function snapshot(e: Entry): PollState {
    const stale = e.fetchedAt !== undefined && now() - e.fetchedAt > 2 * e.intervalMs;
    // The same object while nothing changed, so React's useSyncExternalStore can compare by identity.
    const cached = e.snapshot;
    if (cached && e.snapshotVersion === e.version && cached.stale === stale) return cached;
    const s: PollState = {
      failures: e.failures,
      inFlight: e.controller !== undefined,
      stale,
      intervalMs: e.intervalMs,
      active: isActive(e.key),
    };
    if (e.hasData) s.data = e.data;
    if (e.fetchedAt !== undefined) s.fetchedAt = e.fetchedAt;
    if (e.error !== undefined) s.error = e.error;
    if (e.nextAt !== undefined) s.nextAt = e.nextAt;
    e.snapshot = s;
    e.snapshotVersion = e.version;
    return s;
  }

  function activityChanged(key: string, wasActive: boolean) {
    const e = entries.get(key);
    if (e && wasActive !== isActive(key)) {
      reschedule(e);
      if (e.def.paced) repace();
    }
  }

  // Gives each paced resource its interval within the budget; moves the timers of those that changed.
  function repace() {
    if (disposed) return;
    const paced = [...entries.values()].filter((e) => e.def.paced && isActive(e.key));
    const given =
      budget === undefined
        ? new Map<string, number>()
        : paceIntervals(
            paced.map((e): PacedResource => ({
              key: e.key,
              baseMs: e.baseMs,
              background: e.def.paced === 'background',
              pinned: e.pinned,
            })),
            budget.perMinute,
            MIN_INTERVAL_MS,
            budget.maxMs,
          );
    for (const e of entries.values()) {
      const ms = given.get(e.key) ?? e.baseMs;
      if (ms === e.intervalMs) continue;
      e.intervalMs = ms;
      reschedule(e);
    }
  }

  const scheduler: Scheduler = {
    register<T>(key: string, def: ResourceDef<T>) {
      if (disposed) throw new Error('scheduler: register after dispose');
      if (entries.has(key)) throw new Error(`scheduler: resource "${key}" is already registered`);
      const e: Entry = {
        key,
        def: def,
        intervalMs: clampInterval(def.intervalMs),
        baseMs: clampInterval(def.intervalMs),
        pinned: false,
        hasData: false,
        failures: 0,
        version: 0,
      };
      entries.set(key, e);
      reschedule(e);
      if (def.paced && isActive(key)) repace();
      return () => {
        if (entries.get(key) !== e) return;
        stopTimer(e);
        e.controller?.abort();
        e.controller = undefined;
        entries.delete(key);
        emit(key);
        if (e.def.paced) repace();
      };
    },

    acquire(key) {
      const was = isActive(key);
      holders.set(key, (holders.get(key) ?? 0) + 1);
      activityChanged(key, was);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        scheduler.release(key);
      };
    },

    release(key) {
      const count = holders.get(key) ?? 0;
      if (count === 0) return;
      const was = isActive(key);
      if (count === 1) holders.delete(key);
      else holders.set(key, count - 1);
      activityChanged(key, was);
    },

    setActive(key, active) {
      const was = isActive(key);
      if (active) switchedOn.add(key);
      else switchedOn.delete(key);
      activityChanged(key, was);
    },

    isActive,

    pause() {
      if (paused || disposed) return;
      paused = true;
      for (const e of entries.values()) reschedule(e);
      emit();
    },

    resume() {
      if (!paused || disposed) return;
      paused = false;
      for (const e of entries.values()) reschedule(e);
      emit();
    },

    isPaused: () => paused,

    // A manual refresh works while paused (the person asked for it) and skips the exponential
    // backoff, but not a wait the server named: that request would only be refused again.
    refresh(key) {
      if (disposed) return;
      const targets = key === undefined ? [...entries.values()].filter((e) => isActive(e.key)) : [entries.get(key)];
      const t = now();
      for (const e of targets) {
        if (!e || e.controller) continue;
        if (e.blockedUntil !== undefined && e.blockedUntil > t) continue;
        start(e);
      }
    },

    setInterval(key, ms, opts = {}) {
      const applied = clampInterval(ms);
      const e = entries.get(key);
      if (!e) return applied;
      const pinned = opts.pinned ?? false;
      if (e.baseMs === applied && e.pinned === pinned && e.intervalMs === applied) return applied;
      e.baseMs = applied;
      e.pinned = pinned;
      if (e.def.paced && budget !== undefined) {
        repace();
      } else {
        e.intervalMs = applied;
        reschedule(e);
      }
      return applied;
    },

    setBudget(perMinute, maxMs = MAX_INTERVAL_MS) {
      const next =
        perMinute === undefined || !Number.isFinite(perMinute)
          ? undefined
          : { perMinute: Math.max(0, perMinute), maxMs: clampInterval(maxMs) };
      if (next?.perMinute === budget?.perMinute && next?.maxMs === budget?.maxMs) return;
      budget = next;
      repace();
    },

    state<T>(key: string) {
      const e = entries.get(key);
      return e ? (snapshot(e) as PollState<T>) : undefined;
    },

    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },

    requestsPerMinute() {
      let total = 0;
      for (const e of entries.values()) if (isActive(e.key)) total += 60_000 / e.intervalMs;
      return total;
    },

    keys: () => [...entries.keys()],

    dispose() {
      if (disposed) return;
      disposed = true;
      for (const e of entries.values()) {
        stopTimer(e);
        e.controller?.abort();
        e.controller = undefined;
      }
      listeners.clear();
    },
  };
  return scheduler;
}
