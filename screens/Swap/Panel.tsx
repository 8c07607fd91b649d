// The lower half of the Swap screen: token suggestions while typing a token, the running action or
// its outcome, or the live quote with its countdown. Lines are pre-fitted, one <Text> each.
import { Box, Text } from 'ink';
import { padCell, wrapText } from '../../components/base/text.js';
import { useTheme, type Theme } from '../../components/base/theme.js';
import type { PanelLine } from './quoteLines.js';

function color(theme: Theme, tone: PanelLine['tone']): string | undefined {
  switch (tone) {
    case 'warn':
      return theme.warn;
    case 'danger':
      return theme.danger;
    case 'dim':
      return theme.dim;
    case 'ok':
      return theme.ok;
    case 'title':
      return theme.accent;
    case undefined:
      return undefined;
  }
}

export function Panel({ lines, width, height }: { lines: PanelLine[]; width: number; height: number }) {
  const theme = useTheme();
  // Long values (a signature is 88 characters) wrap instead of being cut.
  const wrapped = lines.flatMap((l) =>
    wrapText(l.text, Math.max(1, width - 2)).map((text, i) => ({ ...l, text: i === 0 ? text : `  ${text}` })),
  );
  return (
    <Box flexDirection="column" height={height} width={width}>
      {wrapped.slice(0, Math.max(0, height)).map((l, i) => (
        <Text key={i} color={color(theme, l.tone)} bold={l.tone === 'title'} inverse={l.tone === 'title' && false}>
          {padCell((!theme.color && (l.tone === 'danger' || l.tone === 'warn') ? '! ' : '') + l.text, width)}
        </Text>
      ))}
    </Box>
  );
}
