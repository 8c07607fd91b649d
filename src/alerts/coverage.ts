// Which token lists the background poll fetches so that every armed alert's mint gets fresh prices
// while its row is not on screen. The token data group has only category lists (top 100 at most),
// so a mint is covered by the first category whose list was seen holding it; a mint no list has
// shown yet is looked for in all three. A mint outside every top-100 list cannot be priced by
// this service: its alert waits, and the Alerts view says so.
import { TOKEN_CATEGORIES } from '../api/contract/tokens.js';
import type { TokenCategory } from '../api/types.js';
import type { TokensState } from '../store/tokens.js';
import type { Alert } from './model.js';

/** The list each category is polled with: the largest page, any window (every record carries all four). */
export const WATCH_LIST = { interval: '24h', limit: 100 } as const;

interface ListsIndex {
  /** the first category (in TOKEN_CATEGORIES order) whose lists hold each mint */
  category: Map<string, TokenCategory>;
  /** the mints of each category's WATCH_LIST list, when it has been seen */
  watched: Map<TokenCategory, Set<string>>;
}

/**
 * The lists seen, indexed once per change of them: a screen asks about every alert on each key
 * and each refresh, and with a thousand alerts a scan of every list per alert would cost a key
 * tens of milliseconds.
 */
const indexes = new WeakMap<TokensState['lists'], ListsIndex>();

function indexOf(lists: TokensState['lists']): ListsIndex {
  let index = indexes.get(lists);
  if (index) return index;
  index = { category: new Map(), watched: new Map() };
  for (const category of TOKEN_CATEGORIES) {
    for (const [key, list] of Object.entries(lists)) {
      if (!key.startsWith(`${category}/`)) continue;
      for (const t of list.tokens) if (!index.category.has(t.id)) index.category.set(t.id, category);
    }
    const watched = lists[`${category}/${WATCH_LIST.interval}/${WATCH_LIST.limit}`];
    if (watched) index.watched.set(category, new Set(watched.tokens.map((t) => t.id)));
  }
  indexes.set(lists, index);
  return index;
}

/** The category that covers each mint, from the lists seen so far (undefined: no list has shown it). */
export function categoryOf(mint: string, lists: TokensState['lists']): TokenCategory | undefined {
  return indexOf(lists).category.get(mint);
}

/** The categories the armed alerts need, worked out once per change of the alerts or the lists. */
const needs = new WeakMap<readonly unknown[], { lists: TokensState['lists']; needed: Set<TokenCategory> }>();

/** The categories that cover `mints` (all three while one of them has not been seen in any list). */
function categoriesFor(mints: Iterable<string>, lists: TokensState['lists']): Set<TokenCategory> {
  const needed = new Set<TokenCategory>();
  for (const mint of mints) {
    const c = categoryOf(mint, lists);
    if (c === undefined) {
      for (const each of TOKEN_CATEGORIES) needed.add(each);
      break;
    }
    needed.add(c);
  }
  return needed;
}

/**
 * Whether the background poll needs this category's list now: for the armed alerts, and for the
 * mints `others` names (the standing orders' tokens: standingMints in src/orders/standing/checker.ts), worked out
 * once per change of either or of the lists.
 */
export function categoryNeeded(
  category: TokenCategory,
  alerts: readonly Alert[],
  lists: TokensState['lists'],
  others: readonly string[] = NONE,
): boolean {
  const of = (key: readonly unknown[], mints: () => Iterable<string>) => {
    let known = needs.get(key);
    if (!known || known.lists !== lists) {
      known = { lists, needed: categoriesFor(mints(), lists) };
      needs.set(key, known);
    }
    return known.needed.has(category);
  };
  return (
    of(alerts, () => alerts.filter((a) => a.state === 'armed').map((a) => a.mint)) ||
    (others.length > 0 && of(others, () => others))
  );
}

const NONE: readonly string[] = [];

/** Whether any list polled with WATCH_LIST has come back without this mint in all three categories. */
export function outsideLists(mint: string, lists: TokensState['lists']): boolean {
  const { watched } = indexOf(lists);
  return TOKEN_CATEGORIES.every((c) => {
    const l = watched.get(c);
    return l !== undefined && !l.has(mint);
  });
}
