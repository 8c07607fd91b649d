// What `:stop`, `:tp`, `:trail`, `:oco`, `:buy-above`, `:buy-below` (and their headless commands
// and the Orders form's standing kind) ask for, read into a request with every rule checked
// before anything is asked or stored; a mistake is one line naming the field and the fix. The
// grammar is :limit's: AMOUNT SELL <price> BUY [expiry 30d] [slippage 1%], the amount always in
// the token paid (a buy spends the quote token: `:buy-below 300 USDC @140 SOL`), the price always
// the pair's quote token per one of the other (@140 is 140 USDC per SOL), exchange notation
// (`@140 SOL/USDC`) when neither side is USDC, USDT or SOL. Further words are options, each
// `word value` once: a word added later (a custody) is one more entry of OPTION_WORDS.
// Pure: no requests, no React.
import { AmountError, fromBaseUnits, scaleDecimal, toBaseUnits } from '../../text/amount.js';
import type { Token } from '../../api/types.js';
import {
  futureTime,
  OrderInputError,
  pairOf,
  PRICE_SCALE,
  priceFloat,
  resolveOrderToken,
  type OrderToken,
} from '../../actions/orderRequest.js';
import { parseSlippage } from '../../actions/swapRequest.js';
import { formatPrice } from '../../text/format.js';
import { barExample } from '../../actions/sharedCommands.js';
import {
  DEFAULT_CAP_BPS,
  DEFAULT_EXPIRY_MS,
  MAX_CAP_BPS,
  MAX_EXPIRY_MS,
  waitsForFall,
  type StandingKind,
  type TrailDistance,
} from './terms.js';
import { parseDuration } from '../../text/duration.js';
import { CUSTODIES, readCustody, type Custody } from '../../vault/plan.js';

/** The commands (their words, help and examples: src/actions/sharedCommands.ts). */
export const STANDING_COMMANDS = ['stop', 'tp', 'trail', 'oco', 'buy-above', 'buy-below'] as const;
export type StandingCommand = (typeof STANDING_COMMANDS)[number];

/** The option words after the token received, each with its value. */
const OPTION_WORDS = ['expiry', 'slippage', 'custody', 'entry'] as const;
const OPTION_HINT = 'expiry 30d (at most 90d), slippage 1%, custody wallet|vault';
/** Who holds the funds until the order fills: the wallet (tradedeck's standing order) or the service's vault. */
export interface StandingRequest {
  command: StandingCommand;
  sell: OrderToken;
  buy: OrderToken;
  /** the pair the price is said in: quote per one base */
  base: OrderToken;
  quote: OrderToken;
  /** base units of sell */
  amount: bigint;
  /** the legs: one, or two for an OCO (take-profit first) */
  legs: Array<{ kind: StandingKind; trigger?: bigint; trail?: TrailDistance }>;
  capBps: number;
  expiresAt: number;
  /** "in 30 days (the default)", "at 2030-01-31 00:00 UTC" */
  expiryText: string;
  /** the market now, quote per base, from the token lists' USD prices (undefined: unknown) */
  market?: number;
  /** whether the person gave the slippage (else capBps is the default) */
  capGiven: boolean;
  /** wallet: a standing order tradedeck fires; vault: the service's order, filled from its vault */
  custody: Custody;
  /** an OCO's entry (OTOCO, vault only): spend the amount on the token priced at this price first */
  entry?: bigint;
}

function fail(m: string): never {
  throw new OrderInputError(m);
}

function amountOf(text: string | undefined, token: OrderToken): bigint {
  if (text === undefined || text === '') return fail('amount: missing');
  try {
    const v = toBaseUnits(text, token.decimals, 'amount');
    if (v === 0n) fail('amount: must be greater than zero');
    return v;
  } catch (e) {
    if (e instanceof AmountError) fail(e.message);
    throw e;
  }
}

function priceOf(text: string, what: string): bigint {
  if (text.trim() === '') fail(`${what}: write it right after "@", e.g. @140`);
  let p: bigint;
  try {
    p = scaleDecimal(text, PRICE_SCALE, what);
  } catch (e) {
    if (e instanceof AmountError) fail(e.message);
    throw e;
  }
  if (p! === 0n) fail(`${what}: must be greater than zero`);
  return p!;
}

/** quote per base from the tokens' USD prices (floats: only to compare with the market) */
function marketOf(base: OrderToken, quote: OrderToken): number | undefined {
  const b = base.usdPrice;
  const q = quote.usdPrice;
  return typeof b === 'number' && typeof q === 'number' && b > 0 && q > 0 ? b / q : undefined;
}

/** A custody word (`wallet` or `vault`, any case); `meaning` says what each is when the word is neither. */
/** The options after the token received, each once; a bare duration or date right after it is the expiry. */
function readOptions(
  words: readonly string[],
  nowMs: number,
): { capBps: number; capGiven: boolean; expiresAt: number; expiryText: string; custody: Custody; entry?: bigint } {
  let capBps = DEFAULT_CAP_BPS;
  let custody: Custody = 'wallet';
  let entry: bigint | undefined;
  // a duration ends on a whole minute (never later than asked)
  const minute = (ms: number) => Math.floor(ms / 60_000) * 60_000;
  let expiresAt = minute(nowMs + DEFAULT_EXPIRY_MS);
  let expiryText = 'in 30 days, the default';
  const seen = new Set<string>();
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    const eq = w.indexOf('=');
    const name = (eq > 0 ? w.slice(0, eq) : w).toLowerCase();
    const word = name === 'expires' ? 'expiry' : name;
    if ((CUSTODIES as readonly string[]).includes(word))
      fail(`unexpected "${words[i]}": write custody ${word} (after the token received: ${OPTION_HINT})`);
    if (!(OPTION_WORDS as readonly string[]).includes(word))
      fail(`unexpected "${w}" (after the token received: ${OPTION_HINT})`);
    if (seen.has(word)) fail(`${word}: given twice`);
    seen.add(word);
    const value = eq > 0 ? w.slice(eq + 1) : words[++i];
    if ((value === undefined || value === '') && word === 'entry')
      fail('entry: give the price to buy at, between sl and tp, e.g. entry 150');
    if (value === undefined || value === '') fail(`${word}: give a value (${OPTION_HINT})`);
    if (word === 'custody') {
      custody = readCustody(
        value,
        "wallet: tradedeck fires it from your wallet; vault: the service's order, filled from its vault",
      );
    } else if (word === 'entry') {
      entry = priceOf(value.replace(/^@/, ''), 'entry');
    } else if (word === 'slippage') {
      const v = parseSlippage(value);
      if (typeof v === 'string') fail(v);
      if (v === undefined) fail('slippage: give the cap, e.g. slippage 1% (the floor is the trigger less it)');
      if (v < 1)
        fail('slippage: at least 0.01% (with none the floor is the trigger itself, which a quote seldom meets)');
      if (v > MAX_CAP_BPS)
        fail(
          `slippage: at most ${MAX_CAP_BPS / 100}% for a standing order (${value} asked: the floor would be that far under the trigger)`,
        );
      capBps = v;
    } else {
      if (/^(none|never|no)$/i.test(value))
        fail('expiry: a standing order must end: give a duration such as 30d (at most 90d) or a date');
      const at = futureTime(value, nowMs, 'expiry');
      if (!at) fail(`expiry: "${value}" is not a duration (30d, 12h) or a date (2030-01-31); at most 90 days`);
      const ms = at.sec * 1000;
      if (ms - nowMs > MAX_EXPIRY_MS + 999) {
        const days =
          parseDuration(value) !== undefined
            ? `${value} asked`
            : `${value} is ${Math.ceil((ms - nowMs) / 86_400_000)} days away`;
        fail(`expiry: at most 90 days for a standing order (${days})`);
      }
      expiresAt = parseDuration(value) !== undefined ? minute(ms) : ms;
      expiryText = at.text;
    }
  }
  return { capBps, capGiven: seen.has('slippage'), expiresAt, expiryText, custody, ...(entry ? { entry } : {}) };
}

/**
 * The pair of an order's price: quote per one base, the base being what a sale sells (or what a
 * buy buys). `unit` (exchange notation BASE/QUOTE) is needed when neither side is USDC, USDT or
 * SOL, and must name the order's two tokens the right way round.
 */
function pairFor(
  command: StandingCommand,
  sell: OrderToken,
  buy: OrderToken,
  unit: string | undefined,
  catalog: readonly Token[],
  priceWord: string,
  buying = command === 'buy-above' || command === 'buy-below',
): { base: OrderToken; quote: OrderToken } {
  const want = buying ? { base: buy, quote: sell } : { base: sell, quote: buy };
  const right = `${want.base.symbol}/${want.quote.symbol}`;
  if (unit !== undefined) {
    const [b, q, ...more] = unit.split('/');
    if (more.length > 0 || !b || !q) fail(`price unit: "${unit}" is not BASE/QUOTE; write ${priceWord} ${right}`);
    const base = resolveOrderToken(b, 'price unit', catalog);
    const quote = resolveOrderToken(q, 'price unit', catalog);
    if (base.id === want.base.id && quote.id === want.quote.id) return want;
    if (base.id === want.quote.id && quote.id === want.base.id)
      fail(
        `price unit: ${priceWord} ${unit} prices ${base.symbol} in ${quote.symbol} (1 ${base.symbol} costs ${priceWord.replace(/^@/, '')} ${quote.symbol}); a ${command} ${buying ? 'buys' : 'sells'} ${want.base.symbol} at its price in ${want.quote.symbol}: write ${priceWord} ${right}`,
      );
    fail(`price unit: "${unit}" does not name this order's two tokens; write ${priceWord} ${right}`);
  }
  const pair = pairOf(sell, buy);
  if (!pair)
    fail(
      `price: neither ${sell.symbol} nor ${buy.symbol} is USDC, USDT or SOL, so "${priceWord}" reads either way; give the unit: ${priceWord} ${right}`,
    );
  if (pair.base.id !== want.base.id) {
    const example = buying
      ? `:${command} 300 ${pair.quote.symbol} @${priceWord.replace(/^@/, '')} ${pair.base.symbol}`
      : `:${command} 2 ${pair.base.symbol} @${priceWord.replace(/^@/, '')} ${pair.quote.symbol}`;
    fail(
      buying
        ? `${command} spends the quote token (${pair.quote.symbol}) on ${pair.base.symbol}: the amount is the ${pair.quote.symbol} to spend, e.g. ${example}`
        : `${command} sells the token priced (${pair.base.symbol}) for ${pair.quote.symbol}, e.g. ${example}; to buy ${pair.base.symbol} at a price use :buy-above or :buy-below`,
    );
  }
  return want;
}

/** "140.00 USDC" of a scaled price in the quote token */
const priceWords = (p: bigint, quote: OrderToken) => `${formatPrice(priceFloat(p))} ${quote.symbol}`;

/** A trigger on the wrong side of the market would fire at once: refused, the market said. */
function checkSide(
  command: StandingCommand,
  kind: StandingKind,
  trigger: bigint,
  r: { base: OrderToken; quote: OrderToken; market?: number },
): void {
  const m = r.market;
  if (m === undefined) return;
  const p = priceFloat(trigger);
  const market = `${formatPrice(m)} ${r.quote.symbol}`;
  const name = command === 'oco' ? (kind === 'take-profit' ? 'tp' : 'sl') : 'price';
  if (waitsForFall(kind) && p >= m)
    fail(
      `${name}: ${priceWords(trigger, r.quote)} is at or above the market (${r.base.symbol} ${market}), so it would fire at once; a ${kind} waits for the price to fall below where it is now`,
    );
  if (!waitsForFall(kind) && p <= m)
    fail(
      `${name}: ${priceWords(trigger, r.quote)} is at or below the market (${r.base.symbol} ${market}), so it would fire at once; a ${kind} waits for the price to rise above where it is now`,
    );
}

/** The custody the words ask for (`custody vault`, `custody=vault`), read before the rest; wallet when none. */
export function custodyOfWords(args: readonly string[]): Custody {
  for (let i = 0; i < args.length; i++) {
    const w = args[i]!.toLowerCase();
    if (w === 'custody=vault' || (w === 'custody' && args[i + 1]?.toLowerCase() === 'vault')) return 'vault';
  }
  return 'wallet';
}

/** The words of a command that name tokens (the sell and buy tokens, and a price unit's two): looked up before it is read. */
export function standingTokenWords(command: StandingCommand, args: readonly string[]): string[] {
  const at = buyIndex(command, args);
  // a unit is the word before the token received, seen there by buyIndex
  const unit = at.unit ? args[at.index - 1]!.split('/') : [];
  return [args[1], ...unit, args[at.index]].filter((w): w is string => w !== undefined && w !== '');
}

/** Where the token received is among the words: after the price (and its unit), or after the OCO's two prices. */
function buyIndex(command: StandingCommand, args: readonly string[]): { index: number; unit: boolean } {
  if (command === 'oco') return { index: 6, unit: false };
  const fourth = args[3];
  const unit =
    (args[2]?.startsWith('@') ?? false) && fourth !== undefined && fourth.includes('/') && !/^\d{4}-/.test(fourth);
  return { index: unit ? 4 : 3, unit };
}

/**
 * Reads a standing order's words (after the command's name): the tokens, the amount, the price or
 * distance (two prices for an OCO), then the options. `catalog` holds the tokens the words name.
 */
export function parseStandingArgs(
  command: StandingCommand,
  args: readonly string[],
  catalog: readonly Token[],
  nowMs: number,
): StandingRequest {
  const example = barExample(command);
  if (args.length < 3)
    fail(
      `give the amount, the token you ${command.startsWith('buy') ? 'spend' : 'sell'}, the ${command === 'trail' ? 'distance' : 'price'} and the token you receive, e.g. ${example}`,
    );
  const [amountText, sellText] = args;
  const sell = resolveOrderToken(sellText, command.startsWith('buy') ? 'spend token' : 'sell token', catalog);
  const { index, unit } = buyIndex(command, args);
  // the distinct shapes of each command's price part
  if (command === 'oco') {
    if (args[2]?.toLowerCase() !== 'tp' || args[4]?.toLowerCase() !== 'sl')
      fail(`oco: write both prices as tp <price> sl <price>, then the token you receive, e.g. ${example}`);
  } else if (command === 'trail') {
    if (args[2]?.startsWith('@'))
      fail(
        `trail: a trailing stop has a distance, not a price: ${barExample('trail')} (5% below its high) or :trail 2 SOL 5 USDC (5 USDC below it)`,
      );
  } else if (!args[2]?.startsWith('@')) {
    fail(`price: write it with @ as the trigger per one token, e.g. ${example}`);
  }
  const buyText = args[index];
  // a unit written the wrong way round is said before anything else is asked of the words
  if (unit) checkUnitSide(command, sell, args[index - 1]!, args[2]!, catalog);
  if (
    buyText === undefined ||
    buyText === '' ||
    buyText.includes('/') ||
    /^(expiry|slippage|expires|custody|entry)(=|$)/i.test(buyText)
  ) {
    const lead = args.slice(0, index).join(' ');
    if (buyText?.includes('/'))
      fail(
        `price unit: write it right after the price, then the token you receive: :${command} ${lead} ${buyText.split('/')[1]}`,
      );
    fail(
      `${command.startsWith('buy') ? 'buy token' : 'token received'}: give it after the ${command === 'trail' ? 'distance' : 'price'}, e.g. :${command} ${lead} ${command.startsWith('buy') ? 'SOL' : 'USDC'}`,
    );
  }
  const buy = resolveOrderToken(buyText, command.startsWith('buy') ? 'buy token' : 'token received', catalog);
  if (sell.id === buy.id) fail(`token received: the same as the token paid (${sell.symbol}); pick another`);
  const amount = amountOf(amountText, sell);
  // three words at least (checked above)
  const priceWord = command === 'oco' ? `@${args[3]}` : command === 'trail' ? '@PRICE' : args[2]!;
  // an OCO with an entry (OTOCO) spends the amount on the token priced first, then sells what it bought
  const otoco = command === 'oco' && args.slice(index + 1).some((w) => /^entry(=|$)/i.test(w));
  const pair =
    command === 'trail' && !pairOf(sell, buy)
      ? { base: sell, quote: buy }
      : pairFor(command, sell, buy, unit ? args[index - 1]! : undefined, catalog, priceWord, otoco || undefined);
  const r = { ...pair, market: marketOf(pair.base, pair.quote) };
  const legs: StandingRequest['legs'] = [];
  if (command === 'oco') {
    // "tp", "sl" and the token received were read at 2, 4 and 6: the prices at 3 and 5 are there
    const tp = priceOf(args[3]!.replace(/^@/, ''), 'tp');
    const sl = priceOf(args[5]!.replace(/^@/, ''), 'sl');
    if (tp <= sl)
      fail(
        `tp ${priceWords(tp, pair.quote)} is not above sl ${priceWords(sl, pair.quote)}: the take-profit sells above the market, the stop-loss below it, e.g. ${example}`,
      );
    // an OTOCO's pair is set on what its entry bought: its legs are judged against the entry, below
    if (!otoco) {
      checkSide(command, 'take-profit', tp, r);
      checkSide(command, 'stop-loss', sl, r);
    }
    legs.push({ kind: 'take-profit', trigger: tp }, { kind: 'stop-loss', trigger: sl });
  } else if (command === 'trail') {
    // three words at least (checked above)
    const d = args[2]!;
    if (d.endsWith('%')) {
      const m = /^(\d+(?:\.\d{1,2})?)%$/.exec(d);
      if (!m)
        fail(
          `distance: "${d}" is not a share such as 5% (two decimals at most) or an amount of ${buy.symbol} such as 5`,
        );
      const bps = Math.round(Number(m[1]) * 100);
      if (bps <= 0) fail('distance: must be more than 0%');
      if (bps >= 10_000)
        fail(
          `distance: ${d} below the high is at or under zero (a price cannot fall ${d}); give less than 100%, e.g. 5%`,
        );
      legs.push({ kind: 'trailing-stop', trail: { bps } });
    } else {
      const by = priceOf(d, 'distance');
      if (r.market !== undefined && priceFloat(by) >= r.market)
        fail(
          `distance: ${priceWords(by, pair.quote)} below the high is at or under zero at the market (${pair.base.symbol} ${formatPrice(r.market)} ${pair.quote.symbol}); give less, or a share such as 5%`,
        );
      legs.push({ kind: 'trailing-stop', trail: { by: fromScaled(by) } });
    }
  } else {
    const trigger = priceOf(args[2]!.slice(1), 'price');
    const kind = (
      { stop: 'stop-loss', tp: 'take-profit', 'buy-above': 'buy-above', 'buy-below': 'buy-below' } as const
    )[command];
    checkSide(command, kind, trigger, r);
    legs.push({ kind, trigger });
  }
  const opts = readOptions(args.slice(index + 1), nowMs);
  if (opts.entry !== undefined && command !== 'oco')
    fail(`entry: only an OCO takes an entry (an OTOCO: oco AMOUNT SPEND tp P sl P BUY entry P custody vault)`);
  if (opts.entry !== undefined && opts.custody !== 'vault')
    fail(
      "entry: an OCO with an entry (OTOCO) is the service's order, filled from its vault: add custody vault (--vault)",
    );
  if (opts.entry !== undefined) {
    // an OCO has its two legs
    const [tp, sl] = [legs[0]!.trigger!, legs[1]!.trigger!];
    if (!(opts.entry > sl && opts.entry < tp))
      fail(
        `entry: ${priceWords(opts.entry, pair.quote)} must lie between sl ${priceWords(sl, pair.quote)} and tp ${priceWords(tp, pair.quote)}: the pair is set on what the entry buys`,
      );
  }
  return {
    command,
    sell,
    buy,
    ...pair,
    amount,
    legs,
    ...opts,
    ...(r.market !== undefined ? { market: r.market } : {}),
  };
}

/**
 * A unit given with the price must price the token sold (a sale) or the token bought (a buy) in
 * the other: `@140 USDC/SOL` on a stop that sells SOL says 1 USDC costs 140 SOL, the wrong way round.
 */
function checkUnitSide(
  command: StandingCommand,
  sell: OrderToken,
  unit: string,
  priceWord: string,
  catalog: readonly Token[],
): void {
  const [b, q, ...more] = unit.split('/');
  if (more.length > 0 || !b || !q) fail(`price unit: "${unit}" is not BASE/QUOTE (1 BASE costs the price in QUOTE)`);
  const base = resolveOrderToken(b, 'price unit', catalog);
  const quote = resolveOrderToken(q, 'price unit', catalog);
  const buying = command === 'buy-above' || command === 'buy-below';
  const price = priceWord.replace(/^@/, '');
  if (buying ? quote.id === sell.id : base.id === sell.id) return;
  if (buying ? base.id === sell.id : quote.id === sell.id)
    fail(
      `price unit: @${price} ${unit} prices ${base.symbol} in ${quote.symbol} (1 ${base.symbol} costs ${price} ${quote.symbol}); a ${command} ${buying ? `spends ${sell.symbol} on a token at its price in ${sell.symbol}` : `sells ${sell.symbol} at its price`}: write @${price} ${buying ? `${quote.symbol}/${base.symbol}` : `${quote.symbol}/${base.symbol}`}`,
    );
  fail(`price unit: "${unit}" does not name ${sell.symbol}, the token ${buying ? 'spent' : 'sold'}`);
}

/** A scaled decimal as its shortest text. */
function fromScaled(v: bigint): string {
  return fromBaseUnits(v, PRICE_SCALE, { group: false });
}
