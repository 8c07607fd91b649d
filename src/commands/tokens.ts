// `tradedeck tokens`: the top tokens of a category and interval.
import type { OptionsOf } from '../commands/registry.js';
import type { HeadlessServices } from './print.js';
import { TOKEN_CATEGORIES, TOKEN_INTERVALS } from '../api/contract/tokens.js';
import type { Token, TokenCategory, TokenInterval } from '../api/types.js';
import { formatPrice, formatPct, formatUsdCompact, shortAddress } from '../text/format.js';
import { printTable, printJson, clean, CommandError } from './print.js';
import { WELL_KNOWN_TOKENS, withFixedFacts } from '../rpc/mintFacts.js';

export interface TokensQuery {
  category: TokenCategory;
  interval: TokenInterval;
  limit?: number;
}

/** --category, --interval and --limit, checked before any request (exit 2). */
export function tokensQuery(opts: Pick<OptionsOf<'tokens'>, 'category' | 'interval' | 'limit'>): TokensQuery {
  const category = String(opts.category ?? 'toporganicscore');
  const interval = String(opts.interval ?? '24h');
  if (!(TOKEN_CATEGORIES as readonly string[]).includes(category)) {
    throw new CommandError(
      `--category: must be one of ${TOKEN_CATEGORIES.join(', ')} (got "${clean(category, 30)}")`,
      2,
    );
  }
  if (!(TOKEN_INTERVALS as readonly string[]).includes(interval)) {
    throw new CommandError(
      `--interval: must be one of ${TOKEN_INTERVALS.join(', ')} (got "${clean(interval, 30)}")`,
      2,
    );
  }
  let limit: number | undefined;
  if (opts.limit !== undefined) {
    const text = String(opts.limit).trim();
    limit = Number(text);
    if (!/^\d+$/.test(text) || limit < 1 || limit > 100)
      throw new CommandError(`--limit: must be a whole number from 1 to 100 (got "${clean(text, 30)}")`, 2);
  }
  return { category: category as TokenCategory, interval: interval as TokenInterval, limit };
}

/** The JSON document of `tokens` (and each line of `tokens --watch`): see docs/scripting.md. */
export interface TokensDocument {
  /** when the list was received, ISO 8601 UTC */
  time: string;
  category: TokenCategory;
  interval: TokenInterval;
  tokens: Token[];
}

export async function fetchTokens(
  services: HeadlessServices,
  query: TokensQuery,
  now: () => number = Date.now,
  signal?: AbortSignal,
): Promise<TokensDocument> {
  const tokens = await services.api.tokens.list(query, signal ? { signal } : undefined);
  return { time: new Date(now()).toISOString(), category: query.category, interval: query.interval, tokens };
}

export async function tokensCommand(services: HeadlessServices, opts: OptionsOf<'tokens'>): Promise<string> {
  const doc = await fetchTokens(services, tokensQuery(opts));
  if (opts.json) return printJson(doc, opts.indent);
  return tokensTable(doc.tokens, doc.interval);
}

/**
 * The table fits 80 columns: the symbol (✓ when verified) and a short mint tell tokens apart (two
 * tokens may share a symbol); big numbers are abbreviated (1.23M). Names and full mints: --json.
 */
export function tokensTable(tokens: Token[], interval: TokenInterval): string {
  const statsKey = `stats${interval}` as const;
  const rows = tokens.map((t, i) => [
    String(i + 1),
    clean(t.symbol, 10) + (t.isVerified ? ' ✓' : ''),
    formatPrice(t.usdPrice),
    formatPct(t[statsKey]?.priceChange ?? null),
    formatUsdCompact(sumVolume(t, statsKey)),
    formatUsdCompact(t.mcap),
    formatUsdCompact(t.liquidity),
    shortAddress(clean(t.id, 60)),
  ]);
  return printTable(
    ['#', 'SYMBOL', 'PRICE $', `CHG ${interval}`, `VOL ${interval}`, 'MCAP', 'LIQUIDITY', 'MINT'],
    rows,
    {
      right: new Set([0, 2, 3, 4, 5, 6]),
      fit: [
        ['cut', 1, 7],
        ['drop', 7],
        ['drop', 6],
        ['drop', 5],
      ],
    },
  );
}

function sumVolume(t: Token, key: 'stats5m' | 'stats1h' | 'stats6h' | 'stats24h'): number | null {
  const s = t[key];
  if (!s) return null;
  const buy = typeof s.buyVolume === 'number' ? s.buyVolume : null;
  const sell = typeof s.sellVolume === 'number' ? s.sellVolume : null;
  return buy === null && sell === null ? null : (buy ?? 0) + (sell ?? 0);
}

/** Every token the service lists in any category, each mint once, as the service sent it. */
export async function listedTokens(services: HeadlessServices): Promise<Token[]> {
  const lists = await Promise.all(
    TOKEN_CATEGORIES.map((category) => services.api.tokens.list({ category, interval: '24h', limit: 100 })),
  );
  const byId = new Map<string, Token>();
  for (const t of lists.flat()) if (!byId.has(t.id)) byId.set(t.id, t);
  return [...byId.values()];
}

/** The listed tokens plus the well-known ones, for symbol lookup: a fixed mint keeps its fixed facts. */
export function withWellKnown(listed: readonly Token[]): Token[] {
  const byId = new Map<string, Token>(WELL_KNOWN_TOKENS.map((t) => [t.id, t]));
  for (const t of listed) byId.set(t.id, withFixedFacts(byId.has(t.id) ? { ...byId.get(t.id)!, ...t } : t));
  return [...byId.values()];
}

/** Every token the service lists in any category, plus the well-known ones, for symbol lookup. */
export async function knownTokens(services: HeadlessServices): Promise<Token[]> {
  return withWellKnown(await listedTokens(services));
}
