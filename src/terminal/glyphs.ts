// Text as the terminal's cells take it: graphemes (what one cell shows), and the ASCII stand-ins
// drawn on a terminal that is not UTF-8.
import stringWidth from 'string-width';
import type { Cells } from './cells.js';
import { spaceShows } from './styles.js';

export const PRINTABLE_ASCII = /^[\x20-\x7e]$/;
/** Text whose every code unit is a grapheme of its own (no combining marks, joiners, selectors, surrogates). */
export const SINGLE_UNITS = /^[\x20-\x7e\u00a0-\u02ff\u2010-\u2027\u2030-\u205f\u2070-\u2bff]*$/;
// created on first need: an Intl.Segmenter costs ~8 ms to make, which start-up need not pay
let segmenter: Intl.Segmenter | undefined;
export const graphemes = (text: string): Iterable<string> =>
  SINGLE_UNITS.test(text)
    ? text
    : [...(segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' })).segment(text)].map(
        (s) => s.segment,
      );

/** The ASCII stand-in of the glyphs the dashboard draws (each one column, as they are). */
const ASCII_OF: Record<string, string> = {
  '…': '~',
  '—': '-',
  '–': '-',
  '·': '.',
  '•': '*',
  '›': '>',
  '‹': '<',
  '»': '>',
  '«': '<',
  '▲': '^',
  '▼': 'v',
  '↑': '^',
  '↓': 'v',
  '→': '>',
  '←': '<',
  '⚠': '!',
  '✓': '+',
  '✔': '+',
  '✗': 'x',
  '✘': 'x',
  '×': 'x',
  '≈': '~',
  '≥': '>',
  '≤': '<',
  '°': 'o',
  '─': '-',
  '━': '-',
  '═': '=',
  '│': '|',
  '┃': '|',
  '║': '|',
  '╭': '+',
  '╮': '+',
  '╰': '+',
  '╯': '+',
  '┌': '+',
  '┐': '+',
  '└': '+',
  '┘': '+',
  '├': '+',
  '┤': '+',
  '┬': '+',
  '┴': '+',
  '┼': '+',
  '█': '#',
  '▉': '#',
  '▊': '#',
  '▋': '#',
  '▌': '#',
  '▍': '#',
  '▎': '|',
  '▏': '|',
  '░': '.',
  '▒': ':',
  '▓': '#',
  '▁': '_',
  '▂': '_',
  '▃': '-',
  '▄': '-',
  '▅': '=',
  '▆': '=',
  '▇': '#',
  '▸': '>',
  '▾': 'v',
  '◆': '*',
  '●': '*',
  '○': 'o',
  '★': '*',
  '☆': '*',
  '\u00a0': ' ',
};

/** `text` (SGR sequences kept) in ASCII for a terminal that is not UTF-8: each other glyph is its stand-in or "?", as many columns wide. */
export function asciiText(text: string): string {
  // eslint-disable-next-line no-control-regex -- the ASCII range, controls included, is what it looks for
  if (!/[^\x00-\x7f]/.test(text)) return text;
  let out = '';
  for (const g of graphemes(text))
    out += g.length === 1 && g < '\x80' ? g : (ASCII_OF[g] ?? '?'.repeat(Math.max(0, stringWidth(g))));
  return out;
}

/** Cells as asciiText would make them: a glyph's stand-in in its cell, "?" in each cell of any other. */
export function asciiCells(c: Cells): Cells {
  // eslint-disable-next-line no-control-regex -- the ASCII range, controls included, is what it looks for
  if (c.chars.every((ch) => !/[^\x00-\x7f]/.test(ch))) return c;
  const chars: string[] = [];
  const styles: string[] = [];
  for (const [i, ch] of c.chars.entries()) {
    // '' is the second cell of a wide character, which has no stand-in: "?" in both
    const stand = ch.length === 1 && ch < '\x80' ? ch : ch === '' ? '?' : (ASCII_OF[ch] ?? '?');
    const style = c.styles[i] ?? '';
    chars.push(stand);
    // a stand-in space (for a no-break space) shows its style only where a space would
    styles.push(stand === ' ' && !spaceShows(style) ? '' : style);
  }
  return { chars, styles };
}
