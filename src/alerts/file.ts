// The alerts file: <state dir>/alerts.json, written atomically at mode 0600 after every change.
// Read defensively: an entry that does not make sense is left out, never trusted. A save merges
// with what another instance saved meanwhile (under the file's short lock), so two dashboards on
// one state directory never drop each other's alerts.
import { join } from 'node:path';
import { mergeByKey, readStateFile, writeStateFile } from '../stateFile.js';
import { withFileLock } from '../stateLock.js';
import { MAX_WINDOW_MS, MIN_WINDOW_MS, type Alert, type AlertCondition } from './model.js';

export const ALERTS_FILE = 'alerts.json';
const MINT_RE = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

function conditionOf(v: unknown): AlertCondition | undefined {
  if (typeof v !== 'object' || v === null) return undefined;
  const c = v as Record<string, unknown>;
  if ((c.kind === 'above' || c.kind === 'below') && finite(c.level) && c.level > 0)
    return { kind: c.kind, level: c.level };
  if (
    c.kind === 'change' &&
    finite(c.pct) &&
    c.pct !== 0 &&
    Math.abs(c.pct) <= 1000 &&
    finite(c.windowMs) &&
    c.windowMs >= MIN_WINDOW_MS &&
    c.windowMs <= MAX_WINDOW_MS
  ) {
    return { kind: 'change', pct: c.pct, windowMs: c.windowMs, either: c.either === true };
  }
  return undefined;
}

/** One stored entry, or undefined when it is not an alert. */
export function alertOf(v: unknown): Alert | undefined {
  if (typeof v !== 'object' || v === null) return undefined;
  const a = v as Record<string, unknown>;
  const condition = conditionOf(a.condition);
  if (
    !condition ||
    typeof a.id !== 'string' ||
    !/^[\w-]{1,40}$/.test(a.id) ||
    typeof a.mint !== 'string' ||
    !MINT_RE.test(a.mint)
  )
    return undefined;
  const fired = a.state === 'fired';
  return {
    id: a.id,
    mint: a.mint,
    symbol: typeof a.symbol === 'string' ? a.symbol.slice(0, 24) : '',
    condition,
    createdAt: finite(a.createdAt) ? a.createdAt : 0,
    ...(finite(a.armedAt) ? { armedAt: a.armedAt } : {}),
    state: fired ? 'fired' : 'armed',
    ...(fired && finite(a.firedAt) ? { firedAt: a.firedAt } : {}),
    ...(fired && finite(a.firedPrice) ? { firedPrice: a.firedPrice } : {}),
    ...(fired && finite(a.firedChange) ? { firedChange: a.firedChange } : {}),
  };
}

/** The saved alerts; [] when there is no file yet. Throws when the file exists but cannot be read as alerts. */
export async function loadAlerts(stateDir: string): Promise<Alert[]> {
  let text: string | undefined;
  try {
    text = await readStateFile(join(stateDir, ALERTS_FILE));
  } catch (e) {
    throw new Error(`${ALERTS_FILE}: ${(e as Error).message}`, { cause: e });
  }
  if (text === undefined) return [];
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new Error(`${join(stateDir, ALERTS_FILE)} is not valid JSON`);
  }
  const list =
    typeof raw === 'object' && raw !== null && Array.isArray((raw as { alerts?: unknown }).alerts)
      ? (raw as { alerts: unknown[] }).alerts
      : undefined;
  if (!list) throw new Error(`${join(stateDir, ALERTS_FILE)} holds no "alerts" list`);
  return list.map(alertOf).filter((a): a is Alert => a !== undefined);
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
