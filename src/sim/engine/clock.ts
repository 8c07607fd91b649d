// Simulated time: 400 ms slots, scaled by timeScale, jumps on advance(); every slot's callbacks
// run in order, including slots skipped over by a jump.
import { createHash } from 'node:crypto';
import type { SimClock } from './kernel.js';
import { toBase58 } from './random.js';

export const SLOT_MS = 400;
export const GENESIS_SLOT = 320_000_000;

export interface ClockOptions {
  seed: number;
  /** simulated ms per real ms; 0 freezes time (only advance() moves it) */
  timeScale: number;
  /** simulated wall time at start, ms since epoch */
  startMs: number;
}

export class SimClockImpl implements SimClock {
  private readonly realStart = performance.now();
  private advancedMs = 0;
  private processed = GENESIS_SLOT;
  private running: number | null = null;
  private readonly callbacks = new Set<(slot: number) => void>();
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly opts: ClockOptions) {
    if (opts.timeScale > 0) {
      const every = Math.max(20, Math.min(SLOT_MS, SLOT_MS / opts.timeScale));
      this.timer = setInterval(() => this.sync(), every);
      this.timer.unref();
    }
  }

  nowMs(): number {
    return Math.floor(this.opts.startMs + (performance.now() - this.realStart) * this.opts.timeScale + this.advancedMs);
  }

  nowIso(): string {
    return new Date(this.nowMs()).toISOString();
  }

  slot(): number {
    if (this.running !== null) return this.running;
    this.sync();
    return this.processed;
  }

  blockHeight(): number {
    return this.slot();
  }

  /** simulated time at the start of a slot */
  slotTimeMs(slot: number): number {
    return this.opts.startMs + (slot - GENESIS_SLOT) * SLOT_MS;
  }

  onSlot(cb: (slot: number) => void): () => void {
    this.callbacks.add(cb);
    return () => this.callbacks.delete(cb);
  }

  advance(seconds: number): void {
    if (!Number.isFinite(seconds) || seconds < 0) throw new RangeError('advance: seconds must be a finite number >= 0');
    this.advancedMs += seconds * 1000;
    this.sync();
  }

  /** deterministic blockhash of a slot (base58 of 32 bytes) */
  blockhash(slot: number): string {
    return toBase58(createHash('sha256').update(`${this.opts.seed}:blockhash:${slot}`).digest());
  }

  /** runs the callbacks of every slot up to the current time */
  sync(): void {
    if (this.running !== null) return;
    const target = GENESIS_SLOT + Math.floor((this.nowMs() - this.opts.startMs) / SLOT_MS);
    while (this.processed < target) {
      const next = this.processed + 1;
      this.running = next;
      try {
        for (const cb of this.callbacks) cb(next);
      } finally {
        this.running = null;
      }
      this.processed = next;
    }
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
