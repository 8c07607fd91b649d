// Files in the state directory (0700) and the config file. Every one is read whole through one
// loader (loadStateFile: read, JSON.parse, the file's valibot schema; a problem is one line naming
// the file, the key and the reason). Every one is opened the same guarded way (openStateFile): never through a symbolic link (O_NOFOLLOW), never blocking on a FIFO
// (O_NONBLOCK), and used only when what was opened is a regular file owned by this user, so a link
// planted at a state file's name can neither be written through nor have its target's mode
// changed, and a FIFO or device there cannot hang a read. Whole files are written atomically (a
// temporary file beside the target, flushed, then renamed over it, mode 0600) so a crash never
// leaves half a file.
import { closeSync, constants, fstatSync, lstatSync, openSync, readFileSync, type Stats } from 'node:fs';
import { lstat, mkdir, open, rename, rm, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import {
  array,
  check,
  fallback,
  object,
  optional,
  pipe,
  safeParse,
  string,
  transform,
  unknown,
  type BaseIssue,
  type GenericSchema,
  type InferOutput,
  type ObjectEntries,
} from 'valibot';
import { showControls } from '../text/sanitize.js';

/** A state or config file that is not a regular file of this user; the message is one line naming it. */
export class StateFileError extends Error {
  constructor(
    readonly path: string,
    why: string,
  ) {
    super(`${path} ${why}: refused (tradedeck reads and writes only regular files of its own user here)`);
    this.name = 'StateFileError';
  }
}

const GUARD = constants.O_NOFOLLOW | constants.O_NONBLOCK;

function kindOf(
  info: Pick<Stats, 'isSymbolicLink' | 'isFIFO' | 'isCharacterDevice' | 'isBlockDevice' | 'isDirectory' | 'isSocket'>,
): string {
  if (info.isSymbolicLink()) return 'is a symbolic link';
  if (info.isFIFO()) return 'is a FIFO (named pipe)';
  if (info.isCharacterDevice() || info.isBlockDevice()) return 'is a device';
  if (info.isDirectory()) return 'is a directory';
  if (info.isSocket()) return 'is a socket';
  return 'is not a regular file';
}

/** Why a file with these stats may not be used, or undefined when it is a regular file of this user. */
function refusal(info: Stats): string | undefined {
  if (!info.isFile()) return kindOf(info);
  const uid = process.getuid?.();
  if (uid !== undefined && info.uid !== uid) return `belongs to another user (uid ${info.uid})`;
  return undefined;
}

/** The error an open with O_NOFOLLOW | O_NONBLOCK gives, said as what the file is. */
function openError(path: string, err: NodeJS.ErrnoException, kind: () => string | undefined): Error {
  // ELOOP: the last part of the path is a link; ENXIO: a FIFO opened for writing with no reader.
  if (err.code === 'ELOOP' || err.code === 'ENXIO' || err.code === 'EISDIR')
    return new StateFileError(path, kind() ?? (err.code === 'ELOOP' ? 'is a symbolic link' : 'is not a regular file'));
  return err;
}

/**
 * Opens a state file with `flags` (fs.constants O_* bits) plus O_NOFOLLOW | O_NONBLOCK, and checks
 * that it is a regular file of this user; throws StateFileError naming it otherwise (and ENOENT as
 * it is, when the file is absent and O_CREAT was not asked). The caller closes the handle.
 */
export async function openStateFile(
  path: string,
  flags: number = constants.O_RDONLY,
  mode = 0o600,
): Promise<FileHandle> {
  let handle: FileHandle;
  try {
    handle = await open(path, flags | GUARD, mode);
  } catch (err) {
    let kind: string | undefined;
    try {
      kind = kindOf(await lstat(path));
    } catch {
      kind = undefined;
    }
    throw openError(path, err as NodeJS.ErrnoException, () => kind);
  }
  try {
    const why = refusal(await handle.stat());
    if (why) throw new StateFileError(path, why);
  } catch (err) {
    await handle.close();
    throw err;
  }
  return handle;
}

/** The text of a state file, or undefined when there is none; refuses what openStateFile refuses. */
export async function readStateFile(path: string): Promise<string | undefined> {
  let handle: FileHandle;
  try {
    handle = await openStateFile(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  try {
    return await handle.readFile('utf8');
  } finally {
    await handle.close();
  }
}

/** readStateFile for start-up code that is synchronous (the config file). */
export function readStateFileSync(path: string): string | undefined {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | GUARD);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw openError(path, err as NodeJS.ErrnoException, () => {
      try {
        return kindOf(lstatSync(path));
      } catch {
        return undefined;
      }
    });
  }
  try {
    const why = refusal(fstatSync(fd));
    if (why) throw new StateFileError(path, why);
    return readFileSync(fd, 'utf8');
  } finally {
    closeSync(fd);
  }
}

/**
 * A state or config file that is there but does not hold what it should. Each problem is one line
 * naming the file, the key and the reason (`…/alerts.json: alerts[2].mint: must be …`); the
 * message is the first.
 */
export class StateFileProblem extends Error {
  constructor(
    readonly path: string,
    readonly problems: readonly string[],
  ) {
    super(problems[0]);
    this.name = 'StateFileProblem';
  }
}

/**
 * What is wrong with a file that is not JSON, and where (line and column), without quoting the
 * file: V8's message can carry a piece of it, and the file may hold a key.
 */
function jsonErrorText(e: unknown, text: string): string {
  let message = e instanceof Error ? e.message : String(e);
  // "Unexpected token 'x', "...the file..." is not valid JSON": the token, not the file
  message = message.replace(/^(Unexpected token '[\s\S]{1,2}'), [\s\S]*$/, '$1');
  const at = /\bat position (\d+)$/.exec(message);
  if (at) {
    const before = text.slice(0, Number(at[1]));
    const line = before.split('\n').length;
    const column = before.length - before.lastIndexOf('\n');
    message = `${message.slice(0, at.index)}at line ${line}, column ${column}`;
  }
  return message;
}

/** A key as it may be printed: `alerts[2].mint`, control characters shown as escapes. */
function keyOf(issue: BaseIssue<unknown>): string {
  let p = '';
  for (const { key } of issue.path ?? [])
    p = typeof key === 'number' ? `${p}[${key}]` : p ? `${p}.${String(key)}` : String(key);
  return showControls(p);
}

export interface ReadOptions {
  /** every problem (the config file lists them all), not only the first */
  every?: boolean;
  /** JSON.parse's reviver (a simulator snapshot's amounts) */
  reviver?: (key: string, value: unknown) => unknown;
}

/** A state file's text read with `schema`; throws StateFileProblem (not JSON, or what the schema refuses). */
export function parseStateFile<S extends GenericSchema>(
  path: string,
  text: string,
  schema: S,
  o: ReadOptions = {},
): InferOutput<S> {
  let value: unknown;
  try {
    value = JSON.parse(text, o.reviver);
  } catch (e) {
    if (e instanceof StateFileProblem) throw e;
    throw new StateFileProblem(path, [`${path}: not valid JSON (${jsonErrorText(e, text)})`]);
  }
  // every problem: one a key (a value's first), for a file a person corrects in one go
  const r = safeParse(schema, value, o.every ? { abortPipeEarly: true } : { abortEarly: true });
  if (r.success) return r.output;
  throw new StateFileProblem(
    path,
    r.issues.map((i) => {
      const key = keyOf(i);
      return key ? `${path}: ${key}: ${i.message}` : `${path}: ${i.message}`;
    }),
  );
}

/**
 * A list in a state file, which may have been edited by hand: an entry `entry` refuses is left
 * out, never trusted; of entries with the same `key`, the first is kept.
 */
export function keptList<S extends GenericSchema>(entry: S, what: string, key?: (e: InferOutput<S>) => string) {
  return pipe(
    array(fallback(optional(entry), undefined), `must be ${what}`),
    transform((list) => {
      const seen = new Set<string>();
      const out: InferOutput<S>[] = [];
      for (const e of list) {
        if (e === undefined) continue;
        const k = key?.(e);
        if (k !== undefined && seen.has(k)) continue;
        if (k !== undefined) seen.add(k);
        out.push(e);
      }
      return out;
    }),
  );
}

/** What a JSON object is (not a list, not null). */
export const isJsonObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x);

/** The top of a state file: an object of `entries` (not a list, not null), named by `what` when it is not one. */
export function fileObject<const E extends ObjectEntries>(entries: E, what: string) {
  return pipe(
    unknown(),
    check(isJsonObject, `must hold ${what}`),
    object(entries, (issue) => (issue.path ? 'is missing' : `must hold ${what}`)),
  );
}

/** Text shown, never acted on: at most `max` characters, '' for what is not text. */
export const clippedText = (max: number) =>
  fallback(
    pipe(
      string(),
      transform((x) => x.slice(0, max)),
    ),
    '',
  );

/** An ISO time as written; the epoch for what does not read as a time. */
export const timeOrEpoch = fallback(
  pipe(
    string(),
    check((x) => !Number.isNaN(Date.parse(x))),
  ),
  new Date(0).toISOString(),
);

/** A read that failed for another reason than the file's kind (StateFileError): one line naming the file. */
const unreadable = (path: string, e: unknown) =>
  e instanceof StateFileError
    ? e
    : new StateFileProblem(path, [
        `${path}: cannot read (${(e as NodeJS.ErrnoException).code ?? (e instanceof Error ? e.message : String(e))})`,
      ]);

/**
 * The one loader of a state file: its text (refused as openStateFile refuses), JSON.parse, then
 * `schema`. Undefined when there is no file; StateFileError or StateFileProblem otherwise.
 */
export async function loadStateFile<S extends GenericSchema>(
  path: string,
  schema: S,
  o: ReadOptions = {},
): Promise<InferOutput<S> | undefined> {
  let text: string | undefined;
  try {
    text = await readStateFile(path);
  } catch (e) {
    throw unreadable(path, e);
  }
  return text === undefined ? undefined : parseStateFile(path, text, schema, o);
}

/** loadStateFile for start-up code that is synchronous (the config file). */
export function loadStateFileSync<S extends GenericSchema>(
  path: string,
  schema: S,
  o: ReadOptions = {},
): InferOutput<S> | undefined {
  let text: string | undefined;
  try {
    text = readStateFileSync(path);
  } catch (e) {
    throw unreadable(path, e);
  }
  return text === undefined ? undefined : parseStateFile(path, text, schema, o);
}

/** Refuses to replace a name that holds something other than a regular file of this user (absent is fine). */
async function checkReplaceable(path: string): Promise<void> {
  let info: Stats;
  try {
    info = await lstat(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  const why = refusal(info);
  if (why) throw new StateFileError(path, why);
}

let sequence = 0;

export async function writeStateFile(stateDir: string, name: string, text: string): Promise<void> {
  await mkdir(stateDir, { recursive: true, mode: 0o700 });
  const target = join(stateDir, name);
  await checkReplaceable(target);
  const tmp = `${target}.${process.pid}.${++sequence}.tmp`;
  // O_EXCL: a name planted where the temporary file goes is never followed or reused
  const handle = await open(tmp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | GUARD, 0o600);
  try {
    try {
      await handle.writeFile(text);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(tmp, target);
  } catch (e) {
    // a full disk or a failed rename leaves no temporary file behind
    await rm(tmp, { force: true });
    throw e;
  }
}

/**
 * A list this instance changed (`local`, grown from `base`) merged with the list now on disk, which
 * another instance may have saved meanwhile: items another instance added are kept, items this
 * one removed stay removed, an item this one did not change takes the disk's version (another
 * instance may have changed or removed it), an item this one changed or added is this one's.
 */
export function mergeByKey<T>(
  base: readonly T[],
  local: readonly T[],
  disk: readonly T[],
  key: (item: T) => string,
): T[] {
  const baseBy = new Map(base.map((b) => [key(b), JSON.stringify(b)]));
  const diskBy = new Map(disk.map((d) => [key(d), d]));
  const localKeys = new Set(local.map(key));
  const out: T[] = [];
  for (const item of local) {
    const k = key(item);
    const unchanged = baseBy.get(k) === JSON.stringify(item);
    if (!unchanged) out.push(item);
    else if (diskBy.has(k)) out.push(diskBy.get(k) as T);
  }
  for (const d of disk) if (!localKeys.has(key(d)) && !baseBy.has(key(d))) out.push(d);
  return out;
}
