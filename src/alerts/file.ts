// The alerts file: <state dir>/alerts.json, written atomically at mode 0600 after every change.
// Read defensively: an entry that does not make sense is left out, never trusted. A save merges
// with what another instance saved meanwhile (under the file's short lock), so two dashboards on
// one state directory never drop each other's alerts.
import { join } from 'node:path';
import {
  boolean,
  check,
  fallback,
  finite,
  gtValue,
  literal,
  maxValue,
  minValue,
  number,
  object,
  optional,
  picklist,
  pipe,
  regex,
  safeParse,
  string,
  transform,
  variant,
} from 'valibot';
import { clippedText, fileObject, keptList, loadStateFile, mergeByKey, writeStateFile } from '../state/file.js';
import { withFileLock } from '../state/lock.js';
import { isAddress } from '../chain/base58.js';
import { MAX_WINDOW_MS, MIN_WINDOW_MS, type Alert } from './model.js';

export const ALERTS_FILE = 'alerts.json';

const finiteNumber = pipe(number(), finite());
/** A number the entry may leave out, or hold wrong (then left out). */
const maybeNumber = fallback(optional(finiteNumber), undefined);

const condition = variant('kind', [
  object({ kind: picklist(['above', 'below']), level: pipe(number(), finite(), gtValue(0)) }),
  object({
    kind: literal('change'),
    pct: pipe(
      number(),
      finite(),
      check((x) => x !== 0 && Math.abs(x) <= 1000),
    ),
    windowMs: pipe(number(), minValue(MIN_WINDOW_MS), maxValue(MAX_WINDOW_MS)),
    either: fallback(boolean(), false),
  }),
]);

const stored = object({
  id: pipe(string(), regex(/^[\w-]{1,40}$/)),
  mint: pipe(
    string(),
    check((v) => isAddress(v)),
  ),
  symbol: clippedText(24),
  condition,
  createdAt: fallback(finiteNumber, 0),
  armedAt: maybeNumber,
  state: fallback(picklist(['armed', 'fired']), 'armed'),
  firedAt: maybeNumber,
  firedPrice: maybeNumber,
  firedChange: maybeNumber,
});

/** One stored alert as the program keeps it: what only a fired alert has, only when it fired. */
const storedAlert = pipe(
  stored,
  transform((a): Alert => ({
    id: a.id,
    mint: a.mint,
    symbol: a.symbol,
    condition: a.condition,
    createdAt: a.createdAt,
    ...(a.armedAt !== undefined ? { armedAt: a.armedAt } : {}),
    state: a.state,
    ...(a.state === 'fired' && a.firedAt !== undefined ? { firedAt: a.firedAt } : {}),
    ...(a.state === 'fired' && a.firedPrice !== undefined ? { firedPrice: a.firedPrice } : {}),
    ...(a.state === 'fired' && a.firedChange !== undefined ? { firedChange: a.firedChange } : {}),
  })),
);

const alertsFile = fileObject({ alerts: keptList(storedAlert, 'a list of alerts') }, '{"version":1,"alerts":[...]}');

/** One stored entry, or undefined when it is not an alert. */
export function alertOf(v: unknown): Alert | undefined {
  const r = safeParse(storedAlert, v);
  return r.success ? r.output : undefined;
}

/** The saved alerts; [] when there is no file yet. Throws when the file exists but cannot be read as alerts. */
export async function loadAlerts(stateDir: string): Promise<Alert[]> {
  return (await loadStateFile(join(stateDir, ALERTS_FILE), alertsFile))?.alerts ?? [];
}

export async function saveAlerts(stateDir: string, alerts: readonly Alert[]): Promise<void> {
  await writeStateFile(stateDir, ALERTS_FILE, JSON.stringify({ version: 1, alerts }, null, 1) + '\n');
}

/**
 * Saves `local` (this instance's alerts, changed from `base`, the list it last read or wrote)
 * merged with the file as it is now; returns the list written. A file that cannot be read as
 * alerts is never overwritten (the error says why).
 */
export async function saveAlertsMerged(
  stateDir: string,
  base: readonly Alert[],
  local: readonly Alert[],
): Promise<Alert[]> {
  return withFileLock(stateDir, ALERTS_FILE, async () => {
    const merged = mergeByKey(base, local, await loadAlerts(stateDir), (a) => a.id);
    await saveAlerts(stateDir, merged);
    return merged;
  });
}
