// GET /tokens/v2/{category}/{interval} and GET /tokens/v2/search.
// Acts on: id (the mint), symbol, decimals. Everything else is shown only, and may be absent (the
// real service leaves out `tokenProgram` on category listings and interval stats on search results).
import { nullable, nullish, optional, type InferOutput } from 'valibot';
import { among, arr, bool, integerIn, intIn, maybe, nonEmptyStr, num, obj, str, text, fields } from './schema.js';
import { op } from './operation.js';

export const TOKEN_CATEGORIES = ['toporganicscore', 'toptraded', 'toptrending'] as const;
export type TokenCategory = (typeof TOKEN_CATEGORIES)[number];
export const TOKEN_INTERVALS = ['5m', '1h', '6h', '24h'] as const;
export type TokenInterval = (typeof TOKEN_INTERVALS)[number];
/** The labels of `organicScoreLabel` in the contract (another label is kept as text). */
export const ORGANIC_SCORE_LABELS = ['high', 'medium', 'low'] as const;
export type OrganicScoreLabel = (typeof ORGANIC_SCORE_LABELS)[number];

const onum = optional(nullable(num));
const nnum = nullish(num, null);
const nstr = nullish(str, null);
const statsSchema = obj({
  priceChange: onum,
  holderChange: onum,
  liquidityChange: onum,
  volumeChange: onum,
  buyVolume: onum,
  sellVolume: onum,
  buyOrganicVolume: onum,
  sellOrganicVolume: onum,
  numBuys: onum,
  numSells: onum,
  numTraders: onum,
  numOrganicBuyers: onum,
  numNetBuyers: onum,
});
export type TokenStats = InferOutput<typeof statsSchema>;

const obool = optional(nullable(bool));

export const tokenSchema = obj({
  id: nonEmptyStr,
  symbol: str,
  decimals: integerIn(0, 30),
  /** kept required: every screen and the symbol resolver name tokens by it */
  name: str,
  icon: nstr,
  twitter: nstr,
  telegram: nstr,
  website: nstr,
  dev: nstr,
  circSupply: nnum,
  totalSupply: nnum,
  tokenProgram: maybe(str),
  launchpad: nstr,
  partnerConfig: nstr,
  graduatedPool: nstr,
  graduatedAt: nstr,
  holderCount: nnum,
  fdv: nnum,
  mcap: nnum,
  usdPrice: nnum,
  priceBlockId: nnum,
  liquidity: nnum,
  stats5m: maybe(statsSchema),
  stats1h: maybe(statsSchema),
  stats6h: maybe(statsSchema),
  stats24h: maybe(statsSchema),
  firstPool: maybe(obj({ id: maybe(str), createdAt: maybe(str) })),
  audit: maybe(
    obj({
      mintAuthorityDisabled: obool,
      freezeAuthorityDisabled: obool,
      topHoldersPercentage: onum,
      devMints: onum,
      isSus: obool,
    }),
  ),
  organicScore: maybe(num),
  /** ORGANIC_SCORE_LABELS in the contract; another label is kept as text */
  organicScoreLabel: maybe(str),
  isVerified: nullish(bool, null),
  cexes: nullish(arr(str), null),
  tags: nullish(arr(str), null),
  updatedAt: maybe(str),
});
export type Token = InferOutput<typeof tokenSchema>;

const tokenListParams = fields({
  category: among(TOKEN_CATEGORIES),
  interval: among(TOKEN_INTERVALS),
  limit: optional(intIn(1, 100)),
});
export type TokenListParams = InferOutput<typeof tokenListParams>;

// A symbol, a name or a mint (mints may be comma-separated); the answer is a list of Token, the
// best matches first, at most 20. Not in every deployment's contract: a client asks it only for a
// word no category list holds.
const tokenSearchParams = fields({ query: text });
export type TokenSearchParams = InferOutput<typeof tokenSearchParams>;

export const TOKENS_OPERATIONS = {
  tokenList: op('GET', '/tokens/v2/{category}/{interval}', tokenListParams, arr(tokenSchema)),
  tokenSearch: op('GET', '/tokens/v2/search', tokenSearchParams, arr(tokenSchema)),
};
