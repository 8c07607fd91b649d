// The one list behaviour of every list screen: the selection is kept by key (a re-sorted or
// refreshed list keeps the cursor on the same row), j/k, g/G and PgDn/PgUp move it, and the key
// handlers read the rows of the latest render as moved by the keys before (several keys can
// arrive before React renders again).
import { useRef } from 'react';

/** Rows to move by (down positive), or to the first or last. */
export type ListMove = number | 'top' | 'bottom';

export interface ListCursorOptions<R> {
  rows: readonly R[];
  /** the selected row's key; a key no row has (or none) selects the first row */
  selectedKey: string | null | undefined;
  getKey(row: R): string;
  select(key: string): void;
  /** the rows PgDn and PgUp move by, read when the key comes (a list with no paging: one) */
  pageSize?(): number;
  /** asked for the last row (G) or to move past it: a list loaded page by page loads the next one */
  onPastEnd?(): void;
}

export interface ListCursor<R> {
  /** the selected row of this render */
  selected: R | undefined;
  /** the selected row now (after the keys handled since this render) */
  current(): R | undefined;
  /** moves the selection; false when the list is empty (the key is left unhandled) */
  move(by: ListMove): boolean;
  /** Enter on a row: selects it (the first row may be selected only by default) and opens it; false when there is none */
  open(show: (row: R) => void): boolean;
  /** the handlers of the global moving keys */
  keys: Record<'down' | 'up' | 'top' | 'bottom' | 'pageDown' | 'pageUp', () => boolean>;
}

export function useListCursor<R>(o: ListCursorOptions<R>): ListCursor<R> {
  const selected = o.rows.find((r) => o.getKey(r) === o.selectedKey) ?? o.rows[0];
  const view = useRef({ rows: o.rows, selected });
  view.current = { rows: o.rows, selected };
  const move = (by: ListMove) => {
    const { rows, selected: cur } = view.current;
    if (rows.length === 0) return false;
    const at = cur ? rows.indexOf(cur) : 0;
    const want = by === 'top' ? 0 : by === 'bottom' ? rows.length - 1 : at + by;
    if (by === 'bottom' || (typeof by === 'number' && by > 0 && want > rows.length - 1)) o.onPastEnd?.();
    const to = Math.min(rows.length - 1, Math.max(0, want));
    // rows is not empty and `to` is clamped into it
    const row = rows[to]!;
    o.select(o.getKey(row));
    view.current.selected = row;
    return true;
  };
  return {
    selected,
    current: () => view.current.selected,
    move,
    open: (show) => {
      const row = view.current.selected;
      if (!row) return false;
      o.select(o.getKey(row));
      show(row);
      return true;
    },
    keys: {
      down: () => move(1),
      up: () => move(-1),
      top: () => move('top'),
      bottom: () => move('bottom'),
      pageDown: () => move(o.pageSize?.() ?? 1),
      pageUp: () => move(-(o.pageSize?.() ?? 1)),
    },
  };
}
