// The `?` overlay: every key of the visible screen, the global keys and the dialog keys, grouped and
// laid out in as many columns as the terminal needs, so 80x24 shows them all without scrolling.
import { Box, Text } from 'ink';
import { normalizeKey } from '../keys/normalizeKey.js';
import { useKeyLayer } from '../keys/KeyRouter.js';
import type { HelpEntry } from '../keys/keymap.js';
import { scrollByKey } from '../base/scroll.js';
import { padCell, textWidth, wrapText } from '../base/text.js';
import { useTheme } from '../base/theme.js';
import { useRefState } from '../base/useRefState.js';

export interface HelpColumnGroup {
  title: string;
  entries: ReadonlyArray<Pick<HelpEntry, 'keys' | 'description' | 'disabled'>>;
}

export interface HelpOverlayProps {
  /** what it lists: "Keys", "Commands", "Command :swap" */
  title: string;
  groups: readonly HelpColumnGroup[];
  width: number;
  /** lines available, border included */
  height: number;
  onClose: () => void;
}

export interface HelpLine {
  text: string;
  heading: boolean;
  disabled?: boolean;
}

const GAP = 2;
const MIN_COLUMN = 30;

/** A group's heading and its entries, each entry with the lines its description wraps to. */
interface GroupBlock {
  title: string;
  entries: HelpLine[][];
}

function groupBlocks(groups: readonly HelpColumnGroup[], width: number): GroupBlock[] {
  const keyWidth = Math.min(12, Math.max(3, ...groups.flatMap((g) => g.entries.map((e) => textWidth(e.keys)))));
  const textWidth_ = Math.max(8, width - keyWidth - 1);
  return groups.map((g) => ({
    title: g.title,
    // A description longer than its column wraps under itself.
    entries: g.entries.map((e) =>
      // a key unavailable now is marked × (the legend says so; its reason is said when pressed)
      wrapText(`${e.disabled ? '× ' : ''}${e.description}`, textWidth_).map((part, i) => ({
        text: padCell(`${padCell(i === 0 ? e.keys : '', keyWidth)} ${part}`, width),
        heading: false,
        disabled: e.disabled !== undefined,
      })),
    ),
  }));
}

/**
 * Fills columns top to bottom. Every column starts with a heading (a group carried over to the
 * next column repeats its title, "(continued)"), a heading never ends a column, and an entry's
 * wrapped lines stay together.
 */
function flow(blocks: GroupBlock[], rows: number, width: number): HelpLine[][] {
  const heading = (text: string): HelpLine => ({ text: padCell(text, width), heading: true });
  let col: HelpLine[] = [];
  const cols: HelpLine[][] = [col];
  for (const block of blocks) {
    block.entries.forEach((entry, i) => {
      const need = entry.length + (i === 0 ? 1 : 0);
      if (col.length > 0 && col.length + need > rows) cols.push((col = []));
      if (i === 0) col.push(heading(block.title));
      else if (col.length === 0) col.push(heading(`${block.title} (continued)`));
      col.push(...entry);
    });
    if (block.entries.length === 0) col.push(heading(block.title));
  }
  return cols;
}

/**
 * The overlay's layout for `width` x `rows` of body: columns of lines. Uses the fewest columns
 * that fit (each at least MIN_COLUMN wide); when even that is too tall, one column at the full
 * width, scrolled (columns scrolled together would cut entries apart).
 */
export function helpColumns(
  groups: readonly HelpColumnGroup[],
  width: number,
  rows: number,
): { columns: HelpLine[][]; columnWidth: number } {
  const maxCols = Math.max(1, Math.floor((width + GAP) / (MIN_COLUMN + GAP)));
  for (let n = 1; n <= maxCols; n++) {
    const columnWidth = Math.floor((width - GAP * (n - 1)) / n);
    const columns = flow(groupBlocks(groups, columnWidth), rows, columnWidth);
    if (columns.length <= n) return { columns, columnWidth };
  }
  return { columns: flow(groupBlocks(groups, width), Number.POSITIVE_INFINITY, width), columnWidth: width };
}

/** What the × before a description means, for the overlay's title line when one is shown. */
export const DISABLED_LEGEND = '× = not available now (pressed, it says why)';

/** A bordered modal titled by what it lists; j/k, PgUp/PgDn, g/G scroll when it does not fit; Esc, ? or q close it. */
export function HelpOverlay({ title, groups, width, height, onClose }: HelpOverlayProps) {
  const theme = useTheme();
  const inner = Math.max(1, width - 4);
  const bodyHeight = Math.max(1, height - 3);
  const { columns, columnWidth } = helpColumns(groups, inner, bodyHeight);
  const total = Math.max(...columns.map((c) => c.length));
  const [offset, setOffset] = useRefState(0);

  useKeyLayer('modal', (input, key) => {
    const name = normalizeKey(input, key);
    if (name === 'escape' || name === '?' || name === 'q') {
      onClose();
      return true;
    }
    const next = scrollByKey(name, offset(), total, bodyHeight);
    if (next !== undefined) setOffset(next);
    return true;
  });

  const top = Math.min(offset(), Math.max(0, total - bodyHeight));
  const shown = Math.min(bodyHeight, total - top);
  const more = total > bodyHeight ? ` · lines ${top + 1}-${top + shown} of ${total}, j/k scroll` : '';
  const legend = groups.some((g) => g.entries.some((e) => e.disabled !== undefined)) ? `   ${DISABLED_LEGEND}` : '';
  const rows = Array.from({ length: shown }, (_, r) =>
    columns.map((c) => c[top + r] ?? { text: ' '.repeat(columnWidth), heading: false }),
  );
  return (
    <Box
      flexDirection="column"
      borderStyle="round"
      borderColor={theme.accent}
      width={width}
      height={Math.min(height, shown + 3)}
      paddingX={1}
    >
      <Text bold wrap="truncate">
        {padCell(`${title}${more}   Esc closes${legend}`, inner)}
      </Text>
      {rows.map((cells, i) => (
        <Text key={top + i} wrap="truncate">
          {cells.map((l, j) => (
            <Text key={j} bold={l.heading} color={l.heading ? theme.accent : l.disabled ? theme.dim : undefined}>
              {(j > 0 ? ' '.repeat(GAP) : '') + l.text}
            </Text>
          ))}
        </Text>
      ))}
    </Box>
  );
}
