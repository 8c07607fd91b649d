// How the Tokens screen was left (category, change window, row count, sort), kept in the state
// directory as tokens-view.json and restored at the next start. Read defensively: a value that is
// not one of the known ones is ignored, never trusted.
import { join } from 'node:path';
import { TOKEN_CATEGORIES, TOKEN_INTERVALS } from './api/contract/tokens.js';
import type { TokenCategory, TokenInterval } from './api/types.js';
import { readStateFile, writeStateFile } from './stateFile.js';
import type { SortDir, TokensStore } from './store/tokens.js';

export const TOKENS_VIEW_FILE = 'tokens-view.json';

export interface TokensView {
  category?: TokenCategory;
  interval?: TokenInterval;
  limit?: number;
  sortColumn?: string;
  sortDir?: SortDir;
}

export async function loadTokensView(stateDir: string): Promise<TokensView> {
  let raw: unknown;
  try {
    raw = JSON.parse((await readStateFile(join(stateDir, TOKENS_VIEW_FILE))) ?? '{}');
  } catch {
    return {};
  }
  if (typeof raw !== 'object' || raw === null) return {};
  const v = raw as Record<string, unknown>;
  const out: TokensView = {};
  if (TOKEN_CATEGORIES.includes(v.category as TokenCategory)) out.category = v.category as TokenCategory;
  if (TOKEN_INTERVALS.includes(v.interval as TokenInterval)) out.interval = v.interval as TokenInterval;
  if (Number.isInteger(v.limit) && (v.limit as number) >= 1 && (v.limit as number) <= 100)
    out.limit = v.limit as number;
  if (typeof v.sortColumn === 'string' && /^[a-z]{1,20}$/i.test(v.sortColumn)) out.sortColumn = v.sortColumn;
  if (v.sortDir === 'asc' || v.sortDir === 'desc') out.sortDir = v.sortDir;
  return out;
}

const pick = (s: ReturnType<TokensStore['getState']>): TokensView => ({
  category: s.category,
  interval: s.interval,
  limit: s.limit,
  sortColumn: s.sortColumn,
  sortDir: s.sortDir,
});

/** Saves the view whenever one of its settings changes (in order, one write at a time); returns the unsubscribe. */
export function persistTokensView(
  stateDir: string,
  store: TokensStore,
  onError: (message: string) => void,
): () => void {
  let last = JSON.stringify(pick(store.getState()));
  let chain: Promise<void> = Promise.resolve();
  return store.subscribe((s) => {
    const text = JSON.stringify(pick(s));
    if (text === last) return;
    last = text;
    chain = chain.then(() =>
      writeStateFile(stateDir, TOKENS_VIEW_FILE, text + '\n').catch((e: unknown) =>
        onError(`Tokens view not saved: ${e instanceof Error ? e.message : String(e)}`),
      ),
    );
  });
}
