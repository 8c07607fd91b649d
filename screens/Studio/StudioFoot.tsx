// The foot of the Studio screen: what an action is doing or did (wrapped, never cut: a Ledger's
// line carries the hash to compare with its screen), then the keys of the view shown.
import { Box, Text } from 'ink';
import type { StoreApi } from 'zustand/vanilla';
import { EDITING_HELP } from '../../components/form/useFormEditing.js';
import { padCell, wrapText } from '../../components/base/text.js';
import { useTheme } from '../../components/base/theme.js';
import { usePick } from '../../components/base/usePick.js';
import { signingBlocked } from '../../src/actions/run.js';
import type { Services } from '../../src/services/index.js';
import type { StudioState } from '../../src/studio/store.js';

type Tone = 'ok' | 'bad' | 'dim' | undefined;

/** The lines above the keys line: the action running, its outcome, or why the pools did not load. */
export function studioPanel(st: Pick<StudioState, 'running' | 'outcome' | 'poolsError' | 'view'>, width: number) {
  const panel: Array<{ text: string; tone?: Tone }> = [];
  if (st.running) for (const l of wrapText(st.running, width).slice(0, 4)) panel.push({ text: l, tone: 'dim' });
  else if (st.outcome) {
    panel.push({ text: st.outcome.title, tone: st.outcome.ok ? 'ok' : 'bad' });
    for (const l of st.outcome.lines.slice(0, 4)) panel.push({ text: l, tone: 'dim' });
  } else if (st.poolsError && st.view === 'list') panel.push({ text: st.poolsError, tone: 'bad' });
  return panel;
}

export function StudioFoot(p: {
  store: StoreApi<StudioState>;
  services: Services;
  editing: boolean;
  width: number;
  room: number;
}) {
  const theme = useTheme();
  const st = usePick(p.store, ['running', 'outcome', 'poolsError', 'view']);
  const blocked = signingBlocked(p.services, 'rpc');
  const help = blocked
    ? `Signing disabled: ${blocked}`
    : p.editing
      ? EDITING_HELP
      : st.view === 'create'
        ? 'Enter/e edit · s launch (confirm first) · Esc back to the pools'
        : st.view === 'claim'
          ? 'Enter/e edit · m max · s claim (confirm first) · Esc back'
          : 'n new pool · c claim fees · j/k select · r refresh · Esc clear';
  const tone = (t: Tone) => (t === 'ok' ? theme.ok : t === 'bad' ? theme.danger : t === 'dim' ? theme.dim : undefined);
  return (
    <Box flexDirection="column">
      {studioPanel(st, p.width)
        .slice(0, p.room)
        .map((l, i) => (
          <Text key={i} color={tone(l.tone)} wrap="truncate">
            {padCell(l.text, p.width)}
          </Text>
        ))}
      <Text color={theme.dim} wrap="truncate">
        {padCell(help, p.width)}
      </Text>
    </Box>
  );
}
