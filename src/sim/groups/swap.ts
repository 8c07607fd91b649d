// Swap group: GET /swap/v1/quote, POST /swap/v1/swap, POST /swap/v1/swap-instructions.
import { NATIVE_MINT } from '../../chain/mints.js';
import { OPERATIONS } from '../../api/contract/index.js';
import type { Instruction, QuoteParams } from '../../api/types.js';
import type { SimInstruction, SimKernel, SimRequest } from '../engine/kernel.js';
import { coreOf, type SimCore } from '../engine/core.js';
import { STABLE_INTERMEDIATES } from '../engine/catalog.js';
import { DEX_LABELS } from '../engine/pools.js';
import { seededAddress } from '../engine/random.js';
import { associatedTokenAddress } from '../engine/ata.js';
import { fieldFail, labelList, type FieldFail } from './params.js';
import { Params } from './read-request.js';
import { computeQuote, routePlanJson } from './swap-route.js';
import { MAX_BPS, parseSwapBody, type FirmQuote, type SwapBody } from './swap-body.js';
import { executeRfq, type RfqFill } from './ultra-rfq.js';
import { executeSwap, type SwapExecution } from './swap-exec.js';
import {
  allInstructions,
  ATA_RENT_LAMPORTS,
  SIGNATURE_FEE_LAMPORTS,
  swapInstructions,
  type SwapInstructionSet,
} from './swap-tx.js';
import { paperOf } from './paper-market.js';

const TIP_ACCOUNT_LABEL = 'tip-account';

/** where a tip transfer goes (an inclusion service's account) */
export function tipAccount(core: SimCore): string {
  return seededAddress(core.options.seed, TIP_ACCOUNT_LABEL);
}

/** the simulated program id of a DEX (seeded, stable per seed) */
export function dexProgramId(seed: number, label: string): string {
  return seededAddress(seed, `dex-program:${label}`);
}

/** GET /swap/v1/quote's query, read with its schema; both mints tradable and different */
function quoteQuery(core: SimCore, req: SimRequest, bad: FieldFail): QuoteParams {
  const q = new Params(core.kernel, 'swap').query(OPERATIONS.quote, req.query);
  if (!core.market.token(q.inputMint)) bad('inputMint', 'is not a tradable token', { errorCode: 'TOKEN_NOT_TRADABLE' });
  if (!core.market.token(q.outputMint))
    bad('outputMint', 'is not a tradable token', { errorCode: 'TOKEN_NOT_TRADABLE' });
  if (q.inputMint === q.outputMint)
    bad('outputMint', 'must differ from inputMint', { errorCode: 'CIRCULAR_ARBITRAGE_IS_DISABLED' });
  return q;
}

function quote(core: SimCore, query: QuoteParams, bad: FieldFail) {
  const started = performance.now();
  const {
    inputMint,
    outputMint,
    amount: raw,
    slippageBps = 50,
    swapMode = 'ExactIn',
    platformFeeBps: askedFee,
    maxAccounts = 64,
    restrictIntermediateTokens: restrict = true,
    onlyDirectRoutes: onlyDirect = false,
    ...q
  } = query;
  const amount = BigInt(raw);
  if (askedFee !== undefined && askedFee > MAX_BPS) bad('platformFeeBps', `must be an integer from 0 to ${MAX_BPS}`);
  const platformFeeBps = askedFee ?? 0;
  const dexes = labelList(q.dexes, 'dexes', DEX_LABELS, bad);
  const excludeDexes = labelList(q.excludeDexes, 'excludeDexes', DEX_LABELS, bad);
  const computed = computeQuote(core, {
    inputMint,
    outputMint,
    amount,
    exactOut: swapMode === 'ExactOut',
    slippageBps,
    platformFeeBps,
    filter: {
      dexes,
      excludeDexes,
      onlyDirect,
      maxAccounts,
      intermediates: restrict ? new Set(STABLE_INTERMEDIATES) : undefined,
    },
  });
  if (!computed)
    core.kernel.fail({
      status: 400,
      message: 'No routes found for the input and output mints',
      errorCode: 'COULD_NOT_FIND_ANY_ROUTE',
    });
  const c = computed;
  return {
    inputMint,
    inAmount: c.inAmount.toString(),
    outputMint,
    outAmount: c.outAmount.toString(),
    otherAmountThreshold: c.threshold.toString(),
    swapMode,
    slippageBps,
    platformFee: askedFee === undefined ? null : { amount: c.feeAmount.toString(), feeBps: platformFeeBps },
    priceImpactPct: c.route.priceImpact.toFixed(10).replace(/0+$/, '').replace(/\.$/, ''),
    routePlan: routePlanJson(core, c.route, false),
    contextSlot: core.clock.slot(),
    timeTaken: Math.round(performance.now() - started) / 1000,
    swapUsdValue: core.market.usdValue(inputMint, c.inAmount).toFixed(6),
  };
}

/** The instructions of a swap and what landing it would do (POST /swap/v1/swap and swap-instructions; GET /swap/v2/build). */
export async function prepare(core: SimCore, s: SwapBody) {
  const info = (mint: string) => core.market.token(mint)!;
  const feePayer = s.payer ?? s.user;
  const cuPrice = (s.priorityLamports * 1_000_000n + BigInt(s.cuLimit) - 1n) / BigInt(s.cuLimit);
  const set = await swapInstructions({
    user: s.user,
    feePayer,
    inputMint: s.inputMint,
    outputMint: s.outputMint,
    inTokenProgram: info(s.inputMint).tokenProgram,
    outTokenProgram: info(s.outputMint).tokenProgram,
    specs: s.specs,
    ...(s.firm ? { extraAccounts: [s.firm.maker] } : {}),
    inAmount: s.exactOut ? s.threshold : s.inAmount,
    quotedOut: s.exactOut ? s.outAmount : s.threshold,
    slippageBps: s.slippageBps,
    platformFeeBps: s.platformFeeBps,
    feeAccount: s.feeAccount,
    destinationTokenAccount: s.destinationTokenAccount,
    nativeDestinationAccount: s.nativeDestinationAccount,
    wrapAndUnwrapSol: s.wrapAndUnwrapSol,
    cuLimit: s.cuLimit,
    cuPriceMicroLamports: cuPrice,
    tip: s.tipLamports > 0n ? { account: tipAccount(core), lamports: s.tipLamports } : undefined,
  });
  const userOut = await associatedTokenAddress(s.user, s.outputMint, info(s.outputMint).tokenProgram);
  const receiver =
    s.nativeDestinationAccount ??
    (s.destinationTokenAccount && s.destinationTokenAccount !== userOut ? s.destinationTokenAccount : s.user);
  const signers = feePayer === s.user ? 1n : 2n;
  const exec = (): SwapExecution => ({
    trader: s.user,
    receiver,
    feePayer,
    networkFeeLamports:
      SIGNATURE_FEE_LAMPORTS * signers +
      (BigInt(s.cuLimit) * cuPrice) / 1_000_000n +
      s.tipLamports +
      (s.outputMint !== NATIVE_MINT && core.ledger.balance(receiver, s.outputMint) === 0n ? ATA_RENT_LAMPORTS : 0n),
    inputMint: s.inputMint,
    outputMint: s.outputMint,
    exactOut: s.exactOut,
    specs: s.specs,
    amount: s.exactOut ? s.outAmount : s.inAmount,
    threshold: s.threshold,
    feeBps: s.platformFeeBps,
    feeRecipient: s.feeAccount ?? null,
  });
  return { set, feePayer, cuPrice, exec };
}

/** a swap filled firm at its quote's amounts by a maker (paper mode), not re-run in the pools */
export function firmFill(x: SwapExecution, firm: FirmQuote): RfqFill {
  return {
    trader: x.trader,
    receiver: x.receiver,
    feePayer: x.feePayer,
    networkFeeLamports: x.networkFeeLamports,
    inputMint: x.inputMint,
    outputMint: x.outputMint,
    inAmount: firm.inAmount,
    outAmount: firm.outAmount,
    feeAmount: x.feeRecipient ? firm.feeAmount : 0n,
    feeRecipient: x.feeRecipient ?? x.trader,
    maker: firm.maker,
  };
}

export function instructionJson(ix: SimInstruction): Instruction {
  return {
    programId: ix.programId,
    accounts: ix.accounts.map((a) => ({ ...a })),
    data: Buffer.from(ix.data).toString('base64'),
  };
}

function lookupTables(core: SimCore, set: SwapInstructionSet, s: SwapBody): string[] {
  void set;
  const labels = [...new Set(s.specs.flatMap((p) => p.pools.map((pool) => pool.label)))];
  return labels.map((l) => seededAddress(core.options.seed, `lookup-table:${l}`));
}

export function register(kernel: SimKernel): void {
  const core = coreOf(kernel);
  const bad = fieldFail(kernel);
  kernel.router.add('GET', '/swap/v1/quote', 'swap', (req) => {
    const paper = paperOf(core);
    if (!paper) return { status: 200, body: quote(core, quoteQuery(core, req, bad), bad) };
    // paper mode: the pair is learned from the followed service, and its own quote is the answer
    return (async () => {
      await paper.ensure([req.query.get('inputMint') ?? '', req.query.get('outputMint') ?? '']);
      return { status: 200, body: await paper.swapQuote(quoteQuery(core, req, bad)) };
    })();
  });
  // DEX program ids and their labels (the labels `dexes` and `excludeDexes` take)
  const labels = Object.fromEntries(DEX_LABELS.map((label) => [dexProgramId(core.options.seed, label), label]));
  kernel.router.add('GET', '/swap/v1/program-id-to-label', 'swap', () => ({ status: 200, body: labels }));

  kernel.router.add('POST', '/swap/v1/swap', 'swap', async (req) => {
    const s = parseSwapBody(core, req.body, bad);
    const { set, feePayer, cuPrice, exec } = await prepare(core, s);
    const built = kernel.tx.build({
      feePayer,
      instructions: allInstructions(set),
      validSlots: s.validSlots,
      legacy: s.legacy,
      effect: () => (s.firm ? executeRfq(core, firmFill(exec(), s.firm)) : executeSwap(core, exec())),
      chargesFees: true,
    });
    return {
      status: 200,
      body: {
        swapTransaction: built.base64,
        lastValidBlockHeight: built.lastValidBlockHeight,
        prioritizationFeeLamports: Number((BigInt(s.cuLimit) * cuPrice) / 1_000_000n + s.tipLamports),
        computeUnitLimit: s.cuLimit,
        prioritizationType:
          s.tipLamports > 0n
            ? { jito: { lamports: Number(s.tipLamports) } }
            : { computeBudget: { microLamports: Number(cuPrice), estimatedMicroLamports: Number(cuPrice) } },
        dynamicSlippageReport: s.dynamicSlippage
          ? {
              slippageBps: s.slippageBps,
              otherAmount: Number(s.threshold),
              simulatedIncurredSlippageBps: 0,
              amplificationRatio: '1.5',
            }
          : null,
        simulationError: null,
      },
    };
  });

  kernel.router.add('POST', '/swap/v1/swap-instructions', 'swap', async (req) => {
    const s = parseSwapBody(core, req.body, bad);
    const { set, cuPrice } = await prepare(core, s);
    return {
      status: 200,
      body: {
        tokenLedgerInstruction: null,
        computeBudgetInstructions: set.computeBudget.map(instructionJson),
        setupInstructions: set.setup.map(instructionJson),
        swapInstruction: instructionJson(set.swap),
        cleanupInstruction: set.cleanup ? instructionJson(set.cleanup) : null,
        otherInstructions: set.other.map(instructionJson),
        addressLookupTableAddresses: s.legacy ? [] : lookupTables(core, set, s),
        prioritizationFeeLamports: Number((BigInt(s.cuLimit) * cuPrice) / 1_000_000n + s.tipLamports),
        computeUnitLimit: s.cuLimit,
      },
    };
  });
}
