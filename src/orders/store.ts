// The Orders screen's slice: which list is shown (Limit, DCA or Standing, Active or History), the page of each
// list, the mint filter, includeFailedTx, the last good result of every list polled, the selection
// (by order key), the detail view, a signing action's progress and outcome, and the log of fills
// seen by the background refresh.
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { RecurringOrder, TriggerOrder } from '../api/types.js';
import { toggleMark, unmark } from '../orders/batches.js';

/**
 * The service's limit and DCA orders, the standing orders kept and fired by tradedeck itself, and
 * the service's orders from the wallet's vault (its current generation).
 */
export type OrdersTab = 'limit' | 'dca' | 'standing' | 'vault';
export type OrdersView = 'active' | 'history';
export type ListSlot = `${OrdersTab}/${OrdersView}`;

/** A deprecated price-based recurring order (its item shape is not in the contract). */
export type LegacyRecurringOrder = Record<string, unknown> & { orderKey?: unknown };

export interface ListSnapshot {
  /** the request's params key: the list shows what was asked, marked when the params changed since */
  paramsKey: string;
  page: number;
  totalPages: number;
  trigger: readonly TriggerOrder[];
  time: readonly RecurringOrder[];
  legacy: readonly LegacyRecurringOrder[];
  /** when it arrived (ms) */
  at: number;
}

export interface MintFilter {
  /** as typed */
  text: string;
  /** the token sold (limit orders: inputMint), or the one token of a DCA (mint) */
  mint?: string;
  symbol: string;
  /** limit orders: the token bought (outputMint) */
  outputMint?: string;
}

export interface BatchState {
  index: number;
  status: 'waiting' | 'running' | 'success' | 'failed' | 'cancelled' | 'refused' | 'expired' | 'unknown';
  signature?: string;
  error?: string;
}

export interface OrdersOutcome {
  ok: boolean;
  title: string;
  lines: string[];
  at: number;
}

export interface OrdersState {
  tab: OrdersTab;
  view: OrdersView;
  pages: Record<ListSlot, number>;
  filter?: MintFilter;
  includeFailed: boolean;
  /** limit prices shown as buy-per-sell (false) or sell-per-buy (true) */
  flipped: boolean;
  lists: Partial<Record<ListSlot, ListSnapshot>>;
  selected?: string;
  detail: boolean;
  /** a signing action in progress: its status line */
  running?: string;
  /** cancel-all: one entry per transaction */
  batches?: readonly BatchState[];
  outcome?: OrdersOutcome;
  /** a usage note shown on the screen (e.g. after `:limit` without arguments) */
  notice?: readonly string[];
  /** orders this session closed itself: leaving the active list is then no news */
  closedByYou: readonly string[];
  /** counts the actions that sent a transaction: the order lists are asked again when it moves */
  sent: number;
  /** open limit orders marked (Space) for X to cancel together, in the order they were marked */
  marked: readonly TriggerOrder[];
  /** computeUnitPrice of the cancels x, X and the marked cancels send: auto or microlamports per CU */
  cancelFee: string;

  setTab(tab: OrdersTab): void;
  setView(view: OrdersView): void;
  setPage(slot: ListSlot, page: number): void;
  setFilter(filter: MintFilter | undefined): void;
  setIncludeFailed(on: boolean): void;
  setFlipped(on: boolean): void;
  applyList(slot: ListSlot, snapshot: ListSnapshot): void;
  select(key: string | undefined): void;
  setDetail(open: boolean): void;
  setRunning(text: string | undefined): void;
  setBatches(batches: readonly BatchState[] | undefined): void;
  setOutcome(outcome: OrdersOutcome | undefined): void;
  setNotice(lines: readonly string[] | undefined): void;
  /** the new-order form (n), when open: its kind, what is typed in each field, and the errors of the last try */
  form?: OrderFormState;
  /** the form is on screen (closed, it keeps what was typed for the next n) */
  formOpen: boolean;
  openForm(kind: OrderFormKind, values?: Partial<Record<string, string>>): void;
  setFormField(key: string, value: string): void;
  setFormErrors(errors: Partial<Record<string, string>>): void;
  closeForm(): void;
  markClosed(keys: readonly string[]): void;
  /** a transaction was sent: what the lists show may have changed */
  noteSent(): void;
  toggleMark(order: TriggerOrder): void;
  unmark(keys: readonly string[]): void;
  clearMarks(): void;
  setCancelFee(computeUnitPrice: string): void;
}

export type OrdersStore = StoreApi<OrdersState>;

export type OrderFormKind = 'limit' | 'dca' | 'standing';

export interface OrderFormState {
  kind: OrderFormKind;
  values: Record<string, string>;
  errors: Partial<Record<string, string>>;
}

/**
 * What the forms start with: every field empty, an option's default said by its placeholder (no
 * expiry, the automatic priority fee), so that typing into a field replaces nothing.
 */
export const FORM_DEFAULTS: Record<OrderFormKind, Record<string, string>> = {
  limit: {
    amount: '',
    sell: '',
    buy: '',
    total: '',
    expiry: '',
    slippage: '',
    cu: '',
    feeAccount: '',
    wrap: '',
  },
  dca: { total: '', from: '', to: '', orders: '', interval: '', start: '', custody: '' },
  standing: { type: '', amount: '', sell: '', price: '', buy: '', expiry: '', slippage: '', custody: '' },
};

export const slotOf = (tab: OrdersTab, view: OrdersView): ListSlot => `${tab}/${view}`;

/** Every list at its first page (the standing list is one page: its slots are never turned). */
const FIRST_PAGES: Record<ListSlot, number> = {
  'limit/active': 1,
  'limit/history': 1,
  'dca/active': 1,
  'dca/history': 1,
  'standing/active': 1,
  'standing/history': 1,
  'vault/active': 1,
  'vault/history': 1,
};

export function createOrdersStore(init: Partial<Pick<OrdersState, 'tab' | 'view'>> = {}): OrdersStore {
  return createStore<OrdersState>()((set, get) => ({
    tab: init.tab ?? 'limit',
    view: init.view ?? 'active',
    pages: FIRST_PAGES,
    includeFailed: false,
    flipped: false,
    lists: {},
    detail: false,
    closedByYou: [],
    sent: 0,
    marked: [],
    cancelFee: 'auto',

    setTab: (tab) => set({ tab, detail: false }),
    setView: (view) => set({ view, detail: false }),
    setPage: (slot, page) => set({ pages: { ...get().pages, [slot]: Math.max(1, Math.floor(page)) } }),
    setFilter: (filter) => {
      // a new filter starts every list at its first page
      set({ filter, pages: FIRST_PAGES });
    },
    setIncludeFailed: (includeFailed) => set({ includeFailed }),
    setFlipped: (flipped) => set({ flipped }),
    applyList: (slot, snapshot) => {
      const pages = get().pages;
      // the service says how many pages there are: a page past the end goes to the last one
      const clamp = snapshot.totalPages >= 1 && pages[slot] > snapshot.totalPages;
      set({
        lists: { ...get().lists, [slot]: snapshot },
        ...(clamp ? { pages: { ...pages, [slot]: snapshot.totalPages } } : {}),
      });
    },
    select: (selected) => set({ selected }),
    setDetail: (detail) => set({ detail }),
    setRunning: (running) => set({ running }),
    setBatches: (batches) => set({ batches }),
    // the panel says the newest of the two: an outcome replaces a notice, and a notice an outcome
    setOutcome: (outcome) => set(outcome ? { outcome, notice: undefined } : { outcome }),
    setNotice: (notice) => set(notice ? { notice, outcome: undefined } : { notice }),
    form: undefined,
    formOpen: false,
    // a form of the same kind reopens as it was left: nothing typed is lost by Esc
    openForm: (kind, values) => {
      const kept = get().form?.kind === kind ? get().form!.values : FORM_DEFAULTS[kind];
      const given = Object.fromEntries(
        Object.entries(values ?? {}).filter((e): e is [string, string] => typeof e[1] === 'string'),
      );
      set({ form: { kind, values: { ...kept, ...given }, errors: {} }, formOpen: true });
    },
    setFormField: (key, value) => {
      const f = get().form;
      if (f) set({ form: { ...f, values: { ...f.values, [key]: value }, errors: { ...f.errors, [key]: undefined } } });
    },
    setFormErrors: (errors) => {
      const f = get().form;
      if (f) set({ form: { ...f, errors } });
    },
    closeForm: () => set({ formOpen: false }),
    markClosed: (keys) => set({ closedByYou: [...new Set([...get().closedByYou, ...keys])].slice(-500) }),
    noteSent: () => set({ sent: get().sent + 1 }),
    toggleMark: (order) => set({ marked: toggleMark(get().marked, order) }),
    unmark: (keys) => set({ marked: unmark(get().marked, keys) }),
    clearMarks: () => set({ marked: [] }),
    setCancelFee: (cancelFee) => set({ cancelFee }),
  }));
}
