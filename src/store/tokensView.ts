// How the Tokens screen was left (category, change window, row count, sort), kept in the state
// directory as tokens-view.json and restored at the next start. Read defensively: a value that is
// not one of the known ones is ignored, never trusted.
import { join } from 'node:path';
import {
  fallback,
  integer,
  maxValue,
  minValue,
  number,
  object,
  optional,
  picklist,
  pipe,
  regex,
  string,
  type GenericSchema,
  type InferOutput,
} from 'valibot';
import { TOKEN_CATEGORIES, TOKEN_INTERVALS } from '../api/contract/tokens.js';
import { loadStateFile, writeStateFile } from '../state/file.js';
import type { SortDir, TokensStore } from './tokens.js';

export const TOKENS_VIEW_FILE = 'tokens-view.json';

/** A setting the file may leave out; one that is not among the known values is ignored, never trusted. */
const setting = <S extends GenericSchema>(s: S) => fallback(optional(s), undefined);

const tokensView = object({
  category: setting(picklist(TOKEN_CATEGORIES)),
  interval: setting(picklist(TOKEN_INTERVALS)),
  limit: setting(pipe(number(), integer(), minValue(1), maxValue(100))),
  sortColumn: setting(pipe(string(), regex(/^[a-z]{1,20}$/i))),
  sortDir: setting(picklist(['asc', 'desc'] satisfies SortDir[])),
});

export type TokensView = InferOutput<typeof tokensView>;

/** How the Tokens screen was left (a setting left out or unknown: undefined); a file that cannot be read as one is no view. */
export async function loadTokensView(stateDir: string): Promise<Partial<TokensView>> {
  try {
    return (await loadStateFile(join(stateDir, TOKENS_VIEW_FILE), tokensView)) ?? {};
  } catch {
    return {};
  }
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
