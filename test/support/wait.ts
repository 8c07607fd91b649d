// The one way a test waits for something to hold: polled, with a time limit that holds on a busy
// machine. A limit is said in milliseconds of a quiet machine; the wait measures how late its own
// timers fire (on a machine whose cores are all taken they fire late, and the programs under test
// run as slowly) and counts each poll's time divided by that lateness. So a limit stretches as the
// machine slows, up to MAX_STRETCH times in wall time, and a test never guesses how fast the
// machine is.
import { setTimeout as sleep } from 'node:timers/promises';

/** A wait never lasts longer than this many times its limit, however late the timers are. */
export const MAX_STRETCH = 10;
const POLL_MS = 5;

/** The time a wait has used, in milliseconds of a quiet machine. */
export class Patience {
  private readonly started = performance.now();
  private spent = 0;
  /** how many times slower than asked the last pause was (1 on a quiet machine) */
  private slowdown = 1;

  constructor(readonly limitMs: number) {}

  /** Sleeps `ms` and counts what it took, divided by the lateness that very sleep measured. */
  async pause(ms = POLL_MS): Promise<void> {
    const before = performance.now();
    await sleep(ms);
    const took = performance.now() - before;
    // a timer of `ms` fires a millisecond or so late on a quiet machine: later than that is load
    this.slowdown = Math.max(1, took / (ms + 1));
    this.spent += took / this.slowdown;
  }

  /** Counts work done between pauses (a condition that made a request) at the last pause's slowdown. */
  count(ms: number): void {
    this.spent += ms / this.slowdown;
  }

  get exhausted(): boolean {
    return this.spent > this.limitMs || this.elapsed > this.limitMs * MAX_STRETCH;
  }

  /** Wall time since the wait began. */
  get elapsed(): number {
    return performance.now() - this.started;
  }

  /** "5000 ms (12.4 s on the wall, …)": what the limit was and how long the wait lasted. */
  describe(): string {
    const wall = this.elapsed;
    return `${this.limitMs} ms${wall > this.limitMs * 1.2 ? ` (${(wall / 1000).toFixed(1)} s on the wall, the machine being busy)` : ''}`;
  }
}

/** Polls `condition` until it holds or `patience` is exhausted; true when it held. */
export async function holds(condition: () => boolean | Promise<boolean>, patience: Patience): Promise<boolean> {
  for (;;) {
    const before = performance.now();
    const ok = await condition();
    patience.count(performance.now() - before);
    if (ok) return true;
    if (patience.exhausted) return false;
    await patience.pause();
  }
}

/**
 * Waits until `condition()` holds. On timeout it throws naming `what` and the limit, and adds
 * `detail()` (the last screen, the request log) when given.
 */
export async function waitFor(
  condition: () => boolean | Promise<boolean>,
  what = 'condition',
  timeoutMs = 2000,
  detail?: () => string,
): Promise<void> {
  const patience = new Patience(timeoutMs);
  if (await holds(condition, patience)) return;
  const more = detail?.() ?? '';
  throw new Error(`waitFor: ${what} did not hold within ${patience.describe()}${more ? `\n${more}` : ''}`);
}

/**
 * Lets `ms` of a quiet machine's time pass, longer on a busy one by the lateness measured meanwhile:
 * only for a program's own timer (a checker's tick) to have run where nothing outside shows that it
 * did. Anything a test can see is waited for with waitFor instead.
 */
export async function elapse(ms: number): Promise<void> {
  const patience = new Patience(ms);
  while (!patience.exhausted) await patience.pause(50);
}
