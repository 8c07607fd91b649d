// What `swap` and `quote` read from their arguments: the Swap form they describe and the route it
// takes, so that a quote shows what the swap with the same options would execute.
import { optionKey, type OptionsOf } from '../commands/registry.js';
import { swapPath } from '../actions/swapRequest.js';
import { orderFieldsSet, optionValue, SWAP_OPTIONS } from '../actions/swapOptions.js';
import { EMPTY_FORM, type SwapForm } from '../store/swap.js';
import { clean, CommandError } from './print.js';
import { isAddress } from '../chain/base58.js';
import type { Generation } from '../config/generation.js';

/**
 * The route a swap (and the quote that shows it) takes: the order group unless an option needs the
 * swap group. `generation`: the service's, when known (a slippage is the order route's in its
 * current generation, the swap group's in its first).
 */
export function swapRouteOf(
  form: SwapForm,
  route: string | boolean | undefined,
  generation?: Generation,
): { via: 'order' | 'swap' } {
  const path = swapPath(form, generation);
  const orderOnly = orderFieldsSet(form).map((key) => `--${SWAP_OPTIONS.find((o) => o.key === key)!.word}`);
  if (orderOnly.length && (route === 'swap' || (route === undefined && path.via === 'swap'))) {
    const because =
      route === 'swap'
        ? '--route swap'
        : `${path.why.join(', ')} need${path.why.length === 1 ? 's' : ''} the swap route`;
    throw new CommandError(
      `${orderOnly.join(', ')}: the order route's only, and ${because} (the swap group has no such parameter)`,
      2,
    );
  }
  if (route === undefined) return { via: path.via };
  if (route !== 'order' && route !== 'swap')
    throw new CommandError(`--route: "order" or "swap" (got "${clean(String(route), 20)}")`, 2);
  if (route === 'order' && path.via === 'swap') {
    throw new CommandError(
      `--route order: the order group takes an exact input${generation === 'v1' ? ' and chooses its own slippage' : ''} and fee; ${path.why.join(', ')} need${path.why.length === 1 ? 's' : ''} --route swap`,
      2,
    );
  }
  return { via: route };
}

/** The form the arguments describe, as the Swap screen would hold it when typed in. */
export function swapFormOf(positionals: string[], opts: OptionsOf<'swap'>): SwapForm {
  const [amount, input, output] = positionals;
  const slip = opts.slippageBps;
  if (slip !== undefined && !/^\d+$/.test(String(slip).trim())) {
    throw new CommandError(
      `--slippage-bps: must be a whole number from 0 to 10000 (got "${clean(String(slip), 30)}")`,
      2,
    );
  }
  if (slip !== undefined && Number(slip) > 10_000)
    throw new CommandError(`--slippage-bps: at most 10000 (got ${clean(String(slip), 30)})`, 2);
  const fee = opts.priorityFee;
  const restrict = opts.restrictIntermediateTokens;
  if (restrict !== undefined && restrict !== 'true' && restrict !== 'false') {
    throw new CommandError(`--restrict-intermediate-tokens: true or false (got "${clean(String(restrict), 20)}")`, 2);
  }
  const dexes = dexList(opts.dexes, '--dexes');
  const excludeDexes = dexList(opts.excludeDexes, '--exclude-dexes');
  const both = dexes.filter((d) => excludeDexes.includes(d));
  if (both.length)
    throw new CommandError(
      `--exclude-dexes: ${clean(both.join(', '), 80)} is also in --dexes (a DEX is either used only or not used)`,
      2,
    );
  const maxAccounts = wholeNumber(opts.maxAccounts, '--max-accounts', 1, 256);
  const platformFeeBps = wholeNumber(opts.platformFeeBps, '--platform-fee-bps', 0, 10_000);
  const feeAccount = opts.feeAccount;
  if (feeAccount !== undefined && !isAddress(String(feeAccount).trim())) {
    throw new CommandError(
      `--fee-account: must be a base58 token account address (got "${clean(String(feeAccount), 60)}")`,
      2,
    );
  }
  // receiver, payer, routers, referral, instruction version and the swap build's options
  // (each is declared from SWAP_OPTIONS in the registry: --exclude-routers is excludeRouters)
  const byKey: Readonly<Record<string, string | boolean | undefined>> = opts;
  const options: Partial<SwapForm> = {};
  for (const o of SWAP_OPTIONS) {
    const given = byKey[optionKey(`--${o.word}`)];
    if (given === undefined) continue;
    const v = optionValue(o, given);
    if (typeof v === 'string') throw new CommandError(`--${o.word}: ${clean(v, 200)}`, 2);
    Object.assign(options, v);
  }
  return {
    ...EMPTY_FORM,
    ...options,
    dexes: dexes.join(','),
    excludeDexes: excludeDexes.join(','),
    onlyDirectRoutes: opts.onlyDirectRoutes === true,
    restrictIntermediateTokens: restrict !== 'false',
    maxAccounts,
    platformFeeBps,
    feeAccount: typeof feeAccount === 'string' ? feeAccount.trim() : '',
    amount: amount ?? '',
    input: input ?? '',
    output: output ?? '',
    mode: opts.exactOut === true ? 'ExactOut' : 'ExactIn',
    slippageBps: slip === undefined ? '' : String(slip).trim(),
    priorityFee: typeof fee === 'string' ? fee : 'auto',
  };
}

/**
 * `--dexes` and `--exclude-dexes`: DEX labels as the route names them (`Raydium CLMM`), separated by
 * commas; an empty item or one given twice is refused rather than read as something else.
 */
function dexList(given: string | boolean | undefined, option: string): string[] {
  if (given === undefined) return [];
  const text = String(given);
  if (text.trim() === '' || given === true)
    throw new CommandError(
      `${option}: give DEX labels separated by commas (for example: ${option} "Raydium,Orca V2")`,
      2,
    );
  const labels = text.split(',').map((l) => l.trim());
  labels.forEach((l, i) => {
    if (l === '') throw new CommandError(`${option}: item ${i + 1} is empty (labels separated by single commas)`, 2);
    // eslint-disable-next-line no-control-regex -- control characters are what it looks for
    if (/[\u0000-\u001f\u007f]/.test(l) || l.length > 64)
      throw new CommandError(`${option}: "${clean(l, 40)}" is not a DEX label`, 2);
  });
  const twice = labels.find((l, i) => labels.indexOf(l) !== i);
  if (twice) throw new CommandError(`${option}: "${clean(twice, 40)}" is given twice`, 2);
  return labels;
}

/** A whole-number option in a range, as its text ('' when not given). */
function wholeNumber(given: string | boolean | undefined, option: string, min: number, max: number): string {
  if (given === undefined) return '';
  const text = String(given).trim();
  if (!/^\d+$/.test(text))
    throw new CommandError(
      `${option}: must be a whole number from ${min} to ${max} (got "${clean(String(given), 30)}")`,
      2,
    );
  const n = Number(text);
  if (n < min || n > max)
    throw new CommandError(`${option}: must be from ${min} to ${max} (got ${clean(text, 30)})`, 2);
  return String(n);
}
