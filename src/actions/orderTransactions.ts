// Trigger (limit) and recurring (DCA) order actions as pipeline specs: create a limit order,
// create a DCA, cancel one, cancel every open limit order (one spec per transaction of five
// cancels), and withdraw from a legacy price-based recurring order. Every one goes through
// runSigned: build -> inspect -> confirm -> journal -> sign -> execute -> outcome.
import { fromBaseUnits } from '../text/amount.js';
import type { ApiClient } from '../api/index.js';
import { formatPercent, formatPrice, formatUsd, shortAddress } from '../text/format.js';
import type { ActionSpec, Built, Expectation, ExpectedToken } from '../pipeline/types.js';
import type { ConfirmLine } from '../store/confirm.js';
import type { DescribedRequest } from './confirmView.js';
import { amountUsd, rateBothWays, TYPED_WORD, type TokenRef } from './describe.js';
import { batchProgress, consistentCount } from '../orders/batches.js';
import {
  compareWithMarket,
  DCA_FEE_BPS,
  limitRisk,
  priceSides,
  scheduleWords,
  type DcaRequest,
  type LimitRequest,
  type OrderToken,
} from './orderRequest.js';
import { durationWords } from '../text/duration.js';

interface Common {
  api: ApiClient;
  wallet: string;
  now(): number;
  /** the tokens of these mints with the chain's facts (the dialog's balance lines name them); those not known are left out */
  tokens(mints: string[]): Promise<ExpectedToken[]>;
}

export function tokenAmount(raw: bigint | string, t: Pick<OrderToken, 'decimals' | 'symbol'>): string {
  try {
    return `${fromBaseUnits(typeof raw === 'bigint' ? raw : BigInt(raw), t.decimals, { maxFraction: Math.min(t.decimals, 9) })} ${t.symbol}`;
  } catch {
    return `? ${t.symbol}`;
  }
}

function single(
  requestId: string,
  transaction: string,
  now: number,
  summary: Record<string, unknown>,
  expect: Expectation,
  decimals?: Record<string, number>,
): Built {
  return {
    requestId,
    transactions: [transaction],
    allowedSigners: [],
    builtAt: now,
    submit: 'execute',
    summary,
    expect,
    ...(decimals ? { decimals } : {}),
  };
}

/** A new order's expectation: it pays what it deposits (the making or deposit amount), and receives nothing now. */
function depositing(
  req: { input: OrderToken; output: OrderToken },
  tokens: ExpectedToken[],
  amount: bigint,
  named: string[] = [],
): { expect: Expectation; decimals: Record<string, number> } {
  return {
    expect: { tokens, pays: { [req.input.id]: amount }, receives: {}, named },
    decimals: { [req.input.id]: req.input.decimals, [req.output.id]: req.output.decimals },
  };
}

/** A cancel's or withdrawal's expectation: it pays nothing but the fees and may get back the order's mints. */
async function returning(p: Pick<Common, 'tokens'>, mints: string[] | undefined): Promise<Expectation> {
  const known = mints?.filter((m) => m !== '') ?? [];
  return { tokens: await p.tokens(known), pays: {}, receives: {}, mayReceive: mints ? known : 'any' };
}

const ref = (t: OrderToken): TokenRef => ({ mint: t.id, symbol: t.symbol, decimals: t.decimals, usdPrice: t.usdPrice });

/** "1 GOLLA = 0.45 USDC · 1 USDC = 2.2222 GOLLA": the price of the order's amounts, base first. */
export function limitPriceBothWays(
  r: Pick<LimitRequest, 'input' | 'output' | 'making' | 'taking' | 'priceUnit'>,
): string {
  const { base } = priceSides(r);
  const [baseRaw, baseTok, quoteRaw, quoteTok] =
    base.id === r.input.id ? [r.making, r.input, r.taking, r.output] : [r.taking, r.output, r.making, r.input];
  return rateBothWays(String(baseRaw), String(quoteRaw), ref(baseTok), ref(quoteTok));
}

/** A computeUnitPrice as the dialogs say it. */
export function priorityFeeText(computeUnitPrice: string): string {
  return computeUnitPrice === 'auto'
    ? 'auto (95th percentile of recent fees)'
    : `${computeUnitPrice} microlamports per compute unit`;
}

/** The limit price both ways and its distance from the market, as the dialog and the form show them. */
export function limitPriceLines(r: Pick<LimitRequest, 'input' | 'output' | 'making' | 'taking' | 'priceUnit'>): {
  lines: ConfirmLine[];
  warnings: string[];
  typed?: string;
} {
  const m = compareWithMarket(r);
  const lines: ConfirmLine[] = [{ label: 'Limit price', value: limitPriceBothWays(r) }];
  const warnings: string[] = [];
  if (m.marketPrice === undefined || m.pctFromMarket === undefined || m.pricePct === undefined) {
    lines.push({ label: 'Market price', value: 'unknown (no USD price in the token list)', emphasis: 'warn' });
    return { lines, warnings };
  }
  const quotePerBase = m.base.id === r.input.id ? m.marketPrice : 1 / m.marketPrice;
  const pp = m.pricePct;
  const risk = limitRisk(m);
  lines.push({
    label: 'Market price',
    value: `1 ${m.base.symbol} = ${formatPrice(quotePerBase)} ${m.quote.symbol} (token list USD prices)`,
  });
  lines.push({
    label: 'From market',
    value: `${formatPercent(pp, { signed: true })} (${pp >= 0 ? 'above' : 'below'} market)${m.worse ? `: fills at once, ${formatPercent(Math.abs(m.pctFromMarket))} less than at the market` : ''}`,
    emphasis: risk ? 'danger' : m.worse ? 'warn' : undefined,
  });
  if (risk) warnings.push(`Type yes to place it: ${risk}.`);
  else if (m.worse)
    warnings.push(
      `The limit is ${formatPercent(Math.abs(m.pctFromMarket))} worse than the market: it would fill at once, at a loss against trading at the market price.`,
    );
  return { lines, warnings, ...(risk ? { typed: TYPED_WORD } : {}) };
}

/** `:limit` and the form: trigger createOrder -> trigger execute. */
export function createLimitAction(
  p: Common & {
    req: LimitRequest;
    facts: ExpectedToken[];
    /** the new order's key, once the service named it */
    onOrder?(key: string): void;
  },
): ActionSpec {
  const { req } = p;
  const orders = new WeakMap<Built, string | undefined>();
  return {
    group: 'trigger',
    action: 'create-limit',
    async build() {
      const res = await p.api.trigger.create({
        inputMint: req.input.id,
        outputMint: req.output.id,
        maker: p.wallet,
        payer: p.wallet,
        params: {
          makingAmount: req.making.toString(),
          takingAmount: req.taking.toString(),
          ...(req.expiredAtSec !== undefined ? { expiredAt: String(req.expiredAtSec) } : {}),
          ...(req.slippageBps !== undefined ? { slippageBps: String(req.slippageBps) } : {}),
        },
        computeUnitPrice: req.computeUnitPrice,
        ...(req.feeAccount !== undefined ? { feeAccount: req.feeAccount } : {}),
        ...(req.wrapAndUnwrapSol !== undefined ? { wrapAndUnwrapSol: req.wrapAndUnwrapSol } : {}),
      });
      const { expect, decimals } = depositing(req, p.facts, req.making, req.feeAccount ? [req.feeAccount] : []);
      const built = single(
        res.requestId,
        res.transaction,
        p.now(),
        {
          pay: tokenAmount(req.making, req.input),
          receive: tokenAmount(req.taking, req.output),
          inputMint: req.input.id,
          outputMint: req.output.id,
          makingAmount: req.making.toString(),
          takingAmount: req.taking.toString(),
          expiredAt: req.expiredAtSec ?? null,
          ...(req.feeAccount !== undefined ? { feeAccount: req.feeAccount } : {}),
          ...(req.wrapAndUnwrapSol !== undefined ? { wrapAndUnwrapSol: req.wrapAndUnwrapSol } : {}),
          order: res.order ?? null,
        },
        expect,
        decimals,
      );
      orders.set(built, typeof res.order === 'string' ? res.order : undefined);
      if (typeof res.order === 'string') p.onOrder?.(res.order);
      return built;
    },
    describe(built): DescribedRequest {
      const { lines, warnings, typed } = limitPriceLines(req);
      const buying = priceSides(req).base.id === req.output.id;
      return {
        title: buying
          ? `Limit order: buy ${tokenAmount(req.taking, req.output)} for ${tokenAmount(req.making, req.input)}`
          : `Limit order: sell ${tokenAmount(req.making, req.input)} for ${tokenAmount(req.taking, req.output)}`,
        lines: [],
        ...(typed ? { typedConfirmation: typed } : {}),
        summary: [
          { label: 'You pay', value: `${amountUsd(req.making, ref(req.input))}, held by the order until it fills` },
          { label: 'You receive', value: `${amountUsd(req.taking, ref(req.output))} when it fills completely` },
          ...lines,
          { label: 'Expiry', value: req.expiryText },
          {
            label: 'Slippage',
            value:
              req.slippageBps !== undefined
                ? `${formatPercent(req.slippageBps / 100)} when it fills`
                : "the service's default",
          },
          { label: 'Priority fee', value: priorityFeeText(req.computeUnitPrice) },
          ...(req.feeAccount !== undefined
            ? [{ label: 'Fee account', value: `${req.feeAccount} (collects the referral fee)` }]
            : []),
          ...(req.wrapAndUnwrapSol !== undefined
            ? [
                {
                  label: 'SOL',
                  value: req.wrapAndUnwrapSol
                    ? 'wrap on: wrapped and unwrapped for you'
                    : 'wrap off: the order uses your wSOL account',
                },
              ]
            : []),
          { label: 'Order account', value: orders.get(built) ?? '—' },
        ],
        warnings,
        confirmLabel: 'Sign and place the order',
        ages: 'transaction',
      };
    },
  };
}

/** `:dca` and the form: recurring createOrder (time) -> recurring execute. */
export function createDcaAction(p: Common & { req: DcaRequest; facts: ExpectedToken[] }): ActionSpec {
  const { req } = p;
  return {
    group: 'recurring',
    action: 'create-dca',
    async build() {
      const res = await p.api.recurring.create({
        user: p.wallet,
        inputMint: req.input.id,
        outputMint: req.output.id,
        params: {
          time: {
            inAmount: req.inAmount.toString(),
            numberOfOrders: req.numberOfOrders,
            interval: req.intervalSec,
            ...(req.startAtSec !== undefined ? { startAt: req.startAtSec } : {}),
          },
        },
      });
      const { expect, decimals } = depositing(req, p.facts, req.inAmount);
      return single(
        res.requestId,
        res.transaction,
        p.now(),
        {
          pay: tokenAmount(req.inAmount, req.input),
          inputMint: req.input.id,
          outputMint: req.output.id,
          inAmount: req.inAmount.toString(),
          numberOfOrders: req.numberOfOrders,
          interval: req.intervalSec,
          ...(req.startAtSec !== undefined ? { startAt: req.startAtSec } : {}),
        },
        expect,
        decimals,
      );
    },
    describe(): DescribedRequest {
      const warnings =
        req.totalUsd === undefined
          ? [
              `No USD price for ${req.input.symbol}: the service's minimums (${formatUsd(100)} in total, ${formatUsd(50)} per order) could not be checked here.`,
            ]
          : [];
      return {
        // the schedule in words is the title: the one line the dialog never cuts short
        title: scheduleWords(req),
        lines: [],
        summary: [
          {
            label: 'DCA',
            value: `${tokenAmount(req.inAmount, req.input)} into ${req.output.symbol} (recurring, time-based)`,
          },
          { label: 'You deposit', value: `${amountUsd(req.inAmount, ref(req.input))} now, held by the order` },
          { label: 'Per order', value: `${amountUsd(req.perCycle, ref(req.input))}, bought at the market price` },
          {
            label: 'Keeper fee',
            value: `${formatPercent(DCA_FEE_BPS / 100)} of what each order buys, kept by the service${req.perOrderUsd !== undefined ? ` (≈ ${formatUsd((req.perOrderUsd * DCA_FEE_BPS) / 10_000)} an order)` : ''}; the keeper pays the network fees`,
          },
          { label: 'Interval', value: `${durationWords(req.intervalSec)} (sent as ${req.intervalSec} seconds)` },
          ...(req.startAtSec !== undefined
            ? [{ label: 'First order', value: `${req.startText} (startAt ${req.startAtSec}, unix seconds)` }]
            : []),
          {
            label: 'Minimums',
            value: `${formatUsd(100)} total, 2 orders, ${formatUsd(50)} per order: ${req.totalUsd === undefined ? 'not checked' : 'met'}`,
          },
        ],
        warnings,
        confirmLabel: 'Sign and start the DCA',
        ages: 'transaction',
      };
    },
  };
}

export interface OrderLabel {
  key: string;
  /** the order's input and output mints (what a cancel may return) */
  mints?: string[];
  /** "2 SOL → USDC" */
  text: string;
  /** what identifies the order in its cancel dialog: pair, amounts, price, expiry */
  facts?: ConfirmLine[];
}

/** A cancel's dialog: its buttons say which keeps the order and which signs; nothing in it is a quote. */
const CANCEL_BUTTONS = {
  confirmLabel: 'Sign the cancel',
  cancelLabel: 'Keep the order',
  ages: 'transaction',
} as const;

/** `x` on a limit order and `:cancel`: trigger cancelOrder at the given compute unit price. */
export function cancelLimitAction(p: Common & { order: OrderLabel; computeUnitPrice: string }): ActionSpec {
  return {
    group: 'trigger',
    action: 'cancel-limit',
    async build() {
      const res = await p.api.trigger.cancel({
        maker: p.wallet,
        order: p.order.key,
        computeUnitPrice: p.computeUnitPrice,
      });
      return single(
        res.requestId,
        res.transaction,
        p.now(),
        { order: p.order.key, label: p.order.text },
        await returning(p, p.order.mints),
      );
    },
    describe: (): DescribedRequest => ({
      title: `Cancel limit order ${p.order.text}`,
      lines: [],
      summary: [
        ...(p.order.facts ?? []),
        { label: 'Order', value: p.order.key },
        { label: 'Effect', value: 'closes the order; what is not filled returns to your wallet' },
        { label: 'Priority fee', value: priorityFeeText(p.computeUnitPrice) },
      ],
      ...CANCEL_BUTTONS,
    }),
  };
}

/** `x` on a DCA and `:cancel`: recurring cancelOrder with the order's recurringType. */
export function cancelDcaAction(p: Common & { order: OrderLabel; recurringType: 'time' | 'price' }): ActionSpec {
  return {
    group: 'recurring',
    action: 'cancel-dca',
    async build() {
      const res = await p.api.recurring.cancel({ order: p.order.key, recurringType: p.recurringType, user: p.wallet });
      return single(
        res.requestId,
        res.transaction,
        p.now(),
        { order: p.order.key, recurringType: p.recurringType, label: p.order.text },
        await returning(p, p.order.mints),
      );
    },
    describe: (): DescribedRequest => ({
      title: `Cancel ${p.recurringType === 'price' ? 'legacy price-based' : 'DCA'} order ${p.order.text}`,
      lines: [],
      summary: [
        ...(p.order.facts ?? []),
        { label: 'Order', value: p.order.key },
        { label: 'Type', value: p.recurringType === 'price' ? 'price (legacy, deprecated)' : 'time' },
        { label: 'Effect', value: 'stops further buys; what is not used returns to your wallet' },
      ],
      ...CANCEL_BUTTONS,
    }),
  };
}

/** `w` on a legacy price-based recurring order: priceWithdraw (In or Out, an amount or all). */
export function priceWithdrawAction(
  p: Common & { order: OrderLabel; side: 'In' | 'Out'; amount?: bigint; token?: OrderToken },
): ActionSpec {
  return {
    group: 'recurring',
    action: 'price-withdraw',
    async build() {
      const res = await p.api.recurring.priceWithdraw({
        inputOrOutput: p.side,
        order: p.order.key,
        user: p.wallet,
        ...(p.amount !== undefined ? { amount: p.amount.toString() } : {}),
      });
      return single(
        res.requestId,
        res.transaction,
        p.now(),
        { order: p.order.key, side: p.side, amount: p.amount?.toString() ?? 'all' },
        await returning(p, p.token ? [p.token.id] : p.order.mints),
      );
    },
    describe: (): DescribedRequest => ({
      title: `Withdraw from legacy order ${p.order.text}`,
      lines: [],
      summary: [
        { label: 'Order', value: `${p.order.key} (legacy price-based)` },
        {
          label: 'Withdraw',
          value: `${p.side === 'In' ? 'the unused input' : 'the received output'}: ${p.amount === undefined ? 'all of it' : p.token ? tokenAmount(p.amount, p.token) : `${p.amount} base units`}`,
        },
      ],
      confirmLabel: 'Sign and withdraw',
      cancelLabel: 'Keep it',
      ages: 'transaction',
    }),
  };
}

/** One cancelOrders answer shared by the batches of a cancel-all. */
export interface CancelAllPlan {
  requestId?: string;
  transactions: string[];
  builtAt: number;
  /** open orders known when the plan was made (for the dialog); undefined when not known */
  openOrders?: number;
  /** the open orders listed when the plan was made (the dialog lists them; some of many may be missing) */
  orders?: OrderLabel[];
  /** a batch had to ask again: the rest ask again too (the first answer may name closed orders) */
  refetched: boolean;
  /** computeUnitPrice of every cancel transaction */
  computeUnitPrice: string;
}

async function fetchPlan(p: Common, plan: CancelAllPlan): Promise<void> {
  const res = await p.api.trigger.cancelMany({ maker: p.wallet, computeUnitPrice: plan.computeUnitPrice });
  plan.requestId = res.requestId;
  plan.transactions = res.transactions.slice();
  plan.builtAt = p.now();
}

/**
 * Transaction `index` of a cancel-all. The first batch asks cancelOrders (no `orders`: every open
 * order, five per transaction); later batches use the same answer while it is fresh. A batch built
 * again (aged out in the dialog, or a retry) asks again and takes the first transaction of what is
 * still open.
 */
export function cancelAllBatchAction(
  p: Common & {
    plan: CancelAllPlan;
    index: number;
    /** the open orders' mints, when the list is known */ mints?: string[];
  },
): ActionSpec {
  let calls = 0;
  return {
    group: 'trigger',
    action: 'cancel-all-limit',
    async build() {
      const first = calls++ === 0;
      const { plan } = p;
      let tx: string | undefined;
      if (first && !plan.refetched && plan.requestId === undefined && p.index === 0) await fetchPlan(p, plan);
      if (first && !plan.refetched && plan.requestId !== undefined) tx = plan.transactions[p.index];
      if (tx === undefined) {
        plan.refetched = true;
        await fetchPlan(p, plan);
        tx = plan.transactions[0];
      }
      if (tx === undefined || plan.requestId === undefined)
        throw new Error('the service returned no cancel transaction: no open limit orders are left');
      return {
        requestId: plan.requestId,
        transactions: [tx],
        allowedSigners: [],
        builtAt: plan.builtAt,
        submit: 'execute',
        summary: { batch: p.index + 1, of: plan.transactions.length },
        expect: await returning(p, p.mints),
      };
    },
    describe(): DescribedRequest {
      const n = p.plan.refetched ? undefined : p.plan.transactions.length;
      const orders = p.plan.openOrders;
      const known = n === undefined ? undefined : consistentCount(orders, n);
      const summary: ConfirmLine[] = [
        {
          label: 'Cancel all',
          value: `${orders !== undefined ? `${orders} open limit orders` : 'every open limit order'}${n !== undefined ? ` in ${n} transaction${n === 1 ? '' : 's'} (up to 5 orders each)` : ''}`,
        },
        {
          label: 'This one',
          value:
            n !== undefined
              ? `transaction ${p.index + 1} of ${n}: ${batchProgress(p.index, n, known)}`
              : 'the next up to 5 open orders',
        },
        // the first dialog lists what the run cancels; the next ones say where they are in it
        ...(p.index === 0 ? orderLines(p.plan.orders ?? [], 'Open orders') : []),
        ...(p.index === 0 && orders !== undefined && (p.plan.orders?.length ?? 0) < orders
          ? [{ label: '', value: `and ${orders - (p.plan.orders?.length ?? 0)} more (not listed here)` }]
          : []),
        { label: 'Effect', value: 'closes the orders; what is not filled returns to your wallet' },
        { label: 'Priority fee', value: priorityFeeText(p.plan.computeUnitPrice) },
        { label: 'Maker', value: shortAddress(p.wallet, 6, 6) },
      ];
      return {
        title: `Cancel all limit orders: transaction ${p.index + 1}${n !== undefined ? ` of ${n}` : ''}`,
        lines: [],
        summary,
        ...CANCEL_BUTTONS,
        cancelLabel: 'Keep the orders',
      };
    },
  };
}

/** One line per order, its amounts and key: what each was to receive tells apart orders of one pair. */
function orderLines(orders: readonly OrderLabel[], label: string): ConfirmLine[] {
  return orders.map((o, i) => {
    const wanted = o.facts?.find((f) => f.label === 'For')?.value.split(' ≈ ')[0];
    return {
      label: i === 0 ? label : '',
      value: `${o.text}${wanted && wanted !== '—' ? ` for ${wanted}` : ''} · ${shortAddress(o.key, 6, 6)}`,
    };
  });
}

/**
 * One batch (up to five) of the chosen limit orders: cancelOrders with `orders` naming them, which
 * answers one transaction for them.
 */
export function cancelMarkedBatchAction(
  p: Common & { orders: OrderLabel[]; progress: string; index: number; of: number; computeUnitPrice: string },
): ActionSpec {
  return {
    group: 'trigger',
    action: 'cancel-limits',
    async build() {
      const keys = p.orders.map((o) => o.key);
      const res = await p.api.trigger.cancelMany({
        maker: p.wallet,
        orders: keys,
        computeUnitPrice: p.computeUnitPrice,
      });
      const [only] = res.transactions;
      if (only === undefined || res.transactions.length !== 1) {
        throw new Error(
          `the service answered ${res.transactions.length} transactions for ${keys.length} orders (one was expected): nothing was signed`,
        );
      }
      return {
        requestId: res.requestId,
        transactions: [only],
        allowedSigners: [],
        builtAt: p.now(),
        submit: 'execute',
        summary: { orders: keys, batch: p.index + 1, of: p.of },
        expect: await returning(p, p.orders.some((o) => !o.mints) ? undefined : p.orders.flatMap((o) => o.mints ?? [])),
      };
    },
    describe: (): DescribedRequest => ({
      title: `Cancel limit orders: ${p.progress}${p.of > 1 ? ` (transaction ${p.index + 1} of ${p.of})` : ''}`,
      lines: [],
      summary: [
        ...orderLines(p.orders, 'Orders'),
        { label: 'Effect', value: 'closes the orders; what is not filled returns to your wallet' },
        { label: 'Priority fee', value: priorityFeeText(p.computeUnitPrice) },
      ],
      ...CANCEL_BUTTONS,
      cancelLabel: p.orders.length > 1 ? 'Keep the orders' : 'Keep the order',
    }),
  };
}
