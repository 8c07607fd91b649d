// `tradedeck quote AMOUNT FROM TO`: a swap quote, read-only.
import type { Backend } from '../runtime.js';
import { toBaseUnits, fromBaseUnits, AmountError } from '../amount.js';
import { resolveToken } from '../resolve.js';
import { knownTokens } from './tokens.js';
import { printJson, CommandError } from './print.js';

export async function quoteCommand(backend: Backend, positionals: string[], flags: Record<string, string | boolean>): Promise<string> {
  if (positionals.length !== 3) throw new CommandError('usage: tradedeck quote AMOUNT FROM TO (for example: tradedeck quote 1.5 SOL USDC)', 2);
  const [amountText, fromText, toText] = positionals;
  let slippageBps: number | undefined;
  if (flags['slippage-bps'] !== undefined) {
    slippageBps = Number(flags['slippage-bps']);
    if (!Number.isInteger(slippageBps) || slippageBps < 0 || slippageBps > 10_000) {
      throw new CommandError(`--slippage-bps: must be a whole number from 0 to 10000 (got "${flags['slippage-bps']}")`, 2);
    }
  }
  const tokens = await knownTokens(backend);
  const from = resolveToken(fromText, tokens);
  if (!from.ok) throw new CommandError(`FROM ${from.error}`, 2);
  const to = resolveToken(toText, tokens);
  if (!to.ok) throw new CommandError(`TO ${to.error}`, 2);
  const exactOut = flags['exact-out'] === true;
  let amount: bigint;
  try {
    amount = toBaseUnits(amountText, exactOut ? to.token.decimals : from.token.decimals, 'AMOUNT');
  } catch (e) {
    if (e instanceof AmountError) throw new CommandError(e.message, 2);
    throw e;
  }
  if (amount === 0n) throw new CommandError('AMOUNT: must be greater than zero', 2);
  const quote = await backend.client.swap.quote({
    inputMint: from.token.id,
    outputMint: to.token.id,
    amount: amount.toString(),
    swapMode: exactOut ? 'ExactOut' : 'ExactIn',
    slippageBps,
  });
  if (flags.json) return printJson(quote);
  const fmtIn = (raw: string) => `${fromBaseUnits(raw, from.token.decimals)} ${from.token.symbol}`;
  const fmtOut = (raw: string) => `${fromBaseUnits(raw, to.token.decimals)} ${to.token.symbol}`;
  const lines = [
    `you pay       ${fmtIn(quote.inAmount)}`,
    `you receive   ${fmtOut(quote.outAmount)}`,
    exactOut
      ? `at most       ${fmtIn(quote.otherAmountThreshold)} after ${quote.slippageBps / 100}% slippage`
      : `at least      ${fmtOut(quote.otherAmountThreshold)} after ${quote.slippageBps / 100}% slippage`,
    `price impact  ${(Number(quote.priceImpactPct) * 100).toFixed(4)}%`,
    'route:',
    ...quote.routePlan.map((step) => {
      const inTok = step.swapInfo.inputMint === from.token.id ? from.token.symbol : step.swapInfo.inputMint.slice(0, 6);
      const outTok = step.swapInfo.outputMint === to.token.id ? to.token.symbol : step.swapInfo.outputMint.slice(0, 6);
      return `  ${step.percent}%  ${step.swapInfo.label}  ${inTok} -> ${outTok}`;
    }),
  ];
  return lines.join('\n') + '\n';
}
