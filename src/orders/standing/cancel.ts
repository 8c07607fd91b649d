// Cancelling standing orders: local, nothing is signed. The usual dialog says which orders (an OCO
// leg takes its partner with it: they are one order), and once confirmed each armed one is marked
// cancelled in the file and the journal. One that is firing now cannot be cancelled any more.
import { OrderInputError } from '../../actions/orderRequest.js';
import type { Services } from '../../services/index.js';
import { loadStanding, updateStanding } from './file.js';
import { recordStanding } from './records.js';
import type { StandingOrder } from './terms.js';
import { KIND_NAMES, termsSentence } from './words.js';

/** A standing order's id as typed: `s-` and eight hex digits. */
export const STANDING_ID = /^s-[0-9a-f]{8}$/;

export interface CancelResult {
  status: 'success' | 'cancelled' | 'refused';
  /** the ids cancelled */
  ids: string[];
  message: string;
}

/** Cancels the armed standing orders `ids` (and their OCO partners) after the dialog. */
export async function cancelStanding(
  s: Services,
  ids: readonly string[],
  reason = 'cancelled by you',
): Promise<CancelResult> {
  if (s.readOnly)
    return { status: 'refused', ids: [], message: s.readOnlyNote ?? 'read-only mode: nothing is changed' };
  const all = (await loadStanding(s.stateDir)).orders;
  const wallet = s.wallet?.address;
  const wanted: StandingOrder[] = [];
  for (const id of ids) {
    const o = all.find((x) => x.terms.id === id);
    if (!o || (wallet !== undefined && o.terms.wallet !== wallet))
      throw new OrderInputError(`standing order ${id}: not one of this wallet's (orders lists them)`);
    if (o.status.state !== 'armed')
      throw new OrderInputError(
        `standing order ${id}: ${o.status.state}${o.status.state === 'firing' ? ' now: too late to cancel' : ', not armed'}`,
      );
    for (const x of [
      o,
      ...(o.terms.oco ? all.filter((p) => p.terms.id === o.terms.oco && p.status.state === 'armed') : []),
    ])
      if (!wanted.includes(x)) wanted.push(x);
  }
  const answer = await s.confirm.getState().ask({
    title: `Cancel ${wanted.length === 1 ? `standing order ${wanted[0]!.terms.id}` : `${wanted.length} standing orders`}? Nothing is signed: it is only never fired`,
    summary: wanted.map((o) => ({
      label: `${KIND_NAMES[o.terms.kind]} ${o.terms.id}`,
      value: termsSentence(o.terms, o.status).replace(/; tradedeck signs .*$/, ''),
    })),
    facts: [],
    warnings: wanted.some((o) => o.terms.oco) ? ['An OCO is one order: both legs are cancelled'] : [],
    confirmLabel: wanted.length === 1 ? 'Cancel it' : 'Cancel them',
    cancelLabel: 'Keep',
    signsNothing: true,
  });
  if (answer !== true) return { status: 'cancelled', ids: [], message: 'kept: nothing was changed' };
  const now = s.now();
  const targets = new Set(wanted.map((o) => o.terms.id));
  const done = await updateStanding(s.stateDir, (orders) => {
    const changed: string[] = [];
    const out = orders.map((o) => {
      if (!targets.has(o.terms.id) || o.status.state !== 'armed') return o;
      changed.push(o.terms.id);
      return { terms: o.terms, status: { ...o.status, state: 'cancelled' as const, at: now, reason } };
    });
    return { orders: changed.length ? out : orders, result: changed };
  });
  if (s.journal)
    for (const id of done)
      await recordStanding(s.journal, { time: now, order: id, event: 'cancelled', reason }).catch(() => undefined);
  const missed = [...targets].filter((id) => !done.includes(id));
  return {
    status: done.length ? 'success' : 'refused',
    ids: done,
    message: done.length
      ? `cancelled ${done.join(', ')}${missed.length ? `; ${missed.join(', ')} no longer armed` : ''}: nothing was signed`
      : `${missed.join(', ')} no longer armed: nothing was changed`,
  };
}
