// A screen not built yet: a short plain text of what it will hold.
import { Box, Text } from 'ink';
import React from 'react';
import { wrapText } from '../components/text.js';
import { useTheme } from '../components/theme.js';

export interface PlaceholderProps {
  width: number;
  height: number;
}

/** A screen component that says what the screen will hold. */
export function placeholderScreen(title: string, text: string): (props: PlaceholderProps) => React.ReactElement {
  function Placeholder({ width, height }: PlaceholderProps) {
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
  Placeholder.displayName = `Placeholder(${title})`;
  return Placeholder;
}
