// Append-only record (JSON lines) of every signed transaction and its outcome. A line is written
// and fsync'd before the transaction it records is sent, so a crash between sending and hearing
// the outcome leaves enough to find out at the next start (reconcile.ts). Lines are never
// rewritten: an outcome is a new line naming the entry's id.

import { constants } from 'node:fs';
import { mkdir, open } from 'node:fs/promises';
import { dirname } from 'node:path';
import { openStateFile, readStateFile } from '../stateFile.js';

export type JournalGroup = 'ultra' | 'trigger' | 'recurring' | 'swap' | 'studio';
export type JournalStatus = 'signed' | 'submitted' | 'success' | 'failed' | 'expired' | 'unknown';
export const FINAL_STATUSES: readonly JournalStatus[] = ['success', 'failed', 'expired'];

export interface JournalEntry {
  id: string;
  /** ms since epoch */
  time: number;
  group: JournalGroup;
  action: string;
  requestId?: string;
  /** the transaction id (first signature) when known */
  signature?: string;
  signedTransaction: string;
  lastValidBlockHeight?: number;
  summary: Record<string, unknown>;
  status: JournalStatus;
  /** the signing wallet's address (public) */
  wallet?: string;
  /** the service it went to: the base URL's host, or "simulator" */
  network?: string;
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
}

export interface JournalState extends JournalEntry {
  updatedAt: number;
  code?: number;
  error?: string;
  executed?: ExecutedAmounts;
}

export interface Journal {
  readonly path: string;
  /** Resolves once the line is written and fsync'd. */
  append(entry: JournalEntry): Promise<void>;
  appendOutcome(outcome: JournalOutcome): Promise<void>;
  /** Every entry folded with its outcomes, in the order first recorded. */
  entries(): Promise<JournalState[]>;
  /** Entries not yet in a final state. */
  pending(): Promise<JournalState[]>;
  /** Lines that could not be used at the last entries() (a torn write from a crash, an edit): kept in the file. */
  readonly problems: readonly JournalProblem[];
}

/** A line of the file the reader could not use, and why. */
export interface JournalProblem {
  /** 1-based line number in the file */
  line: number;
  why: string;
}

const GROUPS: readonly string[] = ['ultra', 'trigger', 'recurring', 'swap', 'studio'];
const STATUSES: readonly string[] = ['signed', 'submitted', 'success', 'failed', 'expired', 'unknown'];

export function isFinal(status: JournalStatus): boolean {
  return FINAL_STATUSES.includes(status);
}

function checkEntry(e: JournalEntry): void {
  if (typeof e.id !== 'string' || e.id === '') throw new Error('journal entry needs an id');
  if (!Number.isFinite(e.time)) throw new Error('journal entry needs a time');
  if (!GROUPS.includes(e.group)) throw new Error(`journal entry group must be one of ${GROUPS.join(', ')}`);
  if (!STATUSES.includes(e.status)) throw new Error(`journal entry status must be one of ${STATUSES.join(', ')}`);
  if (typeof e.signedTransaction !== 'string' || e.signedTransaction === '') throw new Error('journal entry needs the signed transaction');
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
    lastValidBlockHeight: e.lastValidBlockHeight,
    summary: e.summary,
    status: e.status,
    // Only a public address and a host name: never an object that might carry a key.
    wallet: typeof e.wallet === 'string' && /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(e.wallet) ? e.wallet : undefined,
    network: typeof e.network === 'string' ? e.network.slice(0, 200) : undefined,
  });
}

const RAW = /^\d{1,30}$/;

function outcomeLine(o: JournalOutcome): string {
  const executed = o.executed && (RAW.test(o.executed.input ?? '') || RAW.test(o.executed.output ?? '')) ? { input: o.executed.input, output: o.executed.output } : undefined;
  return JSON.stringify({ kind: 'outcome', id: o.id, time: o.time, status: o.status, signature: o.signature, code: o.code, error: o.error, executed });
}

async function fsyncDir(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

type Fields = Record<string, unknown>;
const isObject = (v: unknown): v is Fields => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Why an optional field cannot be used, or undefined when it is absent or of its type. */
function optional(r: Fields, name: string, type: 'string' | 'number'): string | undefined {
  const v = r[name];
  if (v === undefined) return undefined;
  if (type === 'number' ? typeof v === 'number' && Number.isFinite(v) : typeof v === 'string') return undefined;
  return `${name} is not a ${type}`;
}

/** An entry line as the reader uses it, or why it cannot be used. Every field read later is checked here. */
function entryOf(r: Fields): JournalState | string {
  if (typeof r.id !== 'string' || r.id === '') return 'id is not a string';
  if (typeof r.time !== 'number' || !Number.isFinite(r.time)) return 'time is not a number';
  if (!GROUPS.includes(r.group as string)) return `group is not one of ${GROUPS.join(', ')}`;
  if (typeof r.action !== 'string') return 'action is not a string';
  if (!STATUSES.includes(r.status as string)) return `status is not one of ${STATUSES.join(', ')}`;
  if (typeof r.signedTransaction !== 'string' || r.signedTransaction === '') return 'signedTransaction is not a string';
  if (r.summary !== undefined && !isObject(r.summary)) return 'summary is not an object';
  for (const [name, type] of [['requestId', 'string'], ['signature', 'string'], ['lastValidBlockHeight', 'number'], ['wallet', 'string'], ['network', 'string']] as const) {
    const why = optional(r, name, type);
    if (why) return why;
  }
  const state: JournalState = {
    id: r.id,
    time: r.time,
    group: r.group as JournalGroup,
    action: r.action,
    signedTransaction: r.signedTransaction,
    summary: (r.summary as Record<string, unknown> | undefined) ?? {},
    status: r.status as JournalStatus,
    updatedAt: r.time,
  };
  for (const name of ['requestId', 'signature', 'lastValidBlockHeight', 'wallet', 'network'] as const) {
    if (r[name] !== undefined) (state as unknown as Fields)[name] = r[name];
  }
  return state;
}

/**
 * Why an outcome line cannot be used, or undefined. Only its id and status are needed: a
 * mistyped optional field is ignored rather than the line, so a finished transaction never looks
 * unfinished (which would send it to the start-up check again).
 */
function outcomeProblem(r: Fields): string | undefined {
  if (typeof r.id !== 'string' || r.id === '') return 'id is not a string';
  if (!STATUSES.includes(r.status as string)) return `status is not one of ${STATUSES.join(', ')}`;
  return undefined;
}

/** Every entry of the journal's text folded with its outcomes, and the lines that could not be used. */
export function readJournalText(text: string): { entries: JournalState[]; problems: JournalProblem[] } {
  const byId = new Map<string, JournalState>();
  const problems: JournalProblem[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line.trim() === '') continue;
    const problem = (why: string) => void problems.push({ line: i + 1, why });
    let record: unknown;
    try {
      record = JSON.parse(line);
    } catch {
      problem('not JSON (cut short by a crash?)');
      continue;
    }
    if (!isObject(record)) {
      problem('not a JSON object');
      continue;
    }
    if (record.kind === 'entry') {
      const state = entryOf(record);
      if (typeof state === 'string') problem(state);
      else byId.set(state.id, state);
    } else if (record.kind === 'outcome') {
      const why = outcomeProblem(record);
      if (why) {
        problem(why);
        continue;
      }
      const current = byId.get(record.id as string);
      if (!current) {
        problem('an outcome of an entry not found before it');
        continue;
      }
      current.status = record.status as JournalStatus;
      if (typeof record.time === 'number' && Number.isFinite(record.time)) current.updatedAt = record.time;
      if (typeof record.signature === 'string') current.signature = record.signature;
      if (typeof record.code === 'number') current.code = record.code;
      if (typeof record.error === 'string') current.error = record.error;
      const ex = record.executed;
      if (isObject(ex)) {
        const raw = (v: unknown) => (typeof v === 'string' && RAW.test(v) ? v : undefined);
        current.executed = { input: raw(ex.input), output: raw(ex.output) };
      }
    } else problem('kind is neither "entry" nor "outcome"');
  }
  return { entries: [...byId.values()], problems };
}

/** The first few problems in one line: "line 3: summary is not an object; line 7: …; +2 more". */
export function problemsText(problems: readonly JournalProblem[], max = 3): string {
  const shown = problems.slice(0, max).map((p) => `line ${p.line}: ${p.why}`);
  return shown.join('; ') + (problems.length > max ? `; +${problems.length - max} more` : '');
}

const APPEND = constants.O_WRONLY | constants.O_APPEND;

export async function openJournal(path: string): Promise<Journal> {
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
      // O_CREAT: a journal removed while running is made again (never through a link: O_NOFOLLOW)
      const handle = await openStateFile(path, APPEND | constants.O_CREAT);
      try {
        await handle.write(line);
        await handle.sync();
      } finally {
        await handle.close();
      }
    });
    queue = run.catch(() => undefined);
    return run;
  };

  if (!existed) {
    const handle = await openStateFile(path, APPEND | constants.O_CREAT | constants.O_EXCL);
    await handle.close();
    await fsyncDir(dir);
  } else if (!endsWithNewline) {
    // A crash mid-write leaves a last line without its newline: end it, so the next line stays whole.
    await writeLine('\n');
  }

  const entries = async (): Promise<JournalState[]> => {
    await queue;
    const read = readJournalText((await readStateFile(path)) ?? '');
    problems = read.problems;
    return read.entries;
  };

  return {
    path,
    append: async (entry) => {
      checkEntry(entry);
      await writeLine(`${entryLine(entry)}\n`);
    },
    appendOutcome: async (outcome) => {
      if (!STATUSES.includes(outcome.status)) throw new Error(`journal outcome status must be one of ${STATUSES.join(', ')}`);
      await writeLine(`${outcomeLine(outcome)}\n`);
    },
    entries,
    pending: async () => (await entries()).filter((e) => !isFinal(e.status)),
    get problems() {
      return problems;
    },
  };
}
