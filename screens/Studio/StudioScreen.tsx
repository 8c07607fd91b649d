// The Studio screen (tab 6): the pools launched from here (with your quote balances), the launch
// form (n) and the claim form (c). Arriving never starts editing: Enter or e edits the focused
// field, Esc or Enter leaves it; s launches or claims through the confirm-and-sign pipeline.
import { Box } from 'ink';
import { useEffect, useMemo } from 'react';
import { useListView } from '../../components/list/useListView.js';
import { usePick } from '../../components/base/usePick.js';
import { claimFromForm, launchFromForm, loadLaunched, refreshStudioBalances } from '../../src/actions/studioFlow.js';
import { catalogEmpty, knownTokens, loadTokens } from '../../src/actions/swapFlow.js';
import type { LaunchedPool } from '../../src/studio/pools.js';
import type { StudioState } from '../../src/studio/store.js';
import { useCatalog, useFlash, useNow } from '../shared/context.js';
import { useScreenKeys } from '../shared/keys.js';
import type { ScreenProps } from '../shared/types.js';
import { STUDIO_KEYS, STUDIO_SCREEN } from './keys.js';
import { openClaim, poolsHead, quoteMintsOf } from './open.js';
import { PoolsView } from './PoolsView.js';
import { StudioFoot, studioPanel } from './StudioFoot.js';
import { StudioFormView } from './StudioFormView.js';
import { useStudioForm } from './useStudioForm.js';

const getKey = (p: LaunchedPool) => p.pool;

export function StudioScreen({ store, services: s, width, height }: ScreenProps<StudioState>) {
  const flash = useFlash();
  const now = useNow();
  const latest = useCatalog((st) => st.latest);
  const state = usePick(store, ['view', 'pools', 'selected', 'running', 'outcome', 'poolsError', 'balances']);
  const { view, pools, running } = state;
  const tokens = useMemo(() => knownTokens(s), [s, latest]); // eslint-disable-line react-hooks/exhaustive-deps -- the catalog changes under s when latest does
  const st = () => store.getState();

  useEffect(() => {
    void loadLaunched(s, store).then(() => refreshStudioBalances(s, store, quoteMintsOf(store.getState().pools)));
    if (catalogEmpty(s)) void loadTokens(s);
  }, [s, store]);

  const form = useStudioForm(store, !running);
  const fieldEditing = form.editing;
  const { editing, line, move } = fieldEditing;
  // An action started ends editing: its result is read with the screen's keys.
  useEffect(() => {
    if (running && fieldEditing.editing()) fieldEditing.stop();
  }, [running, fieldEditing]);
  const poolList = useListView({
    rows: pools,
    getKey,
    selectedKey: state.selected,
    select: (pool) => st().select(pool),
  });
  // j/k walk the pools in the list, the fields in a form
  const inList = (listKey: () => void | boolean, formKey: () => void | boolean) => () =>
    st().view === 'list' ? listKey() : formKey();

  useScreenKeys(
    { scope: STUDIO_SCREEN, keys: STUDIO_KEYS, active: !editing() && !running },
    {
      down: inList(poolList.keys.down, () => move(1)),
      up: inList(poolList.keys.up, () => move(-1)),
      top: inList(poolList.keys.top, () => move('top')),
      bottom: inList(poolList.keys.bottom, () => move('bottom')),
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

  const panelRoom = Math.max(0, Math.min(studioPanel(state, width).length, height - 4));
  const bodyHeight = Math.max(2, height - 1 - panelRoom);
  return (
    <Box flexDirection="column" height={height} width={width}>
      {view === 'list' ? (
        <PoolsView
          pools={pools}
          selected={poolList.table.selectedKey}
          now={now}
          head={poolsHead(pools, tokens, state.balances)}
          empty={
            !s.wallet
              ? 'No wallet: start with --keypair <file> to launch.'
              : 'No pools launched from here yet. n opens the launch form: name, symbol and image are enough.'
          }
          width={width}
          height={bodyHeight}
        />
      ) : (
        <StudioFormView
          store={store}
          createFocus={form.createFocus}
          claimFocus={form.claimFocus}
          editing={editing()}
          line={line()}
          tokens={tokens}
          width={width}
          height={bodyHeight}
        />
      )}
      <StudioFoot store={store} services={s} editing={editing()} width={width} room={panelRoom} />
    </Box>
  );
}
