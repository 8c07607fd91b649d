// Token data group: GET /tokens/v2/:category/:interval?limit= — the market's tokens ranked by
// organic score, traded volume or price momentum over the interval; GET /tokens/v2/search?query=
// — the tokens whose mint, symbol or name match, best first.
import { TOKEN_CATEGORIES, TOKEN_INTERVALS } from '../../api/contract/tokens.js';
import type { Token, TokenCategory, TokenInterval, TokenStats } from '../../api/types.js';
import type { SimKernel } from '../engine/kernel.js';
import { coreOf } from '../engine/core.js';
import { NATIVE_MINT, USDC_MINT, USDT_MINT } from '../../chain/mints.js';
import { OPERATIONS } from '../../api/contract/index.js';
import { Params } from './read-request.js';
import { Variability } from '../engine/variability.js';

/**
 * The contract says a listing "excludes generic top tokens". They stay listed here (further down)
 * so that symbol lookups over the lists still find them, but never in the top GENERIC_FIRST_RANK
 * places of any category: the lists are not dominated by SOL, USDC and USDT.
 */
export const GENERIC_TOP_TOKENS: ReadonlySet<string> = new Set([NATIVE_MINT, USDC_MINT, USDT_MINT]);
export const GENERIC_FIRST_RANK = 20;

/** Moves the generic top tokens below GENERIC_FIRST_RANK, keeping the order of everything else. */
export function demoteGeneric(tokens: Token[]): Token[] {
  const generic = tokens.filter((t) => GENERIC_TOP_TOKENS.has(t.id));
  const rest = tokens.filter((t) => !GENERIC_TOP_TOKENS.has(t.id));
  const out = [...rest];
  generic.forEach((t, i) => {
    const was = tokens.indexOf(t);
    out.splice(Math.min(out.length, Math.max(was, GENERIC_FIRST_RANK + i)), 0, t);
  });
  return out;
}

const WINDOWS = ['stats5m', 'stats1h', 'stats6h', 'stats24h'] as const;
const WINDOW_OF: Record<TokenInterval, (typeof WINDOWS)[number]> = {
  '5m': 'stats5m',
  '1h': 'stats1h',
  '6h': 'stats6h',
  '24h': 'stats24h',
};

/**
 * A listed token as the real service varies it: category listings leave out `tokenProgram` on
 * some items, some items lack interval stats other than the window listed, and some carry fields
 * the contract does not show. Stable per (seed, mint).
 */
export function varyToken(v: Variability, t: Token, interval: TokenInterval): Token {
  const out: Record<string, unknown> = { ...t };
  if (v.chance(t.id, 'no-tokenProgram', 0.35)) delete out.tokenProgram;
  if (v.chance(t.id, 'no-stats', 0.3)) {
    const others = WINDOWS.filter((w) => w !== WINDOW_OF[interval]);
    // pick is below others.length
    delete out[others[v.pick(t.id, 'stats-window', others.length)]!];
  }
  if (v.chance(t.id, 'no-audit-fields', 0.2) && t.audit)
    out.audit = {
      mintAuthorityDisabled: t.audit.mintAuthorityDisabled,
      freezeAuthorityDisabled: t.audit.freezeAuthorityDisabled,
    };
  if (v.chance(t.id, 'extra', 0.5)) {
    out.ctLikes = v.pick(t.id, 'ctLikes', 900);
    out.smartCtLikes = v.pick(t.id, 'smartCtLikes', 40);
  }
  if (v.chance(t.id, 'bonding', 0.15)) out.bondingCurve = null;
  return out as Token;
}

function windowOf(t: Token, interval: TokenInterval): TokenStats {
  return (
    (interval === '5m' ? t.stats5m : interval === '1h' ? t.stats1h : interval === '6h' ? t.stats6h : t.stats24h) ?? {}
  );
}

function volume(s: TokenStats): number {
  return (s.buyVolume ?? 0) + (s.sellVolume ?? 0);
}

/** ranking score of a token in a category (higher first) */
export function rankScore(t: Token, category: TokenCategory, interval: TokenInterval): number {
  const s = windowOf(t, interval);
  if (category === 'toporganicscore') return (t.organicScore ?? 0) * 1e12 + volume(s);
  if (category === 'toptraded') return volume(s);
  return (s.priceChange ?? 0) * Math.log10(1 + volume(s));
}

/** how long a launched token counts as new for the trending lists */
export const NEW_LAUNCH_MS = 3_600_000;

/** At most this many tokens answer a search, as the real service answers. */
export const SEARCH_LIMIT = 20;

/**
 * How well a token matches a search word (lower first; undefined: not at all): its mint, its
 * symbol exactly, its name exactly, then a symbol or name that starts with, then one that holds it.
 */
function searchRank(t: Token, q: string): number | undefined {
  if (t.id === q) return 0;
  const lower = q.toLowerCase();
  const symbol = t.symbol.toLowerCase();
  const name = t.name.toLowerCase();
  if (symbol === lower) return 1;
  if (name === lower) return 2;
  if (symbol.startsWith(lower) || name.startsWith(lower)) return 3;
  if (symbol.includes(lower) || name.includes(lower)) return 4;
  return undefined;
}

export function register(kernel: SimKernel): void {
  const market = coreOf(kernel).market;
  const variability = new Variability(kernel.seed);
  kernel.router.add('GET', '/tokens/v2/search', 'tokens', (req) => {
    const { query } = new Params(kernel, 'tokens').query(OPERATIONS.tokenSearch, req.query);
    const words = query
      .split(',')
      .map((w) => w.trim())
      .filter((w) => w !== '');
    const found: Array<{ t: Token; rank: number }> = [];
    for (const d of market.defs) {
      const t = market.sharedRecord(d.mint)!;
      const ranks = words.map((w) => searchRank(t, w)).filter((r): r is number => r !== undefined);
      if (ranks.length > 0) found.push({ t, rank: Math.min(...ranks) });
    }
    found.sort(
      (a, b) => a.rank - b.rank || (b.t.organicScore ?? 0) - (a.t.organicScore ?? 0) || (a.t.id < b.t.id ? -1 : 1),
    );
    return {
      status: 200,
      body: found.slice(0, SEARCH_LIMIT).map(({ t }) => varyToken(variability, t, '24h')),
    };
  });
  // ranked lists are reused until the market changes (a new slot or a trade)
  const ranked = new Map<string, { stamp: string; tokens: Token[] }>();
  // serialised answers of the current market stamp only, so stale ones never pile up
  const bodies = new Map<string, string>();
  let bodiesStamp = '';
  kernel.router.add('GET', '/tokens/v2/:category/:interval', 'tokens', (req) => {
    // the path's own words for an unknown category or interval, as the real service answers
    for (const [field, allowed] of [
      ['category', TOKEN_CATEGORIES],
      ['interval', TOKEN_INTERVALS],
    ] as const) {
      const got = req.params[field];
      if (got === undefined || !(allowed as readonly string[]).includes(got))
        kernel.fail({ status: 400, message: `${field}: "${got}" is not one of ${allowed.join(', ')}` });
    }
    const {
      category,
      interval,
      limit = 50,
    } = new Params(kernel, 'tokens').query(OPERATIONS.tokenList, req.query, req.params);
    const key = `${category}/${interval}`;
    const stamp = market.stamp();
    // the serialised answer is reused while nothing in the market changed (same slot, no trade)
    if (bodiesStamp !== stamp) {
      bodies.clear();
      bodiesStamp = stamp;
    }
    const bodyKey = `${key}/${limit}`;
    const cached = bodies.get(bodyKey);
    if (cached !== undefined) return { status: 200, body: undefined, json: cached };
    let hit = ranked.get(key);
    if (!hit || hit.stamp !== stamp) {
      const nowMs = kernel.clock.nowMs();
      const scored = market.defs.map((d) => {
        const t = market.sharedRecord(d.mint)!;
        // trending lists put launches of the last hour first, newest first
        const launchedMs =
          category === 'toptrending' && nowMs - d.firstPoolCreatedMs < NEW_LAUNCH_MS ? d.firstPoolCreatedMs : 0;
        return { t, launchedMs, score: rankScore(t, category, interval) };
      });
      scored.sort((a, b) => b.launchedMs - a.launchedMs || b.score - a.score || (a.t.id < b.t.id ? -1 : 1));
      hit = { stamp, tokens: demoteGeneric(scored.map((s) => s.t)) };
      ranked.set(key, hit);
    }
    const json = JSON.stringify(hit.tokens.slice(0, limit).map((t) => varyToken(variability, t, interval)));
    bodies.set(bodyKey, json);
    return { status: 200, body: undefined, json };
  });
}
