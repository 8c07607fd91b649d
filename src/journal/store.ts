// The journal view's slice: whether it is open, how many entries the journal holds (as last
// followed on disk), the rows read around the cursor (newest first), the cursor, whether the
// entry's detail is shown, and what the start-up reconcile found. The journal itself is never held
// here: only the page on screen and what is just around it.
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { JournalProblem, JournalState as JournalRecord } from '../journal/journal.js';
import type { ReconcileItem } from '../journal/reconcile.js';

export interface JournalViewState {
  open: boolean;
  /** entries in the journal and its archives, as last read */
  count: number;
  /** more than one wallet among them (a WALLET column) */
  manyWallets: boolean;
  /** lines the reader could not use */
  problems: readonly JournalProblem[];
  /** the rows read, newest first, the first being the `from`th */
  rows: { from: number; entries: readonly JournalRecord[] };
  /** position of the selected entry, newest first */
  cursor: number;
  loadedAt?: number;
  loadError?: string;
  detail: boolean;
  reconciled?: readonly ReconcileItem[];

  setOpen(open: boolean): void;
  /** one update per read of the file; entries added since the last one come first, and the cursor stays on its entry */
  setRead(
    read: { count: number; manyWallets: boolean; problems: readonly JournalProblem[] },
    at: number,
    rows?: JournalViewState['rows'],
  ): void;
  setRows(from: number, entries: readonly JournalRecord[]): void;
  setCursor(cursor: number): void;
  setLoadError(message: string): void;
  setDetail(on: boolean): void;
  setReconciled(items: readonly ReconcileItem[]): void;
}

export type JournalViewStore = StoreApi<JournalViewState>;

/** The row at the cursor, when it has been read. */
export function selectedEntry(st: Pick<JournalViewState, 'rows' | 'cursor'>): JournalRecord | undefined {
  return st.rows.entries[st.cursor - st.rows.from];
}

export function createJournalViewStore(): JournalViewStore {
  return createStore<JournalViewState>()((set, get) => ({
    open: false,
    count: 0,
    manyWallets: false,
    problems: [],
    rows: { from: 0, entries: [] },
    cursor: 0,
    detail: false,
    // Opening shows the newest entry first, not wherever the cursor was left.
    setOpen: (open) => set(open ? { open, cursor: 0 } : { open, detail: false }),
    setRead: (read, at, rows) => {
      const st = get();
      // new entries come first (newest first): the cursor moves down with its entry, unless at the top
      const added = st.loadedAt === undefined ? 0 : Math.max(0, read.count - st.count);
      const cursor = Math.max(0, Math.min(st.cursor + added, read.count - 1));
      set({
        ...read,
        loadedAt: at,
        loadError: undefined,
        cursor,
        rows: rows ?? { from: st.rows.from + added, entries: st.rows.entries },
      });
    },
    setRows: (from, entries) => set({ rows: { from, entries } }),
    setCursor: (cursor) => {
      const to = Math.max(0, Math.min(cursor, get().count - 1));
      if (to !== get().cursor) set({ cursor: to });
    },
    setLoadError: (loadError) => set({ loadError }),
    setDetail: (detail) => set({ detail }),
    setReconciled: (reconciled) => set({ reconciled }),
  }));
}
