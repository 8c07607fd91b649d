// A row of the terminal as cells: one character (grapheme) and the SGR style it is drawn with.
import stringWidth from 'string-width';
import { graphemes, PRINTABLE_ASCII, SINGLE_UNITS } from './glyphs.js';
import { boundStyles, nextStyle, spaceShows } from './styles.js';

export interface Cells {
  chars: string[];
  styles: string[];
}

/** Whether cell i of `c` is a blank (a space in the default style, or past the row's end). */
export const isBlank = (c: Cells, i: number) => i >= c.chars.length || (c.chars[i] === ' ' && c.styles[i] === '');

/**
 * Walks a line of text and SGR sequences (sanitised: sanitizeStyled leaves no other escape),
 * calling `visit` with each grapheme, the columns string-width gives it (0 for one that joins the
 * cell before) and the style it is drawn in: '' for a space whose style does not show on it.
 */
export function eachGrapheme(line: string, visit: (grapheme: string, width: number, style: string) => void): void {
  let style = '';
  const add = (g: string, w: number) => visit(g, w, g === ' ' && !spaceShows(style) ? '' : style);
  let i = 0;
  while (i < line.length) {
    const esc = line.indexOf('\x1b', i);
    const end = esc < 0 ? line.length : esc;
    if (end > i) {
      const text = line.slice(i, end);
      // by index where every code unit is a grapheme (an unoptimised for-of makes an object per character)
      if (SINGLE_UNITS.test(text)) {
        for (let k = 0; k < text.length; k++) {
          const c = text.charCodeAt(k);
          const ch = text.charAt(k);
          add(ch, c >= 0x20 && c < 0x7f ? 1 : stringWidth(ch));
        }
      } else for (const g of graphemes(text)) add(g, PRINTABLE_ASCII.test(g) ? 1 : stringWidth(g));
    }
    if (esc < 0) break;
    // CSI parameters (digits and ;) then m: an SGR sequence; any other escape's ESC is dropped
    let k = esc + 2;
    for (let c = line.charCodeAt(k); (c >= 0x30 && c <= 0x39) || c === 0x3b; c = line.charCodeAt(++k));
    if (line.charCodeAt(esc + 1) === 0x5b && line.charCodeAt(k) === 0x6d) {
      style = nextStyle(style, line.slice(esc + 2, k));
      i = k + 1;
    } else i = esc + 1;
  }
}

/**
 * A line of text and SGR sequences as the terminal shows it, in cells: a wide character takes two,
 * the second holding ''; a grapheme of no width joins the cell before it.
 */
export function parseLine(line: string): Cells {
  boundStyles();
  const chars: string[] = [];
  const styles: string[] = [];
  eachGrapheme(line, (g, w, style) => {
    if (w === 0) {
      if (chars.length) chars[chars.length - 1] += g;
      return;
    }
    chars.push(g);
    styles.push(style);
    for (let k = 1; k < w; k++) {
      chars.push('');
      styles.push(style);
    }
  });
  return { chars, styles };
}
