// The standing orders of a state directory: one file, standing.json (0600), that every tradedeck
// process on it reads, adds to, cancels and fires from. Every change is a read-change-write of the
// whole file under its short file lock (standing.lock), so two processes never lose each other's
// change; a file that cannot be read is never written over (the change is refused, said in one
// line). An order whose shape cannot be read is kept in the file as it is and never fired.
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { isAddress } from '../../chain/base58.js';
import { readStateFile, writeStateFile } from '../../state/file.js';
import { withFileLock } from '../../state/lock.js';
import { MODES } from '../../journal/journal.js';
import {
  STANDING_KINDS,
  type StandingOrder,
  type StandingState,
  type StandingStatus,
  type StandingTerms,
} from './terms.js';

export const STANDING_FILE = 'standing.json';
const LOCK_NAME = 'standing';
const STATES: readonly StandingState[] = ['armed', 'firing', 'fired', 'expired', 'cancelled', 'failed'];

export interface StandingFile {
  /** the orders that read */
  orders: StandingOrder[];
  /** what could not be read, kept in the file as it is (one line each) */
  problems: string[];
  /** the items as they were in the file, readable or not (a write keeps the unreadable ones) */
  raw: unknown[];
}

/** The standing orders file could not be read or written; the message is one line. */
export class StandingFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StandingFileError';
  }
}

type Fields = Record<string, unknown>;
const isObject = (v: unknown): v is Fields => typeof v === 'object' && v !== null && !Array.isArray(v);
const RAW = /^\d{1,30}$/;
const DECIMAL = /^\d{1,30}(\.\d{1,18})?$/;

function tokenOk(v: unknown): boolean {
  return (
    isObject(v) &&
    isAddress(v.mint) &&
    typeof v.symbol === 'string' &&
    v.symbol.length <= 64 &&
    Number.isInteger(v.decimals) &&
    (v.decimals as number) >= 0 &&
    (v.decimals as number) <= 30
  );
}

/** Why these terms cannot be read (their shape, not their values: an edit shows as a difference from the journal). */
export function termsProblem(t: unknown): string | undefined {
  if (!isObject(t)) return 'its terms are not an object';
  if (t.version !== 1) return 'its terms are of an unknown version';
  if (typeof t.id !== 'string' || !/^[\w-]{1,40}$/.test(t.id)) return 'its id is not one';
  if (!(STANDING_KINDS as readonly unknown[]).includes(t.kind)) return 'its kind is not one';
  if (!isAddress(t.wallet)) return 'its wallet is not an address';
  if (!(MODES as readonly unknown[]).includes(t.mode)) return 'its mode is not one';
  if (typeof t.network !== 'string' || t.network.length > 200) return 'its network is not text';
  if (!tokenOk(t.sell) || !tokenOk(t.buy)) return 'a token of it is not read';
  if (typeof t.base !== 'string' || typeof t.quote !== 'string') return 'its pair is not read';
  if (typeof t.amount !== 'string' || !RAW.test(t.amount)) return 'its amount is not base units';
  if (t.trigger !== undefined && (typeof t.trigger !== 'string' || !DECIMAL.test(t.trigger)))
    return 'its trigger is not a price';
  if (t.armedPrice !== undefined && (typeof t.armedPrice !== 'string' || !DECIMAL.test(t.armedPrice)))
    return 'its armed price is not a price';
  if (t.floor !== undefined && (typeof t.floor !== 'string' || !RAW.test(t.floor)))
    return 'its floor is not base units';
  if (t.trail !== undefined) {
    const d = t.trail;
    if (!isObject(d)) return 'its distance is not read';
    if (d.bps !== undefined && !(Number.isInteger(d.bps) && (d.bps as number) > 0 && (d.bps as number) < 10_000))
      return 'its distance is not a share';
    if (d.by !== undefined && (typeof d.by !== 'string' || !DECIMAL.test(d.by))) return 'its distance is not an amount';
  }
  if (!Number.isInteger(t.capBps) || (t.capBps as number) < 0 || (t.capBps as number) >= 10_000)
    return 'its slippage cap is not read';
  if (!Number.isFinite(t.expiresAt) || !Number.isFinite(t.createdAt)) return 'its times are not read';
  if (t.oco !== undefined && (typeof t.oco !== 'string' || !/^[\w-]{1,40}$/.test(t.oco)))
    return 'its OCO leg is not an id';
  return undefined;
}

function statusOf(v: unknown): StandingStatus | string {
  if (!isObject(v)) return 'its status is not an object';
  if (!(STATES as readonly unknown[]).includes(v.state)) return 'its state is not one';
  if (!Number.isFinite(v.at)) return 'its time is not read';
  const s: StandingStatus = { state: v.state as StandingState, at: v.at as number };
  if (typeof v.reason === 'string') s.reason = v.reason.slice(0, 500);
  if (typeof v.high === 'string' && DECIMAL.test(v.high)) s.high = v.high;
  if (typeof v.signature === 'string' && /^[1-9A-HJ-NP-Za-km-z]{32,100}$/.test(v.signature)) s.signature = v.signature;
  if (typeof v.paid === 'string' && RAW.test(v.paid)) s.paid = v.paid;
  if (typeof v.received === 'string' && RAW.test(v.received)) s.received = v.received;
  if (isObject(v.owner) && Number.isInteger(v.owner.pid) && typeof v.owner.host === 'string') {
    const o = v.owner;
    s.owner = {
      pid: o.pid as number,
      host: String(o.host).slice(0, 200),
      ...(typeof o.start === 'string' ? { start: o.start.slice(0, 40) } : {}),
      ...(typeof o.boot === 'string' ? { boot: o.boot.slice(0, 80) } : {}),
      ...(typeof o.pidns === 'string' ? { pidns: o.pidns.slice(0, 80) } : {}),
    };
  }
  return s;
}

/** Reads the file's text into orders; throws StandingFileError when it is not the file's shape. */
export function readStandingText(path: string, text: string | undefined): StandingFile {
  if (text === undefined || text.trim() === '') return { orders: [], problems: [], raw: [] };
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    throw new StandingFileError(`${path} is not JSON: nothing of it is fired or changed until it reads again`);
  }
  if (!isObject(doc) || doc.version !== 1 || !Array.isArray(doc.orders))
    throw new StandingFileError(`${path} is not a list of standing orders: nothing of it is fired or changed`);
  const orders: StandingOrder[] = [];
  const problems: string[] = [];
  doc.orders.forEach((item: unknown, i: number) => {
    const why = isObject(item) ? termsProblem(item.terms) : 'it is not an object';
    const status = isObject(item) ? statusOf(item.status) : 'it is not an object';
    if (why || typeof status === 'string') {
      const id =
        isObject(item) && isObject(item.terms) && typeof item.terms.id === 'string'
          ? ` ${item.terms.id.slice(0, 40)}`
          : '';
      problems.push(`standing order ${i + 1}${id} cannot be read (${why ?? status}): left as it is, never fired`);
      return;
    }
    orders.push({ terms: (item as { terms: StandingTerms }).terms, status: status });
  });
  return { orders, problems, raw: doc.orders as unknown[] };
}

export const standingPath = (stateDir: string) => join(stateDir, STANDING_FILE);

/** The orders now (an absent file: none). */
export async function loadStanding(stateDir: string): Promise<StandingFile> {
  const path = standingPath(stateDir);
  let text: string | undefined;
  try {
    text = await readStateFile(path);
  } catch (e) {
    throw new StandingFileError(`${path}: ${e instanceof Error ? e.message : String(e)}`);
  }
  return readStandingText(path, text);
}

/** What tells that the file changed since it was read: its inode, size and time (undefined: none). */
export async function standingMark(stateDir: string): Promise<string | undefined> {
  try {
    const s = await stat(standingPath(stateDir));
    return `${s.ino}/${s.size}/${s.mtimeMs}`;
  } catch {
    return undefined;
  }
}

/**
 * Changes the orders under the file's lock: `change` gets them as they are on disk now and returns
 * them as they should be (the same array: nothing written) with its result. The items that could
 * not be read stay in the file as they were.
 */
export async function updateStanding<T>(
  stateDir: string,
  change: (orders: StandingOrder[]) => { orders: StandingOrder[]; result: T },
): Promise<T> {
  return withFileLock(stateDir, LOCK_NAME, async () => {
    const now = await loadStanding(stateDir);
    const done = change(now.orders);
    if (done.orders === now.orders) return done.result;
    const readable = new Set(now.orders.map((o) => o.terms.id));
    const unreadable = now.raw.filter(
      (item) =>
        !(isObject(item) && isObject(item.terms) && readable.has(item.terms.id as string) && !termsProblem(item.terms)),
    );
    const text = `${JSON.stringify({ version: 1, orders: [...done.orders, ...unreadable] }, null, 1)}\n`;
    try {
      await writeStateFile(stateDir, STANDING_FILE, text);
    } catch (e) {
      throw new StandingFileError(
        `${standingPath(stateDir)} not written (${e instanceof Error ? e.message : String(e)})`,
      );
    }
    return done.result;
  });
}

/** One order's status changed (by id), the rest as they are; undefined when it is not there. */
export function withStatus(
  orders: StandingOrder[],
  id: string,
  status: (o: StandingOrder) => StandingStatus,
): StandingOrder[] {
  return orders.map((o) => (o.terms.id === id ? { terms: o.terms, status: status(o) } : o));
}
