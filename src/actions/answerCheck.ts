// A quote or order answer compared with what was asked before anything is built on it: the two
// mints, the amount on the side the mode fixes (ExactIn: inAmount; ExactOut: outAmount), the mode,
// the taker, the slippage, and a threshold that agrees with the quote and its slippage. A mismatch
// is one line naming the field ("inAmount: the service quoted 5 SOL; you asked for 0.01 SOL").
import type { TokenRef } from './describe.js';
import { amountText } from './describe.js';

export interface AskedQuote {
  input: TokenRef;
  output: TokenRef;
  /** raw: the input for ExactIn, the output for ExactOut */
  amount: bigint;
  mode: 'ExactIn' | 'ExactOut';
  /** the wallet the answer must be built for (an order with a taker) */
  taker?: string;
  /** the slippage asked for, bps (the swap group's quote); absent: the service chooses */
  slippageBps?: number;
}

export interface AnsweredQuote {
  inputMint: string;
  outputMint: string;
  inAmount: string;
  outAmount: string;
  otherAmountThreshold: string;
  slippageBps: number;
  swapMode?: string | null;
  taker?: string | null;
}

const raw = (text: string): bigint | undefined => (/^\d+$/.test(text) ? BigInt(text) : undefined);

/** Why the answer is not the request's, naming the field; undefined when it is. */
export function answerMismatch(asked: AskedQuote, answer: AnsweredQuote): string | undefined {
  const { input, output } = asked;
  if (answer.inputMint !== input.mint || answer.outputMint !== output.mint)
    return `inputMint/outputMint: the service answered for ${answer.inputMint} → ${answer.outputMint}; you asked for ${input.symbol} → ${output.symbol} (${input.mint} → ${output.mint})`;
  const mode = answer.swapMode ?? 'ExactIn';
  if (mode !== asked.mode) return `swapMode: the service quoted ${mode}; you asked for ${asked.mode}`;
  const inAmount = raw(answer.inAmount);
  const outAmount = raw(answer.outAmount);
  const threshold = raw(answer.otherAmountThreshold);
  if (inAmount === undefined || outAmount === undefined || threshold === undefined)
    return 'the service answered amounts that are not whole numbers of base units';
  if (asked.mode === 'ExactIn' && inAmount !== asked.amount)
    return `inAmount: the service quoted ${amountText(inAmount, input)}; you asked for ${amountText(asked.amount, input)}`;
  if (asked.mode === 'ExactOut' && outAmount !== asked.amount)
    return `outAmount: the service quoted ${amountText(outAmount, output)}; you asked for ${amountText(asked.amount, output)}`;
  if (asked.taker !== undefined && answer.taker !== undefined && answer.taker !== null && answer.taker !== asked.taker)
    return `taker: the service built the order for ${answer.taker}; you are ${asked.taker}`;
  if (asked.slippageBps !== undefined && answer.slippageBps !== asked.slippageBps)
    return `slippageBps: the service quoted ${answer.slippageBps} bps of slippage; you asked for ${asked.slippageBps}`;
  const bps = BigInt(Math.round(answer.slippageBps));
  if (bps < 0n || bps > 10_000n) return `slippageBps: the service quoted ${answer.slippageBps} bps, not a slippage`;
  if (asked.mode === 'ExactIn') {
    // the minimum received: at most the quote, at least the quote less the slippage
    const least = (outAmount * (10_000n - bps)) / 10_000n;
    if (threshold > outAmount || threshold < least)
      return `otherAmountThreshold: the service's minimum ${amountText(threshold, output)} is not ${amountText(outAmount, output)} less ${answer.slippageBps} bps of slippage`;
  } else {
    const most = (inAmount * (10_000n + bps) + 9_999n) / 10_000n;
    if (threshold < inAmount || threshold > most)
      return `otherAmountThreshold: the service's maximum ${amountText(threshold, input)} is not ${amountText(inAmount, input)} plus ${answer.slippageBps} bps of slippage`;
  }
  return undefined;
}
