// Yearly archives (`tradedeck journal archive`): the lines of past years move from the journal to
// `journal-YYYY.jsonl` beside it (the year of each line's time, UTC), whole lines copied byte for
// byte, never rewritten or dropped; the journal keeps the rest. The journal view, the P&L and the
// exports read the archives before the journal; recovery reads only the journal, so nothing
// unfinished is archived: the move stops at the first line of this year or at the first entry
// that no outcome in the journal finishes, whichever comes first.
//
// Safe against a crash at any point: first a plan is written (`<journal>.archive`, replaced whole)
// naming the bytes to move and each archive's size before; then each part is appended to its
// archive (a part found half appended by an earlier crash is cut back to the size the plan names:
// those bytes are copies of lines still in the journal); then the journal's remaining lines are
// written to a new file that is renamed over the journal; then the plan is removed. Running again
// after a crash carries the plan on from where it stopped. The caller holds the state directory's
// lock: no other instance appends to the journal meanwhile.
import { constants } from 'node:fs';
import { rename, rm, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import {
  array,
  boolean,
  literal,
  minValue,
  number,
  object,
  pipe,
  safeInteger,
  string,
  type InferOutput,
} from 'valibot';
import { loadStateFile, openStateFile, StateFileProblem, writeStateFile } from '../state/file.js';
import { digest, fsyncDir, isFinal, isObject, scanLines, readAt, type JournalStatus } from './journal.js';

const offset = pipe(number(), safeInteger(), minValue(0));
const part = object({
  year: offset,
  /** bytes of the journal, [from, to) */
  from: offset,
  to: offset,
  /** the archive's size before this part is appended */
  archiveSize: offset,
  /** a newline goes first: the archive did not end with one */
  pad: boolean(),
});
type Part = InferOutput<typeof part>;

const planFile = object({
  version: literal(1),
  /** the journal's size when planned, and a digest of its first bytes (which the new journal does not start with) */
  size: offset,
  head: string(),
  /** the first byte kept in the journal */
  cut: offset,
  parts: array(part),
});
type Plan = InferOutput<typeof planFile>;

export interface ArchiveResult {
  /** per archive: lines moved to it and their bytes */
  moved: Array<{ file: string; lines: number; bytes: number }>;
  /** a plan left by an interrupted run was carried on */
  resumed: boolean;
}

/** Points where a test stops the run as a crash would (the hook throws or kills the process). */
export type ArchiveStep = 'planned' | 'half-appended' | 'appended' | 'tail-written' | 'replaced';

export interface ArchiveOptions {
  /** ms since epoch: lines of years before this one's (UTC) move */
  now: number;
  step?(at: ArchiveStep): void | Promise<void>;
}

const HEAD = 4096;
const CHUNK = 1 << 20;

export const archiveName = (path: string, year: number) => `${basename(path).replace(/\.jsonl$/, '')}-${year}.jsonl`;
const planPath = (path: string) => `${path}.archive`;

async function headDigest(handle: FileHandle, size: number): Promise<string> {
  const b = Buffer.alloc(Math.min(HEAD, size));
  const { bytesRead } = await handle.read(b, 0, b.length, 0);
  return digest(b.subarray(0, bytesRead));
}

async function fileSize(path: string): Promise<{ size: number; endsWithNewline: boolean }> {
  let handle: FileHandle;
  try {
    handle = await openStateFile(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { size: 0, endsWithNewline: true };
    throw e;
  }
  try {
    const size = (await handle.stat()).size;
    if (size === 0) return { size, endsWithNewline: true };
    const last = Buffer.alloc(1);
    await handle.read(last, 0, 1, size - 1);
    return { size, endsWithNewline: last[0] === 0x0a };
  } finally {
    await handle.close();
  }
}

/** What to move: contiguous runs of lines of one past year, up to this year's first line or the first unfinished entry. */
async function makePlan(path: string, now: number): Promise<Plan | undefined> {
  const thisYear = new Date(now).getUTCFullYear();
  const runs: Array<{ year: number | undefined; from: number; to: number; lines: number }> = [];
  const open = new Map<string, number>();
  let stop: number | undefined;
  let end = 0;
  const handle = await openStateFile(path);
  let size: number;
  let head: string;
  try {
    size = (await handle.stat()).size;
    head = await headDigest(handle, size);
  } finally {
    await handle.close();
  }
  // the scan reads on until this year's first line, then only as far as the outcomes of entries open there
  const reached = new Error('reached');
  try {
    await scanLines(path, 0, 1, readAt, (line, _n, at, bytes) => {
      let record: unknown;
      try {
        record = JSON.parse(line);
      } catch {
        record = undefined;
      }
      const time =
        isObject(record) && typeof record.time === 'number' && Number.isFinite(record.time) ? record.time : undefined;
      const year = time === undefined ? undefined : new Date(time).getUTCFullYear();
      if (stop === undefined && year !== undefined && year >= thisYear) stop = at;
      // past this year's first line only the outcomes of entries still open before it are looked for
      if (stop !== undefined && open.size === 0) throw reached;
      if (isObject(record) && typeof record.id === 'string' && (stop === undefined || record.kind === 'outcome')) {
        if (record.kind === 'entry') {
          if (isFinal(record.status as JournalStatus)) open.delete(record.id);
          else open.set(record.id, at);
        } else if (record.kind === 'outcome' && isFinal(record.status as JournalStatus)) open.delete(record.id);
      }
      if (stop !== undefined) return;
      const last = runs[runs.length - 1];
      // a line without a usable time goes with the line before it (or the first dated one after)
      if (last && (year === undefined || last.year === undefined || last.year === year)) {
        last.to = at + bytes + 1;
        last.lines++;
        if (last.year === undefined) last.year = year;
      } else runs.push({ year, from: at, to: at + bytes + 1, lines: 1 });
      end = at + bytes + 1;
    });
  } catch (e) {
    if (e !== reached) throw e;
  }
  let cut = stop ?? end;
  for (const at of open.values()) cut = Math.min(cut, at);
  const parts: Part[] = [];
  const sizes = new Map<number, { size: number; endsWithNewline: boolean }>();
  for (const r of runs) {
    if (r.year === undefined || r.from >= cut) continue;
    const to = Math.min(r.to, cut);
    let before = sizes.get(r.year);
    if (!before) before = await fileSize(join(dirname(path), archiveName(path, r.year)));
    const pad = !before.endsWithNewline;
    parts.push({ year: r.year, from: r.from, to, archiveSize: before.size, pad });
    sizes.set(r.year, { size: before.size + (pad ? 1 : 0) + (to - r.from), endsWithNewline: true });
  }
  if (parts.length === 0) return undefined;
  return { version: 1, size, head, cut: parts[parts.length - 1]!.to, parts };
}

/** The plan of an archive under way, or undefined when there is none; one that cannot be read stops the archive. */
async function readPlan(path: string): Promise<Plan | undefined> {
  try {
    return await loadStateFile(planPath(path), planFile);
  } catch (e) {
    if (!(e instanceof StateFileProblem)) throw e;
    throw new Error(`${e.message}: remove it only after checking the journal and its archives`, { cause: e });
  }
}

async function copyRange(
  from: FileHandle,
  to: FileHandle,
  start: number,
  end: number,
  stopHalfWay?: () => Promise<void>,
): Promise<void> {
  const buffer = Buffer.alloc(Math.min(CHUNK, Math.max(1, end - start)));
  const half = start + Math.floor((end - start) / 2);
  for (let at = start; at < end;) {
    const want = Math.min(buffer.length, end - at, stopHalfWay && at < half ? half - at : Infinity);
    const { bytesRead } = await from.read(buffer, 0, want, at);
    if (bytesRead <= 0) throw new Error('the journal ended before the bytes the archive plan names');
    await to.write(buffer.subarray(0, bytesRead));
    at += bytesRead;
    if (stopHalfWay && at === half) await stopHalfWay();
  }
}

async function countLines(handle: FileHandle, start: number, end: number): Promise<number> {
  const buffer = Buffer.alloc(Math.min(CHUNK, Math.max(1, end - start)));
  let n = 0;
  for (let at = start; at < end;) {
    const { bytesRead } = await handle.read(buffer, 0, Math.min(buffer.length, end - at), at);
    if (bytesRead <= 0) break;
    for (let i = 0; i < bytesRead; i++) if (buffer[i] === 0x0a) n++;
    at += bytesRead;
  }
  return n;
}

/** Appends a part to its archive, or finds it appended; a half-appended part is cut back first. */
async function appendPart(journal: FileHandle, path: string, part: Part, o: ArchiveOptions): Promise<void> {
  const archive = join(dirname(path), archiveName(path, part.year));
  const handle = await openStateFile(archive, constants.O_RDWR | constants.O_CREAT | constants.O_APPEND);
  try {
    const length = (part.pad ? 1 : 0) + part.to - part.from;
    const size = (await handle.stat()).size;
    if (size >= part.archiveSize + length) {
      // appended already (the run stopped after it): the bytes where the plan puts them are the journal's
      const tail = Math.min(256, part.to - part.from);
      const a = Buffer.alloc(tail);
      const b = Buffer.alloc(tail);
      await handle.read(a, 0, tail, part.archiveSize + length - tail);
      await journal.read(b, 0, tail, part.to - tail);
      if (a.equals(b)) return;
    }
    if (size < part.archiveSize || size > part.archiveSize + length) {
      throw new Error(
        `${archiveName(path, part.year)} changed since the archive was planned (${size} bytes, expected ${part.archiveSize} to ${part.archiveSize + length}): nothing more moved`,
      );
    }
    // what an interrupted append left is a copy of lines still in the journal
    if (size > part.archiveSize) await handle.truncate(part.archiveSize);
    if (part.pad) await handle.write('\n');
    await copyRange(journal, handle, part.from, part.to, o.step ? async () => o.step!('half-appended') : undefined);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Moves the lines of past years to the yearly archives (or finishes a move a crash interrupted). */
export async function archiveJournal(path: string, o: ArchiveOptions): Promise<ArchiveResult> {
  const dir = dirname(path);
  let plan = await readPlan(path);
  const resumed = plan !== undefined;
  if (!plan) {
    plan = await makePlan(path, o.now);
    if (!plan) return { moved: [], resumed };
    await writeStateFile(dir, basename(planPath(path)), `${JSON.stringify(plan)}\n`);
    await o.step?.('planned');
  }
  const journal = await openStateFile(path);
  let replaced: boolean;
  try {
    const size = (await journal.stat()).size;
    // still the journal the plan was made from (lines may have been added after it), or the new one
    replaced = !(size >= plan.size && (await headDigest(journal, plan.size)) === plan.head);
    if (!replaced) {
      for (const part of plan.parts) await appendPart(journal, path, part, o);
      await o.step?.('appended');
      const tmp = `${path}.archive.tmp`;
      await rm(tmp, { force: true });
      const out = await openStateFile(tmp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL);
      try {
        await copyRange(journal, out, plan.cut, size);
        await out.sync();
      } finally {
        await out.close();
      }
      await o.step?.('tail-written');
      await rename(tmp, path);
      await fsyncDir(dir);
      await o.step?.('replaced');
    }
  } finally {
    await journal.close();
  }
  // the recovery checkpoint names bytes of the old journal: the next start makes it again
  await rm(`${path}.index`, { force: true });
  await rm(planPath(path), { force: true });
  await fsyncDir(dir);
  const moved = new Map<string, { file: string; lines: number; bytes: number }>();
  for (const part of plan.parts) {
    const file = archiveName(path, part.year);
    const m = moved.get(file) ?? { file, lines: 0, bytes: 0 };
    m.bytes += part.to - part.from;
    moved.set(file, m);
  }
  // lines counted where the parts now are in the archives (their bytes are whole lines)
  for (const part of plan.parts) {
    const m = moved.get(archiveName(path, part.year))!;
    const h = await openStateFile(join(dir, m.file));
    try {
      m.lines += await countLines(
        h,
        part.archiveSize + (part.pad ? 1 : 0),
        part.archiveSize + (part.pad ? 1 : 0) + part.to - part.from,
      );
    } finally {
      await h.close();
    }
  }
  return { moved: [...moved.values()], resumed };
}
