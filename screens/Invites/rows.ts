// The Invites table's columns and the detail of one invite.
import type { Column } from '../../components/table/Table.js';
import type { DetailSection } from '../../components/detail/DetailPane.js';
import type { Theme } from '../../components/base/theme.js';
import { MISSING } from '../../src/portfolio/model.js';
import { inviteFields, type InviteRow } from '../../src/portfolio/invites.js';

export function inviteColumns(theme: Theme): Column<InviteRow>[] {
  return [
    { id: 'direction', title: 'Dir', width: 8, format: (r) => r.direction },
    { id: 'counterparty', title: 'Counterparty', width: 12, format: (r) => r.counterparty },
    { id: 'amount', title: 'Amount', flex: 1, minWidth: 10, align: 'right', format: (r) => r.amount },
    { id: 'symbol', title: 'Token', width: 7, format: (r) => r.symbol },
    { id: 'created', title: 'Created', width: 9, align: 'right', priority: 1, format: (r) => r.created },
    {
      id: 'expiry',
      title: 'Expires',
      width: 10,
      align: 'right',
      format: (r) => (r.nearExpiry ? `! ${r.expiry}` : r.expiry),
      color: (r) => (r.nearExpiry ? theme.warn : r.expiry === 'expired' ? theme.dim : undefined),
    },
    { id: 'status', title: 'Status', width: 10, format: (r) => r.status },
  ];
}

export function inviteSections(r: InviteRow): DetailSection[] {
  return [
    {
      title: 'From your wallet',
      entries: [
        { key: 'direction', value: r.direction },
        { key: 'counterparty', value: r.counterparty },
        { key: 'amount', value: `${r.amount} ${r.symbol}` },
        { key: 'created', value: r.created },
        { key: 'expires', value: r.expiry + (r.nearExpiry ? ' (soon)' : '') },
        { key: 'status', value: r.status || MISSING },
      ],
    },
    { title: 'Every field', entries: inviteFields(r.invite) },
  ];
}
