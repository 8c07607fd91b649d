// Demo mode's fill source: the keepers (limit orders, DCA cycles) swap out of an order's escrow
// account through the simulated pools. Paper mode's is groups/paper-fills.ts.
import type { SimFillSource, SimKernel, SimMarketQuote } from './kernel.js';

/**
 * Sells `amount` of `inputMint` held by `escrow` through the simulated market and leaves the
 * output in `escrow`. Works whether or not the market settles ledger balances itself: when the
 * escrow's input balance did not move, the swap is settled here.
 */
function swapFromEscrow(
  kernel: Pick<SimKernel, 'ledger' | 'market'>,
  escrow: string,
  inputMint: string,
  outputMint: string,
  amount: bigint,
): SimMarketQuote | null {
  const { ledger } = kernel;
  if (ledger.balance(escrow, inputMint) < amount) return null;
  const before = ledger.balance(escrow, inputMint);
  const q = kernel.market.swapExactIn(inputMint, outputMint, amount, escrow);
  if (!q) return null;
  if (ledger.balance(escrow, inputMint) === before) {
    ledger.debit(escrow, inputMint, q.inAmount);
    ledger.credit(escrow, outputMint, q.outAmount);
  }
  return q;
}

/** Demo mode's fill source: keepers route through the simulated pools and move them. */
export function poolFills(kernel: Pick<SimKernel, 'ledger' | 'market'>): SimFillSource {
  return {
    quote: (_order, inputMint, outputMint, amountIn) => kernel.market.quoteExactIn(inputMint, outputMint, amountIn),
    fill: (escrow, inputMint, outputMint, amount) => swapFromEscrow(kernel, escrow, inputMint, outputMint, amount),
  };
}
