// What `swap` and `quote` read from their arguments: the Swap form they describe and the route it
// takes, so that a quote shows what the swap with the same options would execute.
import { swapPath } from '../actions/swapForm.js';
import { EMPTY_FORM, type SwapForm } from '../store/swap.js';
import { clean, CommandError } from './print.js';

type Flags = Record<string, string | boolean>;

/** The route a swap (and the quote that shows it) takes: the order group unless an option needs the swap group. */
export function swapRouteOf(form: SwapForm, route: string | boolean | undefined): { via: 'order' | 'swap' } {
  const path = swapPath(form);
  if (route === undefined) return { via: path.via };
  if (route !== 'order' && route !== 'swap') throw new CommandError(`--route: "order" or "swap" (got "${clean(String(route), 20)}")`, 2);
  if (route === 'order' && path.via === 'swap') {
    throw new CommandError(`--route order: the order group takes an exact input and chooses its own slippage and fee; ${path.why.join(', ')} need${path.why.length === 1 ? 's' : ''} --route swap`, 2);
  }
  return { via: route };
}

/** The form the arguments describe, as the Swap screen would hold it when typed in. */
export function swapFormOf(positionals: string[], flags: Flags): SwapForm {
  const [amount, input, output] = positionals;
  const slip = flags['slippage-bps'];
  if (slip !== undefined && !/^\d+$/.test(String(slip).trim())) {
    throw new CommandError(`--slippage-bps: must be a whole number from 0 to 10000 (got "${clean(String(slip), 30)}")`, 2);
  }
  if (slip !== undefined && Number(slip) > 10_000) throw new CommandError(`--slippage-bps: at most 10000 (got ${clean(String(slip), 30)})`, 2);
  const fee = flags['priority-fee'];
  return {
    ...EMPTY_FORM,
    amount: amount ?? '',
    input: input ?? '',
    output: output ?? '',
    mode: flags['exact-out'] === true ? 'ExactOut' : 'ExactIn',
    slippageBps: slip === undefined ? '' : String(slip).trim(),
    priorityFee: typeof fee === 'string' ? fee : 'auto',
  };
}

