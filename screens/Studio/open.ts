// Opening the claim form on the selected launched pool (or empty, to paste one), and the quote
// mints whose balances the screen shows.
import { fromBaseUnits } from '../../src/text/amount.js';
import { USDC_MINT } from '../../src/chain/mints.js';
import type { Token } from '../../src/api/types.js';
import type { LaunchedPool } from '../../src/studio/pools.js';
import { DEFAULT_CLAIM, type StudioStore } from '../../src/studio/store.js';
import { printable } from './notes.js';

export function openClaim(store: StudioStore, pool?: string): void {
  const st = store.getState();
  const chosen = st.pools.find((p) => p.pool === (pool ?? st.selected)) ?? (pool ? undefined : st.pools[0]);
  st.setOutcome(undefined);
  st.setClaimErrors({});
  store.setState({
    claim: { ...DEFAULT_CLAIM, pool: chosen?.pool ?? pool ?? '', quote: chosen?.quoteSymbol || DEFAULT_CLAIM.quote },
  });
  st.setView('claim');
}

export function quoteMintsOf(pools: readonly LaunchedPool[]): string[] {
  const mints = [...new Set(pools.map((p) => p.quoteMint))];
  return mints.length ? mints : [USDC_MINT];
}

/** The pools list's head: how many, and the wallet's balance of each quote token. */
export function poolsHead(
  pools: readonly LaunchedPool[],
  tokens: readonly Token[],
  balances: Readonly<Record<string, bigint>>,
): string {
  const bal = quoteMintsOf(pools)
    .map((m) => {
      const t = tokens.find((x) => x.id === m);
      const raw = balances[m];
      return t
        ? `${raw === undefined ? '—' : fromBaseUnits(raw, t.decimals, { maxFraction: 4 })} ${printable(t.symbol, 8)}`
        : undefined;
    })
    .filter(Boolean)
    .join(' · ');
  return `Launched pools (${pools.length}) · bal ${bal || '—'}`;
}
