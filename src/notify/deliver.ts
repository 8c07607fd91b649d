// Delivery of events to the channels: each channel on its own, retried with growing waits a
// bounded number of times; a delivery that still fails is told once (the notifications log).
import type { Channel } from './channels.js';
import type { NotifyEvent } from './event.js';

/** Waits before the 2nd, 3rd and 4th attempts. */
export const RETRY_WAITS_MS: readonly number[] = [2_000, 8_000, 30_000];

export interface DeliveryOptions {
  /** a delivery that failed on every attempt */
  onGiveUp(channel: string, event: NotifyEvent, error: string): void;
  sleep?(ms: number): Promise<void>;
  waits?: readonly number[];
  /** whether this process delivers the event (another one on the same state may have taken it) */
  claim?(event: NotifyEvent): Promise<boolean>;
}

export interface Delivery {
  /** starts delivering to every channel; resolves when every channel delivered or gave up */
  deliver(event: NotifyEvent): Promise<void>;
  /** how many channels there are */
  readonly size: number;
  /** resolves when every delivery under way has ended */
  idle(): Promise<void>;
}

const realSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms).unref());

export function createDelivery(channels: readonly Channel[], o: DeliveryOptions): Delivery {
  const sleep = o.sleep ?? realSleep;
  const waits = o.waits ?? RETRY_WAITS_MS;
  const running = new Set<Promise<void>>();
  async function one(channel: Channel, event: NotifyEvent): Promise<void> {
    let last = '';
    for (let attempt = 0; attempt <= waits.length; attempt++) {
      if (attempt > 0) await sleep(waits[attempt - 1]!);
      try {
        await channel.send(event);
        return;
      } catch (e) {
        last = e instanceof Error ? e.message : String(e);
      }
    }
    o.onGiveUp(channel.name, event, last);
  }
  return {
    size: channels.length,
    deliver(event) {
      const all = (o.claim ? o.claim(event) : Promise.resolve(true)).then(async (mine) => {
        if (mine) await Promise.all(channels.map((c) => one(c, event)));
      });
      running.add(all);
      void all.finally(() => running.delete(all));
      return all;
    },
    async idle() {
      while (running.size) await Promise.all([...running]);
    },
  };
}
