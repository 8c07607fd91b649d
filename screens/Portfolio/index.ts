// The Portfolio screen module: a wallet's positions by platform and element with net worth and an
// allocation chart, its token balances over RPC, spot P&L from the journal, a platforms filter (f)
// and :portfolio ADDRESS to look at any address.
import type { Portfolio } from '../../src/api/types.js';
import { fetchFills, hasPlacedOrders } from '../../src/portfolio/fills.js';
import { pnlTrades, type Fill, type PlacedOrders, type TradesSnapshot } from '../../src/portfolio/pnl.js';
import { readBalances, type BalancesResult } from '../../src/portfolio/balances.js';
import { buildPortfolioView } from '../../src/portfolio/model.js';
import { createPortfolioStore, portfolioKey, type PortfolioState } from '../../src/portfolio/store.js';
import { CommandError, noMoreThan } from '../shared/commandArgs.js';
import type { ScreenModule } from '../shared/types.js';
import { PORTFOLIO_KEYS } from './keys.js';
import { PortfolioScreen } from './PortfolioScreen.js';
import { PORTFOLIO_INTERVAL_MS, PORTFOLIO_SCREEN, shownAddress, type PositionsParams } from './params.js';
import { isAddress } from '../../src/chain/base58.js';

export const portfolioScreen: ScreenModule<PortfolioState> = {
  id: PORTFOLIO_SCREEN,
  title: 'Portfolio',
  key: '5',
  createStore: () => createPortfolioStore(),
  resources: [
    {
      id: 'positions',
      intervalMs: PORTFOLIO_INTERVAL_MS,
      // what the wallet holds is asked again as soon as a transaction signed here has ended
      refreshWhen: (_state, session) => session.settled,
      params: ({ store, services }): PositionsParams | undefined => {
        const address = shownAddress(store.getState(), services);
        return address ? { address, platforms: store.getState().platforms } : undefined;
      },
      key: (p: PositionsParams) => portfolioKey(p.address, p.platforms),
      fetch: (p: PositionsParams, signal, { services }) =>
        services.api.portfolio.positions(
          { address: p.address, ...(p.platforms.length ? { platforms: p.platforms } : {}) },
          { signal },
        ),
      apply: (p: PositionsParams, data: Portfolio, at, { store }) => {
        const netWorth = buildPortfolioView(data, { names: { symbolOf: () => undefined }, sort: 'value' }).netWorth;
        store.getState().applyPortfolio(portfolioKey(p.address, p.platforms), data, netWorth, at);
      },
    },
    {
      id: 'balances',
      intervalMs: PORTFOLIO_INTERVAL_MS,
      // what the wallet holds is asked again as soon as a transaction signed here has ended
      refreshWhen: (_state, session) => session.settled,
      paced: false,
      params: ({ store, services }) =>
        store.getState().watch === null && services.wallet && services.rpc
          ? { owner: services.wallet.address }
          : undefined,
      key: (p: { owner: string }) => p.owner,
      fetch: (p: { owner: string }, _signal, { services }) => readBalances(services.rpc!, p.owner),
      apply: (_p, r: BalancesResult, at, { store }) =>
        store.getState().setBalances({ owner: r.owner, items: r.items, error: r.error, at }),
    },
    {
      id: 'journal',
      intervalMs: PORTFOLIO_INTERVAL_MS,
      // what the wallet holds is asked again as soon as a transaction signed here has ended
      refreshWhen: (_state, session) => session.settled,
      paced: false,
      params: ({ store, services }) =>
        store.getState().watch === null && services.wallet && services.journal
          ? { owner: services.wallet.address }
          : undefined,
      key: (p: { owner: string }) => p.owner,
      fetch: (_p, _signal, { services }) => pnlTrades(services.journal!),
      apply: (_p, trades: TradesSnapshot, at, { store }) => store.getState().setJournal(trades, at),
    },
    {
      // the fills of the limit and DCA orders placed through tradedeck, for the spot P&L
      id: 'fills',
      intervalMs: 60_000,
      params: ({ store, services }) => {
        const j = store.getState().journal;
        return store.getState().watch === null && services.wallet && j && hasPlacedOrders(j.trades.placed)
          ? { owner: services.wallet.address, placed: j.trades.placed }
          : undefined;
      },
      key: (p: { owner: string; placed: PlacedOrders }) =>
        `${p.owner}/${p.placed.triggerKeys.size}/${p.placed.dca.length}`,
      fetch: (p: { owner: string; placed: PlacedOrders }, signal, { services }) =>
        fetchFills(services, p.owner, p.placed, signal),
      apply: (_p, fills: Fill[], _at, { store }) => store.getState().setFills(fills),
    },
  ],
  keys: PORTFOLIO_KEYS,
  commands: [
    {
      name: 'portfolio',
      usage: 'portfolio [address]',
      help: "show any address's positions (watch); without one, your own",
      run(args, ctx) {
        noMoreThan(args, 1);
        const address = args[0];
        if (address !== undefined && !isAddress(address))
          throw new CommandError(`"${address}" is not a base58 address (32 to 44 characters)`);
        if (address === undefined && !ctx.services.wallet)
          throw new CommandError('no wallet is configured: give an address');
        const own = address === undefined || address === ctx.services.wallet?.address;
        ctx.store.getState().setWatch(own ? null : address);
        ctx.goto(PORTFOLIO_SCREEN);
        ctx.flash('info', own ? 'portfolio: your own wallet' : `portfolio: watching ${address}`);
      },
    },
  ],
  Component: PortfolioScreen,
};
