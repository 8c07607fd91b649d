// GET /swap/v2/build: the raw instructions of a metis swap (what POST /swap/v1/swap-instructions
// gave), with its compute-unit price only (no limit: the caller sets one), the complete contents
// of any lookup table it uses, and the blockhash it was built against. The caller assembles, signs
// and sends it itself: the chain lands the message made of exactly these instructions (in this
// order, the taker paying, against this blockhash), with whatever compute-budget instructions the
// caller sets, and its fee is what those set.
import { decodeBase58 } from '../../chain/base58.js';
import { OPERATIONS } from '../../api/contract/index.js';
import type { BuildAnswer, BuildParams } from '../../api/types.js';
import { SIM_PROGRAMS } from '../../chain/programs.js';
import type { SimKernel } from '../engine/kernel.js';
import { coreOf, type SimCore } from '../engine/core.js';
import type { RouteResult } from '../engine/routing.js';
import type { FirmQuote } from './swap-body.js';
import { executeRfq } from './ultra-rfq.js';
import { USDC_MINT, USDT_MINT } from '../../chain/mints.js';
import { STABLE_INTERMEDIATES } from '../engine/catalog.js';
import { DEX_LABELS } from '../engine/pools.js';
import { fieldFail } from './params.js';
import { Params } from './read-request.js';
import { computeQuote, routePlanJson } from './swap-route.js';
import { firmFill, instructionJson, prepare, tipAccount } from './swap.js';
import { executeSwap, type SwapExecution } from './swap-exec.js';
import { SIGNATURE_FEE_LAMPORTS, type SwapInstructionSet } from './swap-tx.js';
import { loadMessage, type LoadedInstruction } from '../engine/message.js';
import { COMPUTE_BUDGET_PROGRAM } from '../engine/accounts.js';
import type { SimInstruction } from '../engine/kernel.js';
import { paperOf } from './paper-market.js';

const STABLES = new Set([USDC_MINT, USDT_MINT]);
/** The fee of a compute-unit price at the 50th percentile (the default), in lamports. */
const MEDIAN_PRIORITY_LAMPORTS = 20_000;
const PERCENTILE_BPS = { medium: 2500, high: 5000, veryHigh: 7500 } satisfies Record<string, number>;

/**
 * DEX labels as /build reads them: matched exactly (case counts), a label it does not know is
 * no refusal of its own (restricting to it finds no route; excluding it changes nothing).
 */
function known(labels: readonly string[] | undefined): Set<string> | undefined {
  return labels && new Set(labels.filter((l) => (DEX_LABELS as readonly string[]).includes(l)));
}

/** A build handed out: what the chain lands when a message of its instructions arrives. */
interface Ticket {
  taker: string;
  blockhash: string;
  lastValidBlockHeight: number;
  /** every instruction but the compute budget's, in the order handed out */
  instructions: SimInstruction[];
  /** the swap as it lands, and the part of its network fee that the build's own compute budget made */
  exec(): SwapExecution;
  builtFee: bigint;
  /** paper mode: filled firm at the followed service's quote */
  firm?: FirmQuote;
}

const sameInstruction = (a: LoadedInstruction, b: SimInstruction) =>
  a.program === b.programId &&
  a.accounts.length === b.accounts.length &&
  // the lengths are equal (checked just above)
  a.accounts.every((x, i) => x === b.accounts[i]!.pubkey) &&
  Buffer.from(a.data).equals(Buffer.from(b.data));

function ticketInstructions(set: SwapInstructionSet): SimInstruction[] {
  return [...set.setup, set.swap, ...(set.cleanup ? [set.cleanup] : []), ...set.other];
}

/** What a build is priced at: the simulator's pools, or in paper mode the followed service's quote (filled firm). */
interface Priced {
  inAmount: bigint;
  outAmount: bigint;
  threshold: bigint;
  specs: RouteResult['paths'];
  priceImpactPct: string;
  routePlan: NonNullable<BuildAnswer['routePlan']>;
  firm?: FirmQuote;
}

function pooled(c: ReturnType<typeof computeQuote>, core: SimCore): Priced | null {
  if (!c) return null;
  return {
    inAmount: c.inAmount,
    outAmount: c.outAmount,
    threshold: c.threshold,
    specs: c.route.paths,
    priceImpactPct: c.route.priceImpact.toFixed(10).replace(/0+$/, '').replace(/\.$/, ''),
    routePlan: routePlanJson(core, c.route, false),
  };
}

/** Paper mode: the followed service's own quote for the same parameters, filled firm at its amounts. */
async function paperPriced(core: SimCore, b: BuildParams, slippageBps: number): Promise<Priced | null> {
  const paper = paperOf(core)!;
  await paper.ensure([b.inputMint, b.outputMint]);
  const live = await paper.swapQuote({
    inputMint: b.inputMint,
    outputMint: b.outputMint,
    amount: b.amount,
    slippageBps,
    ...(b.dexes ? { dexes: b.dexes } : {}),
    ...(b.excludeDexes ? { excludeDexes: b.excludeDexes } : {}),
    ...(b.maxAccounts !== undefined ? { maxAccounts: b.maxAccounts } : {}),
    ...(b.platformFeeBps !== undefined ? { platformFeeBps: b.platformFeeBps } : {}),
  });
  const firm = paper.firmQuote(live);
  if (!firm) return null;
  return {
    inAmount: BigInt(live.inAmount),
    outAmount: BigInt(live.outAmount),
    threshold: BigInt(live.otherAmountThreshold),
    specs: [],
    priceImpactPct: live.priceImpactPct,
    routePlan: live.routePlan,
    firm,
  };
}

export function registerBuild(kernel: SimKernel): void {
  const core = coreOf(kernel);
  const bad = fieldFail(kernel);
  const tickets = new Map<string, Ticket>();
  const keyOf = (swap: { data: Uint8Array }, taker: string) => `${taker}:${Buffer.from(swap.data).toString('base64')}`;
  // A message assembled from a build's instructions: landed with the fee its compute budget sets
  kernel.tx.adopt((signed) => {
    const m = loadMessage(core, signed);
    if (typeof m === 'string') return undefined;
    const body = m.instructions.filter((ix) => ix.program !== COMPUTE_BUDGET_PROGRAM);
    const swap = body.find((ix) => ix.program === SIM_PROGRAMS.router);
    const t = swap && tickets.get(keyOf(swap, m.feePayer));
    if (
      !t ||
      m.blockhash !== t.blockhash ||
      body.length !== t.instructions.length ||
      !body.every((ix, i) => sameInstruction(ix, t.instructions[i]!))
    )
      return undefined;
    return {
      signers: [...m.signers],
      lastValidBlockHeight: t.lastValidBlockHeight,
      chargesFees: true,
      effect: () => {
        const x = { ...t.exec(), networkFeeLamports: t.exec().networkFeeLamports - t.builtFee + m.fee };
        return t.firm ? executeRfq(core, firmFill(x, t.firm)) : executeSwap(core, x);
      },
    };
  });
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
    const c = paperOf(core)
      ? await paperPriced(core, b, slippageBps)
      : pooled(
          computeQuote(core, {
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
          }),
          core,
        );
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
    const cuLimit =
      60_000 +
      70_000 *
        Math.max(
          1,
          c.specs.reduce((n: number, p) => n + p.pools.length, 0),
        );
    const { set, cuPrice, exec } = await prepare(core, {
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
      specs: c.specs,
      wrapAndUnwrapSol: b.wrapAndUnwrapSol ?? true,
      feeAccount: b.feeAccount,
      destinationTokenAccount: b.destinationTokenAccount,
      nativeDestinationAccount: b.nativeDestinationAccount,
      legacy: false,
      cuLimit,
      priorityLamports: BigInt(Math.round((MEDIAN_PRIORITY_LAMPORTS * percentile) / 5000)),
      tipLamports,
      validSlots,
      dynamicSlippage: false,
      ...(c.firm ? { firm: c.firm } : {}),
    });
    const slot = kernel.clock.slot();
    const nowMs = kernel.clock.nowMs();
    const blockhash = core.clock.blockhash(slot);
    const lastValidBlockHeight = kernel.clock.blockHeight() + validSlots;
    for (const [k, t] of tickets) if (t.lastValidBlockHeight < kernel.clock.blockHeight()) tickets.delete(k);
    tickets.set(keyOf(set.swap, b.taker), {
      taker: b.taker,
      blockhash,
      lastValidBlockHeight,
      instructions: ticketInstructions(set),
      exec,
      ...(c.firm ? { firm: c.firm } : {}),
      // what prepare() counted for the signature and its own compute budget: the message's replaces it
      builtFee:
        SIGNATURE_FEE_LAMPORTS * (b.payer && b.payer !== b.taker ? 2n : 1n) + (BigInt(cuLimit) * cuPrice) / 1_000_000n,
    });
    const tip = tipLamports > 0n ? set.other.find((ix) => ix.accounts[1]?.pubkey === tipAccount(core)) : undefined;
    const body: BuildAnswer = {
      inputMint: b.inputMint,
      outputMint: b.outputMint,
      inAmount: c.inAmount.toString(),
      outAmount: c.outAmount.toString(),
      otherAmountThreshold: c.threshold.toString(),
      swapMode: 'ExactIn',
      slippageBps,
      priceImpactPct: c.priceImpactPct,
      routePlan: c.routePlan,
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
        blockhash: [...decodeBase58(blockhash)!],
        lastValidBlockHeight,
        fetchedAt: { secs_since_epoch: Math.floor(nowMs / 1000), nanos_since_epoch: (nowMs % 1000) * 1_000_000 },
      },
    };
    return { status: 200, body };
  });
}
