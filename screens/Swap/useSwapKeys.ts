// The Swap screen's own keys: j/k walk the fields, e edits, s swaps (b through the swap group), i
// shows the instructions, a the advanced fields, m the max amount, f flips the pair, ←/→ step the
// slippage presets; Esc closes the instructions or the outcome.
import type { StoreApi } from 'zustand/vanilla';
import { SLIPPAGE_PRESETS, checkForm } from '../../src/actions/swapRequest.js';
import {
  executeSwapForm,
  fetchInstructions,
  flipForm,
  formGeneration,
  knownTokens,
  maxAmountText,
  settledPath,
} from '../../src/actions/swapFlow.js';
import type { Services } from '../../src/services/index.js';
import type { SwapState } from '../../src/store/swap.js';
import { useFlash } from '../shared/context.js';
import { useScreenKeys } from '../shared/keys.js';
import type { FieldDef } from './fields.js';
import { SWAP_KEYS, SWAP_SCREEN } from './keys.js';
import type { SwapFields } from './useSwapFields.js';

export function useSwapKeys(
  s: Services,
  swap: StoreApi<SwapState>,
  fields: readonly FieldDef[],
  f: SwapFields,
  active: boolean,
): void {
  const flash = useFlash();
  const st = () => swap.getState();
  useScreenKeys(
    { scope: SWAP_SCREEN, keys: SWAP_KEYS, active },
    {
      // Behind the instructions view the form cursor stays where it is: the key is left to the
      // view, which scrolls (whichever of the two registered its keys last).
      down: () => !st().instructionsOpen && f.move(1),
      up: () => !st().instructionsOpen && f.move(-1),
      top: () => !st().instructionsOpen && f.setFocus(fields[0]!.key),
      bottom: () => !st().instructionsOpen && f.setFocus(fields[fields.length - 1]!.key),
      edit: () => f.setEditing(true),
      execute: () => void settledPath(s, swap).then((p) => executeSwapForm(s, swap, p.via)),
      build: () => void executeSwapForm(s, swap, 'swap'),
      instructions: () => void fetchInstructions(s, swap),
      advanced: () => st().setAdvanced(!st().advanced),
      max: () => {
        const max = maxAmountText(swap, checkForm(st().form, knownTokens(s), s.wallet?.address, formGeneration(s)));
        if (max === undefined) return flash('error', 'max: pick the input token first (and wait for its balance)');
        st().setForm({ amount: max, mode: 'ExactIn' });
      },
      flip: () => flash('info', flipForm(s, swap)),
      preset: (_input, key) => {
        if (f.focus() !== 'slippageBps') return false;
        const now = SLIPPAGE_PRESETS.indexOf(st().form.slippageBps.trim() || 'auto');
        const next =
          SLIPPAGE_PRESETS[(now + (key.leftArrow ? -1 : 1) + SLIPPAGE_PRESETS.length) % SLIPPAGE_PRESETS.length]!;
        st().setField('slippageBps', next === 'auto' ? '' : next);
      },
      back: () => {
        if (st().instructionsOpen) return st().setInstructionsOpen(false);
        if (st().outcome) return st().setOutcome(undefined);
        return false;
      },
    },
  );
}
