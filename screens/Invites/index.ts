// The Invites screen module: invite history (sent or received) and pending invites as two views,
// page 1 polled, later pages loaded with `]` or by moving past the last row.
import type { InviteListResponse } from '../../src/api/types.js';
import { createInvitesStore, type InvitesState, type InviteView } from '../../src/store/invites.js';
import { CommandError, noMoreThan } from '../shell/commands.js';
import type { ScreenModule } from '../shell/types.js';
import { InvitesScreen } from './InvitesScreen.js';
import { fetchInvites, INVITES_INTERVAL_MS, INVITES_SCREEN, loadMore, moreDisabled } from './more.js';

interface FirstPage {
  view: InviteView;
  address: string;
}

export const invitesScreen: ScreenModule<InvitesState> = {
  id: INVITES_SCREEN,
  title: 'Invites',
  key: '4',
  createStore: () => createInvitesStore(),
  resources: [
    {
      id: 'page1',
      intervalMs: INVITES_INTERVAL_MS,
      params: ({ store, services }): FirstPage | undefined => (services.wallet ? { view: store.getState().view, address: services.wallet.address } : undefined),
      key: (p: FirstPage) => `${p.view}|${p.address}`,
      fetch: (p: FirstPage, signal, { services }) => fetchInvites(services, p.view, p.address, 1, signal),
      apply: (p: FirstPage, r: InviteListResponse, at, { store }) => store.getState().applyFirstPage(p.view, p.address, r.invites, r.hasMoreData, at),
    },
  ],
  keys: [
    {
      keys: ['v'],
      command: 'view',
      help: 'switch history / pending',
      hint: 'history/pending',
      run: ({ store }) => store.getState().setView(store.getState().view === 'history' ? 'pending' : 'history'),
    },
    {
      keys: [']'],
      command: 'more',
      help: 'load the next page',
      hint: 'more',
      disabled: ({ store, services }) => moreDisabled(store, services),
      run: ({ store, services, flash }) => void loadMore(store, services, (t) => flash('error', t)),
    },
  ],
  commands: [
    {
      name: 'invites',
      usage: 'invites [history|pending]',
      help: 'show the invite history or the pending invites',
      complete: (index) => (index === 0 ? ['history', 'pending'] : []),
      run(args, ctx) {
        noMoreThan(args, 1);
        const view = args[0]?.toLowerCase();
        if (view !== undefined && view !== 'history' && view !== 'pending') throw new CommandError(`"${args[0]}" is not a view: history or pending`);
        if (view) ctx.store.getState().setView(view);
        ctx.goto(INVITES_SCREEN);
      },
    },
  ],
  Component: InvitesScreen,
};
