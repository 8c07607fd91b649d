// The notifications log, opened with N from any screen: fills, expiries and alerts seen this
// session, newest first, with when and from where; the list keys scroll it, Esc or N closes, ?
// lists its keys (keys.ts). The mode line says how new ones are told (:notify off|bell|desktop
// changes it).
import { Box, Text } from 'ink';
import { useMemo, useState } from 'react';
import { HelpOverlay } from '../../components/chrome/HelpOverlay.js';
import { useListView } from '../../components/list/useListView.js';
import { padCell } from '../../components/base/text.js';
import { useTheme } from '../../components/base/theme.js';
import { formatAge } from '../../src/text/duration.js';
import { usePick } from '../../components/base/usePick.js';
import { plural } from '../../src/text/format.js';
import { overlayHints, useOverlayKeys, type OverlayProps } from '../shared/overlay.js';
import { NOTIFICATIONS_KEYS } from './keys.js';

const MODE_TEXT = { off: 'log only', bell: 'flash + bell', desktop: 'flash + bell + desktop' };

export function NotificationsView({ s, width, height, now }: OverlayProps) {
  const theme = useTheme();
  const store = s.notifications;
  const { items, mode } = usePick(store, ['items', 'mode']);
  const [help, setHelp] = useState(false);
  const body = Math.max(1, height - 3);
  const newest = useMemo(() => [...items].reverse(), [items]);
  const close = () => store.getState().setOpen(false);
  const log = useListView({
    rows: newest,
    getKey: (n) => `${n.at} ${n.source} ${n.text}`,
    scroll: () => body,
    back: [() => (close(), true)],
  });
  useOverlayKeys(NOTIFICATIONS_KEYS, { ...log.moves, back: log.keys.back, close, help: () => setHelp(true) });
  if (help) {
    const entries = NOTIFICATIONS_KEYS.keymap.helpFor(NOTIFICATIONS_KEYS.scope).flatMap((g) => g.entries);
    return (
      <HelpOverlay
        title="Keys"
        groups={[{ title: 'Notifications', entries }]}
        width={width}
        height={height}
        onClose={() => setHelp(false)}
      />
    );
  }
  const { top: first, shown } = log.window(body);
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
        <Text key={first + i} wrap="truncate">
          {padCell(`${formatAge(now - n.at).padStart(4)} ago  ${n.source.padEnd(8)} ${n.text}`, width)}
        </Text>
      ))}
      <Box flexGrow={1} />
      <Text color={theme.dim}>{padCell(`${overlayHints(NOTIFICATIONS_KEYS)} · :notify off|bell|desktop`, width)}</Text>
    </Box>
  );
}
