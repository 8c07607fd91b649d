// The Invites screen's own keys (both act on the store alone); InvitesScreen carries out the
// global moving, opening and backing-out keys.
import type { InvitesState } from '../../src/portfolio/invitesStore.js';
import { screenKeys } from '../shared/types.js';
import { loadMore, moreDisabled } from './more.js';

export const INVITES_KEYS = screenKeys<InvitesState>()({
  view: {
    keys: ['v'],
    help: 'switch history / pending',
    hint: 'history/pending',
    run: ({ store }) => store.getState().setView(store.getState().view === 'history' ? 'pending' : 'history'),
  },
  more: {
    keys: [']'],
    help: 'load the next page',
    hint: 'more',
    disabled: ({ store, services }) => moreDisabled(store, services),
    run: ({ store, services, flash }) => void loadMore(store, services, (t) => flash('error', t)),
  },
});
