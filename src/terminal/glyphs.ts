// Text as the terminal's cells take it: graphemes (what one cell shows), and the ASCII stand-ins
// drawn on a terminal that is not UTF-8.
import stringWidth from 'string-width';

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
