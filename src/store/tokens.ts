// The Tokens slice: which list is shown (category, interval, limit), the last good result of every
// list polled, each token's last known data and its price series since start, the view state
// (sort, filter, selection by mint, detail pane, starred-only view) and the starred tokens.
import { createStore, type StoreApi } from 'zustand/vanilla';
import { TOKEN_CATEGORIES, TOKEN_INTERVALS, type Token, type TokenCategory, type TokenInterval } from '../api/index.js';
import type { WatchEntry } from './watchlist.js';

export const CATEGORY_LABELS: Record<TokenCategory, string> = {
  toporganicscore: 'Organic',
  toptraded: 'Traded',
  toptrending: 'Trending',
};
export const DEFAULT_LIMIT = 50;
/** Price points kept per token for the sparkline. */
export const HISTORY_POINTS = 120;

export type SortDir = 'asc' | 'desc';

export interface TokenList {
  tokens: readonly Token[];
  /** when it arrived (ms) */
  at: number;
}

export interface TokensState {
  category: TokenCategory;
  interval: TokenInterval;
  limit: number;
  lists: Record<string, TokenList>;
  latest: Record<string, Token>;
  history: Record<string, readonly number[]>;
  /** price moves of the most recent result: marked for one refresh */
  changed: Record<string, 1 | -1>;
  sortColumn: string;
  sortDir: SortDir;
  filter: string;
  selected?: string;
  detail: boolean;
  starredOnly: boolean;
  starred: readonly WatchEntry[];

  /** one store update per poll result */
  applyList(key: string, tokens: readonly Token[], at: number): void;
  /** adds tokens met outside the lists (a mint typed in, read over RPC) to the catalog */
  remember(tokens: readonly Token[]): void;
  cycleCategory(): void;
  cycleInterval(): void;
  setLimit(limit: number): void;
  setSort(column: string, dir: SortDir): void;
  setFilter(text: string): void;
  select(mint: string | undefined): void;
  setDetail(open: boolean): void;
  setStarredOnly(on: boolean): void;
  /** stars or unstars; returns whether the token is starred afterwards */
  toggleStar(mint: string): boolean;
  star(mint: string, fallback?: { symbol: string; name: string }): void;
  /** writes the starred tokens with their latest data (at exit) */
  persistStarred(): Promise<void>;
}

export interface TokensInit {
  starred?: readonly WatchEntry[];
  /** saves the starred list (atomic file write); called after every change */
  persist?: (entries: readonly WatchEntry[]) => Promise<void>;
  category?: TokenCategory;
  interval?: TokenInterval;
  limit?: number;
  sortColumn?: string;
  sortDir?: SortDir;
  now?: () => number;
}

export function listKey(s: Pick<TokensState, 'category' | 'interval' | 'limit'>): string {
  return `${s.category}/${s.interval}/${s.limit}`;
}

/** the value after `current` in a list of choices that is not empty (the first after the last) */
function next<T>(values: readonly T[], current: T): T {
  return values[(values.indexOf(current) + 1) % values.length]!;
}

export type TokensStore = StoreApi<TokensState>;

export function createTokensStore(init: TokensInit = {}): TokensStore {
  const persist = init.persist ?? (async () => {});
  const now = init.now ?? Date.now;
  return createStore<TokensState>()((set, get) => {
    const withLatest = (entries: readonly WatchEntry[]) =>
      entries.map((e) => {
        const t = get().latest[e.mint];
        return t ? { ...e, symbol: t.symbol, name: t.name, last: t } : e;
      });
    const saveStarred = (entries: readonly WatchEntry[]) => {
      set({ starred: entries });
      void persist(withLatest(entries));
    };
    return {
      category: init.category ?? 'toporganicscore',
      interval: init.interval ?? '1h',
      limit: init.limit ?? DEFAULT_LIMIT,
      lists: {},
      latest: {},
      history: {},
      changed: {},
      sortColumn: init.sortColumn ?? 'rank',
      sortDir: init.sortDir ?? 'asc',
      filter: '',
      selected: undefined,
      detail: false,
      starredOnly: false,
      starred: init.starred ?? [],

      applyList(key, tokens, at) {
        const s = get();
        const latest = { ...s.latest };
        const history = { ...s.history };
        const changed: Record<string, 1 | -1> = {};
        for (const t of tokens) {
          const before = s.latest[t.id]?.usdPrice;
          const price = t.usdPrice;
          if (typeof before === 'number' && typeof price === 'number' && price !== before)
            changed[t.id] = price > before ? 1 : -1;
          latest[t.id] = t;
          if (typeof price === 'number' && Number.isFinite(price)) {
            const series = history[t.id] ?? [];
            history[t.id] =
              series.length >= HISTORY_POINTS ? [...series.slice(1 - HISTORY_POINTS), price] : [...series, price];
          }
        }
        set({ lists: { ...s.lists, [key]: { tokens, at } }, latest, history, changed });
      },
      remember(tokens) {
        const latest = { ...get().latest };
        for (const t of tokens) if (!latest[t.id]) latest[t.id] = t;
        set({ latest });
      },
      cycleCategory: () => set({ category: next(TOKEN_CATEGORIES, get().category), changed: {} }),
      cycleInterval: () => set({ interval: next(TOKEN_INTERVALS, get().interval), changed: {} }),
      setLimit: (limit) => set({ limit }),
      setSort: (sortColumn, sortDir) => set({ sortColumn, sortDir }),
      setFilter: (filter) => set({ filter }),
      select: (selected) => {
        if (get().selected !== selected) set({ selected });
      },
      setDetail: (detail) => set({ detail }),
      setStarredOnly: (starredOnly) => set({ starredOnly }),
      toggleStar(mint) {
        const s = get();
        if (s.starred.some((e) => e.mint === mint)) {
          saveStarred(s.starred.filter((e) => e.mint !== mint));
          return false;
        }
        s.star(mint);
        return true;
      },
      star(mint, fallback) {
        const s = get();
        if (s.starred.some((e) => e.mint === mint)) return;
        const t = s.latest[mint];
        const entry: WatchEntry = {
          mint,
          symbol: t?.symbol ?? fallback?.symbol ?? '',
          name: t?.name ?? fallback?.name ?? '',
          starredAt: new Date(now()).toISOString(),
          ...(t ? { last: t } : {}),
        };
        saveStarred([...s.starred, entry]);
      },
      persistStarred: () => persist(withLatest(get().starred)),
    };
  });
}
