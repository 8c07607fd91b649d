// The Invites screen's store: two views (history: sender or recipient; pending: sent, unclaimed),
// each a list grown page by page while the service says it has more.
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Invite } from '../api/types.js';
import { appendPage, mergeFirstPage } from '../portfolio/invites.js';

export type InviteView = 'history' | 'pending';

export interface InviteList {
  address: string;
  invites: Invite[];
  /** how many of `invites` came with the last page-1 answer */
  firstCount: number;
  /** pages loaded */
  pages: number;
  hasMore: boolean;
  at: number;
  loadingMore: boolean;
  moreError?: string;
}

export interface InvitesState {
  view: InviteView;
  /** another address looked at (`:invites ADDR`); undefined: the wallet's own */
  address?: string;
  lists: Partial<Record<InviteView, InviteList>>;
  selected: string | null;
  detail: boolean;
  setView(view: InviteView): void;
  /** look at another address's invites, or (undefined) the wallet's again */
  setAddress(address: string | undefined): void;
  applyFirstPage(view: InviteView, address: string, invites: Invite[], hasMore: boolean, at: number): void;
  startMore(view: InviteView): void;
  applyMore(view: InviteView, address: string, page: number, invites: Invite[], hasMore: boolean, at: number): void;
  failMore(view: InviteView, message: string): void;
  select(id: string | null): void;
  setDetail(open: boolean): void;
}

export type InvitesStore = StoreApi<InvitesState>;

export function createInvitesStore(): InvitesStore {
  return createStore<InvitesState>()((set, get) => {
    const update = (view: InviteView, patch: Partial<InviteList>) => {
      const cur = get().lists[view];
      if (cur) set({ lists: { ...get().lists, [view]: { ...cur, ...patch } } });
    };
    return {
      view: 'history',
      lists: {},
      selected: null,
      detail: false,
      setView: (view) => set({ view, detail: false }),
      setAddress: (address) => set({ address, detail: false, selected: null }),
      applyFirstPage(view, address, invites, hasMore, at) {
        const cur = get().lists[view];
        const next: InviteList =
          cur && cur.address === address
            ? {
                ...cur,
                invites: mergeFirstPage(cur.invites, cur.firstCount, invites),
                firstCount: invites.length,
                hasMore: cur.pages > 1 ? cur.hasMore : hasMore,
                at,
              }
            : { address, invites, firstCount: invites.length, pages: 1, hasMore, at, loadingMore: false };
        set({ lists: { ...get().lists, [view]: next } });
      },
      startMore: (view) => update(view, { loadingMore: true, moreError: undefined }),
      applyMore(view, address, page, invites, hasMore, at) {
        const cur = get().lists[view];
        if (!cur || cur.address !== address) return;
        update(view, {
          invites: appendPage(cur.invites, invites),
          pages: Math.max(cur.pages, page),
          hasMore,
          at,
          loadingMore: false,
        });
      },
      failMore: (view, message) => update(view, { loadingMore: false, moreError: message }),
      select: (selected) => set({ selected }),
      setDetail: (detail) => set({ detail }),
    };
  });
}
