// The Swap screen (tab 2): pick the tokens by symbol, name or mint, the amount (with the wallet's
// balance and max), mode, slippage and the advanced quote parameters; a live quote with its route;
// s swaps through the order group, b through the swap group, i shows the instructions. Arriving
// here never starts editing: Enter or e edits the selected field, Enter keeps the edit, Esc restores the value from before it.
import { Box, Text } from 'ink';
import { useMemo } from 'react';
import { DetailPane } from '../../components/detail/DetailPane.js';
import { EDITING_HELP } from '../../components/form/useFormEditing.js';
import { padCell } from '../../components/base/text.js';
import { useTheme } from '../../components/base/theme.js';
import { usePick } from '../../components/base/usePick.js';
import { signingBlocked } from '../../src/actions/run.js';
import { checkForm, liveQuoteKey, orderAsked } from '../../src/actions/swapRequest.js';
import { formGeneration, formPath, knownTokens, maxAmountText } from '../../src/actions/swapFlow.js';
import { NATIVE_MINT } from '../../src/chain/mints.js';
import type { SwapState } from '../../src/store/swap.js';
import { useCatalog, useNow } from '../shared/context.js';
import { useResourceState } from '../shared/pollState.js';
import type { ScreenProps } from '../shared/types.js';
import { visibleFields } from './fields.js';
import { advancedLine, swapNotes } from './formText.js';
import { FormView, formWindow } from './FormView.js';
import { instructionSections } from './instructions.js';
import { SWAP_SCREEN } from './keys.js';
import { Panel } from './Panel.js';
import { panelLines } from './panelLines.js';
import { useSwapFields } from './useSwapFields.js';
import { useSwapKeys } from './useSwapKeys.js';
import { useSwapLoading } from './useSwapLoading.js';

/** The fewest lines the quote pane keeps under the form. */
const MIN_PANEL_LINES = 4;

export function SwapScreen({ store: swap, services: s, width, height }: ScreenProps<SwapState>) {
  const theme = useTheme();
  const now = useNow();
  const st = usePick(swap, [
    'form',
    'advanced',
    'balances',
    'balanceError',
    'quote',
    'running',
    'outcome',
    'instructions',
    'instructionsOpen',
  ]);
  const { form, advanced, running, instructions, instructionsOpen } = st;
  const tokensMap = useCatalog((c) => c.latest);
  const universe = useMemo(() => knownTokens(s), [s, tokensMap]); // eslint-disable-line react-hooks/exhaustive-deps -- the catalog changes under s when tokensMap does
  // what is known of the service's generation changes with the first quote: read at each render
  const gen = formGeneration(s);
  const check = useMemo(
    () => checkForm(form, universe, s.wallet?.address, gen),
    [form, universe, s, gen.generation, gen.v1Why], // eslint-disable-line react-hooks/exhaustive-deps -- gen is a fresh object each render; its fields are the dependency
  );
  const fields = visibleFields(advanced);
  const modal = Boolean(running) || instructionsOpen;
  const f = useSwapFields(s, swap, fields, { height, keysActive: !modal });
  useSwapLoading(s, swap, f, { form, inputMint: check.input?.id, outputMint: check.output?.id, running });
  useSwapKeys(s, swap, fields, f, !f.editing() && !running);
  const { poll } = useResourceState(SWAP_SCREEN, 'quote');
  const path = formPath(s, form);
  // The quote shown must answer the form as it is now (not one still settling).
  const wantedQuote = check.params ? liveQuoteKey(path.via, check.params, orderAsked(check)) : undefined;

  if (instructionsOpen && instructions) {
    return (
      <Box flexDirection="column" height={height}>
        <Text color={theme.accent} bold>
          {padCell('Swap instructions (Esc closes)', width)}
        </Text>
        <DetailPane
          sections={instructionSections(instructions.response, universe)}
          width={width}
          height={Math.max(1, height - 1)}
          active
        />
      </Box>
    );
  }

  const wallet = s.wallet?.address;
  const notes = swapNotes(st, check, {
    max: maxAmountText(swap, check),
    wallet,
    quoteKey: wantedQuote,
    solUsd: tokensMap[NATIVE_MINT]?.usdPrice,
  });
  // the quote keeps at least a few lines: a form taller than the rest scrolls with the focus
  const shown = formWindow(
    { fields, form, notes, errors: check.errors, width, focused: f.focus() },
    height - 2 - MIN_PANEL_LINES,
  );
  const advSummary = advancedLine(advanced, check, wallet, { ...shown, total: fields.length });
  const editing = f.editing();
  // while a field is edited a line says how editing goes; otherwise the footer's keys are enough
  const panelHeight = Math.max(1, height - (shown.lines + 1) - (editing ? 1 : 0));
  const lines = panelLines({
    suggestions: f.suggestFor(),
    suggestion: f.suggestion(),
    running,
    outcome: st.outcome,
    check,
    path,
    ...(gen.generation ? { generation: gen.generation } : {}),
    quote: st.quote,
    quoteKey: wantedQuote,
    poll,
    now,
    tokens: tokensMap,
    blocked: signingBlocked(s),
    height: panelHeight,
  });
  return (
    <Box flexDirection="column" height={height} width={width}>
      <FormView
        fields={fields}
        window={shown}
        form={form}
        focused={f.focus()}
        editing={editing}
        line={editing ? f.currentLine() : undefined}
        notes={notes}
        errors={check.errors}
        onChange={f.setField}
        width={width}
      />
      <Text color={advSummary.startsWith('⚠') ? theme.danger : theme.dim}>{padCell('  ' + advSummary, width)}</Text>
      <Panel lines={lines} width={width} height={panelHeight} />
      {editing ? <Text color={theme.dim}>{padCell(EDITING_HELP, width)}</Text> : null}
    </Box>
  );
}
