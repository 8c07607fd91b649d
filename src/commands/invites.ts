// `tradedeck invites`: a wallet's invite history, or only the unclaimed invites it sent.
import type { OptionsOf } from '../commands/registry.js';
import type { HeadlessServices } from './print.js';
import type { Config } from '../config/config.js';
import type { Invite, InviteListResponse } from '../api/types.js';
import { fromBaseUnits } from '../text/amount.js';
import { shortAddress } from '../text/format.js';
import { printTable, printJson, clean, formatTime } from './print.js';
import { resolveWallet, walletLine } from './wallet.js';
import { tokenLabels, type TokenLabels } from './symbols.js';
import { MAX_PAGES } from './account.js';

export async function invitesCommand(
  services: HeadlessServices,
  config: Config,
  positionals: string[],
  opts: OptionsOf<'invites'>,
): Promise<string> {
  const wallet = await resolveWallet(services, config, positionals[0]);
  const address = wallet.address;
  const pending = opts.pending === true;
  const invites: Invite[] = [];
  let hasMoreData = false;
  for (let page = 1; page <= MAX_PAGES; page++) {
    const r: InviteListResponse = pending
      ? await services.api.send.pendingInvites({ address, page })
      : await services.api.send.inviteHistory({ address, page });
    invites.push(...r.invites);
    hasMoreData = r.hasMoreData;
    if (!r.hasMoreData || r.invites.length === 0) break;
  }
  if (opts.json) return printJson({ address, pending, invites, hasMoreData }, opts.indent);
  const labels = await tokenLabels(services);
  const what = pending ? 'pending invites' : 'invites';
  let out =
    walletLine(wallet) +
    `${what}: ${invites.length}${hasMoreData ? ` shown, more not read (first ${MAX_PAGES} pages)` : ''}\n`;
  if (invites.length === 0) return out;
  const rows = invites.map((inv) => [
    formatTime(inv.creation_time),
    inv.sender === address ? 'sent' : inv.receiver === address ? 'received' : '—',
    clean(inv.action, 12) + (confirmed(inv.confirmed) ? '' : ' (unconfirmed)'),
    inviteAmount(inv, labels),
    labels.symbol(inv.mint),
    inv.sender === address ? shortAddress(clean(inv.receiver, 60) || null) : shortAddress(clean(inv.sender, 60)),
    formatTime(inv.expiry),
  ]);
  out += printTable(['CREATED UTC', 'SIDE', 'STATUS', 'AMOUNT', 'TOKEN', 'OTHER PARTY', 'EXPIRES UTC'], rows, {
    right: new Set([3]),
    fit: [
      ['drop', 5],
      ['cut', 4, 6],
      ['drop', 0],
    ],
  });
  return out;
}

function confirmed(v: unknown): boolean {
  return v === true || v === 1;
}

/** `amount` arrives in base units (a digit string); a decimal string is shown as it came. */
function inviteAmount(inv: Invite, labels: TokenLabels): string {
  const raw = String(inv.amount ?? '');
  const decimals = labels.decimals(inv.mint);
  if (/^\d+$/.test(raw) && decimals !== undefined) return fromBaseUnits(raw, decimals);
  if (/^\d+$/.test(raw)) return `${raw} (base units)`;
  return clean(raw, 30) || '—';
}
