// A line of Ink's output as cells: one character (grapheme) and the SGR style it is drawn with.
import stringWidth from 'string-width';
import { graphemes, PRINTABLE_ASCII, SINGLE_UNITS } from './glyphs.js';
import { boundStyles, nextStyle, spaceShows } from './styles.js';

export interface Cells {
  chars: string[];
  styles: string[];
  /** a line that is not plain SGR text, kept as it came */
  raw?: string;
}

/** Whether cell i of `c` is a blank (a space in the default style, or past the line's end). */
export const isBlank = (c: Cells, i: number) => i >= c.chars.length || (c.chars[i] === ' ' && c.styles[i] === '');

/**
 * Splits a line of Ink's output into cells; undefined when it holds an escape other than SGR
 * (such a line is rewritten whole). A wide character takes two cells, the second holding ''.
 */
export function parseLine(line: string): Cells | undefined {
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
      } else
        for (const segment of graphemes(text)) add(segment, PRINTABLE_ASCII.test(segment) ? 1 : stringWidth(segment));
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
