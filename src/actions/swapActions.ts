// The two ways to swap, as pipeline actions: through the order group (order with taker ->
// execute) and through the swap group (quote -> swap build -> RPC send -> signature status).
import type { ApiClient } from '../api/index.js';
import { NATIVE_MINT } from '../api/mints.js';
import type { Order, PrioritizationFee, QuoteParams, Quote, SwapResponse } from '../api/types.js';
import { priorityFeeText } from './swapForm.js';
import { describeOrderError } from '../pipeline/advice.js';
import { BuildRefusal, type ActionSpec, type Built, type Expectation } from '../pipeline/types.js';
import { answerMismatch } from './answerCheck.js';
import {
  amountText,
  expiryMs,
  impactPercent,
  orderSummary,
  quoteSummary,
  solFeeText,
  typedConfirmationFor,
  type TokenRef,
} from './describe.js';
import type { DescribedRequest } from './confirmView.js';
import { safetyConfirmation, safetySummary, type SafetyCard } from '../safety/card.js';
import type { ConfirmLine } from '../store/confirm.js';
import type { BuildExtras, OrderExtras } from './swapOptions.js';

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
  api: ApiClient;
  wallet: string;
  input: FactToken;
  output: FactToken;
  /** input amount, base units */
  amount: bigint;
  excludeDexes?: string[];
  /** receiver, payer, routers left out, referral (GET /ultra/v1/order) */
  extras?: OrderExtras;
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

/** Enter on the Swap screen and `:swap`: ultra.order with taker, then execute. */
/** A swap paying SOL may move at most the quoted input out of the wallet (wrapped for the swap). */
function solInput(inputMint: string, amount: string): Pick<Built, 'maxLamports'> {
  return inputMint === NATIVE_MINT && /^\d+$/.test(amount) ? { maxLamports: BigInt(amount) } : {};
}

export function orderSwapAction(
  p: OrderSwapInput,
): ActionSpec & { orderOf(built: Built): Order | undefined; lastOrder(): Order | undefined } {
  const orders = new WeakMap<Built, Order>();
  let last: Order | undefined;
  return {
    group: 'ultra',
    action: 'swap',
    orderOf: (built) => orders.get(built),
    lastOrder: () => last,
    async build() {
      const order = await p.api.ultra.order({
        inputMint: p.input.mint,
        outputMint: p.output.mint,
        amount: p.amount.toString(),
        taker: p.wallet,
        ...(p.excludeDexes?.length ? { excludeDexes: p.excludeDexes } : {}),
        ...p.extras,
      });
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
        answerMismatch({ input: p.input, output: p.output, amount: p.amount, mode: 'ExactIn', taker: p.wallet }, order),
      );
      const short = p.checkFunds?.(BigInt(order.inAmount));
      if (short) throw new Error(`${short}; nothing was signed`);
      const built: Built = {
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
        },
      };
      orders.set(built, order);
      last = order;
      return built;
    },
    describe(built): DescribedRequest {
      const order = orders.get(built)!;
      const pct = impactPercent(order);
      const expireAt = expiryMs(order.expireAt);
      // already past when the service answered: this computer's clock and the service's disagree
      const skewed = expireAt !== undefined && expireAt <= built.builtAt;
      const expiresAt = skewed ? undefined : expireAt;
      const extras = orderExtrasLines(p.extras ?? {});
      const warnings = [
        ...extras.warnings,
        ...(skewed
          ? [
              "The market maker's quote expiry (expireAt) was already past when the service answered, by this computer's clock: check the clock. The dialog keeps the blockhash lifetime",
            ]
          : []),
      ];
      return {
        title: `Swap ${amountText(order.inAmount, p.input)} for ${p.output.symbol} (order)`,
        lines: [],
        summary: [
          ...(p.safety ? safetySummary(p.safety) : []),
          ...withDestination(orderSummary(order, p.input, p.output, p.wallet, p.solUsd ?? undefined), extras.summary),
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
    },
  };
}

export interface RouteSwapInput {
  api: ApiClient;
  wallet: string;
  input: FactToken;
  output: FactToken;
  params: QuoteParams;
  feeAccount?: string;
  /** why this swap goes through the swap group rather than the order group (said in the dialog) */
  why?: string[];
  /** the priority fee asked for (absent: auto) */
  priorityFee?: PrioritizationFee;
  /** wrapping, where the output lands, compute units, expiry, shared accounts, account checks */
  build?: BuildExtras;
  /** the owner of build.destinationTokenAccount, as read over RPC (said in the dialog) */
  destinationOwner?: string;
  safety?: SafetyCard;
  checkFunds?(inputRaw: bigint): string | undefined;
  /** SOL's USD price (fees are in SOL), when neither side of the trade is SOL */
  solUsd?: number | null;
  now(): number;
}

/** `b` on the Swap screen: a fresh quote, swap.swap, then RPC sendTransaction. */
export function routeSwapAction(p: RouteSwapInput): ActionSpec {
  const builds = new WeakMap<Built, { quote: Quote; response: SwapResponse }>();
  return {
    group: 'swap',
    action: 'swap',
    async build() {
      const quote = await p.api.swap.quote(p.params);
      const mode = p.params.swapMode ?? 'ExactIn';
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
      const response = await p.api.swap.swap({
        userPublicKey: p.wallet,
        quoteResponse: quote,
        ...(p.feeAccount ? { feeAccount: p.feeAccount } : {}),
        ...(p.params.asLegacyTransaction ? { asLegacyTransaction: true } : {}),
        ...(p.priorityFee !== undefined && p.priorityFee !== 'auto'
          ? { prioritizationFeeLamports: p.priorityFee }
          : {}),
        ...p.build,
      });
      const built: Built = {
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
        },
      };
      builds.set(built, { quote, response });
      return built;
    },
    describe(built): DescribedRequest {
      const { quote, response } = builds.get(built)!;
      const pct = impactPercent(quote);
      const extras = buildExtrasLines(p.build ?? {}, p.wallet, p.destinationOwner);
      const warnings = [
        ...extras.warnings,
        ...(p.why?.length
          ? [
              `Through the swap group (built here, sent by RPC) because the order group cannot honour: ${p.why.join(', ')}`,
            ]
          : []),
      ];
      const slots = p.build?.blockhashSlotsToExpiry;
      return {
        title: `Swap ${amountText(quote.inAmount, p.input)} for ${p.output.symbol} (build + RPC send)`,
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
              prioritizationFeeLamports: response.prioritizationFeeLamports,
              solUsd: p.solUsd,
            }),
            extras.summary,
          ),
          {
            label: 'Priority fee',
            value: `${p.build?.computeUnitPriceMicroLamports !== undefined ? `compute unit price ${BigInt(p.build.computeUnitPriceMicroLamports).toLocaleString('en-US')} micro-lamports` : priorityFeeText(p.priorityFee ?? 'auto')} asked; ${response.prioritizationFeeLamports === undefined ? 'the build did not say what it set' : `the build set ${solFeeText(response.prioritizationFeeLamports, p.solUsd)}`}`,
          },
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
function routeExpectation(p: RouteSwapInput, quote: Quote): Pick<Built, 'expect' | 'decimals'> {
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
  if (at < 0 || away.length === 0) return [...summary, ...extras];
  const elsewhere = away.some((l) => l.emphasis === 'danger');
  const received = elsewhere ? { ...summary[at], label: 'Receiver gets' } : summary[at];
  return [...summary.slice(0, at), received, ...away, ...summary.slice(at + 1), ...rest];
}

/** About 400 ms per slot (the contract's figure for blockhashSlotsToExpiry). */
const SLOT_MS = 400;

/** The order group's options in the dialog: a receiver or payer other than this wallet said plainly, first among the warnings. */
export function orderExtrasLines(x: OrderExtras): { summary: ConfirmLine[]; warnings: string[] } {
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
  return { summary, warnings };
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
