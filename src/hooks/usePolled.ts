// Polling from screens: a resource is held (and so fetched) only while the screen that needs it is
// mounted; its interval follows the screen's setting; its state is read for the footer.
import { useEffect, useSyncExternalStore } from 'react';
import type { PollState, ResourceDef } from '../poll/scheduler.js';
import { formatAge } from '../format.js';
import { useServices, useSession } from './services.js';

/**
 * Keeps `key` registered with the scheduler (the first definition wins: a key names fixed
 * parameters) and held while mounted, at the interval of `screen`. Registration outlives the
 * screen so going back shows the last good data at once.
 */
export function usePolledResource<T>(screen: string, key: string, define: () => ResourceDef<T>): void {
  const { scheduler, stores } = useServices();
  const intervalMs = useSession((s) => s.intervals[screen]);
  useEffect(() => {
    if (!scheduler.keys().includes(key)) scheduler.register(key, { ...define(), intervalMs: intervalMs ?? define().intervalMs });
    else if (intervalMs !== undefined && scheduler.state(key)?.intervalMs !== intervalMs) scheduler.setInterval(key, intervalMs);
    stores.session.getState().setResources(screen, [key]);
    return scheduler.acquire(key);
    // define is read once per key on purpose
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [scheduler, stores, screen, key]);
  useEffect(() => {
    if (intervalMs !== undefined && scheduler.keys().includes(key) && scheduler.state(key)?.intervalMs !== intervalMs) scheduler.setInterval(key, intervalMs);
  }, [scheduler, key, intervalMs]);
}

/** The scheduler's state of `key` (re-renders when it changes). */
export function usePollState(key: string | undefined): PollState | undefined {
  const { scheduler } = useServices();
  return useSyncExternalStore(
    scheduler.subscribe,
    () => (key === undefined ? undefined : scheduler.state(key)),
  );
}

function errorText(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return text.replace(/[\x00-\x1f\x7f-\x9f]/g, ' ');
}

/** The footer's account of a resource: its age and interval, stale, failing with the next try, or paused. */
export function pollStatusText(state: PollState | undefined, now: number, paused: boolean): string {
  if (!state) return '';
  const every = `every ${formatAge(state.intervalMs)}`;
  const age = state.fetchedAt !== undefined ? `${formatAge(now - state.fetchedAt)} ago` : 'no data yet';
  const parts: string[] = [];
  if (state.error !== undefined) {
    const retry = paused ? 'paused' : state.inFlight ? 'retrying now' : state.nextAt !== undefined ? `retry in ${formatAge(Math.max(0, state.nextAt - now) + 999)}` : '';
    parts.push(`✗ ${errorText(state.error)}`, retry);
    if (state.fetchedAt !== undefined) parts.push(`data ${age}`);
  } else {
    parts.push(state.inFlight && state.fetchedAt === undefined ? 'loading…' : `${state.stale ? 'STALE ' : ''}${age}`);
    parts.push(paused ? 'PAUSED' : every);
  }
  return parts.filter(Boolean).join(' · ');
}
