// The one list view of every list screen and overlay: the rows a screen builds go through its
// filter and its sort, a cursor kept by key walks them, Enter opens the detail and Esc backs out,
// and the handlers of the global list keys (j/k, g/G, PgDn/PgUp, /, o/O, Enter, Esc) come out
// ready to hand to the screen's key registration. A screen declares what its list does (how it
// filters, how it sorts, what Enter opens, what Esc leaves) once, here; it writes no key handler
// for moving, filtering or sorting.
import { useMemo } from 'react';
import { scrollByKey } from '../base/scroll.js';
import { useRefState } from '../base/useRefState.js';
import type { Column } from '../table/layout.js';
import { sortRows } from '../table/layout.js';
import { useLineEditor, type LineEditor } from '../fields/useLineEditor.js';
import { useListCursor, type ListCursor } from './useListCursor.js';

export interface ListFilter<R> {
  /** the filter in force (the line opens with it) */
  text: string;
  /**
   * Sets the filter. A live filter is set at every edit (and to '' by Esc while the line is open);
   * otherwise on Enter, where false keeps the line open to correct what was typed.
   */
  set(text: string): void | boolean;
  /** the list follows every letter typed; the arrows still move it meanwhile */
  live?: boolean;
  /** the rows that match; left out when the rows come filtered already (the service filters) */
  match?(rows: readonly R[], text: string): R[];
}

/** How `o`/`O` sort the list: through a column of its table, or in a fixed order that `explain` says. */
export type ListSort<R> =
  | {
      next(): void;
      reverse(): void;
      /** the column the rows are sorted by (none: the rows come sorted) */
      by?: { column: Column<R> | undefined; dir: 'asc' | 'desc' };
    }
  | { explain(): void };

/** One step of Esc: true when it backed out of something (the key is taken), false to try the next. */
export type BackStep = 'detail' | 'filter' | (() => boolean);

export interface ListViewOptions<R> {
  /** the rows as built, before the filter and the sort */
  rows: readonly R[];
  getKey(row: R): string;
  /** the selected row's key (kept in the screen's store); a scrolled view selects none */
  selectedKey?: string | null;
  select?(key: string): void;
  /**
   * The moving keys scroll the rows instead of moving a cursor (a page of lines to read, not rows
   * to act on): the rows that fit on screen, read when a key comes.
   */
  scroll?(): number;
  /** the rows PgDn/PgUp move by, read when the key comes */
  pageSize?(): number;
  /** asked for the last row (G) or to move past it: a list loaded page by page loads the next one */
  onPastEnd?(): void;
  /** PgDn/PgUp turn the service's pages instead of moving the cursor */
  turnPage?(by: 1 | -1): void | boolean;
  filter?: ListFilter<R>;
  sort?: ListSort<R>;
  /** the detail Enter opens over the list */
  detail?: { shown: boolean; show(on: boolean): void };
  /** what Enter does instead of opening the detail (the row may be none: an empty list) */
  open?(row: R | undefined): void | boolean;
  /** while the detail covers the list, a key that would change the list calls this instead */
  behindDetail?(): void;
  /** what Esc backs out of, in order (default: the detail, then the filter) */
  back?: readonly BackStep[];
}

/** The handlers of the global list keys (the shell's GLOBAL_KEYS that the screen carries out). */
export type ListKeys = Record<
  'down' | 'up' | 'top' | 'bottom' | 'pageDown' | 'pageUp' | 'open' | 'back' | 'filter' | 'sort' | 'sortReverse',
  () => void | boolean
>;

export interface ListView<R> {
  /** the rows shown: filtered and sorted */
  rows: R[];
  /** the selected row of this render */
  selected: R | undefined;
  /** 1-based place of the selected row (0: none) */
  at: number;
  /** a scrolled view: the first row shown and the rows shown when `room` rows fit */
  window(room: number): { top: number; shown: R[] };
  cursor: ListCursor<R>;
  /** the filter line (open while it is edited) */
  filterLine: LineEditor<undefined>;
  keys: ListKeys;
  /** the moving keys alone (j/k, g/G, PgDn/PgUp), for a view that carries out the others itself */
  moves: Pick<ListKeys, 'down' | 'up' | 'top' | 'bottom' | 'pageDown' | 'pageUp'>;
  /** what a <Table> of these rows needs beside its columns */
  table: { rows: R[]; getKey(row: R): string; selectedKey: string | undefined };
}

export function useListView<R>(o: ListViewOptions<R>): ListView<R> {
  const { filter, sort } = o;
  const match = filter?.match;
  const filterText = filter?.text ?? '';
  // filtered and sorted apart: a new sort does not filter again, a letter of the filter re-sorts only what matches
  const filtered = useMemo(() => (match ? match(o.rows, filterText) : o.rows), [o.rows, match, filterText]);
  const by = sort && 'next' in sort ? sort.by : undefined;
  const rows = useMemo(
    () => (by?.column ? sortRows(filtered, by.column, by.dir) : filtered.slice()),
    [filtered, by?.column, by?.dir],
  );
  const cursor = useListCursor({
    rows,
    selectedKey: o.scroll ? undefined : o.selectedKey,
    getKey: o.getKey,
    select: (key) => o.select?.(key),
    pageSize: o.pageSize,
    onPastEnd: o.onPastEnd,
  });
  const filterLine = useLineEditor({
    submit: (text) => (filter && !filter.live ? filter.set(text) : undefined),
    cancel: () => {
      if (filter?.live) filter.set('');
    },
    change: (line) => {
      if (filter?.live) filter.set(line.text);
    },
    passes: filter?.live ? ['up', 'down', 'pageup', 'pagedown'] : [],
  });
  const detailShown = () => o.detail?.shown === true;
  // keys that change the list: while the detail covers it they say so (when the screen asks)
  const onList = (fn: () => void | boolean) => () => {
    if (detailShown() && o.behindDetail) return o.behindDetail();
    return fn();
  };
  const steps = o.back ?? ['detail', 'filter'];
  const backStep = (step: BackStep): boolean => {
    if (step === 'detail') {
      if (!detailShown()) return false;
      o.detail!.show(false);
      return true;
    }
    if (step === 'filter') {
      if (!filter || filter.text === '') return false;
      filter.set('');
      return true;
    }
    return step();
  };
  const page = (by: 1 | -1) => () => (o.turnPage ? o.turnPage(by) : cursor.move(by * (o.pageSize?.() ?? 1)));
  const [offset, setOffset] = useRefState(0);
  /** a moving key of a scrolled view (its name as scrollByKey reads it) */
  const scrolls = (name: string, move: () => boolean | void) => () => {
    if (!o.scroll) return move();
    const next = scrollByKey(name, offset(), rows.length, o.scroll());
    if (next === undefined) return false;
    setOffset(next);
  };
  const selected = o.scroll ? undefined : cursor.selected;
  const moves = {
    down: scrolls('down', cursor.keys.down),
    up: scrolls('up', cursor.keys.up),
    top: scrolls('home', cursor.keys.top),
    bottom: scrolls('end', cursor.keys.bottom),
    pageDown: scrolls('pagedown', page(1)),
    pageUp: scrolls('pageup', page(-1)),
  };
  return {
    rows,
    selected,
    at: selected ? rows.indexOf(selected) + 1 : 0,
    window: (room) => {
      const top = Math.min(offset(), Math.max(0, rows.length - room));
      return { top, shown: rows.slice(top, top + room) };
    },
    cursor,
    filterLine,
    table: { rows, getKey: o.getKey, selectedKey: selected ? o.getKey(selected) : undefined },
    moves,
    keys: {
      ...moves,
      open: () => {
        if (o.open) return o.open(cursor.current());
        if (!o.detail) return false;
        return cursor.open(() => o.detail!.show(true));
      },
      back: () => steps.some(backStep),
      filter: onList(() => (filter ? filterLine.open(filter.text) : false)),
      sort: onList(() => {
        if (!sort) return false;
        if ('explain' in sort) return sort.explain();
        sort.next();
      }),
      sortReverse: onList(() => {
        if (!sort) return false;
        if ('explain' in sort) return sort.explain();
        sort.reverse();
      }),
    },
  };
}
