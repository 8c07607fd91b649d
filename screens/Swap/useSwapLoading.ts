// What the Swap screen keeps loaded: the token list, a token typed that no list holds (looked up
// once its field is left), the balances of the pair and SOL; and a form another screen asks for.
import { useEffect } from 'react';
import type { StoreApi } from 'zustand/vanilla';
import { NATIVE_MINT } from '../../src/chain/mints.js';
import { catalogEmpty, knowTokens, loadTokens, refreshBalances } from '../../src/actions/swapFlow.js';
import type { Services } from '../../src/services/index.js';
import type { SwapForm, SwapState } from '../../src/store/swap.js';
import { useFlash, useShell } from '../shared/context.js';
import { useIntent } from '../shared/intents.js';
import { SWAP_SCREEN } from './keys.js';
import type { SwapFields } from './useSwapFields.js';

export function useSwapLoading(
  s: Services,
  swap: StoreApi<SwapState>,
  f: SwapFields,
  o: { form: SwapForm; inputMint?: string; outputMint?: string; running?: string },
): void {
  const flash = useFlash();
  // A form asked for by another screen (Tokens' s and S, an alert's s) replaces the token fields.
  useIntent(useShell().navigator, SWAP_SCREEN, ({ form }) => {
    swap.getState().setForm(form);
    swap.getState().setOutcome(undefined);
    f.setFocus('amount');
    f.setEditing(false);
  });
  useEffect(() => {
    if (catalogEmpty(s))
      void loadTokens(s).then(
        () => catalogEmpty(s) && flash('error', 'could not load the token list; a mint address still works'),
      );
  }, [s, flash]);
  // A token no list on screen holds is looked up once its field is left (every category list, the
  // service's search; a mint's decimals over RPC), then resolves like any other.
  const editingNow = f.editing();
  const { input, output } = o.form;
  useEffect(() => {
    if (!editingNow) void knowTokens(s, [input, output]).catch(() => {});
  }, [s, input, output, editingNow]);
  const { inputMint, outputMint } = o;
  useEffect(() => {
    void refreshBalances(s, swap, [
      NATIVE_MINT,
      ...(inputMint ? [inputMint] : []),
      ...(outputMint ? [outputMint] : []),
    ]);
  }, [s, swap, inputMint, outputMint]);
  // An action started (Enter, b, :swap) ends editing: its result is read with the global keys.
  const { running } = o;
  const { editing, setEditing } = f;
  useEffect(() => {
    if (running && editing()) setEditing(false);
  }, [running, editing, setEditing]);
}
