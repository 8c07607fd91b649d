// `tradedeck export journal|fills|pnl`: the records as CSV (default), JSON, or the universal CSV
// that tax and bookkeeping tools import (--format koinly). Read-only: nothing is signed. The
// journal's export reads the state directory alone, in every mode: no service is opened.
import type { OptionsOf } from '../commands/registry.js';
import { join } from 'node:path';
import type { Config } from '../config/config.js';
import { openCommandServices } from './signing.js';
import {
  exportText,
  journalExportText,
  EXPORT_FORMATS,
  EXPORT_KINDS,
  type ExportFormat,
  type ExportKind,
  type ExportRequest,
} from '../export/run.js';
import { clean, CommandError } from './print.js';
import { DateInputError, looksLikeDate, readTypedTime } from '../actions/dateInput.js';

type ExportOptions = OptionsOf<'export'>;

/** A date (a whole UTC day) or an ISO 8601 time with its zone; `end`: a date means the end of that day. */
export function parseWhen(flag: string, text: string, end: boolean): number {
  const t = text.trim();
  if (!looksLikeDate(t))
    throw new CommandError(
      `--${flag}: a date (2026-01-31, a UTC day) or an ISO 8601 time with its zone (2026-01-31T12:00Z); got "${clean(t, 40)}"`,
      2,
    );
  try {
    const at = readTypedTime(t, `--${flag}`);
    return at.dateOnly && end ? at.ms + 86_400_000 : at.ms;
  } catch (e) {
    if (e instanceof DateInputError) throw new CommandError(clean(e.message, 200), 2);
    throw e;
  }
}

export function readExportArgs(positionals: string[], opts: ExportOptions): ExportRequest {
  const kind = positionals[0] as ExportKind;
  if (!EXPORT_KINDS.includes(kind))
    throw new CommandError(`export what: ${EXPORT_KINDS.join(', ')} (got "${clean(positionals[0] ?? '', 20)}")`, 2);
  const asked = opts.format === undefined ? 'csv' : String(opts.format);
  if (!(EXPORT_FORMATS as readonly string[]).includes(asked))
    throw new CommandError(`--format: ${EXPORT_FORMATS.join(', ')} (got "${clean(asked, 20)}")`, 2);
  const format = asked as ExportFormat;
  if (format === 'koinly' && kind === 'pnl')
    throw new CommandError('--format koinly: lists trades; export journal or fills (pnl is csv or json)', 2);
  const include = readInclude(opts.include);
  if (include.length > 0 && kind !== 'journal')
    throw new CommandError(`--include: is for the journal's entries (export journal); got export ${kind}`, 2);
  const since = typeof opts.since === 'string' ? parseWhen('since', opts.since, false) : undefined;
  const until = typeof opts.until === 'string' ? parseWhen('until', opts.until, true) : undefined;
  if (since !== undefined && until !== undefined && until <= since)
    throw new CommandError('--since and --until: the start must come before the end', 2);
  return { kind, format, since, until, ...(include.length ? { include } : {}) };
}

/** --include demo,paper: which simulated modes to list beside live (each once). */
function readInclude(v: string | boolean | undefined): Array<'demo' | 'paper'> {
  if (v === undefined) return [];
  const words = String(v)
    .split(',')
    .map((w) => w.trim())
    .filter(Boolean);
  const bad = words.find((w) => w !== 'demo' && w !== 'paper');
  if (words.length === 0 || bad !== undefined)
    throw new CommandError(`--include: demo, paper or demo,paper (got "${clean(String(v), 30)}")`, 2);
  return [...new Set(words as Array<'demo' | 'paper'>)];
}

export async function exportCommand(
  positionals: string[],
  opts: ExportOptions,
  config: Config,
  fail: (line: string) => void,
): Promise<number> {
  let req: ExportRequest;
  try {
    req = readExportArgs(positionals, opts);
  } catch (e) {
    if (e instanceof CommandError) return (fail(e.message), e.exitCode);
    throw e;
  }
  if (req.kind === 'journal') {
    try {
      process.stdout.write(await journalExportText(join(config.stateDir, 'journal.jsonl'), req));
      return 0;
    } catch (e) {
      fail(clean(e instanceof Error ? e.message : String(e), 400));
      return 1;
    }
  }
  const s = await openCommandServices(config, fail);
  if (typeof s === 'number') return s;
  try {
    process.stdout.write(await exportText(s, req));
    return 0;
  } catch (e) {
    fail(clean(e instanceof Error ? e.message : String(e), 400));
    return 1;
  } finally {
    await s.close();
  }
}
