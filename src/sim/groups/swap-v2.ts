// The service's current swap generation: GET /swap/v2/order and POST /swap/v2/execute on the engine
// of GET /ultra/v1/order (the same plan, transaction and landing), differing where the service
// does: its routers are named metis, jupiterz, dflow and okx (the contract's names are still
// taken); slippageBps, priorityFeeLamports, jitoTipLamports and broadcastFeeType are parameters and
// make `mode` "manual"; closeAuthority is ignored; an integrator payer routes through metis only;
// execute answers the codes of its own list (no -1005, -1006 or program codes) and takes back the
// order's lastValidBlockHeight. GET /swap/v2/build (./swap-v2-build.ts) gives the raw instructions.
import { OPERATIONS, ROUTERS_V2 } from '../../api/contract/index.js';
import type { Order, OrderV2 } from '../../api/types.js';
import type { SimKernel, SimSubmitResult } from '../engine/kernel.js';
import { coreOf, type SimCore } from '../engine/core.js';
import { SimError } from '../engine/errors.js';
import { seededAddress } from '../engine/random.js';
import { DEX_LABELS } from '../engine/pools.js';
import { fieldFail, labelList } from './params.js';
import { Params } from './read-request.js';
import { buildOrderTransaction, executeOutcome, orderBody } from './ultra.js';
import { CURRENT_NAME, excludedRouters, planOrder, type OrderQuery, type OrderPlan } from './ultra-order.js';
import { registerBuild } from './swap-v2-build.js';
import { REQUEST_TTL_MS } from '../engine/requests.js';
import { paperOf } from './paper-market.js';

const SWAP_TYPE: Record<string, string> = {
  iris: 'aggregator',
  partnerz: 'rfq',
  partnerflow: 'dflow',
  partnerx: 'okx',
};

/** The order's own execute codes: an aggregator's and an RFQ route's failures are told apart. */
export const V2_CODES = {
  aggregatorNotLanded: -1000,
  aggregatorUnknown: -1001,
  aggregatorBlockHeight: -1004,
  rfqNotLanded: -2000,
  rfqUnknown: -2001,
  rfqExpired: -2003,
} as const;

/** What the engine's result code is in the order's own list of codes. */
function v2Code(code: number, rfq: boolean): number {
  if (code === 0 || code === -1 || code === -2 || code === -3) return code;
  if (code === -1005) return rfq ? V2_CODES.rfqExpired : V2_CODES.aggregatorBlockHeight;
  if (code === -1006) return rfq ? V2_CODES.rfqNotLanded : V2_CODES.aggregatorNotLanded;
  // an on-chain failure (slippage, funds): the list has no program codes, the text says what happened
  return rfq ? V2_CODES.rfqUnknown : V2_CODES.aggregatorUnknown;
}

interface Issued {
  rfq: boolean;
  lastValidBlockHeight: number;
  atMs: number;
}

function readParams(core: SimCore, query: URLSearchParams): { params: OrderQuery; manual: boolean } {
  const bad = fieldFail(core.kernel);
  const q = new URLSearchParams(query);
  // a taker written empty or null is no taker
  if (q.get('taker') === '' || q.get('taker') === 'null') q.delete('taker');
  const read = new Params(core.kernel, 'swap-v2').query(OPERATIONS.swapV2Order, q);
  const { inputMint, outputMint, amount, taker, excludeRouters = [], ...p } = read;
  if (!core.market.token(inputMint)) bad('inputMint', 'is not a tradable token');
  if (!core.market.token(outputMint)) bad('outputMint', 'is not a tradable token');
  // an integrator paying the fees routes through metis alone
  const integratorPays = p.payer !== undefined && p.payer !== taker;
  const routers = excludedRouters(excludeRouters, bad, ROUTERS_V2).filter((r) => !integratorPays || r === 'iris');
  const OPTIONAL = [
    'receiver',
    'slippageBps',
    'referralAccount',
    'referralFee',
    'payer',
    'priorityFeeLamports',
    'jitoTipLamports',
    'broadcastFeeType',
    'excludeRouters',
    'excludeDexes',
  ] as const;
  return {
    params: {
      inputMint,
      outputMint,
      amount: BigInt(amount),
      taker: taker ?? undefined,
      receiver: p.receiver,
      payer: p.payer,
      referralAccount: p.referralAccount,
      referralFee: p.referralFee,
      routers,
      excludeDexes: labelList(p.excludeDexes, 'excludeDexes', DEX_LABELS, bad),
      slippageBps: p.slippageBps,
      priorityFeeLamports: p.priorityFeeLamports === undefined ? undefined : BigInt(p.priorityFeeLamports),
      jitoTipLamports: p.jitoTipLamports === undefined ? undefined : BigInt(p.jitoTipLamports),
      broadcastFeeType: p.broadcastFeeType,
    },
    // the service says "manual" once an optional parameter is used (its examples: slippageBps,
    // referralAccount, payer); which ones count is not listed, so every one but taker does
    manual: OPTIONAL.some((k) => read[k] !== undefined),
  };
}

/** The first generation's answer, in the names and forms of the current one. */
function v2Answer(order: Order, plan: OrderPlan, manual: boolean, lastValid?: number): OrderV2 {
  const router = CURRENT_NAME[plan.router] ?? plan.router;
  const out: OrderV2 = {
    ...order,
    mode: manual ? 'manual' : 'ultra',
    router,
    swapType: SWAP_TYPE[plan.router] ?? 'aggregator',
    platformFee: { amount: plan.feeAmount.toString(), feeBps: plan.feeBps, feeMint: order.feeMint },
    routePlan: plan.rfq
      ? order.routePlan?.map((step) => ({ ...step, swapInfo: { ...step.swapInfo, label: router } }))
      : order.routePlan,
    ...(lastValid !== undefined ? { lastValidBlockHeight: String(lastValid) } : {}),
    ...(order.errorMessage ? { error: order.errorMessage } : {}),
  };
  return out;
}

export function register(kernel: SimKernel): void {
  const core = coreOf(kernel);
  // the relayer and fee collector of the first generation's orders: one engine
  const relayer = kernel.tx.simSigner('gasless-relayer');
  const feeCollector = seededAddress(kernel.seed, 'ultra-fee-collector');
  const issued = new Map<string, Issued>();
  const sweep = () => {
    const now = kernel.clock.nowMs();
    for (const [id, i] of issued) if (now - i.atMs > REQUEST_TTL_MS) issued.delete(id);
  };

  kernel.router.add('GET', '/swap/v2/order', 'swap-v2', async (req) => {
    try {
      const started = performance.now();
      const paper = paperOf(core);
      if (paper) await paper.ensure([req.query.get('inputMint') ?? '', req.query.get('outputMint') ?? '']);
      const { params, manual } = readParams(core, req.query);
      const plan = paper
        ? await paper.planOrder(params, planOrder(core, params, relayer))
        : planOrder(core, params, relayer);
      if (!plan) return kernel.fail({ status: 400, message: 'No routes found for the input and output mints' });
      if (!params.taker || plan.errorCode) {
        const requestId = kernel.requests.create('swap-v2', []);
        const body = orderBody(core, plan, params.taker ? '' : null, requestId, started);
        return { status: 200, body: v2Answer(body, plan, manual) };
      }
      const built = await buildOrderTransaction(core, plan, relayer, feeCollector);
      const requestId = kernel.requests.create('swap-v2', [built.base64]);
      sweep();
      issued.set(requestId, {
        rfq: plan.rfq !== null,
        lastValidBlockHeight: built.lastValidBlockHeight,
        atMs: kernel.clock.nowMs(),
      });
      const body = orderBody(core, plan, built.base64, requestId, started, built.lastValidBlockHeight);
      return { status: 200, body: v2Answer(body, plan, manual, built.lastValidBlockHeight) };
    } catch (e) {
      // every refusal of the order carries a requestId, as the service's do
      if (e instanceof SimError && e.init.requestId === undefined) e.init.requestId = kernel.ids.uuid();
      throw e;
    }
  });

  kernel.router.add('POST', '/swap/v2/execute', 'swap-v2', (req) => {
    // a broken signedTransaction answers code -2 (invalid signed transaction), a broken requestId -1 (unknown request)
    const p = new Params(kernel, 'swap-v2', (field) => ({ code: field === 'requestId' ? -1 : -2 }));
    const { requestId, signedTransaction, lastValidBlockHeight } = p.request(OPERATIONS.swapV2Execute, req.body);
    const order = issued.get(requestId);
    const rfq = order?.rfq ?? false;
    let r: SimSubmitResult;
    let code: number;
    // "for nonce validation": a height that is not the order's is refused before anything lands
    if (order && lastValidBlockHeight !== undefined && lastValidBlockHeight !== String(order.lastValidBlockHeight)) {
      code = rfq ? V2_CODES.rfqNotLanded : V2_CODES.aggregatorBlockHeight;
      r = {
        code,
        status: 'Failed',
        signature: '',
        slot: kernel.clock.slot(),
        error: `invalid block height: lastValidBlockHeight ${lastValidBlockHeight} is not the order's (${order.lastValidBlockHeight})`,
      };
    } else {
      r = kernel.requests.execute('swap-v2', requestId, signedTransaction);
      code = v2Code(r.code, rfq);
    }
    return {
      status: 200,
      body: { status: r.status, code, ...(r.signature ? { signature: r.signature } : {}), ...executeOutcome(r) },
    };
  });

  registerBuild(kernel);
}
