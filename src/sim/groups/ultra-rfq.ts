// Request-for-quote market makers behind the partner routers: firm prices on the major pairs,
// a spread that varies per slot, no pool impact.
import { NATIVE_MINT, USDC_MINT, USDT_MINT } from '../../chain/mints.js';
import type { SimEffectResult } from '../engine/kernel.js';
import type { SimCore } from '../engine/core.js';
import { seededAddress, unit } from '../engine/random.js';
import { INSUFFICIENT_FUNDS } from './swap-exec.js';

export const RFQ_ROUTERS = ['partnerz', 'partnerflow', 'partnerx'] as const;
const BASE_SPREAD_BPS: Record<(typeof RFQ_ROUTERS)[number], number> = { partnerz: 4, partnerflow: 6, partnerx: 8 };
const RFQ_MINTS = new Set([NATIVE_MINT, USDC_MINT, USDT_MINT, 'JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN']);
const MIN_USD = 5;
const MAX_USD = 250_000;

export interface RfqQuote {
  router: string;
  maker: string;
  quoteId: string;
  outAmount: bigint;
  spreadBps: number;
}

/** the best firm quote among the allowed partner routers, or null */
export function bestRfqQuote(
  core: SimCore,
  inputMint: string,
  outputMint: string,
  amountIn: bigint,
  routers: string[],
): RfqQuote | null {
  if (!RFQ_MINTS.has(inputMint) || !RFQ_MINTS.has(outputMint)) return null;
  const usd = core.market.usdValue(inputMint, amountIn);
  if (usd < MIN_USD || usd > MAX_USD) return null;
  const slot = core.clock.slot();
  const rate =
    (core.market.priceUsd(inputMint) / core.market.priceUsd(outputMint)) *
    10 ** (core.market.decimals(outputMint) - core.market.decimals(inputMint));
  let best: RfqQuote | null = null;
  RFQ_ROUTERS.forEach((router, i) => {
    if (!routers.includes(router)) return;
    const spreadBps = BASE_SPREAD_BPS[router] + 6 * unit(core.options.seed, slot, 5000 + i);
    const out = BigInt(Math.floor(Number(amountIn) * rate * (1 - spreadBps / 10000)));
    if (out > 0n && (!best || out > best.outAmount)) {
      best = {
        router,
        maker: seededAddress(core.options.seed, `maker:${router}`),
        quoteId: core.kernel.ids.uuid(),
        outAmount: out,
        spreadBps,
      };
    }
  });
  return best;
}

export interface RfqFill {
  trader: string;
  receiver: string;
  feePayer: string;
  networkFeeLamports: bigint;
  inputMint: string;
  outputMint: string;
  inAmount: bigint;
  /** after the fee */
  outAmount: bigint;
  feeAmount: bigint;
  feeRecipient: string;
  maker: string;
}

/** why a firm fill could not happen now (the trader or the fee payer is short), or null; changes nothing */
export function rfqShortfall(core: SimCore, f: RfqFill): SimEffectResult | null {
  const l = core.ledger;
  const needIn = f.inAmount + (f.inputMint === NATIVE_MINT && f.trader === f.feePayer ? f.networkFeeLamports : 0n);
  if (l.balance(f.trader, f.inputMint) < needIn)
    return {
      ok: false,
      code: INSUFFICIENT_FUNDS,
      error: `insufficient funds: ${f.trader} cannot pay ${f.inAmount} of ${f.inputMint}`,
    };
  if (
    l.balance(f.feePayer, NATIVE_MINT) <
    f.networkFeeLamports + (f.feePayer === f.trader && f.inputMint === NATIVE_MINT ? f.inAmount : 0n)
  ) {
    return {
      ok: false,
      code: INSUFFICIENT_FUNDS,
      error: `insufficient funds: ${f.feePayer} cannot pay ${f.networkFeeLamports} lamports of fees`,
    };
  }
  return null;
}

/** a firm fill: the maker takes the input and delivers the quoted output */
export function executeRfq(core: SimCore, f: RfqFill): SimEffectResult {
  const short = rfqShortfall(core, f);
  if (short) return short;
  const l = core.ledger;
  l.debit(f.feePayer, NATIVE_MINT, f.networkFeeLamports);
  l.transfer(f.trader, f.maker, f.inputMint, f.inAmount);
  l.credit(f.receiver, f.outputMint, f.outAmount);
  if (f.feeAmount > 0n) l.credit(f.feeRecipient, f.outputMint, f.feeAmount);
  core.market.recordTrade(f.inputMint, f.outputMint, core.market.usdValue(f.inputMint, f.inAmount), f.trader);
  const total = (f.outAmount + f.feeAmount).toString();
  return {
    ok: true,
    data: {
      inputAmount: f.inAmount.toString(),
      outputAmount: f.outAmount.toString(),
      feeAmount: f.feeAmount.toString(),
      swapEvents: [
        { inputMint: f.inputMint, inputAmount: f.inAmount.toString(), outputMint: f.outputMint, outputAmount: total },
      ],
    },
  };
}
