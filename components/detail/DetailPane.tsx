// A scrollable key/value list in sections, for showing every field a resource returned.
import { Box, Text } from 'ink';
import { useMemo } from 'react';
import { normalizeKey } from '../keys/normalizeKey.js';
import { useKeyLayer } from '../keys/KeyRouter.js';
import type { KeyLayer } from '../keys/dispatcher.js';
import { scrollByKey } from '../base/scroll.js';
import { padCell, textWidth, wrapText } from '../base/text.js';
import { useTheme } from '../base/theme.js';
import { useRefState } from '../base/useRefState.js';

export interface DetailEntry {
  key: string;
  value: string;
}

export interface DetailSection {
  title: string;
  entries: DetailEntry[];
}

export interface DetailPaneProps {
  sections: DetailSection[];
  width: number;
  height: number;
  /** while active, j/k, PgUp/PgDn and g/G scroll (a 'screen' layer above the screen's own); other keys pass on */
  active: boolean;
  /** the key layer the scroll keys are taken in: 'modal' when the pane sits in a modal view (whose
   * own handler, mounted earlier, then gets the keys the pane leaves) */
  layer?: KeyLayer;
}

/**
 * Every leaf of a JSON value as dotted keys: { a: { b: 1 }, c: [2] } -> a.b = 1, c[0] = 2.
 * null and absent values show as "—", empty objects and arrays as {} and [].
 */
/** What a missing value (null, absent) shows as, everywhere. */
export const MISSING = '—';

export function flattenFields(value: unknown, prefix = ''): DetailEntry[] {
  if (value === null || value === undefined) return [{ key: prefix || '(value)', value: MISSING }];
  if (Array.isArray(value)) {
    if (value.length === 0) return [{ key: prefix || '(value)', value: '[]' }];
    return value.flatMap((v, i) => flattenFields(v, `${prefix}[${i}]`));
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0) return [{ key: prefix || '(value)', value: '{}' }];
    return entries.flatMap(([k, v]) => flattenFields(v, prefix ? `${prefix}.${k}` : k));
  }
  return [{ key: prefix || '(value)', value: String(value) }];
}

export interface DetailLine {
  text: string;
  kind: 'heading' | 'entry' | 'blank';
}

/** The pane's lines at `width`: section headings, then "key  value" rows; long values wrap under themselves. */
export function detailLines(sections: DetailSection[], width: number): DetailLine[] {
  const keyWidth = Math.min(
    Math.floor(width / 2),
    Math.max(4, ...sections.flatMap((s) => s.entries.map((e) => textWidth(e.key)))),
  );
  const valueWidth = Math.max(1, width - keyWidth - 2);
  const out: DetailLine[] = [];
  for (const s of sections) {
    if (out.length) out.push({ text: ' '.repeat(width), kind: 'blank' });
    out.push({ text: padCell(s.title, width), kind: 'heading' });
    for (const e of s.entries) {
      const parts = wrapText(e.value, valueWidth);
      parts.forEach((p, i) => {
        const k = i === 0 ? padCell(e.key, keyWidth) : ' '.repeat(keyWidth);
        out.push({ text: padCell(`${k}  ${p}`, width), kind: 'entry' });
      });
    }
  }
  return out;
}

/** Sections of aligned key/value rows, windowed to `height` with a position line when it scrolls. */
export function DetailPane({ sections, width, height, active, layer = 'screen' }: DetailPaneProps) {
  const theme = useTheme();
  const lines = useMemo(() => detailLines(sections, width), [sections, width]);
  const scrolls = lines.length > height;
  const body = Math.max(1, scrolls ? height - 1 : height);
  const [offset, setOffset] = useRefState(0);
  useKeyLayer(
    layer,
    (input, key) => {
      const next = scrollByKey(normalizeKey(input, key), offset(), lines.length, body);
      if (next === undefined) return false;
      setOffset(next);
      return true;
    },
    active,
  );
  const top = Math.min(offset(), Math.max(0, lines.length - body));
  const visible = lines.slice(top, top + body);
  return (
    <Box flexDirection="column" width={width}>
      {visible.map((l, i) => (
        <Text
          key={top + i}
          bold={l.kind === 'heading'}
          color={l.kind === 'heading' ? theme.accent : undefined}
          wrap="truncate"
        >
          {l.text}
        </Text>
      ))}
      {scrolls ? (
        <Text color={theme.dim} wrap="truncate">
          {padCell(`lines ${top + 1}-${top + visible.length} of ${lines.length}  j/k PgUp/PgDn g/G`, width)}
        </Text>
      ) : null}
    </Box>
  );
}
