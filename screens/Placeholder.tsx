// A screen not built yet: a short plain text of what it will hold.
import { Box, Text } from 'ink';
import { wrapText } from '../components/text.js';
import { useTheme } from '../components/theme.js';
import type { ScreenModule } from './shell/types.js';
import { createStore } from 'zustand/vanilla';

/** A screen module that says what the screen will hold. */
export function placeholderScreen(id: string, title: string, key: string, text: string): ScreenModule<object> {
  function Placeholder({ width, height }: { width: number; height: number }) {
    const theme = useTheme();
    const lines = [title, '', ...wrapText(text, Math.max(10, width - 2)), '', 'Not built yet.'].slice(0, Math.max(1, height));
    return (
      <Box flexDirection="column" height={height} paddingLeft={1}>
        {lines.map((l, i) => (
          <Text key={i} bold={i === 0} color={i === lines.length - 1 ? theme.dim : undefined} wrap="truncate">
            {l === '' ? ' ' : l}
          </Text>
        ))}
      </Box>
    );
  }
  return { id, title, key, createStore: () => createStore(() => ({})), resources: [], keys: [], commands: [], Component: Placeholder };
}
