// Resolves what a person typed (a symbol, a name, or a mint address) to a token of a list.
import type { Token } from './types.js';
import { isAddress } from '../chain/base58.js';

export type Resolution =
  | { ok: true; token: Pick<Token, 'id' | 'symbol' | 'name' | 'decimals'> & Partial<Token> }
  | { ok: false; error: string; candidates?: Token[] };

/**
 * Exact mint first, then exact symbol (case-insensitive; verified tokens preferred when several
 * share a symbol), then exact name. An ambiguous symbol is an error listing the mints.
 */
export function resolveToken(query: string, tokens: readonly Token[]): Resolution {
  const q = query.trim();
  if (q === '') return { ok: false, error: 'token: empty (type a symbol, a name or a mint address)' };
  const byMint = tokens.find((t) => t.id === q);
  if (byMint) return { ok: true, token: byMint };
  const lower = q.toLowerCase();
  const bySymbol = tokens.filter((t) => t.symbol.toLowerCase() === lower);
  if (bySymbol.length === 1) return { ok: true, token: bySymbol[0]! };
  if (bySymbol.length > 1) {
    const verified = bySymbol.filter((t) => t.isVerified === true);
    if (verified.length === 1) return { ok: true, token: verified[0]! };
    return {
      ok: false,
      error: `token "${q}" is ambiguous: ${bySymbol.map((t) => `${t.symbol} ${t.id}`).join(', ')}; use the mint address`,
      candidates: bySymbol,
    };
  }
  const byName = tokens.filter((t) => t.name.toLowerCase() === lower);
  if (byName.length === 1) return { ok: true, token: byName[0]! };
  if (isAddress(q)) return { ok: false, error: `token ${q}: not in the token list, so its decimals are unknown` };
  return { ok: false, error: `token "${q}": no token with that symbol, name or mint` };
}

/** Tokens whose symbol or name starts with (or contains) the text, best matches first. */
export function matchTokens(text: string, tokens: readonly Token[], max = 8): Token[] {
  const q = text.trim().toLowerCase();
  if (q === '') return [];
  const scored: Array<[number, Token]> = [];
  for (const t of tokens) {
    const s = t.symbol.toLowerCase();
    const n = t.name.toLowerCase();
    let score = -1;
    if (t.id === text.trim()) score = 0;
    else if (s === q) score = 1;
    else if (s.startsWith(q)) score = 2;
    else if (n.startsWith(q)) score = 3;
    else if (s.includes(q) || n.includes(q)) score = 4;
    if (score >= 0) scored.push([score * 10 + (t.isVerified ? 0 : 1), t]);
  }
  return scored
    .sort((a, b) => a[0] - b[0])
    .slice(0, max)
    .map(([, t]) => t);
}

/** Where typed words are looked up, nearest first. */
export interface TokenSource {
  /** the tokens at hand (no request) */
  known(): readonly Token[];
  /** every list the service offers, fetched (the category lists) */
  lists(): Promise<readonly Token[]>;
  /** the service's search for one word (GET /tokens/v2/search) */
  search(word: string): Promise<readonly Token[]>;
}

/** Not found at all (an ambiguous symbol was found, several times: asking further would not settle it). */
const unknown = (word: string, tokens: readonly Token[]) => {
  const r = resolveToken(word, tokens);
  return !r.ok && r.candidates === undefined;
};

function merged(a: readonly Token[], b: readonly Token[]): Token[] {
  const ids = new Set(a.map((t) => t.id));
  return [...a, ...b.filter((t) => !ids.has(t.id))];
}

/**
 * The one lookup of typed token words (a symbol, a name or a mint), whatever is on screen: what is
 * at hand first; for a word it does not know, every category list of the service; for a word
 * still unknown, the service's search. Resolves with every token it saw (what `resolveToken` then
 * reads the words against) and the ones the lists or the search added. A search that fails (a
 * service without it) leaves the word unknown, and its message says so as before.
 */
export async function lookUpTokens(
  words: readonly string[],
  source: TokenSource,
): Promise<{ tokens: Token[]; added: Token[] }> {
  const typed = [...new Set(words.map((w) => w.trim()).filter((w) => w !== ''))];
  const start = source.known();
  let tokens = [...start];
  if (typed.every((w) => !unknown(w, tokens))) return { tokens, added: [] };
  // (a source that cannot ask, or an answer that fails, leaves the words as they are)
  const ask = <T>(f: () => Promise<T>, none: T) =>
    Promise.resolve()
      .then(f)
      .catch(() => none);
  tokens = merged(tokens, await ask(() => source.lists(), [] as readonly Token[]));
  for (const word of typed.filter((w) => unknown(w, tokens))) {
    // only what the word names exactly: a search also answers near matches
    const lower = word.toLowerCase();
    const exact = (await ask(() => source.search(word), [] as readonly Token[])).filter(
      (t) => t.id === word || t.symbol.toLowerCase() === lower || t.name.toLowerCase() === lower,
    );
    tokens = merged(tokens, exact);
  }
  const had = new Set(start.map((t) => t.id));
  return { tokens, added: tokens.filter((t) => !had.has(t.id)) };
}
