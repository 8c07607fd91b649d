// Locks in the state directory, of two kinds:
// - the signing turn (`tradedeck.lock`): from one state directory one transaction at a time is
//   journalled, signed and submitted. Whichever process does it (the dashboard, `tradedeck watch`,
//   a headless command) takes the turn for those seconds and lets it go; one that finds it taken
//   waits a bounded time and says for whom it waits.
// - short file locks (`<name>.lock`) around the read-merge-write of files two processes change
//   (alerts, watchlist, pools) and around each append to the journal.
// A lock file names its owner: pid, the process's start time (/proc/<pid>/stat field 22), the boot
// id, the pid namespace and the host. It is put in place whole (written to a temporary file, then
// linked to its name, which fails when the name exists), so it is never empty or half written, and
// the temporary file is removed whatever happens. A lock whose owner is provably gone (same host,
// boot and pid namespace; its pid gone or now another process's) is stale and taken over; a live
// owner's lock is never removed; one whose owner cannot be checked from here (another host,
// another pid namespace, another boot) is left, and what is said names it and the command that
// clears it once the person has checked.
import { constants, readFileSync, readlinkSync, unlinkSync } from 'node:fs';
import { link, lstat, mkdir, open, readFile, unlink } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import {
  fallback,
  integer,
  minValue,
  nonEmpty,
  number,
  object,
  optional,
  pipe,
  safeParse,
  string,
  transform,
} from 'valibot';
import { parseStateFile, readStateFile } from './file.js';

export const LOCK_FILE = 'tradedeck.lock';

/** What tells one process apart from every other, here and elsewhere. */
export interface ProcessIdentity {
  pid: number;
  host: string;
  /** the process's start time in clock ticks after boot (/proc/<pid>/stat field 22) */
  start?: string;
  /** /proc/sys/kernel/random/boot_id */
  boot?: string;
  /** the pid namespace (/proc/self/ns/pid), in which `pid` means this process */
  pidns?: string;
}

export interface LockOwner extends ProcessIdentity {
  /** ms since epoch, when the lock was taken */
  startedAt: number;
  /** who holds it, in words: "the dashboard", "tradedeck watch", "tradedeck swap" */
  who?: string;
}

function statStart(text: string): string | undefined {
  // the command name (field 2) is in parentheses and may hold anything: count after its last ')'
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const start = fields[22 - 3];
  return start && /^\d+$/.test(start) ? start : undefined;
}

let self: ProcessIdentity | undefined;
let role = 'another tradedeck';

/** What this process is called in a lock's owner, for whoever waits on it: "the dashboard", "tradedeck swap". */
export function nameThisProcess(who: string): void {
  role = who;
}

/** This process's identity (read once). */
export function processIdentity(): ProcessIdentity {
  if (self) return self;
  const tryRead = (f: () => string): string | undefined => {
    try {
      return f() || undefined;
    } catch {
      return undefined;
    }
  };
  self = {
    pid: process.pid,
    host: hostname(),
    start: tryRead(() => statStart(readFileSync('/proc/self/stat', 'utf8')) ?? ''),
    boot: tryRead(() => readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim()),
    pidns: tryRead(() => readlinkSync('/proc/self/ns/pid')),
  };
  return self;
}

/** Text of at most 200 characters; an empty or other value is left out. */
const idText = fallback(
  optional(
    pipe(
      string(),
      nonEmpty(),
      transform((v) => v.slice(0, 200)),
    ),
  ),
  undefined,
);
const identityEntries = {
  pid: pipe(number(), integer(), minValue(1)),
  host: pipe(
    string(),
    transform((v) => v.slice(0, 200)),
  ),
  start: idText,
  boot: idText,
  pidns: idText,
};
/** A process identity as read back, what it leaves out (or holds wrong) absent. */
const readIdentity = <T extends ProcessIdentity>(id: T): T => {
  const out = { ...id };
  for (const k of ['start', 'boot', 'pidns'] as const) if (out[k] === undefined) delete out[k];
  return out;
};
const identity = pipe(object(identityEntries), transform(readIdentity));
/** A lock file: its owner's identity, when it took the lock, and who it is in words. */
const lockOwner = pipe(
  object({ ...identityEntries, startedAt: number(), who: idText }),
  transform(({ who, ...owner }): LockOwner => ({ ...readIdentity(owner), ...(who ? { who } : {}) })),
);

/** A process identity read back from a file (a lock, a journal entry), or undefined when it is not one. */
export function identityOf(v: unknown): ProcessIdentity | undefined {
  const r = safeParse(identity, v);
  return r.success ? r.output : undefined;
}

/** The owner a lock file at `path` names, or undefined when it does not read as a lock. */
function ownerOf(path: string, raw: string): LockOwner | undefined {
  try {
    return parseStateFile(path, raw, lockOwner);
  } catch {
    return undefined;
  }
}

/** Locks this process holds, by path (a second user in one process sees the first's as held). */
const heldHere = new Map<string, LockOwner>();

/** A lock file that does not parse is left alone this long (an older tradedeck wrote it in two steps). */
const UNREADABLE_GRACE_MS = 10_000;

/** Whether a process is there, by the old rule (a lock of an older tradedeck names only pid and host). */
async function pidLooksAlive(pid: number): Promise<boolean> {
  try {
    process.kill(pid, 0);
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    return /node|tradedeck/.test(await readFile(`/proc/${pid}/cmdline`, 'utf8'));
  } catch {
    return true;
  }
}

export type Liveness = { state: 'alive' } | { state: 'gone' } | { state: 'unknown'; why: string };

/**
 * Whether the process `owner` names is running, seen from here: `gone` only when that is proven
 * (same host, boot and pid namespace, and its pid is gone or now another process's).
 */
export async function liveness(
  owner: ProcessIdentity,
  heldAt?: { path: string; startedAt: number },
): Promise<Liveness> {
  const me = processIdentity();
  if (owner.host !== me.host) return { state: 'unknown', why: `on host ${owner.host}` };
  if (owner.start === undefined && owner.boot === undefined && owner.pidns === undefined)
    return (await pidLooksAlive(owner.pid)) ? { state: 'alive' } : { state: 'gone' };
  if (!owner.boot || !me.boot || owner.boot !== me.boot)
    return {
      state: 'unknown',
      why: owner.boot && me.boot ? 'from another boot of this host' : 'on a system whose boot cannot be told',
    };
  if (!owner.pidns || !me.pidns || owner.pidns !== me.pidns)
    return { state: 'unknown', why: 'in another pid namespace (a container?)' };
  if (owner.pid === me.pid && owner.start === me.start) {
    // this very process: alive unless it is a lock it no longer holds (left by a failed release)
    if (!heldAt) return { state: 'alive' };
    return heldHere.get(heldAt.path)?.startedAt === heldAt.startedAt ? { state: 'alive' } : { state: 'gone' };
  }
  try {
    process.kill(owner.pid, 0);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EPERM') return { state: 'gone' };
  }
  let start: string | undefined;
  try {
    start = statStart(await readFile(`/proc/${owner.pid}/stat`, 'utf8'));
  } catch {
    return { state: 'gone' }; // it ended between the two looks
  }
  if (start === undefined || owner.start === undefined) return { state: 'alive' };
  return start === owner.start ? { state: 'alive' } : { state: 'gone' };
}

let sequence = 0;

/**
 * Puts `content` at `path` whole, or not at all: written to a temporary file beside it, then
 * linked to the name (EEXIST when the name is taken). The temporary file is always removed.
 */
async function placeWhole(path: string, content: string): Promise<void> {
  const tmp = `${path}.${process.pid}.${++sequence}.tmp`;
  try {
    const handle = await open(
      tmp,
      constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
      0o600,
    );
    try {
      const bytes = Buffer.from(content);
      const { bytesWritten } = await handle.write(bytes, 0, bytes.length, 0);
      if (bytesWritten !== bytes.length)
        throw Object.assign(new Error(`${tmp}: only ${bytesWritten} of ${bytes.length} bytes written`), {
          code: 'ENOSPC',
        });
    } finally {
      await handle.close();
    }
    await link(tmp, path);
  } finally {
    await unlink(tmp).catch(() => undefined);
  }
}

type Attempt =
  | { held: true; owner: LockOwner }
  | {
      held: false;
      owner?: LockOwner;
      /** the owner cannot be checked from here: why */
      unknown?: string;
      /** the lock could not be written or read: why, and the error's code */
      why?: string;
      code?: string;
    };

/** One try at the lock file `path`: takes it when free or stale. */
async function attempt(path: string, who: string | undefined): Promise<Attempt> {
  for (let round = 0; round < 3; round++) {
    // within this process the map decides (reserved before the file is made, so two tries never race)
    const here = heldHere.get(path);
    if (here) return { held: false, owner: here };
    const owner: LockOwner = { ...processIdentity(), startedAt: Date.now(), who: who ?? role };
    heldHere.set(path, owner);
    if (!exitHook) {
      exitHook = true;
      process.on('exit', releaseAllSync);
    }
    try {
      await placeWhole(path, JSON.stringify(owner) + '\n');
      return { held: true, owner };
    } catch (e) {
      heldHere.delete(path);
      const code = (e as NodeJS.ErrnoException).code;
      if (code !== 'EEXIST') return { held: false, why: (e as Error).message, code };
    }
    let raw: string | undefined;
    try {
      raw = await readStateFile(path);
    } catch (e) {
      return { held: false, why: (e as Error).message, code: (e as NodeJS.ErrnoException).code };
    }
    if (raw === undefined) continue; // released meanwhile: try again
    const current = ownerOf(path, raw);
    if (current) {
      const v = await liveness(current, { path, startedAt: current.startedAt });
      if (v.state === 'alive') return { held: false, owner: current };
      if (v.state === 'unknown') return { held: false, owner: current, unknown: v.why };
    } else {
      const info = await lstat(path).catch(() => undefined);
      if (info && Date.now() - info.mtimeMs < UNREADABLE_GRACE_MS)
        return { held: false, why: `${path} is being written` };
    }
    // Stale: removed only if it is still the same stale lock (another process may have taken it over meanwhile).
    if ((await readStateFile(path).catch(() => undefined)) === raw) await unlink(path).catch(() => undefined);
  }
  return { held: false, why: `${path} keeps changing` };
}

const sameOwner = (a: LockOwner | undefined, b: LockOwner) =>
  a !== undefined && a.pid === b.pid && a.startedAt === b.startedAt && a.host === b.host;

/** Releases the lock at `path` if it is still the one `owner` wrote. */
async function releasePath(path: string, owner: LockOwner): Promise<void> {
  if (heldHere.get(path)?.startedAt === owner.startedAt) heldHere.delete(path);
  const raw = await readStateFile(path).catch(() => undefined);
  if (sameOwner(raw === undefined ? undefined : ownerOf(path, raw), owner)) await unlink(path).catch(() => undefined);
}

/** Every exit lets go of the locks still held (a signal's, process.exit's, an uncaught error's). */
function releaseAllSync(): void {
  for (const [path, owner] of heldHere) {
    try {
      if (sameOwner(ownerOf(path, readFileSync(path, 'utf8')), owner)) unlinkSync(path);
    } catch {
      // gone already, or not readable: nothing of ours to remove
    }
  }
  heldHere.clear();
}
let exitHook = false;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Tries until `waitMs` has passed (once when 0); `onWait` is told each new owner waited for. */
async function acquire(
  path: string,
  who: string | undefined,
  waitMs: number,
  pollMs: number,
  onWait?: (a: Attempt) => void,
): Promise<Attempt> {
  const until = Date.now() + waitMs;
  let told: string | undefined;
  for (;;) {
    const a = await attempt(path, who);
    if (a.held || a.code !== undefined || Date.now() + pollMs > until) return a;
    const mark = a.owner ? `${a.owner.pid}/${a.owner.startedAt}` : (a.why ?? '');
    if (mark !== told) {
      told = mark;
      onWait?.(a);
    }
    await sleep(pollMs);
  }
}

const pidText = (o: ProcessIdentity) => `pid ${o.pid}`;

/** A path as one shell word. */
function shellWord(path: string): string {
  return /^[\w@%+=:,./-]+$/.test(path) ? path : `'${path.replace(/'/g, `'\\''`)}'`;
}

/** Why a lock was not taken, in one line ending in what happened (`nothing was signed`, `not saved`). */
function notTaken(what: string, path: string, a: Attempt, waitedMs: number, result: string): string {
  if (a.held) return '';
  if (a.code === 'ENOSPC') return `disk full: ${result} (${path} could not be written)`;
  if (a.code === 'EIO') return `disk error: ${result} (${path}: input/output error)`;
  if (a.code !== undefined) return `could not take ${what} (${a.why}): ${result}`;
  if (a.owner && a.unknown)
    return `${what} is held by ${a.owner.who ?? 'a tradedeck'} (${pidText(a.owner)}, ${a.unknown}), which cannot be checked from here: ${result}; once you have checked that it no longer runs, clear it with: rm ${shellWord(path)}`;
  if (a.owner)
    return `${a.owner.who ?? 'another tradedeck'} (${pidText(a.owner)}) kept ${what} for ${(waitedMs / 1000).toFixed(waitedMs < 10_000 ? 1 : 0)} s: ${result}; try again once it is done`;
  return `could not take ${what} (${a.why ?? 'unknown'}): ${result}`;
}

/** How long a process waits for another one's signing turn before it gives up (one transaction takes seconds). */
export const SIGNING_WAIT_MS = 60_000;

/** The signing turn could not be had; the message is one line saying why and that nothing was signed. */
export class SigningTurnError extends Error {
  constructor(
    message: string,
    /** ENOSPC, EIO, ...: the lock file could not be written */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'SigningTurnError';
  }
}

export interface SigningTurn {
  /** idempotent */
  release(): Promise<void>;
}

export interface TurnOptions {
  /** how long to wait for another process's turn (default SIGNING_WAIT_MS) */
  waitMs?: number;
  /** told once per owner waited for: "waiting for the dashboard, pid 4242, to finish signing" */
  onWait?(text: string): void;
}

/**
 * Takes the state directory's signing turn for `who` (default: what this process is named), waiting
 * for another process's turn to end; throws SigningTurnError (one line: who keeps it, or that the
 * disk is full, and that nothing was signed). The turn is let go on release, and on any exit of the process.
 */
export async function takeSigningTurn(stateDir: string, who?: string, o: TurnOptions = {}): Promise<SigningTurn> {
  const path = join(stateDir, LOCK_FILE);
  const waitMs = o.waitMs ?? SIGNING_WAIT_MS;
  const started = Date.now();
  try {
    await mkdir(stateDir, { recursive: true, mode: 0o700 });
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new SigningTurnError(
      `could not make the state directory ${stateDir} (${(e as Error).message}): nothing was signed`,
      code,
    );
  }
  const a = await acquire(path, who, waitMs, 100, (w) => {
    if (w.owner)
      o.onWait?.(`waiting for ${w.owner.who ?? 'another tradedeck'}, ${pidText(w.owner)}, to finish signing`);
  });
  if (!a.held)
    throw new SigningTurnError(
      notTaken('the signing turn', path, a, Date.now() - started, 'nothing was signed'),
      a.code,
    );
  let released = false;
  return {
    release: async () => {
      if (released) return;
      released = true;
      await releasePath(path, a.owner);
    },
  };
}

/** Runs `fn` in the state directory's signing turn (takeSigningTurn), letting it go after. */
export async function withSigningTurn<T>(
  stateDir: string,
  who: string | undefined,
  fn: () => Promise<T>,
  o: TurnOptions = {},
): Promise<T> {
  const turn = await takeSigningTurn(stateDir, who, o);
  try {
    return await fn();
  } finally {
    await turn.release();
  }
}

/** A short file lock could not be had; `code` is the write error's (ENOSPC, EIO) when it was one. */
export class FileLockError extends Error {
  constructor(
    message: string,
    readonly code?: string,
    /** the lock file */
    readonly path?: string,
  ) {
    super(message);
    this.name = 'FileLockError';
  }
}

/**
 * Runs `fn` holding the short lock `<name>.lock` of the state directory (waiting up to `waitMs`
 * for another process's save to finish); throws FileLockError, one line, when it stays taken.
 */
export async function withFileLock<T>(
  stateDir: string,
  name: string,
  fn: () => Promise<T>,
  waitMs = 3_000,
): Promise<T> {
  await mkdir(stateDir, { recursive: true, mode: 0o700 });
  const path = join(stateDir, `${name}.lock`);
  const started = Date.now();
  const a = await acquire(path, undefined, waitMs, 25);
  if (!a.held)
    throw new FileLockError(
      notTaken(`the lock of ${name}`, path, a, Date.now() - started, `${name} was not changed`),
      a.code,
      path,
    );
  try {
    return await fn();
  } finally {
    await releasePath(path, a.owner);
  }
}
