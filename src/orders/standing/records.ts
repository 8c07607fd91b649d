// The journal's records of standing orders: the terms the person confirmed (written, synced,
// before the order is stored), and each later step (firing, fired, failed, cancelled, expired).
// The confirmed terms are read back before an order fires and compared with what the state file
// says: the journal is the reference, the file only a working copy. The records are read from the
// yearly archives and the journal once, then only what was appended since (read again whole when
// the journal was replaced or cut, or the archives changed).
import { randomUUID } from 'node:crypto';
import {
  archivesMark,
  archivesOf,
  bytesBefore,
  digest,
  readAt,
  scanLines,
  type Journal,
  type StandingLine,
} from '../../journal/journal.js';
import { processIdentity } from '../../state/lock.js';
import type { StandingTerms } from './terms.js';

export interface Confirmed {
  digest: string;
  terms: StandingTerms;
  /** when it was recorded */
  time: number;
}

interface Cache {
  archives: string;
  /** the byte after the last whole line read */
  end: number;
  /** sha256 of the bytes before `end`: the journal still starts as it did */
  mark: string;
  confirmed: Map<string, Confirmed>;
  /** the last event recorded of each order */
  last: Map<string, StandingLine['event']>;
}

const caches = new Map<string, Cache>();

function take(c: Cache, line: string): void {
  if (!line.includes('"standing"')) return;
  let r: unknown;
  try {
    r = JSON.parse(line);
  } catch {
    return;
  }
  if (typeof r !== 'object' || r === null) return;
  const rec = r as Record<string, unknown>;
  if (rec.kind !== 'standing' || typeof rec.order !== 'string' || typeof rec.event !== 'string') return;
  if (rec.event === 'create') {
    // the first record of an id stands: a second "create" of the same id cannot replace what was confirmed
    if (
      !c.confirmed.has(rec.order) &&
      typeof rec.digest === 'string' &&
      typeof rec.terms === 'object' &&
      rec.terms !== null &&
      typeof rec.time === 'number'
    )
      c.confirmed.set(rec.order, { digest: rec.digest, terms: rec.terms as StandingTerms, time: rec.time });
  }
  c.last.set(rec.order, rec.event as StandingLine['event']);
}

async function read(path: string): Promise<Cache> {
  const archives = await archivesOf(path);
  const mark = await archivesMark(archives);
  let c = caches.get(path);
  if (c && c.archives === mark) {
    const before = c.end > 0 ? await bytesBefore(path, c.end).catch(() => undefined) : Buffer.alloc(0);
    if (!before || digest(before) !== c.mark) c = undefined;
  } else c = undefined;
  if (!c) {
    c = { archives: mark, end: 0, mark: digest(Buffer.alloc(0)), confirmed: new Map(), last: new Map() };
    for (const a of archives) await scanLines(a.path, 0, 1, readAt, (line) => take(c!, line));
  }
  const cache = c;
  cache.end = await scanLines(path, cache.end, 1, readAt, (line) => take(cache, line));
  const before = cache.end > 0 ? await bytesBefore(path, cache.end).catch(() => undefined) : Buffer.alloc(0);
  cache.mark = digest(before ?? Buffer.alloc(0));
  caches.set(path, cache);
  return cache;
}

/** The terms recorded as confirmed for an order, or undefined when the journal has none. */
export async function confirmedTerms(journalPath: string, order: string): Promise<Confirmed | undefined> {
  return (await read(journalPath)).confirmed.get(order);
}

/** Records a step of an order in the journal (written whole and synced before it resolves). */
export async function recordStanding(journal: Journal, r: Omit<StandingLine, 'id'> & { id?: string }): Promise<void> {
  await journal.appendStanding({ ...r, id: r.id ?? randomUUID() });
}

/** The record of terms just confirmed: their digest and the terms themselves, with the process that made them. */
export function createRecord(t: StandingTerms, termsDigest: string, now: number): Omit<StandingLine, 'id'> {
  return {
    time: now,
    order: t.id,
    event: 'create',
    digest: termsDigest,
    terms: { ...t },
    wallet: t.wallet,
    mode: t.mode,
    network: t.network,
    owner: processIdentity(),
  };
}
