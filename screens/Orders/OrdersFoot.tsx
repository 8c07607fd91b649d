// The lines under the Orders table: the selected order said whole, what a signing action is doing
// or did, the filter line while it is edited, and the keys that work here and now.
import { Box, Text } from 'ink';
import { PromptLine } from '../../components/fields/PromptLine.js';
import type { LineState } from '../../components/fields/lineEdit.js';
import { padCell } from '../../components/base/text.js';
import { useTheme } from '../../components/base/theme.js';
import { usePick } from '../../components/base/usePick.js';
import type { OrdersStore } from '../../src/orders/store.js';
import { useShell } from '../shared/context.js';
import { ORDERS_SCREEN } from './keys.js';
import { ordersKeyLine } from './keyLine.js';
import type { PanelLine, Tone } from './ordersText.js';

export interface OrdersFootProps {
  store: OrdersStore;
  summary: readonly string[];
  panel: readonly PanelLine[];
  /** the filter line while it is edited */
  editing: LineState | null;
  /** the key line (the form has its own) */
  hintShown: boolean;
  rows: number;
  width: number;
}

export function OrdersFoot({ store, summary, panel, editing, hintShown, rows, width }: OrdersFootProps) {
  const theme = useTheme();
  const { keymap } = useShell();
  const { tab, view, marked } = usePick(store, ['tab', 'view', 'marked']);
  const toneColor = (t?: Tone) =>
    t === 'ok' ? theme.ok : t === 'bad' ? theme.danger : t === 'dim' ? theme.dim : undefined;
  const blocked = keymap.bindingFor(ORDERS_SCREEN, 'x')?.disabled?.();
  const hint = editing
    ? 'filter: SOL (sold), >USDC (bought), SOL>USDC · Enter apply · Esc cancel'
    : blocked
      ? `Signing disabled: ${blocked}`
      : ordersKeyLine({ tab, view, rows, marked: marked.length });
  return (
    <Box flexDirection="column">
      {summary.map((l, i) => (
        <Text key={`s${i}`} wrap="truncate">
          {padCell(l, width)}
        </Text>
      ))}
      {panel.map((l, i) => (
        <Text key={i} color={toneColor(l.tone)} wrap="truncate">
          {padCell(l.text, width)}
        </Text>
      ))}
      {editing ? <PromptLine label="f " line={editing} width={width} focus /> : null}
      {hintShown ? (
        <Text color={theme.dim} wrap="truncate">
          {padCell(hint, width)}
        </Text>
      ) : null}
    </Box>
  );
}
