// The Studio screen (tab 6): the pools launched from here (with your quote balances), the launch
// form (n) and the claim form (c). Arriving never starts editing: Enter or e edits the focused
// field, Esc or Enter leaves it; s launches or claims through the confirm-and-sign pipeline.
import { Box, Text } from 'ink';
import { useEffect, useMemo } from 'react';
import { useStore } from 'zustand';
import { useListCursor, type ListMove } from '../../components/list/useListCursor.js';
import { padCell, wrapText } from '../../components/text.js';
import { useTheme } from '../../components/theme.js';
import { useRefState } from '../../components/useRefState.js';
import { fromBaseUnits } from '../../src/amount.js';
import { signingBlocked } from '../../src/actions/run.js';
import { claimFromForm, launchFromForm, loadLaunched, refreshStudioBalances } from '../../src/actions/studioFlow.js';
import { catalogEmpty, knownTokens, loadTokens } from '../../src/actions/swapFlow.js';
import { PRESET_SHORT } from '../../src/studio/preset.js';
import type { ClaimField, StudioState } from '../../src/studio/store.js';
import type { StudioField } from '../../src/studio/validate.js';
import { useCatalog, useFlash, useNow } from '../shell/context.js';
import { useScreenKeys } from '../shell/keymap.js';
import type { ScreenProps } from '../shell/types.js';
import { CLAIM_FIELDS, CREATE_FIELDS } from './fields.js';
import { STUDIO_KEYS, STUDIO_SCREEN } from './keys.js';
import { FormLines } from '../../components/form/FormLines.js';
import { EDITING_HELP, useFormEditing } from '../../components/form/useFormEditing.js';
import { claimNotes, createNotes, printable } from './notes.js';
import { PoolsView } from './PoolsView.js';
import { openClaim, quoteMintsOf } from './open.js';

type Tone = 'ok' | 'bad' | 'dim' | undefined;

export function StudioScreen({ store, services: s, width, height }: ScreenProps<StudioState>) {
  const flash = useFlash();
  const theme = useTheme();
  const now = useNow();
  const latest = useCatalog((st) => st.latest);
  const use = <U,>(sel: (st: StudioState) => U): U => useStore(store, sel);
  const view = use((st) => st.view);
  const form = use((st) => st.form);
  const errors = use((st) => st.errors);
  const claim = use((st) => st.claim);
  const claimErrors = use((st) => st.claimErrors);
  const pools = use((st) => st.pools);
  const poolsError = use((st) => st.poolsError);
  const selected = use((st) => st.selected);
  const running = use((st) => st.running);
  const outcome = use((st) => st.outcome);
  const balances = use((st) => st.balances);
  const [createFocus, setCreateFocus] = useRefState<StudioField>('name');
  const [claimFocus, setClaimFocus] = useRefState<ClaimField>('pool');
  const tokens = useMemo(() => knownTokens(s), [s, latest]); // eslint-disable-line react-hooks/exhaustive-deps -- the catalog changes under s when latest does
  const st = () => store.getState();

  useEffect(() => {
    void loadLaunched(s, store).then(() => refreshStudioBalances(s, store, quoteMintsOf(store.getState().pools)));
    if (catalogEmpty(s)) void loadTokens(s);
  }, [s, store]);

  // the focused field of the open form, its value, and setting it
  const fields = () => (st().view === 'claim' ? CLAIM_FIELDS : CREATE_FIELDS);
  const focus = (): string => (st().view === 'claim' ? claimFocus() : createFocus());
  const setFocus = (k: string) =>
    st().view === 'claim' ? setClaimFocus(k as ClaimField) : setCreateFocus(k as StudioField);
  const valueOf = (k: string): string | boolean =>
    st().view === 'claim' ? st().claim[k as ClaimField] : st().form[k as StudioField];
  const setValue = (k: string, v: string | boolean) =>
    st().view === 'claim' ? st().setClaimField(k as ClaimField, String(v)) : st().setField(k as StudioField, v);
  const poolCursor = useListCursor({
    rows: pools,
    selectedKey: selected,
    getKey: (p) => p.pool,
    select: (pool) => st().select(pool),
  });
  const nav = (by: ListMove) => (st().view === 'list' ? poolCursor.move(by) : move(by));

  // While a field the person opened is edited, every key goes to it (q, 1, n never leak out).
  const fieldEditing = useFormEditing({ fields, focus, setFocus, valueOf, setValue, active: !running });
  const { editing, line, move } = fieldEditing;
  // An action started ends editing: its result is read with the screen's keys.
  useEffect(() => {
    if (running && fieldEditing.editing()) fieldEditing.stop();
  }, [running, fieldEditing]);

  useScreenKeys(
    { scope: STUDIO_SCREEN, keys: STUDIO_KEYS, active: !editing() && !running },
    {
      down: () => nav(1),
      up: () => nav(-1),
      top: () => nav('top'),
      bottom: () => nav('bottom'),
      edit: () => {
        if (st().view === 'list') return flash('info', "n opens the launch form, c claims the selected pool's fees");
        fieldEditing.start();
      },
      new: () => {
        st().setOutcome(undefined);
        st().setView('create');
      },
      claim: () => openClaim(store),
      submit: () => {
        const v = st().view;
        if (v === 'create') void launchFromForm(s, store);
        else if (v === 'claim') void claimFromForm(s, store);
        else flash('info', 's launches from the form (n) or claims from the claim form (c)');
      },
      max: () => {
        if (st().view !== 'claim') return flash('info', 'm: in the claim form (c), claim everything accrued');
        st().setClaimField('max', 'max');
      },
      back: () => {
        if (st().view !== 'list') return st().setView('list');
        if (st().outcome) return st().setOutcome(undefined);
        return false;
      },
    },
  );

  const blocked = signingBlocked(s, 'rpc');
  const panel: Array<{ text: string; tone?: Tone }> = [];
  // wrapped, never cut: a Ledger's line carries the hash to compare with its screen
  if (running) for (const l of wrapText(running, width).slice(0, 4)) panel.push({ text: l, tone: 'dim' });
  else if (outcome) {
    panel.push({ text: outcome.title, tone: outcome.ok ? 'ok' : 'bad' });
    for (const l of outcome.lines.slice(0, 4)) panel.push({ text: l, tone: 'dim' });
  } else if (poolsError && view === 'list') panel.push({ text: poolsError, tone: 'bad' });
  const help = blocked
    ? `Signing disabled: ${blocked}`
    : editing()
      ? EDITING_HELP
      : view === 'create'
        ? 'Enter/e edit · s launch (confirm first) · Esc back to the pools'
        : view === 'claim'
          ? 'Enter/e edit · m max · s claim (confirm first) · Esc back'
          : 'n new pool · c claim fees · j/k select · r refresh · Esc clear';
  const tone = (t: Tone) => (t === 'ok' ? theme.ok : t === 'bad' ? theme.danger : t === 'dim' ? theme.dim : undefined);
  const panelRoom = Math.max(0, Math.min(panel.length, height - 4));
  const bodyHeight = Math.max(2, height - 1 - panelRoom);

  let body;
  if (view === 'list') {
    const mints = quoteMintsOf(pools);
    const bal = mints
      .map((m) => {
        const t = tokens.find((x) => x.id === m);
        const raw = balances[m];
        return t
          ? `${raw === undefined ? '—' : fromBaseUnits(raw, t.decimals, { maxFraction: 4 })} ${printable(t.symbol, 8)}`
          : undefined;
      })
      .filter(Boolean)
      .join(' · ');
    const empty = !s.wallet
      ? 'No wallet: start with --keypair <file> to launch.'
      : 'No pools launched from here yet. n opens the launch form: name, symbol and image are enough.';
    body = (
      <PoolsView
        pools={pools}
        selected={selected}
        now={now}
        head={`Launched pools (${pools.length}) · bal ${bal || '—'}`}
        empty={empty}
        width={width}
        height={bodyHeight}
      />
    );
  } else {
    const isClaim = view === 'claim';
    const title = isClaim
      ? 'Claim creator fees: pick a launched pool or paste one'
      : `New pool · preset: ${PRESET_SHORT}`;
    body = (
      <Box flexDirection="column" height={bodyHeight}>
        <Text color={theme.accent} wrap="truncate">
          {padCell(title, width)}
        </Text>
        {isClaim ? (
          <FormLines
            fields={CLAIM_FIELDS}
            values={claim}
            focused={claimFocus()}
            editing={editing()}
            line={line() ?? undefined}
            notes={claimNotes(claim, pools, tokens, balances)}
            errors={claimErrors}
            width={width}
            height={bodyHeight - 1}
          />
        ) : (
          <FormLines
            fields={CREATE_FIELDS}
            values={form}
            focused={createFocus()}
            editing={editing()}
            line={line() ?? undefined}
            notes={createNotes(form, tokens, balances)}
            errors={errors}
            width={width}
            height={bodyHeight - 1}
          />
        )}
      </Box>
    );
  }
  return (
    <Box flexDirection="column" height={height} width={width}>
      {body}
      {panel.slice(0, panelRoom).map((l, i) => (
        <Text key={i} color={tone(l.tone)} wrap="truncate">
          {padCell(l.text, width)}
        </Text>
      ))}
      <Text color={theme.dim} wrap="truncate">
        {padCell(help, width)}
      </Text>
    </Box>
  );
}
