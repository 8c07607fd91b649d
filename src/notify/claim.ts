// One delivery per event across processes: the dashboard and a `tradedeck watch` on the same state
// directory both see an order fill; the first to create <state dir>/events/<event id> delivers it,
// the other finds the file there and does not. The records are pruned as the process runs (at its
// first claim, then at most every PRUNE_EVERY_MS): those older than a week go, and beyond
// MAX_RECORDS the oldest, so a watcher that runs for months keeps a bounded folder.
import { mkdir, open, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';

export const KEEP_MS = 7 * 86_400_000;
export const MAX_RECORDS = 2_000;
export const PRUNE_EVERY_MS = 10 * 60_000;
const SAFE_ID = /^[a-z._-]{1,40}-[0-9a-f]{8}$/;
/** when each folder was last pruned by this process */
const prunedAt = new Map<string, number>();

/** Removes records older than KEEP_MS, then the oldest beyond MAX_RECORDS; returns how many went. */
export async function pruneEvents(dir: string, now: number): Promise<number> {
  const kept: Array<{ path: string; at: number }> = [];
  let removed = 0;
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    if (!SAFE_ID.test(name)) continue;
    const path = join(dir, name);
    const st = await stat(path).catch(() => undefined);
    if (!st?.isFile()) continue;
    if (now - st.mtimeMs > KEEP_MS) {
      await rm(path, { force: true }).catch(() => {});
      removed++;
    } else kept.push({ path, at: st.mtimeMs });
  }
  if (kept.length > MAX_RECORDS) {
    kept.sort((a, b) => a.at - b.at);
    for (const k of kept.slice(0, kept.length - MAX_RECORDS)) {
      await rm(k.path, { force: true }).catch(() => {});
      removed++;
    }
  }
  return removed;
}

/** Prunes the state directory's event records when this process has not for PRUNE_EVERY_MS (a watch calls it every round). */
export async function pruneEventsNow(stateDir: string, now = Date.now()): Promise<void> {
  const dir = join(stateDir, 'events');
  const last = prunedAt.get(dir);
  if (last !== undefined && now - last < PRUNE_EVERY_MS) return;
  prunedAt.set(dir, now);
  await pruneEvents(dir, now);
}

/** Whether this process is the first to take the event (then it delivers it). */
export async function claimEvent(stateDir: string, id: string, now = Date.now()): Promise<boolean> {
  if (!SAFE_ID.test(id)) return true;
  const dir = join(stateDir, 'events');
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await pruneEventsNow(stateDir, now);
  try {
    const h = await open(join(dir, id), 'wx', 0o600);
    await h.close();
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
    // a state directory that cannot record it: deliver all the same (a repeat beats a loss)
    return true;
  }
}
