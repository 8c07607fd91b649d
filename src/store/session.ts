// The session slice: what the header shows (mode, wallet, API health), which screen is
// active, whether polling is paused, each screen's polling interval, and the count of
// transactions between signing and outcome (quitting asks first while it is above zero).
import type { Mode } from '../config/config.js';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { RequestEvent } from '../api/index.js';
import { learnBudget, type Budget } from '../poll/budget.js';

export type HealthStatus = 'ok' | 'degraded' | 'down';

export interface WalletInfo {
  kind: 'keypair' | 'watch';
  address: string;
  /** e.g. "demo key" when the dashboard created a throwaway key for the simulator */
  note?: string;
}

export interface Health {
  status: HealthStatus;
  /** the last failure, kept while the status is not ok */
  lastError?: string;
  lastErrorAt?: number;
  /** failed attempts in a row (a call retried three times counts four) */
  failuresInRow: number;
}

export interface SessionState {
  mode: Mode;
  /** "SIMULATED" or "LIVE <host>" */
  modeLabel: string;
  wallet: WalletInfo | null;
  /** --read-only, or the state directory cannot be written */
  readOnly: boolean;
  health: Health;
  /** the account's request budget as the service's rate-limit headers tell it; undefined until one does */
  budget?: Budget;
  screen: string;
  paused: boolean;
  /** polling interval per screen id, ms */
  intervals: Record<string, number>;
  /** resource keys the active screen polls (for the footer's age and the interval keys) */
  resources: Record<string, readonly string[]>;
  pendingSubmissions: number;
  /** a short note per screen shown beside its tab, e.g. "Organic 1h" */
  subtitles: Record<string, string>;
  /** which RPC endpoint is in use when several are configured and one failed ("RPC 2/2") */
  rpcNote?: string;
  setRpcNote(note: string | undefined): void;
  /** why signing is paused (no RPC endpoint answers); undefined while it is not */
  signingPaused?: string;
  setSigningPaused(reason: string | undefined): void;

  setSubtitle(screen: string, text: string): void;
  setScreen(id: string): void;
  recordRequest(e: RequestEvent, at: number): void;
  setPaused(paused: boolean): void;
  setInterval(screen: string, ms: number): void;
  setResources(screen: string, keys: readonly string[]): void;
  /** the pipeline raises this while a signed transaction has no outcome yet */
  setPendingSubmissions(n: number): void;
  /** counts the signing runs that sent a transaction and have ended: what the wallet holds may have changed */
  settled: number;
  noteSettled(): void;
}

export interface SessionInit {
  mode: Mode;
  modeLabel: string;
  wallet: WalletInfo | null;
  readOnly?: boolean;
  screen: string;
  intervals: Record<string, number>;
}

/** Attempts failing in a row before the API counts as down (one call with its retries is four). */
export const DOWN_AFTER_FAILURES = 3;

/**
 * A refusal the service gave on purpose (400 a request it judged, 404 nothing there, such as no vault
 * yet, 409 already done): it answered, so it is up. Not so a key it refused (401, 403), a time-out
 * (408) or the rate limit (429).
 */
function answeredOnPurpose(e: RequestEvent): boolean {
  return e.status !== undefined && e.status >= 400 && e.status < 500 && ![401, 403, 408, 429].includes(e.status);
}

/** The health after one request event: ok after any answer, degraded on the first failures, down after several. */
export function nextHealth(prev: Health, e: RequestEvent, at: number): Health {
  if (e.ok || answeredOnPurpose(e))
    return prev.status === 'ok' && prev.failuresInRow === 0 ? prev : { status: 'ok', failuresInRow: 0 };
  const failuresInRow = prev.failuresInRow + 1;
  const status: HealthStatus = e.status === 429 || failuresInRow < DOWN_AFTER_FAILURES ? 'degraded' : 'down';
  return { status, failuresInRow, lastError: e.error ?? `${e.endpoint}: HTTP ${e.status ?? '?'}`, lastErrorAt: at };
}

export type SessionStore = StoreApi<SessionState>;

export function createSessionStore(init: SessionInit): SessionStore {
  return createStore<SessionState>()((set, get) => ({
    mode: init.mode,
    modeLabel: init.modeLabel,
    wallet: init.wallet,
    readOnly: init.readOnly ?? false,
    health: { status: 'ok', failuresInRow: 0 },
    screen: init.screen,
    paused: false,
    intervals: { ...init.intervals },
    resources: {},
    pendingSubmissions: 0,
    subtitles: {},
    rpcNote: undefined,
    setRpcNote: (rpcNote) => set({ rpcNote }),
    signingPaused: undefined,
    setSigningPaused: (signingPaused) => set({ signingPaused }),

    setSubtitle: (screen, text) => {
      if (get().subtitles[screen] !== text) set({ subtitles: { ...get().subtitles, [screen]: text } });
    },
    setScreen: (screen) => {
      if (get().screen !== screen) set({ screen });
    },
    recordRequest: (e, at) => {
      const health = nextHealth(get().health, e, at);
      if (health !== get().health) set({ health });
      const budget = learnBudget(get().budget, e.rateLimit, at);
      if (budget !== get().budget) set({ budget });
    },
    setPaused: (paused) => set({ paused }),
    setInterval: (screen, ms) => set({ intervals: { ...get().intervals, [screen]: ms } }),
    setResources: (screen, keys) => {
      const prev = get().resources[screen];
      if (prev && prev.length === keys.length && prev.every((k, i) => k === keys[i])) return;
      set({ resources: { ...get().resources, [screen]: keys } });
    },
    setPendingSubmissions: (n) => set({ pendingSubmissions: Math.max(0, Math.floor(n)) }),
    settled: 0,
    noteSettled: () => set({ settled: get().settled + 1 }),
  }));
}
