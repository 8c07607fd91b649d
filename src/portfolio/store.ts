// The Portfolio screen's store: which address is shown (your own, or one given with :portfolio),
// the platforms filter, the sort, the last positions response, the net worth when the screen was
// opened, the wallet balances read over RPC and what the spot P&L keeps of the journal.
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Portfolio } from '../api/types.js';
import type { Fill, TradesSnapshot } from '../portfolio/pnl.js';

export type PortfolioSort = 'value' | 'name';

export interface WalletBalance {
  mint: string;
  raw: bigint;
}

export interface PortfolioState {
  /** an address viewed instead of the wallet's (watch); null: your own */
  watch: string | null;
  /** platform ids sent as `platforms`; empty: all */
  platforms: string[];
  sort: PortfolioSort;
  reverse: boolean;
  /** the last response and the params it answered (`address|platforms`) */
  data: { key: string; portfolio: Portfolio; at: number } | null;
  /** net worth at the first response for each params key in this run (kept across visits) */
  baselines: Record<string, { netWorth: number; at: number }>;
  balances: { owner: string; at: number; items: WalletBalance[]; error?: string } | null;
  /** what the P&L keeps of the journal */
  journal: { trades: TradesSnapshot; at: number } | null;
  /** fills of the orders placed through tradedeck (for the spot P&L) */
  fills: Fill[];
  setFills(fills: Fill[]): void;
  setWatch(address: string | null): void;
  setPlatforms(ids: string[]): void;
  setSort(sort: PortfolioSort, reverse?: boolean): void;
  applyPortfolio(key: string, portfolio: Portfolio, netWorth: number, at: number): void;
  setBalances(b: PortfolioState['balances']): void;
  setJournal(trades: TradesSnapshot, at: number): void;
}

export type PortfolioStore = StoreApi<PortfolioState>;

export const portfolioKey = (address: string, platforms: readonly string[]) => `${address}|${platforms.join(',')}`;

export function createPortfolioStore(): PortfolioStore {
  return createStore<PortfolioState>()((set, get) => ({
    watch: null,
    platforms: [],
    sort: 'value',
    reverse: false,
    data: null,
    baselines: {},
    balances: null,
    journal: null,
    fills: [],
    setFills: (fills) => set({ fills }),
    setWatch: (watch) => set({ watch }),
    setPlatforms: (platforms) => set({ platforms }),
    setSort: (sort, reverse = false) => set({ sort, reverse }),
    applyPortfolio(key, portfolio, netWorth, at) {
      const seen = get().baselines;
      set({
        data: { key, portfolio, at },
        ...(seen[key] === undefined ? { baselines: { ...seen, [key]: { netWorth, at } } } : {}),
      });
    },
    setBalances: (balances) => set({ balances }),
    setJournal: (trades, at) => set({ journal: { trades, at } }),
  }));
}
