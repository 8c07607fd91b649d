// The frame writer: it takes each frame as rows of cells (Ink's, from output.ts; or text, parsed)
// and diffs them cell by cell (character and style) with what the terminal shows, writing each run
// of changed cells after a cursor move to it, inside a synchronized update. No newline is ever
// written, so nothing scrolls; a resize repaints everything; frames are coalesced to at most maxFps.
import { EventEmitter } from 'node:events';
import { sanitizeStyled } from '../text/sanitize.js';
import { type Cells, parseLine } from './cells.js';
import { diffLine, writeRow } from './diff.js';
import { asciiCells, asciiText } from './glyphs.js';
import { type LiveRegion, LiveRegions, type LiveText } from './live.js';
import { Pen } from './pen.js';

export interface FrameTarget {
  write(chunk: string): unknown;
  columns?: number;
  rows?: number;
  on(event: 'resize', fn: () => void): unknown;
  off(event: 'resize', fn: () => void): unknown;
  /** the terminal's size read now (a tty's ioctl), ahead of the resize event */
  getWindowSize?(): [number, number];
}

/** The frame writer; it emits 'resize' once it has taken the terminal's new size. */
export interface FrameSink extends EventEmitter, LiveText {
  /** the terminal's size (at least 1x1; 80x24 when the target does not say) */
  readonly columns: number;
  readonly rows: number;
  /** takes a frame as rows of cells (Ink's: see takeInkFrames in output.ts) */
  show(rows: readonly Cells[]): void;
  /** takes a frame as text: lines of characters and SGR styles (anything else is sanitised away) */
  write(frame: string): void;
  /** writes any pending frame now */
  flush(): void;
  /** bytes written to the terminal so far */
  bytesWritten(): number;
  /** stops writing while the terminal is handed back (suspended by Ctrl-Z); frames still arrive */
  hold(): void;
  /** writes again: the latest frame, whole, on a cleared screen */
  resume(): void;
  /** stop listening and drop pending frames */
  close(): void;
}

const SYNC_START = '\x1b[?2026h';
const SYNC_END = '\x1b[?2026l';
const CLEAR = '\x1b[H\x1b[2J';

/** What one draw works with. */
interface Draw {
  pen: Pen;
  /** the moment live regions show */
  now: number;
  live: readonly LiveRegion[];
  width: number;
}

/** Puts frames on the terminal, rewriting only the cells that changed (see above). */
class FrameWriter {
  /** what the terminal shows, by row */
  private screen: Array<Cells | undefined> = [];
  /** the frame's rows (as many as the terminal has) */
  private frame: readonly Cells[] = [];
  readonly live: LiveRegions;
  repaint = true;
  pending: readonly Cells[] | undefined;
  dirty = false;
  /** the moment of the tick whose texts are worked out, for the draw that follows it */
  tickedAt: number | undefined;
  lastFlush = 0;
  bytes = 0;

  constructor(
    private readonly target: FrameTarget,
    private readonly ascii: boolean,
  ) {
    this.live = new LiveRegions(() => this.frame, ascii);
  }

  rows(): number {
    return Math.max(1, this.target.rows ?? 24);
  }

  columns(): number {
    return Math.max(1, this.target.columns ?? 80);
  }

  /** The rows of a frame given as text. */
  textRows(frame: string): Cells[] {
    // the last guard: whatever a component drew without sanitising, only its SGR styles reach the terminal
    return frame
      .split('\n')
      .slice(0, this.rows())
      .map((l) => parseLine(this.ascii ? asciiText(sanitizeStyled(l)) : sanitizeStyled(l)));
  }

  /** Takes the pending frame, if any; whether there is anything to draw. */
  takePending(): boolean {
    if (this.pending === undefined) return this.dirty;
    const rows = this.pending.slice(0, this.rows());
    this.pending = undefined;
    this.frame = this.ascii ? rows.map(asciiCells) : rows;
    return true;
  }

  /** Whether the terminal changed size and the resize event has not come yet: a frame laid out
   * for the old size would wrap its long lines and scroll the screen, so it waits for the event
   * (the frame after it is drawn from a cleared screen). */
  private resizePending(): boolean {
    let now: [number, number] | undefined;
    try {
      now = this.target.getWindowSize?.();
    } catch {
      return false;
    }
    return (
      Array.isArray(now) &&
      now[0] > 0 &&
      now[1] > 0 &&
      (now[0] !== (this.target.columns ?? now[0]) || now[1] !== (this.target.rows ?? now[1]))
    );
  }

  /** A frame with a line wider than the terminal was laid out for a size it no longer has (the
   * app has not caught up with a resize): its lines are cut to the width, so nothing wraps or
   * scrolls, and the next frame repaints from a cleared screen. */
  private staleFrame(height: number, width: number): boolean {
    return this.frame.some((row, i) => i < height && row.chars.length > width);
  }

  /** Writes the frame's changes to the terminal. */
  draw(): void {
    this.lastFlush = Date.now();
    // a tick's moment (its texts are worked out already), else the time of drawing
    const now = this.tickedAt ?? this.lastFlush;
    this.tickedAt = undefined;
    if (this.resizePending()) {
      this.repaint = true;
      return;
    }
    const height = this.rows();
    const width = this.columns();
    const stale = this.staleFrame(height, width);
    if (stale) this.repaint = true;
    const d: Draw = { pen: new Pen(width), now, live: [...this.live.regions.values()], width };
    if (this.repaint) d.pen.out += CLEAR;
    const next: Array<Cells | undefined> = [];
    for (let i = 0; i < Math.max(this.frame.length, this.screen.length); i++) {
      if (i >= height) break;
      const cur = this.drawRow(d, i);
      if (cur !== undefined) next[i] = cur;
    }
    this.screen = next;
    this.repaint = stale;
    if (d.pen.out === '') return;
    // the terminal is left in the default style for whatever writes next
    d.pen.sgr('');
    const chunk = SYNC_START + d.pen.out + SYNC_END;
    this.bytes += Buffer.byteLength(chunk);
    this.target.write(chunk);
  }

  /** Brings row i up to the frame; the cells the terminal then shows there (undefined: none). */
  private drawRow(d: Draw, i: number): Cells | undefined {
    const cur = this.live.withLive(i, d.now, d.live);
    if (cur === undefined) {
      if (!this.repaint && this.screen[i] !== undefined) {
        d.pen.move(i + 1, 1);
        d.pen.erase(false);
      }
      return undefined;
    }
    const old = this.screen[i];
    // the very cells drawn last time (Ink hands on a row that did not change as the same object)
    if (!this.repaint && old === cur) return cur;
    // a repaint, or a row the terminal does not show yet: written whole (cut to the width when the
    // frame was laid out for a wider terminal)
    if (this.repaint || !old) writeRow(d.pen, i + 1, cur, d.width);
    else diffLine(d.pen, i + 1, old, cur, d.width);
    return cur;
  }
}

/** The frame writer on `target` (the terminal). */
export function createFrameSink(target: FrameTarget, maxFps = 60, opts: { ascii?: boolean } = {}): FrameSink {
  const writer = new FrameWriter(target, opts.ascii === true);
  const sink = new EventEmitter() as FrameSink;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;
  let held = false;
  const minGap = 1000 / Math.max(1, maxFps);

  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (closed || held || !writer.takePending()) return;
    writer.dirty = false;
    writer.draw();
  };
  const schedule = () => {
    const wait = minGap - (Date.now() - writer.lastFlush);
    if (wait <= 0) flush();
    else timer ??= setTimeout(flush, wait);
  };
  const onResize = () => {
    writer.repaint = true;
    sink.emit('resize');
  };
  target.on('resize', onResize);

  Object.defineProperties(sink, {
    columns: { get: () => writer.columns() },
    rows: { get: () => writer.rows() },
  });
  sink.show = (rows) => {
    if (closed) return;
    writer.pending = rows;
    schedule();
  };
  sink.write = (frame) => sink.show(writer.textRows(frame));
  sink.setLive = (id, region) => writer.live.set(id, region);
  sink.tick = (now = Date.now()) => {
    if (closed) return;
    writer.live.redrawMisfits(now);
    writer.tickedAt = now;
    writer.dirty = true;
    schedule();
  };
  sink.flush = flush;
  sink.bytesWritten = () => writer.bytes;
  sink.hold = () => {
    held = true;
  };
  sink.resume = () => {
    held = false;
    writer.repaint = true;
    writer.dirty = true;
    flush();
  };
  sink.close = () => {
    flush();
    closed = true;
    if (timer) clearTimeout(timer);
    target.off('resize', onResize);
  };
  return sink;
}
