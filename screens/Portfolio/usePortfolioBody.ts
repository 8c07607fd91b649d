// What the Portfolio screen shows of a wallet: its positions by platform (sorted as chosen), and
// for your own wallet its RPC balances, spot P&L from the journal and open standing orders.
import { useMemo } from 'react';
import { useStore } from 'zustand';
import { usePick } from '../../components/base/usePick.js';
import { tokenUniverse } from '../../src/actions/swapRequest.js';
import { isMine, standingOf } from '../../src/orders/standing/checker.js';
import { isActive } from '../../src/orders/standing/listing.js';
import { tokenInfoOf } from '../../src/portfolio/model.js';
import { pnlOf } from '../../src/portfolio/pnl.js';
import type { Services } from '../../src/services/index.js';
import { portfolioKey, type PortfolioStore } from '../../src/portfolio/store.js';
import { useCatalog, useNow } from '../shared/context.js';
import { portfolioView, positionsBody, type Lookup } from './lines.js';
import { shownAddress } from './params.js';
import { walletBody } from './walletLines.js';

const date = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function usePortfolioBody(services: Services, store: PortfolioStore, width: number) {
  const st = usePick(store, [
    'watch',
    'platforms',
    'sort',
    'reverse',
    'data',
    'balances',
    'journal',
    'fills',
    'baselines',
  ]);
  const { watch, platforms, sort, reverse, data, balances, journal, fills } = st;
  const latest = useCatalog((s) => s.latest);
  const address = shownAddress({ watch }, services) ?? null;
  const own = watch === null && services.wallet !== null;
  const wanted = address ? portfolioKey(address, platforms) : null;
  const current = data && data.key === wanted ? data : null;
  const baseline = (wanted ? st.baselines[wanted] : undefined) ?? null;

  const info = useMemo(() => tokenInfoOf(current?.portfolio), [current]);
  const known = useMemo(() => new Map(tokenUniverse(Object.values(latest)).map((t) => [t.id, t])), [latest]);
  const lookup: Lookup = useMemo(
    () => (mint) => {
      const t = known.get(mint);
      const i = info[mint];
      return {
        symbol: t?.symbol || i?.symbol,
        decimals: t?.decimals ?? i?.decimals,
        price: latest[mint]?.usdPrice ?? null,
        fallbackPrice: i?.price ?? null,
      };
    },
    [known, info, latest],
  );
  const names = useMemo(() => ({ symbolOf: (mint: string) => lookup(mint).symbol }), [lookup]);
  const view = useMemo(
    () => (current ? portfolioView(current.portfolio, names, sort, reverse) : null),
    [current, names, sort, reverse],
  );
  const pnl = useMemo(() => {
    if (!journal) return null;
    const prices = {
      decimalsOf: (m: string) => lookup(m).decimals,
      priceOf: (m: string) => lookup(m).price ?? lookup(m).fallbackPrice ?? null,
    };
    return pnlOf(journal.trades, prices, fills);
  }, [journal, fills, lookup]);
  // The balances and P&L tables measure every cell of every row (their columns are as wide as the
  // widest): made again when their own data changes, not on every sort of the positions above them.
  const standingAll = useStore(standingOf(services).store, (s) => s.orders);
  // the open ones of this wallet; their countdown moves with the minute, not every second
  const minute = useNow((t) => Math.floor(t / 60_000));
  const standing = useMemo(
    () => standingAll.filter((o) => isMine(services, o.terms) && isActive(o, minute * 60_000)),
    [standingAll, services, minute],
  );
  const walletPart = useMemo(
    () =>
      own ? walletBody({ balances: balances ?? null, pnl, lookup, date, standing, now: minute * 60_000 }, width) : [],
    [own, balances, pnl, lookup, width, standing, minute],
  );
  const positionsPart = useMemo(() => positionsBody(view, width), [view, width]);
  const body = useMemo(() => [...positionsPart, ...walletPart], [positionsPart, walletPart]);
  return { st, address, baseline, view, body };
}
