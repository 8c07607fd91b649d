// One line of the Portfolio screen in its tone (a warning, a gain, a loss, dim, a heading).
import { Text } from 'ink';
import type { Theme } from '../../components/base/theme.js';
import type { Line, Tone } from './lines.js';

function toneProps(theme: Theme, tone: Tone | undefined): { color?: string; bold?: boolean; dimColor?: boolean } {
  switch (tone) {
    case 'warn':
      return { color: theme.warn, bold: !theme.color };
    case 'up':
      return { color: theme.up };
    case 'down':
      return { color: theme.down };
    case 'dim':
      return { color: theme.dim };
    case 'accent':
      return { color: theme.accent, bold: true };
    case 'bold':
      return { bold: true };
    case undefined:
      return {};
  }
}

export function LineText({ l, theme }: { l: Line; theme: Theme }) {
  return (
    <Text wrap="truncate" {...toneProps(theme, l.tone)}>
      {l.text}
    </Text>
  );
}
