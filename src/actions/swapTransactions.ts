// The two ways to swap, as pipeline actions: through the order route (an order with taker, then
// its execute: GET /swap/v2/order + POST /swap/v2/execute, or GET /ultra/v1/order + POST
// /ultra/v1/execute where the service serves only that) and through the swap group (a build sent by
// RPC: GET /swap/v2/build assembled here, or GET /swap/v1/quote + POST /swap/v1/swap).
import { NATIVE_MINT } from '../chain/mints.js';
import {
  type Order,
  type OrderV2,
  type PrioritizationFee,
  type QuoteParams,
  type Quote,
  type SwapResponse,
  type BuildAnswer,
  type Instruction,
} from '../api/types.js';
import { BASE, ORDER_ROUTE, type Generation } from '../config/generation.js';
import { buildOnRoute, orderOnRoute, type RouteDeps } from './swapRoute.js';
import { priorityFeeText } from './swapRequest.js';
import { describeOrderError } from '../pipeline/advice.js';
import { BuildRefusal, type ActionSpec, type Built, type Expectation } from '../pipeline/types.js';
import { answerMismatch } from './answerCheck.js';
import {
  amountText,
  expiryMs,
  impactPercent,
  orderPriced,
  orderSummary,
  quoteSummary,
  solPriceOf,
  solFeeText,
  typedConfirmationFor,
  type TokenRef,
} from './describe.js';
import type { DescribedRequest } from './confirmView.js';
import { safetyConfirmation, safetySummary, type SafetyCard } from '../safety/card.js';
import type { ConfirmLine } from '../store/confirm.js';
import type { BuildExtras, BuildV2Extras, OrderExtras } from './swapOptions.js';
import { usdText } from './describe.js';

/** The order could not be built (errorCode 1, 2 or 3): the message says what to do. */
export class OrderBuildError extends Error {
  constructor(readonly errorCode: number) {
    super(describeOrderError(errorCode));
    this.name = 'OrderBuildError';
  }
}

/** A token of a swap with the chain's facts of its mint (its decimals and the program that owns it). */
export type FactToken = TokenRef & { program: string };

/** The tokens' expectation part, and the decimals their amounts were read with (for the journal). */
function tokensOf(
  input: FactToken,
  output: FactToken,
): Pick<Expectation, 'tokens'> & { decimals: Record<string, number> } {
  const token = (t: FactToken) => ({ mint: t.mint, symbol: t.symbol, decimals: t.decimals, program: t.program });
  return {
    tokens: [token(input), token(output)],
    decimals: { [input.mint]: input.decimals, [output.mint]: output.decimals },
  };
}

/** A mismatch between the answer and the request refuses the swap: nothing is signed. */
function refuseMismatch(why: string | undefined): void {
  if (why) throw new BuildRefusal(`${why}: nothing was signed`);
}

export interface OrderSwapInput {
  /** the API and which generation of its routes (the order goes through the one in use) */
  route: RouteDeps;
  wallet: string;
  input: FactToken;
  output: FactToken;
  /** input amount, base units */
  amount: bigint;
  excludeDexes?: string[];
  /** receiver, payer, routers left out, referral; the current generation's priority fee, broadcast and tip */
  extras?: OrderExtras;
  /** the slippage the person typed, bps (the current generation's order takes it) */
  slippageBps?: number;
  /** the bought token's safety card, shown first in the dialog (a risky token needs a typed yes) */
  safety?: SafetyCard;
  /** why the wallet cannot pay this much input (raw), checked on what the service built before the dialog */
  checkFunds?(inputRaw: bigint): string | undefined;
  /** SOL's USD price (fees and rent are in SOL), when neither side of the trade is SOL */
  solUsd?: number | null;
  now(): number;
}

function otherSigners(wallet: string, ...named: Array<string | null | undefined>): string[] {
  return [...new Set(named.filter((a): a is string => typeof a === 'string' && a !== '' && a !== wallet))];
}

/** The route a swap went through, in words, and what was found of the service on the way. */
export interface SwapRouteTaken {
  /** "GET /swap/v2/order + POST /swap/v2/execute", "GET /swap/v2/build, sent by RPC", ... */
  path: string;
  /** said once: the service turned out not to serve the current generation */
  found?: string;
}

/** A swap paying SOL may move at most the quoted input out of the wallet (wrapped for the swap). */
function solInput(inputMint: string, amount: string): Pick<Built, 'maxLamports'> {
  return inputMint === NATIVE_MINT && /^\d+$/.test(amount) ? { maxLamports: BigInt(amount) } : {};
}

/** `s` on the Swap screen and `:swap`: the order with taker on the route in use, then its execute. */
export function orderSwapAction(p: OrderSwapInput): ActionSpec & {
  orderOf(built: Built): Order | undefined;
  lastOrder(): Order | undefined;
  lastRoute(): SwapRouteTaken | undefined;
} {
  const orders = new WeakMap<Built, { order: OrderV2; generation: Generation; found?: string }>();
  let last: Order | undefined;
  let route: SwapRouteTaken | undefined;
  return {
    group: 'ultra',
    action: 'swap',
    orderOf: (built) => orders.get(built)?.order,
    lastOrder: () => last,
    lastRoute: () => route,
    async build() {
      const routed = await orderOnRoute(p.route, {
        inputMint: p.input.mint,
        outputMint: p.output.mint,
        amount: p.amount.toString(),
        taker: p.wallet,
        ...(p.excludeDexes?.length ? { excludeDexes: p.excludeDexes } : {}),
        ...(p.slippageBps !== undefined ? { slippageBps: p.slippageBps } : {}),
        ...p.extras,
      });
      const order = routed.order;
      if (typeof order.errorCode === 'number' && !order.transaction) {
        // with a payer, the SOL for fees is the payer's, not this wallet's
        if (order.errorCode === 2 && p.extras?.payer)
          throw new Error(
            `the payer ${p.extras.payer} has too little SOL for the network fees and rent (the service answered error code 2); nothing was signed`,
          );
        throw new OrderBuildError(order.errorCode);
      }
      if (!order.transaction)
        throw new Error('the service returned the order without a transaction to sign; get a new quote');
      refuseMismatch(
        answerMismatch(
          {
            input: p.input,
            output: p.output,
            amount: p.amount,
            mode: 'ExactIn',
            taker: p.wallet,
            ...(p.slippageBps !== undefined ? { slippageBps: p.slippageBps } : {}),
          },
          order,
        ),
      );
      const short = p.checkFunds?.(BigInt(order.inAmount));
      if (short) throw new Error(`${short}; nothing was signed`);
      const built: Built = {
        group: routed.generation === 'v2' ? 'swapV2' : 'ultra',
        requestId: order.requestId,
        transactions: [order.transaction],
        allowedSigners: otherSigners(
          p.wallet,
          order.signatureFeePayer,
          order.prioritizationFeePayer,
          order.rentFeePayer,
          order.maker,
        ),
        builtAt: p.now(),
        submit: 'execute',
        ...solInput(p.input.mint, order.inAmount),
        ...orderExpectation(p, order),
        summary: {
          pay: amountText(order.inAmount, p.input),
          receive: amountText(order.outAmount, p.output),
          inputMint: p.input.mint,
          outputMint: p.output.mint,
          inAmount: order.inAmount,
          outAmount: order.outAmount,
          router: order.router,
          // which generation of the service the swap went through
          route: ORDER_ROUTE[routed.generation],
        },
      };
      orders.set(built, routed);
      last = order;
      route = { path: ORDER_ROUTE[routed.generation], ...(routed.found ? { found: routed.found } : {}) };
      return built;
    },
    describe(built): DescribedRequest {
      const { order, generation, found } = orders.get(built)!;
      const pct = impactPercent(order);
      const expireAt = expiryMs(order.expireAt);
      // already past when the service answered: this computer's clock and the service's disagree
      const skewed = expireAt !== undefined && expireAt <= built.builtAt;
      const expiresAt = skewed ? undefined : expireAt;
      // SOL's price for the fees and the tip: the catalog's, else the trade's own when one side is SOL
      const priced = orderPriced(order, p.input, p.output);
      const extras = orderExtrasLines(p.extras ?? {}, p.solUsd ?? solPriceOf(priced.input, priced.output));
      const warnings = [
        ...extras.warnings,
        ...(found ? [found] : []),
        ...(skewed
          ? [
              "The market maker's quote expiry (expireAt) was already past when the service answered, by this computer's clock: check the clock. The dialog keeps the blockhash lifetime",
            ]
          : []),
      ];
      return {
        title: `Swap ${amountText(order.inAmount, p.input)} for ${p.output.symbol} (order, ${BASE[generation]})`,
        lines: [],
        summary: [
          ...(p.safety ? safetySummary(p.safety) : []),
          ...withDestination(
            orderSummary(
              order,
              p.input,
              p.output,
              p.wallet,
              p.solUsd ?? undefined,
              p.extras?.jitoTipLamports !== undefined ? BigInt(p.extras.jitoTipLamports) : undefined,
            ),
            extras.summary,
          ),
        ],
        typedConfirmation: safetyConfirmation(p.safety) ?? typedConfirmationFor(pct),
        ...(warnings.length ? { warnings } : {}),
        // an RFQ order's firm quote ends at expireAt: the dialog lasts no longer than that
        ...(expiresAt !== undefined ? { expiresAt, expiresWhy: "the market maker's quote expires" } : {}),
      };
    },
  };
}

/** An order swap's expectation: it pays the amount asked, and the output (at least the threshold) reaches the wallet or the receiver named. */
function orderExpectation(p: OrderSwapInput, order: Order): Pick<Built, 'expect' | 'decimals'> {
  const { tokens, decimals } = tokensOf(p.input, p.output);
  const receiver = p.extras?.receiver && p.extras.receiver !== p.wallet ? p.extras.receiver : undefined;
  return {
    decimals,
    expect: {
      tokens,
      pays: { [p.input.mint]: p.amount },
      receives: { [p.output.mint]: BigInt(order.otherAmountThreshold) },
      ...(receiver ? { receiver } : {}),
      named: [receiver, p.extras?.referralAccount].filter((a): a is string => Boolean(a)),
      // a tip asked leaves the wallet beside the fees: it may, up to what was asked
      ...(p.extras?.jitoTipLamports !== undefined ? { tipLamports: BigInt(p.extras.jitoTipLamports) } : {}),
    },
  };
}

export interface RouteSwapInput {
  /** the API and which generation of its routes */
  route: RouteDeps;
  wallet: string;
  input: FactToken;
  output: FactToken;
  params: QuoteParams;
  feeAccount?: string;
  /** why this swap goes through the swap group rather than the order group (said in the dialog) */
  why?: string[];
  /** which generation builds it (chooseBuild): the current one's GET /swap/v2/build, or POST /swap/v1/swap */
  choice: { generation: Generation | undefined; v1Because: string[] };
  /** the priority fee asked for (absent: auto) */
  priorityFee?: PrioritizationFee;
  /** wrapping, where the output lands, compute units, expiry, shared accounts, account checks */
  build?: BuildExtras;
  /** what only GET /swap/v2/build takes: fast routing, the compute-unit price's percentile, Jito bundles, a tip */
  buildV2?: BuildV2Extras;
  /** the owner of build.destinationTokenAccount, as read over RPC (said in the dialog) */
  destinationOwner?: string;
  /** the compute units an unsigned transaction uses, from a simulation on the person's RPC (sizes the limit set) */
  unitsOf?(base64: string): Promise<number | undefined>;
  safety?: SafetyCard;
  checkFunds?(inputRaw: bigint): string | undefined;
  /** SOL's USD price (fees are in SOL), when neither side of the trade is SOL */
  solUsd?: number | null;
  now(): number;
}

/** What a build of the swap group answered, for the dialog. */
type RouteBuild =
  | { generation: 'v1'; quote: Quote; response: SwapResponse; found?: string }
  | { generation: 'v2'; quote: Quote; answer: BuildAnswer; priorityLamports: bigint; units: number };

/** The route the swap group sends through, in words. */
const BUILD_ROUTE: Record<Generation, string> = {
  v2: 'GET /swap/v2/build, sent by RPC',
  v1: 'GET /swap/v1/quote + POST /swap/v1/swap, sent by RPC',
};

/** GET /swap/v2/build's answer read as a quote (the fields the pane and the dialog share). */
export function buildAsQuote(b: BuildAnswer, asked: QuoteParams): Quote {
  return {
    inputMint: b.inputMint,
    inAmount: b.inAmount,
    outputMint: b.outputMint,
    outAmount: b.outAmount,
    otherAmountThreshold: b.otherAmountThreshold,
    swapMode: 'ExactIn',
    slippageBps: b.slippageBps ?? asked.slippageBps ?? 0,
    priceImpactPct: b.priceImpactPct ?? '0',
    routePlan: (b.routePlan ?? []).map((step) => ({
      swapInfo: {
        ammKey: step.swapInfo?.ammKey ?? '',
        label: step.swapInfo?.label ?? '?',
        inputMint: step.swapInfo?.inputMint ?? '',
        outputMint: step.swapInfo?.outputMint ?? '',
        inAmount: step.swapInfo?.inAmount ?? '0',
        outAmount: step.swapInfo?.outAmount ?? '0',
      },
      percent: step.percent ?? (step.bps !== undefined ? step.bps / 100 : 0),
    })),
  };
}

/** The compute-unit price (micro-lamports) a build's compute-budget instructions set; 0 without one. */
function unitPriceOf(ixs: readonly Instruction[]): bigint {
  let price = 0n;
  for (const ix of ixs) {
    const d = Buffer.from(ix.data, 'base64');
    if (d[0] === 3 && d.length >= 9) price = d.readBigUInt64LE(1);
  }
  return price;
}

/** `b` on the Swap screen: GET /swap/v2/build assembled here, or a quote and POST /swap/v1/swap; then RPC sendTransaction. */
export function routeSwapAction(p: RouteSwapInput): ActionSpec & { lastRoute(): SwapRouteTaken | undefined } {
  const builds = new WeakMap<Built, RouteBuild>();
  let route: SwapRouteTaken | undefined;
  const api = p.route.api;
  const mode = p.params.swapMode ?? 'ExactIn';

  async function buildV2(answer: BuildAnswer): Promise<Built> {
    const quote = buildAsQuote(answer, p.params);
    refuseMismatch(
      answerMismatch(
        {
          input: p.input,
          output: p.output,
          amount: BigInt(p.params.amount),
          mode: 'ExactIn',
          ...(p.params.slippageBps !== undefined ? { slippageBps: p.params.slippageBps } : {}),
        },
        quote,
      ),
    );
    const short = p.checkFunds?.(BigInt(quote.inAmount));
    if (short) throw new Error(`${short}; nothing was signed`);
    const { assembleTransaction, computeUnitLimitInstruction, limitFor, MAX_COMPUTE_UNIT_LIMIT } =
      await import('../wallet/assemble.js');
    const body = [
      ...answer.computeBudgetInstructions,
      ...answer.setupInstructions,
      answer.swapInstruction,
      ...(answer.cleanupInstruction ? [answer.cleanupInstruction] : []),
      ...answer.otherInstructions,
      ...(answer.tipInstruction ? [answer.tipInstruction] : []),
    ];
    const assemble = (units: number) =>
      assembleTransaction({
        feePayer: p.wallet,
        blockhash: answer.blockhashWithMetadata.blockhash,
        lastValidBlockHeight: answer.blockhashWithMetadata.lastValidBlockHeight,
        instructions: [computeUnitLimitInstruction(units), ...body],
        lookupTables: answer.addressesByLookupTableAddress,
      });
    let tx: string;
    let units: number;
    try {
      // the build sets no compute-unit limit: simulated at the most, then 1.2 times what it used
      const probe = await assemble(MAX_COMPUTE_UNIT_LIMIT);
      units = limitFor(await p.unitsOf?.(probe));
      tx = units === MAX_COMPUTE_UNIT_LIMIT ? probe : await assemble(units);
    } catch (e) {
      throw new BuildRefusal(`${(e as Error).message}; nothing was signed`);
    }
    const priorityLamports = (BigInt(units) * unitPriceOf(answer.computeBudgetInstructions) + 999_999n) / 1_000_000n;
    const tip = p.buildV2?.tipAmount === undefined ? undefined : BigInt(p.buildV2.tipAmount);
    const built: Built = {
      group: 'swap',
      transactions: [tx],
      allowedSigners: [],
      lastValidBlockHeight: answer.blockhashWithMetadata.lastValidBlockHeight,
      builtAt: p.now(),
      submit: 'rpc',
      ...solInput(p.input.mint, quote.inAmount),
      ...routeExpectation(p, quote, tip),
      summary: {
        pay: amountText(quote.inAmount, p.input),
        receive: amountText(quote.outAmount, p.output),
        inputMint: p.input.mint,
        outputMint: p.output.mint,
        inAmount: quote.inAmount,
        outAmount: quote.outAmount,
        swapMode: 'ExactIn',
        route: BUILD_ROUTE.v2,
      },
    };
    builds.set(built, { generation: 'v2', quote, answer, priorityLamports, units });
    route = { path: BUILD_ROUTE.v2 };
    return built;
  }

  async function buildV1(found?: string): Promise<Built> {
    const quote = await api.swap.quote(p.params);
    refuseMismatch(
      answerMismatch(
        {
          input: p.input,
          output: p.output,
          amount: BigInt(p.params.amount),
          mode,
          ...(p.params.slippageBps !== undefined ? { slippageBps: p.params.slippageBps } : {}),
        },
        quote,
      ),
    );
    // ExactOut: the most the swap may take is the threshold.
    const short = p.checkFunds?.(BigInt(quote.swapMode === 'ExactOut' ? quote.otherAmountThreshold : quote.inAmount));
    if (short) throw new Error(`${short}; nothing was signed`);
    const response = await api.swap.swap({
      userPublicKey: p.wallet,
      quoteResponse: quote,
      ...(p.feeAccount ? { feeAccount: p.feeAccount } : {}),
      ...(p.params.asLegacyTransaction ? { asLegacyTransaction: true } : {}),
      ...(p.priorityFee !== undefined && p.priorityFee !== 'auto' ? { prioritizationFeeLamports: p.priorityFee } : {}),
      ...p.build,
    });
    const built: Built = {
      group: 'swap',
      transactions: [response.swapTransaction],
      allowedSigners: [],
      lastValidBlockHeight: response.lastValidBlockHeight,
      builtAt: p.now(),
      submit: 'rpc',
      ...(p.build?.nativeDestinationAccount ? { payTo: [p.build.nativeDestinationAccount] } : {}),
      ...solInput(p.input.mint, quote.swapMode === 'ExactOut' ? quote.otherAmountThreshold : quote.inAmount),
      ...routeExpectation(p, quote),
      summary: {
        pay: amountText(quote.inAmount, p.input),
        receive: amountText(quote.outAmount, p.output),
        inputMint: p.input.mint,
        outputMint: p.output.mint,
        inAmount: quote.inAmount,
        outAmount: quote.outAmount,
        swapMode: quote.swapMode,
        route: BUILD_ROUTE.v1,
      },
    };
    builds.set(built, { generation: 'v1', quote, response, ...(found ? { found } : {}) });
    route = { path: BUILD_ROUTE.v1, ...(found ? { found } : {}) };
    return built;
  }

  return {
    group: 'swap',
    action: 'swap',
    lastRoute: () => route,
    async build() {
      if (p.choice.generation === 'v1') return buildV1();
      const routed = await buildOnRoute(p.route, {
        inputMint: p.input.mint,
        outputMint: p.output.mint,
        amount: p.params.amount,
        taker: p.wallet,
        ...(p.params.slippageBps !== undefined ? { slippageBps: p.params.slippageBps } : {}),
        ...(p.params.dexes ? { dexes: p.params.dexes } : {}),
        ...(p.params.excludeDexes ? { excludeDexes: p.params.excludeDexes } : {}),
        ...(p.params.maxAccounts !== undefined ? { maxAccounts: p.params.maxAccounts } : {}),
        ...(p.params.platformFeeBps !== undefined ? { platformFeeBps: p.params.platformFeeBps } : {}),
        ...(p.feeAccount ? { feeAccount: p.feeAccount } : {}),
        ...(p.build?.wrapAndUnwrapSol === false ? { wrapAndUnwrapSol: false } : {}),
        ...(p.build?.destinationTokenAccount ? { destinationTokenAccount: p.build.destinationTokenAccount } : {}),
        ...(p.build?.blockhashSlotsToExpiry !== undefined
          ? { blockhashSlotsToExpiry: p.build.blockhashSlotsToExpiry }
          : {}),
        ...p.buildV2,
      });
      if (routed.generation === 'v2') return buildV2(routed.answer);
      // the service serves only the first generation: what only the build takes cannot be had there
      const v2Only = Object.keys(p.buildV2 ?? {});
      if (v2Only.length)
        throw new BuildRefusal(
          `${v2Only.join(', ')}: only GET /swap/v2/build takes ${v2Only.length === 1 ? 'it' : 'them'}, and ${p.route.generation.name} serves only /swap/v1; clear ${v2Only.length === 1 ? 'it' : 'them'} (nothing was signed)`,
        );
      return buildV1(routed.found);
    },
    describe(built): DescribedRequest {
      const b = builds.get(built)!;
      const quote = b.quote;
      const pct = impactPercent(quote);
      const extras = buildExtrasLines(p.build ?? {}, p.wallet, p.destinationOwner);
      const warnings = [
        ...extras.warnings,
        ...(b.generation === 'v1' && b.found ? [b.found] : []),
        ...(p.why?.length
          ? [
              `Through the swap group (built here, sent by RPC) because the order group cannot honour: ${p.why.join(', ')}`,
            ]
          : []),
        ...(b.generation === 'v1' && p.choice.v1Because.length
          ? [`Built by POST /swap/v1/swap because GET /swap/v2/build does not take: ${p.choice.v1Because.join(', ')}`]
          : []),
      ];
      const slots = p.build?.blockhashSlotsToExpiry;
      const fee =
        b.generation === 'v2'
          ? {
              label: 'Priority fee',
              value: `compute-unit price from the build (${p.buildV2?.computeUnitPricePercentile ?? 'its default percentile'}) for ${b.units.toLocaleString('en-US')} units: ${solFeeText(Number(b.priorityLamports), p.solUsd)}`,
            }
          : {
              label: 'Priority fee',
              value: `${p.build?.computeUnitPriceMicroLamports !== undefined ? `compute unit price ${BigInt(p.build.computeUnitPriceMicroLamports).toLocaleString('en-US')} micro-lamports` : priorityFeeText(p.priorityFee ?? 'auto')} asked; ${b.response.prioritizationFeeLamports === undefined ? 'the build did not say what it set' : `the build set ${solFeeText(b.response.prioritizationFeeLamports, p.solUsd)}`}`,
            };
      const tip = built.expect.tipLamports;
      const solUsd = p.solUsd ?? solPriceOf(p.input, p.output);
      return {
        title: `Swap ${amountText(quote.inAmount, p.input)} for ${p.output.symbol} (build + RPC send, ${b.generation === 'v2' ? '/swap/v2/build' : '/swap/v1'})`,
        lines: [],
        ...(warnings.length ? { warnings } : {}),
        // blockhashSlotsToExpiry: the transaction is valid for that many slots of about 400 ms
        ...(slots !== undefined
          ? { expiresAt: built.builtAt + slots * SLOT_MS, expiresWhy: `it was built to expire after ${slots} slots` }
          : {}),
        summary: [
          ...(p.safety ? safetySummary(p.safety) : []),
          ...withDestination(
            quoteSummary(quote, p.input, p.output, {
              prioritizationFeeLamports:
                b.generation === 'v2' ? Number(b.priorityLamports) : b.response.prioritizationFeeLamports,
              solUsd: p.solUsd,
            }),
            extras.summary,
          ),
          fee,
          ...(tip !== undefined ? [tipLine(tip, solUsd)] : []),
        ],
        typedConfirmation: safetyConfirmation(p.safety) ?? typedConfirmationFor(pct),
      };
    },
  };
}

/**
 * A built swap's expectation: ExactIn pays the amount and receives at least the threshold; ExactOut
 * pays at most the threshold and receives the amount. The output goes to the wallet, to the SOL
 * destination named, or to the destination token account named (its owner's, as read over RPC).
 */
function routeExpectation(p: RouteSwapInput, quote: Quote, tip?: bigint): Pick<Built, 'expect' | 'decimals'> {
  const { tokens, decimals } = tokensOf(p.input, p.output);
  const exactOut = quote.swapMode === 'ExactOut';
  const asked = BigInt(p.params.amount);
  const threshold = BigInt(quote.otherAmountThreshold);
  const native = p.build?.nativeDestinationAccount;
  const destination = p.build?.destinationTokenAccount;
  const receiver =
    native && native !== p.wallet
      ? native
      : destination && p.destinationOwner && p.destinationOwner !== p.wallet
        ? p.destinationOwner
        : undefined;
  return {
    decimals,
    expect: {
      tokens,
      pays: { [p.input.mint]: exactOut ? threshold : asked },
      receives: { [p.output.mint]: exactOut ? asked : threshold },
      ...(receiver ? { receiver } : {}),
      named: [native, destination, p.feeAccount].filter((a): a is string => Boolean(a)),
      ...(tip !== undefined ? { tipLamports: tip } : {}),
    },
  };
}

/**
 * The options' lines placed in the summary: where the output goes right under what is received
 * (then read "Receiver gets" when it is not this wallet), the rest at the end.
 */
function withDestination(summary: ConfirmLine[], extras: ConfirmLine[]): ConfirmLine[] {
  const away = extras.filter((l) => l.label === 'Output goes to' || l.label === 'SOL goes to');
  const rest = extras.filter((l) => !away.includes(l));
  const at = summary.findIndex((l) => l.label === 'You receive');
  const receive = summary[at];
  if (!receive || away.length === 0) return [...summary, ...extras];
  const elsewhere = away.some((l) => l.emphasis === 'danger');
  const received = elsewhere ? { ...receive, label: 'Receiver gets' } : receive;
  return [...summary.slice(0, at), received, ...away, ...summary.slice(at + 1), ...rest];
}

/** About 400 ms per slot (the contract's figure for blockhashSlotsToExpiry). */
const SLOT_MS = 400;

/** An amount of SOL from lamports, with its USD value when SOL's price is known. */
const solText = (lamports: number | bigint, solUsd?: number | null) =>
  `${amountText(BigInt(lamports), SOL_TOKEN)}${usdText(BigInt(lamports), 9, solUsd)}`;
const SOL_TOKEN = { mint: NATIVE_MINT, symbol: 'SOL', decimals: 9 };

/** The current generation's fee options in the dialog, in SOL and USD: the priority fee and how it is broadcast. */
function priorityLine(x: OrderExtras, solUsd?: number | null): ConfirmLine | undefined {
  if (x.priorityFeeLamports === undefined) return undefined;
  const how =
    x.broadcastFeeType === 'maxCap'
      ? 'at most (maxCap)'
      : x.broadcastFeeType === 'exactFee'
        ? 'exactly (exactFee)'
        : 'as the service broadcasts it (no broadcastFeeType)';
  return { label: 'Priority fee', value: `${solText(x.priorityFeeLamports, solUsd)} asked, ${how}` };
}

/** The order group's options in the dialog: a receiver or payer other than this wallet said plainly, first among the warnings. */
export function orderExtrasLines(
  x: OrderExtras,
  solUsd?: number | null,
): { summary: ConfirmLine[]; warnings: string[] } {
  const summary: ConfirmLine[] = [];
  const warnings: string[] = [];
  if (x.receiver) {
    summary.push({
      label: 'Output goes to',
      value: `${x.receiver} (another wallet, NOT this one)`,
      emphasis: 'danger',
    });
    warnings.push(`The output goes to ${x.receiver}, not to this wallet`);
  }
  if (x.payer) {
    summary.push({
      label: 'Fees paid by',
      value: `${x.payer} (not this wallet): network fees and rent`,
      emphasis: 'warn',
    });
    warnings.push(
      `${x.payer} pays the fees and must sign this transaction too; tradedeck signs only as this wallet, so the service refuses it without that signature`,
    );
  }
  if (x.excludeRouters?.length) summary.push({ label: 'Routers', value: `all but ${x.excludeRouters.join(', ')}` });
  if (x.referralAccount)
    summary.push({
      label: 'Referral',
      value: `${x.referralAccount}${x.referralFee !== undefined ? `, ${x.referralFee} bps of the swap` : ', the default fee'}`,
    });
  const priority = priorityLine(x, solUsd);
  if (priority) summary.push(priority);
  if (x.jitoTipLamports !== undefined) summary.push(tipLine(BigInt(x.jitoTipLamports), solUsd));
  return { summary, warnings };
}

/** A tip in the dialog: money leaving the wallet, in SOL and USD. */
export function tipLine(lamports: bigint, solUsd?: number | null): ConfirmLine {
  return {
    label: 'Jito tip',
    value: `${solText(lamports, solUsd)} leaves the wallet (counted in your balances above)`,
    emphasis: 'warn',
  };
}

/** The swap build's options in the dialog: where the output lands (said plainly when not this wallet) and how the transaction is built. */
export function buildExtrasLines(
  x: BuildExtras,
  wallet: string,
  destinationOwner?: string,
): { summary: ConfirmLine[]; warnings: string[] } {
  const summary: ConfirmLine[] = [];
  const warnings: string[] = [];
  if (x.destinationTokenAccount) {
    const mine = destinationOwner === wallet;
    const owner =
      destinationOwner === undefined
        ? 'owner not read'
        : mine
          ? 'yours'
          : `owned by ${destinationOwner}, NOT this wallet`;
    summary.push({
      label: 'Output goes to',
      value: `token account ${x.destinationTokenAccount} (${owner})`,
      ...(mine ? {} : { emphasis: 'danger' as const }),
    });
    if (!mine)
      warnings.push(
        `The output goes to token account ${x.destinationTokenAccount}${destinationOwner ? `, owned by ${destinationOwner}` : ''}, not to this wallet's own account`,
      );
  }
  if (x.nativeDestinationAccount) {
    const mine = x.nativeDestinationAccount === wallet;
    summary.push({
      label: 'SOL goes to',
      value: `${x.nativeDestinationAccount}${mine ? ' (this wallet)' : ' (another account, NOT this wallet)'}`,
      ...(mine ? {} : { emphasis: 'danger' as const }),
    });
    if (!mine) warnings.push(`The SOL bought goes to ${x.nativeDestinationAccount}, not to this wallet`);
  }
  const how: string[] = [];
  if (x.wrapAndUnwrapSol === false) how.push('no SOL wrapping (uses your wrapped SOL account; SOL out stays wrapped)');
  if (x.dynamicComputeUnitLimit) how.push('compute unit limit from a simulation');
  if (x.blockhashSlotsToExpiry !== undefined)
    how.push(
      `valid for ${x.blockhashSlotsToExpiry} slots (about ${Math.round((x.blockhashSlotsToExpiry * SLOT_MS) / 1000)} s)`,
    );
  if (x.useSharedAccounts !== undefined) how.push(`shared accounts ${x.useSharedAccounts ? 'on' : 'off'}`);
  if (x.skipUserAccountsRpcCalls) how.push('no user account checks');
  if (how.length) summary.push({ label: 'Build', value: how.join(' · ') });
  return { summary, warnings };
}
