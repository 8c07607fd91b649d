// The Invites screen: history and pending invites (v switches), newest first, with expiry
// countdowns; pending invites close to expiry are marked; `]` or moving past the last row loads
// the next page while the service says there is more; Enter shows every field.
import { Box, Text } from 'ink';
import { useMemo, useRef } from 'react';
import { DetailPane } from '../../components/detail/DetailPane.js';
import { ListTable } from '../../components/list/ListTable.js';
import { useListView } from '../../components/list/useListView.js';
import { padCell } from '../../components/base/text.js';
import { useTheme } from '../../components/base/theme.js';
import { usePick } from '../../components/base/usePick.js';
import { tokenUniverse } from '../../src/actions/swapRequest.js';
import { inviteRow, type InviteRow } from '../../src/portfolio/invites.js';
import type { InvitesState } from '../../src/portfolio/invitesStore.js';
import { useCatalog, useFlash, useNow } from '../shared/context.js';
import { useScreenKeys } from '../shared/keys.js';
import { staleOrError, useResourceState } from '../shared/pollState.js';
import type { ScreenProps } from '../shared/types.js';
import { INVITES_KEYS } from './keys.js';
import { INVITES_SCREEN, loadMore } from './more.js';
import { shortAddress } from '../../src/text/format.js';
import { inviteColumns, inviteSections } from './rows.js';

const getKey = (r: InviteRow) => r.id;

export function InvitesScreen({ store, services, width, height }: ScreenProps<InvitesState>) {
  const flash = useFlash();
  const theme = useTheme();
  const {
    view,
    address: other,
    selected,
    detail,
    lists,
  } = usePick(store, ['view', 'address', 'selected', 'detail', 'lists']);
  // whose invites: another address (`:invites ADDR`) or the wallet's; a list of another address is not shown
  const wallet = other ?? services.wallet?.address;
  const list = lists[view]?.address === wallet ? lists[view] : undefined;
  const latest = useCatalog((s) => s.latest);
  // the countdowns move with the header clock; the time itself is the services' (tests set it)
  useNow();
  const now = services.now();
  const { poll } = useResourceState(INVITES_SCREEN, 'page1', staleOrError);

  const tokens = useMemo(() => new Map(tokenUniverse(Object.values(latest)).map((t) => [t.id, t])), [latest]);
  const rows = useMemo(
    () => (list?.invites ?? []).map((i, n) => inviteRow(i, wallet, (mint) => tokens.get(mint), now, n)),
    [list, wallet, tokens, now],
  );
  const columns = useMemo(() => inviteColumns(theme), [theme]);
  const t = () => store.getState();
  const body = useRef(1);
  const listView = useListView({
    rows,
    getKey,
    selectedKey: selected,
    select: (id) => t().select(id),
    pageSize: () => Math.max(1, body.current - 1),
    // moving past the last row asks for the next page
    onPastEnd: () => void loadMore(store, services, (text) => flash('error', text)),
    detail: { shown: detail, show: (on) => t().setDetail(on) },
  });
  const selectedRow = listView.selected;
  useScreenKeys({ scope: INVITES_SCREEN, keys: INVITES_KEYS }, listView.keys);

  if (!wallet) {
    return (
      <Box flexDirection="column" height={height}>
        <Text wrap="truncate">{padCell('No wallet is configured, so there are no invites to list.', width)}</Text>
        <Text wrap="truncate">{padCell('Start with --keypair FILE, or --address ADDRESS for watch-only;', width)}</Text>
        <Text wrap="truncate">{padCell(':invites ADDRESS looks at any address.', width)}</Text>
      </Box>
    );
  }

  if (detail && selectedRow) {
    return (
      <Box flexDirection="column" height={height}>
        <DetailPane sections={inviteSections(selectedRow)} width={width} height={height} active />
      </Box>
    );
  }

  const tab = (v: typeof view, label: string) => (v === view ? `[${label}]` : ` ${label} `);
  const count = list
    ? `${rows.length} loaded${list.hasMore ? ', ] for more' : ', all'}${list.loadingMore ? ' · loading…' : ''}`
    : '';
  const soon = rows.filter((r) => r.nearExpiry).length;
  // another address: said first, so it is never cut off
  const whose = other ? `of ${shortAddress(other)}  ` : '';
  const head = `${whose}${tab('history', 'History')} ${tab('pending', 'Pending')}  ${count}${soon ? `  ! ${soon} expire within 24h` : ''}`;
  const tableHeight = Math.max(1, height - 1);
  body.current = tableHeight - 1;
  const empty =
    poll?.error !== undefined && !list
      ? 'Could not load the invites (see the footer); r retries.'
      : !list
        ? 'Loading invites…'
        : view === 'pending'
          ? `No pending invites: nothing ${other ? 'this address' : 'you'} sent is waiting to be claimed.`
          : `No invites sent or received by this ${other ? 'address' : 'wallet'}.`;
  return (
    <Box flexDirection="column" height={height}>
      <Text wrap="truncate" bold>
        {padCell(head, width)}
      </Text>
      <ListTable
        view={listView}
        columns={columns}
        width={width}
        height={tableHeight}
        marked={(r) => r.nearExpiry}
        dim={(r) => !r.open && view === 'pending'}
        emptyText={empty}
      />
    </Box>
  );
}
