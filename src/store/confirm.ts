// The confirmation queue: the sign-and-submit pipeline awaits `ask(view)`; the confirm host renders
// the oldest request as a ConfirmDialog and answers it. One dialog at a time, in request order.
// Anything unanswered when the queue is cleared (unmount, quit) resolves as cancelled: never signs.
import { createStore, type StoreApi } from 'zustand/vanilla';

export interface ConfirmLine {
  label: string;
  value: string;
  emphasis?: 'warn' | 'danger';
}

/** What the dialog shows: the human summary first, then the inspection facts. */
export interface ConfirmView {
  title: string;
  summary: ConfirmLine[];
  facts: string[];
  warnings: string[];
  /** a word the person must type (large or high-impact trades) */
  typedConfirmation?: string;
  confirmLabel?: string;
  /** the button that signs nothing; default Cancel */
  cancelLabel?: string;
  /** true: confirming signs nothing now (a standing order armed or cancelled) */
  signsNothing?: boolean;
  /** what the dialog's age line speaks of: a quote, or the built transaction (a cancel has no quote) */
  ages?: 'quote' | 'transaction';
  /** when what is shown was built, and when it stops being signable (the dialog shows the age ticking) */
  builtAt?: number;
  expiresAt?: number;
}

/** How a request ended: confirmed, cancelled, or withdrawn because what it showed expired. */
export type ConfirmResult = boolean | 'expired';

export interface ConfirmItem {
  id: number;
  view: ConfirmView;
}

export interface ConfirmState {
  queue: readonly ConfirmItem[];
  /** resolves true only when the person confirmed this request; 'expired' when it was withdrawn */
  ask(view: ConfirmView): Promise<ConfirmResult>;
  /** takes a request off the screen unanswered (what it showed expired): its ask resolves 'expired' */
  withdraw(id: number): void;
  /** answers the request `id` (ignored when it is not the head or was answered already) */
  answer(id: number, ok: boolean): void;
  /** cancels every pending request */
  cancelAll(): void;
}

export type ConfirmStore = StoreApi<ConfirmState>;

export function createConfirmStore(): ConfirmStore {
  const resolvers = new Map<number, (ok: ConfirmResult) => void>();
  let next = 1;
  return createStore<ConfirmState>()((set, get) => ({
    queue: [],
    ask: (view) =>
      new Promise<ConfirmResult>((resolve) => {
        const id = next++;
        resolvers.set(id, resolve);
        set({ queue: [...get().queue, { id, view }] });
      }),
    answer: (id, ok) => {
      const head = get().queue[0];
      if (!head || head.id !== id) return;
      const resolve = resolvers.get(id);
      resolvers.delete(id);
      set({ queue: get().queue.slice(1) });
      resolve?.(ok);
    },
    withdraw: (id) => {
      const resolve = resolvers.get(id);
      if (!resolve) return;
      resolvers.delete(id);
      set({ queue: get().queue.filter((q) => q.id !== id) });
      resolve('expired');
    },
    cancelAll: () => {
      const pending = [...resolvers.values()];
      resolvers.clear();
      set({ queue: [] });
      for (const r of pending) r(false);
    },
  }));
}
