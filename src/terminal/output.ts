// Ink's output stage, as the bundle has it. Ink's renderer lays the tree out and writes each text
// where it goes (Output.write, under the clip of the nearest box that hides its overflow); this
// module puts those texts straight into rows of cells (cells.ts) and hands each frame's rows to the
// frame writer (sink.ts), which compares them with what the terminal shows. The build makes Ink's
// renderer import it in place of Ink's own ink/build/output.js (scripts/ink-output.mjs), which
// fills a grid of styled characters, turns each row back into text, and so made the writer parse
// every frame again.
//
// The cells are the ones Ink's Output and the writer's parse of its text gave
// (test/terminal/output.test.ts compares them, frame by frame): each grapheme of a text takes
// max(1, its width) columns from where the text starts, a later text overwrites an earlier one
// column by column, only the innermost clip applies, clipped lines are cut as slice-ansi cuts them.
// A row is then read as a terminal reads Ink's text of it: a grapheme of no width joins the cell
// before it, a wide character whose second column a later text took keeps both its columns and
// pushes that text on, a column whose wide character lost its first half is gone, unstyled white
// space ends the row. Two differences, on purpose: each text is sanitised on its own
// (sanitizeStyled) before it is placed, so a control character in one text cannot shift the
// texts beside it (in Ink's text it took a column the writer's sanitiser then removed); and styles
// are read as a terminal reads them, where Ink's ansi-tokenize lost one (faint ended while bold
// stays; a bold set again after \x1b[m).
//
// Ink's own text of the frame is empty. In debug mode Ink writes `<Static> text + frame text` to
// stdout on every render; both texts come from here, so what it writes is empty, and the frame
// reaches the writer through takeInkFrames instead (every Output made hands its rows there: Ink's
// renderToString, which makes Outputs too, is not used). Ink's renderer makes the frame's Output, then (when the
// tree has a <Static>) one for <Static>'s new children, and reads the frame's first: an Output made
// while the frame's is still open is <Static>'s, whose rows stay above every later frame, as
// Ink's debug output keeps them. The build checks that renderer.js still does this.
import stringWidth from 'string-width';
import { sanitizeStyled } from '../text/sanitize.js';
import { type Cells, eachGrapheme } from './cells.js';
import { graphemes, PRINTABLE_ASCII, SINGLE_UNITS } from './glyphs.js';
import { boundStyles, styleEpoch } from './styles.js';

/** What a component (Ink's Text, Transform) does to each line of its text. */
type Transformer = (line: string, index: number) => string;

/** A box's clip: the columns x1..x2 and rows y1..y2 its children show in; a pair may be absent. */
export interface Clip {
  x1?: number;
  x2?: number;
  y1?: number;
  y2?: number;
}

/** A grapheme as a line lays it out: its text, style and width (string-width's: 0 joins the cell before). */
interface Glyph {
  readonly ch: string;
  readonly style: string;
  readonly width: number;
  /** what each further column of a wide one holds: '' in its style */
  readonly rest?: Glyph;
}
type Laid = readonly Glyph[];
const BLANK: Glyph = { ch: ' ', style: '', width: 1 };

/**
 * A row as Ink's Output fills it: the glyph in each column (`rest` in the further columns of a
 * wide one), undefined for a column past the frame's width that no text reached.
 */
type Row = Array<Glyph | undefined>;

/** The lines laid out lately, by their text (a frame repeats the texts of the one before). */
const LAID_LIMIT = 512;
const laidOf = new Map<string, Laid>();
let laidEpoch = -1;

function laid(line: string): Laid {
  // a style laid out before the style tables were last emptied is no longer known to them
  if (laidEpoch !== styleEpoch()) {
    laidOf.clear();
    laidEpoch = styleEpoch();
  }
  let l = laidOf.get(line);
  if (l === undefined) {
    const glyphs: Glyph[] = [];
    eachGrapheme(sanitizeStyled(line), (ch, width, style) =>
      glyphs.push({ ch, style, width, rest: width > 1 ? { ch: '', style, width: 1 } : undefined }),
    );
    l = glyphs;
    if (laidOf.size >= LAID_LIMIT) {
      const oldest = laidOf.keys().next();
      if (!oldest.done) laidOf.delete(oldest.value);
    }
    laidOf.set(line, l);
  }
  return l;
}

/** A laid-out line placed in a row, from column `x`. */
interface Placed {
  x: number;
  laid: Laid;
}

/** Whether two rows were given the same lines at the same columns (the same laid-out lines: they are kept by text). */
function samePlaced(a: readonly Placed[] | undefined, b: readonly Placed[] | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return a.length === b.length && a.every((p, i) => p.x === b[i]?.x && p.laid === b[i]?.laid);
}

/** Puts `glyph` in column `x` of `row` (nothing left of the frame; past its width the row grows). */
function put(row: Row, x: number, glyph: Glyph): void {
  if (x < 0) return;
  while (row.length < x) row.push(undefined);
  row[x] = glyph;
}

/** A row `width` columns wide with `placed` written into it in turn, as Ink's Output fills one. */
function fill(width: number, placed: readonly Placed[] | undefined): Row {
  const row: Row = new Array<Glyph>(width).fill(BLANK);
  for (const { x, laid: l } of placed ?? []) {
    let at = x;
    for (const g of l) {
      put(row, at, g);
      for (let k = 1; k < g.width; k++) put(row, at + k, g.rest ?? BLANK);
      at += Math.max(1, g.width);
    }
  }
  return row;
}

const WHITE_SPACE = /^\s+$/;

/** A row's cells as the terminal shows Ink's text of it (see the top of this file). */
function cellsOf(row: Row): Cells {
  const chars: string[] = [];
  const styles: string[] = [];
  for (const g of row) {
    if (g === undefined || g.ch === '') continue;
    if (g.width === 0) {
      const last = chars.pop();
      if (last !== undefined) chars.push(last + g.ch);
      continue;
    }
    for (let k = 0; k < g.width; k++) {
      chars.push(k === 0 ? g.ch : '');
      styles.push(g.style);
    }
  }
  // the row ends at its last character that is not unstyled white space
  let end = chars.length;
  for (let k = end - 1; k >= 0; k--) {
    const ch = chars[k];
    if (ch === '') continue;
    if (ch === undefined || styles[k] !== '' || !WHITE_SPACE.test(ch)) break;
    end = k;
  }
  chars.length = end;
  styles.length = end;
  return { chars, styles };
}

const sameCells = (a: Cells, b: Cells) =>
  a.chars.length === b.chars.length &&
  a.chars.every((ch, i) => ch === b.chars[i]) &&
  a.styles.every((s, i) => s === b.styles[i]);

/** The key of the style a parameter starts or ends, as slice-ansi keeps the styles in force (one per key). */
function sliceKey(n: number): string {
  if (n === 1 || n === 2 || n === 22) return '22';
  if ((n >= 3 && n <= 9 && n !== 5 && n !== 6) || (n >= 23 && n <= 29 && n !== 25 && n !== 26))
    return String(n < 20 ? n + 20 : n);
  if ((n >= 30 && n <= 39) || (n >= 90 && n <= 97)) return '39';
  if ((n >= 40 && n <= 49) || (n >= 100 && n <= 107)) return '49';
  if (n === 53 || n === 55) return '55';
  // a style slice-ansi does not know: ended only by a reset
  return '0';
}
const isEnd = (n: number) =>
  n === 22 || n === 39 || n === 49 || n === 55 || (n >= 23 && n <= 29 && n !== 25 && n !== 26);

/** The styles in force after one SGR sequence's parameters, kept as slice-ansi keeps them. */
function sliceStyles(inForce: Map<string, string>, params: string): void {
  const p = params === '' ? ['0'] : params.split(';');
  for (let i = 0; i < p.length; i++) {
    let code = p[i] ?? '';
    const n = Number.parseInt(code, 10);
    if (Number.isNaN(n)) continue;
    if (n === 0) {
      inForce.clear();
      continue;
    }
    if ((n === 38 || n === 48) && (p[i + 1] === '5' || p[i + 1] === '2')) {
      const more = p[i + 1] === '5' ? 2 : 4;
      if (i + more < p.length) {
        code = p.slice(i, i + 1 + more).join(';');
        i += more;
      }
    }
    const key = sliceKey(n);
    inForce.delete(key);
    if (!isEnd(n)) inForce.set(key, code);
  }
}

/**
 * Columns [from, to) of a styled line, as slice-ansi (Ink's Output clips with it) cuts them: the
 * graphemes that start in the range, a wide one at its end whole, after the styles in force where
 * the first starts ('' when none starts in it).
 */
function sliceColumns(line: string, from: number, to: number): string {
  const text = sanitizeStyled(line);
  const inForce = new Map<string, string>();
  let at = 0;
  let start = -1;
  let stop = text.length;
  let i = 0;
  scan: while (i < text.length) {
    const esc = text.indexOf('\x1b', i);
    const end = esc < 0 ? text.length : esc;
    const run = text.slice(i, end);
    let k = i;
    for (const g of SINGLE_UNITS.test(run) ? run : graphemes(run)) {
      if (at >= to) {
        stop = k;
        break scan;
      }
      if (start < 0 && at >= from) start = k;
      at += PRINTABLE_ASCII.test(g) ? 1 : Math.max(1, stringWidth(g));
      k += g.length;
    }
    if (esc < 0) break;
    let e = esc + 2;
    for (let c = text.charCodeAt(e); (c >= 0x30 && c <= 0x39) || c === 0x3b; c = text.charCodeAt(++e));
    if (start < 0) sliceStyles(inForce, text.slice(esc + 2, e));
    i = e + 1;
  }
  if (start < 0) return '';
  let prefix = '';
  for (const code of inForce.values()) prefix += `\x1b[${code}m`;
  return prefix + text.slice(start, stop);
}

function widest(lines: readonly string[]): number {
  let w = 0;
  for (const line of lines) w = Math.max(w, stringWidth(line));
  return w;
}

// ---------------------------------------------------------------- frames to the writer

/** Takes each frame Ink renders, as rows of cells: <Static>'s rows first, then the frame's. */
type FrameTaker = (rows: readonly Cells[]) => void;
let taker: FrameTaker | undefined;

/** The Outputs made and not yet read, oldest first. */
const open: Output[] = [];
/** The frame read while a <Static> Output made after it was open: it waits for that one's rows. */
let waiting: Cells[] | undefined;
/** Everything <Static> has written: above every frame, as in Ink's debug output. */
let staticRows: Cells[] = [];
/** The last frame's rows: a row with the same cells is handed on as the same object. */
let lastRows: readonly Cells[] = [];
/** What the last frame's rows were given, and its width: a row given the same is not made again. */
let lastPlaced: ReadonlyArray<Placed[] | undefined> = [];
let lastWidth = -1;

/**
 * Hands every frame Ink renders from now on to `take` (an Ink instance's frames: nothing of an
 * earlier one's <Static> output); returns the function that stops it.
 */
export function takeInkFrames(take: FrameTaker): () => void {
  taker = take;
  open.length = 0;
  waiting = undefined;
  staticRows = [];
  lastRows = [];
  lastPlaced = [];
  lastWidth = -1;
  return () => {
    if (taker === take) taker = undefined;
  };
}

function deliver(rows: Cells[]): void {
  taker?.(staticRows.length > 0 ? [...staticRows, ...rows] : rows);
}

/** A frame's rows: those given what the last frame's were given are its very rows (see samePlaced). */
function frameRows(width: number, placed: ReadonlyArray<Placed[] | undefined>, height: number): Cells[] {
  const rows: Cells[] = [];
  for (let y = 0; y < height; y++) {
    const last = lastRows[y];
    if (last !== undefined && width === lastWidth && samePlaced(placed[y], lastPlaced[y])) {
      rows.push(last);
      continue;
    }
    const cells = cellsOf(fill(width, placed[y]));
    rows.push(last !== undefined && sameCells(last, cells) ? last : cells);
  }
  lastRows = rows;
  lastPlaced = placed;
  lastWidth = width;
  return rows;
}

function read(rows: Cells[]): void {
  if (waiting !== undefined) {
    // <Static>'s rows, unless Ink's text of them is empty (none, or one blank row)
    if (rows.length > 1 || rows.some((row) => row.chars.length > 0)) staticRows.push(...rows);
    if (open.length === 0) {
      deliver(waiting);
      waiting = undefined;
    }
  } else if (open.length > 0) waiting = rows;
  else deliver(rows);
}

/** Ink's Output (ink/build/output.js), as its renderer, render-border and render-background use it. */
export default class Output {
  readonly width: number;
  readonly height: number;
  /** the lines written into each row, in turn */
  private readonly placed: Array<Placed[] | undefined> = [];
  private readonly clips: Clip[] = [];

  constructor(options: { width: number; height: number }) {
    this.width = options.width;
    this.height = options.height;
    boundStyles();
    open.push(this);
  }

  write(x: number, y: number, text: string, options: { transformers: readonly Transformer[] }): void {
    if (!text) return;
    let lines = text.split('\n');
    const clip = this.clips.at(-1);
    if (clip) {
      const { x1, x2, y1, y2 } = clip;
      const across = x1 !== undefined && x2 !== undefined;
      const down = y1 !== undefined && y2 !== undefined;
      // a text wholly outside the clip
      if (across && (x + widest(lines) < x1 || x > x2)) return;
      if (down && (y + lines.length < y1 || y > y2)) return;
      if (across) {
        const from = x < x1 ? x1 - x : 0;
        lines = lines.map((line) => {
          const w = stringWidth(line);
          return sliceColumns(line, from, x + w > x2 ? x2 - x : w);
        });
        if (x < x1) x = x1;
      }
      if (down) {
        const from = y < y1 ? y1 - y : 0;
        lines = lines.slice(from, y + lines.length > y2 ? y2 - y : lines.length);
        if (y < y1) y = y1;
      }
    }
    // Ink's grid takes whole columns and rows from the top: a text placed between them, or
    // starting above the frame, draws nothing
    if (!Number.isInteger(x) || !Number.isInteger(y) || y < 0) return;
    for (const [i, text] of lines.entries()) {
      if (y + i >= this.height) break;
      let line = text;
      for (const transform of options.transformers) line = transform(line, i);
      (this.placed[y + i] ??= []).push({ x, laid: laid(line) });
    }
  }

  clip(clip: Clip): void {
    this.clips.push(clip);
  }

  unclip(): void {
    this.clips.pop();
  }

  /** Hands the frame's rows on (see takeInkFrames); Ink's text of them is empty. */
  get(): { output: string; height: number } {
    // an Output older than this one and never read belonged to a render that failed
    const at = open.indexOf(this);
    if (at >= 0) open.splice(0, at + 1);
    const height = Math.max(0, Math.ceil(this.height));
    const width = Math.max(0, Math.ceil(this.width));
    // <Static>'s rows (read while the frame waits for them) are made whole; the frame's, where they changed
    read(
      waiting !== undefined
        ? Array.from({ length: height }, (_, y) => cellsOf(fill(width, this.placed[y])))
        : frameRows(width, this.placed, height),
    );
    return { output: '', height };
  }
}
