// The terminal: entering and leaving the alternate screen, and the frame writer that puts Ink's
// frames on it, rewriting only the lines that changed.
//
// Why not Ink's own incrementalRendering: in Ink 6.8 its incremental log-update moves the cursor
// up one line too few after a frame that ends in a newline (every frame shorter than the
// terminal), so each update lands one row lower and the screen scrolls (seen in tmux: headers
// repeated, footers doubled). And a frame as tall as the terminal makes Ink clear the whole
// screen on every update. So Ink renders complete frames into this sink (Ink's debug output: the
// frame text, no cursor movement), and the writer diffs them line by line and writes each
// changed line at its absolute row, inside a synchronized update. No newline is ever written, so
// nothing scrolls; a resize repaints everything; frames are coalesced to at most maxFps.
import { EventEmitter } from 'node:events';

export const ENTER_ALT = '\x1b[?1049h\x1b[H\x1b[?25l';

/** BEL: the terminal (and tmux, which marks the window) is told something happened. */
export const BEL = '\x07';

/**
 * A desktop notification by escape sequence: OSC 777 (title and body) and OSC 9 (body), which
 * terminals that know neither ignore. Inside tmux it is wrapped for passthrough (allow-passthrough on).
 * Control characters in the text are removed so nothing can end the sequence early.
 */
export function desktopNotification(title: string, body: string, env: NodeJS.ProcessEnv = process.env): string {
  const clean = (t: string) => t.replace(/[\x00-\x1f\x7f-\x9f;]/g, ' ').slice(0, 200);
  const seq = `\x1b]777;notify;${clean(title)};${clean(body)}\x07\x1b]9;${clean(title)}: ${clean(body)}\x07`;
  if (!env.TMUX) return seq;
  return `\x1bPtmux;${seq.replace(/\x1b/g, '\x1b\x1b')}\x1b\\`;
}
export const LEAVE_ALT = '\x1b[?25h\x1b[?1049l';

export interface FrameTarget {
  write(chunk: string): unknown;
  columns?: number;
  rows?: number;
  on(event: 'resize', fn: () => void): unknown;
  off(event: 'resize', fn: () => void): unknown;
}

const SYNC_START = '\x1b[?2026h';
const SYNC_END = '\x1b[?2026l';

export interface FrameSink extends EventEmitter {
  readonly isTTY: true;
  readonly columns: number;
  readonly rows: number;
  /** Ink writes each complete frame here */
  write(frame: string): boolean;
  /** writes any pending frame now */
  flush(): void;
  /** bytes written to the terminal so far */
  bytesWritten(): number;
  /** stop listening and drop pending frames */
  close(): void;
}

/** A stdout stand-in for Ink's render({ stdout, debug: true }) that draws on `target`. */
export function createFrameSink(target: FrameTarget, maxFps = 60): FrameSink {
  const sink = new EventEmitter() as FrameSink;
  let previous: string[] = [];
  let repaint = true;
  let pending: string | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastFlush = 0;
  let bytes = 0;
  let closed = false;
  const minGap = 1000 / Math.max(1, maxFps);

  const rows = () => Math.max(1, target.rows ?? 24);

  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (pending === undefined || closed) return;
    const frame = pending;
    pending = undefined;
    lastFlush = Date.now();
    const lines = frame.split('\n').slice(0, rows());
    let out = '';
    if (repaint) out += '\x1b[H\x1b[2J';
    for (let i = 0; i < Math.max(lines.length, previous.length); i++) {
      const line = lines[i];
      if (!repaint && line === previous[i]) continue;
      // erase first, then write: erasing after a full-width line would eat its last character
      if (line === undefined) out += `\x1b[${i + 1};1H\x1b[2K`;
      else out += `\x1b[${i + 1};1H\x1b[2K${line}`;
    }
    repaint = false;
    previous = lines;
    if (out === '') return;
    const chunk = SYNC_START + out + SYNC_END;
    bytes += Buffer.byteLength(chunk);
    target.write(chunk);
  };

  const onResize = () => {
    repaint = true;
    sink.emit('resize');
  };
  target.on('resize', onResize);

  Object.defineProperties(sink, {
    isTTY: { value: true },
    columns: { get: () => Math.max(1, target.columns ?? 80) },
    rows: { get: rows },
  });
  sink.write = (frame: string) => {
    if (closed) return true;
    pending = frame;
    const wait = minGap - (Date.now() - lastFlush);
    if (wait <= 0) flush();
    else timer ??= setTimeout(flush, wait);
    return true;
  };
  sink.flush = flush;
  sink.bytesWritten = () => bytes;
  sink.close = () => {
    flush();
    closed = true;
    if (timer) clearTimeout(timer);
    target.off('resize', onResize);
  };
  return sink;
}
