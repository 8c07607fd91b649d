// The quote panel's lines: route plan (each hop: DEX, in -> out, percent), price impact, minimum
// received (or maximum paid for ExactOut), fees and router; fitted to the lines available.
import type { Quote, Token } from '../../src/api/types.js';
import { formatPercent } from '../../src/text/format.js';
import {
  amountText,
  impactLine,
  impactPercent,
  orderPriced,
  rateBothWays,
  usdText,
  type TokenRef,
} from '../../src/actions/describe.js';
import type { SwapPath } from '../../src/actions/swapRequest.js';
import type { QuoteView } from '../../src/store/swap.js';
import { BASE } from '../../src/config/generation.js';
import { formatPrice, shortAddress } from '../../src/text/format.js';

export interface PanelLine {
  text: string;
  tone?: 'warn' | 'danger' | 'dim' | 'ok' | 'title';
}

function symbolOf(mint: string, tokens: Record<string, Token>): string {
  return tokens[mint]?.symbol || shortAddress(mint);
}

/** " ≈ $151.20" for a route step's usdValue from the service, when given. */
function hopUsd(usd: unknown): string {
  return typeof usd === 'number' && Number.isFinite(usd) && usd >= 0 ? ` ≈ $${formatPrice(usd)}` : '';
}

/** The quote of the path `s` takes: amounts with USD values, impact, fees, router and route. */
export function quoteLines(
  view: QuoteView,
  path: SwapPath,
  input: TokenRef,
  output: TokenRef,
  tokens: Record<string, Token>,
  maxLines: number,
): PanelLine[] {
  const quote: Quote = view.quote;
  const exactOut = quote.swapMode === 'ExactOut';
  const slip = `${formatPercent(quote.slippageBps / 100)} slippage${view.via === 'order' ? ', set by the order group' : ''}`;
  const impact = impactLine(impactPercent(view.order ?? quote));
  // the catalog's price; for a token it has no price for, the one the order's USD values imply
  const catalog = (t: TokenRef): TokenRef => ({ ...t, usdPrice: tokens[t.mint]?.usdPrice });
  const priced = view.order
    ? orderPriced(view.order, catalog(input), catalog(output))
    : { input: catalog(input), output: catalog(output) };
  const inUsd = (raw: string) => usdText(raw, input.decimals, priced.input.usdPrice);
  const outUsd = (raw: string) => usdText(raw, output.decimals, priced.output.usdPrice);
  const lines: PanelLine[] = [
    { text: `You pay       ${exactOut ? 'about ' : ''}${amountText(quote.inAmount, input)}${inUsd(quote.inAmount)}` },
    {
      text: `You receive   ${exactOut ? '' : 'about '}${amountText(quote.outAmount, output)}${outUsd(quote.outAmount)}`,
    },
    exactOut
      ? {
          text: `At most       ${amountText(quote.otherAmountThreshold, input)}${inUsd(quote.otherAmountThreshold)} (${slip})`,
        }
      : {
          text: `Min received  ${amountText(quote.otherAmountThreshold, output)}${outUsd(quote.otherAmountThreshold)} (${slip})`,
        },
    { text: `Rate          ${rateBothWays(quote.inAmount, quote.outAmount, input, output)}` },
    { text: `Price impact  ${impact.value}`, tone: impact.emphasis },
  ];
  const fees = quote.routePlan
    .map((s) => {
      const mint = s.swapInfo.feeMint;
      if (!s.swapInfo.feeAmount || !mint) return undefined;
      const t = tokens[mint];
      const token =
        mint === input.mint
          ? input
          : mint === output.mint
            ? output
            : t
              ? { mint, symbol: t.symbol, decimals: t.decimals }
              : undefined;
      return token ? `${s.swapInfo.label} ${amountText(s.swapInfo.feeAmount, token)}` : undefined;
    })
    .filter(Boolean);
  const pf = quote.platformFee;
  const platform =
    pf && pf.amount
      ? `platform ${pf.feeBps} bps (${amountText(pf.amount, output)}${outUsd(pf.amount)})`
      : pf
        ? `platform ${pf.feeBps} bps`
        : 'platform none';
  const orderFee = view.order ? `fee ${view.order.feeBps} bps · ` : '';
  lines.push({ text: `Fees          ${orderFee}${platform}${fees.length ? ` · DEX ${fees.join(', ')}` : ''}` });
  lines.push(
    view.order
      ? {
          text: `Router        ${view.order.router} (order group${view.generation ? ` ${BASE[view.generation]}` : ''}: s signs exactly this route)`,
          tone: 'dim',
        }
      : { text: `Router        swap group: s builds and sends by RPC (${path.why.join(', ') || 'b'})`, tone: 'dim' },
  );
  const route: PanelLine[] = quote.routePlan.map((s, i) => ({
    text: `${i === 0 ? 'Route' : '     '}  ${String(i + 1).padStart(2)}. ${s.swapInfo.label.padEnd(14)} ${symbolOf(s.swapInfo.inputMint, tokens)} -> ${symbolOf(s.swapInfo.outputMint, tokens)}  ${s.percent}%${hopUsd(s.usdValue)}`,
  }));
  const room = Math.max(0, maxLines - lines.length);
  if (route.length <= room) return [...lines.slice(0, 5), ...route, ...lines.slice(5)];
  const kept = route.slice(0, Math.max(0, room - 1));
  const more = room > 0 ? [{ text: `        … ${route.length - kept.length} more hops`, tone: 'dim' as const }] : [];
  return [...lines.slice(0, 5), ...kept, ...more, ...lines.slice(5)].slice(0, maxLines);
}
