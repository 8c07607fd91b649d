// What changed between two readings of a wallet's active orders: new fills of a limit order, a DCA
// cycle run, and orders that left the list without being cancelled here. What became of an order
// that left is read from the service's order history (readClosedOrders): filled (order.filled,
// with the amounts of its trades), cancelled elsewhere (order.cancelled) or expired
// (order.expired), told apart by its status, its expiry and, for a DCA order, whether its owner
// closed it. The dashboard's Orders lists and `tradedeck watch` both tell these, with the same
// words and the same event ids.
import { fromBaseUnits } from '../text/amount.js';
import type { RecurringOrder, TriggerOrder } from '../api/types.js';
import { orderLabel, tokenOf } from './orderFlow.js';
import { sanitize } from '../text/sanitize.js';
import type { EventSpec, Services } from '../services/index.js';
import { serviceTime } from '../text/format.js';

/** One reading of the active lists: what `changes` compares. */
export interface OrdersReading {
  /** the request's params key: lists asked differently are not compared for orders that left */
  paramsKey: string;
  totalPages: number;
  trigger: readonly TriggerOrder[];
  time: readonly RecurringOrder[];
}

/** The service's history records of orders that left the active list, by order key. */
export interface ClosedOrders {
  trigger: ReadonlyMap<string, TriggerOrder>;
  time: ReadonlyMap<string, RecurringOrder>;
}

export interface OrderChange {
  text: string;
  event: EventSpec;
}

function rawOf(v: unknown): bigint | undefined {
  if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) return BigInt(v);
  return typeof v === 'string' && /^\d+$/.test(v) ? BigInt(v) : undefined;
}

/** The part of a limit order's input already traded, 0..1 (undefined when the service left the amounts out). */
export function filledFraction(
  o: Pick<TriggerOrder, 'rawMakingAmount' | 'rawRemainingMakingAmount'>,
): number | undefined {
  const making = rawOf(o.rawMakingAmount);
  const left = rawOf(o.rawRemainingMakingAmount);
  if (making === undefined || left === undefined || making === 0n) return undefined;
  const done = making > left ? making - left : 0n;
  return Number((done * 10_000n) / making) / 10_000;
}

const tradesOf = (o: { trades?: unknown }): Array<Record<string, unknown>> =>
  Array.isArray(o.trades)
    ? (o.trades as unknown[]).filter((t): t is Record<string, unknown> => !!t && typeof t === 'object')
    : [];
const trades = (o: { trades?: unknown }) => (Array.isArray(o.trades) ? o.trades.length : 0);

/** Whether a limit order's expiry (an ISO time, or seconds since the epoch as text) has passed. */
function expired(o: TriggerOrder, now: number): boolean {
  const v = o.expiredAt;
  if (typeof v !== 'string' || v === '') return false;
  const ms = serviceTime(v);
  return Number.isFinite(ms) && ms <= now;
}

type Catalog = Pick<Services, 'catalog'>;

/**
 * What an order's trades add up to (the service's rawInputAmount and rawOutputAmount of each):
 * the amounts as text with their symbols, and the raw sums, as event fields. Empty without trades.
 */
function tradedOf(s: Catalog, o: TriggerOrder | RecurringOrder): { words?: string; data: Record<string, string> } {
  let sold = 0n;
  let bought = 0n;
  let any = false;
  for (const t of tradesOf(o)) {
    const i = rawOf(t.rawInputAmount);
    const out = rawOf(t.rawOutputAmount);
    if (i === undefined || out === undefined) continue;
    sold += i;
    bought += out;
    any = true;
  }
  if (!any) return { data: {} };
  const input = tokenOf(s, String(o.inputMint ?? ''));
  const output = tokenOf(s, String(o.outputMint ?? ''));
  const text = (raw: bigint, t: typeof input) =>
    t.known ? `${fromBaseUnits(raw, t.decimals, { group: false })}` : undefined;
  const inText = text(sold, input);
  const outText = text(bought, output);
  const symbol = (t: typeof input) => sanitize(t.symbol).slice(0, 16);
  return {
    words:
      inText !== undefined && outText !== undefined
        ? `${inText} ${symbol(input)} sold for ${outText} ${symbol(output)}`
        : undefined,
    data: {
      rawInputAmount: sold.toString(),
      rawOutputAmount: bought.toString(),
      ...(inText !== undefined ? { inputAmount: inText, inputSymbol: symbol(input) } : {}),
      ...(outText !== undefined ? { outputAmount: outText, outputSymbol: symbol(output) } : {}),
    },
  };
}

/** The orders of `prev` missing from `next`, not cancelled here; none when the two lists cannot be compared. */
export function ordersThatLeft(
  prev: OrdersReading,
  next: OrdersReading,
  closedByYou: readonly string[] = [],
): { trigger: TriggerOrder[]; time: RecurringOrder[] } {
  // a one-page list asked alike both times: an order missing from it left
  if (prev.paramsKey !== next.paramsKey || prev.totalPages !== 1 || next.totalPages !== 1)
    return { trigger: [], time: [] };
  const now = new Set([...next.trigger, ...next.time].map((o) => o.orderKey));
  const gone = (o: { orderKey: string }) => !now.has(o.orderKey) && !closedByYou.includes(o.orderKey);
  return { trigger: prev.trigger.filter(gone), time: prev.time.filter(gone) };
}

/** History pages read for orders that left (the newest are first). */
const HISTORY_PAGES = 2;

/**
 * The service's history records of the orders that left (`left`), from the first pages of the
 * wallet's order history; nothing is asked when none left. A failure leaves the records out: the
 * change is then told from what the active list showed.
 */
export async function readClosedOrders(
  s: Pick<Services, 'api'>,
  user: string,
  left: { trigger: readonly TriggerOrder[]; time: readonly RecurringOrder[] },
): Promise<ClosedOrders> {
  const trigger = new Map<string, TriggerOrder>();
  const time = new Map<string, RecurringOrder>();
  const want = (keys: readonly { orderKey: string }[], found: Map<string, unknown>) =>
    keys.some((o) => !found.has(o.orderKey));
  try {
    for (let page = 1; page <= HISTORY_PAGES && want(left.trigger, trigger); page++) {
      const r = await s.api.trigger.list({ user, orderStatus: 'history', page });
      for (const o of r.orders ?? [])
        if (left.trigger.some((l) => l.orderKey === o.orderKey)) trigger.set(o.orderKey, o);
      if (!(Number(r.totalPages) > page)) break;
    }
    for (let page = 1; page <= HISTORY_PAGES && want(left.time, time); page++) {
      const r = await s.api.recurring.list({
        user,
        orderStatus: 'history',
        page,
        recurringType: 'time',
        mint: null,
        includeFailedTx: false,
      });
      for (const o of r.time ?? []) if (left.time.some((l) => l.orderKey === o.orderKey)) time.set(o.orderKey, o);
      if (!(Number(r.totalPages) > page)) break;
    }
  } catch {
    // told from the active list alone
  }
  return { trigger, time };
}

export function orderChanges(
  s: Pick<Services, 'catalog' | 'now'>,
  prev: OrdersReading,
  next: OrdersReading,
  closedByYou: readonly string[] = [],
  closed?: ClosedOrders,
): OrderChange[] {
  const out: OrderChange[] = [];
  const limit = (order: TriggerOrder) => sanitize(orderLabel(s, { kind: 'limit', order }).text).slice(0, 40);
  const dca = (order: RecurringOrder) => sanitize(orderLabel(s, { kind: 'dca', order }).text).slice(0, 40);
  const pair = (o: TriggerOrder | RecurringOrder) => ({
    orderKey: o.orderKey,
    inputMint: String(o.inputMint ?? ''),
    outputMint: String(o.outputMint ?? ''),
  });
  const before = new Map<string, number>();
  for (const o of [...prev.trigger, ...prev.time]) before.set(o.orderKey, trades(o));
  for (const o of next.trigger) {
    const was = before.get(o.orderKey);
    const n = trades(o);
    if (was === undefined || n <= was) continue;
    const f = filledFraction(o);
    const traded = tradedOf(s, o);
    const whole = f !== undefined && f >= 1;
    out.push({
      text: `Limit ${limit(o)} filled ${f === undefined ? '?' : Math.round(f * 100)}%${traded.words ? `: ${traded.words}${whole ? '' : ' so far'}` : ''}`,
      event: {
        type: whole ? 'order.filled' : 'order.partly_filled',
        key: `${o.orderKey}#${n}`,
        data: {
          ...pair(o),
          kind: 'limit',
          fills: n,
          ...(f !== undefined ? { filledPercent: Math.round(f * 100) } : {}),
          ...traded.data,
        },
      },
    });
  }
  for (const o of next.time) {
    const was = before.get(o.orderKey);
    const n = trades(o);
    if (was === undefined || n <= was) continue;
    const traded = tradedOf(s, o);
    out.push({
      text: `DCA ${dca(o)}: cycle ${n} done${traded.words ? `: ${traded.words} so far` : ''}`,
      event: {
        type: 'order.partly_filled',
        key: `${o.orderKey}#${n}`,
        data: { ...pair(o), kind: 'dca', fills: n, ...traded.data },
      },
    });
  }
  const left = ordersThatLeft(prev, next, closedByYou);
  for (const o of left.trigger) out.push(limitLeft(s, o, closed?.trigger.get(o.orderKey), limit, pair));
  for (const o of left.time) out.push(dcaLeft(s, o, closed?.time.get(o.orderKey), dca, pair));
  return out;
}

type Pair = (o: TriggerOrder | RecurringOrder) => Record<string, string>;

/** A limit order that left the active list: what its history record (when found) says became of it. */
function limitLeft(
  s: Pick<Services, 'catalog' | 'now'>,
  seen: TriggerOrder,
  record: TriggerOrder | undefined,
  label: (o: TriggerOrder) => string,
  pair: Pair,
): OrderChange {
  const o = record ?? seen;
  const status = typeof record?.status === 'string' ? record.status.toLowerCase() : '';
  const n = trades(o);
  const traded = tradedOf(s, o);
  const data = { ...pair(o), kind: 'limit', fills: n, ...traded.data };
  const f = filledFraction(o);
  const filled = status === 'completed' || (record !== undefined && f !== undefined && f >= 1 && n > 0);
  if (filled)
    return {
      text: `Limit ${label(seen)} filled${traded.words ? `: ${traded.words}` : ''}`,
      // the key of the fill that completed it: seen in the active list or only in the history, one event
      event: { type: 'order.filled', key: `${o.orderKey}#${n}`, data: { ...data, filledPercent: 100 } },
    };
  const some = n > 0 && traded.words ? ` after ${traded.words}` : '';
  // past its expiry it expired, whatever word the service closed it with
  if (status === 'expired' || expired(o, s.now()))
    return {
      text: `Limit ${label(seen)} expired${some}; what was not filled went back to the wallet`,
      event: { type: 'order.expired', key: `${o.orderKey}#closed`, data },
    };
  if (status === 'cancelled')
    return {
      text: `Limit ${label(seen)} cancelled outside this tradedeck${some}`,
      event: { type: 'order.cancelled', key: `${o.orderKey}#closed`, data },
    };
  return {
    text: `Limit ${label(seen)} closed${status ? ` (${sanitize(status).slice(0, 20)})` : ''}; not in the history read: see History`,
    event: { type: 'order.completed', key: `${o.orderKey}#closed`, data },
  };
}

/** A DCA order that left the active list: cancelled by its owner, or its last cycle ran. */
function dcaLeft(
  s: Pick<Services, 'catalog' | 'now'>,
  seen: RecurringOrder,
  record: RecurringOrder | undefined,
  label: (o: RecurringOrder) => string,
  pair: Pair,
): OrderChange {
  const o = record ?? seen;
  const n = trades(o);
  const traded = tradedOf(s, o);
  const data = { ...pair(o), kind: 'dca', fills: n, ...traded.data };
  if (record?.userClosed === true)
    return {
      text: `DCA ${label(seen)} cancelled outside this tradedeck${n > 0 && traded.words ? ` after ${traded.words}` : ''}`,
      event: { type: 'order.cancelled', key: `${o.orderKey}#closed`, data },
    };
  if (record)
    return {
      text: `DCA ${label(seen)} filled: all ${n} cycles ran${traded.words ? `, ${traded.words}` : ''}`,
      event: { type: 'order.filled', key: `${o.orderKey}#${n}`, data },
    };
  return {
    text: `DCA ${label(seen)} closed; not in the history read: see History`,
    event: { type: 'order.completed', key: `${o.orderKey}#closed`, data },
  };
}
