// The tokens of an action with the chain's facts of their mints (decimals, token program), for
// every flow that converts an amount or declares what its transactions may move: what the
// service's lists claim is checked against the chain, never used in its place.
import { FIXED_MINTS, tradeFacts, type ClaimedToken } from '../rpc/mintFacts.js';
import type { ExpectedToken } from '../pipeline/types.js';
import { sanitize } from '../text/sanitize.js';
import type { Services } from '../services/index.js';

/** What the service's token lists claim about a mint (its latest record), for a check against the chain. */
export function listedClaim(s: Pick<Services, 'catalog'>, mint: string): ClaimedToken | undefined {
  const t = s.catalog.getState().latest[mint];
  return t && { mint, symbol: t.symbol, decimals: t.decimals, tokenProgram: t.tokenProgram };
}

/** How a mint is named in a dialog line: its fixed symbol, the list's symbol (cleaned), or its short address. */
function symbolOf(s: Pick<Services, 'catalog'>, mint: string): string {
  return (
    FIXED_MINTS[mint]?.symbol ??
    (sanitize(s.catalog.getState().latest[mint]?.symbol ?? '')
      .trim()
      .slice(0, 16) ||
      `${mint.slice(0, 4)}…${mint.slice(-4)}`)
  );
}

/**
 * The tokens of a trade whose amounts were read with `decimals`, with the chain's facts: a string
 * is the one line saying why it is not traded (facts unavailable, or the chain contradicting the
 * decimals used or what the service's list claims).
 */
export async function tradeTokens(
  s: Pick<Services, 'catalog' | 'mintFacts'>,
  tokens: ReadonlyArray<{ mint: string; symbol: string; decimals: number }>,
): Promise<ExpectedToken[] | string> {
  const facts = await tradeFacts(s.mintFacts, tokens, (mint) => listedClaim(s, mint));
  if (typeof facts === 'string') return facts;
  return tokens.map((t) => ({
    mint: t.mint,
    symbol: t.symbol,
    decimals: t.decimals,
    program: facts.get(t.mint)!.program,
  }));
}

/**
 * The tokens of mints an action may receive back (a cancel's order mints), with the chain's facts,
 * for the dialog's lines; a mint whose facts cannot be had is left out (shown in base units).
 */
export async function returnedTokens(
  s: Pick<Services, 'catalog' | 'mintFacts'>,
  mints: readonly string[],
): Promise<ExpectedToken[]> {
  const out: ExpectedToken[] = [];
  for (const mint of new Set(mints)) {
    try {
      const f = await s.mintFacts.get(mint);
      out.push({ mint, symbol: symbolOf(s, mint), decimals: f.decimals, program: f.program });
    } catch {
      // not known from the chain: the amount stays in base units
    }
  }
  return out;
}
