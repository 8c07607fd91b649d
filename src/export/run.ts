// The records to take away, from the journal, the service's order listings and the token catalog:
// what `tradedeck export` prints and the journal view's E writes to a file.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { knownTokens, loadTokens, resolveMint } from '../actions/swapFlow.js';
import type { JournalState } from '../journal/journal.js';
import { fetchFills, hasPlacedOrders } from '../portfolio/fills.js';
import { pnlEntries, spotPnl } from '../portfolio/pnl.js';
import { sanitize } from '../sanitize.js';
import type { Services } from '../services.js';
import { writeStateFile } from '../stateFile.js';
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
      : { symbol: `${mint.slice(0, 4)}…${mint.slice(-4)}` };
  };
}

function mintsOf(entries: readonly JournalState[]): string[] {
  return entries.flatMap((e) =>
    [e.summary?.inputMint, e.summary?.outputMint].filter((m): m is string => typeof m === 'string'),
  );
}

/** The export as text: the rows of what was asked, in the format asked. */
export async function exportText(s: Services, req: ExportRequest): Promise<string> {
  if (!s.journal) throw new ExportError('the journal could not be opened: nothing to export');
  // no row carries the signed transaction; the P&L and the fills keep only what they count
  const all = req.kind === 'journal' ? await s.journal.entries({ lean: true }) : await pnlEntries(s.journal);
  const within = (t: number) =>
    (req.since === undefined || t >= req.since) && (req.until === undefined || t < req.until);
  const entries = all.filter((e) => within(e.time));
  const owner = s.wallet?.address;
  const needFills = req.kind === 'fills' || req.kind === 'pnl' || (req.kind === 'journal' && req.format === 'koinly');
  // fills of orders placed here, asked of the service for the wallet that placed them
  const fills =
    needFills && owner && hasPlacedOrders(all) ? (await fetchFills(s, owner, all)).filter((f) => within(f.time)) : [];
  const lookup = await mintLookup(s, [...mintsOf(entries), ...fills.flatMap((f) => [f.inputMint, f.outputMint])]);
  if (req.kind === 'journal') {
    const rows = journalRows(entries, lookup);
    if (req.format === 'koinly') return toCsv(KOINLY_COLUMNS, koinlyRows(rows, fillRows(fills, lookup)));
    return req.format === 'json' ? JSON.stringify(rows) + '\n' : toCsv(JOURNAL_COLUMNS, rows);
  }
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
      priceOf: (m) => (typeof latest[m]?.usdPrice === 'number' ? latest[m].usdPrice! : null),
    },
    fills,
  );
  const rows = pnlRows(pnl, lookup);
  return req.format === 'json' ? JSON.stringify(rows) + '\n' : toCsv(PNL_COLUMNS, rows);
}

/**
 * The journal view's E: the journal as CSV in <state dir>/exports/journal-<UTC time>.csv (0600).
 * Resolves the file's path and the number of rows.
 */
export async function exportJournalFile(s: Services): Promise<{ path: string; rows: number }> {
  const text = await exportText(s, { kind: 'journal', format: 'csv' });
  const dir = join(s.stateDir, 'exports');
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const name = `journal-${new Date(s.now())
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')}.csv`;
  await writeStateFile(dir, name, text);
  return { path: join(dir, name), rows: Math.max(0, text.split('\r\n').length - 2) };
}
