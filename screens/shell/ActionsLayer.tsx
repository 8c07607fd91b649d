// What signing adds to the app frame: the confirm dialog host, the overlays of screens/index.ts
// (the journal and the notifications, opened by the global keys J and N), the start-up reconcile
// of the journal shown as a flash line, and the standing orders' checker, which fires them while
// the dashboard runs.
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useStore } from 'zustand';
import { reconcileAtStart } from '../../src/actions/startup.js';
import { standingOf } from '../../src/orders/standing/checker.js';
import { OVERLAYS } from '../index.js';
import { ConfirmHost } from './ConfirmHost.js';
import { useServices, useNow, useShell } from '../shared/context.js';
import type { Flash } from '../shared/types.js';

/** True while a confirm dialog, the journal or the notifications log covers the screen (the shell hides the screen). */
export function useActionsOverlay(): boolean {
  const s = useServices();
  return useSyncExternalStore(
    (cb) => {
      const offs = [s.confirm.subscribe(cb), ...OVERLAYS.map((o) => o.subscribe(s, cb))];
      return () => offs.forEach((off) => off());
    },
    () => s.confirm.getState().queue.length > 0 || OVERLAYS.some((o) => o.isOpen(s)),
  );
}

/** The overlay open now (the first of OVERLAYS when several are). */
function useOpenOverlay() {
  const s = useServices();
  return useSyncExternalStore(
    (cb) => {
      const offs = OVERLAYS.map((o) => o.subscribe(s, cb));
      return () => offs.forEach((off) => off());
    },
    () => OVERLAYS.find((o) => o.isOpen(s)),
  );
}

export interface ActionsLayerProps {
  width: number;
  height: number;
  flash: Flash;
}

export function ActionsLayer({ width, height, flash }: ActionsLayerProps) {
  const { services: s } = useShell();
  // the clock ticks an overlay only while one is open
  const overlay = useOpenOverlay();
  const now = useNow((t) => (overlay ? t : 0));
  const confirming = useStore(s.confirm, (st) => st.queue.length > 0);
  const flashRef = useRef(flash);
  flashRef.current = flash;
  useEffect(() => {
    let live = true;
    reconcileAtStart(s)
      .then((r) => {
        if (live && r.message) flashRef.current(r.kind, r.message);
      })
      .catch(
        (err) =>
          live &&
          flashRef.current(
            'error',
            `journal: could not check unfinished transactions (${err instanceof Error ? err.message : String(err)}); will retry at the next start`,
          ),
      );
    // the standing orders of this wallet fire from the dashboard while it runs
    const stopStanding = standingOf(s).start();
    return () => {
      live = false;
      stopStanding();
    };
  }, [s]);
  return (
    <>
      <ConfirmHost store={s.confirm} width={width} height={height} />
      {overlay && !confirming ? (
        <overlay.Component key={overlay.id} s={s} width={width} height={height} now={now} />
      ) : null}
    </>
  );
}
