// The Swap screen's own keys, all carried out by SwapScreen (the compiler checks it gives a handler
// for each); none acts while the instructions view covers the form.
import type { SwapState } from '../../src/store/swap.js';
import { screenKeys, type ScreenContext } from '../shared/types.js';

export const SWAP_SCREEN = 'swap';

/** The form's keys do nothing while the instructions view covers it. */
const formHidden = ({ store }: ScreenContext<SwapState>) =>
  store.getState().instructionsOpen ? 'the form is behind the instructions: Esc closes them first' : undefined;

export const SWAP_KEYS = screenKeys<SwapState>()({
  edit: { keys: ['e', 'enter'], help: 'edit the field (Esc: done)', hint: 'edit', disabled: formHidden },
  execute: { keys: ['s'], help: "swap via the pane's path", hint: 'swap', disabled: formHidden },
  build: { keys: ['b'], help: 'build via swap group + RPC', hint: 'build', disabled: formHidden },
  instructions: { keys: ['i'], help: 'show the swap instructions', hint: 'instr', disabled: formHidden },
  advanced: { keys: ['a'], help: 'advanced parameters', hint: 'advanced', disabled: formHidden },
  max: { keys: ['m'], help: 'max: the whole balance', hint: 'max', disabled: formHidden },
  flip: { keys: ['f'], help: 'flip to the reverse trade', hint: 'flip', disabled: formHidden },
  preset: { keys: ['left', 'right'], help: 'slippage presets', disabled: formHidden },
});
