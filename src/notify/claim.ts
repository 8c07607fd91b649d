// One delivery per event across processes: the dashboard and a `tradedeck watch` on the same state
// directory both see an order fill; the first to create <state dir>/events/<event id> delivers it,
// the other finds the file there and does not. Records older than a week are removed.
import { mkdir, open, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';

const KEEP_MS = 7 * 86_400_000;
const SAFE_ID = /^[a-z.-]{1,40}-[0-9a-f]{8}$/;
const pruned = new Set<string>();

async function prune(dir: string, now: number): Promise<void> {
  if (pruned.has(dir)) return;
  pruned.add(dir);
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    const path = join(dir, name);
    const st = await stat(path).catch(() => undefined);
    if (st?.isFile() && now - st.mtimeMs > KEEP_MS) await rm(path, { force: true }).catch(() => {});
  }
}

/** Whether this process is the first to take the event (then it delivers it). */
export async function claimEvent(stateDir: string, id: string, now = Date.now()): Promise<boolean> {
  if (!SAFE_ID.test(id)) return true;
  const dir = join(stateDir, 'events');
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await prune(dir, now);
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
