// Reads the body shared by POST /swap/v1/swap and /swap/v1/swap-instructions.
import { NATIVE_MINT } from '../../chain/mints.js';
import { OPERATIONS } from '../../api/contract/index.js';
import type { SwapRequest } from '../../api/types.js';
import type { SimCore } from '../engine/core.js';
import type { PathSpec } from '../engine/routing.js';
import type { FieldFail } from './params.js';
import { Params } from './read-request.js';
import { parseRoutePlan } from './swap-route.js';
import { MAX_COMPUTE_UNITS } from './swap-tx.js';
import { paperOf } from './paper-market.js';

export const PRIORITY_LEVEL_LAMPORTS = { medium: 20_000n, high: 60_000n, veryHigh: 200_000n } satisfies Record<
  string,
  bigint
>;

export interface SwapBody {
  user: string;
  payer?: string;
  inputMint: string;
  outputMint: string;
  exactOut: boolean;
  inAmount: bigint;
  outAmount: bigint;
  threshold: bigint;
  slippageBps: number;
  platformFeeBps: number;
  specs: PathSpec[];
  wrapAndUnwrapSol: boolean;
  feeAccount?: string;
  destinationTokenAccount?: string;
  nativeDestinationAccount?: string;
  legacy: boolean;
  cuLimit: number;
  priorityLamports: bigint;
  tipLamports: bigint;
  validSlots: number;
  dynamicSlippage: boolean;
  /** paper mode: the quote is the followed service's, filled firm at its amounts through this maker */
  firm?: FirmQuote;
}

/** A quote a maker fills at exactly its amounts (paper mode: the followed service's own quote). */
export interface FirmQuote {
  maker: string;
  inAmount: bigint;
  /** after the platform fee */
  outAmount: bigint;
  feeAmount: bigint;
}

/** Basis points: the most a slippage or a platform fee can take. */
export const MAX_BPS = 10_000;

function priority(fee: SwapRequest['prioritizationFeeLamports']): { lamports: bigint; tip: bigint } {
  if (fee === undefined || fee === 'auto') return { lamports: PRIORITY_LEVEL_LAMPORTS.medium, tip: 0n };
  if (typeof fee === 'number') return { lamports: BigInt(fee), tip: 0n };
  if ('jitoTipLamports' in fee) return { lamports: 0n, tip: BigInt(fee.jitoTipLamports) };
  const { priorityLevel, maxLamports } = fee.priorityLevelWithMaxLamports;
  const want = PRIORITY_LEVEL_LAMPORTS[priorityLevel];
  return { lamports: want < BigInt(maxLamports) ? want : BigInt(maxLamports), tip: 0n };
}

/** The body of POST /swap/v1/swap and /swap/v1/swap-instructions, read with its schema, then the service's own rules. */
export function parseSwapBody(core: SimCore, body: unknown, bad: FieldFail): SwapBody {
  const b = new Params(core.kernel, 'swap').request(OPERATIONS.swap, body);
  const q = b.quoteResponse;
  const { inputMint, outputMint } = q;
  if (!core.market.token(inputMint)) bad('quoteResponse.inputMint', 'is not a tradable token');
  if (!core.market.token(outputMint)) bad('quoteResponse.outputMint', 'is not a tradable token');
  const exactOut = q.swapMode === 'ExactOut';
  if (q.slippageBps > MAX_BPS) bad('quoteResponse.slippageBps', `must be an integer from 0 to ${MAX_BPS}`);
  const platformFeeBps = q.platformFee?.feeBps ?? 0;
  if (platformFeeBps > MAX_BPS) bad('quoteResponse.platformFee.feeBps', `must be an integer from 0 to ${MAX_BPS}`);
  // paper mode: the route is the followed service's (its pools are not the simulator's); the
  // quote must be one handed out here, as it was handed out
  const paper = paperOf(core);
  const firm = paper?.firmQuote(q);
  if (paper && !firm)
    bad('quoteResponse', 'is not a quote this service gave (or was changed since): ask GET /swap/v1/quote again');
  const specs = firm ? [] : parseRoutePlan(core, q.routePlan, inputMint, outputMint, bad);
  if (!firm && exactOut && specs.length !== 1) bad('quoteResponse.routePlan', 'an ExactOut route has a single path');
  const { userPublicKey: user, payer, feeAccount, destinationTokenAccount, nativeDestinationAccount } = b;
  if (platformFeeBps > 0 && !feeAccount)
    bad('feeAccount', 'is required because the quote carries a platform fee (platformFeeBps)');
  if (destinationTokenAccount && nativeDestinationAccount)
    bad('nativeDestinationAccount', 'is mutually exclusive with destinationTokenAccount');
  if (nativeDestinationAccount && outputMint !== NATIVE_MINT)
    bad('nativeDestinationAccount', 'works only when the output is the native coin');
  const hops = specs.reduce((n, s) => n + s.pools.length, 0);
  const cuLimit = b.dynamicComputeUnitLimit ? 60_000 + 70_000 * hops : MAX_COMPUTE_UNITS;
  let { lamports: priorityLamports, tip } = priority(b.prioritizationFeeLamports);
  if (b.computeUnitPriceMicroLamports !== undefined) {
    const price = BigInt(b.computeUnitPriceMicroLamports);
    priorityLamports = (price * BigInt(MAX_COMPUTE_UNITS) + 999_999n) / 1_000_000n;
    tip = 0n;
  }
  return {
    user,
    payer,
    inputMint,
    outputMint,
    exactOut,
    slippageBps: q.slippageBps,
    platformFeeBps,
    specs,
    inAmount: BigInt(q.inAmount),
    outAmount: BigInt(q.outAmount),
    threshold: BigInt(q.otherAmountThreshold),
    wrapAndUnwrapSol: b.wrapAndUnwrapSol ?? true,
    feeAccount,
    destinationTokenAccount,
    nativeDestinationAccount,
    legacy: b.asLegacyTransaction ?? false,
    cuLimit,
    priorityLamports,
    tipLamports: tip,
    validSlots: b.blockhashSlotsToExpiry ?? 150,
    dynamicSlippage: b.dynamicSlippage ?? false,
    ...(firm ? { firm } : {}),
  };
}
