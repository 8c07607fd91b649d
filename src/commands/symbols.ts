// Mint -> symbol and decimals for printing amounts, from the service's token lists; and typed
// words -> tokens for the commands that read a token, through the one lookup of src/api/resolveToken.ts.
import type { HeadlessServices } from './print.js';
import type { Token } from '../api/types.js';
import { lookUpTokens } from '../api/resolveToken.js';
import { shortAddress } from '../text/format.js';
import { knownTokens } from './tokens.js';
import { clean } from './print.js';

export interface TokenLabels {
  /** the token's symbol (cleaned), or a shortened mint when the lists do not know it */
  symbol(mint: string): string;
  decimals(mint: string): number | undefined;
}

export function labelsFrom(tokens: Iterable<{ id: string; symbol?: unknown; decimals?: unknown }>): TokenLabels {
  const byMint = new Map<string, { symbol: string; decimals?: number }>();
  for (const t of tokens) {
    if (byMint.has(t.id)) continue;
    byMint.set(t.id, {
      symbol: clean(t.symbol, 16),
      decimals: typeof t.decimals === 'number' ? t.decimals : undefined,
    });
  }
  return {
    symbol: (mint) => byMint.get(mint)?.symbol || shortAddress(clean(mint, 60)),
    decimals: (mint) => byMint.get(mint)?.decimals,
  };
}

export async function tokenLabels(services: HeadlessServices): Promise<TokenLabels> {
  return labelsFrom(await knownTokens(services));
}

/**
 * The tokens that typed words are read against: every category list, plus what the service's
 * search finds for a word none of them holds (the same lookup as the dashboard's `:` commands).
 */
export async function tokensFor(
  services: HeadlessServices,
  words: readonly string[],
  /** the lists, when the caller has read them already */
  known?: Token[],
): Promise<Token[]> {
  const lists = known ?? (await knownTokens(services));
  const { tokens } = await lookUpTokens(words, {
    known: () => lists,
    lists: async () => lists,
    search: (word) => services.api.tokens.search({ query: word }),
  });
  return tokens;
}
