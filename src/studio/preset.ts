// The standard curve a launch starts from, so a name, a symbol and an image are enough: the shape
// of a launchpad's default (USDC quote, 16k -> 69k market cap, 1% fee, no vesting, LP locked).
// Every value can be changed in the form or with a flag of `tradedeck studio create`.

/** The text of each create-form field: what the form and the headless flags start from. */
export interface StudioForm {
  name: string;
  symbol: string;
  image: string;
  /** symbol, name or mint of the quote token */
  quote: string;
  initialCap: string;
  migrationCap: string;
  /** empty: the quote token's own decimals */
  quoteDecimals: string;
  feeBps: string;
  antiSniping: boolean;
  lpLocked: boolean;
  vestTotal: string;
  vestCliff: string;
  vestPeriods: string;
  /** a duration: 30d, 12h, 90m, 1w or seconds */
  vestDuration: string;
  vestCliffAfter: string;
}

export const STANDARD_PRESET: Readonly<StudioForm> = {
  name: '',
  symbol: '',
  image: '',
  quote: 'USDC',
  initialCap: '16000',
  migrationCap: '69000',
  quoteDecimals: '',
  feeBps: '100',
  antiSniping: false,
  lpLocked: true,
  vestTotal: '0',
  vestCliff: '0',
  vestPeriods: '0',
  vestDuration: '0',
  vestCliffAfter: '0',
};

export function presetForm(over: Partial<StudioForm> = {}): StudioForm {
  return { ...STANDARD_PRESET, ...over };
}

/** Limits checked before anything is requested. */
export const NAME_MAX = 32;
export const SYMBOL_MAX = 10;
export const FEE_BPS_MAX = 1000;
/** tokens minted by a studio launch (whole tokens); locked vesting cannot exceed it */
export const TOKEN_SUPPLY = 1_000_000_000;
export const IMAGE_MAX_BYTES = 512 * 1024;
/** the longest vesting schedule accepted: ten years */
export const DURATION_MAX_SECONDS = 10 * 365 * 86_400;

export const STUDIO_HELP = `Studio (launch on a bonding curve; --yes signs without asking, and is needed without a terminal):
  create                         --name TEXT --symbol TEXT --image PATH: name <= ${NAME_MAX} chars, symbol
                                 <= ${SYMBOL_MAX} (no spaces); image: PNG, JPEG, GIF or WebP by its bytes, at
                                 most ${IMAGE_MAX_BYTES / 1024} KiB
  preset (flags override it)     quote ${STANDARD_PRESET.quote}, market cap ${STANDARD_PRESET.initialCap} -> ${STANDARD_PRESET.migrationCap} (migration),
                                 fee ${STANDARD_PRESET.feeBps} bps, no vesting, LP locked, anti-sniping off
  curve flags                    --quote T --initial-cap N --migration-cap N --quote-decimals N
                                 --fee-bps N (0..${FEE_BPS_MAX}) --anti-sniping --lp-unlocked
                                 --vest-total N --vest-cliff N (tokens) --vest-periods N
                                 --vest-duration D --vest-cliff-after D (30d, 12h, 3600 seconds)
  claim POOL [--max AMOUNT|max]  POOL: an address or a symbol launched here; AMOUNT in the quote
                                 token (--quote T for a pool not launched here); default max: all
`;

const compact = (text: string) => (Number(text) >= 1000 ? `${Number(text) / 1000}k` : text);
/** The preset in a few words for the form's title line (80 columns). */
export const PRESET_SHORT = `${STANDARD_PRESET.quote}, mcap ${compact(STANDARD_PRESET.initialCap)} → ${compact(STANDARD_PRESET.migrationCap)}, ${Number(STANDARD_PRESET.feeBps) / 100}% fee, no vesting, LP ${STANDARD_PRESET.lpLocked ? 'locked' : 'unlocked'}`;
