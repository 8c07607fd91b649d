// What signing adds to the app frame: the confirm dialog host, the journal view (J from any
// screen: the global keys open it), the start-up reconcile of the journal shown as a flash line,
// and the standing orders' checker, which fires them while the dashboard runs.
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useStore } from 'zustand';
import { reconcileAtStart } from '../../src/actions/startup.js';
import { standingOf } from '../../src/orders/standing/checker.js';
import { JournalView } from '../Journal/JournalView.js';
import { NotificationsView } from '../Notifications/NotificationsView.js';
import { ConfirmHost } from './ConfirmHost.js';
import { useServices, useNow, useShell } from './context.js';
import type { Flash } from './types.js';

/** True while a confirm dialog, the journal or the notifications log covers the screen (the shell hides the screen). */
export function useActionsOverlay(): boolean {
  const s = useServices();
  return useSyncExternalStore(
    (cb) => {
      const a = s.confirm.subscribe(cb);
      const b = s.journalView.subscribe(cb);
      const c = s.notifications.subscribe(cb);
      return () => (a(), b(), c());
    },
    () => s.confirm.getState().queue.length > 0 || s.journalView.getState().open || s.notifications.getState().open,
  );
}

export interface ActionsLayerProps {
  width: number;
  height: number;
  flash: Flash;
}

export function ActionsLayer({ width, height, flash }: ActionsLayerProps) {
  const { services: s } = useShell();
  // the clock ticks these only while the journal or the notifications are open
  const now = useNow((t) => (s.journalView.getState().open || s.notifications.getState().open ? t : 0));
  const journalOpen = useStore(s.journalView, (st) => st.open);
  const confirming = useStore(s.confirm, (st) => st.queue.length > 0);
  const notificationsOpen = useStore(s.notifications, (st) => st.open);
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
      {journalOpen && !confirming ? <JournalView s={s} width={width} height={height} now={now} /> : null}
      {notificationsOpen && !confirming && !journalOpen ? (
        <NotificationsView store={s.notifications} width={width} height={height} now={now} />
      ) : null}
    </>
  );
}
