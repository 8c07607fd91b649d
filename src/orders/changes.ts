// What changed between two readings of a wallet's active orders: new fills of a limit order, a DCA
// cycle run, and orders that left the list (filled completely, expired or finished) without being
// cancelled here. The dashboard's Orders lists and `tradedeck watch` both tell these, with the same
// words and the same event ids.
import type { RecurringOrder, TriggerOrder } from '../api/types.js';
import { orderLabel } from '../actions/ordersFlow.js';
import { sanitize } from '../sanitize.js';
import type { EventSpec, Services } from '../services.js';
import { serviceTime } from '../format.js';

/** One reading of the active lists: what `changes` compares. */
export interface OrdersReading {
  /** the request's params key: lists asked differently are not compared for orders that left */
  paramsKey: string;
  totalPages: number;
  trigger: readonly TriggerOrder[];
  time: readonly RecurringOrder[];
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

const trades = (o: { trades?: unknown }) => (Array.isArray(o.trades) ? o.trades.length : 0);

/** Whether a limit order's expiry (an ISO time, or seconds since the epoch as text) has passed. */
function expired(o: TriggerOrder, now: number): boolean {
  const v = o.expiredAt;
  if (typeof v !== 'string' || v === '') return false;
  const ms = serviceTime(v);
  return Number.isFinite(ms) && ms <= now;
}

export function orderChanges(
  s: Pick<Services, 'catalog' | 'now'>,
  prev: OrdersReading,
  next: OrdersReading,
  closedByYou: readonly string[] = [],
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
    const data = {
      ...pair(o),
      kind: 'limit',
      fills: n,
      ...(f !== undefined ? { filledPercent: Math.round(f * 100) } : {}),
    };
    out.push({
      text: `Limit ${limit(o)} filled ${f === undefined ? '?' : Math.round(f * 100)}%`,
      event: {
        type: f !== undefined && f >= 1 ? 'order.filled' : 'order.partly-filled',
        key: `${o.orderKey}#${n}`,
        data,
      },
    });
  }
  for (const o of next.time) {
    const was = before.get(o.orderKey);
    const n = trades(o);
    if (was === undefined || n <= was) continue;
    out.push({
      text: `DCA ${dca(o)}: cycle ${n} done`,
      event: { type: 'order.partly-filled', key: `${o.orderKey}#${n}`, data: { ...pair(o), kind: 'dca', fills: n } },
    });
  }
  // Gone from a one-page list with unchanged params: filled completely, expired, or finished.
  if (prev.paramsKey === next.paramsKey && prev.totalPages === 1 && next.totalPages === 1) {
    const now = new Set([...next.trigger, ...next.time].map((o) => o.orderKey));
    for (const o of prev.trigger) {
      if (now.has(o.orderKey) || closedByYou.includes(o.orderKey)) continue;
      // past its expiry it expired (what was not filled went back); else it filled, or the service closed it
      if (expired(o, s.now()))
        out.push({
          text: `Limit ${limit(o)} expired (see History)`,
          event: { type: 'order.expired', key: `${o.orderKey}#closed`, data: { ...pair(o), kind: 'limit' } },
        });
      else
        out.push({
          text: `Limit ${limit(o)} filled or closed (see History)`,
          event: { type: 'order.completed', key: `${o.orderKey}#closed`, data: { ...pair(o), kind: 'limit' } },
        });
    }
    for (const o of prev.time) {
      if (now.has(o.orderKey) || closedByYou.includes(o.orderKey)) continue;
      out.push({
        text: `DCA ${dca(o)} completed (see History)`,
        event: { type: 'order.completed', key: `${o.orderKey}#closed`, data: { ...pair(o), kind: 'dca' } },
      });
    }
  }
  return out;
}
