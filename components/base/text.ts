// Terminal text measurement and fitting: display width (east-asian wide characters and emoji
// count as two columns), truncation with an ellipsis, and padding to an exact width.
//
// Everything these fit is drawn, so every one of them sanitises (src/text/sanitize.ts): text from the
// service drawn through them can carry no escape sequence, control, bidi override or zero-width
// character to the terminal, and screens need not remember to clean it.
import stringWidth from 'string-width';
import { sanitize } from '../../src/text/sanitize.js';

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/**
 * Widths of short text beyond printable ASCII, each measured once: a table of hundreds of rows
 * sizes its columns from every cell at each refresh, and most cells (symbols, conditions, prices
 * written with subscript zeros) read as they did the last time, each measurement a walk over its
 * graphemes. Emptied when full, so it never holds more than MEASURED_MAX texts.
 */
const measured = new Map<string, number>();
const MEASURED_MAX = 20_000;
const MEASURED_LONGEST = 200;

/** The number of terminal columns `text` occupies. */
export function textWidth(text: string): number {
  if (PRINTABLE_ASCII.test(text)) return text.length;
  if (text.length > MEASURED_LONGEST) return stringWidth(text);
  let width = measured.get(text);
  if (width === undefined) {
    if (measured.size >= MEASURED_MAX) measured.clear();
    measured.set(text, (width = stringWidth(text)));
  }
  return width;
}

/** Text whose every code unit is a grapheme of its own (no combining marks, joiners, selectors, surrogates). */
const SINGLE_UNITS = /^[\x20-\x7e\u00a0-\u02ff\u2010-\u2027\u2030-\u205f\u2070-\u2bff]*$/;
// created on first need: an Intl.Segmenter costs ~8 ms to make, which start-up need not pay
let segmenter: Intl.Segmenter | undefined;
function* graphemes(text: string): Iterable<string> {
  if (SINGLE_UNITS.test(text)) return yield* text;
  for (const s of (segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' })).segment(text))
    yield s.segment;
}

/** Code units looked at to cut a line: far more than any real grapheme run needs per column. */
const UNITS_PER_COLUMN = 8;

/** Cuts `text` (sanitised, on one line) to at most `width` columns, ending in "…" when something
 * was cut. Only the start of a long text is measured, so a pasted 10 000-character line costs no
 * more than a short one. */
export function truncate(text: string, width: number): string {
  return cut(sanitize(text), width);
}

/** truncate() of clean text: `text` itself when it fits. */
function cut(text: string, width: number): string {
  if (width <= 0) return '';
  const limit = width * UNITS_PER_COLUMN + 16;
  const head = text.length > limit ? text.slice(0, limit) : text;
  if (head === text ? textWidth(text) <= width : textWidth(head) <= width && textWidth(text) <= width) return text;
  if (PRINTABLE_ASCII.test(head)) return head.slice(0, width - 1) + '…';
  let out = '';
  let used = 0;
  for (const segment of graphemes(head)) {
    const w = stringWidth(segment);
    if (used + w > width - 1) break;
    out += segment;
    used += w;
  }
  return out + '…';
}

/** Fits `text` into exactly `width` columns: truncated with "…" or padded with spaces on the side opposite `align`. */
export function padCell(text: string, width: number, align: 'left' | 'right' = 'left'): string {
  if (width <= 0) return '';
  const fitted = truncate(text, width);
  const gap = width - textWidth(fitted);
  if (gap <= 0) return fitted;
  return align === 'right' ? ' '.repeat(gap) + fitted : fitted + ' '.repeat(gap);
}

/** Splits `text` (sanitised, its line breaks kept) into lines of at most `width` columns, breaking at spaces where possible. */
export function wrapText(text: string, width: number): string[] {
  if (width <= 0) return [];
  const lines: string[] = [];
  for (const paragraph of sanitize(text, { lines: true }).split('\n')) {
    let rest = paragraph;
    // cut hands back the text itself when it fits (measuring only its start)
    while (cut(rest, width) !== rest) {
      const head = cut(rest, width + 1).slice(0, -1);
      const space = head.lastIndexOf(' ');
      const at = space > width / 3 ? space : Math.max(1, head.length);
      lines.push(rest.slice(0, at).trimEnd());
      rest = rest.slice(at).trimStart();
    }
    lines.push(rest);
  }
  return lines;
}
