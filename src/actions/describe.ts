// The human side of a confirm dialog for swaps: what you pay, what you receive (and at least what,
// after slippage), the rate, the price impact and every fee with who pays it. Pure functions over
// the service's (untrusted, already shape-checked) answers.
import { fromBaseUnits } from '../text/amount.js';
import { NATIVE_MINT } from '../chain/mints.js';
import type { Order, Quote } from '../api/types.js';
import { formatPercent, formatPrice, formatUsd, shortAddress, serviceTime } from '../text/format.js';
import type { ConfirmLine } from '../store/confirm.js';

export interface TokenRef {
  mint: string;
  symbol: string;
  decimals: number;
  /** the catalog's price, for USD values beside amounts */
  usdPrice?: number | null;
}

/** An amount with its USD value when the token's price is known: "0.2 SOL ≈ $30.00". */
export function amountUsd(raw: string | bigint, token: TokenRef): string {
  return `${amountText(raw, token)}${usdText(raw, token.decimals, token.usdPrice)}`;
}

/**
 * The token with a USD price: the catalog's when it has one, else the one the service's USD value
 * of `raw` implies (an order's inUsdValue/outUsdValue), so a token missing from the lists still
 * shows a USD value. The service's number is untrusted: used only when finite and not negative.
 */
export function pricedBy(token: TokenRef, raw: string | bigint | undefined, serviceUsd: unknown): TokenRef {
  if (typeof token.usdPrice === 'number' && Number.isFinite(token.usdPrice)) return token;
  if (typeof serviceUsd !== 'number' || !Number.isFinite(serviceUsd) || serviceUsd < 0 || raw === undefined)
    return token;
  try {
    const units = Number(typeof raw === 'bigint' ? raw : BigInt(raw)) / 10 ** token.decimals;
    return units > 0 ? { ...token, usdPrice: serviceUsd / units } : token;
  } catch {
    return token;
  }
}

/** The order's two tokens priced for display: the catalog first, the service's USD values where it has none. */
export function orderPriced(
  order: Pick<Order, 'inAmount' | 'outAmount' | 'inUsdValue' | 'outUsdValue' | 'swapUsdValue'>,
  input: TokenRef,
  output: TokenRef,
): { input: TokenRef; output: TokenRef } {
  return {
    // swapUsdValue is the value the swap moves, the input's worth: the fallback when inUsdValue is absent
    input: pricedBy(input, order.inAmount, order.inUsdValue ?? order.swapUsdValue),
    output: pricedBy(output, order.outAmount, order.outUsdValue),
  };
}

/** Above this price impact (percent) the value is highlighted. */
export const IMPACT_WARN_PCT = 1;
/** Above this price impact (percent) the person must type "yes". */
export const IMPACT_TYPED_PCT = 5;
export const TYPED_WORD = 'yes';

export function amountText(raw: string | bigint, token: TokenRef): string {
  try {
    return `${fromBaseUnits(typeof raw === 'bigint' ? raw : BigInt(raw), token.decimals, { maxFraction: Math.min(token.decimals, 9) })} ${token.symbol}`;
  } catch {
    return `? ${token.symbol}`;
  }
}

/** "≈ $12.34" for a raw amount at a USD price per whole token; empty when the price is unknown. */
export function usdText(raw: string | bigint, decimals: number, usdPrice: number | null | undefined): string {
  if (typeof usdPrice !== 'number' || !Number.isFinite(usdPrice)) return '';
  try {
    const units = Number(typeof raw === 'bigint' ? raw : BigInt(raw)) / 10 ** decimals;
    return ` ≈ ${formatUsd(units * usdPrice)}`;
  } catch {
    return '';
  }
}

/** The two ways the service states price impact; either may be absent. */
export interface ImpactFields {
  priceImpact?: unknown;
  priceImpactPct?: unknown;
}

/**
 * The price impact as a percent of the trade, without its sign (only its size matters to the
 * warning and the typed confirmation). Two fields say it, in different units:
 * - `priceImpact` (a number, on the order group's answer) is already a percent, signed: -1.23
 *   means the price moves 1.23% against the trader. The contract prefers it.
 * - `priceImpactPct` (a string, on every quote and order; deprecated on orders) is a fraction:
 *   "0.0123" (or "-0.0123") is 1.23%. Read only when `priceImpact` is absent or not finite.
 * The same order carries both as one value: priceImpact -0.00812 beside priceImpactPct "-0.0000812".
 */
export function impactPercent(src: ImpactFields): number | undefined {
  if (typeof src.priceImpact === 'number' && Number.isFinite(src.priceImpact)) return Math.abs(src.priceImpact);
  if (typeof src.priceImpactPct !== 'string' || src.priceImpactPct.trim() === '') return undefined;
  const n = Number(src.priceImpactPct);
  return Number.isFinite(n) ? Math.abs(n) * 100 : undefined;
}

export function impactLine(pct: number | undefined): ConfirmLine {
  if (pct === undefined) return { label: 'Price impact', value: 'unknown', emphasis: 'warn' };
  const text = formatPercent(pct);
  if (pct > IMPACT_TYPED_PCT)
    return {
      label: 'Price impact',
      value: `${text}  HIGH: you lose over ${IMPACT_TYPED_PCT}% to the pool`,
      emphasis: 'danger',
    };
  if (pct > IMPACT_WARN_PCT)
    return { label: 'Price impact', value: `${text}  above ${IMPACT_WARN_PCT}%`, emphasis: 'warn' };
  return { label: 'Price impact', value: text };
}

/** "1 SOL = 142.31 USDC" from raw amounts (the rate in the one price format). */
export function rateText(inRaw: string, outRaw: string, input: TokenRef, output: TokenRef): string {
  try {
    const i = BigInt(inRaw);
    const o = BigInt(outRaw);
    if (i <= 0n || o <= 0n) return '—';
    // out per one whole input token, with 9 extra digits of precision
    const scaled = (o * 10n ** BigInt(input.decimals) * 10n ** 9n) / i;
    const rate = Number(fromBaseUnits(scaled, output.decimals + 9, { group: false }));
    return `1 ${input.symbol} = ${formatPrice(rate)} ${output.symbol}`;
  } catch {
    return '—';
  }
}

/** A rate both ways: "1 SOL = 150.00 USDC · 1 USDC = 0.006667 SOL" (what one whole token of each side buys). */
export function rateBothWays(aRaw: string, bRaw: string, a: TokenRef, b: TokenRef): string {
  const there = rateText(aRaw, bRaw, a, b);
  return there === '—' ? there : `${there} · ${rateText(bRaw, aRaw, b, a)}`;
}

/** A fee in SOL with its USD value when SOL's price is known: "0.00203928 SOL ≈ $0.31". */
export function solFeeText(lamports: number | undefined, solUsd?: number | null): string {
  if (lamports === undefined) return '—';
  if (!Number.isFinite(lamports) || lamports < 0) return '?';
  return `${fromBaseUnits(BigInt(Math.round(lamports)), 9)} SOL${usdText(BigInt(Math.round(lamports)), 9, solUsd)}`;
}

/** Who a payer field names, in plain words. */
export function payerText(payer: string | null | undefined, wallet: string, maker?: string): string {
  if (payer === null || payer === undefined || payer === '') return 'not charged';
  if (payer === wallet) return 'you';
  if (maker && payer === maker) return `market maker ${shortAddress(payer)}`;
  return shortAddress(payer);
}

function networkFeesLine(order: Order, wallet: string, solUsd?: number | null, tipLamports?: bigint): ConfirmLine {
  const sigPayer = payerText(order.signatureFeePayer, wallet, order.maker);
  const prioPayer = payerText(order.prioritizationFeePayer, wallet, order.maker);
  const sigLamports = Math.max(0, Math.round(order.signatureFeeLamports || 0));
  const said = Math.max(0, Math.round(order.prioritizationFeeLamports || 0));
  // the current generation's prioritizationFeeLamports counts a tip asked for too: the tip has its own line
  const tip = tipLamports !== undefined && said >= Number(tipLamports) ? Number(tipLamports) : 0;
  const prioLamports = said - tip;
  const sig = solFeeText(sigLamports, solUsd);
  const prio = solFeeText(prioLamports, solUsd);
  if (sigPayer === prioPayer)
    return {
      label: 'Network fees',
      value: `${solFeeText(sigLamports + prioLamports, solUsd)} (signature ${fromBaseUnits(BigInt(sigLamports), 9)} + priority ${fromBaseUnits(BigInt(prioLamports), 9)} SOL; ${sigPayer}${tip ? '; the tip apart, below' : ''})`,
    };
  return { label: 'Network fees', value: `signature ${sig} (${sigPayer}) + priority ${prio} (${prioPayer})` };
}

/** SOL's USD price from whichever side of the trade is SOL (the fees are in SOL). */
/** SOL's USD price from the trade's own tokens, when one side is SOL. */
export function solPriceOf(input: TokenRef, output: TokenRef): number | null | undefined {
  return input.mint === NATIVE_MINT ? input.usdPrice : output.mint === NATIVE_MINT ? output.usdPrice : undefined;
}

/** Summary lines for an order (order group, Enter). */
export function orderSummary(
  order: Order,
  catalogInput: TokenRef,
  catalogOutput: TokenRef,
  wallet: string,
  solUsd?: number,
  /** a tip asked for (its own line): not counted again in the network fees */
  tipLamports?: bigint,
): ConfirmLine[] {
  const { input, output } = orderPriced(order, catalogInput, catalogOutput);
  const sol = solUsd ?? solPriceOf(input, output);
  const slippage = `${(order.slippageBps / 100).toFixed(2)}% slippage`;
  const exactOut = order.swapMode === 'ExactOut';
  const lines: ConfirmLine[] = [
    { label: 'You pay', value: amountUsd(order.inAmount, input) },
    { label: 'You receive', value: `about ${amountUsd(order.outAmount, output)}` },
    exactOut
      ? { label: 'At most', value: `${amountUsd(order.otherAmountThreshold, input)} after ${slippage}` }
      : { label: 'At least', value: `${amountUsd(order.otherAmountThreshold, output)} after ${slippage}` },
    { label: 'Rate', value: rateBothWays(order.inAmount, order.outAmount, input, output) },
    impactLine(impactPercent(order)),
    networkFeesLine(order, wallet, sol, tipLamports),
    {
      label: 'Rent',
      value: `${solFeeText(order.rentFeeLamports, sol)} (${payerText(order.rentFeePayer, wallet, order.maker)})`,
    },
    {
      label: 'Platform fee',
      value: `${feeAmountText(order.platformFee?.amount, order.platformFee?.feeMint ?? order.feeMint, input, output)} (${order.platformFee?.feeBps ?? '—'} bps; total fee ${order.feeBps ?? '—'} bps) · router ${order.router ?? '—'}${order.gasless ? ' · gasless' : ''}`,
    },
  ];
  return lines;
}

function feeAmountText(
  amount: string | undefined,
  feeMint: string | undefined,
  input: TokenRef,
  output: TokenRef,
): string {
  if (amount === undefined) return '—';
  const token = feeMint === input.mint ? input : feeMint === output.mint ? output : undefined;
  if (!token) return `${amount} base units${feeMint ? ` of ${shortAddress(feeMint)}` : ''}`;
  return amountUsd(amount, token);
}

/** Summary lines for a swap-group build (b): the quote's numbers plus the build's priority fee. */
export function quoteSummary(
  quote: Quote,
  input: TokenRef,
  output: TokenRef,
  extra: { prioritizationFeeLamports?: number; solUsd?: number | null },
): ConfirmLine[] {
  const solUsd = extra.solUsd ?? solPriceOf(input, output);
  const slippage = `${(quote.slippageBps / 100).toFixed(2)}% slippage`;
  const exactOut = quote.swapMode === 'ExactOut';
  const routeFees = quote.routePlan
    .map((s) => {
      const mint = s.swapInfo.feeMint;
      const token = mint === input.mint ? input : mint === output.mint ? output : undefined;
      return s.swapInfo.feeAmount && token
        ? `${s.swapInfo.label} ${amountText(s.swapInfo.feeAmount, token)}`
        : undefined;
    })
    .filter((x): x is string => Boolean(x));
  return [
    {
      label: 'You pay',
      value: exactOut ? `about ${amountUsd(quote.inAmount, input)}` : amountUsd(quote.inAmount, input),
    },
    {
      label: 'You receive',
      value: exactOut ? amountUsd(quote.outAmount, output) : `about ${amountUsd(quote.outAmount, output)}`,
    },
    exactOut
      ? { label: 'At most', value: `${amountUsd(quote.otherAmountThreshold, input)} after ${slippage}` }
      : { label: 'At least', value: `${amountUsd(quote.otherAmountThreshold, output)} after ${slippage}` },
    { label: 'Rate', value: rateBothWays(quote.inAmount, quote.outAmount, input, output) },
    impactLine(impactPercent(quote)),
    {
      label: 'Network fees',
      value: `signature ${solFeeText(5000, solUsd)} per signature (you), priority ${extra.prioritizationFeeLamports === undefined ? 'auto' : solFeeText(extra.prioritizationFeeLamports, solUsd)} (you)`,
    },
    { label: 'Rent', value: 'new token accounts, if any, are paid by you' },
    {
      label: 'Fees',
      value: `platform ${quote.platformFee ? `${quote.platformFee.feeBps ?? '—'} bps` : 'none'}${routeFees.length ? ` · DEX ${routeFees.join(', ')}` : ''} · sent by RPC`,
    },
  ];
}

/**
 * When an order's firm quote stops being honoured, ms since epoch, from its `expireAt` (RFQ
 * routes): a string of seconds since epoch ("1767607000"; a value too large for seconds is read
 * as ms) or an ISO 8601 time. Undefined when absent or unreadable.
 */
export function expiryMs(expireAt: unknown): number | undefined {
  if (typeof expireAt !== 'string' || !/^(\d{1,16}|\d{4}-\d{2}-\d{2}T.*)$/.test(expireAt.trim())) return undefined;
  const t = serviceTime(expireAt);
  return Number.isFinite(t) ? t : undefined;
}

/** The typed confirmation word when the price impact is above the threshold. */
export function typedConfirmationFor(pct: number | undefined): string | undefined {
  return pct !== undefined && pct > IMPACT_TYPED_PCT ? TYPED_WORD : undefined;
}
