// Things that happened while the person may have looked elsewhere (an order filled, an alert fired):
// a log every screen can open (N), and how loudly to say it: a flash line and the terminal bell by
// default, an OSC desktop notification when asked for, or only the log.
import { createStore, type StoreApi } from 'zustand/vanilla';

export type NotifyMode = 'off' | 'bell' | 'desktop';
export const NOTIFY_MODES: readonly NotifyMode[] = ['off', 'bell', 'desktop'];

export interface Notification {
  at: number;
  /** e.g. "Orders" */
  source: string;
  text: string;
}

export interface NotificationsState {
  items: readonly Notification[];
  /** off: only the log; bell: flash line + BEL; desktop: also an OSC 9/777 notification */
  mode: NotifyMode;
  /** the log is open over the screen */
  open: boolean;
  /** the newest seen when the log was last opened (the header counts what is newer) */
  seenAt: number;
  add(n: Notification): void;
  setMode(mode: NotifyMode): void;
  setOpen(open: boolean): void;
}

export type NotificationsStore = StoreApi<NotificationsState>;

/** The most notifications kept. */
export const MAX_NOTIFICATIONS = 200;

export function createNotificationsStore(mode: NotifyMode = 'bell'): NotificationsStore {
  return createStore<NotificationsState>()((set, get) => ({
    items: [],
    mode,
    open: false,
    seenAt: 0,
    add: (n) => set({ items: [...get().items, n].slice(-MAX_NOTIFICATIONS) }),
    setMode: (m) => set({ mode: m }),
    setOpen: (open) => set(open ? { open, seenAt: get().items[get().items.length - 1]?.at ?? get().seenAt } : { open }),
  }));
}
