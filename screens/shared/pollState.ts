// What screens and the footer read of the polling (screens/shell/polling.tsx drives it): a
// resource's state in the scheduler, found by its screen and id, and the words it is shown in.
import { useRef, useSyncExternalStore } from 'react';
import type { PollState } from '../../src/poll/scheduler.js';
import { formatAge } from '../../src/text/duration.js';
import { explainError } from '../../src/actions/outcome.js';
import { sanitize } from '../../src/text/sanitize.js';
import { useSession, useServices } from './context.js';

/**
 * The scheduler's state of `key` (re-renders when it changes); given `shown`, only when `shown`
 * of it changes: what the caller draws from it. A request starting while data is on screen changes the state (in flight) but
 * nothing drawn, and must not cost a render of everything below the caller. The state returned
 * is the one of the last change of `shown` (its other fields may be older).
 */
export function usePollState(key: string | undefined, shown?: (s: PollState) => string): PollState | undefined {
  const { scheduler } = useServices();
  const last = useRef<{ key: string | undefined; sig: string; state: PollState | undefined } | undefined>(undefined);
  return useSyncExternalStore(scheduler.subscribe, () => {
    const state = key === undefined ? undefined : scheduler.state(key);
    if (!shown) return state;
    const sig = state === undefined ? '' : shown(state);
    const l = last.current;
    if (l && l.key === key && l.sig === sig && (l.state === undefined) === (state === undefined)) return l.state;
    last.current = { key, sig, state };
    return state;
  });
}

/** What most screens draw from their resource's state: stale or failing (and why). */
export const staleOrError = (s: PollState) => `${s.stale ? 1 : 0}|${s.error === undefined ? '' : errorText(s.error)}`;

/** The poll state of a screen's resource by its id (the current key's); `shown` as for usePollState. */
export function useResourceState(
  screen: string,
  resourceId: string,
  shown?: (s: PollState) => string,
): { key?: string; paramsKey?: string; poll?: PollState } {
  const prefix = `${screen}/${resourceId}/`;
  const key = useSession((s) => s.resources[screen]?.find((k) => k.startsWith(prefix)));
  return { key, paramsKey: key?.slice(prefix.length), poll: usePollState(key, shown) };
}

/** Every field of a state that pollStatusText reads (its text for any moment follows from these). */
export function pollStatusKey(s: PollState): string {
  const error = s.error === undefined ? '' : errorText(s.error);
  const inFlight = error !== '' || s.fetchedAt === undefined ? String(s.inFlight) : '';
  return [s.intervalMs, s.fetchedAt ?? '', s.stale, error, inFlight, error !== '' ? (s.nextAt ?? '') : ''].join('|');
}

function errorText(err: unknown): string {
  return sanitize(explainError(err));
}

/** The footer's account of a resource: its age and interval, stale, failing with the next try, or paused. */
export function pollStatusText(state: PollState | undefined, now: number, paused: boolean): string {
  if (!state) return '';
  const every = `every ${formatAge(state.intervalMs)}`;
  const age = state.fetchedAt !== undefined ? `${formatAge(now - state.fetchedAt)} ago` : 'no data yet';
  const parts: string[] = [];
  if (state.error !== undefined) {
    const retry = paused
      ? 'paused'
      : state.inFlight
        ? 'retrying now'
        : state.nextAt !== undefined
          ? `retry in ${formatAge(Math.max(0, state.nextAt - now) + 999)}`
          : '';
    parts.push(`✗ ${errorText(state.error)}`, retry);
    if (state.fetchedAt !== undefined) parts.push(`data ${age}`);
  } else {
    parts.push(state.inFlight && state.fetchedAt === undefined ? 'loading…' : `${state.stale ? 'STALE ' : ''}${age}`);
    parts.push(paused ? 'PAUSED' : every);
  }
  return parts.filter(Boolean).join(' · ');
}
