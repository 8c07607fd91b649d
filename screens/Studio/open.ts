// Opening the claim form on the selected launched pool (or empty, to paste one), and the quote
// mints whose balances the screen shows.
import { USDC_MINT } from '../../src/api/mints.js';
import type { LaunchedPool } from '../../src/studio/pools.js';
import { DEFAULT_CLAIM, type StudioStore } from '../../src/studio/store.js';

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
