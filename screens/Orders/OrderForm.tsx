// The new-order form over the Orders list (n): a limit order or a DCA, field by field. Nothing is
// edited on arrival: j/k move, Enter or e edits a field (every key then goes to it until Enter or
// Esc), s places the order through the same words and pipeline as :limit and :dca (confirm first),
// Esc closes the form and keeps what was typed for the next n. A standing order's form (n on the
// Standing list) makes the words of :stop, :tp, :trail, :oco, :buy-above or :buy-below; either form's
// Custody vault places the service's order from the vault instead.
import { Box, Text } from 'ink';
import { useEffect, useMemo } from 'react';
import { useStore } from 'zustand';
import { useShallow } from 'zustand/shallow';
import { FormLines, INPUT_WIDTH, LABEL_WIDTH } from '../../components/form/FormLines.js';
import { EDITING_HELP, useFormEditing } from '../../components/form/useFormEditing.js';
import { padCell, wrapText } from '../../components/base/text.js';
import { useTheme } from '../../components/base/theme.js';
import { useRefState } from '../../components/base/useRefState.js';
import { createDcaFromArgs, createLimitFromArgs } from '../../src/actions/orderFlow.js';
import { dcaTokenWords, limitTokenWords, OrderInputError } from '../../src/actions/orderRequest.js';
import { knownTokens, knowTokens } from '../../src/actions/swapFlow.js';
import type { Services } from '../../src/services/index.js';
import type { OrderFormKind, OrdersStore } from '../../src/orders/store.js';
import { useCatalog, useFlash } from '../shared/context.js';
import { useScreenKeys } from '../shared/keys.js';
import { fieldOfError, FORM_FIELDS, formArgs, formNotes, isVault, standingCommandOf } from './form.js';
import { standingTokenWords } from '../../src/orders/standing/input.js';
import { createStandingOnScreen } from './standing.js';
import { createVaultDcaOnScreen } from './vault.js';
import { splitDcaCustody } from '../../src/vault/plan.js';
import { ORDERS_KEYS, ORDERS_SCREEN } from './keys.js';

const EMPTY: Record<string, string> = {};

const OPTIONAL = new Set(['expiry', 'slippage', 'cu', 'feeAccount', 'wrap', 'start', 'custody']);

/** The words of the form's order that name tokens, looked up once a field is left. */
function tokenWordsOf(kind: OrderFormKind, args: string[]): string[] {
  if (kind === 'limit') return limitTokenWords(args);
  if (kind === 'dca') return dcaTokenWords(args);
  const command = standingCommandOf(args[0] ?? '');
  return command ? standingTokenWords(command, args.slice(1)) : [];
}

/** Checks the form, then runs it as :limit / :dca would; errors land on their fields. */
export async function submitOrderForm(s: Services, store: OrdersStore): Promise<void> {
  const form = store.getState().form;
  if (!form) return;
  const empty = FORM_FIELDS[form.kind].filter((f) => !OPTIONAL.has(f.key) && !(form.values[f.key] ?? '').trim());
  if (empty.length)
    return store.getState().setFormErrors(Object.fromEntries(empty.map((f) => [f.key, 'fill this in'])));
  try {
    if (form.kind === 'standing') {
      const [command = '', ...args] = formArgs('standing', form.values);
      const standing = standingCommandOf(command);
      if (!standing)
        throw new OrderInputError(`type: "${command}" is not stop, tp, trail, oco, buy-above or buy-below`);
      const r = await createStandingOnScreen(s, store, standing, args);
      if (r.status === 'success') store.getState().closeForm();
      return;
    }
    if (form.kind === 'dca') {
      const { custody, words } = splitDcaCustody(formArgs('dca', form.values));
      if (custody === 'vault') {
        const r = await createVaultDcaOnScreen(s, store, words);
        // placed: the form closes on the Vault list, where the order is
        if (r.status === 'success') {
          store.getState().closeForm();
          store.getState().setTab('vault');
        }
        return;
      }
      const result = await createDcaFromArgs(s, store, words);
      if (result.status === 'success') store.getState().closeForm();
      return;
    }
    const result = await createLimitFromArgs(s, store, formArgs(form.kind, form.values));
    if (result.status === 'success') store.getState().closeForm();
  } catch (e) {
    if (!(e instanceof OrderInputError)) throw e;
    store.getState().setFormErrors({ [fieldOfError(form.kind, e.message)]: e.message });
  }
}

export function OrderForm({
  store,
  services: s,
  kind,
  width,
  height,
}: {
  store: OrdersStore;
  services: Services;
  kind: OrderFormKind;
  width: number;
  height: number;
}) {
  const flash = useFlash();
  const theme = useTheme();
  // a form not open yet has no values: the empty objects are new at every call, compared shallowly
  const { values, errors, running } = useStore(
    store,
    useShallow((st) => ({ values: st.form?.values ?? EMPTY, errors: st.form?.errors ?? EMPTY, running: st.running })),
  );
  const latest = useCatalog((st) => st.latest);
  const fields = FORM_FIELDS[kind];
  // every kind of form has fields
  const [focus, setFocus] = useRefState(fields[0]!.key);
  const editing = useFormEditing({
    fields: () => fields,
    focus,
    setFocus,
    valueOf: (k) => store.getState().form?.values[k] ?? '',
    setValue: (k, v) => store.getState().setFormField(k, String(v)),
    active: !running,
  });
  const submit = () => {
    editing.stop();
    void submitOrderForm(s, store).catch((e) => flash('error', e instanceof Error ? e.message : String(e)));
  };
  useScreenKeys(
    { scope: ORDERS_SCREEN, keys: ORDERS_KEYS, part: 'form', active: !editing.editing() && !running },
    {
      down: () => editing.move(1),
      up: () => editing.move(-1),
      top: () => editing.move('top'),
      bottom: () => editing.move('bottom'),
      open: () => editing.start(),
      edit: () => editing.start(),
      submit,
      back: () => store.getState().closeForm(),
    },
  );
  // a token no list on screen holds is looked up once its field is left (lists, the service's search)
  const editingNow = editing.editing();
  const typedTokens = tokenWordsOf(kind, formArgs(kind, values)).join(' ');
  useEffect(() => {
    if (!editingNow && typedTokens !== '') void knowTokens(s, typedTokens.split(' ')).catch(() => {});
  }, [s, editingNow, typedTokens]);
  const catalog = useMemo(() => knownTokens(s), [s, latest]); // eslint-disable-line react-hooks/exhaustive-deps -- the catalog changes under s when latest does
  const notes = formNotes(kind, values, catalog, s.now(), width - 2 - LABEL_WIDTH - 1 - INPUT_WIDTH - 1);
  const title =
    kind === 'limit'
      ? 'New limit order: sell an amount for a total, or at @price (@160 SOL/USDC)'
      : kind === 'dca'
        ? isVault(values)
          ? "New DCA from your vault: the service's, one buy every interval without asking"
          : 'New DCA: spend a total in equal buys, one every interval'
        : isVault(values)
          ? "New order from your vault: the service's, filled from it without asking"
          : 'New standing order: kept here, fired by tradedeck while it runs';
  // beside its field an error is cut at 80 columns: the first one is also here in full
  const firstError = fields.map((f) => errors[f.key]).find((e) => e !== undefined);
  const errorLines = firstError ? wrapText(`✗ ${firstError}`, width).slice(0, 3) : [];
  const help = editing.editing()
    ? EDITING_HELP
    : 'j/k field · Enter/e edit · s place (confirm first) · Esc close (kept)';
  return (
    <Box flexDirection="column" width={width} height={height}>
      <Text color={theme.accent} bold>
        {padCell(title, width)}
      </Text>
      <FormLines
        fields={fields}
        values={values}
        focused={focus()}
        editing={editing.editing()}
        line={editing.line() ?? undefined}
        notes={notes}
        errors={errors}
        width={width}
        height={Math.max(1, height - 2 - errorLines.length)}
      />
      <Box flexGrow={1} />
      {errorLines.map((l, i) => (
        <Text key={i} color={theme.danger}>
          {padCell(l, width)}
        </Text>
      ))}
      <Text color={theme.dim}>{padCell(help, width)}</Text>
    </Box>
  );
}
