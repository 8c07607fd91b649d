// The notifications log, opened with N from any screen: fills, expiries and alerts seen this
// session, newest first, with when and from where; j/k scroll, Esc or N closes. The mode line says
// how new ones are told (:notify off|bell|desktop changes it).
import { Box, Text } from 'ink';
import { useStore } from 'zustand';
import { normalizeKey, useKeyLayer } from '../../components/keys/index.js';
import { scrollByKey } from '../../components/scroll.js';
import { padCell } from '../../components/text.js';
import { useTheme } from '../../components/theme.js';
import { useRefState } from '../../components/useRefState.js';
import { plural } from '../../src/format.js';
import type { NotificationsStore } from '../../src/store/notifications.js';
import { formatAge } from '../../src/duration.js';

const MODE_TEXT = { off: 'log only', bell: 'flash + bell', desktop: 'flash + bell + desktop' };

export function NotificationsView({
  store,
  width,
  height,
  now,
}: {
  store: NotificationsStore;
  width: number;
  height: number;
  now: number;
}) {
  const theme = useTheme();
  const items = useStore(store, (s) => s.items);
  const mode = useStore(store, (s) => s.mode);
  const [offset, setOffset] = useRefState(0);
  const body = Math.max(1, height - 3);
  const newest = [...items].reverse();
  useKeyLayer('modal', (input, key) => {
    const name = normalizeKey(input, key);
    if (name === 'escape' || name === 'N' || name === 'q') return (store.getState().setOpen(false), true);
    const next = scrollByKey(name, offset(), newest.length, body);
    if (next !== undefined) setOffset(next);
    return true;
  });
  const top = Math.min(offset(), Math.max(0, newest.length - body));
  const shown = newest.slice(top, top + body);
  return (
    <Box flexDirection="column" height={height} width={width}>
      <Text color={theme.accent} bold>
        {padCell(
          `Notifications: ${plural(items.length, 'entry', 'entries')} this session · new ones: ${MODE_TEXT[mode]}`,
          width,
        )}
      </Text>
      {shown.length === 0 ? (
        <Text color={theme.dim}>{padCell('Nothing yet: fills, expiries and alerts land here.', width)}</Text>
      ) : null}
      {shown.map((n, i) => (
        <Text key={top + i} wrap="truncate">
          {padCell(`${formatAge(now - n.at).padStart(4)} ago  ${n.source.padEnd(8)} ${n.text}`, width)}
        </Text>
      ))}
      <Box flexGrow={1} />
      <Text color={theme.dim}>{padCell('j/k scroll · :notify off|bell|desktop · Esc or N closes', width)}</Text>
    </Box>
  );
}
