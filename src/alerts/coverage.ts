// Which token lists the background poll fetches so that every armed alert's mint gets fresh prices
// while its row is not on screen. The token data group has only category lists (top 100 at most),
// so a mint is covered by the first category whose list was seen holding it; a mint no list has
// shown yet is looked for in all three. A mint outside every top-100 list cannot be priced by
// this service: its alert waits, and the Alerts view says so.
import { TOKEN_CATEGORIES, type TokenCategory } from '../api/types.js';
import type { TokensState } from '../store/tokens.js';
import type { Alert } from './model.js';

/** The list each category is polled with: the largest page, any window (every record carries all four). */
export const WATCH_LIST = { interval: '24h', limit: 100 } as const;

/** The category that covers each mint, from the lists seen so far (undefined: no list has shown it). */
export function categoryOf(mint: string, lists: TokensState['lists']): TokenCategory | undefined {
  for (const category of TOKEN_CATEGORIES) {
    for (const [key, list] of Object.entries(lists)) {
      if (key.startsWith(`${category}/`) && list.tokens.some((t) => t.id === mint)) return category;
    }
  }
  return undefined;
}

/** Whether the background poll needs this category's list now. */
export function categoryNeeded(category: TokenCategory, alerts: readonly Alert[], lists: TokensState['lists']): boolean {
  return alerts.some((a) => {
    if (a.state !== 'armed') return false;
    const c = categoryOf(a.mint, lists);
    return c === undefined || c === category;
  });
}

/** Whether any list polled with WATCH_LIST has come back without this mint in all three categories. */
export function outsideLists(mint: string, lists: TokensState['lists']): boolean {
  return TOKEN_CATEGORIES.every((c) => {
    const l = lists[`${c}/${WATCH_LIST.interval}/${WATCH_LIST.limit}`];
    return l !== undefined && !l.tokens.some((t) => t.id === mint);
  });
}
