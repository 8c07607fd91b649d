// Following the journal as it grows without holding it in memory. A follower reads the yearly
// archives and the journal once, a chunk at a time, then only what was appended since its last
// read (it starts over when the journal was replaced or cut, or the archives changed). What it
// keeps is small: the entries not yet final (a handful), and, when asked for the journal view,
// where each entry's line and its outcome lines are in the files (a few numbers per line in typed
// arrays), so that the page on screen is read back from the files, never the whole journal.
// Each entry is handed to `final` once, as it becomes final: the P&L keeps its summary that way.
import type { FileHandle } from 'node:fs/promises';
import { openStateFile } from '../state/file.js';
import {
  archivesMark,
  archivesOf,
  bytesBefore,
  digest,
  entryOf,
  Fold,
  isFinal,
  isObject,
  makeLean,
  outcomeProblem,
  readAt,
  scanLines,
  withOutcome,
  type Fields,
  type JournalProblem,
  type JournalReader,
  type JournalState,
} from './journal.js';

/** Something kept from the entries as they become final (the P&L's trades): told to start over when the follower does. */
export interface JournalSummary {
  add(entry: JournalState): void;
  reset(): void;
}

export interface FollowOptions {
  /** keep where each entry's lines are, so that pages of entries can be read back (the journal view) */
  places?: boolean;
  /** each entry once it is final (lean, its outcomes folded in), in the order they became final */
  final?(entry: JournalState): void;
  /** everything is read again (the journal replaced or cut, the archives changed): forget what `final` was given */
  restart?(): void;
  read?: JournalReader;
}

type NumberArray = Float64Array | Uint32Array | Int32Array | Uint16Array;
const BLOCK = 4096;

/** Numbers read by position, as a column of numbers is at one moment. */
export interface ReadColumn {
  get(i: number): number;
}

/**
 * A growable column of numbers in blocks of 4,096: growing copies nothing and leaves at most one
 * block unused; what is below a position already written is never written again by appending.
 */
export class NumberColumn<A extends NumberArray = NumberArray> implements ReadColumn {
  private blocks: A[] = [];
  constructor(private readonly make: (n: number) => A) {}
  /** reads a position set before (the columns are read below the count of what was appended) */
  get(i: number): number {
    return this.blocks[i >>> 12]![i & (BLOCK - 1)]!;
  }
  set(i: number, v: number): void {
    const b = i >>> 12;
    while (b >= this.blocks.length) this.blocks.push(this.make(BLOCK));
    // the loop above made block b
    this.blocks[b]![i & (BLOCK - 1)] = v;
  }
  /** the column as it is: appending to this one later does not change what it reads below its length now */
  frozen(): ReadColumn {
    const blocks = this.blocks.slice();
    return { get: (i) => blocks[i >>> 12]![i & (BLOCK - 1)]! };
  }
}

export const f64 = () => new NumberColumn((n) => new Float64Array(n));
export const u32 = () => new NumberColumn((n) => new Uint32Array(n));
const i32 = () => new NumberColumn((n) => new Int32Array(n));
const u16 = () => new NumberColumn((n) => new Uint16Array(n));

/** 32-bit FNV-1a of an id: finds a finished entry again for a rare late outcome, confirmed by reading its line. */
function hashOf(id: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** the files a read has open, by source */
type Handles = Map<number, Promise<FileHandle>>;

async function closeAll(handles: Handles): Promise<void> {
  for (const opening of handles.values())
    await opening.then(
      (h) => h.close(),
      () => undefined,
    );
}

/** Where a line is: which source (archive, oldest first, then the journal), its byte and length. */
interface Place {
  file: number;
  offset: number;
  bytes: number;
}

interface Late extends Place {
  id: string;
  line: number;
  /** entries read before it: only those may be the one it names */
  before: number;
  record: Fields;
}

export class JournalFollower {
  /** entries read (each id once while it is unfinished) */
  count = 0;
  /** lines that could not be used */
  problems: JournalProblem[] = [];
  /** whether the entries name more than one wallet (the view then shows a WALLET column) */
  manyWallets = false;
  private firstWallet: string | undefined;
  private sources: Array<{ name?: string; path: string }> = [];
  private archived: string | undefined;
  private end = 0;
  private line = 1;
  private mark = '';
  private readonly open = new Map<string, { ord: number; state: JournalState }>();
  private readonly read: JournalReader;
  private queue: Promise<unknown> = Promise.resolve();
  // with places: per entry
  private eFile = u16();
  private eOff = f64();
  private eBytes = u32();
  private eTime = f64();
  private eHash = u32();
  private eLast = i32();
  // with places: per outcome line, chained to the entry's earlier one
  private outs = 0;
  private oFile = u16();
  private oOff = f64();
  private oBytes = u32();
  private oPrev = i32();
  private late: Late[] = [];
  private readonly summaries: JournalSummary[] = [];
  /** a summary came after the journal was read: read it again from the start for it */
  private again = false;
  /** entries in the file are in strictly increasing time: newest first is the reverse of the file */
  private increasing = true;
  private lastTime = -Infinity;
  private order: Uint32Array | undefined;

  constructor(
    private readonly path: string,
    private readonly o: FollowOptions = {},
  ) {
    this.read = o.read ?? readAt;
  }

  /** Reads what was appended since the last update (or everything, when the files changed). One at a time. */
  update(): Promise<void> {
    const run = this.queue.then(() => this.catchUp());
    this.queue = run.catch(() => undefined);
    return run;
  }

  private restart(): void {
    this.count = 0;
    this.problems = [];
    this.manyWallets = false;
    this.firstWallet = undefined;
    this.end = 0;
    this.line = 1;
    this.mark = '';
    this.open.clear();
    this.eFile = u16();
    this.eOff = f64();
    this.eBytes = u32();
    this.eTime = f64();
    this.eHash = u32();
    this.eLast = i32();
    this.outs = 0;
    this.oFile = u16();
    this.oOff = f64();
    this.oBytes = u32();
    this.oPrev = i32();
    this.late = [];
    this.increasing = true;
    this.lastTime = -Infinity;
    this.order = undefined;
    this.o.restart?.();
    for (const sum of this.summaries) sum.reset();
  }

  /** Keeps `summary` up to date from now on, from the journal's first entry (the next update reads it whole once). */
  watch(summary: JournalSummary): void {
    if (this.summaries.includes(summary)) return;
    this.summaries.push(summary);
    this.again = this.archived !== undefined;
  }

  private final(entry: JournalState): void {
    this.o.final?.(entry);
    for (const sum of this.summaries) sum.add(entry);
  }

  private async catchUp(): Promise<void> {
    const archives = await archivesOf(this.path);
    const archived = await archivesMark(archives);
    let fresh = archived !== this.archived || this.again;
    this.again = false;
    if (!fresh && this.end > 0) {
      const before = await bytesBefore(this.path, this.end).catch(() => undefined);
      fresh = !before || digest(before) !== this.mark;
    }
    if (fresh) {
      this.restart();
      this.archived = archived;
      this.sources = [...archives, { path: this.path }];
      for (let f = 0; f < archives.length; f++) {
        await scanLines(archives[f]!.path, 0, 1, this.read, (line, n, at, bytes) =>
          this.take(line, n, { file: f, offset: at, bytes }),
        );
        await this.resolveLate();
      }
    }
    const file = this.sources.length - 1;
    const before = this.count;
    this.end = await scanLines(this.path, this.end, this.line, this.read, (line, n, at, bytes) => {
      this.line = n + 1;
      this.take(line, n, { file, offset: at, bytes });
    });
    const mark = this.end > 0 ? await bytesBefore(this.path, this.end).catch(() => undefined) : undefined;
    this.mark = mark ? digest(mark) : '';
    await this.resolveLate();
    if (this.count !== before || fresh) this.order = undefined;
  }

  private problem(why: string, line: number, file: number): void {
    const name = this.sources[file]?.name;
    this.problems.push(name ? { line, why, file: name } : { line, why });
  }

  private take(line: string, lineNo: number, at: Place): void {
    if (line.trim() === '') return;
    let record: unknown;
    try {
      record = JSON.parse(line);
    } catch {
      return this.problem('not JSON (cut short by a crash?)', lineNo, at.file);
    }
    if (!isObject(record)) return this.problem('not a JSON object', lineNo, at.file);
    if (record.kind === 'entry') {
      const state = entryOf(record);
      if (typeof state === 'string') return this.problem(state, lineNo, at.file);
      makeLean(state);
      const wallet = state.wallet ?? '';
      if (this.firstWallet === undefined) this.firstWallet = wallet;
      else if (wallet !== this.firstWallet) this.manyWallets = true;
      const again = this.open.get(state.id);
      // the same id again while unfinished: the later line stands for it (as a whole read folds it)
      const ord = again ? again.ord : this.count++;
      if (this.o.places) {
        this.eFile.set(ord, at.file);
        this.eOff.set(ord, at.offset);
        this.eBytes.set(ord, at.bytes);
        this.eTime.set(ord, state.time);
        this.eHash.set(ord, hashOf(state.id));
        this.eLast.set(ord, -1);
        if (!again) {
          if (!(state.time > this.lastTime)) this.increasing = false;
          this.lastTime = state.time;
        } else this.increasing = false;
      }
      if (isFinal(state.status)) {
        this.open.delete(state.id);
        this.final(state);
      } else this.open.set(state.id, { ord, state });
    } else if (record.kind === 'outcome') {
      const why = outcomeProblem(record);
      if (why) return this.problem(why, lineNo, at.file);
      const id = record.id as string;
      const found = this.open.get(id);
      if (found) {
        if (this.o.places) this.chain(found.ord, at);
        const current = withOutcome(found.state, record);
        // the signed line brings the signed transaction: kept lean as the entry's was
        if (current.signedChars === undefined) makeLean(current);
        if (isFinal(current.status)) {
          this.open.delete(id);
          this.final(current);
        } else found.state = current;
      } else if (this.o.places) {
        // an outcome of an entry already final (or of none): found again after this chunk
        this.late.push({ ...at, id, line: lineNo, before: this.count, record });
      }
    } else if (record.kind !== 'standing') this.problem('kind is neither "entry" nor "outcome"', lineNo, at.file);
  }

  private chain(ord: number, at: Place): void {
    const n = this.outs++;
    this.oFile.set(n, at.file);
    this.oOff.set(n, at.offset);
    this.oBytes.set(n, at.bytes);
    this.oPrev.set(n, this.eLast.get(ord));
    this.eLast.set(ord, n);
  }

  /** Outcomes of entries already final: the entry with the same id before it, confirmed by its line. */
  private async resolveLate(): Promise<void> {
    if (this.late.length === 0) return;
    const late = this.late;
    this.late = [];
    const handles: Handles = new Map();
    let unresolved = false;
    try {
      for (const l of late) {
        const h = hashOf(l.id);
        let found = -1;
        for (let ord = l.before - 1; ord >= 0 && found < 0; ord--) {
          if (this.eHash.get(ord) !== h) continue;
          const text = await this.lineAt(handles, {
            file: this.eFile.get(ord),
            offset: this.eOff.get(ord),
            bytes: this.eBytes.get(ord),
          });
          try {
            if ((JSON.parse(text) as Fields).id === l.id) found = ord;
          } catch {
            // not this one
          }
        }
        if (found >= 0) this.chain(found, l);
        else {
          this.problem('an outcome of an entry not found before it', l.line, l.file);
          unresolved = true;
        }
      }
    } finally {
      await closeAll(handles);
    }
    // problems in the order of the files' lines
    if (unresolved) this.problems.sort((a, b) => this.fileNo(a.file) - this.fileNo(b.file) || a.line - b.line);
  }

  private fileNo(name: string | undefined): number {
    return name === undefined ? this.sources.length : this.sources.findIndex((s) => s.name === name);
  }

  private async lineAt(handles: Handles, at: Place): Promise<string> {
    let opening = handles.get(at.file);
    if (!opening) {
      // a place is recorded with the number of the source it was read from
      opening = openStateFile(this.sources[at.file]!.path);
      handles.set(at.file, opening);
    }
    const handle = await opening;
    const buffer = Buffer.alloc(at.bytes);
    let got = 0;
    while (got < at.bytes) {
      const { bytesRead } = await handle.read(buffer, got, at.bytes - got, at.offset + got);
      if (bytesRead <= 0) break;
      got += bytesRead;
    }
    return buffer.toString('utf8', 0, got);
  }

  /** The entry shown at `index` newest first (by time; the earlier line first for the same time). */
  private ordAt(index: number): number {
    if (this.increasing) return this.count - 1 - index;
    if (!this.order || this.order.length !== this.count) {
      const time = new Float64Array(this.count);
      for (let i = 0; i < time.length; i++) time[i] = this.eTime.get(i);
      const order = new Uint32Array(this.count);
      for (let i = 0; i < order.length; i++) order[i] = i;
      // order holds the indices of time
      order.sort((a, b) => time[b]! - time[a]! || a - b);
      this.order = order;
    }
    // index is a place among the count of entries, and the order has one per entry
    return this.order[index]!;
  }

  /**
   * Entries `from` .. `from + n` newest first, each folded with its outcomes and lean, read back
   * from the files (after an update, so the places are those of the files as they are now).
   */
  async page(from: number, n: number): Promise<JournalState[]> {
    if (!this.o.places) throw new Error('this follower keeps no places');
    await this.update();
    const run = this.queue.then(() => this.readPage(from, n));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async readPage(from: number, n: number): Promise<JournalState[]> {
    const handles: Handles = new Map();
    try {
      const ords: number[] = [];
      for (let i = Math.max(0, from); i < Math.min(this.count, from + n); i++) ords.push(this.ordAt(i));
      return await Promise.all(
        ords.map(async (ord) => {
          const places: Place[] = [];
          for (let o = this.eLast.get(ord); o >= 0; o = this.oPrev.get(o))
            places.push({ file: this.oFile.get(o), offset: this.oOff.get(o), bytes: this.oBytes.get(o) });
          places.push({ file: this.eFile.get(ord), offset: this.eOff.get(ord), bytes: this.eBytes.get(ord) });
          places.reverse();
          const fold = new Fold(true, true);
          const texts = await Promise.all(places.map((p) => this.lineAt(handles, p)));
          texts.forEach((text, i) => fold.line(text, i + 1, places[i]!.offset));
          const [state] = fold.byId.values();
          if (!state) throw new Error('the journal changed while it was read: read it again (r)');
          return state;
        }),
      );
    } finally {
      await closeAll(handles);
    }
  }
}

const pagesOf = new WeakMap<object, JournalFollower>();

/** The journal view's follower of a journal (one per open journal). */
export function journalPages(journal: { readonly path: string }): JournalFollower {
  let f = pagesOf.get(journal);
  if (!f) pagesOf.set(journal, (f = new JournalFollower(journal.path, { places: true })));
  return f;
}
