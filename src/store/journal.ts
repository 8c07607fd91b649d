// The journal view's slice: whether it is open, the entries as last read from disk (newest first),
// the selected entry (by id), whether its detail is shown, and what the start-up reconcile found.
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { JournalState as JournalRecord } from '../journal/journal.js';
import type { ReconcileItem } from '../journal/reconcile.js';

export interface JournalViewState {
  open: boolean;
  entries: readonly JournalRecord[];
  loadedAt?: number;
  loadError?: string;
  selected?: string;
  detail: boolean;
  reconciled?: readonly ReconcileItem[];

  setOpen(open: boolean): void;
  /** one update per read of the file */
  setEntries(entries: readonly JournalRecord[], at: number): void;
  setLoadError(message: string): void;
  select(id: string | undefined): void;
  setDetail(on: boolean): void;
  setReconciled(items: readonly ReconcileItem[]): void;
}

export type JournalViewStore = StoreApi<JournalViewState>;

export function createJournalViewStore(): JournalViewStore {
  return createStore<JournalViewState>()((set, get) => ({
    open: false,
    entries: [],
    detail: false,
    // Opening shows the newest entry first, not wherever the cursor was left.
    setOpen: (open) => set(open ? { open, selected: get().entries[0]?.id } : { open, detail: false }),
    setEntries: (entries, at) => {
      const newestFirst = [...entries].sort((a, b) => b.time - a.time);
      const known = get().entries.length > 0;
      const selected = known && newestFirst.some((e) => e.id === get().selected) ? get().selected : newestFirst[0]?.id;
      set({ entries: newestFirst, loadedAt: at, loadError: undefined, selected });
    },
    setLoadError: (loadError) => set({ loadError }),
    select: (selected) => {
      if (get().selected !== selected) set({ selected });
    },
    setDetail: (detail) => set({ detail }),
    setReconciled: (reconciled) => set({ reconciled }),
  }));
}
