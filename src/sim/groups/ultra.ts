// Order group: GET /ultra/v1/order (quote + unsigned transaction under a requestId) and
// POST /ultra/v1/execute (signed transaction -> landed swap, idempotent per requestId).
import { NATIVE_MINT } from '../../chain/mints.js';
import { OPERATIONS } from '../../api/contract/index.js';
import type { Order } from '../../api/types.js';
import type { SimInstruction, SimKernel, SimSubmitResult } from '../engine/kernel.js';
import { coreOf, type SimCore } from '../engine/core.js';
import { seededAddress } from '../engine/random.js';
import { addressBytes } from '../engine/signing.js';
import { associatedTokenAddress } from '../engine/ata.js';
import { routePlanJson } from './swap-route.js';
import { tipAccount } from './swap.js';
import { executeSwap } from './swap-exec.js';
import { executeRfq } from './ultra-rfq.js';
import { allInstructions, ATA_RENT_LAMPORTS, SIGNATURE_FEE_LAMPORTS, swapInstructions } from './swap-tx.js';
import { parseOrderQuery, planOrder, type OrderPlan } from './ultra-order.js';
import { Params } from './read-request.js';
import { Variability } from '../engine/variability.js';
import { paperOf } from './paper-market.js';

const RELAYER_FLOAT_LAMPORTS = 1_000_000n * 1_000_000_000n;

/** The order's transaction (GET /ultra/v1/order and GET /swap/v2/order build it alike). */
export async function buildOrderTransaction(
  core: SimCore,
  plan: OrderPlan,
  relayer: string,
  feeCollector: string,
): Promise<{ base64: string; lastValidBlockHeight: number }> {
  const p = plan.params;
  const taker = p.taker!;
  const receiver = p.receiver ?? taker;
  const feePayer = plan.gasPayer!;
  const info = (mint: string) => core.market.token(mint)!;
  const cuLimit = plan.route ? 60_000 + 70_000 * plan.route.paths.reduce((n, x) => n + x.pools.length, 0) : 120_000;
  const cuPrice = (plan.prioritizationFeeLamports * 1_000_000n + BigInt(cuLimit) - 1n) / BigInt(cuLimit);
  const outProgram = info(p.outputMint).tokenProgram;
  const set = await swapInstructions({
    user: taker,
    feePayer,
    inputMint: p.inputMint,
    outputMint: p.outputMint,
    inTokenProgram: info(p.inputMint).tokenProgram,
    outTokenProgram: outProgram,
    specs: plan.route ? plan.route.paths : [],
    inAmount: plan.inAmount,
    quotedOut: plan.threshold,
    slippageBps: plan.slippageBps,
    platformFeeBps: Math.min(255, plan.feeBps),
    feeAccount: p.referralAccount,
    destinationTokenAccount:
      receiver !== taker && p.outputMint !== NATIVE_MINT
        ? await associatedTokenAddress(receiver, p.outputMint, outProgram)
        : undefined,
    nativeDestinationAccount: receiver !== taker && p.outputMint === NATIVE_MINT ? receiver : undefined,
    wrapAndUnwrapSol: true,
    cuLimit,
    cuPriceMicroLamports: cuPrice,
    extraAccounts: plan.rfq ? [plan.rfq.maker] : [],
    tip: plan.tipLamports > 0n ? { account: tipAccount(core), lamports: plan.tipLamports } : undefined,
  });
  const extra: SimInstruction[] = [];
  if (p.closeAuthority && p.closeAuthority !== taker && p.outputMint !== NATIVE_MINT) {
    const ata = await associatedTokenAddress(receiver, p.outputMint, outProgram);
    // SetAuthority(CloseAccount) on the created output account
    extra.push({
      programId: outProgram,
      accounts: [
        { pubkey: ata, isSigner: false, isWritable: true },
        { pubkey: receiver, isSigner: receiver === taker, isWritable: false },
      ],
      data: new Uint8Array([6, 3, 1, ...addressBytes(p.closeAuthority)]),
    });
  }
  const signerCount = feePayer === taker ? 1n : 2n;
  const networkFee = () =>
    SIGNATURE_FEE_LAMPORTS * signerCount +
    plan.prioritizationFeeLamports +
    plan.tipLamports +
    (p.outputMint !== NATIVE_MINT && core.ledger.balance(receiver, p.outputMint) === 0n ? ATA_RENT_LAMPORTS : 0n);
  const feeRecipient = p.referralAccount ?? feeCollector;
  const effect = () =>
    plan.rfq
      ? executeRfq(core, {
          trader: taker,
          receiver,
          feePayer,
          networkFeeLamports: networkFee(),
          inputMint: p.inputMint,
          outputMint: p.outputMint,
          inAmount: plan.inAmount,
          outAmount: plan.outAmount,
          feeAmount: plan.feeAmount,
          feeRecipient,
          maker: plan.rfq.maker,
        })
      : executeSwap(core, {
          trader: taker,
          receiver,
          feePayer,
          networkFeeLamports: networkFee(),
          inputMint: p.inputMint,
          outputMint: p.outputMint,
          exactOut: false,
          specs: plan.route!.paths,
          amount: plan.inAmount,
          threshold: plan.threshold,
          feeBps: plan.feeBps,
          feeRecipient,
        });
  return core.kernel.tx.build({
    feePayer,
    instructions: [...allInstructions(set), ...extra],
    effect,
    chargesFees: true,
    simSigners: feePayer === relayer ? [relayer] : [],
  });
}

/**
 * The order as the real service varies it (stable per requestId): RFQ routes leave out
 * `signatureFeePayer`; `platformFee` comes as `{amount, feeBps}`, as `{feeBps, feeMint}` without
 * amount, or not at all; USD values are sometimes null; some answers carry fields the contract
 * does not show.
 */
function varyOrder(v: Variability, order: Order, rfq: boolean): Order {
  const out: Record<string, unknown> = { ...order };
  const id = order.requestId;
  if (rfq) delete out.signatureFeePayer;
  const shape = v.pick(id, 'platform-fee-shape', 10);
  if (shape >= 5 && shape < 8) out.platformFee = { feeBps: order.platformFee?.feeBps, feeMint: order.feeMint };
  else if (shape >= 8) delete out.platformFee;
  if (v.chance(id, 'usd-null', 0.2)) out.swapUsdValue = null;
  if (v.chance(id, 'extra', 0.5)) out.feeBreakdown = { platform: order.platformFee?.amount ?? '0', referral: '0' };
  return out as Order;
}

/** The order's answer as GET /ultra/v1/order gives it (GET /swap/v2/order names a few things its own way). */
export function orderBody(
  core: SimCore,
  plan: OrderPlan,
  transaction: string | null,
  requestId: string,
  started: number,
  lastValid?: number,
): Order {
  const p = plan.params;
  const m = core.market;
  const payerOrNull = (v: string | null) => (p.taker || p.payer ? v : null);
  const inUsd = m.usdValue(p.inputMint, plan.inAmount);
  const outUsd = m.usdValue(p.outputMint, plan.outAmount);
  const fraction = plan.priceImpact.toFixed(10).replace(/0+$/, '').replace(/\.$/, '');
  return {
    mode: 'ultra',
    inputMint: p.inputMint,
    outputMint: p.outputMint,
    inAmount: plan.inAmount.toString(),
    outAmount: plan.outAmount.toString(),
    otherAmountThreshold: plan.threshold.toString(),
    swapMode: 'ExactIn',
    slippageBps: plan.slippageBps,
    priceImpactPct: fraction,
    priceImpact: -Math.round(plan.priceImpact * 1e8) / 1e6,
    inUsdValue: Math.round(inUsd * 1e6) / 1e6,
    outUsdValue: Math.round(outUsd * 1e6) / 1e6,
    swapUsdValue: Math.round(inUsd * 1e6) / 1e6,
    routePlan: plan.route
      ? routePlanJson(core, plan.route, true)
      : [
          {
            swapInfo: {
              ammKey: plan.rfq!.maker,
              label: plan.router,
              inputMint: p.inputMint,
              outputMint: p.outputMint,
              inAmount: plan.inAmount.toString(),
              outAmount: (plan.outAmount + plan.feeAmount).toString(),
            },
            percent: 100,
            bps: 10000,
            usdValue: Math.round(inUsd * 100) / 100,
          },
        ],
    feeBps: plan.feeBps,
    feeMint: p.outputMint,
    platformFee: { amount: plan.feeAmount.toString(), feeBps: plan.feeBps },
    signatureFeeLamports: Number(plan.signatureFeeLamports),
    signatureFeePayer: payerOrNull(plan.gasPayer),
    prioritizationFeeLamports: Number(plan.prioritizationFeeLamports + plan.tipLamports),
    prioritizationFeePayer: payerOrNull(plan.gasPayer),
    rentFeeLamports: Number(plan.rentFeeLamports),
    rentFeePayer: payerOrNull(plan.gasPayer),
    swapType: plan.rfq ? 'rfq' : 'aggregator',
    router: plan.router,
    transaction,
    gasless: plan.gasless,
    requestId,
    totalTime: Math.round(performance.now() - started),
    taker: p.taker ?? null,
    ...(p.referralAccount ? { referralAccount: p.referralAccount } : {}),
    ...(plan.rfq
      ? {
          quoteId: plan.rfq.quoteId,
          maker: plan.rfq.maker,
          expireAt: String(Math.floor(core.clock.nowMs() / 1000) + 60),
        }
      : {}),
    ...(lastValid !== undefined ? { lastValidBlockHeight: lastValid } : {}),
    ...(plan.errorCode ? { errorCode: plan.errorCode, errorMessage: plan.errorMessage } : {}),
  };
}

/** What an execute answer says of a landing beside its status, code and signature: its slot, error, amounts and hops. */
export function executeOutcome(r: SimSubmitResult): Record<string, unknown> {
  const d = r.data as { inputAmount?: string; outputAmount?: string; swapEvents?: unknown[] } | undefined;
  return {
    slot: String(r.slot),
    ...(r.error ? { error: r.error } : {}),
    ...(r.code === 0 && d
      ? {
          totalInputAmount: d.inputAmount,
          totalOutputAmount: d.outputAmount,
          inputAmountResult: d.inputAmount,
          outputAmountResult: d.outputAmount,
          swapEvents: d.swapEvents,
        }
      : {}),
  };
}

export function register(kernel: SimKernel): void {
  const core = coreOf(kernel);
  const relayer = kernel.tx.simSigner('gasless-relayer');
  const variability = new Variability(kernel.seed);
  const feeCollector = seededAddress(kernel.seed, 'ultra-fee-collector');
  kernel.ledger.credit(relayer, NATIVE_MINT, RELAYER_FLOAT_LAMPORTS);

  kernel.router.add('GET', '/ultra/v1/order', 'ultra', async (req) => {
    const started = performance.now();
    // paper mode: the pair is learned from the followed service, and its own quote is the fill
    const paper = paperOf(core);
    if (paper) await paper.ensure([req.query.get('inputMint') ?? '', req.query.get('outputMint') ?? '']);
    const params = parseOrderQuery(core, req.query);
    const plan = paper
      ? await paper.planOrder(params, planOrder(core, params, relayer))
      : planOrder(core, params, relayer);
    if (!plan) kernel.fail({ status: 400, message: 'No routes found for the input and output mints' });
    const p = plan;
    if (!params.taker || p.errorCode) {
      return {
        status: 200,
        body: varyOrder(
          variability,
          orderBody(core, p, params.taker ? '' : null, kernel.requests.create('ultra', []), started),
          Boolean(p.rfq),
        ),
      };
    }
    const built = await buildOrderTransaction(core, p, relayer, feeCollector);
    const requestId = kernel.requests.create('ultra', [built.base64]);
    return {
      status: 200,
      body: varyOrder(
        variability,
        orderBody(core, p, built.base64, requestId, started, built.lastValidBlockHeight),
        Boolean(p.rfq),
      ),
    };
  });

  kernel.router.add('POST', '/ultra/v1/execute', 'ultra', (req) => {
    // a broken signedTransaction answers code -2 (invalid signed transaction), a broken requestId -1 (unknown request)
    const p = new Params(kernel, 'ultra', (field) => ({ code: field === 'requestId' ? -1 : -2 }));
    const { requestId, signedTransaction } = p.request(OPERATIONS.orderExecute, req.body);
    const r = kernel.requests.execute('ultra', requestId, signedTransaction);
    // the real service answers some successes without `code`
    const noCode = r.status === 'Success' && variability.chance(requestId, 'ultra-execute-no-code', 0.5);
    return {
      status: 200,
      body: { status: r.status, ...(noCode ? {} : { code: r.code }), signature: r.signature, ...executeOutcome(r) },
    };
  });
}
