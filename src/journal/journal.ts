// Append-only record (JSON lines) of every signed transaction and its outcome. A line is written
// and fsync'd before the transaction it records is sent, so a crash between sending and hearing
// the outcome leaves enough to find out at the next start (reconcile.ts). Lines are never
// rewritten: an outcome is a new line naming the entry's id.

import { chmod, mkdir, open, readFile, stat } from 'node:fs/promises';
import { dirname } from 'node:path';

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
  /** Lines that could not be read at the last entries() (a torn write from a crash). */
  readonly skippedLines: number;
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

export async function openJournal(path: string): Promise<Journal> {
  const dir = dirname(path);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  let existed = true;
  try {
    const info = await stat(path);
    if ((info.mode & 0o077) !== 0) await chmod(path, 0o600);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    existed = false;
  }
  let queue: Promise<void> = Promise.resolve();
  let skipped = 0;

  const writeLine = (line: string): Promise<void> => {
    const run = queue.then(async () => {
      const handle = await open(path, 'a', 0o600);
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
    const handle = await open(path, 'a', 0o600);
    await handle.close();
    await fsyncDir(dir);
  } else {
    // A crash mid-write leaves a last line without its newline: end it, so the next line stays whole.
    const text = await readFile(path);
    if (text.length > 0 && text[text.length - 1] !== 0x0a) await writeLine('\n');
  }

  const entries = async (): Promise<JournalState[]> => {
    await queue;
    const text = await readFile(path, 'utf8');
    const byId = new Map<string, JournalState>();
    skipped = 0;
    for (const line of text.split('\n')) {
      if (line.trim() === '') continue;
      let record: Record<string, unknown>;
      try {
        record = JSON.parse(line) as Record<string, unknown>;
      } catch {
        skipped++;
        continue;
      }
      if (record === null || typeof record !== 'object' || typeof record.id !== 'string') {
        skipped++;
        continue;
      }
      if (record.kind === 'entry') {
        const { kind: _kind, ...entry } = record;
        const state = entry as unknown as JournalState;
        byId.set(state.id, { ...state, updatedAt: state.time });
      } else if (record.kind === 'outcome') {
        const current = byId.get(record.id);
        if (!current || !STATUSES.includes(record.status as string)) {
          skipped++;
          continue;
        }
        current.status = record.status as JournalStatus;
        current.updatedAt = typeof record.time === 'number' ? record.time : current.updatedAt;
        if (typeof record.signature === 'string') current.signature = record.signature;
        if (typeof record.code === 'number') current.code = record.code;
        if (typeof record.error === 'string') current.error = record.error;
        const ex = record.executed as ExecutedAmounts | undefined;
        if (ex && typeof ex === 'object') current.executed = { input: RAW.test(String(ex.input)) ? ex.input : undefined, output: RAW.test(String(ex.output)) ? ex.output : undefined };
      } else skipped++;
    }
    return [...byId.values()];
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
    get skippedLines() {
      return skipped;
    },
  };
}
