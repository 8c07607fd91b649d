// The create form's rules, checked field by field before anything is requested: each field that
// breaks a rule gets its own message naming the rule. Pure, except reading the image file.
import type { Token } from '../api/types.js';
import { readTokenImage, ImageError, type TokenImage } from './image.js';
import { DURATION_MAX_SECONDS, FEE_BPS_MAX, NAME_MAX, SYMBOL_MAX, TOKEN_SUPPLY, type StudioForm } from './preset.js';
import { resolveToken } from '../api/resolveToken.js';
import { isUnsafeText } from '../text/sanitize.js';
import { readDecimal } from '../text/amount.js';
import { parseDuration } from '../text/duration.js';

export type StudioField = keyof StudioForm;
export type FieldErrors = Partial<Record<StudioField, string>>;

/** How each field reads in the form, in messages and in `--help`. */
export const FIELD_LABELS: Record<StudioField, string> = {
  name: 'Name',
  symbol: 'Symbol',
  image: 'Image',
  quote: 'Quote token',
  initialCap: 'Start mcap',
  migrationCap: 'Migrate mcap',
  quoteDecimals: 'Quote decimals',
  feeBps: 'Fee bps',
  antiSniping: 'Anti-sniping',
  lpLocked: 'LP locked',
  vestTotal: 'Vest total',
  vestCliff: 'Cliff unlock',
  vestPeriods: 'Vest periods',
  vestDuration: 'Vest duration',
  vestCliffAfter: 'Cliff after',
};

export interface QuoteToken {
  mint: string;
  symbol: string;
  decimals: number;
  usdPrice?: number | null;
}

export interface Vesting {
  totalLockedVestingAmount: number;
  cliffUnlockAmount: number;
  numberOfVestingPeriod: number;
  totalVestingDuration: number;
  cliffDurationFromMigrationTime: number;
}

/** The form read into what the service is asked for (creator and image type are added later). */
export interface CheckedCurve {
  quote: QuoteToken;
  initialMarketCap: number;
  migrationMarketCap: number;
  tokenQuoteDecimal: number;
  vesting: Vesting;
  antiSniping: boolean;
  feeBps: number;
  isLpLocked: boolean;
  tokenName: string;
  tokenSymbol: string;
}

export interface Launch extends CheckedCurve {
  image: TokenImage;
}

/** "16000", "16,000", "16k", "1.5m", "0.25": a non-negative decimal; NaN when it is none of these. */
export function parseNumber(text: string): number {
  const m = /^(.*?)([km]?)$/i.exec(text.trim());
  try {
    // the one grammar of typed amounts ("1,5" is not 15), then an optional k or m
    // a text with a line break does not match (m! throws here and it reads as NaN); a match has both groups
    const { whole, frac } = readDecimal(m![1]!, 'number');
    const unit = m![2]!.toLowerCase();
    return Number(`${whole}.${frac || '0'}`) * (unit === 'k' ? 1e3 : unit === 'm' ? 1e6 : 1);
  } catch {
    return NaN;
  }
}

/** What a duration field of the form takes: "30d", "12h", "90m", "2w", "1y" or plain seconds; 0 for none. */
export const parseFieldDuration = (text: string): number | undefined =>
  parseDuration(text, { units: 'smhdwy', bareSeconds: true, zero: true });

function textRule(text: string, max: number, what: string): string | undefined {
  if (text.trim() === '') return `required: the token's ${what} (1 to ${max} characters)`;
  if (isUnsafeText(text)) return 'must not contain control characters';
  if (text !== text.trim()) return 'must not start or end with a space';
  if ([...text].length > max) return `at most ${max} characters (got ${[...text].length})`;
  return undefined;
}

function amountRule(text: string, what: string): number | string {
  const n = parseNumber(text);
  if (text.trim() === '') return `required: ${what}`;
  if (!Number.isFinite(n)) return `must be a number such as 16000 or 16k (got "${text.trim().slice(0, 20)}")`;
  return n;
}

function durationRule(text: string): number | string {
  if (text.trim() === '') return 'required: a duration such as 30d, 12h or 3600 (seconds); 0 for none';
  const n = parseFieldDuration(text);
  if (n === undefined) return `must be a duration such as 30d, 12h, 90m or seconds (got "${text.trim().slice(0, 20)}")`;
  if (n > DURATION_MAX_SECONDS) return 'at most 10 years';
  return n;
}

/** Every rule of the create form but the image file; `curve` only when no field is wrong. */
export function checkStudioForm(
  form: StudioForm,
  tokens: readonly Token[],
): { errors: FieldErrors; curve?: CheckedCurve } {
  const errors: FieldErrors = {};
  const set = (f: StudioField, v: string | undefined) => {
    if (v && !errors[f]) errors[f] = v;
  };
  set('name', textRule(form.name, NAME_MAX, 'name'));
  set('symbol', textRule(form.symbol, SYMBOL_MAX, 'symbol'));
  if (!errors.symbol && /\s/.test(form.symbol)) set('symbol', 'must not contain spaces');
  if (form.image.trim() === '') set('image', 'required: the path of a PNG, JPEG, GIF or WebP file');

  let quote: QuoteToken | undefined;
  const r = resolveToken(form.quote, tokens);
  if (!r.ok) set('quote', r.error.replace(/^token:?\s*/, ''));
  else
    quote = {
      mint: r.token.id,
      symbol: r.token.symbol || r.token.id.slice(0, 6),
      decimals: r.token.decimals,
      usdPrice: r.token.usdPrice,
    };

  const initial = amountRule(form.initialCap, 'the market cap the curve starts at, in the quote token');
  const migration = amountRule(form.migrationCap, 'the market cap at which the pool migrates, in the quote token');
  if (typeof initial === 'string') set('initialCap', initial);
  else if (initial <= 0) set('initialCap', 'must be greater than 0');
  if (typeof migration === 'string') set('migrationCap', migration);
  else if (typeof initial === 'number' && migration <= initial)
    set('migrationCap', `must be above the start market cap (${form.initialCap.trim()})`);

  let decimals = quote?.decimals ?? NaN;
  const decText = form.quoteDecimals.trim();
  if (decText !== '') {
    if (!/^\d{1,2}$/.test(decText) || Number(decText) > 18)
      set(
        'quoteDecimals',
        `must be a whole number 0..18, or empty for the quote token's own (got "${decText.slice(0, 10)}")`,
      );
    else if (quote && Number(decText) !== quote.decimals)
      set('quoteDecimals', `must be ${quote.symbol}'s decimals (${quote.decimals}), or empty`);
    else decimals = Number(decText);
  }

  const fee = form.feeBps.trim();
  if (!/^\d+$/.test(fee))
    set('feeBps', `must be a whole number of basis points 0..${FEE_BPS_MAX} (100 = 1%; got "${fee.slice(0, 10)}")`);
  else if (Number(fee) > FEE_BPS_MAX)
    set('feeBps', `must be at most ${FEE_BPS_MAX} (${FEE_BPS_MAX / 100}%); got ${fee}`);

  const vesting = checkVesting(form, set);
  if (
    Object.keys(errors).length > 0 ||
    !quote ||
    typeof initial !== 'number' ||
    typeof migration !== 'number' ||
    !vesting
  )
    return { errors };
  return {
    errors,
    curve: {
      quote,
      initialMarketCap: initial,
      migrationMarketCap: migration,
      tokenQuoteDecimal: decimals,
      vesting,
      antiSniping: form.antiSniping,
      feeBps: Number(fee),
      isLpLocked: form.lpLocked,
      tokenName: form.name,
      tokenSymbol: form.symbol,
    },
  };
}

function checkVesting(form: StudioForm, set: (f: StudioField, v: string | undefined) => void): Vesting | undefined {
  const total = amountRule(form.vestTotal, 'tokens locked for vesting (0 for none)');
  const cliff = amountRule(form.vestCliff, 'tokens unlocked at the cliff (0 for none)');
  const periodsText = form.vestPeriods.trim();
  const periods = /^\d+$/.test(periodsText) ? Number(periodsText) : NaN;
  const duration = durationRule(form.vestDuration);
  const cliffAfter = durationRule(form.vestCliffAfter);
  if (typeof total === 'string') set('vestTotal', total);
  else if (total > TOKEN_SUPPLY)
    set('vestTotal', `at most the whole supply (${TOKEN_SUPPLY.toLocaleString('en-US')} tokens)`);
  if (typeof cliff === 'string') set('vestCliff', cliff);
  if (!Number.isSafeInteger(periods))
    set('vestPeriods', `must be a whole number of periods, 0 for none (got "${periodsText.slice(0, 10)}")`);
  else if (periods > 10_000) set('vestPeriods', 'at most 10000 periods');
  if (typeof duration === 'string') set('vestDuration', duration);
  if (typeof cliffAfter === 'string') set('vestCliffAfter', cliffAfter);
  // each consistency rule is checked as soon as the fields it relates can be read
  const amounts = typeof total === 'number' && typeof cliff === 'number';
  const hasPeriods = Number.isSafeInteger(periods);
  const none = 'must be 0 when Vest total is 0 (nothing is locked)';
  const allAtCliff = 'must be 0: the cliff unlocks everything, nothing is left to vest';
  if (amounts && total === 0) {
    if (cliff > 0) set('vestCliff', none);
    if (hasPeriods && periods > 0) set('vestPeriods', none);
    if (typeof duration === 'number' && duration > 0) set('vestDuration', none);
    if (typeof cliffAfter === 'number' && cliffAfter > 0) set('vestCliffAfter', none);
  } else if (amounts && cliff > total) {
    set('vestCliff', `must not exceed Vest total (${form.vestTotal.trim()})`);
  } else if (amounts && cliff === total) {
    if (hasPeriods && periods > 0) set('vestPeriods', allAtCliff);
    if (typeof duration === 'number' && duration > 0) set('vestDuration', allAtCliff);
  } else if (amounts && hasPeriods) {
    if (periods === 0)
      set(
        'vestPeriods',
        `at least 1: ${form.vestTotal.trim()} locked minus ${form.vestCliff.trim()} at the cliff must vest over some periods`,
      );
    else if (duration === 0) set('vestDuration', 'must be above 0 when there are vesting periods');
    else if (typeof duration === 'number' && duration < periods)
      set('vestDuration', `must be at least one second per period (${periods} periods)`);
  }
  if (
    typeof total !== 'number' ||
    typeof cliff !== 'number' ||
    !hasPeriods ||
    typeof duration !== 'number' ||
    typeof cliffAfter !== 'number'
  )
    return undefined;
  return {
    totalLockedVestingAmount: total,
    cliffUnlockAmount: cliff,
    numberOfVestingPeriod: periods,
    totalVestingDuration: duration,
    cliffDurationFromMigrationTime: cliffAfter,
  };
}

/** The whole form including the image file: a launch ready to request, or every field's message. */
export async function checkLaunch(
  form: StudioForm,
  tokens: readonly Token[],
): Promise<{ errors: FieldErrors; launch?: Launch }> {
  const { errors, curve } = checkStudioForm(form, tokens);
  let image: TokenImage | undefined;
  if (!errors.image) {
    try {
      image = await readTokenImage(form.image);
    } catch (e) {
      if (!(e instanceof ImageError)) throw e;
      errors.image = e.message;
    }
  }
  if (!curve || !image) return { errors };
  return { errors, launch: { ...curve, image } };
}

/** "Name: required ..." lines in form order. */
export function errorLines(errors: FieldErrors): string[] {
  return (Object.keys(FIELD_LABELS) as StudioField[])
    .filter((f) => errors[f])
    .map((f) => `${FIELD_LABELS[f]}: ${errors[f]}`);
}
