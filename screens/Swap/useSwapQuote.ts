// Polls the swap quote for the form's parameters while the Swap screen is mounted and the form is
// complete: one scheduler resource per distinct request, settled for a moment first so typing
// "1.5" does not ask for "1", "1." and "1.5". The footer shows its age; the panel a countdown.
import { useEffect, useState } from 'react';
import type { QuoteParams } from '../../src/api/types.js';
import { quoteKey } from '../../src/actions/swapForm.js';
import type { ActionServices } from '../../src/actions/services.js';
import { useServices, useSession } from '../../src/hooks/services.js';
import { usePollState } from '../../src/hooks/usePolled.js';
import type { PollState } from '../../src/poll/scheduler.js';
import { SWAP_SCREEN } from './keys.js';

export const QUOTE_INTERVAL_MS = 10_000;
const SETTLE_MS = 400;

export function useSwapQuote(params: QuoteParams | undefined, s: ActionServices, paused: boolean): { key?: string; poll?: PollState } {
  const { scheduler, stores } = useServices();
  const intervalMs = useSession((st) => st.intervals[SWAP_SCREEN]) ?? QUOTE_INTERVAL_MS;
  const wanted = params && !paused ? quoteKey(params) : undefined;
  const [key, setKey] = useState<string | undefined>(undefined);
  useEffect(() => {
    if (wanted === key) return;
    const timer = setTimeout(() => setKey(wanted), wanted === undefined ? 0 : SETTLE_MS);
    return () => clearTimeout(timer);
  }, [wanted, key]);
  useEffect(() => {
    if (!key || !params) return;
    const fixed = params;
    const unregister = scheduler.keys().includes(key) ? () => undefined : scheduler.register(key, {
      intervalMs,
      fetch: (signal) => s.api.swap.quote(fixed, { signal }),
      onData: (quote, at) => s.swap.getState().setQuote({ key, quote, at }),
    });
    stores.session.getState().setResources(SWAP_SCREEN, [key]);
    const release = scheduler.acquire(key);
    return () => {
      release();
      unregister();
      stores.session.getState().setResources(SWAP_SCREEN, []);
    };
    // params are fixed by the key
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, scheduler, stores, s]);
  useEffect(() => {
    if (key && scheduler.keys().includes(key) && scheduler.state(key)?.intervalMs !== intervalMs) scheduler.setInterval(key, intervalMs);
  }, [key, intervalMs, scheduler]);
  const poll = usePollState(key);
  return { key, poll };
}
