// The `?` overlay: every binding of the current scope and the globals, read from the keymap.
import { Box, Text } from 'ink';
import React from 'react';
import { normalizeKey } from './keys/normalizeKey.js';
import { useKeyLayer } from './keys/KeyRouter.js';
import type { Keymap } from './keys/keymap.js';
import { scrollByKey } from './scroll.js';
import { padCell } from './text.js';
import { useTheme } from './theme.js';
import { useRefState } from './useRefState.js';

export interface HelpOverlayProps {
  keymap: Keymap;
  scope: string;
  /** a title per scope id, e.g. { tokens: 'Tokens', global: 'Everywhere' } */
  scopeTitles?: Record<string, string>;
  width: number;
  /** lines available, border included */
  height: number;
  onClose: () => void;
}

export interface HelpLine {
  text: string;
  heading: boolean;
}

/** The overlay's lines: a heading per group, then "keys  description" rows with aligned keys. */
export function helpLines(keymap: Keymap, scope: string, width: number, titles: Record<string, string> = {}): HelpLine[] {
  const groups = keymap.helpFor(scope);
  const keyWidth = Math.min(14, Math.max(4, ...groups.flatMap((g) => g.entries.map((e) => e.keys.length))));
  const out: HelpLine[] = [];
  for (const g of groups) {
    if (out.length) out.push({ text: ' '.repeat(width), heading: false });
    out.push({ text: padCell(titles[g.title] ?? g.title, width), heading: true });
    for (const e of g.entries) out.push({ text: padCell(`  ${padCell(e.keys, keyWidth)}  ${e.description}`, width), heading: false });
  }
  return out;
}

/** A bordered modal; j/k, PgUp/PgDn, g/G scroll when taller than the screen; Esc, ? or q close it. */
export function HelpOverlay({ keymap, scope, scopeTitles, width, height, onClose }: HelpOverlayProps) {
  const theme = useTheme();
  const inner = Math.max(1, width - 4);
  const lines = helpLines(keymap, scope, inner, scopeTitles);
  const bodyHeight = Math.max(1, height - 3);
  const [offset, setOffset] = useRefState(0);

  useKeyLayer('modal', (input, key) => {
    const name = normalizeKey(input, key);
    if (name === 'escape' || name === '?' || name === 'q') {
      onClose();
      return true;
    }
    const next = scrollByKey(name, offset(), lines.length, bodyHeight);
    if (next !== undefined) setOffset(next);
    return true;
  });

  const top = Math.min(offset(), Math.max(0, lines.length - bodyHeight));
  const visible = lines.slice(top, top + bodyHeight);
  const more = lines.length > bodyHeight ? ` ${top + 1}-${top + visible.length}/${lines.length} j/k scroll` : '';
  return (
    <Box flexDirection="column" borderStyle="round" borderColor={theme.accent} width={width} height={Math.min(height, visible.length + 3)} paddingX={1}>
      <Text bold wrap="truncate">
        {padCell(`Keys${more}   Esc close`, inner)}
      </Text>
      {visible.map((l, i) => (
        <Text key={top + i} bold={l.heading} color={l.heading ? theme.accent : undefined} wrap="truncate">
          {l.text}
        </Text>
      ))}
    </Box>
  );
}
