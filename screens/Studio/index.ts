// The Studio screen module: launch a token on a bonding curve (n, then s) and claim its creator
// fees (c, then s), both through the one confirm-and-sign pipeline; the launched pools are
// remembered in the state dir and listed here, with the wallet's quote balances (polled over RPC).
import { signingBlocked } from '../../src/actions/run.js';
import { claimFromForm, refreshStudioBalances } from '../../src/actions/studioFlow.js';
import { createStudioStore, type StudioState } from '../../src/studio/store.js';
import { CommandError } from '../shared/commandArgs.js';
import type { ScreenModule } from '../shared/types.js';
import { STUDIO_KEYS, STUDIO_SCREEN } from './keys.js';
import { openClaim, quoteMintsOf } from './open.js';
import { StudioScreen } from './StudioScreen.js';

/** Quote balances over RPC (not the service's rate limit) every 30 s while the screen is up. */
export const BALANCE_INTERVAL_MS = 30_000;

export const studioScreen: ScreenModule<StudioState> = {
  id: STUDIO_SCREEN,
  title: 'Studio',
  key: '6',
  createStore: () => createStudioStore(),
  resources: [
    {
      id: 'balances',
      intervalMs: BALANCE_INTERVAL_MS,
      paced: false,
      params: ({ services, store }) =>
        services.wallet && services.rpc
          ? { owner: services.wallet.address, mints: quoteMintsOf(store.getState().pools) }
          : undefined,
      key: (p: { owner: string; mints: string[] }) => `${p.owner}:${p.mints.join(',')}`,
      fetch: async (p: { owner: string; mints: string[] }, _signal, { services, store }) =>
        refreshStudioBalances(services, store, p.mints),
      apply: () => {},
    },
  ],
  keys: STUDIO_KEYS,
  commands: [
    {
      name: 'launch',
      usage: 'launch',
      help: 'open the Studio launch form (name, symbol, image; the curve is preset)',
      run(args, ctx) {
        if (args.length > 0) throw new CommandError(`unexpected "${args.join(' ')}": fill the form instead`);
        const reason = signingBlocked(ctx.services, 'rpc');
        if (reason) throw new CommandError(reason);
        ctx.store.getState().setView('create');
        ctx.goto(STUDIO_SCREEN);
      },
    },
    {
      name: 'claim-fees',
      usage: 'claim-fees <pool> [amount|max]',
      help: "claim a launched pool's creator fees (pool: address or symbol; confirm first)",
      complete: (index, _p, ctx) =>
        index === 0 ? ctx.store.getState().pools.map((p) => p.symbol) : index === 1 ? ['max'] : [],
      async run(args, ctx) {
        if (args.length < 1 || args.length > 2)
          throw new CommandError(
            args.length < 1
              ? 'which pool? its address or the symbol of one launched here'
              : `unexpected "${args.slice(2).join(' ')}"`,
          );
        const st = ctx.store.getState();
        // one or two words (checked above)
        const pool = args[0]!;
        const known = st.pools.find((p) => p.pool === pool || p.symbol.toLowerCase() === pool.toLowerCase());
        openClaim(ctx.store, known?.pool ?? pool);
        ctx.store.getState().setClaimField('max', args[1] ?? 'max');
        ctx.goto(STUDIO_SCREEN);
        const r = await claimFromForm(ctx.services, ctx.store);
        if (r?.status === 'success') ctx.flash('success', 'fees claimed');
        else if (!r)
          throw new CommandError(
            ctx.store.getState().outcome?.lines[0] ?? ctx.store.getState().outcome?.title ?? 'not sent',
          );
      },
    },
  ],
  Component: StudioScreen,
};
