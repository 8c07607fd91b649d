// `tradedeck export journal|fills|pnl`: the records as CSV (default), JSON, or the universal CSV
// that tax and bookkeeping tools import (--format koinly). Read-only: nothing is signed.
import type { Config } from '../config.js';
import { createServices, StartError, type Services } from '../services.js';
import { knownTokens, loadTokens, resolveMint } from '../actions/swapFlow.js';
import { fetchFills, hasPlacedOrders } from '../portfolio/fills.js';
import { spotPnl } from '../portfolio/pnl.js';
import type { JournalState } from '../journal/journal.js';
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
} from '../export/rows.js';
import { clean, CommandError, printJson } from './print.js';

type Flags = Record<string, string | boolean>;

export const EXPORT_KINDS = ['journal', 'fills', 'pnl'] as const;
export const EXPORT_FORMATS = ['csv', 'json', 'koinly'] as const;
type ExportKind = (typeof EXPORT_KINDS)[number];
type ExportFormat = (typeof EXPORT_FORMATS)[number];

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A date (a whole UTC day) or an ISO 8601 time; `end`: a date means the end of that day. */
export function parseWhen(flag: string, text: string, end: boolean): number {
  const t = text.trim();
  const ms = DAY.test(t) ? Date.parse(`${t}T00:00:00Z`) + (end ? 86_400_000 : 0) : /^\d{4}-\d{2}-\d{2}T/.test(t) ? Date.parse(t) : NaN;
  if (!Number.isFinite(ms)) throw new CommandError(`--${flag}: a date (2026-01-31, a UTC day) or an ISO 8601 time (2026-01-31T12:00:00Z); got "${clean(t, 40)}"`, 2);
  return ms;
}

export interface ExportRequest {
  kind: ExportKind;
  format: ExportFormat;
  since?: number;
  /** exclusive */
  until?: number;
}

export function readExportArgs(positionals: string[], flags: Flags): ExportRequest {
  const kind = positionals[0] as ExportKind;
  if (!EXPORT_KINDS.includes(kind)) throw new CommandError(`export what: ${EXPORT_KINDS.join(', ')} (got "${clean(positionals[0] ?? '', 20)}")`, 2);
  const asked = flags.format === undefined ? 'csv' : String(flags.format);
  if (!(EXPORT_FORMATS as readonly string[]).includes(asked)) throw new CommandError(`--format: ${EXPORT_FORMATS.join(', ')} (got "${clean(asked, 20)}")`, 2);
  const format = asked as ExportFormat;
  if (format === 'koinly' && kind === 'pnl') throw new CommandError('--format koinly: lists trades; export journal or fills (pnl is csv or json)', 2);
  const since = typeof flags.since === 'string' ? parseWhen('since', flags.since, false) : undefined;
  const until = typeof flags.until === 'string' ? parseWhen('until', flags.until, true) : undefined;
  if (since !== undefined && until !== undefined && until <= since) throw new CommandError('--since and --until: the start must come before the end', 2);
  return { kind, format, since, until };
}

/** Symbols and decimals from the one token catalog: the lists, then RPC for a mint no list holds. */
async function mintLookup(s: Services, mints: Iterable<string>): Promise<MintLookup> {
  await loadTokens(s);
  for (const m of new Set(mints)) await resolveMint(s, m);
  const byId = new Map(knownTokens(s).map((t) => [t.id, t]));
  return (mint) => {
    const t = byId.get(mint);
    return t ? { symbol: clean(t.symbol, 16) || `${mint.slice(0, 4)}…${mint.slice(-4)}`, decimals: t.decimals } : { symbol: `${mint.slice(0, 4)}…${mint.slice(-4)}` };
  };
}

function mintsOf(entries: readonly JournalState[]): string[] {
  return entries.flatMap((e) => [e.summary?.inputMint, e.summary?.outputMint].filter((m): m is string => typeof m === 'string'));
}

/** The export as text: the rows of what was asked, in the format asked. */
export async function exportText(s: Services, req: ExportRequest): Promise<string> {
  if (!s.journal) throw new CommandError('the journal could not be opened: nothing to export', 1);
  const all = await s.journal.entries();
  const within = (t: number) => (req.since === undefined || t >= req.since) && (req.until === undefined || t < req.until);
  const entries = all.filter((e) => within(e.time));
  const owner = s.wallet?.address;
  const needFills = req.kind === 'fills' || req.kind === 'pnl' || (req.kind === 'journal' && req.format === 'koinly');
  // fills of orders placed here, asked of the service for the wallet that placed them
  const fills = needFills && owner && hasPlacedOrders(all) ? (await fetchFills(s, owner, all)).filter((f) => within(f.time)) : [];
  const lookup = await mintLookup(s, [...mintsOf(entries), ...fills.flatMap((f) => [f.inputMint, f.outputMint])]);
  if (req.kind === 'journal') {
    const rows = journalRows(entries, lookup);
    if (req.format === 'koinly') return toCsv(KOINLY_COLUMNS, koinlyRows(rows, fillRows(fills, lookup)));
    return req.format === 'json' ? printJson(rows) : toCsv(JOURNAL_COLUMNS, rows);
  }
  if (req.kind === 'fills') {
    const rows = fillRows(fills, lookup);
    if (req.format === 'koinly') return toCsv(KOINLY_COLUMNS, koinlyRows([], rows));
    return req.format === 'json' ? printJson(rows) : toCsv(FILL_COLUMNS, rows);
  }
  const latest = s.catalog.getState().latest;
  const pnl = spotPnl(entries, { decimalsOf: (m) => lookup(m).decimals, priceOf: (m) => (typeof latest[m]?.usdPrice === 'number' ? latest[m].usdPrice! : null) }, fills);
  const rows = pnlRows(pnl, lookup);
  return req.format === 'json' ? printJson(rows) : toCsv(PNL_COLUMNS, rows);
}

export async function exportCommand(positionals: string[], flags: Flags, config: Config, fail: (line: string) => void): Promise<number> {
  let req: ExportRequest;
  try {
    req = readExportArgs(positionals, flags);
  } catch (e) {
    if (e instanceof CommandError) return fail(e.message), e.exitCode;
    throw e;
  }
  let s: Services;
  try {
    s = await createServices(config, { retries: 1 });
  } catch (e) {
    if (e instanceof StartError) return fail(e.message.replace(/\n/g, ' ')), 2;
    throw e;
  }
  try {
    process.stdout.write(await exportText(s, req));
    return 0;
  } catch (e) {
    if (e instanceof CommandError) return fail(e.message), e.exitCode;
    fail(clean(e instanceof Error ? e.message : String(e), 400));
    return 1;
  } finally {
    await s.close();
  }
}
