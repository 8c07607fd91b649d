// `tradedeck quote AMOUNT FROM TO`: a swap quote, read-only.
import type { OptionsOf } from '../commands/registry.js';
import type { HeadlessServices } from './print.js';
import { toBaseUnits, fromBaseUnits, AmountError } from '../text/amount.js';
import { resolveToken } from '../api/resolveToken.js';
import { listedTokens, withWellKnown } from './tokens.js';
import { createMintFacts, tradeFacts } from '../rpc/mintFacts.js';
import { tokensFor } from './symbols.js';
import { printJson, clean, CommandError, fitText, outputWidth } from './print.js';
import { HIGH_PRICE_IMPACT } from '../commands/args.js';
import { amountUsd, impactPercent, orderPriced, rateBothWays } from '../actions/describe.js';
import type { Order, Quote } from '../api/types.js';
import { swapFormOf, swapRouteOf } from './swapArgs.js';
import { checkForm, orderAsked } from '../actions/swapRequest.js';
import { answerMismatch } from '../actions/answerCheck.js';
import { formatPercent, shortAddress } from '../text/format.js';
import type { QuoteParams } from '../api/types.js';
import { BASE, generationFor } from '../config/generation.js';
import { findGeneration, orderOnRoute, type RoutedOrder } from '../actions/swapRoute.js';
import { BuildRefusal } from '../pipeline/types.js';

export async function quoteCommand(
  services: HeadlessServices,
  positionals: string[],
  opts: OptionsOf<'quote'>,
  warn: (line: string) => void = () => {},
): Promise<string> {
  // (three arguments: the registry checked their count)
  const [amountText = '', fromText = '', toText = ''] = positionals;
  // the route `swap` would take with these options: the quote is what would execute
  const form = swapFormOf(positionals, opts);
  swapRouteOf(form, opts.route);
  const slippageBps = form.slippageBps === '' ? undefined : Number(form.slippageBps);
  const generation = services.generation ?? generationFor({ mode: services.mode, stateDir: '' }, Date.now);
  const routes = { api: services.api, generation };
  checkAmountText(amountText);
  // the service's own claims (checked against the chain below), and every token a word may name
  const listed = await listedTokens(services);
  const tokens = await tokensFor(services, [fromText, toText], withWellKnown(listed));
  const from = resolveToken(fromText, tokens);
  if (!from.ok) throw new CommandError(`FROM ${clean(from.error, 400)}`, 2);
  const to = resolveToken(toText, tokens);
  if (!to.ok) throw new CommandError(`TO ${clean(to.error, 400)}`, 2);
  if (from.token.id === to.token.id) {
    throw new CommandError(
      `FROM and TO: must be different tokens (both are ${clean(from.token.symbol, 16) || from.token.id})`,
      2,
    );
  }
  const exactOut = opts.exactOut === true;
  // what an amount means is the chain's to say: the decimals read from each mint, checked against the list's
  const facts = await tradeFacts(
    services.mintFacts ?? createMintFacts({}),
    [from.token, to.token].map((t) => ({ mint: t.id, symbol: t.symbol, decimals: t.decimals })),
    (mint) => {
      const claim = listed.find((t) => t.id === mint) ?? tokens.find((t) => t.id === mint);
      return claim && { ...claim, mint };
    },
  );
  if (typeof facts === 'string') throw new CommandError(clean(facts, 300), 2);
  let amount: bigint;
  try {
    amount = toBaseUnits(amountText, exactOut ? to.token.decimals : from.token.decimals, 'AMOUNT');
  } catch (e) {
    if (e instanceof AmountError) throw new CommandError(clean(e.message, 200), 2);
    throw e;
  }
  if (amount === 0n) throw new CommandError('AMOUNT: must be greater than zero', 2);
  // a slippage goes with the order route only where the service serves its current generation: asked first
  if (slippageBps !== undefined && opts.route === undefined)
    await findGeneration(routes, { inputMint: from.token.id, outputMint: to.token.id, amount: amount.toString() });
  const { via } = swapRouteOf(form, opts.route, generation.current());
  // the route options as the Swap form reads them (checked by swapFormOf already)
  const check = checkForm(form, tokens, undefined, {
    ...(generation.current() ? { generation: generation.current() } : {}),
    ...(generation.v1Why() ? { v1Why: generation.v1Why() } : {}),
  });
  const route = check.params;
  if (!route)
    throw new CommandError(clean(Object.values(check.errors)[0] ?? 'the options do not make a quote request', 300), 2);
  // Without a taker the order route answers with its quote and no transaction to sign.
  let orderRoute: RoutedOrder | undefined;
  if (via === 'order') {
    try {
      orderRoute = await orderOnRoute(routes, {
        inputMint: from.token.id,
        outputMint: to.token.id,
        amount: amount.toString(),
        ...(route.excludeDexes ? { excludeDexes: route.excludeDexes } : {}),
        ...orderAsked(check),
      });
    } catch (e) {
      if (e instanceof BuildRefusal) throw new CommandError(clean(e.message, 400), 2);
      throw e;
    }
  }
  const quote: Quote | Order =
    orderRoute !== undefined
      ? orderRoute.order
      : await services.api.swap.quote({
          ...routeOptions(route),
          inputMint: from.token.id,
          outputMint: to.token.id,
          amount: amount.toString(),
          swapMode: exactOut ? 'ExactOut' : 'ExactIn',
          slippageBps,
          ...(route.instructionVersion ? { instructionVersion: route.instructionVersion } : {}),
        });
  // the answer must be the quote of what was asked: the pair, the amount on the side the mode fixes, the slippage
  const mismatch = answerMismatch(
    {
      input: {
        mint: from.token.id,
        symbol: clean(from.token.symbol, 16) || from.token.id,
        decimals: from.token.decimals,
      },
      output: { mint: to.token.id, symbol: clean(to.token.symbol, 16) || to.token.id, decimals: to.token.decimals },
      amount,
      mode: exactOut ? 'ExactOut' : 'ExactIn',
      ...(slippageBps !== undefined ? { slippageBps } : {}),
    },
    quote,
  );
  if (mismatch) throw new CommandError(`${clean(mismatch, 300)}: not shown as a quote`, 2);
  // in percent, without sign: the order's priceImpact when given, else its deprecated fraction priceImpactPct
  const impact = impactPercent(quote);
  if (impact !== undefined && impact >= HIGH_PRICE_IMPACT * 100) {
    warn(
      `warning: price impact ${formatPercent(impact)} is at or above ${HIGH_PRICE_IMPACT * 100}%: this trade moves the price against you; consider a smaller amount`,
    );
  }
  if (orderRoute?.found) warn(orderRoute.found);
  if (opts.json) return printJson(quote, opts.indent);
  const fromSymbol = clean(from.token.symbol, 16) || from.token.id;
  const toSymbol = clean(to.token.symbol, 16) || to.token.id;
  // amounts with their USD value (the list's price, else the service's USD values of the order), as the dialog says them
  const priced = orderPriced(
    quote as Partial<Order> as Order,
    { mint: from.token.id, symbol: fromSymbol, decimals: from.token.decimals, usdPrice: from.token.usdPrice },
    { mint: to.token.id, symbol: toSymbol, decimals: to.token.decimals, usdPrice: to.token.usdPrice },
  );
  const fmtIn = (raw: string) => amountUsd(raw, priced.input);
  const fmtOut = (raw: string) => amountUsd(raw, priced.output);
  const lines = [
    `quoted by     ${orderRoute ? `order group (GET ${BASE[orderRoute.generation]}/order), as tradedeck swap executes it` : 'swap group (GET /swap/v1/quote), as tradedeck swap --route swap executes it'}`,
    `you pay       ${fmtIn(quote.inAmount)}`,
    `you receive   ${fmtOut(quote.outAmount)}`,
    exactOut
      ? `at most       ${fmtIn(quote.otherAmountThreshold)} after ${quote.slippageBps / 100}% slippage`
      : `at least      ${fmtOut(quote.otherAmountThreshold)} after ${quote.slippageBps / 100}% slippage`,
    `rate          ${rateBothWays(quote.inAmount, quote.outAmount, priced.input, priced.output)}`,
    `price impact  ${impact !== undefined ? formatPercent(impact) : clean(quote.priceImpactPct, 20)}`,
    ...(check.order.receiver ? [`receiver      ${check.order.receiver} (the output goes there)`] : []),
    ...(check.order.payer ? [`payer         ${check.order.payer} (pays the fees, and must sign too)`] : []),
    ...feeLines(
      quote,
      via,
      { symbol: fromSymbol, decimals: from.token.decimals, mint: from.token.id },
      { symbol: toSymbol, decimals: to.token.decimals, mint: to.token.id },
    ),
    'route:',
    ...(Array.isArray(quote.routePlan) ? quote.routePlan : []).map((step) => {
      const info = step.swapInfo ?? {};
      const inTok = info.inputMint === from.token.id ? fromSymbol : clean(info.inputMint, 60).slice(0, 6);
      const outTok = info.outputMint === to.token.id ? toSymbol : clean(info.outputMint, 60).slice(0, 6);
      return `  ${step.percent}%  ${clean(info.label, 30)}  ${inTok} -> ${outTok}`;
    }),
  ];
  return fitText(lines.join('\n'), outputWidth(), ' '.repeat(14));
}

/**
 * The rules of AMOUNT that do not depend on the token (not empty, not negative, no exponent, a
 * decimal number, not zero), checked before anything is asked of the service.
 */
function checkAmountText(text: string): void {
  let value: bigint | undefined;
  try {
    value = toBaseUnits(text, 30, 'AMOUNT');
  } catch (e) {
    if (!(e instanceof AmountError)) throw e;
    // the decimal places and the u64 range depend on the token: checked once it is known
    if (!/larger than|decimal places/.test(e.message)) throw new CommandError(clean(e.message, 200), 2);
  }
  if (value === 0n) throw new CommandError('AMOUNT: must be greater than zero', 2);
}

/** The route controls of GET /swap/v1/quote among the form's parameters (the rest is set from the arguments). */
function routeOptions(p: QuoteParams): Partial<QuoteParams> {
  const { dexes, excludeDexes, onlyDirectRoutes, restrictIntermediateTokens, maxAccounts, platformFeeBps } = p;
  return Object.fromEntries(
    Object.entries({
      dexes,
      excludeDexes,
      onlyDirectRoutes,
      restrictIntermediateTokens,
      maxAccounts,
      platformFeeBps,
    }).filter(([, v]) => v !== undefined),
  );
}

interface Side {
  symbol: string;
  decimals: number;
  mint: string;
}

/** The fees the answer names: the platform fee, and on the order route each network fee in SOL and who pays it. */
function feeLines(quote: Quote | Order, via: 'order' | 'swap', from: Side, to: Side): string[] {
  const lines: string[] = [];
  const pf = quote.platformFee;
  const bps = typeof pf?.feeBps === 'number' ? pf.feeBps : undefined;
  const raw = typeof pf?.amount === 'string' && /^\d+$/.test(pf.amount) ? pf.amount : undefined;
  const feeMint =
    typeof pf?.feeMint === 'string'
      ? pf.feeMint
      : typeof (quote as Order).feeMint === 'string'
        ? (quote as Order).feeMint
        : undefined;
  const token = feeMint === from.mint ? from : feeMint === to.mint ? to : undefined;
  if (pf && (bps !== undefined || raw !== undefined)) {
    // the swap quote does not name the fee's token: then the amount stays in base units, said so
    const amount =
      raw === undefined
        ? ''
        : token
          ? `${fromBaseUnits(raw, token.decimals)} ${token.symbol}`
          : `${raw} base units${feeMint ? ` of ${shortAddress(clean(feeMint, 60))}` : ' (token not named)'}`;
    lines.push(`platform fee  ${[amount, bps === undefined ? '' : `${bps} bps`].filter(Boolean).join(', ')}`);
  } else lines.push('platform fee  none');
  if (via !== 'order') return lines;
  const o = quote as Order;
  for (const [name, lamports, payer] of [
    ['signature fee', o.signatureFeeLamports, o.signatureFeePayer],
    ['priority fee', o.prioritizationFeeLamports, o.prioritizationFeePayer],
    ['rent', o.rentFeeLamports, o.rentFeePayer],
  ] as const) {
    if (typeof lamports !== 'number' || !Number.isSafeInteger(lamports) || lamports < 0) continue;
    const who = typeof payer === 'string' && payer ? `, paid by ${shortAddress(clean(payer, 60))}` : '';
    lines.push(`${name.padEnd(13)} ${fromBaseUnits(BigInt(lamports), 9)} SOL${who}`);
  }
  if (o.gasless === true) lines.push('gasless       the network fees are paid for you');
  return lines;
}
