// GET /swap/v2/build: the raw instructions of a metis swap (what POST /swap/v1/swap-instructions
// gave), with its compute-unit price only (no limit: the caller sets one), the complete contents
// of any lookup table it uses, and the blockhash it was built against. The caller assembles, signs
// and sends it itself.
import { decodeBase58 } from '../../api/base58.js';
import { OPERATIONS } from '../../api/contract/index.js';
import { USDC_MINT, USDT_MINT } from '../../api/mints.js';
import type { BuildAnswer } from '../../api/types.js';
import type { SimKernel } from '../kernel.js';
import { coreOf } from '../core.js';
import { STABLE_INTERMEDIATES } from '../market/catalog.js';
import { DEX_LABELS } from '../market/pools.js';
import { fieldFail } from './params.js';
import { Params } from './read-request.js';
import { computeQuote, routePlanJson } from './swap-route.js';
import { instructionJson, prepare, tipAccount } from './swap.js';

const STABLES = new Set([USDC_MINT, USDT_MINT]);
/** The fee of a compute-unit price at the 50th percentile (the default), in lamports. */
const MEDIAN_PRIORITY_LAMPORTS = 20_000;
const PERCENTILE_BPS: Record<string, number> = { medium: 2500, high: 5000, veryHigh: 7500 };

/**
 * DEX labels as /build reads them: matched exactly (case counts), a label it does not know is
 * no refusal of its own (restricting to it finds no route; excluding it changes nothing).
 */
function known(labels: readonly string[] | undefined): Set<string> | undefined {
  return labels && new Set(labels.filter((l) => (DEX_LABELS as readonly string[]).includes(l)));
}

export function registerBuild(kernel: SimKernel): void {
  const core = coreOf(kernel);
  const bad = fieldFail(kernel);
  kernel.router.add('GET', '/swap/v2/build', 'swap-v2', async (req) => {
    const b = new Params(kernel, 'swap-v2').query(OPERATIONS.swapV2Build, req.query);
    if (!core.market.token(b.inputMint)) bad('inputMint', 'is not a tradable token');
    if (!core.market.token(b.outputMint)) bad('outputMint', 'is not a tradable token');
    const stablePair = STABLES.has(b.inputMint) && STABLES.has(b.outputMint);
    // rtse: the estimator's choice, here what the order route picks for the pair
    const slippageBps =
      b.slippageBps === undefined ? 50 : b.slippageBps === 'rtse' ? (stablePair ? 10 : 50) : b.slippageBps;
    const platformFeeBps = b.platformFeeBps ?? 0;
    // fast routing: the simulator's routes are already simple; only its priority-fee default differs
    const fast = b.mode === 'fast';
    const c = computeQuote(core, {
      inputMint: b.inputMint,
      outputMint: b.outputMint,
      amount: BigInt(b.amount),
      exactOut: false,
      slippageBps,
      platformFeeBps,
      filter: {
        dexes: known(b.dexes),
        excludeDexes: known(b.excludeDexes),
        maxAccounts: b.maxAccounts ?? 64,
        intermediates: new Set(STABLE_INTERMEDIATES),
      },
    });
    if (!c) return kernel.fail({ status: 400, message: 'No routes found for the input and output mints' });
    const percentile =
      b.computeUnitPricePercentile === undefined
        ? fast
          ? 9000
          : 5000
        : typeof b.computeUnitPricePercentile === 'number'
          ? b.computeUnitPricePercentile
          : PERCENTILE_BPS[b.computeUnitPricePercentile];
    const validSlots = b.blockhashSlotsToExpiry ?? 150;
    const tipLamports = b.tipAmount === undefined ? 0n : BigInt(b.tipAmount);
    const { set } = await prepare(core, {
      user: b.taker,
      payer: b.payer,
      inputMint: b.inputMint,
      outputMint: b.outputMint,
      exactOut: false,
      inAmount: c.inAmount,
      outAmount: c.outAmount,
      threshold: c.threshold,
      slippageBps,
      platformFeeBps,
      specs: c.route.paths,
      wrapAndUnwrapSol: b.wrapAndUnwrapSol ?? true,
      feeAccount: b.feeAccount,
      destinationTokenAccount: b.destinationTokenAccount,
      nativeDestinationAccount: b.nativeDestinationAccount,
      legacy: false,
      cuLimit: 60_000 + 70_000 * c.route.paths.reduce((n, p) => n + p.pools.length, 0),
      priorityLamports: BigInt(Math.round((MEDIAN_PRIORITY_LAMPORTS * percentile) / 5000)),
      tipLamports,
      validSlots,
      dynamicSlippage: false,
    });
    const slot = kernel.clock.slot();
    const nowMs = kernel.clock.nowMs();
    const tip = tipLamports > 0n ? set.other.find((ix) => ix.accounts[1]?.pubkey === tipAccount(core)) : undefined;
    const body: BuildAnswer = {
      inputMint: b.inputMint,
      outputMint: b.outputMint,
      inAmount: c.inAmount.toString(),
      outAmount: c.outAmount.toString(),
      otherAmountThreshold: c.threshold.toString(),
      swapMode: 'ExactIn',
      slippageBps,
      priceImpactPct: c.route.priceImpact.toFixed(10).replace(/0+$/, '').replace(/\.$/, ''),
      routePlan: routePlanJson(core, c.route, false),
      // the compute-unit price alone: the limit is the caller's (simulate, then 1.2 times)
      computeBudgetInstructions: set.computeBudget.filter((ix) => ix.data[0] === 3).map(instructionJson),
      setupInstructions: set.setup.map(instructionJson),
      swapInstruction: instructionJson(set.swap),
      cleanupInstruction: set.cleanup ? instructionJson(set.cleanup) : null,
      otherInstructions: set.other.filter((ix) => ix !== tip).map(instructionJson),
      tipInstruction: tip ? instructionJson(tip) : null,
      // the simulator's routes fit without lookup tables
      addressesByLookupTableAddress: null,
      blockhashWithMetadata: {
        blockhash: [...decodeBase58(core.clock.blockhash(slot))!],
        lastValidBlockHeight: kernel.clock.blockHeight() + validSlots,
        fetchedAt: { secs_since_epoch: Math.floor(nowMs / 1000), nanos_since_epoch: (nowMs % 1000) * 1_000_000 },
      },
    };
    return { status: 200, body };
  });
}
