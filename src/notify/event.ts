// What a channel off the terminal is told: one event of a stable shape, with a human line. Events
// carry what the person already sees on screen (symbols, amounts, an order key, a signature),
// never a key, the API key or a URL's credentials.
import type { Mode } from '../config/config.js';
import { sanitize } from '../text/sanitize.js';

export type EventType =
  | 'alert.fired'
  | 'order.filled'
  | 'order.partly_filled'
  | 'order.expired'
  | 'order.cancelled'
  | 'order.completed'
  | 'transaction.failed'
  | 'signing.paused'
  | 'signing.resumed'
  | 'standing.fired'
  | 'standing.failed'
  | 'standing.expired'
  | 'standing.not-executed';

export const EVENT_TYPES: readonly EventType[] = [
  'alert.fired',
  'order.filled',
  'order.partly_filled',
  'order.expired',
  'order.cancelled',
  'order.completed',
  'transaction.failed',
  'signing.paused',
  'signing.resumed',
  'standing.fired',
  'standing.failed',
  'standing.expired',
  'standing.not-executed',
];

export interface NotifyEvent {
  /** stable for the same happening: two processes seeing it make the same id */
  id: string;
  type: EventType;
  /** ISO 8601 UTC */
  time: string;
  /** where it came from: Alerts, Orders, Standing, Signing */
  source: string;
  /** one short line (a notification's title) */
  title: string;
  /** the human line, as the notifications log shows it */
  text: string;
  /** live, demo (the embedded simulator) or paper (live prices, simulated fills) */
  mode: Mode;
  /** the type's own fields: plain strings and numbers (mints, symbols, amounts, an order key) */
  data: Record<string, string | number | boolean>;
}

const TITLES: Record<EventType, string> = {
  'alert.fired': 'Price alert',
  'order.filled': 'Order filled',
  'order.partly_filled': 'Order partly filled',
  'order.expired': 'Order expired',
  'order.cancelled': 'Order cancelled',
  'order.completed': 'Order completed',
  'transaction.failed': 'Transaction failed',
  'signing.paused': 'Signing paused',
  'signing.resumed': 'Signing resumed',
  'standing.fired': 'Standing order fired',
  'standing.failed': 'Standing order failed',
  'standing.expired': 'Standing order expired',
  'standing.not-executed': 'Standing order not executed',
};

/** FNV-1a over the text, as 8 hex digits: ids that two processes compute alike. */
function hash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}

/**
 * An event. `key` names the happening (an alert id and when it fired, an order key and its fill
 * count): the id is made from it, so the same happening seen twice has one id.
 */
export function makeEvent(p: {
  type: EventType;
  source: string;
  text: string;
  mode: Mode;
  at: number;
  key?: string;
  data?: NotifyEvent['data'];
}): NotifyEvent {
  const data: NotifyEvent['data'] = {};
  for (const [k, v] of Object.entries(p.data ?? {})) {
    if (typeof v === 'number' ? Number.isFinite(v) : typeof v === 'string' || typeof v === 'boolean')
      data[k] = typeof v === 'string' ? sanitize(v).slice(0, 200) : v;
  }
  return {
    id: `${p.type}-${hash(`${p.type}\n${p.key ?? `${p.at}\n${p.text}`}`)}`,
    type: p.type,
    time: new Date(p.at).toISOString(),
    source: p.source,
    title: TITLES[p.type],
    text: sanitize(p.text).slice(0, 500),
    mode: p.mode,
    data,
  };
}

/** The event as `TRADEDECK_EVENT_*` environment variables (for --notify-cmd). */
export function eventEnvironment(e: NotifyEvent): Record<string, string> {
  const env: Record<string, string> = {
    TRADEDECK_EVENT_ID: e.id,
    TRADEDECK_EVENT_TYPE: e.type,
    TRADEDECK_EVENT_TIME: e.time,
    TRADEDECK_EVENT_SOURCE: e.source,
    TRADEDECK_EVENT_TITLE: e.title,
    TRADEDECK_EVENT_TEXT: e.text,
    TRADEDECK_EVENT_MODE: e.mode,
  };
  for (const [k, v] of Object.entries(e.data)) {
    const name = k
      .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
      .replace(/[^A-Za-z0-9]/g, '_')
      .toUpperCase();
    env[`TRADEDECK_EVENT_DATA_${name}`] = String(v);
  }
  return env;
}
