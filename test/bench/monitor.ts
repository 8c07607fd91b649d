// Reads what the dashboard writes to its pty as it arrives: complete write bursts (one
// synchronized update each, as src/terminal/ writes them), the time each was first seen, and
// the screen they draw (replayed through @xterm/headless, so cell-level writes with cursor moves
// are read as a terminal would show them).
import xterm from '@xterm/headless';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Term } from '../support/pty.js';
import { StringDecoder } from 'node:string_decoder';

const SYNC_END = '\x1b[?2026l';
const HZ = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout?.trim()) || 100;

export interface Burst {
  /** offset of the burst in the raw output (characters) */
  at: number;
  text: string;
  bytes: number;
  /** performance.now() when the bench first saw it */
  seen: number;
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** utime + stime of a process in ms, and its resident set in KiB (Linux /proc). */
export function usage(pid: number): { cpuMs: number; rssKiB: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  const rss = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return { cpuMs: (ticks * 1000) / HZ, rssKiB: rss ? Number(rss[1]) : NaN };
}

/** The rows a burst moves the cursor to (1-based). */
export function rowsTouched(text: string): Set<number> {
  const rows = new Set<number>();
  for (const m of text.matchAll(/\x1b\[(\d+)(?:;\d+)?H/g)) rows.add(Number(m[1]));
  return rows;
}

export class Monitor {
  readonly bursts: Burst[] = [];
  private consumed = 0;
  /** the output read so far (the file is read from where the last poll stopped, not whole) */
  private raw = '';
  private rawBytes = 0;
  private readonly decoder = new StringDecoder('utf8');
  private readonly screenTerm: InstanceType<typeof xterm.Terminal>;
  private timer: ReturnType<typeof setInterval> | undefined;
  private pendingWrite: Promise<void> = Promise.resolve();

  constructor(
    private readonly term: Term,
    readonly cols: number,
    readonly rows: number,
  ) {
    this.screenTerm = new xterm.Terminal({ cols, rows, allowProposedApi: true, scrollback: 0 });
  }

  /** Polls the raw output every `ms` milliseconds. */
  start(ms = 2): this {
    this.timer = setInterval(() => this.poll(), ms);
    return this;
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Takes in every complete burst written so far. */
  poll(): void {
    const fresh = this.term.rawBytesFrom(this.rawBytes);
    if (fresh.length === 0) return;
    this.rawBytes += fresh.length;
    this.raw += this.decoder.write(fresh);
    const raw = this.raw;
    const end = raw.lastIndexOf(SYNC_END);
    if (end < 0 || end + SYNC_END.length <= this.consumed) return;
    const upto = end + SYNC_END.length;
    const chunk = raw.slice(this.consumed, upto);
    const now = performance.now();
    let offset = this.consumed;
    for (const part of chunk.split(SYNC_END)) {
      if (part === '') continue;
      const text = part + SYNC_END;
      // anything before the burst's start (entering the alternate screen) belongs to no burst
      const start = text.indexOf('\x1b[?2026h');
      const burst = start >= 0 ? text.slice(start) : text;
      this.bursts.push({
        at: offset + (start >= 0 ? start : 0),
        text: burst,
        bytes: Buffer.byteLength(burst),
        seen: now,
      });
      offset += text.length;
    }
    this.consumed = upto;
    this.pendingWrite = this.pendingWrite.then(() => new Promise<void>((r) => this.screenTerm.write(chunk, r)));
  }

  /** The screen as drawn by every burst taken in so far. */
  async screen(): Promise<string[]> {
    this.poll();
    await this.pendingWrite;
    const b = this.screenTerm.buffer.active;
    const lines: string[] = [];
    for (let i = 0; i < this.rows; i++) lines.push(b.getLine(i)?.translateToString(true) ?? '');
    return lines;
  }

  /** Waits until the drawn screen satisfies `ok`; resolves with performance.now() of the burst that did it. */
  async waitFor(ok: (lines: string[]) => boolean, timeoutMs = 30_000): Promise<number> {
    const deadline = performance.now() + timeoutMs;
    for (;;) {
      const before = this.bursts.length;
      const lines = await this.screen();
      if (ok(lines)) return this.bursts[this.bursts.length - 1]?.seen ?? performance.now();
      if (performance.now() > deadline) throw new Error(`bench: timed out; screen:\n${lines.join('\n')}`);
      if (this.bursts.length === before) await sleep(2);
    }
  }

  /** Waits for the next burst after index `from`; resolves with it. */
  async next(from: number, timeoutMs = 5_000): Promise<Burst | undefined> {
    const deadline = performance.now() + timeoutMs;
    while (this.bursts.length <= from) {
      if (performance.now() > deadline) return undefined;
      await sleep(1);
      this.poll();
    }
    return this.bursts[from];
  }

  dispose(): void {
    this.stop();
    this.screenTerm.dispose();
  }
}
