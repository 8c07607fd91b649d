// Injected faults (latency, failures, broken bodies) and the sliding-window rate limit, kept per
// API key as the service keeps it per account: a key starting `paid-` is a paid tier's.
import type { SimGroup } from '../engine/kernel.js';
import { SeededStream } from '../engine/random.js';

export interface FaultSettings {
  latencyMs: number;
  faultRate: number;
  /** a free key's limit; 0 = no limit */
  rateLimitPerMinute: number;
  /** a paid key's (one starting `paid-`) while a limit is on; 0 = ten times the free one */
  paidRateLimitPerMinute: number;
  /** empty = every group */
  rateLimitGroups: SimGroup[];
}

export type FaultKind = 'status-500' | 'status-502' | 'status-503' | 'reset' | 'truncated' | 'malformed';
const KINDS: FaultKind[] = ['status-500', 'status-502', 'status-503', 'reset', 'truncated', 'malformed'];

export interface RateLimitVerdict {
  allowed: boolean;
  headers: Record<string, string>;
}

const WINDOW_MS = 60_000;

export class FaultInjector {
  readonly settings: FaultSettings;
  private readonly stream: SeededStream;
  /** the requests of each key in the last window, oldest first */
  private readonly windows = new Map<string, number[]>();

  constructor(seed: number, initial: Partial<FaultSettings>) {
    this.stream = new SeededStream(seed, 'faults');
    this.settings = {
      latencyMs: 0,
      faultRate: 0,
      rateLimitPerMinute: 0,
      paidRateLimitPerMinute: 0,
      rateLimitGroups: [],
    };
    this.update(initial);
  }

  /** validates and applies new settings; returns an error message naming the field, or null */
  update(next: Partial<Record<keyof FaultSettings, unknown>>): string | null {
    const s = { ...this.settings };
    if (next.latencyMs !== undefined) {
      if (
        typeof next.latencyMs !== 'number' ||
        !Number.isFinite(next.latencyMs) ||
        next.latencyMs < 0 ||
        next.latencyMs > 60_000
      )
        return 'latencyMs: must be a number 0..60000';
      s.latencyMs = next.latencyMs;
    }
    if (next.faultRate !== undefined) {
      if (typeof next.faultRate !== 'number' || !(next.faultRate >= 0 && next.faultRate <= 1))
        return 'faultRate: must be a number 0..1';
      s.faultRate = next.faultRate;
    }
    if (next.rateLimitPerMinute !== undefined) {
      const v = next.rateLimitPerMinute === null ? 0 : next.rateLimitPerMinute;
      if (typeof v !== 'number' || !Number.isInteger(v) || v < 0)
        return 'rateLimitPerMinute: must be an integer >= 0 (0 = off)';
      s.rateLimitPerMinute = v;
    }
    if (next.paidRateLimitPerMinute !== undefined) {
      const v = next.paidRateLimitPerMinute === null ? 0 : next.paidRateLimitPerMinute;
      if (typeof v !== 'number' || !Number.isInteger(v) || v < 0)
        return 'paidRateLimitPerMinute: must be an integer >= 0 (0 = ten times rateLimitPerMinute)';
      s.paidRateLimitPerMinute = v;
    }
    if (next.rateLimitGroups !== undefined) {
      const g = next.rateLimitGroups === null ? [] : next.rateLimitGroups;
      if (!Array.isArray(g) || !g.every((x) => typeof x === 'string' && GROUPS.includes(x as SimGroup)))
        return `rateLimitGroups: must be a list of ${GROUPS.join(', ')}`;
      s.rateLimitGroups = g as SimGroup[];
    }
    Object.assign(this.settings, s);
    return null;
  }

  /** the fault to inject into this request, if any */
  pick(): FaultKind | null {
    if (this.settings.faultRate <= 0) return null;
    if (this.stream.random() >= this.settings.faultRate) return null;
    // random() is in [0, 1)
    return KINDS[Math.floor(this.stream.random() * KINDS.length)]!;
  }

  limits(group: SimGroup): boolean {
    const s = this.settings;
    return s.rateLimitPerMinute > 0 && (s.rateLimitGroups.length === 0 || s.rateLimitGroups.includes(group));
  }

  /** the limit a key has while a limit is on: a paid tier's for a key starting `paid-` */
  limitOf(apiKey: string): number {
    const free = this.settings.rateLimitPerMinute;
    return apiKey.startsWith('paid-') ? this.settings.paidRateLimitPerMinute || free * 10 : free;
  }

  /**
   * Counts the request against its key's window when allowed; always returns the headers to send,
   * the ones the service sends (no limit header: a client reads it as current + remaining).
   */
  admit(nowMs: number, apiKey = ''): RateLimitVerdict {
    let window = this.windows.get(apiKey);
    if (!window) this.windows.set(apiKey, (window = []));
    while (window.length && window[0]! <= nowMs - WINDOW_MS) window.shift();
    const limit = this.limitOf(apiKey);
    const allowed = window.length < limit;
    if (allowed) window.push(nowMs);
    const oldest = window[0] ?? nowMs;
    return {
      allowed,
      headers: {
        'x-ratelimit-remaining': String(Math.max(0, limit - window.length)),
        'x-ratelimit-current': String(window.length),
        'x-ratelimit-reset': String(Math.ceil((oldest + WINDOW_MS) / 1000)),
      },
    };
  }
}

export const GROUPS: SimGroup[] = [
  'tokens',
  'swap',
  'ultra',
  'recurring',
  'trigger',
  'send',
  'portfolio',
  'studio',
  'swap-v2',
  'trigger-v2',
];
