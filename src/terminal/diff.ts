// Turning what the terminal shows of a row into the row of a new frame, in as few bytes as it takes.
import { type Cells, isBlank } from './cells.js';
import { cufLength, type Pen } from './pen.js';
import { setsStyle, sgrChange } from './styles.js';

/** Cells [from, to) of `c` on `row`, written from `from`. */
export function writeCells(pen: Pen, row: number, c: Cells, from: number, to: number): void {
  pen.move(row, from + 1);
  for (let i = from; i < to; i++) pen.put(c.chars[i] ?? ' ', c.styles[i] ?? '');
}

/** Erases row `row` and writes `cur` on it (cut to `width`), jumping over runs of blanks (a blank tail is left to the erase). */
export function writeRow(pen: Pen, row: number, cur: Cells, width: number): void {
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
export function diffLine(pen: Pen, row: number, old: Cells, cur: Cells, width: number): void {
  const same = (i: number) =>
    (isBlank(old, i) && isBlank(cur, i)) || (old.chars[i] === cur.chars[i] && old.styles[i] === cur.styles[i]);
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
  writeRow(whole, row, cur, width);
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
