// Invite rows from the wallet's point of view, free of React: direction, counterparty, amount in
// token units, created, expiry countdown, status. Service text is made printable here.
import { fromBaseUnits } from '../text/amount.js';
import type { Invite } from '../api/types.js';
import { MISSING, printable } from './model.js';
import { serviceTime } from '../text/format.js';
import { formatAge, untilText } from '../text/duration.js';

/** Pending invites expiring sooner than this are highlighted. */
export const NEAR_EXPIRY_MS = 24 * 3_600_000;

export interface InviteRow {
  id: string;
  invite: Invite;
  direction: 'sent' | 'received' | '—';
  counterparty: string;
  amount: string;
  symbol: string;
  created: string;
  createdMs: number | null;
  expiry: string;
  expiryMs: number | null;
  status: string;
  /** still claimable (no deletion tx, not expired) */
  open: boolean;
  nearExpiry: boolean;
}

export interface TokenLookup {
  (mint: string): { symbol?: string; decimals?: number } | undefined;
}

function time(text: unknown): number | null {
  if (typeof text !== 'string' && typeof text !== 'number') return null;
  const ms = typeof text === 'number' ? text : serviceTime(text);
  return Number.isFinite(ms) ? ms : null;
}

/** "3d ago", "5h ago", "just now". */
function ago(ms: number): string {
  return ms < 5000 ? 'just now' : `${formatAge(ms)} ago`;
}

export function confirmedOf(v: unknown): boolean | null {
  if (v === true || v === 1 || v === '1' || v === 'true') return true;
  if (v === false || v === 0 || v === '0' || v === 'false') return false;
  return null;
}

export function inviteStatus(i: Partial<Invite>): string {
  const action = typeof i.action === 'string' ? i.action : '';
  let status: string;
  if (action === 'claimed') status = 'claimed';
  else if (i.deletion_tx) status = 'cancelled';
  else if (action === 'clawback') status = 'cancelled';
  else status = action ? printable(action, 12) : MISSING;
  return confirmedOf(i.confirmed) === false ? `${status}?` : status;
}

export function inviteId(i: Partial<Invite>, index = 0): string {
  return typeof i.invite_pda === 'string' && i.invite_pda
    ? i.invite_pda
    : typeof i.creation_tx === 'string' && i.creation_tx
      ? i.creation_tx
      : `#${index}`;
}

function short(addr: unknown): string {
  if (typeof addr !== 'string' || addr === '') return MISSING;
  const a = printable(addr, 60);
  return a.length <= 11 ? a : `${a.slice(0, 4)}…${a.slice(-4)}`;
}

export function inviteRow(
  i: Invite,
  wallet: string | undefined,
  tokens: TokenLookup,
  now: number,
  index = 0,
): InviteRow {
  const direction = wallet && i.sender === wallet ? 'sent' : wallet && i.receiver === wallet ? 'received' : '—';
  const counterparty = direction === 'sent' ? (i.receiver ? short(i.receiver) : 'unclaimed') : short(i.sender);
  const info = typeof i.mint === 'string' ? tokens(i.mint) : undefined;
  const raw = typeof i.amount === 'string' || typeof i.amount === 'number' ? String(i.amount) : '';
  let amount = MISSING;
  if (/^\d+$/.test(raw))
    amount = info?.decimals !== undefined ? fromBaseUnits(raw, info.decimals, { maxFraction: 6 }) : `${raw} raw`;
  else if (raw) amount = printable(raw, 30);
  const createdMs = time(i.creation_time);
  const expiryMs = time(i.expiry);
  const deleted = Boolean(i.deletion_tx) || i.action === 'claimed' || i.action === 'clawback';
  const expired = i.action === 'expired' || (expiryMs !== null && expiryMs <= now);
  const open = !deleted && !expired;
  const expiry = deleted ? MISSING : expired ? 'expired' : expiryMs === null ? MISSING : untilText(expiryMs - now);
  return {
    id: inviteId(i, index),
    invite: i,
    direction,
    counterparty,
    amount,
    symbol: info?.symbol ? printable(info.symbol, 12) : short(i.mint),
    created: createdMs === null ? MISSING : ago(now - createdMs),
    createdMs,
    expiry,
    expiryMs,
    status: inviteStatus(i),
    open,
    nearExpiry: open && expiryMs !== null && expiryMs - now < NEAR_EXPIRY_MS,
  };
}

/** Every field of an invite as key/value pairs, known ones first, then any extra the service sent. */
export function inviteFields(i: Invite): Array<{ key: string; value: string }> {
  const order = [
    'action',
    'confirmed',
    'sender',
    'receiver',
    'mint',
    'amount',
    'creation_time',
    'expiry',
    'deletion_time',
    'invite_signer',
    'invite_pda',
    'creation_tx',
    'deletion_tx',
  ];
  const rec = i as Record<string, unknown>;
  const keys = [...order, ...Object.keys(rec).filter((k) => !order.includes(k))];
  return keys.map((k) => ({ key: printable(k, 40), value: printable(rec[k], 400) }));
}

/** Page 1 fresh in place of the previous page 1 (`oldFirst` items), later pages kept, without duplicates. */
export function mergeFirstPage(current: readonly Invite[], oldFirst: number, page1: readonly Invite[]): Invite[] {
  const seen = new Set(page1.map((x) => inviteId(x)));
  return [...page1, ...current.slice(oldFirst).filter((x) => !seen.has(inviteId(x)))];
}

/** Appends a later page, skipping invites already listed. */
export function appendPage(current: readonly Invite[], page: readonly Invite[]): Invite[] {
  const seen = new Set(current.map((x) => inviteId(x)));
  return [...current, ...page.filter((x) => !seen.has(inviteId(x)))];
}
