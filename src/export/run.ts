// The records to take away, from the journal, the service's order listings and the token catalog:
// what `tradedeck export` prints and the journal view's E writes to a file. The journal's export
// reads the state directory only (never the service, in any mode): a swap's amounts are converted
// with the decimals its entry recorded at signing, else those fixed in code for SOL, USDC and
// USDT, else left blank and said. It lists live entries; demo and paper ones only when asked, each
// marked in its description.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { knownTokens, loadTokens, resolveMint } from '../actions/swapFlow.js';
import { FIXED_TOKENS } from '../chain/mints.js';
import { modeOf, type Mode } from '../config/config.js';
import { readJournalFile, type JournalState } from '../journal/journal.js';
import { fetchFills, hasPlacedOrders } from '../portfolio/fills.js';
import { pnlEntries, spotPnl } from '../portfolio/pnl.js';
import { sanitize } from '../text/sanitize.js';
import type { Services } from '../services/index.js';
import { writeStateFile } from '../state/file.js';
import {
  FILL_COLUMNS,
  fillRows,
  JOURNAL_COLUMNS,
  journalRows,
  KOINLY_COLUMNS,
  koinlyRows,
  PNL_COLUMNS,
  pnlRows,
  toCsv,
  type EntryMintLookup,
  type MintLookup,
} from './rows.js';

export const EXPORT_KINDS = ['journal', 'fills', 'pnl'] as const;
export const EXPORT_FORMATS = ['csv', 'json', 'koinly'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export interface ExportRequest {
  kind: ExportKind;
  format: ExportFormat;
  since?: number;
  /** exclusive */
  until?: number;
  /** the journal's simulated entries to list beside the live ones (--include demo,paper) */
  include?: readonly Exclude<Mode, 'live'>[];
}

export class ExportError extends Error {}

/** Symbols and decimals from the one token catalog: the lists, then RPC for a mint no list holds. */
async function mintLookup(s: Services, mints: Iterable<string>): Promise<MintLookup> {
  await loadTokens(s);
  for (const m of new Set(mints)) await resolveMint(s, m);
  const byId = new Map(knownTokens(s).map((t) => [t.id, t]));
  return (mint) => {
    const t = byId.get(mint);
    return t
      ? { symbol: sanitize(t.symbol).slice(0, 16) || `${mint.slice(0, 4)}…${mint.slice(-4)}`, decimals: t.decimals }
      : { symbol: shortMint(mint) };
  };
}

function mintsOf(entries: readonly JournalState[]): string[] {
  return entries.flatMap((e) =>
    [e.summary?.inputMint, e.summary?.outputMint].filter((m): m is string => typeof m === 'string'),
  );
}

const shortMint = (mint: string) => `${mint.slice(0, 4)}…${mint.slice(-4)}`;

/** The symbol a summary's "0.5 BONK" gives, printable and short. */
function summarySymbol(text: unknown): string | undefined {
  if (typeof text !== 'string') return undefined;
  const word = sanitize(text.trim().split(/\s+/).pop() ?? '').slice(0, 16);
  return word && !/^[\d.,]+$/.test(word) ? word : undefined;
}

/**
 * Symbols and decimals of the journal's mints without asking anyone: the decimals the entry
 * recorded, else the fixed ones; the symbol fixed, else `known` (the catalog, when there is one),
 * else what the entry's summary said, else the mint shortened.
 */
function entryLookup(known?: (mint: string) => string | undefined): EntryMintLookup {
  return (mint, e) => {
    const fixed = FIXED_TOKENS[mint];
    const side =
      e.summary?.inputMint === mint ? e.summary.pay : e.summary?.outputMint === mint ? e.summary.receive : undefined;
    const recorded = e.decimals?.[mint];
    return {
      symbol: fixed?.symbol ?? known?.(mint) ?? summarySymbol(side) ?? shortMint(mint),
      decimals: recorded ?? fixed?.decimals,
    };
  };
}

/**
 * The journal's rows from the state directory alone (any mode, no service): its live entries, and
 * the demo or paper ones `req.include` names.
 */
export async function journalExportText(
  journalPath: string,
  req: Omit<ExportRequest, 'kind'>,
  known?: (mint: string) => string | undefined,
): Promise<string> {
  const { entries } = await readJournalFile(journalPath, { lean: true });
  const modes = new Set<Mode>(['live', ...(req.include ?? [])]);
  const within = (t: number) =>
    (req.since === undefined || t >= req.since) && (req.until === undefined || t < req.until);
  const rows = journalRows(
    entries.filter((e) => within(e.time) && modes.has(modeOf(e))),
    entryLookup(known),
  );
  if (req.format === 'koinly') return toCsv(KOINLY_COLUMNS, koinlyRows(rows, []));
  return req.format === 'json' ? JSON.stringify(rows) + '\n' : toCsv(JOURNAL_COLUMNS, rows);
}

/** The export as text: the rows of what was asked, in the format asked. The journal's is local (journalExportText). */
export async function exportText(s: Services, req: ExportRequest): Promise<string> {
  if (req.kind === 'journal') {
    const catalog = s.catalog.getState().latest;
    const known = (mint: string) => {
      const symbol = catalog[mint]?.symbol;
      return typeof symbol === 'string' && sanitize(symbol) ? sanitize(symbol).slice(0, 16) : undefined;
    };
    return journalExportText(join(s.stateDir, 'journal.jsonl'), req, known);
  }
  if (!s.journal) throw new ExportError('the journal could not be opened: nothing to export');
  // the P&L and the fills keep only what they count
  const all = await pnlEntries(s.journal);
  const within = (t: number) =>
    (req.since === undefined || t >= req.since) && (req.until === undefined || t < req.until);
  const entries = all.filter((e) => within(e.time));
  const owner = s.wallet?.address;
  // fills of orders placed here, asked of the service for the wallet that placed them
  const fills = owner && hasPlacedOrders(all) ? (await fetchFills(s, owner, all)).filter((f) => within(f.time)) : [];
  const lookup = await mintLookup(s, [...mintsOf(entries), ...fills.flatMap((f) => [f.inputMint, f.outputMint])]);
  if (req.kind === 'fills') {
    const rows = fillRows(fills, lookup);
    if (req.format === 'koinly') return toCsv(KOINLY_COLUMNS, koinlyRows([], rows));
    return req.format === 'json' ? JSON.stringify(rows) + '\n' : toCsv(FILL_COLUMNS, rows);
  }
  const latest = s.catalog.getState().latest;
  const pnl = spotPnl(
    entries,
    {
      decimalsOf: (m) => lookup(m).decimals,
      priceOf: (m) => (typeof latest[m]?.usdPrice === 'number' ? latest[m].usdPrice : null),
    },
    fills,
  );
  const rows = pnlRows(pnl, lookup);
  return req.format === 'json' ? JSON.stringify(rows) + '\n' : toCsv(PNL_COLUMNS, rows);
}

/**
 * The journal view's E: the journal as CSV in <state dir>/exports/journal-<UTC time>.csv (0600),
 * every entry the view lists (demo and paper ones marked as such).
 * Resolves the file's path and the number of rows.
 */
export async function exportJournalFile(s: Services): Promise<{ path: string; rows: number }> {
  // what the view lists: every entry, the simulated ones marked (their mode column and description)
  const text = await exportText(s, { kind: 'journal', format: 'csv', include: ['demo', 'paper'] });
  const dir = join(s.stateDir, 'exports');
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const name = `journal-${new Date(s.now())
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')}.csv`;
  await writeStateFile(dir, name, text);
  return { path: join(dir, name), rows: Math.max(0, text.split('\r\n').length - 2) };
}
