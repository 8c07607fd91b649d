// The terminal: entering and leaving the alternate screen, and the frame writer that puts Ink's
// frames on it, rewriting only the cells that changed.
//
// Why not Ink's own incrementalRendering: in Ink 6.8 its incremental log-update moves the cursor
// up one line too few after a frame that ends in a newline (every frame shorter than the
// terminal), so each update lands one row lower and the screen scrolls (seen in tmux: headers
// repeated, footers doubled). And a frame as tall as the terminal makes Ink clear the whole
// screen on every update. So Ink renders complete frames into this sink (Ink's debug output: the
// frame text, no cursor movement), and the writer diffs them cell by cell (character and style)
// and writes each run of changed cells after a cursor move to it, inside a synchronized update.
// No newline is ever written, so nothing scrolls; a resize repaints everything; frames are
// coalesced to at most maxFps.
//
// Live text: time-dependent text (the header clock, the footer's "3s ago") would otherwise cost a
// whole React render and Ink frame every second for a few characters. A component that draws
// such text registers where it drew it (row, column, the text as drawn) and how to compute it for
// another moment; the writer then overwrites those cells itself on tick(), keeping the styles Ink
// drew them with, and on every later frame. It does so only while the frame still holds the text
// as drawn there, and only for text of the same width; otherwise it tells the component, which
// renders again (a new width, a moved layout).
import { EventEmitter } from 'node:events';
import stringWidth from 'string-width';
import { sanitize, sanitizeStyled } from './sanitize.js';

export const ENTER_ALT = '\x1b[?1049h\x1b[H\x1b[?25l';

/** BEL: the terminal (and tmux, which marks the window) is told something happened. */
export const BEL = '\x07';

/**
 * A desktop notification by escape sequence: OSC 777 (title and body) and OSC 9 (body), which
 * terminals that know neither ignore. Inside tmux it is wrapped for passthrough (allow-passthrough on).
 * The text is sanitised and its `;` replaced, so nothing can end the sequence early.
 */
export function desktopNotification(title: string, body: string, env: NodeJS.ProcessEnv = process.env): string {
  const clean = (t: string) => sanitize(t).replace(/;/g, ' ').slice(0, 200);
  const seq = `\x1b]777;notify;${clean(title)};${clean(body)}\x07\x1b]9;${clean(title)}: ${clean(body)}\x07`;
  if (!env.TMUX) return seq;
  // eslint-disable-next-line no-control-regex -- control characters are what it looks for
  return `\x1bPtmux;${seq.replace(/\x1b/g, '\x1b\x1b')}\x1b\\`;
}
export const LEAVE_ALT = '\x1b[?25h\x1b[?1049l';

/**
 * How the dashboard takes the terminal and gives it back: the alternate screen, the cursor hidden;
 * on TERM=dumb (which declares no alternate screen) the screen is cleared instead and, on leaving,
 * the cursor put below the last frame.
 */
export function screenModes(env: NodeJS.ProcessEnv = process.env): { enter: string; leave: string } {
  if (env.TERM === 'dumb') return { enter: '\x1b[H\x1b[2J\x1b[?25l', leave: '\x1b[999;1H\r\n\x1b[?25h' };
  return { enter: ENTER_ALT, leave: LEAVE_ALT };
}

/** The ASCII stand-in of the glyphs the dashboard draws (each one column, as they are). */
const ASCII_OF: Record<string, string> = {
  '…': '~', '—': '-', '–': '-', '·': '.', '•': '*', '›': '>', '‹': '<', '»': '>', '«': '<', '▲': '^', '▼': 'v', '↑': '^', '↓': 'v',
  '→': '>', '←': '<', '⚠': '!', '✓': '+', '✔': '+', '✗': 'x', '✘': 'x', '×': 'x', '≈': '~', '≥': '>', '≤': '<', '°': 'o',
  '─': '-', '━': '-', '═': '=', '│': '|', '┃': '|', '║': '|', '╭': '+', '╮': '+', '╰': '+', '╯': '+', '┌': '+', '┐': '+',
  '└': '+', '┘': '+', '├': '+', '┤': '+', '┬': '+', '┴': '+', '┼': '+', '█': '#', '▉': '#', '▊': '#', '▋': '#', '▌': '#',
  '▍': '#', '▎': '|', '▏': '|', '░': '.', '▒': ':', '▓': '#', '▁': '_', '▂': '_', '▃': '-', '▄': '-', '▅': '=', '▆': '=',
  '▇': '#', '▸': '>', '▾': 'v', '◆': '*', '●': '*', '○': 'o', '★': '*', '☆': '*', '\u00a0': ' ',
};

/** `text` (SGR sequences kept) in ASCII for a terminal that is not UTF-8: each other glyph is its stand-in or "?", as many columns wide. */
export function asciiText(text: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what it looks for
  if (!/[^\x00-\x7f]/.test(text)) return text;
  let out = '';
  for (const g of graphemes(text)) out += g.length === 1 && g < '\x80' ? g : (ASCII_OF[g] ?? '?'.repeat(Math.max(0, stringWidth(g))));
  return out;
}

export interface FrameTarget {
  write(chunk: string): unknown;
  columns?: number;
  rows?: number;
  on(event: 'resize', fn: () => void): unknown;
  off(event: 'resize', fn: () => void): unknown;
  /** the terminal's size read now (a tty's ioctl), ahead of the resize event */
  getWindowSize?(): [number, number];
}

const SYNC_START = '\x1b[?2026h';
const SYNC_END = '\x1b[?2026l';
const RESET = '\x1b[0m';

/** Text drawn by a component that the writer keeps current between renders (see above). */
export interface LiveRegion {
  /** 0-based row and column where the text was drawn */
  row: number;
  col: number;
  /** the text as the component drew it (plain, no escapes) */
  drawn: string;
  /** the text at `now` (ms since the epoch) */
  text(now: number): string;
  /** the writer cannot show text(now) in place: the component must render again */
  redraw(): void;
}

export interface LiveText {
  /** registers (or with undefined removes) a region under `id` */
  setLive(id: string, region: LiveRegion | undefined): void;
  /** brings every region up to `now`, writing only the cells that change */
  tick(now?: number): void;
}

export interface FrameSink extends EventEmitter, LiveText {
  readonly isTTY: true;
  readonly columns: number;
  readonly rows: number;
  /** Ink writes each complete frame here */
  write(frame: string): boolean;
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

// ---- a line as cells: one character (grapheme) and the SGR style it is drawn with ----

interface Cells {
  chars: string[];
  styles: string[];
  /** a line that is not plain SGR text, kept as it came */
  raw?: string;
}
const PRINTABLE_ASCII = /^[\x20-\x7e]$/;
/** Text whose every code unit is a grapheme of its own (no combining marks, joiners, selectors, surrogates). */
const SINGLE_UNITS = /^[\x20-\x7e\u00a0-\u02ff\u2010-\u2027\u2030-\u205f\u2070-\u2bff]*$/;
// created on first need: an Intl.Segmenter costs ~8 ms to make, which start-up need not pay
let segmenter: Intl.Segmenter | undefined;
const graphemes = (text: string): Iterable<string> =>
  SINGLE_UNITS.test(text) ? text : [...(segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' })).segment(text)].map((s) => s.segment);

/** The SGR state as a canonical string of parameters ('' = default), updated by one sequence. */
function applySgr(state: Map<string, string>, params: string): void {
  const p = params === '' ? ['0'] : params.split(';');
  for (let i = 0; i < p.length; i++) {
    const n = Number(p[i]);
    if (n === 0) state.clear();
    else if (n === 1 || n === 2) state.set(`w${n}`, String(n));
    else if (n === 22) {
      state.delete('w1');
      state.delete('w2');
    } else if (n >= 3 && n <= 9) state.set(`a${n}`, String(n));
    else if (n >= 23 && n <= 29) state.delete(`a${n - 20}`);
    else if (n === 38 || n === 48) {
      const slot = n === 38 ? 'fg' : 'bg';
      const len = p[i + 1] === '5' ? 2 : p[i + 1] === '2' ? 4 : 0;
      state.set(slot, p.slice(i, i + 1 + len).join(';'));
      i += len;
    } else if (n === 39) state.delete('fg');
    else if (n === 49) state.delete('bg');
    else if ((n >= 30 && n <= 37) || (n >= 90 && n <= 97)) state.set('fg', String(n));
    else if ((n >= 40 && n <= 47) || (n >= 100 && n <= 107)) state.set('bg', String(n));
  }
}

/** The SGR slots of each canonical style string seen: a theme draws with a handful of styles. */
const slotsOf = new Map<string, ReadonlyMap<string, string>>([['', new Map()]]);

const styleOf = (state: Map<string, string>) => {
  const style = [...state.keys()].sort().map((k) => state.get(k)).join(';');
  if (!slotsOf.has(style)) slotsOf.set(style, new Map(state));
  return style;
};

/** The style after one SGR sequence, by the style before it and the sequence's parameters: a frame repeats a few transitions. */
const transitions = new Map<string, string>();
/** The shortest change from one style to another, by the pair. */
const changes = new Map<string, string>();

function nextStyle(style: string, params: string): string {
  const key = `${style}\u0000${params}`;
  let next = transitions.get(key);
  if (next === undefined) {
    // slotsOf holds every style made since it was last emptied, which happens only between lines
    const state = new Map(slotsOf.get(style));
    applySgr(state, params);
    next = styleOf(state);
    transitions.set(key, next);
  }
  return next;
}

/** Bounds what the style tables hold (a theme draws with a handful of styles); called between lines. */
function boundStyles(): void {
  if (slotsOf.size < 256 && transitions.size < 1024 && changes.size < 1024) return;
  slotsOf.clear();
  slotsOf.set('', new Map());
  transitions.clear();
  changes.clear();
}

/** Whether a space drawn in `style` looks different from a blank cell (a background, inverse, underline, strike-through). */
const spaceShows = (style: string) => {
  if (style === '') return false;
  const s = slotsOf.get(style);
  return s === undefined || s.has('bg') || s.has('a4') || s.has('a7') || s.has('a9');
};

/** The parameter that turns one slot off. */
const slotOff = (slot: string) => (slot === 'fg' ? '39' : slot === 'bg' ? '49' : slot[0] === 'w' ? '22' : slot === 'a6' ? '25' : String(20 + Number(slot.slice(1))));

/** The shortest SGR sequence that changes the terminal's style from `from` to `to`. */
function sgrChange(from: string, to: string): string {
  if (from === to) return '';
  if (to === '') return '\x1b[m';
  const key = `${from}\u0000${to}`;
  let change = changes.get(key);
  if (change === undefined) changes.set(key, (change = sgrChangeOf(from, to)));
  return change;
}

function sgrChangeOf(from: string, to: string): string {
  const reset = `\x1b[0;${to}m`;
  const a = slotsOf.get(from);
  const b = slotsOf.get(to);
  if (from === '' || !a || !b) return from === '' ? `\x1b[${to}m` : reset;
  const params: string[] = [];
  // 22 turns off bold and faint together: whichever of them stays is set again
  let weightOff = false;
  for (const k of a.keys()) {
    if (b.has(k)) continue;
    if (k[0] === 'w') weightOff = true;
    else params.push(slotOff(k));
  }
  if (weightOff) params.push('22');
  for (const [k, v] of b) if (a.get(k) !== v || (weightOff && k[0] === 'w')) params.push(v);
  const delta = `\x1b[${params.join(';')}m`;
  return delta.length < reset.length ? delta : reset;
}

/**
 * Splits a line of Ink's output into cells; undefined when it holds an escape other than SGR
 * (such a line is rewritten whole). A wide character takes two cells, the second holding ''.
 */
function parseLine(line: string): Cells | undefined {
  boundStyles();
  const chars: string[] = [];
  const styles: string[] = [];
  let style = '';
  const add = (segment: string, w: number) => {
    if (w === 0) {
      if (chars.length) chars[chars.length - 1] += segment;
      return;
    }
    chars.push(segment);
    // a space shows no style but a background (or inverse, underline): otherwise it is a blank
    styles.push(segment === ' ' && !spaceShows(style) ? '' : style);
    for (let k = 1; k < w; k++) {
      chars.push('');
      styles.push(style);
    }
  };
  let i = 0;
  while (i < line.length) {
    const esc = line.indexOf('\x1b', i);
    const end = esc < 0 ? line.length : esc;
    if (end > i) {
      const text = line.slice(i, end);
      // by index where every code unit is a grapheme (this runs too rarely to be optimised, and an
      // unoptimised for-of makes an object per character)
      if (SINGLE_UNITS.test(text)) {
        for (let k = 0; k < text.length; k++) {
          const c = text.charCodeAt(k);
          add(text[k], c >= 0x20 && c < 0x7f ? 1 : stringWidth(text[k]));
        }
      } else for (const segment of graphemes(text)) add(segment, PRINTABLE_ASCII.test(segment) ? 1 : stringWidth(segment));
    }
    if (esc < 0) break;
    // CSI parameters (digits and ;) then m: an SGR sequence; anything else keeps the line raw
    if (line.charCodeAt(esc + 1) !== 0x5b) return undefined;
    let k = esc + 2;
    for (let c = line.charCodeAt(k); (c >= 0x30 && c <= 0x39) || c === 0x3b; c = line.charCodeAt(++k));
    if (line.charCodeAt(k) !== 0x6d) return undefined;
    style = nextStyle(style, line.slice(esc + 2, k));
    i = k + 1;
  }
  return { chars, styles };
}

/** Whether putting `ch` in `style` with `inForce` the terminal's style sets `style` first: a blank keeps the style in force when that style does not show on a space. */
const setsStyle = (ch: string, style: string, inForce: string) => !(ch === ' ' && style === '' && !spaceShows(inForce));

/**
 * The bytes of one frame, with the terminal's cursor and style tracked between writes: a style
 * change is written as the shortest SGR sequence from the style in force, a jump along a row as a
 * cursor-forward (CUF) rather than a full position.
 */
class Pen {
  out = '';
  style = '';
  /** 1-based position of the cursor; row 0: not known */
  row = 0;
  col = 0;
  constructor(readonly width: number) {}

  clone(): Pen {
    const p = new Pen(this.width);
    p.out = this.out;
    p.style = this.style;
    p.row = this.row;
    p.col = this.col;
    return p;
  }

  /** takes over the bytes and state of a clone that wrote on */
  adopt(p: Pen): void {
    this.out = p.out;
    this.style = p.style;
    this.row = p.row;
    this.col = p.col;
  }

  move(row: number, col: number): void {
    if (this.row === row && this.col === col) return;
    // after the last column the cursor waits to wrap: only a full position is safe
    if (this.row === row && col > this.col && this.col <= this.width) this.out += col - this.col === 1 ? '\x1b[C' : `\x1b[${col - this.col}C`;
    else this.out += `\x1b[${row};${col}H`;
    this.row = row;
    this.col = col;
  }

  sgr(style: string): void {
    this.out += sgrChange(this.style, style);
    this.style = style;
  }

  /** one cell: a character in its style ('' is the second half of a wide character: nothing to write) */
  put(ch: string, style: string): void {
    if (ch !== '') {
      if (setsStyle(ch, style, this.style)) this.sgr(style);
      this.out += ch;
    }
    this.col++;
  }

  /** erases the line (or from the cursor to its end) in the default background */
  erase(toEnd: boolean): void {
    if (spaceShows(this.style)) this.sgr('');
    this.out += toEnd ? '\x1b[K' : '\x1b[2K';
  }

  /** text that sets its own styles from the default (Ink's line), ending in the default */
  raw(text: string): void {
    this.sgr('');
    this.out += text;
    this.row = 0;
  }
}

const isBlank = (c: Cells, i: number) => i >= c.chars.length || (c.chars[i] === ' ' && c.styles[i] === '');
const cufLength = (n: number) => (n === 1 ? 3 : 3 + String(n).length);

/** Cells [from, to) of `c` on `row`, written from `from`. */
function writeCells(pen: Pen, row: number, c: Cells, from: number, to: number): void {
  pen.move(row, from + 1);
  for (let i = from; i < to; i++) pen.put(c.chars[i] ?? ' ', c.styles[i] ?? '');
}

/** Erases row `row` and writes `cur` on it, jumping over runs of blanks (a blank tail is left to the erase). */
function eraseAndWrite(pen: Pen, row: number, cur: Cells, width: number): void {
  pen.move(row, 1);
  pen.erase(false);
  let end = Math.min(cur.chars.length, width);
  while (end > 0 && isBlank(cur, end - 1)) end--;
  /** the end of the run of blanks from i */
  const blanksFrom = (i: number) => {
    while (i < end && isBlank(cur, i)) i++;
    return i;
  };
  let i = 0;
  while (i < end) {
    const b = blanksFrom(i);
    // blanks are jumped over when a jump is shorter than writing them
    if (b - i > cufLength(b - i)) {
      i = b;
      continue;
    }
    let k = b;
    while (k < end) {
      if (!isBlank(cur, k)) k++;
      else {
        const e = blanksFrom(k);
        if (e - k > cufLength(e - k)) break;
        k = e;
      }
    }
    writeCells(pen, row, cur, i, k);
    i = k;
  }
}

/**
 * Turns `old` into `cur` on row `row` (1-based): the runs of changed cells (unchanged cells in
 * between are written through when that is shorter than a jump), and an erase to the end where
 * the new line is shorter; or, when that is shorter, the whole line erased and written again.
 */
function diffLine(pen: Pen, row: number, old: Cells, cur: Cells, width: number): void {
  const same = (i: number) => (isBlank(old, i) && isBlank(cur, i)) || (old.chars[i] === cur.chars[i] && old.styles[i] === cur.styles[i]);
  /** past the second half of a wide character that starts before i */
  const widthEnd = (i: number) => {
    while (i < len && cur.chars[i] === '') i++;
    return i;
  };
  const len = Math.min(cur.chars.length, width);
  const runs = pen.clone();
  let i = 0;
  while (i < len) {
    if (same(i)) {
      i++;
      continue;
    }
    let from = i;
    // a run never starts on the second half of a wide character
    while (from > 0 && cur.chars[from] === '') from--;
    let to = widthEnd(i + 1);
    writeCells(runs, row, cur, from, to);
    for (;;) {
      let next = to;
      while (next < len && same(next)) next++;
      if (next >= len) break;
      // the unchanged cells up to the next change: written through if no longer than a jump
      if (putBytes(runs.style, cur, to, next, cufLength(next - to)) > cufLength(next - to)) break;
      const until = widthEnd(next + 1);
      writeCells(runs, row, cur, to, until);
      to = until;
    }
    i = to;
  }
  // what the old line had beyond the new one's end is erased
  let tail = len;
  const oldLen = Math.min(old.chars.length, width);
  while (tail < oldLen && isBlank(old, tail)) tail++;
  if (tail < oldLen) {
    runs.move(row, tail + 1);
    runs.erase(true);
  }
  const before = pen.out.length;
  if (runs.out.length === before) return;
  const runsBytes = Buffer.byteLength(runs.out.slice(before));
  // the whole line written again takes at least an erase and a byte per character that is not
  // blank: when the runs take no more than that, it need not be made to compare
  let atLeast = 4;
  for (let k = 0; k < len && atLeast < runsBytes; k++) if (cur.chars[k] !== '' && !isBlank(cur, k)) atLeast++;
  if (runsBytes <= atLeast) return pen.adopt(runs);
  const whole = pen.clone();
  eraseAndWrite(whole, row, cur, width);
  pen.adopt(runsBytes <= Buffer.byteLength(whole.out.slice(before)) ? runs : whole);
}

/** The bytes Pen.put would write for cells [from, to) of `c` with the pen in `style`, counted up to just past `limit`. */
function putBytes(style: string, c: Cells, from: number, to: number, limit: number): number {
  let n = 0;
  for (let k = from; k < to && n <= limit; k++) {
    const ch = c.chars[k] ?? ' ';
    if (ch === '') continue;
    const s = c.styles[k] ?? '';
    if (setsStyle(ch, s, style)) {
      n += sgrChange(style, s).length;
      style = s;
    }
    n += ch.length === 1 && ch.charCodeAt(0) < 0x80 ? 1 : Buffer.byteLength(ch);
  }
  return n;
}

/** A text's glyphs (code points), and whether each takes exactly one column (live regions hold
 * plain text, no escapes). */
interface Glyphs {
  chars: string[];
  single: boolean;
}
const glyphsOf = (text: string, ascii: boolean): Glyphs => {
  const t = ascii ? asciiText(text) : text;
  const chars = [...t];
  return { chars, single: chars.every((ch) => PRINTABLE_ASCII.test(ch)) || stringWidth(t) === chars.length };
};

/** A stdout stand-in for Ink's render({ stdout, debug: true }) that draws on `target`. */
export function createFrameSink(target: FrameTarget, maxFps = 60, opts: { ascii?: boolean } = {}): FrameSink {
  const ascii = opts.ascii === true;
  const sink = new EventEmitter() as FrameSink;
  /** what the terminal shows, by row */
  let screen: Array<Cells | undefined> = [];
  /** the last frame from Ink, as lines and as cells */
  let frameLines: string[] = [];
  let frameCells: Array<Cells | undefined> = [];
  let repaint = true;
  let pending: string | undefined;
  let dirty = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastFlush = 0;
  let bytes = 0;
  let closed = false;
  let held = false;
  const minGap = 1000 / Math.max(1, maxFps);
  const regions = new Map<string, LiveRegion>();

  const rows = () => Math.max(1, target.rows ?? 24);

  const cellsOf = (i: number): Cells | undefined => {
    if (frameCells[i] === undefined && frameLines[i] !== undefined) frameCells[i] = parseLine(frameLines[i]);
    return frameCells[i];
  };

  /** A region's drawn text as glyphs, worked out once per region (a render registers a new one). */
  const drawnGlyphs = new WeakMap<LiveRegion, Glyphs>();
  const drawnOf = (r: LiveRegion): Glyphs => {
    let g = drawnGlyphs.get(r);
    if (g === undefined) drawnGlyphs.set(r, (g = glyphsOf(r.drawn, ascii)));
    return g;
  };
  /** Each region's text at `textsAt`, worked out once for a tick and the draw that follows it. */
  let textsAt = NaN;
  let tickedAt: number | undefined;
  const texts = new Map<LiveRegion, Glyphs>();
  const textOf = (r: LiveRegion, now: number): Glyphs => {
    if (now !== textsAt) {
      textsAt = now;
      texts.clear();
    }
    let g = texts.get(r);
    if (g === undefined) texts.set(r, (g = glyphsOf(r.text(now), ascii)));
    return g;
  };

  /** Whether a region's cells in the frame still hold the text as drawn. */
  const inPlace = (r: LiveRegion): boolean => {
    const c = cellsOf(r.row);
    if (!c) return false;
    const drawn = drawnOf(r);
    if (!drawn.single) return false;
    for (let k = 0; k < drawn.chars.length; k++) if (c.chars[r.col + k] !== drawn.chars[k]) return false;
    return true;
  };

  /** Whether a region's text at `now` can be written over its drawn cells: one column per glyph, as many glyphs. */
  const fits = (r: LiveRegion, now: number): boolean => {
    if (!inPlace(r)) return false;
    const text = textOf(r, now);
    return text.single && text.chars.length === drawnOf(r).chars.length;
  };

  /** The frame's cells of row i with every live region that fits written over them. */
  const withLive = (i: number, now: number, live: readonly LiveRegion[]): Cells | undefined => {
    let c = cellsOf(i);
    if (!c) return c;
    for (const r of live) {
      if (r.row !== i || !fits(r, now)) continue;
      const text = textOf(r, now).chars;
      if (c === frameCells[i]) c = { chars: c.chars.slice(), styles: c.styles };
      for (let k = 0; k < text.length; k++) c.chars[r.col + k] = text[k];
    }
    return c;
  };

  /** Whether the terminal changed size and the resize event has not come yet: a frame laid out
   * for the old size would wrap its long lines and scroll the screen, so it waits for the event
   * (the frame after it is drawn from a cleared screen). */
  const resizePending = (): boolean => {
    let now: [number, number] | undefined;
    try {
      now = target.getWindowSize?.();
    } catch {
      return false;
    }
    return Array.isArray(now) && now[0] > 0 && now[1] > 0 && (now[0] !== (target.columns ?? now[0]) || now[1] !== (target.rows ?? now[1]));
  };

  const draw = () => {
    lastFlush = Date.now();
    // a tick's moment (its texts are worked out already), else the time of drawing
    const now = tickedAt ?? lastFlush;
    tickedAt = undefined;
    if (resizePending()) {
      repaint = true;
      return;
    }
    const height = rows();
    const width = Math.max(1, target.columns ?? 80);
    // A frame with a line wider than the terminal was laid out for a size it no longer has (the
    // app has not caught up with a resize): its lines are cut to the width, so nothing wraps or
    // scrolls, and the next frame repaints from a cleared screen.
    let stale = false;
    for (let i = 0; i < Math.min(frameLines.length, height) && !stale; i++) stale = frameLines[i].length > width && (cellsOf(i)?.chars.length ?? 0) > width;
    if (stale) repaint = true;
    const pen = new Pen(width);
    if (repaint) pen.out += '\x1b[H\x1b[2J';
    const next: Array<Cells | undefined> = [];
    const live = [...regions.values()];
    for (let i = 0; i < Math.max(frameLines.length, screen.length); i++) {
      if (i >= height) break;
      const line = frameLines[i];
      if (line === undefined) {
        if (!repaint && screen[i] !== undefined) {
          pen.move(i + 1, 1);
          pen.erase(false);
        }
        continue;
      }
      const cells = withLive(i, now, live);
      const cur = cells ?? { chars: [], styles: [], raw: line };
      const old = screen[i];
      next[i] = cur;
      // the very cells drawn last time (an unchanged line keeps its parsed cells)
      if (!repaint && old === cur) continue;
      if (repaint || !old || cur.raw !== undefined || old.raw !== undefined) {
        // a repaint, or a line that is not plain SGR text: written whole (erase first, then
        // write: erasing after a full-width line would eat its last character); Ink's own line
        // when no live text was written over it
        if (!repaint && old && cur.raw !== undefined && old.raw === cur.raw) continue;
        const cut = stale && cur.raw === undefined && cur.chars.length > width;
        pen.move(i + 1, 1);
        pen.erase(false);
        if (cur.raw !== undefined || (cells === frameCells[i] && !cut)) pen.raw(`${cur.raw ?? line}${RESET}`);
        else writeCells(pen, i + 1, cur, 0, Math.min(cur.chars.length, width));
        continue;
      }
      diffLine(pen, i + 1, old, cur, width);
    }
    screen = next;
    repaint = stale;
    if (pen.out === '') return;
    // the terminal is left in the default style for whatever writes next
    pen.sgr('');
    const out = pen.out;
    const chunk = SYNC_START + out + SYNC_END;
    bytes += Buffer.byteLength(chunk);
    target.write(chunk);
  };

  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (closed || held) return;
    if (pending !== undefined) {
      // the last guard: whatever a component drew without sanitising, only its SGR styles reach the terminal
      const lines = pending.split('\n').slice(0, rows()).map((l) => (ascii ? asciiText(sanitizeStyled(l)) : sanitizeStyled(l)));
      pending = undefined;
      // lines equal to the last frame's keep their parsed cells
      const before = new Map<string, Cells | undefined>();
      frameLines.forEach((l, i) => frameCells[i] !== undefined && before.set(l, frameCells[i]));
      frameLines = lines;
      frameCells = lines.map((l) => before.get(l));
    } else if (!dirty) return;
    dirty = false;
    draw();
  };

  const schedule = () => {
    const wait = minGap - (Date.now() - lastFlush);
    if (wait <= 0) flush();
    else timer ??= setTimeout(flush, wait);
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
    // Ink's log-update clears before a narrower repaint; the repaint that follows is all we need
    if (frame.includes('\x1b[2K')) return true;
    pending = frame;
    schedule();
    return true;
  };
  sink.setLive = (id, region) => {
    if (region) regions.set(id, region);
    else regions.delete(id);
  };
  sink.tick = (now = Date.now()) => {
    if (closed) return;
    for (const r of regions.values()) if (!fits(r, now)) r.redraw();
    tickedAt = now;
    dirty = true;
    schedule();
  };
  sink.flush = flush;
  sink.bytesWritten = () => bytes;
  sink.hold = () => {
    held = true;
  };
  sink.resume = () => {
    held = false;
    repaint = true;
    dirty = true;
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
