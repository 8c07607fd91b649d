// The Swap screen (tab 2): pick the tokens by symbol, name or mint, the amount (with the wallet's
// balance and max), mode, slippage and the advanced quote parameters; a live quote with its route;
// s swaps through the order group, b through the swap group, i shows the instructions. Arriving
// here never starts editing: Enter or e edits the selected field, Enter keeps the edit, Esc restores the value from before it.
import { Box, Text } from 'ink';
import { useCallback, useEffect, useMemo } from 'react';
import { useStore } from 'zustand';
import { DetailPane } from '../../components/DetailPane.js';
import { padCell } from '../../components/text.js';
import { useTheme } from '../../components/theme.js';
import { useRefState } from '../../components/useRefState.js';
import { lineAt, type LineState } from '../../components/fields/lineEdit.js';
import { NATIVE_MINT } from '../../src/api/mints.js';
import { signingBlocked } from '../../src/actions/run.js';
import {
  checkForm,
  liveQuoteKey,
  orderAsked,
  shortfall,
  SLIPPAGE_PRESETS,
  tokenRef,
  type FormCheck,
} from '../../src/actions/swapForm.js';
import { shortAddress } from '../../src/format.js';
import {
  catalogEmpty,
  executeSwapForm,
  fetchInstructions,
  flipForm,
  formGeneration,
  formPath,
  knownTokens,
  settledPath,
  loadTokens,
  maxAmountText,
  refreshBalances,
  knowTokens,
} from '../../src/actions/swapFlow.js';
import { matchTokens, resolveToken } from '../../src/resolve.js';
import type { SwapForm, SwapState } from '../../src/store/swap.js';
import { useCatalog, useFlash, useNow, useShell } from '../shell/context.js';
import { useIntent } from '../shell/intents.js';
import { useScreenKeys } from '../shell/keymap.js';
import { useResourceState } from '../shell/polling.js';
import type { ScreenProps } from '../shell/types.js';
import { visibleFields } from './fields.js';
import { FormView, formWindow } from './FormView.js';
import { EDITING_HELP } from '../../components/form/useFormEditing.js';
import { useEditStart } from '../../components/form/useEditStart.js';
import { instructionSections } from './instructions.js';
import { fieldNotes } from './notes.js';
import { Panel } from './Panel.js';
import { panelLines } from './panelLines.js';
import { useFormKeys } from './useFormKeys.js';
import { SWAP_KEYS, SWAP_SCREEN } from './keys.js';

/** With the advanced fields hidden, an output sent elsewhere or a foreign payer is still said under the form. */
function hiddenDestination(check: FormCheck, wallet: string | undefined): string | undefined {
  const native = check.build.nativeDestinationAccount !== wallet ? check.build.nativeDestinationAccount : undefined;
  const away = check.order.receiver ?? native ?? check.build.destinationTokenAccount;
  const parts = [
    ...(away ? [`output goes to ${shortAddress(away)}, NOT your wallet`] : []),
    ...(check.order.payer ? [`fees paid by ${shortAddress(check.order.payer)}`] : []),
  ];
  return parts.length ? `⚠ ${parts.join(' · ')} (a shows the advanced fields)` : undefined;
}

/** The fewest lines the quote pane keeps under the form. */
const MIN_PANEL_LINES = 4;

export function SwapScreen({ store: swap, services: s, width, height }: ScreenProps<SwapState>) {
  const flash = useFlash();
  const theme = useTheme();
  const now = useNow();
  const form = useStore(swap, (st) => st.form);
  const advanced = useStore(swap, (st) => st.advanced);
  const tokensMap = useCatalog((st) => st.latest);
  const balances = useStore(swap, (st) => st.balances);
  const balanceError = useStore(swap, (st) => st.balanceError);
  const quote = useStore(swap, (st) => st.quote);
  const running = useStore(swap, (st) => st.running);
  const outcome = useStore(swap, (st) => st.outcome);
  const instructions = useStore(swap, (st) => st.instructions);
  const instructionsOpen = useStore(swap, (st) => st.instructionsOpen);

  const universe = useMemo(() => knownTokens(s), [s, tokensMap]); // eslint-disable-line react-hooks/exhaustive-deps -- the catalog changes under s when tokensMap does
  // what is known of the service's generation changes with the first quote: read at each render
  const gen = formGeneration(s);
  const check = useMemo(
    () => checkForm(form, universe, s.wallet?.address, gen),
    [form, universe, s, gen.generation, gen.v1Why], // eslint-disable-line react-hooks/exhaustive-deps -- gen is a fresh object each render; its fields are the dependency
  );
  const fields = visibleFields(advanced);
  const firstEmpty = fields.find((f) => String(form[f.key]).trim() === '')?.key;
  const [focus, setFocus] = useRefState<keyof SwapForm>(firstEmpty ?? 'amount');
  const [editing, setEditingState] = useRefState(false);
  // Esc puts back the focused field's value from when its edit began; Enter and Tab keep the edit.
  const start = useEditStart<keyof SwapForm, string | boolean>(
    (key) => swap.getState().form[key],
    (key, value) => setField(key, value),
  );
  const setEditing = useCallback(
    (on: boolean) => {
      if (on) start.begin(focus());
      else start.clear();
      setEditingState(on);
    },
    [start, focus, setEditingState],
  );
  const [suggestion, setSuggestion] = useRefState(0);
  // The edited line (cursor included) of the focused text field; re-read from the form on focus.
  const [line, setLineState] = useRefState<{ key: keyof SwapForm; line: LineState } | null>(null);
  const currentLine = (): LineState => {
    const l = line();
    const k = focus();
    return l && l.key === k ? l.line : lineAt(String(swap.getState().form[k]));
  };
  const field = () => fields.find((f) => f.key === focus()) ?? fields[0];

  // A form asked for by another screen (Tokens' s and S, an alert's s) replaces the token fields.
  useIntent(useShell().navigator, SWAP_SCREEN, ({ form }) => {
    swap.getState().setForm(form);
    swap.getState().setOutcome(undefined);
    setFocus('amount');
    setEditing(false);
  });
  useEffect(() => {
    if (catalogEmpty(s))
      void loadTokens(s).then(
        () => catalogEmpty(s) && flash('error', 'could not load the token list; a mint address still works'),
      );
  }, [s, flash]);
  // A token no list on screen holds is looked up once its field is left (every category list, the
  // service's search; a mint's decimals over RPC), then resolves like any other.
  const editingNow = editing();
  useEffect(() => {
    if (!editingNow) void knowTokens(s, [form.input, form.output]).catch(() => {});
  }, [s, form.input, form.output, editingNow]);
  const inputMint = check.input?.id;
  const outputMint = check.output?.id;
  useEffect(() => {
    void refreshBalances(s, swap, [
      NATIVE_MINT,
      ...(inputMint ? [inputMint] : []),
      ...(outputMint ? [outputMint] : []),
    ]);
  }, [s, swap, inputMint, outputMint]);

  const modal = Boolean(running) || instructionsOpen;
  // An action started (Enter, b, :swap) ends editing: its result is read with the global keys.
  useEffect(() => {
    if (running && editing()) setEditing(false);
  }, [running, editing, setEditing]);
  const { poll } = useResourceState(SWAP_SCREEN, 'quote');
  const path = formPath(s, form);
  // The quote shown must answer the form as it is now (not one still settling).
  const wantedQuote = check.params ? liveQuoteKey(path.via, check.params, orderAsked(check)) : undefined;

  // Read at the moment of each key (several keys can arrive before the next render).
  const suggestFor = () => {
    const fd = field();
    const text = String(swap.getState().form[fd.key]);
    if (!editing() || fd.kind !== 'token' || text.trim() === '') return [];
    const all = knownTokens(s);
    return resolveToken(text, all).ok ? [] : matchTokens(text, all, Math.min(6, Math.max(1, height - 9)));
  };
  const suggestions = suggestFor();
  const setField = (key: keyof SwapForm, value: string | boolean) => {
    swap.getState().setField(key, value as never);
    if (key === 'input' || key === 'output') setSuggestion(0);
    const l = line();
    if (l && l.key === key && l.line.text !== value) setLineState(null);
  };
  const move = (by: 1 | -1) => {
    const i = fields.findIndex((x) => x.key === focus());
    const to = fields[Math.min(fields.length - 1, Math.max(0, i + by))].key;
    setFocus(to);
    setSuggestion(0);
    if (editing()) start.begin(to);
  };
  useFormKeys(
    {
      editing: () => editing(),
      field,
      suggestionCount: () => suggestFor().length,
      moveSuggestion: (by) => setSuggestion(Math.min(suggestFor().length - 1, Math.max(0, suggestion() + by))),
      pickSuggestion: () => {
        const t = suggestFor()[suggestion()];
        if (!t) return;
        const sameSymbol = knownTokens(s).filter((u) => u.symbol.toLowerCase() === t.symbol.toLowerCase()).length > 1;
        setField(focus(), sameSymbol ? t.id : t.symbol);
      },
      move,
      stopEditing: () => setEditing(false),
      cancelEditing: () => {
        start.restore(focus());
        setEditing(false);
      },
      line: currentLine,
      setLine: (next) => {
        setLineState({ key: focus(), line: next });
        setField(focus(), next.text);
      },
    },
    !modal,
  );

  const st = () => swap.getState();
  useScreenKeys(
    { scope: SWAP_SCREEN, keys: SWAP_KEYS, active: !editing() && !running },
    {
      // Behind the instructions view the form cursor stays where it is: the key is left to the
      // view, which scrolls (whichever of the two registered its keys last).
      down: () => !st().instructionsOpen && move(1),
      up: () => !st().instructionsOpen && move(-1),
      top: () => !st().instructionsOpen && setFocus(fields[0].key),
      bottom: () => !st().instructionsOpen && setFocus(fields[fields.length - 1].key),
      edit: () => setEditing(true),
      execute: () => void settledPath(s, swap).then((p) => executeSwapForm(s, swap, p.via)),
      build: () => void executeSwapForm(s, swap, 'swap'),
      instructions: () => void fetchInstructions(s, swap),
      advanced: () => st().setAdvanced(!st().advanced),
      max: () => {
        const max = maxAmountText(swap, checkForm(st().form, knownTokens(s), s.wallet?.address, formGeneration(s)));
        if (max === undefined) return flash('error', 'max: pick the input token first (and wait for its balance)');
        st().setForm({ amount: max, mode: 'ExactIn' });
      },
      flip: () => flash('info', flipForm(s, swap)),
      preset: (_input, key) => {
        if (focus() !== 'slippageBps') return false;
        const now = SLIPPAGE_PRESETS.indexOf(st().form.slippageBps.trim() || 'auto');
        const next =
          SLIPPAGE_PRESETS[(now + (key.leftArrow ? -1 : 1) + SLIPPAGE_PRESETS.length) % SLIPPAGE_PRESETS.length];
        st().setField('slippageBps', next === 'auto' ? '' : next);
      },
      back: () => {
        if (st().instructionsOpen) return st().setInstructionsOpen(false);
        if (st().outcome) return st().setOutcome(undefined);
        return false;
      },
    },
  );

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

  const notes = fieldNotes(
    form,
    check,
    balances,
    maxAmountText(swap, check),
    s.wallet?.address,
    tokensMap[NATIVE_MINT]?.usdPrice,
  );
  // Warned as soon as the amount (or, for ExactOut, the most the quote may take) exceeds the balance.
  const need =
    form.mode === 'ExactIn'
      ? check.amount
      : quote && quote.key === wantedQuote
        ? BigInt(quote.quote.otherAmountThreshold)
        : undefined;
  const short =
    check.input && need !== undefined
      ? shortfall(tokenRef(check.input), need, balances[check.input.id]?.raw, balances[NATIVE_MINT]?.raw)
      : undefined;
  if (short) notes.amount = `⚠ ${short}`;
  if (balanceError && notes.input) notes.input = `${notes.input} · ${balanceError}`;
  // the quote keeps at least a few lines: a form taller than the rest scrolls with the focus
  const shown = formWindow(
    { fields, form, notes, errors: check.errors, width, focused: focus() },
    height - 2 - MIN_PANEL_LINES,
  );
  const scrolled = shown.start > 0 || shown.end < fields.length;
  const advSummary = advanced
    ? `a hides the advanced parameters${scrolled ? ` · fields ${shown.start + 1}-${shown.end} of ${fields.length} (j/k scroll)` : ' (route: quote and b; receiver..tip: s; wrap..bundle: b)'}`
    : (hiddenDestination(check, s.wallet?.address) ??
      'a: advanced parameters (routes, receiver, payer, fees, build options)');
  const formLines = shown.lines + 1;
  // while a field is edited a line says how editing goes; otherwise the footer's keys are enough
  const panelHeight = Math.max(1, height - formLines - (editing() ? 1 : 0));
  const lines = panelLines({
    suggestions,
    suggestion: suggestion(),
    running,
    outcome,
    check,
    path,
    ...(gen.generation ? { generation: gen.generation } : {}),
    quote,
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
        focused={focus()}
        editing={editing()}
        line={editing() ? currentLine() : undefined}
        notes={notes}
        errors={check.errors}
        onChange={setField}
        width={width}
      />
      <Text color={advSummary.startsWith('⚠') ? theme.danger : theme.dim}>{padCell('  ' + advSummary, width)}</Text>
      <Panel lines={lines} width={width} height={panelHeight} />
      {editing() ? <Text color={theme.dim}>{padCell(EDITING_HELP, width)}</Text> : null}
    </Box>
  );
}
