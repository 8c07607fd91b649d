// Reads the Swap form as typed into request parameters, naming every field that is wrong.
// Nothing here changes the form: what the person typed stays as typed.
import { AmountError, toBaseUnits } from '../text/amount.js';
import { NATIVE_MINT } from '../chain/mints.js';
import { isAddress } from '../chain/base58.js';
import { PRIORITY_LEVELS } from '../api/contract/index.js';
import type { PrioritizationFee, QuoteParams, Token } from '../api/types.js';
import { formatPercent } from '../text/format.js';
import { resolveToken } from '../api/resolveToken.js';
import { WELL_KNOWN_TOKENS } from '../rpc/mintFacts.js';
import { withFixedFacts } from '../rpc/mintFacts.js';
import type { SwapForm } from '../store/swap.js';
import { amountText, type TokenRef } from './describe.js';
import {
  buildReasons,
  checkOptions,
  orderFieldsSet,
  type BuildExtras,
  type BuildV2Extras,
  type OrderExtras,
} from './swapOptions.js';
import type { Generation } from '../config/generation.js';

export type FieldErrors = Partial<Record<keyof SwapForm, string>>;

export interface FormCheck {
  input?: Token;
  output?: Token;
  /** base units of the amount field (input for ExactIn, output for ExactOut) */
  amount?: bigint;
  params?: QuoteParams;
  /** what the form adds to the order route's order (s, and its quote) */
  order: OrderExtras;
  /** the slippage typed (bps), when not auto: the order route's current generation takes it */
  slippageBps?: number;
  /** what the form adds to POST /swap/v1/swap and swap-instructions (b, i) */
  build: BuildExtras;
  /** what only GET /swap/v2/build takes (b, i through the current generation) */
  buildV2: BuildV2Extras;
  /** the tip asked (either route), lamports */
  tipLamports?: bigint;
  errors: FieldErrors;
  /** every required field has something in it */
  filled: boolean;
}

/**
 * Every token known for lookup: the well-known ones, then the lists seen (later wins for data). A
 * list never changes what is fixed of SOL, USDC and USDT (symbol, decimals, program).
 */
export function tokenUniverse(...lists: Array<readonly Token[]>): Token[] {
  const byId = new Map<string, Token>();
  for (const t of WELL_KNOWN_TOKENS) byId.set(t.id, t);
  for (const list of lists) {
    for (const t of list) {
      // a token seen once is taken as it is (lists are not changed after they arrive); seen again, merged
      const seen = byId.get(t.id);
      byId.set(t.id, withFixedFacts(seen === undefined ? t : { ...seen, ...t }));
    }
  }
  return [...byId.values()];
}

export function tokenRef(t: Pick<Token, 'id' | 'symbol' | 'decimals'> & { usdPrice?: number | null }): TokenRef {
  return { mint: t.id, symbol: t.symbol || t.id.slice(0, 6), decimals: t.decimals, usdPrice: t.usdPrice };
}

function labels(text: string): string[] | undefined {
  const list = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return list.length ? list : undefined;
}

function intField(text: string, min: number, max: number): number | string {
  const t = text.trim();
  if (!/^\d+$/.test(t)) return `must be a whole number from ${min} to ${max} (got "${t}")`;
  const n = Number(t);
  if (n < min || n > max) return `must be from ${min} to ${max} (got ${n})`;
  return n;
}

/** What is known of the service's generation when the form is read (see src/config/generation.ts). */
export interface FormGeneration {
  /** the generation in use: forced or found; undefined while not known (the current one is tried first) */
  generation?: Generation;
  /** why the first generation, in words, for the messages of what it cannot take */
  v1Why?: string;
}

/**
 * `wallet`: the wallet that signs, when known (a receiver or payer equal to it is left out of the
 * request); `gen`: the generation of the service's routes, when known.
 */
export function checkForm(
  form: SwapForm,
  tokens: readonly Token[],
  wallet?: string,
  gen: FormGeneration = {},
): FormCheck {
  const errors: FieldErrors = {};
  const filled = form.input.trim() !== '' && form.output.trim() !== '' && form.amount.trim() !== '';
  let input: Token | undefined;
  let output: Token | undefined;
  if (form.input.trim()) {
    const r = resolveToken(form.input, tokens);
    if (r.ok) input = r.token as Token;
    else errors.input = r.error;
  }
  if (form.output.trim()) {
    const r = resolveToken(form.output, tokens);
    if (r.ok) output = r.token as Token;
    else errors.output = r.error;
  }
  if (input && output && input.id === output.id)
    errors.output = `the same token as the input (${input.symbol}); pick another`;

  let amount: bigint | undefined;
  const amountToken = form.mode === 'ExactOut' ? output : input;
  if (form.amount.trim() && amountToken) {
    try {
      amount = toBaseUnits(form.amount, amountToken.decimals, 'amount');
      if (amount === 0n) {
        errors.amount = 'amount: must be greater than zero';
        amount = undefined;
      }
    } catch (e) {
      errors.amount = e instanceof AmountError ? e.message : String(e);
    }
  }

  const slippage = parseSlippage(form.slippageBps);
  if (typeof slippage === 'string') errors.slippageBps = slippage;
  let maxAccounts: number | undefined;
  if (form.maxAccounts.trim()) {
    const v = intField(form.maxAccounts, 1, 256);
    if (typeof v === 'string') errors.maxAccounts = `maxAccounts ${v}`;
    else maxAccounts = v;
  }
  let platformFeeBps: number | undefined;
  if (form.platformFeeBps.trim()) {
    const v = intField(form.platformFeeBps, 0, 10_000);
    if (typeof v === 'string') errors.platformFeeBps = `platformFeeBps ${v}`;
    else platformFeeBps = v;
  }
  if (form.feeAccount.trim() && !isAddress(form.feeAccount.trim()))
    errors.feeAccount = 'feeAccount: must be a base58 token account address';
  const fee = parsePriorityFee(form.priorityFee ?? 'auto');
  if (typeof fee === 'string' && fee !== 'auto') errors.priorityFee = fee;
  const dexes = labels(form.dexes);
  const excludeDexes = labels(form.excludeDexes);
  if (dexes && excludeDexes) {
    const both = dexes.filter((d) => excludeDexes.includes(d));
    if (both.length) errors.excludeDexes = `excludeDexes: ${both.join(', ')} is also in dexes`;
  }

  const options = checkOptions(form, {
    wallet,
    inputMint: input?.id,
    outputMint: output?.id,
    priorityFee: typeof fee !== 'string',
    ...gen,
  });
  Object.assign(errors, options.errors);
  const path = swapPath(form, gen.generation);
  if (path.via === 'swap') {
    // the swap group has none of these: the form would silently drop them
    for (const key of orderFieldsSet(form)) {
      errors[key] ??=
        `${key}: the order group's (s) only, and this form goes through the swap group (${path.why.join(', ')}); clear it, or what makes the swap group`;
    }
  }

  const ok = Object.keys(errors).length === 0;
  const params: QuoteParams | undefined =
    ok && input && output && amount !== undefined && typeof slippage !== 'string'
      ? {
          inputMint: input.id,
          outputMint: output.id,
          amount: amount.toString(),
          slippageBps: slippage ?? DEFAULT_SLIPPAGE_BPS,
          swapMode: form.mode,
          ...(dexes ? { dexes } : {}),
          ...(excludeDexes ? { excludeDexes } : {}),
          ...(form.onlyDirectRoutes ? { onlyDirectRoutes: true } : {}),
          ...(form.restrictIntermediateTokens ? {} : { restrictIntermediateTokens: false }),
          ...(maxAccounts !== undefined ? { maxAccounts } : {}),
          ...(platformFeeBps !== undefined ? { platformFeeBps } : {}),
          ...(form.asLegacyTransaction ? { asLegacyTransaction: true } : {}),
          ...(form.instructionVersion !== 'V1' ? { instructionVersion: form.instructionVersion } : {}),
        }
      : undefined;
  return {
    input,
    output,
    amount,
    params,
    order: options.order,
    ...(typeof slippage === 'number' ? { slippageBps: slippage } : {}),
    build: options.build,
    buildV2: options.buildV2,
    ...(options.tipLamports !== undefined ? { tipLamports: options.tipLamports } : {}),
    errors,
    filled,
  };
}

/** The swap group's slippage when the form leaves it on auto. */
export const DEFAULT_SLIPPAGE_BPS = 50;

/**
 * Slippage as typed: empty = auto (the order group sets its own; the swap group uses 50 bps),
 * "0.5%" a percentage, "50bps" or a bare "50" basis points. Returns bps, undefined for auto, or
 * the message naming what is wrong.
 */
export function parseSlippage(text: string): number | undefined | string {
  const t = text.trim().toLowerCase().replace(/\s+/g, '');
  if (t === '' || t === 'auto') return undefined;
  const pct = /^(\d+(?:\.\d{1,2})?)%$/.exec(t);
  const bps = /^(\d+)(?:bps)?$/.exec(t);
  const value = pct ? Math.round(Number(pct[1]) * 100) : bps ? Number(bps[1]) : NaN;
  if (Number.isNaN(value)) return `slippage: "${text.trim()}" is not 0.5%, 50bps, 50 (bps) or empty for auto`;
  if (value > 10_000) return `slippage: at most 100% (10000 bps), got ${value} bps`;
  return value;
}

/**
 * The swap group's priority fee as typed: "auto"; a level ("medium", "high", "veryHigh") with an
 * optional most lamports ("high 50000", default 1,000,000); or exact lamports ("25000").
 */
export function parsePriorityFee(text: string): PrioritizationFee | string {
  const t = text.trim();
  if (t === '' || t.toLowerCase() === 'auto') return 'auto';
  if (/^\d{1,12}$/.test(t)) return Number(t);
  const m = /^(medium|high|veryhigh)(?:\s+(?:max\s+)?(\d{1,12}))?$/i.exec(t);
  if (!m)
    return `priority fee: "${t}" is not auto, lamports (25000), or medium, high or veryHigh with an optional most lamports ("high 50000")`;
  const level = PRIORITY_LEVELS.find((l) => l.toLowerCase() === m[1]!.toLowerCase())!;
  return { priorityLevelWithMaxLamports: { priorityLevel: level, maxLamports: m[2] ? Number(m[2]) : 1_000_000 } };
}

/** A priority fee in words, for the dialog: "auto", "25,000 lamports", "high, at most 50,000 lamports". */
export function priorityFeeText(fee: PrioritizationFee): string {
  if (fee === 'auto') return 'auto (the service picks)';
  if (typeof fee === 'number') return `${fee.toLocaleString('en-US')} lamports`;
  return `${fee.priorityLevelWithMaxLamports.priorityLevel}, at most ${fee.priorityLevelWithMaxLamports.maxLamports.toLocaleString('en-US')} lamports`;
}

/** The slippage presets offered while the field is edited. */
export const SLIPPAGE_PRESETS = ['auto', '0.1%', '0.5%', '1%', '3%'];

/** Which group `s` swaps through, and why: the order group unless the form asks for something only the swap group honours. */
export interface SwapPath {
  via: 'order' | 'swap';
  /** what the order group cannot honour (empty when it can do all of it) */
  why: string[];
}

/**
 * `generation`: the service's order route, when known. Its current generation (GET /swap/v2/order)
 * takes a slippage of the person's; the first (GET /ultra/v1/order) chooses its own, so a slippage
 * takes the swap group there. While it is not known the current generation is taken (it is asked first).
 */
export function swapPath(form: SwapForm, generation?: Generation): SwapPath {
  const why: string[] = [];
  if (form.mode === 'ExactOut') why.push('ExactOut');
  const slip = parseSlippage(form.slippageBps);
  if (typeof slip === 'number' && generation === 'v1') why.push(`slippage ${formatPercent(slip / 100)}`);
  if (form.dexes.trim()) why.push('only chosen DEXes');
  if (form.onlyDirectRoutes) why.push('direct routes only');
  if (!form.restrictIntermediateTokens) why.push('unrestricted intermediate tokens');
  if (form.maxAccounts.trim()) why.push('max accounts');
  if (form.platformFeeBps.trim()) why.push('platform fee');
  if (form.asLegacyTransaction) why.push('legacy transaction');
  if (form.instructionVersion !== 'V1') why.push(`instruction version ${form.instructionVersion}`);
  if (parsePriorityFee(form.priorityFee) !== 'auto') why.push('priority fee');
  why.push(...buildReasons(form));
  return { via: why.length ? 'swap' : 'order', why };
}

/** What the order route's quote is asked with beyond the pair and amount: the form's options, and the slippage typed. */
export function orderAsked(check: Pick<FormCheck, 'order' | 'slippageBps'>): OrderExtras & { slippageBps?: number } {
  return check.slippageBps !== undefined ? { ...check.order, slippageBps: check.slippageBps } : check.order;
}

/** A stable key of the quote parameters (one polled resource per distinct request). */
export function quoteKey(p: QuoteParams): string {
  return `swap/quote?${JSON.stringify(p)}`;
}

/** The key of the live quote for a path: the pane shows a quote only when it answers this key. */
export function liveQuoteKey(
  via: SwapPath['via'],
  p: QuoteParams,
  order: OrderExtras & { slippageBps?: number } = {},
): string {
  // the order group's quote also depends on the receiver, payer, routers and referral
  return `${via}:${quoteKey(p)}${via === 'order' && Object.keys(order).length ? `&${JSON.stringify(order)}` : ''}`;
}

/**
 * Why the wallet cannot pay `needRaw` of the input token, in token units; undefined when it can
 * (or the balance is not known yet). SOL keeps SOL_RESERVE_LAMPORTS back for fees and rent.
 */
export function shortfall(
  input: TokenRef,
  needRaw: bigint,
  balanceRaw: bigint | undefined,
  solBalanceRaw: bigint | undefined,
): string | undefined {
  if (balanceRaw === undefined) return undefined;
  const reserve = input.mint === NATIVE_MINT ? SOL_RESERVE_LAMPORTS : 0n;
  const usable = balanceRaw > reserve ? balanceRaw - reserve : 0n;
  const text = (raw: bigint, t: TokenRef) => amountText(raw, t);
  if (needRaw > usable) {
    const kept = reserve ? `, ${text(reserve, input)} kept for fees and rent` : '';
    return `not enough ${input.symbol}: needs ${text(needRaw, input)}, wallet has ${text(balanceRaw, input)}${kept}`;
  }
  if (input.mint !== NATIVE_MINT && solBalanceRaw !== undefined && solBalanceRaw < SOL_RESERVE_LAMPORTS) {
    return `not enough SOL for fees and rent: the wallet has ${text(solBalanceRaw, SOL_REF)}, keep at least ${text(SOL_RESERVE_LAMPORTS, SOL_REF)}`;
  }
  return undefined;
}

const SOL_REF: TokenRef = { mint: NATIVE_MINT, symbol: 'SOL', decimals: 9 };

/** Lamports kept back by `max` when the input is SOL: network fees and new token accounts' rent. */
export const SOL_RESERVE_LAMPORTS = 10_000_000n;
