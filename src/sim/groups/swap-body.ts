// Checks the body shared by POST /swap/v1/swap and /swap/v1/swap-instructions.
import { SWAP_MODES, PRIORITY_LEVELS, NATIVE_MINT } from '../../api/types.js';
import type { SimCore } from '../core.js';
import type { PathSpec } from '../market/routing.js';
import { addressValue, boolValue, enumValue, intValue, optionalAddress, u64Value, type FieldFail } from './params.js';
import { parseRoutePlan } from './swap-route.js';
import { MAX_COMPUTE_UNITS } from './swap-tx.js';

export const PRIORITY_LEVEL_LAMPORTS: Record<string, bigint> = { medium: 20_000n, high: 60_000n, veryHigh: 200_000n };

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
}

function priority(v: unknown, bad: FieldFail): { lamports: bigint; tip: bigint } {
  const field = 'prioritizationFeeLamports';
  if (v === undefined || v === null || v === 'auto') return { lamports: PRIORITY_LEVEL_LAMPORTS.medium, tip: 0n };
  if (typeof v === 'number' || typeof v === 'string') return { lamports: u64Value(v, field, bad, false), tip: 0n };
  if (typeof v !== 'object' || Array.isArray(v)) return bad(field, 'must be "auto", an integer of lamports or an object');
  const o = v as Record<string, unknown>;
  if (o.jitoTipLamports !== undefined) return { lamports: 0n, tip: u64Value(o.jitoTipLamports, `${field}.jitoTipLamports`, bad) };
  const p = o.priorityLevelWithMaxLamports as Record<string, unknown> | undefined;
  if (!p || typeof p !== 'object') return bad(field, 'object must carry priorityLevelWithMaxLamports or jitoTipLamports');
  const level = enumValue(p.priorityLevel, `${field}.priorityLevelWithMaxLamports.priorityLevel`, PRIORITY_LEVELS, 'medium', bad);
  const max = u64Value(p.maxLamports, `${field}.priorityLevelWithMaxLamports.maxLamports`, bad, false);
  boolValue(p.global, `${field}.priorityLevelWithMaxLamports.global`, false, bad);
  const want = PRIORITY_LEVEL_LAMPORTS[level];
  return { lamports: want < max ? want : max, tip: 0n };
}

export function parseSwapBody(core: SimCore, body: unknown, bad: FieldFail): SwapBody {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return bad('body', 'must be a JSON object');
  const b = body as Record<string, unknown>;
  const user = addressValue(b.userPublicKey, 'userPublicKey', bad);
  const q = b.quoteResponse as Record<string, unknown> | undefined;
  if (!q || typeof q !== 'object' || Array.isArray(q)) return bad('quoteResponse', 'must be the quote object returned by /swap/v1/quote');
  const inputMint = addressValue(q.inputMint, 'quoteResponse.inputMint', bad);
  const outputMint = addressValue(q.outputMint, 'quoteResponse.outputMint', bad);
  if (!core.market.token(inputMint)) bad('quoteResponse.inputMint', 'is not a tradable token');
  if (!core.market.token(outputMint)) bad('quoteResponse.outputMint', 'is not a tradable token');
  const exactOut = enumValue(q.swapMode, 'quoteResponse.swapMode', SWAP_MODES, 'ExactIn', bad) === 'ExactOut';
  const inAmount = u64Value(q.inAmount, 'quoteResponse.inAmount', bad);
  const outAmount = u64Value(q.outAmount, 'quoteResponse.outAmount', bad);
  const threshold = u64Value(q.otherAmountThreshold, 'quoteResponse.otherAmountThreshold', bad, false);
  const slippageBps = intValue(q.slippageBps, 'quoteResponse.slippageBps', 0, 10000, bad);
  let platformFeeBps = 0;
  if (q.platformFee !== undefined && q.platformFee !== null) {
    const pf = q.platformFee as Record<string, unknown>;
    if (typeof pf !== 'object') bad('quoteResponse.platformFee', 'must be an object or null');
    platformFeeBps = intValue(pf.feeBps, 'quoteResponse.platformFee.feeBps', 0, 10000, bad);
  }
  const specs = parseRoutePlan(core, q.routePlan, inputMint, outputMint, bad);
  if (exactOut && specs.length !== 1) bad('quoteResponse.routePlan', 'an ExactOut route has a single path');
  const payer = optionalAddress(b.payer, 'payer', bad);
  const feeAccount = optionalAddress(b.feeAccount, 'feeAccount', bad);
  optionalAddress(b.trackingAccount, 'trackingAccount', bad);
  if (platformFeeBps > 0 && !feeAccount) bad('feeAccount', 'is required because the quote carries a platform fee (platformFeeBps)');
  const destinationTokenAccount = optionalAddress(b.destinationTokenAccount, 'destinationTokenAccount', bad);
  const nativeDestinationAccount = optionalAddress(b.nativeDestinationAccount, 'nativeDestinationAccount', bad);
  if (destinationTokenAccount && nativeDestinationAccount) bad('nativeDestinationAccount', 'is mutually exclusive with destinationTokenAccount');
  if (nativeDestinationAccount && outputMint !== NATIVE_MINT) bad('nativeDestinationAccount', 'works only when the output is the native coin');
  const wrapAndUnwrapSol = boolValue(b.wrapAndUnwrapSol, 'wrapAndUnwrapSol', true, bad);
  boolValue(b.useSharedAccounts, 'useSharedAccounts', true, bad);
  boolValue(b.skipUserAccountsRpcCalls, 'skipUserAccountsRpcCalls', false, bad);
  const legacy = boolValue(b.asLegacyTransaction, 'asLegacyTransaction', false, bad);
  const dynamicCu = boolValue(b.dynamicComputeUnitLimit, 'dynamicComputeUnitLimit', false, bad);
  const dynamicSlippage = boolValue(b.dynamicSlippage, 'dynamicSlippage', false, bad);
  const hops = specs.reduce((n, s) => n + s.pools.length, 0);
  const cuLimit = dynamicCu ? 60_000 + 70_000 * hops : MAX_COMPUTE_UNITS;
  let { lamports: priorityLamports, tip } = priority(b.prioritizationFeeLamports, bad);
  if (b.computeUnitPriceMicroLamports !== undefined && b.computeUnitPriceMicroLamports !== null) {
    const price = u64Value(b.computeUnitPriceMicroLamports, 'computeUnitPriceMicroLamports', bad, false);
    priorityLamports = (price * BigInt(MAX_COMPUTE_UNITS) + 999_999n) / 1_000_000n;
    tip = 0n;
  }
  const validSlots = b.blockhashSlotsToExpiry === undefined || b.blockhashSlotsToExpiry === null ? 150 : intValue(b.blockhashSlotsToExpiry, 'blockhashSlotsToExpiry', 1, 255, bad);
  return {
    user, payer, inputMint, outputMint, exactOut, inAmount, outAmount, threshold, slippageBps, platformFeeBps, specs,
    wrapAndUnwrapSol, feeAccount, destinationTokenAccount, nativeDestinationAccount, legacy, cuLimit,
    priorityLamports, tipLamports: tip, validSlots, dynamicSlippage,
  };
}
