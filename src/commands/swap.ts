// `tradedeck swap AMOUNT FROM TO`: the Swap screen's swap without the screen. The form is filled
// from the arguments and run by the same flow as the `s` key (balances, safety card, the signing
// pipeline with its inspection, journal, execute or RPC send, and reconciliation), confirmed as
// every signing command is (see signing.ts). Exit codes: 0 done, 1 failed, expired, unknown or
// answered no, 2 usage, an input rule or signing unavailable (nothing was signed).
import type { OptionsOf } from '../commands/registry.js';
import { paperMark } from './orderSigning.js';
import type { Config } from '../config/config.js';
import { NATIVE_MINT } from '../chain/mints.js';
import { readBalances } from '../actions/balances.js';
import { currentCheck, executeSwapForm, knowTokens, settledPath } from '../actions/swapFlow.js';
import { tokenRef } from '../actions/swapRequest.js';
import { amountText } from '../actions/describe.js';
import { createSwapStore, type SwapForm } from '../store/swap.js';
import { swapFormOf, swapRouteOf } from './swapArgs.js';
import type { OrderExecuteResponse } from '../api/types.js';
import { clean, CommandError, exitCodeOf, fitText, printJson } from './print.js';
import { openSigningSession } from './signing.js';
import { SWAP_USAGE } from '../commands/args.js';

function raw(v: unknown): string | undefined {
  return typeof v === 'string' && /^\d+$/.test(v) ? v : undefined;
}

export async function swapCommand(
  positionals: string[],
  opts: OptionsOf<'swap'>,
  config: Config,
  fail: (line: string) => void,
): Promise<number> {
  let form: SwapForm;
  let via: 'order' | 'swap';
  try {
    form = swapFormOf(positionals, opts);
    via = swapRouteOf(form, opts.route).via;
    // POST /swap/v1/swap needs the account that collects a platform fee the quote was asked with
    if (form.platformFeeBps !== '' && form.feeAccount === '')
      throw new CommandError(
        '--platform-fee-bps: give --fee-account too (the token account, of FROM or TO, that collects the fee)',
        2,
      );
    if (form.feeAccount !== '' && form.platformFeeBps === '')
      throw new CommandError('--fee-account: goes with --platform-fee-bps (there is no fee to collect without it)', 2);
  } catch (e) {
    if (e instanceof CommandError) return (fail(`${e.message} (usage: tradedeck ${SWAP_USAGE})`), e.exitCode);
    throw e;
  }
  const session = await openSigningSession(config, opts.yes === true, fail);
  if (typeof session === 'number') return session;
  const s = session.services;
  try {
    for (const n of s.notices) fail(n.text);
    const store = createSwapStore(form);
    if (process.stderr.isTTY)
      store.subscribe(
        (st, prev) => st.running && st.running !== prev.running && process.stderr.write(`${st.running}\n`),
      );
    await knowTokens(s, [form.input, form.output]);
    // the route once what it depends on is known (a slippage goes with the order route only where
    // the service serves its current generation)
    if (opts.route === undefined) via = (await settledPath(s, store)).via;
    else {
      try {
        via = swapRouteOf(form, opts.route, s.generation.current()).via;
      } catch (e) {
        if (e instanceof CommandError) return (fail(`${e.message} (usage: tradedeck ${SWAP_USAGE})`), e.exitCode);
        throw e;
      }
    }
    const check = currentCheck(s, store);
    const problem = Object.values(check.errors)[0];
    if (problem) return (fail(`${clean(problem, 300)} (usage: tradedeck ${SWAP_USAGE})`), 2);
    const input = check.input ? tokenRef(check.input) : undefined;
    const output = check.output ? tokenRef(check.output) : undefined;
    // the swap group's outcome has no execute answer: what moved is read from the wallet's balances
    const mints = [input?.mint, output?.mint].filter((m): m is string => m !== undefined);
    const before = via === 'swap' ? (await readBalances(s, mints)).balances : {};
    const result = await executeSwapForm(s, store, via);
    const outcome = store.getState().outcome;
    if (!result) {
      fail(clean(outcome?.error ?? 'nothing was signed', 400));
      return 2;
    }
    let inAmount: string | undefined;
    let outAmount: string | undefined;
    if (result.status === 'success' && via === 'order') {
      const r = (result.result ?? {}) as OrderExecuteResponse;
      inAmount = raw(r.inputAmountResult) ?? raw(r.totalInputAmount);
      outAmount = raw(r.outputAmountResult) ?? raw(r.totalOutputAmount);
    } else if (result.status === 'success' && input && output) {
      const after = (await readBalances(s, mints)).balances;
      // SOL's change includes the network fee: only the token sides are read this way
      const moved = (mint: string, sign: 1n | -1n) =>
        mint !== NATIVE_MINT && after[mint] !== undefined && before[mint] !== undefined
          ? ((after[mint] - before[mint]) * sign).toString()
          : undefined;
      inAmount = moved(input.mint, -1n);
      // what went to another account is not in this wallet's balance
      outAmount = outcome?.sentTo ? undefined : moved(output.mint, 1n);
    }
    const movedLine =
      via === 'swap' && (inAmount !== undefined || outAmount !== undefined) && input && output
        ? [
            `Paid ${inAmount === undefined ? `${input.symbol} (with the network fee)` : amountText(inAmount, input)}, ${outcome?.sentTo ? `${output.symbol} went to ${outcome.sentTo}` : `received ${outAmount === undefined ? `${output.symbol} (less the network fee)` : amountText(outAmount, output)}`}`,
          ]
        : [];
    const lines = [
      ...movedLine,
      ...(outcome?.lines ?? []).filter((l) => !/balances below/.test(l)),
      ...(outcome?.error ? [outcome.error] : []),
      ...(outcome?.advice ? [outcome.advice] : []),
      // which of the service's generations it went through, and (once) what was found of it
      ...(outcome?.found ? [outcome.found] : []),
      ...(outcome?.route ? [`route ${outcome.route}`] : []),
    ];
    if (opts.json) {
      process.stdout.write(
        printJson(
          {
            status: result.status,
            ...paperMark(s),
            route: via,
            ...(outcome?.route ? { path: outcome.route } : {}),
            ...(result.signature ? { signature: result.signature } : {}),
            inputMint: input?.mint,
            outputMint: output?.mint,
            ...(inAmount !== undefined ? { inAmount } : {}),
            ...(outAmount !== undefined ? { outAmount } : {}),
            ...(outcome?.sentTo ? { sentTo: outcome.sentTo } : {}),
            title: outcome?.title ?? result.status,
            lines,
          },
          opts.indent,
        ),
      );
    } else {
      const text = [
        outcome?.title ?? result.status,
        ...(result.signature ? [`signature ${result.signature}`] : []),
        ...lines,
      ];
      process.stdout.write(fitText(text.map((l) => clean(l, 300)).join('\n')));
    }
    return exitCodeOf(result.status);
  } finally {
    await session.close();
  }
}
