// Seeded invite history of a wallet. Each invite is planned once (creation, expiry and what
// happens to it: claimed, clawed back or nothing); its state at a given time is derived from the
// plan, so pending invites turn `expired` as simulated time passes.

import { NATIVE_MINT, USDC_MINT } from '../../chain/mints.js';
import type { Invite } from '../../api/types.js';
import { SeededStream } from './send-seeded.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** invites can be claimed for this long */
export const INVITE_LIFETIME_MS = 14 * DAY;

export interface PlannedInvite {
  invite_signer: string;
  invite_pda: string;
  sender: string;
  mint: string;
  amount: string;
  creation_tx: string;
  createdMs: number;
  expiryMs: number;
  outcome: { action: 'claimed' | 'clawback'; atMs: number; tx: string; receiver: string | null } | null;
}

type InviteKind = 'received' | 'claimed' | 'clawback' | 'expired' | 'pending';

/**
 * Every history holds these, so a client always meets both sides of an invite, expiries in the
 * past and in the future, and more than one page of history and of pending invites (10 a page).
 */
const ALWAYS: InviteKind[] = [
  'received',
  'received',
  'claimed',
  'claimed',
  'clawback',
  'expired',
  'expired',
  ...Array.from({ length: 11 }, (): InviteKind => 'pending'),
];
const EXTRA: readonly InviteKind[] = ['received', 'claimed', 'claimed', 'clawback', 'expired', 'pending', 'pending'];

/** Plans 22 to 32 invites for `address` (18 fixed kinds, the rest seeded), created before `anchorMs`, newest first. */
export function planInvites(seed: number, address: string, anchorMs: number): PlannedInvite[] {
  const rng = new SeededStream(seed, `invites:${address}`);
  const kinds = [...ALWAYS];
  for (let i = rng.int(4, 14); i > 0; i--) kinds.push(rng.pick(EXTRA));
  const out: PlannedInvite[] = [];
  for (const [index, planned] of kinds.entries()) {
    // the fixed kinds have already happened when the simulator starts; seeded extras may be claimed later
    const settle = (atMs: number) => (index < ALWAYS.length ? Math.min(atMs, anchorMs - MINUTE) : atMs);
    const asReceiver = planned === 'received';
    const kind = asReceiver ? 'claimed' : planned;
    const createdMs =
      kind === 'pending'
        ? anchorMs - rng.int(10 * MINUTE, 5 * DAY)
        : kind === 'expired'
          ? anchorMs - rng.int(INVITE_LIFETIME_MS + HOUR, 60 * DAY)
          : anchorMs - rng.int(DAY, 60 * DAY);
    const isSol = rng.next() < 0.6;
    const amount = isSol
      ? BigInt(rng.int(5, 500)) * 10_000_000n // 0.05 to 5 SOL
      : BigInt(rng.int(1, 500)) * 1_000_000n; // 1 to 500 USDC
    const sender = asReceiver ? rng.address() : address;
    const invite: PlannedInvite = {
      invite_signer: rng.address(),
      invite_pda: rng.address(),
      sender,
      mint: isSol ? NATIVE_MINT : USDC_MINT,
      amount: amount.toString(),
      creation_tx: rng.signature(),
      createdMs,
      expiryMs: createdMs + INVITE_LIFETIME_MS,
      outcome: null,
    };
    if (kind === 'claimed') {
      const atMs = settle(createdMs + rng.int(10 * MINUTE, 3 * DAY));
      invite.outcome = { action: 'claimed', atMs, tx: rng.signature(), receiver: asReceiver ? address : rng.address() };
    } else if (kind === 'clawback') {
      const atMs = settle(createdMs + rng.int(HOUR, 10 * DAY));
      invite.outcome = { action: 'clawback', atMs, tx: rng.signature(), receiver: null };
    }
    out.push(invite);
  }
  return out.sort((a, b) => b.createdMs - a.createdMs);
}

/** The invite record (as GET /send/v1/invite-history lists it) of a planned invite as seen at `nowMs`. */
export function inviteAt(p: PlannedInvite, nowMs: number): Invite {
  const done = p.outcome !== null && p.outcome.atMs <= nowMs ? p.outcome : null;
  const action = done ? done.action : p.expiryMs <= nowMs ? 'expired' : 'created';
  return {
    invite_signer: p.invite_signer,
    invite_pda: p.invite_pda,
    sender: p.sender,
    mint: p.mint,
    expiry: new Date(p.expiryMs).toISOString(),
    creation_time: new Date(p.createdMs).toISOString(),
    amount: p.amount,
    creation_tx: p.creation_tx,
    deletion_tx: done ? done.tx : null,
    receiver: done ? done.receiver : null,
    deletion_time: done ? new Date(done.atMs).toISOString() : null,
    action,
    confirmed: nowMs - p.createdMs > 30_000,
  };
}
