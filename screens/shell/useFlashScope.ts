// Where the shell's flash lines belong: what the services report (an RPC switched over, a file not
// written) is about the whole app and stays; a line a key or a command said belongs to the context
// it was said in, and switching screens or opening a dialog or an overlay takes it down (a line
// said by that same step, e.g. a command's result after its goto, comes after and stays). Also the
// clock's one tick a second (the store's clock, and the frame writer's live texts).
import { useEffect, useRef } from 'react';
import type { ToastApi } from '../../components/chrome/Toasts.js';
import type { Services } from '../../src/services/index.js';
import type { LiveText } from '../../src/terminal/index.js';
import { OVERLAYS } from '../index.js';
import type { Flash } from '../shared/types.js';

export function useFlashScope(services: Services, toasts: ToastApi, live: LiveText | undefined): void {
  const { session } = services;
  // ids of the flash lines the services reported (kept when the context changes)
  const appWide = useRef(new Set<number>());
  useEffect(() => {
    // Messages from before the app was up, then from outside React as they come.
    const report = (kind: Parameters<Flash>[0], text: string) => void appWide.current.add(toasts.push(kind, text));
    for (const n of services.notices.splice(0)) report(n.kind, n.text);
    services.report = report;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, at start
  }, []);
  const shown = useRef(toasts.toasts);
  shown.current = toasts.toasts;
  useEffect(() => {
    const drop = () => {
      const kept = shown.current.filter((t) => appWide.current.has(t.id));
      for (const t of shown.current) if (!appWide.current.has(t.id)) toasts.dismiss(t.id);
      shown.current = kept;
    };
    const overlayOpen = () => OVERLAYS.some((o) => o.isOpen(services));
    let wasOpen = overlayOpen();
    const overlayChanged = () => {
      const open = overlayOpen();
      if (open && !wasOpen) drop();
      wasOpen = open;
    };
    const offs = [
      session.subscribe((now, prev) => now.screen !== prev.screen && drop()),
      services.confirm.subscribe((now, prev) => now.queue.length > 0 && prev.queue.length === 0 && drop()),
      ...OVERLAYS.map((o) => o.subscribe(services, overlayChanged)),
    ];
    return () => offs.forEach((off) => off());
  }, [session, services, toasts.dismiss]); // eslint-disable-line react-hooks/exhaustive-deps -- dismiss is what is used of toasts, the rest changes every push

  useEffect(() => {
    const timer = setInterval(() => {
      const now = Date.now();
      services.clock.getState().tick(now);
      live?.tick(now);
    }, 1000);
    return () => clearInterval(timer);
  }, [services, live]);
}
