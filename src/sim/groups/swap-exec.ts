// What a swap transaction does when it lands: re-runs its route against the pools as they are now,
// enforces the slippage threshold (6001), then moves the ledger and the pools exactly once.
import { fromBaseUnits } from '../../text/amount.js';
import { NATIVE_MINT } from '../../chain/mints.js';
import type { SimEffectResult } from '../engine/kernel.js';
import type { SimCore } from '../engine/core.js';
import type { PathSpec, RouteResult } from '../engine/routing.js';
import { grossOut } from './swap-route.js';

export const SLIPPAGE_EXCEEDED = 6001;
export const INSUFFICIENT_FUNDS = 1;

export interface SwapExecution {
  /** owner of the input and signer */
  trader: string;
  /** owner credited with the output */
  receiver: string;
  /** pays the network fees in lamports */
  feePayer: string;
  networkFeeLamports: bigint;
  inputMint: string;
  outputMint: string;
  exactOut: boolean;
  specs: PathSpec[];
  /** input (ExactIn) or wanted output after fee (ExactOut) */
  amount: bigint;
  /** ExactIn: minimum output after fee; ExactOut: maximum input */
  threshold: bigint;
  feeBps: number;
  /** owner credited with the platform fee (in the output mint) */
  feeRecipient: string | null;
}

export type SwapOutcome =
  | { ok: true; route: RouteResult; inAmount: bigint; outAmount: bigint; feeAmount: bigint }
  | { ok: false; code: number; error: string };

/** an amount of a mint in whole tokens with its symbol, as a program's log would state it */
function tokens(core: SimCore, mint: string): (raw: bigint) => string {
  const info = core.market.token(mint);
  return (raw) =>
    info ? `${fromBaseUnits(raw, info.decimals, { group: false })} ${info.symbol}` : `${raw} base units of ${mint}`;
}

/** the outcome if the swap landed now; changes nothing */
export function swapOutcome(core: SimCore, x: SwapExecution): SwapOutcome {
  const gross = x.exactOut ? grossOut(x.amount, x.feeBps) : x.amount;
  const route = core.market.evaluate(x.specs, gross, x.exactOut);
  if (!route)
    return {
      ok: false,
      code: SLIPPAGE_EXCEEDED,
      error: 'slippage tolerance exceeded: the route can no longer fill this amount',
    };
  const inAmount = route.inAmount;
  const feeAmount = x.exactOut ? gross - x.amount : (route.outAmount * BigInt(x.feeBps)) / 10000n;
  const outAmount = x.exactOut ? x.amount : route.outAmount - feeAmount;
  if (!x.exactOut && outAmount < x.threshold) {
    const out = tokens(core, x.outputMint);
    return {
      ok: false,
      code: SLIPPAGE_EXCEEDED,
      error: `slippage tolerance exceeded: the swap would pay out ${out(outAmount)}, below the minimum ${out(x.threshold)}`,
    };
  }
  if (x.exactOut && inAmount > x.threshold) {
    const paid = tokens(core, x.inputMint);
    return {
      ok: false,
      code: SLIPPAGE_EXCEEDED,
      error: `slippage tolerance exceeded: the swap would take ${paid(inAmount)}, above the maximum ${paid(x.threshold)}`,
    };
  }
  const needs = new Map<string, bigint>();
  const need = (owner: string, mint: string, amount: bigint) =>
    needs.set(`${owner}|${mint}`, (needs.get(`${owner}|${mint}`) ?? 0n) + amount);
  need(x.trader, x.inputMint, inAmount);
  need(x.feePayer, NATIVE_MINT, x.networkFeeLamports);
  for (const [key, amount] of needs) {
    // keys are written as owner|mint just above
    const [owner, mint] = key.split('|') as [string, string];
    const held = core.ledger.balance(owner, mint);
    if (held < amount) {
      const what = mint === NATIVE_MINT ? 'lamports' : `of ${mint}`;
      return {
        ok: false,
        code: INSUFFICIENT_FUNDS,
        error: `insufficient funds: ${owner} holds ${held} ${what}, needs ${amount}`,
      };
    }
  }
  return { ok: true, route, inAmount, outAmount, feeAmount };
}

export function executeSwap(core: SimCore, x: SwapExecution): SimEffectResult {
  const o = swapOutcome(core, x);
  if (!o.ok) return o;
  const l = core.ledger;
  l.debit(x.feePayer, NATIVE_MINT, x.networkFeeLamports);
  l.debit(x.trader, x.inputMint, o.inAmount);
  l.credit(x.receiver, x.outputMint, o.outAmount);
  if (o.feeAmount > 0n && x.feeRecipient) l.credit(x.feeRecipient, x.outputMint, o.feeAmount);
  core.market.commit(o.route, x.trader);
  return {
    ok: true,
    data: {
      inputAmount: o.inAmount.toString(),
      outputAmount: o.outAmount.toString(),
      feeAmount: o.feeAmount.toString(),
      swapEvents: o.route.paths.flatMap((p) =>
        p.hops.map((h) => ({
          inputMint: h.inputMint,
          inputAmount: h.inAmount.toString(),
          outputMint: h.outputMint,
          outputAmount: h.outAmount.toString(),
        })),
      ),
    },
  };
}
