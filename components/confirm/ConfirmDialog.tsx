// The confirmation modal in front of every signing action. Cancel is the default.
import { Box, Text } from 'ink';
import { normalizeKey } from '../keys/normalizeKey.js';
import { useKeyLayer } from '../keys/KeyRouter.js';
import { dialogBody, warningLines, type SummaryLine } from './layout.js';
import { applyLineKey, emptyLine, type LineState } from '../fields/lineEdit.js';
import { LineView } from '../fields/LineView.js';
import { padCell, textWidth, truncate } from '../base/text.js';
import { useTheme, type Theme } from '../base/theme.js';
import { useRefState } from '../base/useRefState.js';
import { scrollByKey } from '../base/scroll.js';

export type { SummaryLine } from './layout.js';

export interface ConfirmDialogProps {
  title: string;
  /** the what-will-happen lines, e.g. { label: 'You pay', value: '1.5 SOL' }; emphasis colours the value */
  summary: SummaryLine[];
  /** secondary lines (programs, fee payer, route); dropped first when space is short */
  facts?: string[];
  /** always shown */
  warnings?: string[];
  confirmLabel?: string;
  cancelLabel?: string;
  /** when set (e.g. 'yes'), `y` does not confirm: this word must be typed, then Enter */
  typedConfirmation?: string;
  /** a live line above the buttons, e.g. the quote's age ticking */
  status?: string;
  onConfirm: () => void;
  onCancel: () => void;
  width: number;
  height: number;
}

type Focus = 'cancel' | 'confirm';

interface DialogState {
  focus: Focus;
  typed: LineState;
  message: string;
  decided: boolean;
  /** first body line shown */
  offset: number;
}

/**
 * Every line of the body, scrolled when taller than the room: nothing is cut, and a dialog is
 * confirmed only once its last line has been on screen. `room`: the lines left beside the fixed ones.
 */
function dialogParts(
  p: Pick<ConfirmDialogProps, 'title' | 'summary' | 'facts' | 'warnings'>,
  inner: number,
  room: number,
  plain: boolean,
) {
  const warnings = p.warnings ?? [];
  // Warnings stay on screen below the scrolled part, unless that leaves too little room for it (a
  // small terminal): then they scroll with the rest, and are read before y like every line.
  const warned = warningLines(warnings, inner);
  const pinnedFits = room - warned.length >= 2;
  const pinned = pinnedFits ? warned : [];
  const lines = dialogBody(
    p.title,
    p.summary,
    p.facts ?? [],
    pinnedFits ? [] : warnings,
    inner,
    Number.MAX_SAFE_INTEGER,
    plain,
  );
  // The title (what is signed) stays at the top while the rest scrolls under it, room permitting.
  const titleLines = lines.findIndex((l) => l.tone !== 'title');
  const headCount = titleLines < 0 ? lines.length : titleLines;
  const titleFits = room - pinned.length - headCount >= 2;
  const head = titleFits ? lines.slice(0, headCount) : [];
  return {
    head,
    all: titleFits ? lines.slice(headCount) : lines,
    pinned,
    room: Math.max(1, room - pinned.length - head.length),
  };
}

/** Cancel and Confirm on one line (narrower padding, then the confirm label cut, on a narrow terminal), and the keys. */
function DialogButtons(p: {
  cancelLabel: string;
  confirmLabel: string;
  focus: Focus;
  typedConfirmation?: string;
  inner: number;
}) {
  const theme = useTheme();
  const { cancelLabel, inner, typedConfirmation } = p;
  const roomy = textWidth(cancelLabel) + textWidth(p.confirmLabel) + 10 <= inner;
  const confirmText = roomy
    ? p.confirmLabel
    : truncate(p.confirmLabel, Math.max(1, inner - 5 - textWidth(cancelLabel)));
  const button = (label: string, focused: boolean, danger: boolean) => {
    const text = roomy
      ? focused && !theme.color
        ? `> ${label} <`
        : `  ${label}  `
      : focused && !theme.color
        ? `>${label}<`
        : ` ${label} `;
    return (
      <Text inverse={focused} bold={focused} color={danger ? theme.danger : undefined}>
        {text}
      </Text>
    );
  };
  const help = typedConfirmation
    ? `type ${typedConfirmation} + Enter confirm · Esc cancel · Tab switch`
    : 'y confirm · n/Esc cancel · Tab switch · Enter choose';
  return (
    <>
      <Text wrap="truncate">
        {button(cancelLabel, p.focus === 'cancel', false)}
        {roomy ? '  ' : ' '}
        {button(confirmText, p.focus === 'confirm', true)}
      </Text>
      <Text color={theme.dim} wrap="truncate">
        {padCell(help, inner)}
      </Text>
    </>
  );
}

function toneColor(theme: Theme, tone?: string): string | undefined {
  return tone === 'warn'
    ? theme.warn
    : tone === 'danger'
      ? theme.danger
      : tone === 'dim'
        ? theme.dim
        : tone === 'title'
          ? theme.accent
          : undefined;
}

/**
 * A modal: `y` confirms, `n` or Esc cancels, Tab/arrows move focus between Cancel and Confirm,
 * Enter activates the focused button (Cancel at first). With typedConfirmation, letters go to the
 * field and only the exact word + Enter confirms. Decides once; keys after the decision are ignored.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { typedConfirmation, onConfirm, onCancel, width, height } = props;
  const confirmLabel = props.confirmLabel ?? 'Confirm';
  const cancelLabel = props.cancelLabel ?? 'Cancel';
  const theme = useTheme();
  const [state, setState] = useRefState<DialogState>({
    focus: 'cancel',
    typed: emptyLine,
    message: '',
    decided: false,
    offset: 0,
  });
  const update = (patch: Partial<DialogState>) => setState({ ...state(), ...patch });

  const boxWidth = Math.max(20, Math.min(width, 100));
  const inner = boxWidth - 4;
  const fixed = 2 + 1 + 1 + (typedConfirmation ? 1 : 0) + (props.status ? 1 : 0) + (state().message ? 1 : 0) + 1;
  const { head, all, pinned, room } = dialogParts(props, inner, height - fixed, !theme.color);
  const maxOffset = Math.max(0, all.length - room);
  const below = (offset: number) => Math.max(0, all.length - room - offset);

  const decide = (ok: boolean) => {
    update({ decided: true });
    if (ok) onConfirm();
    else onCancel();
  };

  useKeyLayer('modal', (input, key) => {
    const s = state();
    if (s.decided) return true;
    const name = normalizeKey(input, key);
    if (name === 'escape') {
      decide(false);
      return true;
    }
    if (
      name === 'tab' ||
      name === 'shift+tab' ||
      (!typedConfirmation && (name === 'left' || name === 'right' || name === 'h' || name === 'l'))
    ) {
      update({ focus: s.focus === 'cancel' ? 'confirm' : 'cancel', message: '' });
      return true;
    }
    const scroll = scrollByKey(typedConfirmation && name.length === 1 ? '' : name, s.offset, all.length, room);
    if (scroll !== undefined && name !== 'space') {
      update({ offset: Math.min(maxOffset, scroll), message: '' });
      return true;
    }
    const hidden = below(s.offset);
    // the line above the buttons counts what is below: this says only what to do
    const unseen = () =>
      update({ message: `Read to the end first: ${typedConfirmation ? '↓ or PgDn' : 'j or PgDn'} scrolls.` });
    if (typedConfirmation) {
      const word = typedConfirmation;
      if (name === 'enter') {
        if (s.typed.text.trim() === word && hidden > 0) unseen();
        else if (s.typed.text.trim() === word) decide(true);
        else if (s.typed.text === '' && s.focus === 'cancel') decide(false);
        else update({ message: `Type "${word}" exactly, then Enter, to confirm.` });
        return true;
      }
      const next = applyLineKey(s.typed, name, input);
      if (next) update({ typed: next, message: '' });
      return true;
    }
    const confirming = name === 'y' || name === 'Y' || (name === 'enter' && s.focus === 'confirm');
    if (confirming && hidden > 0) unseen();
    else if (confirming) decide(true);
    else if (name === 'n' || name === 'N' || name === 'enter') decide(false);
    return true;
  });

  const s = state();
  const offset = Math.min(s.offset, maxOffset);
  const hidden = below(offset);
  const body = all.slice(offset, offset + room);
  // with a word to type, letters go to it: only PgDn and ↓ scroll (j would be typed)
  const scrollHint = typedConfirmation
    ? `(↓/PgDn): read them before ${typedConfirmation}`
    : '(j/PgDn): read them before y';
  const more =
    all.length > room
      ? `lines ${offset + 1}-${offset + body.length} of ${all.length}${hidden ? ` · ${hidden} more below ${scrollHint}` : ''}`
      : '';
  return (
    <Box flexDirection="column" borderStyle="round" borderColor={theme.warn} width={boxWidth} paddingX={1}>
      {head.map((l, i) => (
        <Text key={`t${i}`} color={toneColor(theme, l.tone)} bold wrap="truncate">
          {l.text}
        </Text>
      ))}
      {body.map((l, i) => (
        <Text key={i} color={toneColor(theme, l.tone)} bold={l.tone === 'title'} wrap="truncate">
          {l.text}
        </Text>
      ))}
      {typedConfirmation ? (
        <Box>
          <Text>{`Type ${typedConfirmation} to confirm: `}</Text>
          <LineView line={s.typed} width={Math.max(1, inner - typedConfirmation.length - 19)} focus />
        </Box>
      ) : null}
      {more ? (
        <Text color={hidden ? theme.warn : theme.dim} wrap="truncate">
          {padCell(more, inner)}
        </Text>
      ) : null}
      {pinned.map((l, i) => (
        <Text key={`w${i}`} color={theme.warn} wrap="truncate">
          {l.text}
        </Text>
      ))}
      {props.status ? (
        <Text color={theme.dim} wrap="truncate">
          {padCell(props.status, inner)}
        </Text>
      ) : null}
      {s.message ? (
        <Text color={theme.danger} wrap="truncate">
          {padCell(s.message, inner)}
        </Text>
      ) : null}
      <DialogButtons
        cancelLabel={cancelLabel}
        confirmLabel={confirmLabel}
        focus={s.focus}
        typedConfirmation={typedConfirmation}
        inner={inner}
      />
    </Box>
  );
}
