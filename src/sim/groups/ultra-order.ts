// GET /ultra/v1/order: parameters, router choice (pool aggregator or RFQ partners), fees and who
// pays them, and the funding checks behind errorCode 1/2/3.
import { fromBaseUnits } from '../../text/amount.js';
import { NATIVE_MINT, USDC_MINT, USDT_MINT } from '../../chain/mints.js';
import { OPERATIONS, ROUTERS } from '../../api/contract/index.js';
import type { SimCore } from '../engine/core.js';
import { STABLE_INTERMEDIATES } from '../engine/catalog.js';
import { DEX_LABELS } from '../engine/pools.js';
import type { RouteResult } from '../engine/routing.js';
import { fieldFail, labelList } from './params.js';
import { Params } from './read-request.js';
import { computeQuote } from './swap-route.js';
import { bestRfqQuote, type RfqQuote } from './ultra-rfq.js';
import { ATA_RENT_LAMPORTS, SIGNATURE_FEE_LAMPORTS } from './swap-tx.js';
import { PRIORITY_LEVEL_LAMPORTS } from './swap-body.js';

export const GASLESS_MIN_USD = 10;
export const DEFAULT_FEE_BPS = 10;
export const STABLE_FEE_BPS = 5;
export const GASLESS_EXTRA_FEE_BPS = 10;
const STABLES = new Set([USDC_MINT, USDT_MINT]);

/** The service's current name of each of the simulator's routers (theirs are the contract's names). */
export const CURRENT_NAME: Record<string, string> = {
  iris: 'metis',
  partnerz: 'jupiterz',
  partnerflow: 'dflow',
  partnerx: 'okx',
};
/** Either name of a router -> the simulator's; undefined for a name the service does not know. */
export function routerOf(name: string): string | undefined {
  if (ROUTERS.includes(name as never)) return name;
  return Object.keys(CURRENT_NAME).find((own) => CURRENT_NAME[own] === name);
}

/**
 * An order request as the simulator reads it from the query of GET /ultra/v1/order or GET
 * /swap/v2/order: amounts in base units, routers by the simulator's names. The client's request
 * shape is OrderParams in src/api/contract/ultra.ts.
 */
export interface OrderQuery {
  inputMint: string;
  outputMint: string;
  amount: bigint;
  taker?: string;
  receiver?: string;
  payer?: string;
  closeAuthority?: string;
  referralAccount?: string;
  referralFee?: number;
  routers: string[];
  excludeDexes?: Set<string>;
  // GET /swap/v2/order's own: a fixed slippage, a priority fee (a ceiling with maxCap) and a tip
  slippageBps?: number;
  priorityFeeLamports?: bigint;
  jitoTipLamports?: bigint;
  broadcastFeeType?: 'maxCap' | 'exactFee';
}

export interface OrderPlan {
  params: OrderQuery;
  router: string;
  route: RouteResult | null;
  rfq: RfqQuote | null;
  inAmount: bigint;
  /** after the fee */
  outAmount: bigint;
  feeAmount: bigint;
  feeBps: number;
  threshold: bigint;
  slippageBps: number;
  priceImpact: number;
  gasless: boolean;
  /** who pays gas and rent: payer, the gasless relayer, or the taker */
  gasPayer: string | null;
  signatureFeeLamports: bigint;
  /** the compute-unit price's part of the fees */
  prioritizationFeeLamports: bigint;
  /** a tip transfer beside it (GET /swap/v2/order's jitoTipLamports) */
  tipLamports: bigint;
  rentFeeLamports: bigint;
  errorCode?: 1 | 2 | 3;
  errorMessage?: string;
}

export function parseOrderQuery(core: SimCore, query: URLSearchParams): OrderQuery {
  const bad = fieldFail(core.kernel);
  const q = new URLSearchParams(query);
  // a taker written empty or null is no taker; closeAuthority is ignored without payer
  if (q.get('taker') === '' || q.get('taker') === 'null') q.delete('taker');
  if (!q.has('payer')) q.delete('closeAuthority');
  const {
    inputMint,
    outputMint,
    amount,
    taker,
    excludeRouters = [],
    ...p
  } = new Params(core.kernel, 'ultra').query(OPERATIONS.order, q);
  if (!core.market.token(inputMint)) bad('inputMint', 'is not a tradable token');
  if (!core.market.token(outputMint)) bad('outputMint', 'is not a tradable token');
  if (inputMint === outputMint) bad('outputMint', 'must differ from inputMint');
  if (p.referralFee !== undefined && !p.referralAccount) bad('referralFee', 'requires referralAccount');
  return {
    ...p,
    inputMint,
    outputMint,
    amount: BigInt(amount),
    taker: taker ?? undefined,
    routers: excludedRouters(excludeRouters, bad),
    excludeDexes: labelList(p.excludeDexes, 'excludeDexes', DEX_LABELS, bad),
  };
}

/**
 * The routers left to route an order after those excluded, taken by either name (the service's own
 * judgement: a name it does not know is refused in its words, which name the routers as that
 * generation does).
 */
export function excludedRouters(
  names: readonly string[],
  bad: (field: string, rule: string) => never,
  known: readonly string[] = ROUTERS,
): string[] {
  const excluded = names.map(
    (name) => routerOf(name) ?? bad('excludeRouters', `unknown router "${name}"; the routers are ${known.join(', ')}`),
  );
  return ROUTERS.filter((r) => !excluded.includes(r));
}

function sol(lamports: bigint): string {
  return fromBaseUnits(lamports, 9, { group: false });
}

/** prices the order and decides who pays; errorCode set when a transaction cannot be built */
export function planOrder(core: SimCore, p: OrderQuery, gaslessRelayer: string): OrderPlan | null {
  const m = core.market;
  const stablePair = STABLES.has(p.inputMint) && STABLES.has(p.outputMint);
  const baseFeeBps = p.referralFee ?? (stablePair ? STABLE_FEE_BPS : DEFAULT_FEE_BPS);
  const slippage = p.slippageBps ?? (stablePair ? 10 : 50);
  const iris = p.routers.includes('iris')
    ? computeQuote(core, {
        inputMint: p.inputMint,
        outputMint: p.outputMint,
        amount: p.amount,
        exactOut: false,
        slippageBps: slippage,
        platformFeeBps: 0,
        filter: { excludeDexes: p.excludeDexes, intermediates: new Set(STABLE_INTERMEDIATES), maxAccounts: 64 },
      })
    : null;
  const rfq = bestRfqQuote(core, p.inputMint, p.outputMint, p.amount, p.routers);
  if (!iris && !rfq) return null;
  const useRfq = rfq !== null && (!iris || rfq.outAmount > iris.route.outAmount);
  const gross = useRfq ? rfq.outAmount : iris!.route.outAmount;
  const receiver = p.receiver ?? p.taker;
  const rent =
    receiver && p.outputMint !== NATIVE_MINT && core.ledger.balance(receiver, p.outputMint) === 0n
      ? ATA_RENT_LAMPORTS
      : 0n;
  const auto = useRfq ? 0n : PRIORITY_LEVEL_LAMPORTS.medium;
  const asked = p.priorityFeeLamports;
  const priority = asked === undefined ? auto : p.broadcastFeeType === 'maxCap' ? (asked < auto ? asked : auto) : asked;
  const tip = p.jitoTipLamports ?? 0n;
  const signers = p.payer && p.payer !== p.taker ? 2n : 1n;
  let plan = finish(gross, baseFeeBps);
  function finish(g: bigint, feeBps: number): OrderPlan {
    const feeAmount = (g * BigInt(feeBps)) / 10000n;
    const outAmount = g - feeAmount;
    const slippageBps = useRfq ? 0 : slippage;
    return {
      params: p,
      router: useRfq ? rfq.router : 'iris',
      route: useRfq ? null : iris!.route,
      rfq: useRfq ? rfq : null,
      inAmount: p.amount,
      outAmount,
      feeAmount,
      feeBps,
      slippageBps,
      threshold: (outAmount * BigInt(10000 - slippageBps)) / 10000n,
      priceImpact: useRfq ? 0 : iris!.route.priceImpact,
      gasless: false,
      gasPayer: p.payer ?? p.taker ?? null,
      signatureFeeLamports: SIGNATURE_FEE_LAMPORTS * signers,
      prioritizationFeeLamports: priority,
      tipLamports: tip,
      rentFeeLamports: rent,
    };
  }
  if (!p.taker) return plan;
  const held = core.ledger.balance(p.taker, p.inputMint);
  if (held < p.amount) return { ...plan, errorCode: 1, errorMessage: 'Insufficient funds' };
  const gasPayer = p.payer ?? p.taker;
  const gasNeed = plan.signatureFeeLamports + plan.prioritizationFeeLamports + plan.tipLamports + rent;
  const spendable =
    core.ledger.balance(gasPayer, NATIVE_MINT) - (p.inputMint === NATIVE_MINT && gasPayer === p.taker ? p.amount : 0n);
  if (spendable >= gasNeed) return plan;
  if (p.payer || p.inputMint === NATIVE_MINT)
    return { ...plan, errorCode: 2, errorMessage: `Top up ${sol(gasNeed - spendable)} SOL for gas` };
  const usd = m.usdValue(p.inputMint, p.amount);
  if (usd < GASLESS_MIN_USD) {
    const info = m.token(p.inputMint)!;
    const minRaw = BigInt(Math.ceil((GASLESS_MIN_USD / m.priceUsd(p.inputMint)) * 10 ** info.decimals));
    return {
      ...plan,
      errorCode: 3,
      errorMessage: `Minimum ${fromBaseUnits(minRaw, info.decimals, { group: false, maxFraction: 6 })} ${info.symbol} for gasless`,
    };
  }
  plan = finish(gross, baseFeeBps + GASLESS_EXTRA_FEE_BPS);
  return { ...plan, gasless: true, gasPayer: gaslessRelayer, signatureFeeLamports: SIGNATURE_FEE_LAMPORTS * 2n };
}
