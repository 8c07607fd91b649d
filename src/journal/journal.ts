// Append-only record (JSON lines) of every transaction signed and its outcome. An entry is
// written before its transaction is signed (the transaction as built, the wallet, the mode, the
// process that signs it), and a line with the signed transaction before it is sent, each written
// whole and fsync'd, so a crash between sending and hearing the outcome leaves enough to find out
// at the next start (reconcile.ts), and an entry with no signed line was never sent. Lines are
// never rewritten: what happens next is a new line naming the entry's id. A line the disk could
// not take whole (full, failing) is cut back off at once: the journal only ever ends in whole lines.

import { constants } from 'node:fs';
import { createHash } from 'node:crypto';
import { mkdir, open, readdir, stat, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { Mode } from '../config/config.js';
import { isAddress } from '../chain/base58.js';
import { minValue, number, object, pipe, safeInteger, string, type InferOutput } from 'valibot';
import { loadStateFile, openStateFile, writeStateFile } from '../state/file.js';
import { FileLockError, identityOf, withFileLock, type ProcessIdentity } from '../state/lock.js';

/**
 * The service's group a transaction went through: 'ultra' (GET /ultra/v1/order + POST
 * /ultra/v1/execute), 'swapV2' (GET /swap/v2/order + POST /swap/v2/execute), 'swap' (built by the
 * swap group, /swap/v1 or /swap/v2/build, and sent by RPC), the order groups and studio; 'vault': a
 * deposit to or a withdrawal from the custodial vault of the service's current order generation,
 * landed by the order's create (or confirm-cancel) call, so it has no execute to post again and is
 * followed on chain by its signature.
 */
export type JournalGroup = 'ultra' | 'swapV2' | 'trigger' | 'recurring' | 'swap' | 'studio' | 'vault';
/**
 * prepared: written, not signed yet; signed: signed, not known to be sent; unsent: never signed or
 * never sent (final: nothing left this machine); the rest as the service or the chain said.
 */
export type JournalStatus =
  'prepared' | 'signed' | 'submitted' | 'success' | 'failed' | 'expired' | 'unknown' | 'unsent';
export const FINAL_STATUSES: readonly JournalStatus[] = ['success', 'failed', 'expired', 'unsent'];
export const MODES: readonly Mode[] = ['live', 'demo', 'paper'];

export interface JournalEntry {
  id: string;
  /** ms since epoch */
  time: number;
  group: JournalGroup;
  action: string;
  requestId?: string;
  /** the transaction id (first signature) when known */
  signature?: string;
  /** the signed transaction (base 64): on an entry written after signing (an older journal's) */
  signedTransaction?: string;
  /** the transaction as built, unsigned (base 64): on an entry written before signing (status prepared) */
  transaction?: string;
  lastValidBlockHeight?: number;
  summary: Record<string, unknown>;
  status: JournalStatus;
  /** the signing wallet's address (public) */
  wallet?: string;
  /** what signed: "key file", "ledger 44'/501'/0'" (never anything secret) */
  signer?: string;
  /** the service it went to: the base URL's host, or "simulator" */
  network?: string;
  /** live, demo (the embedded simulator) or paper (live prices, simulated fills) */
  mode?: Mode;
  /** the process that signs it: recovery at start takes only entries whose process is gone */
  owner?: ProcessIdentity;
  /** mint -> the decimals its amounts were converted with at signing */
  decimals?: Record<string, number>;
}

/**
 * A standing order's record (kind "standing"): the terms confirmed (event create, with their
 * digest), then what became of it (firing, fired, failed, cancelled, expired, armed again). Not a
 * transaction: the readers of entries pass over these lines; src/orders/standing/records.ts reads them.
 */
export interface StandingLine {
  /** this line's own id */
  id: string;
  time: number;
  /** the standing order's id */
  order: string;
  event: 'create' | 'firing' | 'fired' | 'failed' | 'cancelled' | 'expired' | 'armed';
  /** create: sha256 of the canonical terms, and the terms themselves */
  digest?: string;
  terms?: Record<string, unknown>;
  reason?: string;
  signature?: string;
  wallet?: string;
  mode?: Mode;
  network?: string;
  owner?: ProcessIdentity;
}

/** What the service reported as actually executed, raw amounts of the input and output mints. */
export interface ExecutedAmounts {
  input?: string;
  output?: string;
}

export interface JournalOutcome {
  id: string;
  time: number;
  status: JournalStatus;
  signature?: string;
  code?: number;
  error?: string;
  executed?: ExecutedAmounts;
  /** the signed line (status signed): the signed transaction, written before it is sent */
  signedTransaction?: string;
}

export interface JournalState extends Omit<JournalEntry, 'transaction'> {
  /** the signed transaction; '' while the entry was never signed */
  signedTransaction: string;
  updatedAt: number;
  code?: number;
  error?: string;
  executed?: ExecutedAmounts;
  /** when read lean: the signed transaction's length in characters (signedTransaction then holds only its first LEAN_PREFIX, never to be sent) */
  signedChars?: number;
}

/** what a lean read keeps of each signed transaction: enough to recognise it */
export const LEAN_PREFIX = 12;

export interface ReadOptions {
  /** without each signed transaction but its first characters (its length kept in signedChars) */
  lean?: boolean;
  /**
   * Which finished entries to keep (every one when absent): the others are forgotten as the file
   * is read, so memory is that of what the caller uses. Unfinished entries are always kept.
   */
  keep?: (e: JournalState) => boolean;
}

/** Writes bytes at the end of the journal; resolves to how many were written (tests stand in a full disk). */
export type JournalWriter = (handle: FileHandle, bytes: Buffer) => Promise<number>;
const writeAtEnd: JournalWriter = async (handle, bytes) => (await handle.write(bytes, 0, bytes.length)).bytesWritten;

export interface JournalOptions {
  /** reads the file's bytes (tests count what is read) */
  read?: JournalReader;
  /** writes a line's bytes (tests: a disk that fills up) */
  write?: JournalWriter;
}

/** A line that could not be written whole and synced; nothing of it stays in the journal. */
export class JournalWriteError extends Error {
  constructor(
    message: string,
    /** ENOSPC (disk full), EIO, EDQUOT, ...: the system's code when there was one */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'JournalWriteError';
  }
  get diskFull(): boolean {
    return this.code === 'ENOSPC' || this.code === 'EDQUOT';
  }
}

export interface Journal {
  readonly path: string;
  /** Resolves once the line is written whole and fsync'd; throws JournalWriteError and leaves nothing of it otherwise. */
  append(entry: JournalEntry): Promise<void>;
  appendOutcome(outcome: JournalOutcome): Promise<void>;
  /** A standing order's record (its confirmed terms, its firing and how that ended): a line of its own, never an entry */
  appendStanding(record: StandingLine): Promise<void>;
  /**
   * Every entry folded with its outcomes, in the order first recorded; the file is read a chunk at
   * a time, after the yearly archives beside it (`journal-2025.jsonl`, oldest first). What reads
   * the journal again and again (the view, the P&L) follows it instead (follow.ts).
   */
  entries(options?: ReadOptions): Promise<JournalState[]>;
  /**
   * Entries not yet in a final state. Reads only the journal from its checkpoint (`<journal>.index`,
   * the point before which everything is final) and moves the checkpoint on.
   */
  pending(): Promise<JournalState[]>;
  /** Lines that could not be used at the last read (a torn write from a crash, an edit): kept in the file. */
  readonly problems: readonly JournalProblem[];
}

/** A line of the file the reader could not use, and why. */
export interface JournalProblem {
  /** 1-based line number in the file */
  line: number;
  /** the yearly archive it is in (`journal-2025.jsonl`); absent for the journal itself */
  file?: string;
  why: string;
}

const GROUPS: readonly string[] = ['ultra', 'swapV2', 'trigger', 'recurring', 'swap', 'studio', 'vault'];
const STATUSES: readonly string[] = [
  'prepared',
  'signed',
  'submitted',
  'success',
  'failed',
  'expired',
  'unknown',
  'unsent',
];

/**
 * Ids of the entries this process is sending now (written, not yet finished): the start-up check
 * of another part of this same process leaves them to it. Another process's are told by whether
 * that process still runs (its entries record it).
 */
export const sendingHere = new Set<string>();

export function isFinal(status: JournalStatus): boolean {
  return FINAL_STATUSES.includes(status);
}

function checkEntry(e: JournalEntry): void {
  if (typeof e.id !== 'string' || e.id === '') throw new Error('journal entry needs an id');
  if (!Number.isFinite(e.time)) throw new Error('journal entry needs a time');
  if (!GROUPS.includes(e.group)) throw new Error(`journal entry group must be one of ${GROUPS.join(', ')}`);
  if (!STATUSES.includes(e.status)) throw new Error(`journal entry status must be one of ${STATUSES.join(', ')}`);
  if (e.status === 'prepared') {
    if (typeof e.transaction !== 'string' || e.transaction === '')
      throw new Error('a journal entry written before signing needs the transaction');
  } else if (typeof e.signedTransaction !== 'string' || e.signedTransaction === '')
    throw new Error('journal entry needs the signed transaction');
}

/** mint -> decimals, kept only when every key is an address and every value a whole number 0-255. */
function decimalsOf(v: unknown): Record<string, number> | undefined {
  if (!isObject(v)) return undefined;
  const out: Record<string, number> = {};
  for (const [mint, d] of Object.entries(v)) {
    if (!isAddress(mint) || typeof d !== 'number' || !Number.isInteger(d) || d < 0 || d > 255) return undefined;
    out[mint] = d;
  }
  return out;
}

/** Only the named fields reach the file, so nothing else riding on the object (a key, a wallet) can. */
function entryLine(e: JournalEntry): string {
  return JSON.stringify({
    kind: 'entry',
    id: e.id,
    time: e.time,
    group: e.group,
    action: e.action,
    requestId: e.requestId,
    signature: e.signature,
    signedTransaction: e.signedTransaction,
    transaction: e.transaction,
    lastValidBlockHeight: e.lastValidBlockHeight,
    summary: e.summary,
    status: e.status,
    // Only a public address, a host name and plain fields: never an object that might carry a key.
    wallet: isAddress(e.wallet) ? e.wallet : undefined,
    signer: typeof e.signer === 'string' && SIGNER_NAME.test(e.signer) ? e.signer : undefined,
    network: typeof e.network === 'string' ? e.network.slice(0, 200) : undefined,
    mode: e.mode && MODES.includes(e.mode) ? e.mode : undefined,
    owner: e.owner ? identityOf(e.owner) : undefined,
    decimals: decimalsOf(e.decimals),
  });
}

/** a signer's name as the wallet gives it: a few words, then a derivation path for a device */
const SIGNER_NAME = /^[a-z][a-z -]{0,19}( \d{1,10}'(\/\d{1,10}'){0,5})?$/;

const RAW = /^\d{1,30}$/;

function outcomeLine(o: JournalOutcome): string {
  const executed =
    o.executed && (RAW.test(o.executed.input ?? '') || RAW.test(o.executed.output ?? ''))
      ? { input: o.executed.input, output: o.executed.output }
      : undefined;
  return JSON.stringify({
    kind: 'outcome',
    id: o.id,
    time: o.time,
    status: o.status,
    signature: o.signature,
    code: o.code,
    error: o.error,
    executed,
    signedTransaction: o.status === 'signed' ? o.signedTransaction : undefined,
  });
}

function standingLine(r: StandingLine): string {
  return JSON.stringify({
    kind: 'standing',
    id: r.id,
    time: r.time,
    order: r.order,
    event: r.event,
    digest: typeof r.digest === 'string' && /^[0-9a-f]{64}$/.test(r.digest) ? r.digest : undefined,
    terms: r.terms,
    reason: typeof r.reason === 'string' ? r.reason.slice(0, 500) : undefined,
    signature: r.signature,
    wallet: isAddress(r.wallet) ? r.wallet : undefined,
    mode: r.mode && MODES.includes(r.mode) ? r.mode : undefined,
    network: typeof r.network === 'string' ? r.network.slice(0, 200) : undefined,
    owner: r.owner ? identityOf(r.owner) : undefined,
  });
}

export async function fsyncDir(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export type Fields = Record<string, unknown>;
export const isObject = (v: unknown): v is Fields => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Why an optional field cannot be used, or undefined when it is absent or of its type. */
function optional(r: Fields, name: string, type: 'string' | 'number'): string | undefined {
  const v = r[name];
  if (v === undefined) return undefined;
  if (type === 'number' ? typeof v === 'number' && Number.isFinite(v) : typeof v === 'string') return undefined;
  return `${name} is not a ${type}`;
}

/** An entry line as the reader uses it, or why it cannot be used. Every field read later is checked here. */
export function entryOf(r: Fields): JournalState | string {
  if (typeof r.id !== 'string' || r.id === '') return 'id is not a string';
  if (typeof r.time !== 'number' || !Number.isFinite(r.time)) return 'time is not a number';
  if (!GROUPS.includes(r.group as string)) return `group is not one of ${GROUPS.join(', ')}`;
  if (typeof r.action !== 'string') return 'action is not a string';
  if (!STATUSES.includes(r.status as string)) return `status is not one of ${STATUSES.join(', ')}`;
  // an entry written before signing has its signed transaction in a later line
  if (r.status !== 'prepared' && (typeof r.signedTransaction !== 'string' || r.signedTransaction === ''))
    return 'signedTransaction is not a string';
  if (r.summary !== undefined && !isObject(r.summary)) return 'summary is not an object';
  if (r.mode !== undefined && !MODES.includes(r.mode as Mode)) return `mode is not one of ${MODES.join(', ')}`;
  for (const [name, type] of [
    ['requestId', 'string'],
    ['signature', 'string'],
    ['lastValidBlockHeight', 'number'],
    ['wallet', 'string'],
    ['signer', 'string'],
    ['network', 'string'],
  ] as const) {
    const why = optional(r, name, type);
    if (why) return why;
  }
  const state: JournalState = {
    id: r.id,
    time: r.time,
    group: r.group as JournalGroup,
    action: r.action,
    signedTransaction: typeof r.signedTransaction === 'string' ? r.signedTransaction : '',
    summary: r.summary ?? {},
    status: r.status as JournalStatus,
    updatedAt: r.time,
  };
  // each of these was checked above to be absent or of its type
  if (typeof r.requestId === 'string') state.requestId = r.requestId;
  if (typeof r.signature === 'string') state.signature = r.signature;
  if (typeof r.lastValidBlockHeight === 'number') state.lastValidBlockHeight = r.lastValidBlockHeight;
  if (typeof r.wallet === 'string') state.wallet = r.wallet;
  if (typeof r.signer === 'string') state.signer = r.signer;
  if (typeof r.network === 'string') state.network = r.network;
  if (r.mode !== undefined) state.mode = r.mode as Mode;
  const owner = identityOf(r.owner);
  if (owner) state.owner = owner;
  const decimals = decimalsOf(r.decimals);
  if (decimals) state.decimals = decimals;
  return state;
}

/**
 * Why an outcome line cannot be used, or undefined. Only its id and status are needed: a
 * mistyped optional field is ignored rather than the line, so a finished transaction never looks
 * unfinished (which would send it to the start-up check again).
 */
export function outcomeProblem(r: Fields): string | undefined {
  if (typeof r.id !== 'string' || r.id === '') return 'id is not a string';
  if (!STATUSES.includes(r.status as string)) return `status is not one of ${STATUSES.join(', ')}`;
  return undefined;
}

/** Drops the signed transaction but its first characters, keeping its length: what a view needs. */
export function makeLean(state: JournalState): void {
  state.signedChars = state.signedTransaction.length;
  state.signedTransaction = state.signedTransaction.slice(0, LEAN_PREFIX);
}

/** A copy of the entry with an outcome line (checked by outcomeProblem) folded in. */
export function withOutcome(found: JournalState, record: Fields): JournalState {
  const current: JournalState = { ...found };
  current.status = record.status as JournalStatus;
  if (typeof record.time === 'number' && Number.isFinite(record.time)) current.updatedAt = record.time;
  if (typeof record.signature === 'string') current.signature = record.signature;
  if (typeof record.code === 'number') current.code = record.code;
  if (typeof record.error === 'string') current.error = record.error;
  if (typeof record.signedTransaction === 'string' && record.signedTransaction !== '') {
    current.signedTransaction = record.signedTransaction;
    delete current.signedChars;
  }
  const ex = record.executed;
  if (isObject(ex)) {
    const raw = (v: unknown) => (typeof v === 'string' && RAW.test(v) ? v : undefined);
    current.executed = { input: raw(ex.input), output: raw(ex.output) };
  }
  return current;
}

/** Folds lines, one at a time, into entries with their outcomes, and notes the lines it cannot use. */
export class Fold {
  readonly byId = new Map<string, JournalState>();
  readonly problems: JournalProblem[] = [];
  /** where each entry's line starts in the file (bytes), for the recovery checkpoint */
  readonly startOf = new Map<string, number>();
  readonly lineOf = new Map<string, number>();
  /** ids of entries forgotten once final (keepFinal) */
  private readonly finished = new Set<string>();
  constructor(
    /** without the signed transaction (its length kept): what a view needs, a fraction of the memory */
    private readonly lean = false,
    /** entries before this part of the file are final: an outcome naming one is not a problem */
    private readonly tail = false,
    /** which final entries are kept (all when absent): recovery keeps none, the P&L only what it counts */
    private readonly keepFinal?: (e: JournalState) => boolean,
  ) {}

  private keep(state: JournalState, start: number, lineNo: number): void {
    if (this.keepFinal && isFinal(state.status) && !this.keepFinal(state)) {
      this.byId.delete(state.id);
      this.startOf.delete(state.id);
      this.lineOf.delete(state.id);
      this.finished.add(state.id);
      return;
    }
    this.byId.set(state.id, state);
    this.startOf.set(state.id, start);
    this.lineOf.set(state.id, lineNo);
  }

  /** the archive being read, named in its problems */
  file?: string;

  line(line: string, lineNo: number, start: number): void {
    if (line.trim() === '') return;
    const problem = (why: string) =>
      void this.problems.push(this.file ? { line: lineNo, why, file: this.file } : { line: lineNo, why });
    let record: unknown;
    try {
      record = JSON.parse(line);
    } catch {
      return problem('not JSON (cut short by a crash?)');
    }
    if (!isObject(record)) return problem('not a JSON object');
    if (record.kind === 'entry') {
      const state = entryOf(record);
      if (typeof state === 'string') return problem(state);
      if (this.lean) makeLean(state);
      this.finished.delete(state.id);
      this.keep(state, start, lineNo);
    } else if (record.kind === 'outcome') {
      const why = outcomeProblem(record);
      if (why) return problem(why);
      const found = this.byId.get(record.id as string);
      if (!found) {
        if (!this.tail && !this.finished.has(record.id as string))
          problem('an outcome of an entry not found before it');
        return;
      }
      // a copy: an entry already handed out (a read kept up to date) never changes under its holder
      const current = withOutcome(found, record);
      if (this.lean && current.signedChars === undefined) makeLean(current);
      this.byId.set(current.id, current);
      if (this.keepFinal && isFinal(current.status))
        this.keep(current, this.startOf.get(current.id) ?? 0, this.lineOf.get(current.id) ?? 0);
    } else if (record.kind !== 'standing') problem('kind is neither "entry" nor "outcome"');
    // a standing order's record is not a transaction: src/orders/standing/records.ts reads it
  }
}

/** Every entry of the journal's text folded with its outcomes, and the lines that could not be used. */
export function readJournalText(text: string): { entries: JournalState[]; problems: JournalProblem[] } {
  const fold = new Fold();
  const lines = text.split('\n');
  lines.forEach((line, i) => fold.line(line, i + 1, 0));
  return { entries: [...fold.byId.values()], problems: fold.problems };
}

/** Reads the journal's bytes at a position: the file's handle, or a counting stand-in in tests. */
export type JournalReader = (handle: FileHandle, buffer: Buffer, position: number) => Promise<number>;
export const readAt: JournalReader = async (handle, buffer, position) =>
  (await handle.read(buffer, 0, buffer.length, position)).bytesRead;
const CHUNK = 1 << 20;

/**
 * Calls `each` with every whole line of the file from byte `from` (a line's start), its 1-based
 * number counted from `firstLine`, where it starts and its length in bytes; a last line without its newline is not
 * whole yet and is left. Reads a chunk at a time, so memory does not grow with the file. Returns
 * the byte after the last whole line.
 */
export async function scanLines(
  path: string,
  from: number,
  firstLine: number,
  read: JournalReader,
  each: (line: string, lineNo: number, start: number, bytes: number) => void,
): Promise<number> {
  let handle: FileHandle;
  try {
    handle = await openStateFile(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return from;
    throw err;
  }
  try {
    // one buffer for the whole file: a line not yet whole is moved to its start and read on after it.
    // No bigger than what there is to read (a journal read on from its checkpoint is mostly a few
    // lines, and none at all on a first start): it doubles if the file grows while it is read.
    const rest = (await handle.stat()).size - from;
    let buffer = Buffer.alloc(Math.max(256, Math.min(CHUNK, rest)));
    let kept = 0;
    let restStart = from;
    let position = from;
    let lineNo = firstLine;
    for (;;) {
      if (kept === buffer.length) {
        const bigger = Buffer.alloc(buffer.length * 2);
        buffer.copy(bigger, 0, 0, kept);
        buffer = bigger;
      }
      const n = await read(handle, buffer.subarray(kept), position);
      if (n <= 0) break;
      position += n;
      const data = buffer.subarray(0, kept + n);
      let at = 0;
      for (let nl = data.indexOf(0x0a, at); nl !== -1; nl = data.indexOf(0x0a, at)) {
        each(data.toString('utf8', at, nl), lineNo++, restStart + at, nl - at);
        at = nl + 1;
      }
      buffer.copyWithin(0, at, data.length);
      kept = data.length - at;
      restStart += at;
    }
    return restStart;
  } finally {
    await handle.close();
  }
}

/**
 * The yearly archives beside the journal (`journal-2025.jsonl` for `journal.jsonl`), oldest year
 * first: lines of earlier years kept apart, read before the journal by the view and the exports.
 * Recovery reads only the journal: what is archived is finished.
 */
export async function archivesOf(path: string): Promise<Array<{ name: string; path: string }>> {
  const stem = basename(path).replace(/\.jsonl$/, '');
  let names: string[];
  try {
    names = await readdir(dirname(path));
  } catch {
    return [];
  }
  const year = (name: string) =>
    name.startsWith(`${stem}-`) && /^-\d{4}\.jsonl$/.test(name.slice(stem.length))
      ? Number(name.slice(stem.length + 1, stem.length + 5))
      : undefined;
  return names
    .filter((n) => year(n) !== undefined)
    .sort((a, b) => year(a)! - year(b)!)
    .map((name) => ({ name, path: join(dirname(path), name) }));
}

/** Folds every archive, oldest first, then leaves the fold ready for the journal's own lines. */
async function foldArchives(
  fold: Fold,
  archives: Array<{ name: string; path: string }>,
  read: JournalReader,
): Promise<void> {
  for (const a of archives) {
    fold.file = a.name;
    await scanLines(a.path, 0, 1, read, (line, n, at) => fold.line(line, n, at));
  }
  fold.file = undefined;
}

/** What the archives are now (names and sizes): a lean read kept across them starts over when this changes. */
export async function archivesMark(archives: Array<{ name: string; path: string }>): Promise<string> {
  const sizes = await Promise.all(
    archives.map((a) =>
      stat(a.path).then(
        (s) => `${a.name}:${s.size}`,
        () => `${a.name}:?`,
      ),
    ),
  );
  return sizes.join('/');
}

/**
 * Beside the journal, `<journal>.index`: the byte (and line) before which every entry is final,
 * so that recovery reads only what follows. It is derived from the journal and only ever replaced
 * whole; when it is missing, unreadable or does not match the journal (the bytes just before its
 * point differ, or the file is shorter), the journal is read whole once and it is made again.
 */

const CHECK_BYTES = 256;

export async function bytesBefore(path: string, offset: number): Promise<Buffer | undefined> {
  const handle = await openStateFile(path);
  try {
    const size = (await handle.stat()).size;
    if (offset > size) return undefined;
    const from = Math.max(0, offset - CHECK_BYTES);
    const buffer = Buffer.alloc(offset - from);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, from);
    return bytesRead === buffer.length ? buffer : undefined;
  } finally {
    await handle.close();
  }
}

export const digest = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** The checkpoint file: where a line starts, its number, and a digest of the bytes before it. */
const checkpointFile = object({
  offset: pipe(number(), safeInteger(), minValue(0)),
  line: pipe(number(), safeInteger(), minValue(1)),
  /** sha256 of up to 256 bytes just before `offset` */
  before: string(),
});
type Checkpoint = InferOutput<typeof checkpointFile>;

async function readCheckpoint(path: string): Promise<Checkpoint | undefined> {
  try {
    const c = await loadStateFile(`${path}.index`, checkpointFile);
    if (c === undefined) return undefined;
    if (c.offset === 0) return c.line === 1 ? c : undefined;
    const before = await bytesBefore(path, c.offset);
    // a line's start: the byte before is a newline
    return before && before[before.length - 1] === 0x0a && digest(before) === c.before ? c : undefined;
  } catch {
    return undefined;
  }
}

async function writeCheckpoint(path: string, offset: number, line: number): Promise<void> {
  try {
    const before = offset > 0 ? await bytesBefore(path, offset) : Buffer.alloc(0);
    if (!before) return;
    await writeStateFile(
      dirname(path),
      `${basename(path)}.index`,
      `${JSON.stringify({ offset, line, before: digest(before) })}\n`,
    );
  } catch {
    // only a shortcut: without it the next start reads the journal whole
  }
}

/** The first few problems in one line: "line 3: summary is not an object; line 7: …; +2 more". */
export function problemsText(problems: readonly JournalProblem[], max = 3): string {
  const shown = problems.slice(0, max).map((p) => `${p.file ? `${p.file} ` : ''}line ${p.line}: ${p.why}`);
  return shown.join('; ') + (problems.length > max ? `; +${problems.length - max} more` : '');
}

/**
 * Every entry of the journal at `path` (its yearly archives first) folded with its outcomes, and
 * the lines that could not be used. Only reads: a missing journal is an empty one, nothing is made.
 */
export async function readJournalFile(
  path: string,
  o: ReadOptions = {},
  read: JournalReader = readAt,
): Promise<{ entries: JournalState[]; problems: JournalProblem[] }> {
  const fold = new Fold(o.lean === true, false, o.keep);
  await foldArchives(fold, await archivesOf(path), read);
  await scanLines(path, 0, 1, read, (line, n, at) => fold.line(line, n, at));
  return { entries: [...fold.byId.values()], problems: fold.problems };
}

const APPEND = constants.O_WRONLY | constants.O_APPEND;
/** How long an append waits for another process's append (or `journal archive`) to finish. */
const JOURNAL_LOCK_WAIT_MS = 15_000;

function writeError(path: string, err: unknown): JournalWriteError {
  if (err instanceof JournalWriteError) return err;
  // the journal's short lock could not be written (a full disk) or had: said as such
  if (err instanceof FileLockError)
    return err.code && err.path
      ? writeError(err.path, Object.assign(new Error(err.message), { code: err.code }))
      : new JournalWriteError(err.message, err.code);
  const code = (err as NodeJS.ErrnoException).code;
  const what =
    code === 'ENOSPC'
      ? 'no space left on the device'
      : code === 'EDQUOT'
        ? 'over the disk quota'
        : code === 'EIO'
          ? 'input/output error'
          : err instanceof Error
            ? err.message
            : String(err);
  return new JournalWriteError(`${path}: ${what}`, code);
}

/**
 * Appends `line` whole and fsyncs it, under the journal's short file lock (several processes
 * append to one journal). When the disk takes only part of it, or the sync fails, the file is cut
 * back to where it ended before, so it never keeps part of a line. A file left without its last
 * newline (a crash mid-write) gets one first.
 */
async function appendWhole(path: string, line: string, write: JournalWriter): Promise<void> {
  // O_CREAT: a journal removed while running is made again (never through a link: O_NOFOLLOW)
  // read and write: the last byte is looked at before the line goes after it
  const handle = await openStateFile(path, constants.O_RDWR | constants.O_APPEND | constants.O_CREAT);
  try {
    const size = (await handle.stat()).size;
    let text = line;
    if (size > 0) {
      const last = Buffer.alloc(1);
      await handle.read(last, 0, 1, size - 1);
      if (last[0] !== 0x0a) text = `\n${line}`;
    }
    const bytes = Buffer.from(text);
    try {
      const written = await write(handle, bytes);
      if (written !== bytes.length)
        throw new JournalWriteError(
          `${path}: only ${written} of ${bytes.length} bytes could be written (no space left on the device)`,
          'ENOSPC',
        );
      await handle.sync();
    } catch (err) {
      // what reached the file of this line goes at once: the journal ends with a whole line again
      try {
        await handle.truncate(size);
        await handle.sync();
      } catch {
        // the next open ends a torn line and the reader names it; nothing was sent on it
      }
      throw writeError(path, err);
    }
  } finally {
    await handle.close();
  }
}

export async function openJournal(path: string, options: JournalOptions = {}): Promise<Journal> {
  const read = options.read ?? readAt;
  const write = options.write ?? writeAtEnd;
  const dir = dirname(path);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  let existed = true;
  let endsWithNewline = true;
  try {
    // Only a regular file of this user is opened (never through a link, never a FIFO or device);
    // its mode is tightened through the open handle, so nothing else's mode can change.
    const handle = await openStateFile(path);
    try {
      const info = await handle.stat();
      if ((info.mode & 0o077) !== 0) await handle.chmod(0o600);
      if (info.size > 0) {
        const last = Buffer.alloc(1);
        await handle.read(last, 0, 1, info.size - 1);
        endsWithNewline = last[0] === 0x0a;
      }
    } finally {
      await handle.close();
    }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    existed = false;
  }
  let queue: Promise<void> = Promise.resolve();
  let problems: readonly JournalProblem[] = [];

  const writeLine = (line: string): Promise<void> => {
    const run = queue.then(async () => {
      try {
        await withFileLock(dir, basename(path), () => appendWhole(path, line, write), JOURNAL_LOCK_WAIT_MS);
      } catch (err) {
        throw writeError(path, err);
      }
    });
    queue = run.catch(() => undefined);
    return run;
  };

  if (!existed) {
    try {
      const handle = await openStateFile(path, APPEND | constants.O_CREAT | constants.O_EXCL);
      await handle.close();
      await fsyncDir(dir);
    } catch (err) {
      // another process on the same state directory made it meanwhile
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  } else if (!endsWithNewline) {
    // A crash mid-write leaves a last line without its newline: end it, so the next line stays whole.
    await writeLine('');
  }

  // what follows the journal as it grows without holding it (the view, the P&L) is in follow.ts;
  // this reads it whole, once, for what needs every entry at hand (an export, the tests)
  const entries = async (o: ReadOptions = {}): Promise<JournalState[]> => {
    await queue;
    const r = await readJournalFile(path, o, read);
    problems = r.problems;
    return r.entries;
  };

  const pending = async (): Promise<JournalState[]> => {
    await queue;
    const found = await readCheckpoint(path);
    const from = found ?? { offset: 0, line: 1 };
    // an outcome may name an entry before the checkpoint or in an archive: finished, not a problem
    const fold = new Fold(false, from.offset > 0 || (await archivesOf(path)).length > 0, () => false);
    let lines = from.line;
    const end = await scanLines(path, from.offset, from.line, read, (line, n, at) => {
      lines = n + 1;
      fold.line(line, n, at);
    });
    problems = fold.problems;
    const open = [...fold.byId.values()];
    // the checkpoint moves to the first unfinished entry's line, or past the last whole line
    let offset = end;
    let line = lines;
    for (const e of open) {
      const at = fold.startOf.get(e.id)!;
      if (at < offset) {
        offset = at;
        line = fold.lineOf.get(e.id)!;
      }
    }
    if (!found || offset !== from.offset) await writeCheckpoint(path, offset, line);
    return open;
  };

  return {
    path,
    append: async (entry) => {
      checkEntry(entry);
      await writeLine(`${entryLine(entry)}\n`);
    },
    appendStanding: async (record) => {
      if (typeof record.id !== 'string' || record.id === '' || typeof record.order !== 'string' || record.order === '')
        throw new Error('a standing record needs its id and its order');
      await writeLine(`${standingLine(record)}\n`);
    },
    appendOutcome: async (outcome) => {
      if (!STATUSES.includes(outcome.status))
        throw new Error(`journal outcome status must be one of ${STATUSES.join(', ')}`);
      if (outcome.status === 'signed' && !outcome.signedTransaction)
        throw new Error('a signed line needs the signed transaction');
      await writeLine(`${outcomeLine(outcome)}\n`);
    },
    entries,
    pending,
    get problems() {
      return problems;
    },
  };
}
