// Loading the next page of an invite list (`]`, or moving past the last row), once at a time.
import type { InviteListResponse } from '../../src/api/types.js';
import type { Services } from '../../src/services/index.js';
import type { InviteView, InvitesStore } from '../../src/portfolio/invitesStore.js';

export const INVITES_SCREEN = 'invites';
/** 2 requests a minute for page 1 of the visible view. */
export const INVITES_INTERVAL_MS = 30_000;

export function fetchInvites(
  services: Services,
  view: InviteView,
  address: string,
  page: number,
  signal?: AbortSignal,
): Promise<InviteListResponse> {
  const p = { address, page };
  return view === 'history'
    ? services.api.send.inviteHistory(p, { signal })
    : services.api.send.pendingInvites(p, { signal });
}

/** Whose invites the screen shows: the address of `:invites ADDR`, else the wallet's; undefined: none. */
export function shownAddress(store: InvitesStore, services: Pick<Services, 'wallet'>): string | undefined {
  return store.getState().address ?? services.wallet?.address;
}

/** The list of the view for the address shown (a list of another address is not it). */
export function shownList(store: InvitesStore, services: Pick<Services, 'wallet'>) {
  const s = store.getState();
  const list = s.lists[s.view];
  return list && list.address === shownAddress(store, services) ? list : undefined;
}

/** Why `]` does nothing now, or undefined. */
export function moreDisabled(store: InvitesStore, services: Pick<Services, 'wallet'>): string | undefined {
  if (!shownAddress(store, services)) return 'no wallet: no invites to list (or :invites ADDRESS)';
  const s = store.getState();
  const list = shownList(store, services);
  if (!list) return 'the first page has not arrived yet';
  if (list.loadingMore) return 'already loading the next page';
  if (!list.hasMore)
    return `every ${s.view === 'history' ? 'invite' : 'pending invite'} is listed (${list.invites.length})`;
  return undefined;
}

export async function loadMore(store: InvitesStore, services: Services, report: (text: string) => void): Promise<void> {
  if (moreDisabled(store, services) !== undefined) return;
  const s = store.getState();
  const view = s.view;
  const list = s.lists[view]!;
  const page = list.pages + 1;
  s.startMore(view);
  try {
    const r = await fetchInvites(services, view, list.address, page);
    store.getState().applyMore(view, list.address, page, r.invites, r.hasMoreData, services.now());
  } catch (e) {
    const text = `invites page ${page}: ${e instanceof Error ? e.message : String(e)}`;
    store.getState().failMore(view, text);
    report(text);
  }
}
