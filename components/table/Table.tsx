// A windowed table: only the rows that fit are rendered, one <Text> per row with pre-padded cells.
import chalk from 'chalk';
import { Box, Text } from 'ink';
import { memo, useMemo, useRef } from 'react';
import { cellText, COLUMN_GAP, layoutColumns, wholeWidths, windowRows, type Column } from './layout.js';
import { padCell, truncate, wrapText } from '../base/text.js';
import { useTheme } from '../base/theme.js';

export { cellText, filterRows, layoutColumns, sortRows, windowRows, type Column } from './layout.js';

export interface TableProps<Row> {
  /** keep this array stable (module constant or useMemo): widths are recomputed when it or width
   * changes, and a row's cells are formatted again only then or when the row object changes (so a
   * cell must depend on nothing but its row and the columns) */
  columns: Column<Row>[];
  /** already sorted and filtered (see sortRows, filterRows) */
  rows: readonly Row[];
  getKey: (row: Row) => string;
  /** the selection follows this key through re-sorts; no row is highlighted when it is absent */
  selectedKey?: string;
  width: number;
  /** lines available, header included */
  height: number;
  sortColumn?: string;
  sortDir?: 'asc' | 'desc';
  /** rows drawn bold (e.g. a price that just changed) */
  marked?: (row: Row) => boolean;
  /** rows drawn dim (e.g. stale or inactive) */
  dim?: (row: Row) => boolean;
  /** shown under the header when there are no rows */
  emptyText?: string;
}

interface Segment {
  text: string;
  color?: string;
}

interface RowCells {
  /** the layout the cells were made for */
  layout: object;
  segments: Segment[];
  /** the segments as one string: a row line re-renders only when it (or the row's marks) changes */
  signature: string;
}

interface RowLineProps {
  /** the row's full content; the line re-renders only when this changes */
  signature: string;
  segments: Segment[];
  selected: boolean;
  marked: boolean;
  dim: boolean;
  selectedColor?: string;
}

/** `text` in a named colour, as Ink's <Text color> paints it (the same chalk, so the same colour
 * level); undefined for a colour given another way (hex, rgb), which a nested <Text> paints. */
function paint(text: string, color: string): string | undefined {
  if (!(color in chalk)) return undefined;
  const style: unknown = Reflect.get(chalk, color);
  return typeof style === 'function' ? (style as (s: string) => string)(text) : undefined;
}

const RowLine = memo(
  function RowLine({ segments, selected, marked, dim, selectedColor }: RowLineProps) {
    // One string for the line: a row is then one text node rather than one per segment, the same
    // characters and escapes Ink would make of nested <Text>s, at a fraction of the work per refresh.
    const painted = segments.map((s) => (s.color && !selected ? paint(s.text, s.color) : s.text));
    const mark = selected ? '›' : ' ';
    return (
      <Text
        inverse={selected}
        bold={marked || selected}
        dimColor={dim && !selected}
        color={selected ? selectedColor : undefined}
        wrap="truncate"
      >
        {painted.every((p) => p !== undefined) ? (
          mark + painted.join('')
        ) : (
          <>
            {mark}
            {segments.map((s, i) =>
              s.color && !selected ? (
                <Text key={i} color={s.color}>
                  {s.text}
                </Text>
              ) : (
                s.text
              ),
            )}
          </>
        )}
      </Text>
    );
  },
  (a, b) => a.signature === b.signature && a.selectedColor === b.selectedColor,
);

const GAP = ' '.repeat(COLUMN_GAP);

/** Columns that drop by priority on narrow widths (a `whole` one rather than cut a cell), a sort arrow in the header, the selection kept in view. */
export function Table<Row>(props: TableProps<Row>) {
  const { columns, rows, getKey, selectedKey, width, height, sortColumn, sortDir, marked, dim, emptyText } = props;
  const theme = useTheme();
  // a `whole` column is as wide as its widest cell of all the rows (not only those shown), so the
  // columns stand still while the list scrolls; the layout is made again only when a width changes
  const fitted = useMemo(() => wholeWidths(columns, rows), [columns, rows]);
  const fittedKey = fitted.join(',');
  const layout = useMemo(
    () => layoutColumns(columns, Math.max(1, width - 1), fitted),
    [columns, width, fittedKey], // eslint-disable-line react-hooks/exhaustive-deps -- fitted is read through its key
  );
  const offsetRef = useRef(0);
  // a row's cells by the row object, for the layout they were made for: moving the selection (or
  // anything else that leaves the rows as they were) formats no cell again
  const cellsOf = useRef(new WeakMap<object, RowCells>());

  const header = layout
    .map(({ column, width: w }, i) => {
      const arrow = column.id === sortColumn ? (sortDir === 'desc' ? '▼' : '▲') : '';
      const title = arrow ? (w < 3 ? arrow : truncate(column.title, w - 2) + ' ' + arrow) : column.title;
      return (i > 0 ? GAP : '') + padCell(title, w, column.align);
    })
    .join('');

  const bodyHeight = Math.max(0, height - 1);
  const selectedIndex = selectedKey === undefined ? -1 : rows.findIndex((r) => getKey(r) === selectedKey);
  const offset = windowRows(rows.length, selectedIndex, bodyHeight, offsetRef.current);
  offsetRef.current = offset;
  const visible = rows.slice(offset, offset + bodyHeight);

  return (
    <Box flexDirection="column" width={width}>
      {height > 0 ? (
        <Text bold wrap="truncate">
          {' ' + header}
        </Text>
      ) : null}
      {visible.map((row, i) => {
        const key = getKey(row);
        const cacheable = typeof row === 'object' && row !== null;
        let cells = cacheable ? cellsOf.current.get(row) : undefined;
        if (cells === undefined || cells.layout !== layout) {
          const segments: Segment[] = layout.map(({ column, width: w }, c) => ({
            text: (c > 0 ? GAP : '') + padCell(cellText(row, column), w, column.align),
            color: column.color?.(row),
          }));
          cells = {
            layout,
            segments,
            signature: segments.map((s) => (s.color ?? '') + '\u0001' + s.text).join('\u0002'),
          };
          if (cacheable) cellsOf.current.set(row, cells);
        }
        const sel = offset + i === selectedIndex;
        const mk = marked?.(row) ?? false;
        const dm = dim?.(row) ?? false;
        const signature = `${sel ? 1 : 0}${mk ? 1 : 0}${dm ? 1 : 0}` + cells.signature;
        return (
          <RowLine
            key={key}
            signature={signature}
            segments={cells.segments}
            selected={sel}
            marked={mk}
            dim={dm}
            selectedColor={theme.selected}
          />
        );
      })}
      {/* what to do next, when there are no rows: wrapped over the body's lines rather than cut */}
      {rows.length === 0 && bodyHeight > 0 && emptyText
        ? wrapText(emptyText, Math.max(1, width - 1))
            .slice(0, bodyHeight)
            .map((l, i) => (
              <Text key={i} color={theme.dim} wrap="truncate">
                {' ' + padCell(l, Math.max(0, width - 1))}
              </Text>
            ))
        : null}
    </Box>
  );
}
