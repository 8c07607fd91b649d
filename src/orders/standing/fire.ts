// Firing a standing order: exactly once across every tradedeck process on the state directory.
// The firing takes the state directory's signing turn, reads the order again under it (another
// process may have fired, cancelled or expired it meanwhile, or fired its OCO partner), compares
// its stored terms with the ones the journal recorded when they were confirmed (any difference is
// refused, never fired), marks it firing in the file and the journal, and only then runs the swap
// through the one pipeline: a fresh quote of the order's amount with a slippage that keeps its
// least output at or above the floor, the transaction inspected and simulated, and an unattended
// confirmation that says yes only when the measured balance changes are within the confirmed
// terms (the same two tokens, at most the amount paid, at least the floor received). Outside them
// nothing is signed. What became of it is written back to the file and the journal, and told.
import { NATIVE_MINT } from '../../chain/mints.js';
import { runSigned } from '../../actions/run.js';
import { routeSwapAction, type FactToken } from '../../actions/swapTransactions.js';
import { tradeTokens } from '../../actions/tokenFacts.js';
import type { BalanceEffect } from '../../pipeline/effect.js';
import { BuildRefusal, type ActionResult, type Built, type ConfirmAnswer } from '../../pipeline/types.js';
import type { Services } from '../../services/index.js';
import { processIdentity, type SigningTurn } from '../../state/lock.js';
import { unattendedRefusal } from '../../wallet/keypair.js';
import { updateStanding, withStatus } from './file.js';
import { confirmedTerms, recordStanding } from './records.js';
import {
  expectedNow,
  judgeQuote,
  termsDiffer,
  termsDigest,
  type StandingOrder,
  type StandingStatus,
  type StandingTerms,
} from './terms.js';
import { amountWords, KIND_NAMES, conditionWords } from './words.js';

export type FireOutcome =
  /** the swap went through: the order is fired (and its OCO partner cancelled) */
  | { status: 'fired'; order: StandingOrder; signature?: string }
  /** refused for good (its terms edited, the transaction outside them, the swap sent and failed): the order failed */
  | { status: 'failed'; order: StandingOrder; reason: string }
  /** not signed, the order still armed: the quote fell under the floor or the condition no longer holds */
  | { status: 'not-executed'; reason: string; out?: bigint; floor?: bigint }
  /** not tried now (the turn taken for long, the service not answering, another process on it): tried again later */
  | { status: 'later'; reason: string }
  /** nothing to do: fired, cancelled or expired meanwhile, or its partner fired */
  | { status: 'gone' };

/** Why a build was given up without signing, and whether the order stays armed for it. */
class Held extends BuildRefusal {
  constructor(
    message: string,
    readonly out?: bigint,
    readonly floor?: bigint,
  ) {
    super(message);
  }
}

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** The slippage of the firing's quote: what keeps its least output at or above the floor, at most the cap. */
export function firingSlippage(out: bigint, floor: bigint, capBps: number): number {
  if (out <= 0n || out < floor) return 0;
  const room = Number(((out - floor) * 10_000n) / out);
  return Math.max(0, Math.min(capBps, room));
}

/**
 * The measured effect is within the terms: only these two tokens moved, at most the amount paid,
 * at least `floor` received, by this wallet. Undefined when it is; else why not.
 */
export function outsideTerms(t: StandingTerms, effect: BalanceEffect, built: Built, floor: bigint): string | undefined {
  const mints = new Set(built.expect.tokens.map((x) => x.mint));
  if (mints.size !== 2 || !mints.has(t.sell.mint) || !mints.has(t.buy.mint))
    return 'the swap built is of other tokens than the order names';
  if (built.expect.receiver !== undefined || effect.receiver) return 'the swap would send its output to another wallet';
  const amount = BigInt(t.amount);
  const paid = t.sell.mint === NATIVE_MINT ? -effect.sol - effect.fees : -(effect.tokens[t.sell.mint] ?? 0n);
  if (paid > amount)
    return `the swap would take ${amountWords(paid, t.sell)}, more than the ${amountWords(amount, t.sell)} confirmed`;
  const got = t.buy.mint === NATIVE_MINT ? effect.sol + effect.fees : (effect.tokens[t.buy.mint] ?? 0n);
  if (got < floor)
    return `the swap would give ${amountWords(got > 0n ? got : 0n, t.buy)}, under the floor of ${amountWords(floor, t.buy)}`;
  for (const [mint, delta] of Object.entries(effect.tokens))
    if (delta < 0n && mint !== t.sell.mint) return `the swap would also take ${mint} from the wallet`;
  return undefined;
}

/** Why the stored terms may not fire: none recorded, or they differ from the ones confirmed. */
async function editedWhy(s: Services, t: StandingTerms): Promise<string | undefined> {
  const recorded = await confirmedTerms(s.journal!.path, t.id);
  if (!recorded) return 'no confirmed terms of it are recorded in the journal: refused, never fired';
  if (recorded.digest === termsDigest(t)) return undefined;
  const fields = termsDiffer(t, recorded.terms);
  return `its stored terms differ from the ones confirmed (${fields.slice(0, 4).join(', ') || 'digest'}): refused, never fired`;
}

/** The order's status after this firing, written under the file's lock with its partner's; the record in the journal. */
async function settle(
  s: Services,
  t: StandingTerms,
  next: StandingStatus,
  journal: { event: 'fired' | 'failed' | 'armed'; reason?: string; signature?: string },
): Promise<StandingOrder | undefined> {
  const now = s.now();
  const changed = await updateStanding(s.stateDir, (orders) => {
    let out = withStatus(orders, t.id, (o) => ({ ...next, ...(o.status.high ? { high: o.status.high } : {}) }));
    // one cancels the other, in the same write
    if (journal.event === 'fired' && t.oco)
      out = withStatus(out, t.oco, (o) =>
        o.status.state === 'armed' ? { state: 'cancelled', at: now, reason: `its pair ${t.id} fired` } : o.status,
      );
    return { orders: out, result: out.find((o) => o.terms.id === t.id) };
  });
  await recordStanding(s.journal!, { time: now, order: t.id, ...journal }).catch(() => undefined);
  if (journal.event === 'fired' && t.oco)
    await recordStanding(s.journal!, {
      time: now,
      order: t.oco,
      event: 'cancelled',
      reason: `its pair ${t.id} fired`,
    }).catch(() => undefined);
  return changed;
}

export interface FireOptions {
  /** the quote that found the condition holding: what the firing's slippage is made from */
  out: bigint;
  /** status lines while it runs */
  onStatus?(text: string): void;
}

/**
 * Fires order `id` (of this wallet) if it is still armed when this process has the signing turn.
 * Never throws for what the service, the chain or the file do: the outcome says it.
 */
export async function fireStanding(s: Services, id: string, o: FireOptions): Promise<FireOutcome> {
  if (!s.wallet || !s.journal) return { status: 'later', reason: 'no wallet or journal to sign with' };
  const refusal = unattendedRefusal(s.wallet);
  if (refusal) return { status: 'later', reason: refusal };
  let turn: SigningTurn;
  try {
    turn = await s.signingTurn(o.onStatus);
  } catch (e) {
    return { status: 'later', reason: message(e) };
  }
  try {
    return await underTurn(s, id, o, turn);
  } finally {
    await turn.release();
  }
}

async function underTurn(s: Services, id: string, o: FireOptions, turn: SigningTurn): Promise<FireOutcome> {
  const now = s.now();
  // the order as it is now, and its partner's state, read under the turn: a second process finds it fired
  let found: StandingOrder | undefined;
  let partner: StandingOrder | undefined;
  try {
    await updateStanding(s.stateDir, (orders) => {
      found = orders.find((x) => x.terms.id === id);
      partner = found?.terms.oco ? orders.find((x) => x.terms.id === found!.terms.oco) : undefined;
      return { orders, result: undefined };
    });
  } catch (e) {
    return { status: 'later', reason: message(e) };
  }
  if (!found || found.status.state !== 'armed') return { status: 'gone' };
  // the other leg of its pair firing or fired: this one is cancelled by it, never fired
  if (partner && (partner.status.state === 'firing' || partner.status.state === 'fired')) return { status: 'gone' };
  if (found.terms.expiresAt <= now) return { status: 'gone' };
  const t = found.terms;
  const edited = await editedWhy(s, t);
  if (edited) {
    const order = await settle(s, t, { state: 'failed', at: now, reason: edited }, { event: 'failed', reason: edited });
    return { status: 'failed', order: order ?? found, reason: edited };
  }
  const e = expectedNow(t, found.status);
  if (!e) return { status: 'not-executed', reason: 'its trigger cannot be worked out' };
  // the chain's facts of both mints (decimals as confirmed, the token programs)
  const facts = await tradeTokens(s, [t.sell, t.buy]);
  if (typeof facts === 'string') return { status: 'later', reason: facts };
  // tradeTokens answers one fact per token asked, in order
  const [input, output] = facts.map((f): FactToken => ({
    mint: f.mint,
    symbol: f.symbol,
    decimals: f.decimals,
    program: f.program,
  })) as [FactToken, FactToken];

  // marked firing before anything is asked of the service: from here no other process fires it
  const owner = processIdentity();
  const status = found.status;
  try {
    await updateStanding(s.stateDir, (orders) => ({
      orders: withStatus(orders, id, (x) => ({ ...x.status, state: 'firing', at: s.now(), owner })),
      result: undefined,
    }));
    await recordStanding(s.journal!, { time: s.now(), order: id, event: 'firing', owner });
  } catch (e2) {
    return { status: 'later', reason: message(e2) };
  }

  const slippageBps = firingSlippage(o.out, e.floor, t.capBps);
  const inner = routeSwapAction({
    route: s,
    // the swap group of whichever generation the service serves (nothing beyond the pair and amount)
    choice: { generation: s.generation.current(), v1Because: [] },
    wallet: s.wallet!.address,
    input,
    output,
    params: { inputMint: t.sell.mint, outputMint: t.buy.mint, amount: t.amount, slippageBps },
    now: () => s.now(),
  });
  let quoted: bigint | undefined;
  let held: Held | undefined;
  const label = `${KIND_NAMES[t.kind]} ${t.id} fired: ${conditionWords(t, status).replace(/^When /, 'when ')}`;
  const spec = {
    ...inner,
    async build(): Promise<Built> {
      const built = await inner.build();
      const out = BigInt(String(built.summary.outAmount ?? '0'));
      const least = built.expect.receives[t.buy.mint] ?? 0n;
      const verdict = judgeQuote(t, status, out);
      if (!verdict.fire)
        throw (held =
          verdict.why === 'under-floor'
            ? new Held(
                `the best quote gives ${amountWords(out, t.buy)}, under the floor of ${amountWords(e.floor, t.buy)}`,
                out,
                e.floor,
              )
            : new Held('the condition no longer holds on a fresh quote'));
      if (least < e.floor)
        throw (held = new Held(
          `the swap's least output, ${amountWords(least, t.buy)}, is under the floor of ${amountWords(e.floor, t.buy)}`,
          out,
          e.floor,
        ));
      quoted = out;
      // what the transaction must do: at most the amount paid, at least the floor received (the
      // same object: the swap action describes what it built by it)
      built.expect = {
        ...built.expect,
        receives: { ...built.expect.receives, [t.buy.mint]: least > e.floor ? least : e.floor },
      };
      built.summary = { ...built.summary, standing: t.id, label };
      return built;
    },
  };
  let outside: string | undefined;
  const confirm = async (req: { effect: BalanceEffect; built: Built }): Promise<ConfirmAnswer> => {
    outside = outsideTerms(t, req.effect, req.built, e.floor);
    return outside ? 'cancel' : 'confirm';
  };
  let result: ActionResult;
  try {
    result = await runSigned(spec, s, 'rpc', { onStatus: o.onStatus, unattended: { confirm, turn } });
  } catch (err) {
    result = { status: 'failed', stage: 'build', error: message(err), transactions: [] };
  }
  return outcomeOf(s, t, status, result, { outside, quoted, held });
}

/** What the pipeline's result makes of the order. */
async function outcomeOf(
  s: Services,
  t: StandingTerms,
  before: StandingStatus,
  r: ActionResult,
  seen: { outside?: string; quoted?: bigint; held?: Held },
): Promise<FireOutcome> {
  const { outside, quoted, held } = seen;
  const now = s.now();
  const armed = async (reason: string) => {
    await settle(
      s,
      t,
      { state: 'armed', at: now, ...(before.high ? { high: before.high } : {}) },
      { event: 'armed', reason },
    );
  };
  const failed = async (reason: string): Promise<FireOutcome> => {
    const order = await settle(s, t, { state: 'failed', at: now, reason }, { event: 'failed', reason });
    return { status: 'failed', order: order ?? { terms: t, status: { state: 'failed', at: now, reason } }, reason };
  };
  if (r.status === 'success') {
    const next: StandingStatus = {
      state: 'fired',
      at: now,
      ...(r.signature ? { signature: r.signature } : {}),
      paid: t.amount,
      ...(quoted !== undefined ? { received: quoted.toString() } : {}),
    };
    const order = await settle(s, t, next, { event: 'fired', ...(r.signature ? { signature: r.signature } : {}) });
    return {
      status: 'fired',
      order: order ?? { terms: t, status: next },
      ...(r.signature ? { signature: r.signature } : {}),
    };
  }
  const sent = r.transactions.length > 0;
  if (r.status === 'unknown') {
    // sent, its outcome not seen: it stays firing until the journal's entry is settled (recover.ts)
    const reason = 'its swap was sent; its outcome is not known yet';
    await updateStanding(s.stateDir, (orders) => ({
      orders: withStatus(orders, t.id, (x) => ({ ...x.status, reason })),
      result: undefined,
    })).catch(() => undefined);
    return { status: 'later', reason: `${reason}${r.error ? ` (${r.error})` : ''}` };
  }
  if (sent) return failed(`its swap was sent and failed: ${r.error ?? r.status}`);
  if (held && r.stage === 'build') {
    await armed(held.message);
    return {
      status: 'not-executed',
      reason: held.message,
      ...(held.out !== undefined ? { out: held.out } : {}),
      ...(held.floor !== undefined ? { floor: held.floor } : {}),
    };
  }
  if (r.status === 'cancelled' && outside) return failed(`not signed: ${outside}`);
  // signing unavailable for now (paused: no RPC answers), or the simulation not to be had from the
  // RPC: nothing was wrong with the transaction, so the order stays armed and is tried again
  const unavailable =
    r.stage === 'wallet' || (r.stage === 'simulate' && /could not be simulated|no RPC URL/.test(r.error ?? ''));
  if (r.status === 'refused' && !unavailable) return failed(`not signed: ${r.error ?? 'refused'}`);
  // the service or the RPC did not answer, the quote aged, the turn or the disk: nothing signed, tried again
  await armed(r.error ?? r.status);
  return { status: 'later', reason: `not signed: ${r.error ?? r.status}` };
}
