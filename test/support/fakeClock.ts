// A deterministic clock and timer queue for scheduler tests: time moves only when a test says so.
import type { TimerHandle } from '../../src/poll/scheduler.js';

interface Timer {
  at: number;
  seq: number;
  fn: () => void;
}

/** Lets promise callbacks (resolved fetches) run. */
export const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

export class FakeClock {
  t = 0;
  private seq = 0;
  readonly timers = new Map<number, Timer>();

  now = () => this.t;

  setTimer = (fn: () => void, ms: number): TimerHandle => {
    const id = ++this.seq;
    this.timers.set(id, { at: this.t + Math.max(0, ms), seq: id, fn });
    return id;
  };

  clearTimer = (handle: TimerHandle) => {
    this.timers.delete(handle as number);
  };

  /** Moves time forward by ms, firing due timers in order and settling promises after each. */
  async advance(ms: number): Promise<void> {
    const end = this.t + ms;
    for (;;) {
      let next: [number, Timer] | undefined;
      for (const entry of this.timers) {
        if (entry[1].at > end) continue;
        if (!next || entry[1].at < next[1].at || (entry[1].at === next[1].at && entry[1].seq < next[1].seq))
          next = entry;
      }
      if (!next) break;
      this.timers.delete(next[0]);
      this.t = next[1].at;
      next[1].fn();
      await settle();
    }
    this.t = end;
    await settle();
  }
}

/** A fetch whose every call waits until the test resolves or rejects it. */
export function controlledFetch<T>() {
  const calls: { signal: AbortSignal; resolve: (v: T) => void; reject: (e: unknown) => void }[] = [];
  const fetch = (signal: AbortSignal) =>
    new Promise<T>((resolve, reject) => {
      calls.push({ signal, resolve, reject });
    });
  return {
    fetch,
    calls,
    get count() {
      return calls.length;
    },
    /** Resolves the latest call and lets the scheduler see it. */
    async succeed(value: T) {
      const call = calls.at(-1);
      if (!call) throw new Error('no fetch call to resolve');
      call.resolve(value);
      await settle();
    },
    async fail(err: unknown) {
      const call = calls.at(-1);
      if (!call) throw new Error('no fetch call to reject');
      call.reject(err);
      await settle();
    },
  };
}
