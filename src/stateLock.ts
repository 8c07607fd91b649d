// One instance per state directory signs at a time. The lock is a file in the state directory,
// created with O_EXCL and holding the owner's pid, host and start time. A signing instance (a
// dashboard with a key, a headless signing command) takes it at start and keeps it until it
// closes; the start-up check of unfinished transactions runs only under it, so an instance never
// re-posts a transaction another live instance has in flight. A lock whose pid is no longer alive
// (on this host) is stale and taken over. The same mechanism, held for a moment, serialises the
// read-merge-write of files two instances both change (alerts, watchlist, pools).
import { constants } from 'node:fs';
import { lstat, mkdir, open, readFile, unlink } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { readStateFile } from './stateFile.js';

export const LOCK_FILE = 'tradedeck.lock';

export interface LockOwner {
  pid: number;
  host: string;
  /** ms since epoch */
  startedAt: number;
}

/** Locks this process holds, by path (a second Services in one process sees the first's as held). */
const heldHere = new Map<string, LockOwner>();

/** A lock file that does not parse is left alone this long (its writer may be between create and write). */
const UNREADABLE_GRACE_MS = 10_000;

function ownerOf(text: string): LockOwner | undefined {
  try {
    const v = JSON.parse(text) as Record<string, unknown>;
    if (
      typeof v.pid === 'number' &&
      Number.isInteger(v.pid) &&
      v.pid > 0 &&
      typeof v.startedAt === 'number' &&
      typeof v.host === 'string'
    ) {
      return { pid: v.pid, host: v.host, startedAt: v.startedAt };
    }
  } catch {
    // not a lock this program wrote
  }
  return undefined;
}

async function pidAlive(pid: number): Promise<boolean> {
  try {
    process.kill(pid, 0);
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
  // A pid reused by a program that is not node (after a reboot or in a new container) is not the owner.
  try {
    const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8');
    return /node|tradedeck/.test(cmdline);
  } catch {
    return true;
  }
}

/** Whether the lock at `path` written by `owner` belongs to a live instance. */
async function alive(path: string, owner: LockOwner): Promise<boolean> {
  if (owner.host !== hostname()) return true; // another machine's pid cannot be checked from here
  // this pid with no entry in the map: left by an earlier process that had the same pid
  if (owner.pid === process.pid) return heldHere.get(path)?.startedAt === owner.startedAt;
  return pidAlive(owner.pid);
}

export type Attempt = { held: true; owner: LockOwner } | { held: false; owner?: LockOwner; why?: string };

/** One try at the lock file `path`: takes it when free or stale. */
async function attempt(path: string): Promise<Attempt> {
  for (let round = 0; round < 3; round++) {
    // within this process the map decides (reserved before the file is made, so two tries never race)
    const here = heldHere.get(path);
    if (here) return { held: false, owner: here };
    const owner: LockOwner = { pid: process.pid, host: hostname(), startedAt: Date.now() };
    heldHere.set(path, owner);
    try {
      const handle = await open(
        path,
        constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
        0o600,
      );
      try {
        // not fsync'd: after a crash the pid is gone (or the file empty), and either is taken over
        await handle.writeFile(JSON.stringify(owner) + '\n');
      } finally {
        await handle.close();
      }
      return { held: true, owner };
    } catch (e) {
      heldHere.delete(path);
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') return { held: false, why: (e as Error).message };
    }
    let text: string | undefined;
    try {
      text = await readStateFile(path);
    } catch (e) {
      return { held: false, why: (e as Error).message };
    }
    if (text === undefined) continue; // released meanwhile: try again
    const current = ownerOf(text);
    if (current && (await alive(path, current))) return { held: false, owner: current };
    if (!current) {
      const info = await lstat(path).catch(() => undefined);
      if (info && Date.now() - info.mtimeMs < UNREADABLE_GRACE_MS)
        return { held: false, why: `${path} is being written` };
    }
    // Stale: removed only if it is still the same stale lock (another instance may have taken it over meanwhile).
    if ((await readStateFile(path).catch(() => undefined)) === text) await unlink(path).catch(() => undefined);
  }
  return { held: false, why: `${path} keeps changing` };
}

/** Releases the lock at `path` if it is still the one `owner` wrote. */
async function releasePath(path: string, owner: LockOwner): Promise<void> {
  if (heldHere.get(path)?.startedAt === owner.startedAt) heldHere.delete(path);
  const text = await readStateFile(path).catch(() => undefined);
  const current = text === undefined ? undefined : ownerOf(text);
  if (current && current.pid === owner.pid && current.startedAt === owner.startedAt && current.host === owner.host)
    await unlink(path).catch(() => undefined);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Tries until `waitMs` has passed (once when 0). */
async function acquire(path: string, waitMs: number, pollMs = 200): Promise<Attempt> {
  const until = Date.now() + waitMs;
  for (;;) {
    const a = await attempt(path);
    if (a.held || Date.now() + pollMs > until) return a;
    await sleep(pollMs);
  }
}

/** The line said when another instance holds the state directory. */
export function lockedText(stateDir: string, a: Pick<Attempt, 'owner'> & { why?: string }): string {
  const who = a.owner
    ? `another tradedeck (pid ${a.owner.pid}${a.owner.host !== hostname() ? ` on ${a.owner.host}` : ''})`
    : 'another tradedeck';
  return `${who} holds the state dir ${stateDir}: read-only${a.why && !a.owner ? ` (${a.why})` : ''}`;
}

export interface StateLock {
  readonly stateDir: string;
  readonly path: string;
  /** true while this instance holds the lock */
  readonly held: boolean;
  /** why not held, in one line (who holds it); undefined while held */
  readonly note: string | undefined;
  /** the pid of the instance holding it, when another one does */
  readonly ownerPid: number | undefined;
  /** release() was called (the instance is closing) */
  readonly released: boolean;
  /** tries once more (the other instance may have quit); resolves to `held` */
  retry(): Promise<boolean>;
  release(): Promise<void>;
}

/** Takes the state directory's lock, waiting up to `waitMs` for another instance to let it go. */
export async function takeStateLock(stateDir: string, waitMs = 0): Promise<StateLock> {
  await mkdir(stateDir, { recursive: true, mode: 0o700 });
  const path = join(stateDir, LOCK_FILE);
  let state = await acquire(path, waitMs);
  let released = false;
  return {
    stateDir,
    path,
    get held() {
      return state.held && !released;
    },
    get note() {
      return state.held ? undefined : lockedText(stateDir, state);
    },
    get released() {
      return released;
    },
    get ownerPid() {
      return state.held ? undefined : state.owner?.pid;
    },
    retry: async () => {
      if (released) return false;
      if (!state.held) state = await attempt(path);
      return state.held;
    },
    release: async () => {
      if (released) return;
      released = true;
      if (state.held) await releasePath(path, state.owner);
    },
  };
}

/**
 * Runs `fn` holding the short lock `<name>.lock` of the state directory (waiting up to `waitMs`
 * for another instance's save to finish); throws a one-line error when it stays taken.
 */
export async function withFileLock<T>(
  stateDir: string,
  name: string,
  fn: () => Promise<T>,
  waitMs = 3_000,
): Promise<T> {
  await mkdir(stateDir, { recursive: true, mode: 0o700 });
  const path = join(stateDir, `${name}.lock`);
  const a = await acquire(path, waitMs, 25);
  if (!a.held)
    throw new Error(
      `${name} is being saved by ${a.owner ? `pid ${a.owner.pid}` : 'another instance'} (${path}); try again`,
    );
  try {
    return await fn();
  } finally {
    await releasePath(path, a.owner);
  }
}
