// The one polling path: every resource a screen module declares is registered with the scheduler
// here, held while its screen is visible (or always, for background resources), at the interval
// the session keeps for that screen. The footer reads the visible screen's resource states.
//
// Start-up: the first screen's requests are sent before the UI has loaded (firstRequests.ts); when
// the resource registers here, the scheduler's first fetch takes that answer instead of asking again.
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { PollState } from '../../src/poll/scheduler.js';
import { formatAge } from '../../src/text/duration.js';
import { explainError } from '../../src/actions/outcome.js';
import { isFailoverRpc } from '../../src/rpc/failover.js';
import { useSession, useServices } from './context.js';
import type { MountedScreen, ScreenContext, ScreenResource } from './types.js';
import { appliedAtStart, resourceKey, takeEarlyAnswer } from './firstRequests.js';
import { sanitize } from '../../src/text/sanitize.js';
import { applyBudget } from '../../src/poll/budget.js';

/** The resources of every screen; only the visible screen's and the background ones are held. */
export function ScreenResources({
  screens,
  visible,
  ctx,
}: {
  screens: readonly MountedScreen[];
  visible: string;
  ctx: Omit<ScreenContext<unknown>, 'store'>;
}) {
  usePacing();
  return (
    <>
      {screens.flatMap((m) =>
        m.module.resources.map((r) => (
          <Resource
            key={`${m.module.id}/${r.id}`}
            screen={m.module.id}
            resource={r}
            ctx={{ ...ctx, store: m.store }}
            active={visible === m.module.id || r.background === true}
          />
        )),
      )}
    </>
  );
}

function Resource({
  screen,
  resource: r,
  ctx,
  active,
}: {
  screen: string;
  resource: ScreenResource<unknown>;
  ctx: ScreenContext<unknown>;
  active: boolean;
}) {
  const { scheduler, session, catalog } = useServices();
  const params = useRef(new Map<string, unknown>());
  const ctxRef = useRef(ctx);
  ctxRef.current = ctx;
  // The key of the current params, recomputed when the screen's store or the catalog changes.
  const wanted = useSyncExternalStore(
    (cb) => {
      const a = ctx.store.subscribe(cb);
      const b = catalog.subscribe(cb);
      const c = r.also?.(ctx.services).subscribe(cb);
      return () => (a(), b(), c?.());
    },
    () => {
      const p = r.params(ctxRef.current);
      if (p === undefined) return undefined;
      // the key startFirstRequests gave the same request: the scheduler's first fetch takes its answer
      const k = resourceKey(screen, r, p);
      if (!params.current.has(k)) params.current.set(k, p);
      return k;
    },
  );
  const [key, setKey] = useState<string | undefined>(r.settleMs ? undefined : wanted);
  useEffect(() => {
    if (wanted === key) return;
    const timer = setTimeout(() => setKey(wanted), wanted === undefined || !r.settleMs ? 0 : r.settleMs);
    return () => clearTimeout(timer);
  }, [wanted, key, r.settleMs]);

  // an interval the person set for the screen is pinned: the request budget does not move it
  const pinnedMs = useSession((s) => s.intervals[screen]);
  const intervalMs = pinnedMs ?? r.intervalMs;
  useEffect(() => {
    if (key === undefined) return;
    const p = params.current.get(key);
    // Params of other keys are not needed any more.
    for (const k of [...params.current.keys()]) if (k !== key && k !== wanted) params.current.delete(k);
    const unregister = scheduler.register(key, {
      intervalMs: session.getState().intervals[screen] ?? r.intervalMs,
      paced: r.paced === false ? undefined : r.background === true ? 'background' : 'visible',
      fetch: (signal) => {
        // the answer to the request sent at start-up, once
        return takeEarlyAnswer(key) ?? r.fetch(p, signal, ctxRef.current);
      },
      onData: (data, at) => {
        if (appliedAtStart(data)) return;
        r.apply(p, data, at, ctxRef.current);
      },
    });
    return unregister;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the definition is fixed by the key
  }, [key, scheduler]);
  useEffect(() => {
    if (key === undefined || !active) return;
    return scheduler.acquire(key);
  }, [key, active, scheduler]);
  useEffect(() => {
    const when = r.refreshWhen;
    if (key === undefined || !when) return;
    const value = () => when(ctx.store.getState(), session.getState());
    let last = value();
    const changed = () => {
      const now = value();
      if (Object.is(now, last)) return;
      last = now;
      scheduler.refresh(key);
    };
    const a = ctx.store.subscribe(changed);
    const b = session.subscribe(changed);
    return () => (a(), b());
  }, [key, r, ctx.store, session, scheduler]);
  useEffect(() => {
    if (key !== undefined) scheduler.setInterval(key, intervalMs, { pinned: pinnedMs !== undefined });
  }, [key, intervalMs, pinnedMs, scheduler]);
  useEffect(() => {
    const s = session.getState();
    const others = (s.resources[screen] ?? []).filter((k) => !k.startsWith(`${screen}/${r.id}/`));
    s.setResources(screen, key === undefined ? others : [key, ...others]);
  }, [key, screen, session, r.id]);
  return null;
}

/** Paces polling by the account's request budget, as the service's rate-limit headers tell it. */
function usePacing(): void {
  const { scheduler } = useServices();
  const budget = useSession((s) => s.budget);
  useEffect(() => applyBudget(scheduler, budget), [budget, scheduler]);
}

export const RPC_HEALTH_KEY = 'rpc/health';
/** How often the RPC endpoints are asked for their slot; more often while none answers. */
export const RPC_PROBE_MS = 15_000;
export const RPC_PROBE_DOWN_MS = 5_000;
// TEST-ONLY: TRADEDECK_TEST_RPC_PROBE_MS=N probes every N ms, down or not, so that the end-to-end
// failover test (test/e2e/rpc.test.ts) does not wait out 15 s and 5 s rounds. Unset (always, outside
// that test) it does nothing; the published build has none of it (__TEST_HOOKS__: see
// src/pipeline/testKill.ts).
declare const __TEST_HOOKS__: boolean | undefined;
const TEST_PROBE_MS =
  ((typeof __TEST_HOOKS__ === 'undefined' || __TEST_HOOKS__) && Number(process.env.TRADEDECK_TEST_RPC_PROBE_MS)) ||
  undefined;

/**
 * Watches the RPC endpoints while the dashboard is open: every endpoint is asked for its slot on
 * an interval, through the scheduler like every other resource; the client moves off a failed or
 * stale endpoint and reports when none answers (signing pauses) and when one does again.
 */
export function useRpcHealth(): void {
  const { scheduler, rpc } = useServices();
  useEffect(() => {
    if (!isFailoverRpc(rpc)) return;
    const unregister = scheduler.register(RPC_HEALTH_KEY, {
      intervalMs: TEST_PROBE_MS ?? RPC_PROBE_MS,
      fetch: () => rpc.probe(),
      // while no endpoint answers, ask sooner: it is down after a few rounds, and back as soon as one answers
      onData: (p) => {
        const ms = TEST_PROBE_MS ?? (p.failingRounds > 0 ? RPC_PROBE_DOWN_MS : RPC_PROBE_MS);
        if (scheduler.state(RPC_HEALTH_KEY)?.intervalMs !== ms) scheduler.setInterval(RPC_HEALTH_KEY, ms);
      },
    });
    const release = scheduler.acquire(RPC_HEALTH_KEY);
    return () => {
      release();
      unregister();
    };
  }, [scheduler, rpc]);
}

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
