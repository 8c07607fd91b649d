// Pure table helpers: column layout for a width, the visible window of rows, sorting and filtering.
import { textWidth } from '../base/text.js';

export interface Column<Row> {
  id: string;
  title: string;
  /** fixed width in columns */
  width?: number;
  /** share of the leftover width (columns without width or flex get flex 1) */
  flex?: number;
  /** the least width a flex column accepts before it is dropped (default: its title's width, at least 4) */
  minWidth?: number;
  align?: 'left' | 'right';
  /** the cell is never cut (an amount, a price, a symbol): the column is as wide as its widest cell
   * (`width` and `minWidth` are then only the least), and it drops out, by priority, where it
   * cannot be that wide */
  whole?: boolean;
  /** lower stays longer: on narrow terminals the highest priority numbers drop out first (default 0) */
  priority?: number;
  /** the cell text (default: String(row[id]), '—' when missing) */
  format?: (row: Row) => string;
  /** the cell colour */
  color?: (row: Row) => string | undefined;
  /** the value sorted by (default: row[id]) */
  sortValue?: (row: Row) => string | number | bigint | boolean | null | undefined;
}

export interface ColumnLayout<Row> {
  column: Column<Row>;
  width: number;
}

/** Columns are separated by one space. */
export const COLUMN_GAP = 1;

function minOf<Row>(c: Column<Row>, fitted?: number): number {
  const least = c.width ?? Math.max(c.minWidth ?? Math.max(c.title.length, 4), 1);
  return fitted === undefined ? least : Math.max(least, fitted);
}

// A cell's width by column and row object: a list refreshed with the same rows, or with a column
// that changes (one that reads the clock) beside others that do not, measures only what changed.
const measured = new WeakMap<object, WeakMap<object, number>>();

/** The width of the widest cell of each `whole` column over `rows` (undefined for the others). */
export function wholeWidths<Row>(columns: Column<Row>[], rows: readonly Row[]): Array<number | undefined> {
  // (textWidth keeps what it measured of text beyond ASCII: the same text is not measured again)
  return columns.map((c) => {
    if (!c.whole) return undefined;
    let byRow = measured.get(c);
    if (!byRow) measured.set(c, (byRow = new WeakMap()));
    let most = textWidth(c.title);
    for (const row of rows) {
      const cacheable = typeof row === 'object' && row !== null;
      let w = cacheable ? byRow.get(row) : undefined;
      if (w === undefined) {
        w = textWidth(cellText(row, c));
        if (cacheable) byRow.set(row, w);
      }
      if (w > most) most = w;
    }
    return most;
  });
}

/**
 * Chooses the columns that fit in `width` and their widths: drops the highest-priority-number
 * columns (rightmost first among equals) until the fixed and minimum widths fit, then shares the
 * leftover among flex columns in proportion to their flex; a column dropped comes back where the
 * columns dropped after it left room for it. `fitted` (from wholeWidths): the width
 * each `whole` column needs for its widest cell.
 */
export function layoutColumns<Row>(
  columns: Column<Row>[],
  width: number,
  fitted: ReadonlyArray<number | undefined> = [],
): ColumnLayout<Row>[] {
  const fit = new Map(columns.map((c, i) => [c, fitted[i]]));
  const min = (c: Column<Row>) => minOf(c, fit.get(c));
  const kept = columns.slice();
  const need = () => kept.reduce((s, c) => s + min(c), 0) + COLUMN_GAP * Math.max(0, kept.length - 1);
  const dropped: Column<Row>[] = [];
  while (kept.length > 1 && need() > width) {
    let drop = kept.length - 1;
    for (let i = kept.length - 1; i >= 0; i--) {
      if ((kept[i]!.priority ?? 0) > (kept[drop]!.priority ?? 0)) drop = i;
    }
    dropped.push(...kept.splice(drop, 1));
  }
  // a wide column gone can leave room for a narrower one dropped before it: back in its place
  for (const c of dropped.reverse()) {
    if (need() + COLUMN_GAP + min(c) > width) continue;
    const at = columns.indexOf(c);
    const i = kept.findIndex((k) => columns.indexOf(k) > at);
    kept.splice(i < 0 ? kept.length : i, 0, c);
  }
  const widths = kept.map((c) => min(c));
  const flexOf = (c: Column<Row>) => (c.width !== undefined ? 0 : (c.flex ?? 1));
  const totalFlex = kept.reduce((s, c) => s + flexOf(c), 0);
  let spare = Math.max(0, width - need());
  if (kept.length === 1 && need() > width) widths[0] = Math.max(0, width);
  if (totalFlex > 0 && spare > 0) {
    const shares = kept.map((c) => Math.floor((spare * flexOf(c)) / totalFlex));
    // widths, shares and kept have one entry per kept column
    shares.forEach((s, i) => (widths[i]! += s));
    spare -= shares.reduce((a, b) => a + b, 0);
    for (let i = 0; spare > 0 && i < kept.length; i++) {
      if (flexOf(kept[i]!) > 0) {
        widths[i]!++;
        spare--;
      }
    }
  }
  return kept.map((column, i) => ({ column, width: widths[i]! }));
}

/**
 * The first row index to show so that `selectedIndex` is visible in `height` rows, moving the
 * window as little as possible from `prevOffset` (like a pager: the cursor pushes the window).
 */
export function windowRows(count: number, selectedIndex: number, height: number, prevOffset = 0): number {
  if (height <= 0 || count <= height) return 0;
  let offset = Math.min(Math.max(0, prevOffset), count - height);
  if (selectedIndex < 0) return offset;
  if (selectedIndex < offset) offset = selectedIndex;
  else if (selectedIndex >= offset + height) offset = selectedIndex - height + 1;
  return Math.min(offset, count - height);
}

type Sortable = string | number | bigint | boolean | null | undefined;

function valueOf<Row>(row: Row, column: Column<Row>): Sortable {
  if (column.sortValue) return column.sortValue(row);
  const v = (row as Record<string, unknown>)[column.id];
  return typeof v === 'string' || typeof v === 'number' || typeof v === 'bigint' || typeof v === 'boolean'
    ? v
    : v == null
      ? v
      : String(v);
}

// localeCompare with options makes a collator on every call (tens of microseconds): sorting a few
// hundred rows on a key took tens of milliseconds. The same collator, made once, at the first sort.
let collator: Intl.Collator | undefined;

function compare(a: Sortable, b: Sortable): number {
  if (typeof a === 'string' && typeof b === 'string')
    return (collator ??= new Intl.Collator(undefined, { sensitivity: 'base', numeric: true })).compare(a, b);
  if (typeof a === 'string' || typeof b === 'string') return String(a).localeCompare(String(b));
  const x = typeof a === 'boolean' ? Number(a) : a;
  const y = typeof b === 'boolean' ? Number(b) : b;
  return x! < y! ? -1 : x! > y! ? 1 : 0;
}

/** A sorted copy (stable); missing values (null, undefined, NaN) go last in both directions. */
export function sortRows<Row>(rows: readonly Row[], column: Column<Row>, dir: 'asc' | 'desc'): Row[] {
  const missing = (v: Sortable) => v === null || v === undefined || (typeof v === 'number' && Number.isNaN(v));
  const sign = dir === 'asc' ? 1 : -1;
  return rows
    .map((row) => ({ row, v: valueOf(row, column) }))
    .sort((a, b) => {
      const ma = missing(a.v);
      const mb = missing(b.v);
      if (ma || mb) return ma === mb ? 0 : ma ? 1 : -1;
      return sign * compare(a.v, b.v);
    })
    .map((e) => e.row);
}

/** The text of one cell. */
export function cellText<Row>(row: Row, column: Column<Row>): string {
  if (column.format) return column.format(row);
  const v = (row as Record<string, unknown>)[column.id];
  return v === null || v === undefined ? '—' : String(v);
}

/** Rows whose cell texts (in `columns`) contain every word of `query`, case-insensitively. */
export function filterRows<Row>(rows: readonly Row[], columns: Column<Row>[], query: string): Row[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return rows.slice();
  return rows.filter((row) => {
    const hay = columns
      .map((c) => cellText(row, c))
      .join(' ')
      .toLowerCase();
    return words.every((w) => hay.includes(w));
  });
}
