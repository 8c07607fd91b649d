// The bytes of a frame's update, as written by a pen that tracks the terminal's cursor and style.
import { setsStyle, sgrChange, spaceShows } from './styles.js';

/**
 * The bytes of one frame, with the terminal's cursor and style tracked between writes: a style
 * change is written as the shortest SGR sequence from the style in force, a jump along a row as a
 * cursor-forward (CUF) rather than a full position.
 */
export class Pen {
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
    if (this.row === row && col > this.col && this.col <= this.width)
      this.out += col - this.col === 1 ? '\x1b[C' : `\x1b[${col - this.col}C`;
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
}

/** The bytes of a cursor-forward over n columns. */
export const cufLength = (n: number) => (n === 1 ? 3 : 3 + String(n).length);
