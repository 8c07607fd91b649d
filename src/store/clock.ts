// The wall clock that screens show (the header's time, ages, countdowns), ticked once a second.
// A store of its own: a tick reaches only the components that show time, not every reader of the
// session.
import { createStore, type StoreApi } from 'zustand/vanilla';

export interface ClockState {
  /** ms since the epoch, as of the last tick */
  now: number;
  tick(now: number): void;
}

export type ClockStore = StoreApi<ClockState>;

export function createClockStore(now = Date.now()): ClockStore {
  return createStore<ClockState>()((set) => ({ now, tick: (t) => set({ now: t }) }));
}
