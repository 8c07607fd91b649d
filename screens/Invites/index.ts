// The Invites screen module: invite history (sent or received) and pending invites as two views,
// page 1 polled, later pages loaded with `]` or by moving past the last row.
import type { InviteListResponse } from '../../src/api/types.js';
import { createInvitesStore, type InvitesState, type InviteView } from '../../src/portfolio/invitesStore.js';
import { CommandError, noMoreThan } from '../shared/commandArgs.js';
import type { ScreenModule } from '../shared/types.js';
import { InvitesScreen } from './InvitesScreen.js';
import { INVITES_KEYS } from './keys.js';
import { fetchInvites, INVITES_INTERVAL_MS, INVITES_SCREEN, shownAddress } from './more.js';
import { isAddress } from '../../src/chain/base58.js';

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
      params: ({ store, services }): FirstPage | undefined => {
        const address = shownAddress(store, services);
        return address ? { view: store.getState().view, address } : undefined;
      },
      key: (p: FirstPage) => `${p.view}|${p.address}`,
      fetch: (p: FirstPage, signal, { services }) => fetchInvites(services, p.view, p.address, 1, signal),
      apply: (p: FirstPage, r: InviteListResponse, at, { store }) =>
        store.getState().applyFirstPage(p.view, p.address, r.invites, r.hasMoreData, at),
    },
  ],
  keys: INVITES_KEYS,
  commands: [
    {
      name: 'invites',
      usage: 'invites [history|pending] [ADDRESS|mine]',
      help: "show the invite history or the pending invites: the wallet's, or another address's (mine: back to the wallet's)",
      complete: (index) => (index <= 1 ? ['history', 'pending', 'mine'] : []),
      run(args, ctx) {
        noMoreThan(args, 2);
        let view: InviteView | undefined;
        let address: string | null | undefined;
        for (const arg of args) {
          const word = arg.toLowerCase();
          if (word === 'history' || word === 'pending') {
            if (view) throw new CommandError(`give one view: history or pending (got ${view} and ${word})`);
            view = word;
          } else if (word === 'mine') {
            if (address !== undefined) throw new CommandError('give one address (or mine)');
            address = null;
          } else if (isAddress(arg)) {
            if (address !== undefined) throw new CommandError('give one address (or mine)');
            address = arg;
          } else throw new CommandError(`"${arg}" is not a view (history, pending), an address or mine`);
        }
        if (address === null && !ctx.services.wallet)
          throw new CommandError('mine: no wallet is configured (:invites ADDRESS looks at an address)');
        const st = ctx.store.getState();
        if (address !== undefined)
          st.setAddress(address === null || address === ctx.services.wallet?.address ? undefined : address);
        if (view) st.setView(view);
        ctx.goto(INVITES_SCREEN);
      },
    },
  ],
  Component: InvitesScreen,
};
