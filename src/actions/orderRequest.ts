// What `:limit` and `:dca` (and the Orders form) ask for, read into request values with every
// rule of the contract and the service's minimums (POST /trigger/v1/createOrder, POST /recurring/v1/createOrder) checked before any
// request, each refusal naming the field and the rule. Pure: no requests, no React.
import { AmountError, fromBaseUnits, scaleDecimal, toBaseUnits, U64_MAX } from '../text/amount.js';
import { NATIVE_MINT, USDC_MINT, USDT_MINT } from '../chain/mints.js';
import type { Token } from '../api/types.js';
import { resolveToken } from '../api/resolveToken.js';
import { tokenUniverse } from './swapRequest.js';
import { formatPercent, formatPrice, formatUsd } from '../text/format.js';
import { durationWords, parseDuration } from '../text/duration.js';
import { parseSlippage } from './swapRequest.js';
import { isAddress } from '../chain/base58.js';
import { DateInputError, looksLikeDate, readTypedTime, utcWords, type TypedTime } from './dateInput.js';

/** A mistake in what was typed; the message says what is wrong and how to fix it. */
export class OrderInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OrderInputError';
  }
}

/** The words after the order keys of a cancel: its compute unit price. */
export const CANCEL_OPTIONS = '[cu auto|N]';

/** Trigger orders must be worth at least this (USD). */
export const TRIGGER_MIN_USD = 5;
/** Recurring (time) orders: at least this in total, this many orders, this much per order (USD). */
export const DCA_MIN_TOTAL_USD = 100;
export const DCA_MIN_ORDERS = 2;
export const DCA_MIN_PER_ORDER_USD = 50;
/** The recurring service's fee on what each order buys, in basis points (0.1%), kept from the output. */
export const DCA_FEE_BPS = 10;
/** More orders than this is almost certainly a typo. */
export const DCA_MAX_ORDERS = 1000;

export type OrderToken = Pick<Token, 'id' | 'symbol' | 'name' | 'decimals'> & { usdPrice?: number | null };

/** Resolves a symbol, name or mint against the catalog (plus SOL and USDC by heart). */
export function resolveOrderToken(text: string | undefined, what: string, catalog: readonly Token[]): OrderToken {
  if (!text) throw new OrderInputError(`${what}: give a symbol or a mint address`);
  const r = resolveToken(text, tokenUniverse(catalog));
  if (!r.ok) throw new OrderInputError(`${what}: ${r.error.replace(/^token:? ?/, '')}`);
  return r.token;
}

function amountOf(text: string | undefined, token: OrderToken, what: string): bigint {
  if (text === undefined) throw new OrderInputError(`${what}: missing`);
  try {
    const v = toBaseUnits(text, token.decimals, what);
    if (v === 0n) throw new OrderInputError(`${what}: must be greater than zero`);
    return v;
  } catch (e) {
    if (e instanceof AmountError) throw new OrderInputError(e.message);
    throw e;
  }
}

/** A USD value in whole cents, rounded as usdWords shows it: minimums compare these, exactly. */
export function usdCents(usd: number): number {
  return Math.round(usd * 100);
}

/** The USD value of `raw` base units of `token` (floats: display and minimum checks only). */
export function usdValue(raw: bigint, token: OrderToken): number | undefined {
  const p = token.usdPrice;
  if (typeof p !== 'number' || !Number.isFinite(p) || p <= 0) return undefined;
  return (Number(raw) / 10 ** token.decimals) * p;
}

export interface LimitRequest {
  input: OrderToken;
  output: OrderToken;
  /** base units of input sold */
  making: bigint;
  /** base units of output wanted */
  taking: bigint;
  /** unix seconds; undefined: no expiry */
  expiredAtSec?: number;
  /** "no expiry" or "in 7 days" */
  expiryText: string;
  /** the trigger's slippage, bps (absent: the service's default) */
  slippageBps?: number;
  /** priority fee in microlamports, or auto */
  computeUnitPrice: string;
  /** the token account that collects a referral fee (feeAccount); absent: none */
  feeAccount?: string;
  /** wrapAndUnwrapSol as given (the service's default, true, when absent); only when SOL is a side */
  wrapAndUnwrapSol?: boolean;
  /** the unit an `@PRICE` was read in (quote per one base); absent for a total */
  priceUnit?: { base: OrderToken; quote: OrderToken };
}

/** The optional words after a limit order. */
interface LimitOptions {
  expiry: { sec?: number; text: string };
  slippageBps?: number;
  computeUnitPrice: string;
  feeAccount?: string;
  wrapAndUnwrapSol?: boolean;
}

const LIMIT_OPTION_WORDS = ['expiry', 'slippage', 'cu', 'fee-account', 'wrap'];
const LIMIT_OPTION_HINT = 'expiry 7d, slippage 1%, cu auto|N, fee-account ADDR, wrap on|off';

/**
 * `cu auto` or `cu N`: the compute unit price (priority fee) in microlamports per compute unit, a
 * whole number that fits u64, or auto (the service's choice).
 */
export function readComputeUnitPrice(value: string, word = 'cu'): string {
  const v = value.trim().toLowerCase();
  if (v === 'auto') return v;
  if (!/^\d+$/.test(v))
    throw new OrderInputError(`${word}: "${value}" is not auto or a whole number of microlamports per compute unit`);
  if (BigInt(v) > U64_MAX)
    throw new OrderInputError(`${word}: ${value} is larger than the largest possible price (u64)`);
  // 0 is a price (no priority fee); leading zeros are not sent as typed
  return BigInt(v).toString();
}

/** `wrap on|off`: wrapAndUnwrapSol. */
function readWrap(value: string): boolean {
  const v = value.toLowerCase();
  if (v === 'on' || v === 'true') return true;
  if (v === 'off' || v === 'false') return false;
  throw new OrderInputError(
    `wrap: "${value}" is not on or off (on: the order wraps and unwraps SOL for you; off: it uses your wSOL token account)`,
  );
}

/** `fee-account ADDR`: a base58 account address (the token account a referral fee goes to). */
function readFeeAccount(value: string): string {
  if (!isAddress(value)) throw new OrderInputError(`fee-account: "${value}" is not a base58 account address`);
  return value;
}

/** The optional words after a limit order: expiry, slippage, the compute unit price, the fee account and SOL wrapping, each once. */
function readLimitOptions(words: string[], nowMs: number): LimitOptions {
  const out: LimitOptions = { expiry: { text: 'no expiry' }, computeUnitPrice: 'auto' };
  const seen = new Set<string>();
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    const eq = w.indexOf('=');
    const name = (eq > 0 ? w.slice(0, eq) : w).toLowerCase();
    const inline = eq > 0 ? w.slice(eq + 1) : undefined;
    const word = name === 'expires' ? 'expiry' : name;
    if (!LIMIT_OPTION_WORDS.includes(word)) {
      // a bare duration, date or none right after the pair is the expiry, as before
      if (seen.size === 0 && i === 0 && /^(\d+[smhdw]|none|never|no|\d{4}-\d{2}-\d{2}\S*)$/i.test(w)) {
        out.expiry = readExpiry([w], nowMs);
        seen.add('expiry');
        continue;
      }
      throw new OrderInputError(`unexpected "${w}" (after the buy token: ${LIMIT_OPTION_HINT})`);
    }
    if (seen.has(word)) throw new OrderInputError(`${word}: given twice`);
    seen.add(word);
    const value = inline ?? words[++i];
    if (value === undefined || value === '') throw new OrderInputError(`${word}: give a value (${LIMIT_OPTION_HINT})`);
    if (word === 'expiry') out.expiry = readExpiry([value], nowMs);
    else if (word === 'slippage') {
      const v = parseSlippage(value);
      if (typeof v === 'string') throw new OrderInputError(v);
      out.slippageBps = v;
    } else if (word === 'cu') out.computeUnitPrice = readComputeUnitPrice(value);
    else if (word === 'fee-account') out.feeAccount = readFeeAccount(value);
    else out.wrapAndUnwrapSol = readWrap(value);
  }
  return out;
}

/** Reads an expiry: "7d" / "expiry 7d" / "expiry=7d" / "none" / an ISO date ("2030-01-31"). */
function readExpiry(words: string[], nowMs: number): { sec?: number; text: string } {
  let w = words.slice();
  if (w[0]?.toLowerCase() === 'expiry' || w[0]?.toLowerCase() === 'expires') w = w.slice(1);
  // the test just matched an "=" in w[0], so it splits in two at least
  else if (/^expir(y|es)=/i.test(w[0] ?? '')) w = [w[0]!.split('=')[1]!, ...w.slice(1)];
  const [t] = w;
  if (t === undefined)
    throw new OrderInputError('expiry: give a duration such as 7d, 12h or 30m, a date such as 2030-01-31, or none');
  if (w.length > 1) throw new OrderInputError(`unexpected "${w.slice(1).join(' ')}"`);
  if (/^(none|never|no)$/i.test(t)) return { text: 'no expiry' };
  const at = futureTime(t, nowMs, 'expiry');
  if (at) return at;
  throw new OrderInputError(`expiry: "${t}" is not a duration (7d, 12h, 30m), a date (2030-01-31) or none`);
}

/**
 * A time ahead, as a duration from now (7d, 12h, 30m) or a date or date-time with its zone
 * (2030-01-31, 2030-01-31T10:00Z, 2030-01-31T10:00+01:00), stated back in UTC; undefined when it
 * is neither. A date-time without a zone, a date that does not exist or a time past is refused.
 */
export function futureTime(t: string, nowMs: number, word: string): { sec: number; text: string } | undefined {
  const seconds = parseDuration(t);
  if (seconds !== undefined) return { sec: Math.floor(nowMs / 1000) + seconds, text: `in ${durationWords(seconds)}` };
  if (!looksLikeDate(t)) return undefined;
  let at: TypedTime;
  try {
    at = readTypedTime(t, word);
  } catch (e) {
    if (e instanceof DateInputError) throw new OrderInputError(e.message);
    throw e;
  }
  if (at.ms <= nowMs) throw new OrderInputError(`${word}: ${t} is in the past (it is ${utcWords(nowMs)} now)`);
  const typed = at.dateOnly ? 'the start of that day in UTC' : /z$/i.test(t) ? '' : `${t} as typed`;
  return { sec: Math.floor(at.ms / 1000), text: `at ${utcWords(at.ms)}${typed ? ` (${typed})` : ''}` };
}

/** `start 2h` / `start=2030-01-31` / `start now` after a DCA: when its first order runs. */
function readDcaStart(words: readonly string[], nowMs: number): { sec?: number; text: string; delaySec: number } {
  const [first] = words;
  if (first === undefined) return { text: 'now', delaySec: 0 };
  const eq = first.indexOf('=');
  const name = (eq > 0 ? first.slice(0, eq) : first).toLowerCase();
  if (name !== 'start')
    throw new OrderInputError(`unexpected "${first}" (after the interval: start 2h, start 2030-01-31)`);
  const rest = eq > 0 ? [first.slice(eq + 1), ...words.slice(1)] : words.slice(1);
  const [when] = rest;
  if (when === undefined || when === '')
    throw new OrderInputError('start: give a duration such as 2h or 1d, a date such as 2030-01-31, or now');
  if (rest.length > 1) throw new OrderInputError(`unexpected "${rest.slice(1).join(' ')}"`);
  if (/^now$/i.test(when)) return { text: 'now', delaySec: 0 };
  const at = futureTime(when, nowMs, 'start');
  if (!at) throw new OrderInputError(`start: "${when}" is not a duration (2h, 1d), a date (2030-01-31) or now`);
  return { ...at, delaySec: Math.max(0, at.sec - Math.floor(nowMs / 1000)) };
}

/** USDT's mint (mainnet): a quote asset as USDC is. */
/** The assets a price is said in, most preferred first: stablecoins before SOL. Matched by mint, never by symbol. */
export const QUOTE_MINTS = [USDC_MINT, USDT_MINT, NATIVE_MINT];
/** How the quote assets are named in messages. */
const QUOTE_NAMES = 'USDC, USDT or SOL';

/** The pair as a trader says it: `quote` per one `base`; undefined when neither side is a quote asset. */
export function pairOf(a: OrderToken, b: OrderToken): { base: OrderToken; quote: OrderToken } | undefined {
  const rank = (t: OrderToken) => {
    const i = QUOTE_MINTS.indexOf(t.id);
    return i < 0 ? Infinity : i;
  };
  if (rank(a) === Infinity && rank(b) === Infinity) return undefined;
  return rank(a) <= rank(b) ? { base: b, quote: a } : { base: a, quote: b };
}

/** Digits a typed price may carry after the point: a limit order's @price and a standing order's trigger. */
export const PRICE_SCALE = 18;
export const ONE = 10n ** BigInt(PRICE_SCALE);
/** The listed price as a float for comparisons (quote per base). */
export const priceFloat = (scaled: bigint): number => Number(scaled) / 1e18;

/** How a price compares with the market's: the ratio beyond which a reading is called far from it. */
const FAR_RATIO = 2;

/**
 * `@PRICE` read into the total to receive. With a unit, in exchange notation: `@160 SOL/USDC` is
 * 1 SOL for 160 USDC (the first token is the one priced, the second the one it is priced in), and
 * the unit must name the order's two tokens. Without one, the price is in the pair's quote asset per
 * one of the other token, as a trader says it (`:limit 100 USDC @0.45 GOLLA` buys GOLLA at 0.45 USDC
 * each; `:limit 2 SOL @150 USDC` sells SOL at 150 USDC each). With neither side a quote asset and no
 * unit, the direction is not clear: refused, never guessed. A unit written the wrong way round
 * (its price far from the market while the other reading is near it) is refused too.
 */
function takingAtPrice(
  priceText: string,
  unitText: string | undefined,
  making: bigint,
  input: OrderToken,
  output: OrderToken,
  catalog: readonly Token[],
): { taking: bigint; base: OrderToken; quote: OrderToken } {
  if (/^[\d.,]+[^\d.,\s]/.test(priceText) && priceText.includes('/'))
    throw new OrderInputError(
      `price: put a space between the number and its unit: @${priceText.replace(/^([\d.,]+)/, '$1 ')}`,
    );
  let price: bigint;
  try {
    price = scaleDecimal(priceText, PRICE_SCALE, 'price');
  } catch (e) {
    if (e instanceof AmountError)
      throw new OrderInputError(priceText.trim() === '' ? 'price: write it right after "@", e.g. @0.45' : e.message);
    throw e;
  }
  if (price === 0n) throw new OrderInputError('price: must be greater than zero');
  let pair: { base: OrderToken; quote: OrderToken } | undefined;
  const units = `${input.symbol}/${output.symbol} (1 ${input.symbol} costs ${priceText} ${output.symbol}) or ${output.symbol}/${input.symbol}`;
  if (unitText !== undefined) {
    const [b, q, ...more] = unitText.split('/');
    if (more.length > 0 || !b || !q)
      throw new OrderInputError(`price unit: "${unitText}" is not BASE/QUOTE; write ${units}`);
    const base = resolveOrderToken(b, 'price unit', catalog);
    const quote = resolveOrderToken(q, 'price unit', catalog);
    const ids = [input.id, output.id];
    if (base.id === quote.id || !ids.includes(base.id) || !ids.includes(quote.id))
      throw new OrderInputError(`price unit: "${unitText}" does not name this order's two tokens; write ${units}`);
    pair = base.id === input.id ? { base: input, quote: output } : { base: output, quote: input };
    refuseBackwards(priceText, unitText, pair);
  } else {
    pair = pairOf(input, output);
    if (!pair) {
      throw new OrderInputError(
        `price: neither ${input.symbol} nor ${output.symbol} is ${QUOTE_NAMES}, so "@${priceText}" reads either way; give the total instead, or the unit: @${priceText} ${units}`,
      );
    }
  }
  const one = 10n ** BigInt(PRICE_SCALE);
  const dIn = 10n ** BigInt(input.decimals);
  const dOut = 10n ** BigInt(output.decimals);
  // selling the base: receive making × price; buying the base: receive making ÷ price (rounded down)
  const taking =
    pair.base.id === input.id ? (making * price * dOut) / (one * dIn) : (making * one * dOut) / (price * dIn);
  if (taking === 0n)
    throw new OrderInputError('price: the total to receive rounds to zero; raise the amount or change the price');
  if (taking > U64_MAX)
    throw new OrderInputError('price: the total to receive is larger than the largest possible amount (u64)');
  return { taking, ...pair };
}

/**
 * `@160 USDC/SOL` says 1 USDC costs 160 SOL. When that is far from the market (over twice or
 * under half its price) while the other reading (1 SOL costs 160 USDC) is near it, the unit was
 * almost surely written the wrong way round: refused with both readings, never turned round.
 * Without both USD prices nothing can be told, and the dialog states the price both ways.
 */
function refuseBackwards(priceText: string, unitText: string, pair: { base: OrderToken; quote: OrderToken }): void {
  const pb = pair.base.usdPrice;
  const pq = pair.quote.usdPrice;
  if (typeof pb !== 'number' || typeof pq !== 'number' || !(pb > 0) || !(pq > 0)) return;
  const market = pb / pq;
  const typed = Number(priceText.replace(/,/g, ''));
  const far = (r: number) => r > FAR_RATIO || r < 1 / FAR_RATIO;
  if (!far(typed / market) || far(1 / typed / market)) return;
  throw new OrderInputError(
    `price unit: @${priceText} ${unitText} says 1 ${pair.base.symbol} costs ${priceText} ${pair.quote.symbol}, but the market is 1 ${pair.base.symbol} = ${formatPrice(market)} ${pair.quote.symbol}; for 1 ${pair.quote.symbol} at ${priceText} ${pair.base.symbol} write @${priceText} ${pair.quote.symbol}/${pair.base.symbol}`,
  );
}

/**
 * `:limit 2 SOL 300 USDC [expiry 7d]`: sell 2 SOL for 300 USDC in total. `@PRICE` instead of the
 * total is a price (takingAtPrice): `:limit 2 SOL @150 USDC` (150 USDC per SOL), `:limit 100 USDC
 * @0.45 GOLLA` (buy GOLLA at 0.45 USDC each); `@0.45 GOLLA/USDC` names the unit (1 GOLLA costs 0.45 USDC).
 */
export function parseLimitArgs(args: readonly string[], catalog: readonly Token[], nowMs: number): LimitRequest {
  if (args.length < 4)
    throw new OrderInputError('give the amount, the token you sell, the total (or @price) and the token you buy');
  // four words at least (checked above)
  const [amountText, sellText, totalText, fourth] = args as readonly [string, string, string, string];
  // "@0.45 USDC/GOLLA GOLLA": the word after the price names its unit when it holds a "/"
  const atPrice = totalText.startsWith('@');
  const unitText = atPrice && fourth.includes('/') ? fourth : undefined;
  const [buyText, ...rest] = args.slice(unitText !== undefined ? 4 : 3);
  if (buyText === undefined) throw new OrderInputError('buy token: give a symbol or a mint address after the price');
  const lateUnit = rest.find((w) => w.includes('/') && !/^\d{4}-/.test(w));
  if (atPrice && lateUnit !== undefined)
    throw new OrderInputError(
      `price unit: write it right after the price (${totalText} ${lateUnit} ${buyText}), not after the buy token`,
    );
  const input = resolveOrderToken(sellText, 'sell token', catalog);
  const output = resolveOrderToken(buyText, 'buy token', catalog);
  if (input.id === output.id)
    throw new OrderInputError(`buy token: the same as the sell token (${input.symbol}); pick another`);
  const making = amountOf(amountText, input, 'amount');
  let taking: bigint;
  let priceUnit: LimitRequest['priceUnit'];
  if (atPrice) {
    const at = takingAtPrice(totalText.slice(1), unitText, making, input, output, catalog);
    taking = at.taking;
    priceUnit = { base: at.base, quote: at.quote };
  } else {
    taking = amountOf(totalText, output, 'total');
  }
  const { expiry, slippageBps, computeUnitPrice, feeAccount, wrapAndUnwrapSol } = readLimitOptions(rest, nowMs);
  if (feeAccount !== undefined && (feeAccount === input.id || feeAccount === output.id)) {
    throw new OrderInputError(
      `fee-account: ${feeAccount} is the mint of ${feeAccount === input.id ? input.symbol : output.symbol}, not a token account; give the account that collects the fee`,
    );
  }
  if (wrapAndUnwrapSol !== undefined && input.id !== NATIVE_MINT && output.id !== NATIVE_MINT) {
    throw new OrderInputError(
      `wrap: applies only when SOL is sold or bought, and this order is ${input.symbol} → ${output.symbol}; leave it out`,
    );
  }
  const usd = usdValue(making, input);
  if (usd !== undefined && usdCents(usd) < TRIGGER_MIN_USD * 100) {
    throw new OrderInputError(
      `amount: about ${formatUsd(usd)}, under the ${formatUsd(TRIGGER_MIN_USD)} minimum of a limit order (${fromBaseUnits(making, input.decimals)} ${input.symbol})`,
    );
  }
  return {
    input,
    output,
    making,
    taking,
    expiredAtSec: expiry.sec,
    expiryText: expiry.text,
    ...(slippageBps !== undefined ? { slippageBps } : {}),
    computeUnitPrice,
    ...(feeAccount !== undefined ? { feeAccount } : {}),
    ...(wrapAndUnwrapSol !== undefined ? { wrapAndUnwrapSol } : {}),
    ...(priceUnit ? { priceUnit } : {}),
  };
}

/** The words of a `limit` that name tokens (the sell and buy tokens, and a price unit's two): what is looked up before it is read. */
export function limitTokenWords(args: readonly string[]): string[] {
  const unit = args[2]?.startsWith('@') && args[3]?.includes('/') ? args[3] : undefined;
  const buy = args[unit !== undefined ? 4 : 3];
  return [args[1], ...(unit?.split('/') ?? []), buy].filter((w): w is string => w !== undefined && w !== '');
}

/** The words of a `dca` that name tokens (what it pays with and what it buys). */
export function dcaTokenWords(args: readonly string[]): string[] {
  return [args[1], args[2]].filter((w): w is string => w !== undefined && w !== '');
}

/** What `cancel` reads: one or more order keys, then its options. */
export interface CancelRequest {
  keys: string[];
  /** computeUnitPrice of the cancel transactions, when given: auto or microlamports per compute unit */
  computeUnitPrice?: string;
}

/**
 * `cancel KEY [KEY ...] [cu auto|N]` (and `cancel-all [cu auto|N]` with no key): the keys as typed,
 * each once, and the compute unit price when given.
 */
export function parseCancelArgs(args: readonly string[], opts: { keys: 'one-or-more' | 'none' }): CancelRequest {
  const keys: string[] = [];
  let computeUnitPrice: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const w = args[i]!;
    const eq = w.indexOf('=');
    const name = (eq > 0 ? w.slice(0, eq) : w).toLowerCase();
    if (name === 'cu') {
      if (computeUnitPrice !== undefined) throw new OrderInputError('cu: given twice');
      const value = eq > 0 ? w.slice(eq + 1) : args[++i];
      if (value === undefined || value === '')
        throw new OrderInputError('cu: give a value (auto, or microlamports per compute unit such as 5000)');
      computeUnitPrice = readComputeUnitPrice(value);
      continue;
    }
    if (opts.keys === 'none') throw new OrderInputError(`unexpected "${w}" (cancel-all takes only ${CANCEL_OPTIONS})`);
    if (computeUnitPrice !== undefined)
      throw new OrderInputError(`unexpected "${w}" after cu: the order keys come first`);
    if (keys.includes(w)) throw new OrderInputError(`order ${w}: given twice`);
    keys.push(w);
  }
  if (opts.keys === 'one-or-more' && keys.length === 0)
    throw new OrderInputError('which order? give its order key (Enter on a row shows it)');
  return { keys, ...(computeUnitPrice !== undefined ? { computeUnitPrice } : {}) };
}

export interface MarketComparison {
  /** output per one input at the limit */
  limitPrice: number;
  /** output per one input at the market (catalog USD prices); undefined when a price is unknown */
  marketPrice?: number;
  /** what the order gives vs the market in percent: -10 means 10% less than selling at the market */
  pctFromMarket?: number;
  /** the price as a trader says it (quote per base) vs the market's, in percent */
  pricePct?: number;
  /** the order gives less than the market: it would fill at once, at a loss */
  worse: boolean;
  /** base and quote of the stated price */
  base: OrderToken;
  quote: OrderToken;
}

/** Loss beyond this (percent) against the market, at once: a typed confirmation. */
export const LIMIT_LOSS_TYPED_PCT = 5;
/** A price further than this (percent) from the market either way: a typed confirmation. */
export const LIMIT_FAR_TYPED_PCT = 50;

/** The base and quote a limit order's price is said in: as typed, else the pair's quote asset, else per one sold token. */
export function priceSides(r: Pick<LimitRequest, 'input' | 'output' | 'priceUnit'>): {
  base: OrderToken;
  quote: OrderToken;
} {
  return r.priceUnit ?? pairOf(r.input, r.output) ?? { base: r.input, quote: r.output };
}

export function compareWithMarket(
  r: Pick<LimitRequest, 'input' | 'output' | 'making' | 'taking' | 'priceUnit'>,
): MarketComparison {
  const made = Number(r.making) / 10 ** r.input.decimals;
  const taken = Number(r.taking) / 10 ** r.output.decimals;
  const limitPrice = made > 0 ? taken / made : 0;
  const sides = priceSides(r);
  const pIn = r.input.usdPrice;
  const pOut = r.output.usdPrice;
  if (typeof pIn !== 'number' || typeof pOut !== 'number' || !(pIn > 0) || !(pOut > 0))
    return { limitPrice, worse: false, ...sides };
  const marketPrice = pIn / pOut;
  const pct = (limitPrice / marketPrice - 1) * 100;
  // quote per base: the output-per-input price itself when the base is sold, its inverse when bought
  const pricePct = sides.base.id === r.input.id ? pct : (marketPrice / limitPrice - 1) * 100;
  return { limitPrice, marketPrice, pctFromMarket: pct, pricePct, worse: pct < 0, ...sides };
}

/** Why this limit needs a typed "yes" (a loss beyond 5% at once, or a price beyond ±50% of the market); undefined when it does not. */
export function limitRisk(m: MarketComparison): string | undefined {
  if (m.pctFromMarket !== undefined && m.pctFromMarket < -LIMIT_LOSS_TYPED_PCT) {
    return `it would fill at once, at a loss of ${formatPercent(Math.abs(m.pctFromMarket))} against the market (over ${LIMIT_LOSS_TYPED_PCT}%)`;
  }
  if (m.pricePct !== undefined && Math.abs(m.pricePct) > LIMIT_FAR_TYPED_PCT) {
    return `its price is ${formatPercent(m.pricePct, { signed: true })} from the market (beyond ±${LIMIT_FAR_TYPED_PCT}%)`;
  }
  return undefined;
}

export interface DcaRequest {
  input: OrderToken;
  output: OrderToken;
  /** base units, the whole deposit */
  inAmount: bigint;
  numberOfOrders: number;
  /** seconds (the unit POST /recurring/v1/createOrder takes for params.time.interval) */
  intervalSec: number;
  perCycle: bigint;
  /** when the first order runs (params.time.startAt, unix seconds); absent: at once */
  startAtSec?: number;
  /** "now", "in 2 hours", "at 2030-01-31T00:00:00Z" */
  startText: string;
  /** seconds from now to the first order (0: now) */
  startDelaySec: number;
  /** USD values when the input's price is known */
  totalUsd?: number;
  perOrderUsd?: number;
}

/** `:dca 300 USDC SOL 3 1h [start 2h]`: 300 USDC into SOL over 3 orders, one an hour (the first in 2 hours). */
export function parseDcaArgs(
  args: readonly string[],
  catalog: readonly Token[],
  nowMs = Date.now(),
  /** the recurring group's minimums (100 USD in all, 50 USD an order); the vault's DCA checks its own */
  minimums = true,
): DcaRequest {
  if (args.length < 5)
    throw new OrderInputError(
      'give the total, the token you pay, the token you buy, the number of orders and the interval',
    );
  const start = readDcaStart(args.slice(5), nowMs);
  // five words at least (checked above)
  const [totalText, fromText, toText, ordersText, intervalText] = args as readonly [
    string,
    string,
    string,
    string,
    string,
  ];
  const input = resolveOrderToken(fromText, 'from token', catalog);
  const output = resolveOrderToken(toText, 'to token', catalog);
  if (input.id === output.id)
    throw new OrderInputError(`to token: the same as the from token (${input.symbol}); pick another`);
  const inAmount = amountOf(totalText, input, 'total');
  if (!/^\d+$/.test(ordersText)) throw new OrderInputError(`orders: must be a whole number, got "${ordersText}"`);
  const numberOfOrders = Number(ordersText);
  if (numberOfOrders < DCA_MIN_ORDERS)
    throw new OrderInputError(`orders: at least ${DCA_MIN_ORDERS} (the service refuses fewer), got ${numberOfOrders}`);
  if (numberOfOrders > DCA_MAX_ORDERS)
    throw new OrderInputError(`orders: at most ${DCA_MAX_ORDERS}, got ${numberOfOrders}`);
  const intervalSec = parseDuration(intervalText);
  if (intervalSec === undefined)
    throw new OrderInputError(`interval: "${intervalText}" is not a duration such as 30m, 1h, 1d or 1w`);
  if (intervalSec < 60) throw new OrderInputError('interval: at least 1 minute (60s)');
  const perCycle = inAmount / BigInt(numberOfOrders);
  if (perCycle === 0n)
    throw new OrderInputError(
      `total: ${numberOfOrders} orders of 0 ${input.symbol}; raise the total or lower the number of orders`,
    );
  const totalUsd = usdValue(inAmount, input);
  let perOrderUsd: number | undefined;
  if (totalUsd !== undefined) perOrderUsd = totalUsd / numberOfOrders;
  if (totalUsd !== undefined && minimums) {
    // in whole cents, as the values are shown, and without a division: 4 × $50.00 = $200.00 is enough
    const totalCents = usdCents(totalUsd);
    if (totalCents < DCA_MIN_TOTAL_USD * 100) {
      throw new OrderInputError(
        `total: about ${formatUsd(totalUsd)}, under the ${formatUsd(DCA_MIN_TOTAL_USD)} minimum of a DCA (${fromBaseUnits(inAmount, input.decimals)} ${input.symbol})`,
      );
    }
    if (totalCents < DCA_MIN_PER_ORDER_USD * 100 * numberOfOrders) {
      const most = Math.floor(totalCents / (DCA_MIN_PER_ORDER_USD * 100));
      throw new OrderInputError(
        `orders: ${numberOfOrders} of about ${formatUsd(Math.floor(totalCents / numberOfOrders) / 100)} (${formatUsd(totalCents / 100)} in all); each must be at least ${formatUsd(DCA_MIN_PER_ORDER_USD)} (at most ${most} orders for this total)`,
      );
    }
  }
  return {
    input,
    output,
    inAmount,
    numberOfOrders,
    intervalSec,
    perCycle,
    ...(start.sec !== undefined ? { startAtSec: start.sec } : {}),
    startText: start.text,
    startDelaySec: start.delaySec,
    totalUsd,
    perOrderUsd,
  };
}

/** "3 buys of 100 USDC → SOL, every 1 hour, first now, last in 2 hours" */
export function scheduleWords(
  r: Pick<DcaRequest, 'input' | 'output' | 'numberOfOrders' | 'intervalSec' | 'perCycle'> & { startDelaySec?: number },
): string {
  const each = `${fromBaseUnits(r.perCycle, r.input.decimals, { maxFraction: Math.min(r.input.decimals, 6) })} ${r.input.symbol}`;
  const delay = r.startDelaySec ?? 0;
  const last = delay + (r.numberOfOrders - 1) * r.intervalSec;
  return `${r.numberOfOrders} buys of ${each} → ${r.output.symbol}, every ${durationWords(r.intervalSec)}, first ${delay > 0 ? `in ${durationWords(delay)}` : 'now'}, last in ${durationWords(last)}`;
}
