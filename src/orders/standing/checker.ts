// The standing orders' checker: the loop the dashboard and `tradedeck watch` both run. On every
// refresh of the token catalog (the prices the polling already has) and on a timer, it reads the
// state file again when it changed, expires what is past its end, follows each trailing stop's
// high, and for an order whose listed price is near its trigger (within NEAR_BAND, 2%, on the side
// it comes from, or past it) asks the service for a quote of the order's amount: the quote, not
// the listed price, decides. Far from every trigger it asks nothing. A quote under the floor is
// not signed (the order stays armed) and told, at most once every NOTE_EVERY_MS per order; a
// quote that holds fires the order (fire.ts), exactly once across the processes on the state dir.
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Token } from '../../api/types.js';
import { explainError } from '../../actions/outcome.js';
import type { EventSpec, Services } from '../../services/index.js';
import { liveness, processIdentity } from '../../state/lock.js';
import { isFinal } from '../../journal/journal.js';
import { utcWords } from '../../actions/dateInput.js';
import { loadStanding, standingMark, updateStanding, withStatus } from './file.js';
import { fireStanding } from './fire.js';
import { standingBlocked } from './create.js';
import { recordStanding } from './records.js';
import {
  expectedNow,
  floatPriceText,
  judgeQuote,
  nearTrigger,
  scaledPrice,
  ACTIVE_STATES,
  type StandingOrder,
  type StandingTerms,
} from './terms.js';
import { priceFloat } from '../../actions/orderRequest.js';
import { amountWords, KIND_NAMES, orderLine, pairTokens, priceWords } from './words.js';
import { WATCH_LIST } from '../../alerts/coverage.js';

/** Each order's quote near its trigger at most this often; the loop's own tick (expiry, quotes near a trigger). */
export const QUOTE_EVERY_MS = 5_000;
export const TICK_MS = 5_000;
/** The same note about one order (not executed, could not quote) at most this often. */
export const NOTE_EVERY_MS = 10 * 60_000;

export interface StandingView {
  /** every order of the file (all wallets and modes: the screens show this wallet's) */
  orders: readonly StandingOrder[];
  /** the mints the watch lists must price now (standingMints), kept here so the polling sees it change */
  uncovered: readonly string[];
  /** items of the file that could not be read, and a file that cannot be read at all */
  problems: readonly string[];
  loaded: boolean;
  /** the last quote near each order's trigger: what it gave, when */
  quotes: Readonly<Record<string, { out: string; at: number }>>;
}

export interface StandingChecker {
  store: StoreApi<StandingView>;
  /** reads the file again now (after a change made here) */
  reload(): Promise<void>;
  /** one round now (reads, expires, follows highs, quotes near triggers, fires) */
  tick(): Promise<void>;
  /** runs the loop: on each catalog refresh and every TICK_MS; returns the way to stop it */
  start(): () => void;
}

/** This process's orders: its wallet's, in its mode, on its service. */
export function isMine(s: Pick<Services, 'wallet' | 'mode' | 'network'>, t: StandingTerms): boolean {
  return s.wallet !== null && t.wallet === s.wallet.address && t.mode === s.mode && t.network === s.network;
}

/** The listed price of the order's pair, quote per base, from the catalog's USD prices; undefined when unknown. */
export function listedPrice(t: StandingTerms, latest: Record<string, Token>): number | undefined {
  const b = latest[t.base]?.usdPrice;
  const q = latest[t.quote]?.usdPrice;
  return typeof b === 'number' && typeof q === 'number' && b > 0 && q > 0 && Number.isFinite(b / q) ? b / q : undefined;
}

const byServices = new WeakMap<object, StandingChecker>();

/** The one checker of these services (made on first use; the loop runs only once started). */
export function standingOf(s: Services): StandingChecker {
  let c = byServices.get(s);
  if (!c) {
    c = createChecker(s);
    byServices.set(s, c);
  }
  return c;
}

function createChecker(s: Services): StandingChecker {
  const store = createStore<StandingView>()(() => ({
    orders: [],
    uncovered: [],
    problems: [],
    loaded: false,
    quotes: {},
  }));
  let mark: string | undefined | null = null;
  const lastQuote = new Map<string, number>();
  /** the orders this checker is firing now */
  const firingNow = new Set<string>();
  const self = processIdentity();
  // each order's trigger as a float, worked out once per order read from the file (every round looks at all)
  const triggers = new WeakMap<StandingOrder, number | null>();
  const triggerOf = (o: StandingOrder): number | undefined => {
    let v = triggers.get(o);
    if (v === undefined) {
      const e = expectedNow(o.terms, o.status);
      v = e ? priceFloat(e.trigger) : null;
      triggers.set(o, v);
    }
    return v ?? undefined;
  };
  const lastNote = new Map<string, number>();
  let running: Promise<void> | undefined;
  let again = false;
  // what the last round found: an order near its trigger (quoted again on the timer), the next end
  let anyNear = false;
  let nextEnd = -Infinity;

  const note = (key: string, text: string, event?: EventSpec) => {
    const now = s.now();
    const last = lastNote.get(key);
    if (last !== undefined && now - last < NOTE_EVERY_MS) return;
    lastNote.set(key, now);
    s.notify('Standing', text, event);
  };

  async function reload(): Promise<void> {
    const m = await standingMark(s.stateDir);
    try {
      const f = await loadStanding(s.stateDir);
      mark = m;
      store.setState({ orders: f.orders, problems: f.problems, loaded: true });
      for (const p of f.problems) note(`problem:${p}`, p);
    } catch (e) {
      mark = m;
      const why = explainError(e);
      store.setState({ problems: [why], loaded: true });
      note(`file:${why}`, why);
    }
  }

  async function readIfChanged(): Promise<void> {
    const m = await standingMark(s.stateDir);
    if (mark === null || m !== mark) await reload();
  }

  /** Armed orders past their end: expired, once (the process that changes the file tells it). */
  async function expire(now: number): Promise<void> {
    const due = store
      .getState()
      .orders.filter((o) => o.status.state === 'armed' && o.terms.expiresAt <= now && isMine(s, o.terms));
    if (due.length === 0) return;
    const ids = new Set(due.map((o) => o.terms.id));
    const done = await updateStanding(s.stateDir, (orders) => {
      const changed: StandingOrder[] = [];
      const out = orders.map((o) => {
        if (!ids.has(o.terms.id) || o.status.state !== 'armed' || o.terms.expiresAt > now) return o;
        const next: StandingOrder = { terms: o.terms, status: { ...o.status, state: 'expired', at: now } };
        changed.push(next);
        return next;
      });
      return { orders: changed.length ? out : orders, result: changed };
    });
    for (const o of done) {
      await recordStanding(s.journal!, { time: now, order: o.terms.id, event: 'expired' }).catch(() => undefined);
      s.notify(
        'Standing',
        `${KIND_NAMES[o.terms.kind]} ${o.terms.id} expired unfired at ${utcWords(o.terms.expiresAt)}: ${orderLine(o)
          .replace(/^[^:]*: /, '')
          .replace(/; until .*$/, '')}`,
        {
          type: 'standing.expired',
          key: o.terms.id,
          data: eventData(o),
        },
      );
    }
    if (done.length) await reload();
  }

  /** Each trailing stop's high follows the listed price up (written when it rose). */
  async function follow(latest: Record<string, Token>): Promise<void> {
    const rose = new Map<string, string>();
    for (const o of store.getState().orders) {
      if (o.terms.kind !== 'trailing-stop' || o.status.state !== 'armed' || !isMine(s, o.terms)) continue;
      const p = listedPrice(o.terms, latest);
      const text = p === undefined ? undefined : floatPriceText(p);
      const now = scaledPrice(text);
      const high = scaledPrice(o.status.high) ?? scaledPrice(o.terms.armedPrice);
      if (now !== undefined && text !== undefined && (high === undefined || now > high)) rose.set(o.terms.id, text);
    }
    if (rose.size === 0) return;
    await updateStanding(s.stateDir, (orders) => ({
      orders: orders.map((o) => {
        const next = rose.get(o.terms.id);
        const was = scaledPrice(o.status.high) ?? 0n;
        return next !== undefined && o.status.state === 'armed' && scaledPrice(next)! > was
          ? { terms: o.terms, status: { ...o.status, high: next } }
          : o;
      }),
      result: undefined,
    }));
    await reload();
  }

  /** A firing left by a process that is gone: settled from the journal's entry of its swap. */
  async function recover(): Promise<void> {
    const stuck = store.getState().orders.filter((o) => o.status.state === 'firing' && isMine(s, o.terms));
    for (const o of stuck) {
      const owner = o.status.owner;
      // a firing of this process's own is left to it while it runs; else its process must be gone
      const mine = owner !== undefined && owner.pid === self.pid && owner.start === self.start;
      if (firingNow.has(o.terms.id)) continue;
      if (owner && !mine && (await liveness(owner)).state !== 'gone') continue;
      const entries = (
        await s.journal!.entries({ lean: true, keep: (e) => e.summary?.standing === o.terms.id })
      ).filter((e) => e.summary?.standing === o.terms.id);
      if (entries.some((e) => !isFinal(e.status))) continue; // the start-up check settles it first
      const ok = entries.find((e) => e.status === 'success');
      const sentAndFailed = entries.find((e) => e.status === 'failed' || e.status === 'expired');
      const now = s.now();
      const next = ok
        ? { state: 'fired' as const, at: now, ...(ok.signature ? { signature: ok.signature } : {}) }
        : sentAndFailed
          ? { state: 'failed' as const, at: now, reason: `its swap was sent and ${sentAndFailed.status}` }
          : { state: 'armed' as const, at: now, ...(o.status.high ? { high: o.status.high } : {}) };
      await updateStanding(s.stateDir, (orders) => {
        let out = withStatus(orders, o.terms.id, (x) => (x.status.state === 'firing' ? next : x.status));
        if (next.state === 'fired' && o.terms.oco)
          out = withStatus(out, o.terms.oco, (x) =>
            x.status.state === 'armed'
              ? { state: 'cancelled', at: now, reason: `its pair ${o.terms.id} fired` }
              : x.status,
          );
        return { orders: out, result: undefined };
      });
      await recordStanding(s.journal!, {
        time: now,
        order: o.terms.id,
        event: next.state === 'fired' ? 'fired' : next.state === 'failed' ? 'failed' : 'armed',
        reason: 'settled after its process ended',
      }).catch(() => undefined);
    }
  }

  /** Quotes the orders near their triggers (each at most every QUOTE_EVERY_MS) and fires the ones that hold. */
  async function quoteNear(latest: Record<string, Token>, now: number): Promise<void> {
    const near: Array<{ o: StandingOrder; gap: number }> = [];
    anyNear = false;
    for (const o of store.getState().orders) {
      const t = o.terms;
      if (o.status.state !== 'armed' || !isMine(s, t) || t.expiresAt <= now) continue;
      const p = listedPrice(t, latest);
      const trigger = triggerOf(o);
      if (p === undefined || trigger === undefined) continue;
      if (!nearTrigger(t.kind, p, trigger)) continue;
      anyNear = true;
      if (now - (lastQuote.get(t.id) ?? -Infinity) < QUOTE_EVERY_MS) continue;
      near.push({ o, gap: Math.abs(p - trigger) / trigger });
    }
    // the nearest first: past its trigger, an order is quoted before one that is only near
    near.sort((a, b) => a.gap - b.gap);
    for (const { o } of near) {
      const t = o.terms;
      lastQuote.set(t.id, s.now());
      let out: bigint;
      try {
        const q = await s.api.swap.quote({
          inputMint: t.sell.mint,
          outputMint: t.buy.mint,
          amount: t.amount,
          slippageBps: t.capBps,
        });
        out = BigInt(q.outAmount);
      } catch (e) {
        note(
          `quote:${t.id}`,
          `${KIND_NAMES[t.kind]} ${t.id}: no quote near its trigger (${explainError(e)}); asked again shortly`,
        );
        continue;
      }
      store.setState({ quotes: { ...store.getState().quotes, [t.id]: { out: out.toString(), at: s.now() } } });
      const verdict = judgeQuote(t, o.status, out);
      if (verdict.fire) await fire(o, out);
      else if (verdict.why === 'under-floor') notExecuted(o, verdict.out, verdict.floor);
    }
  }

  function notExecuted(o: StandingOrder, out: bigint, floor: bigint): void {
    const t = o.terms;
    const e = expectedNow(t, o.status);
    const at = e ? priceWords(e.trigger, pairTokens(t).quote) : '?';
    const short = {
      'stop-loss': 'stop',
      'take-profit': 'take-profit',
      'trailing-stop': 'trailing stop',
      'buy-above': 'buy above',
      'buy-below': 'buy below',
    }[t.kind];
    note(
      `floor:${t.id}`,
      `${short} at ${at} not executed: the best quote gives ${amountWords(out, t.buy)}, under your floor ${amountWords(floor, t.buy)}; still armed (${t.id})`,
      {
        type: 'standing.not-executed',
        // two processes that see it in the same ten minutes tell it once
        key: `${t.id}@${Math.floor(s.now() / NOTE_EVERY_MS)}`,
        data: { ...eventData(o), quoteOut: out.toString(), floor: floor.toString() },
      },
    );
  }

  async function fire(o: StandingOrder, out: bigint): Promise<void> {
    const t = o.terms;
    firingNow.add(t.id);
    let r;
    try {
      r = await fireStanding(s, t.id, { out });
    } finally {
      firingNow.delete(t.id);
    }
    if (r.status === 'fired') {
      const got = r.order.status.received;
      s.notify(
        'Standing',
        `${KIND_NAMES[t.kind]} ${t.id} fired: ${t.kind.startsWith('buy') ? 'spent' : 'sold'} ${amountWords(t.amount, t.sell)}${got ? ` for about ${amountWords(got, t.buy)}` : ''}${r.signature ? `, signature ${r.signature}` : ''}`,
        {
          type: 'standing.fired',
          key: t.id,
          data: { ...eventData(r.order), ...(r.signature ? { signature: r.signature } : {}) },
        },
      );
    } else if (r.status === 'failed') {
      s.notify('Standing', `${KIND_NAMES[t.kind]} ${t.id} failed: ${r.reason}`, {
        type: 'standing.failed',
        key: `${t.id}@failed`,
        data: { ...eventData(r.order), reason: r.reason },
      });
    } else if (r.status === 'not-executed') {
      if (r.out !== undefined && r.floor !== undefined) notExecuted(o, r.out, r.floor);
    } else if (r.status === 'later') {
      note(`later:${t.id}`, `${KIND_NAMES[t.kind]} ${t.id} not fired yet: ${r.reason}; tried again shortly`);
    }
    await reload();
  }

  async function round(): Promise<void> {
    await readIfChanged();
    // the lists the watch must poll for them: said through the store, so the polling follows it
    const uncovered = standingMints(s);
    if (uncovered !== store.getState().uncovered) store.setState({ uncovered });
    // a process that cannot sign unattended (read-only, watch-only, a Ledger, no RPC) only shows
    // them, and says once why its wallet's armed orders are not fired here
    const blocked = standingBlocked(s);
    if (blocked) {
      const armed = store.getState().orders.some((o) => o.status.state === 'armed' && isMine(s, o.terms));
      if (armed) note(`blocked:${blocked}`, `standing orders are not fired here: ${blocked}`);
      return;
    }
    const mine = store
      .getState()
      .orders.some((o) => (ACTIVE_STATES as readonly string[]).includes(o.status.state) && isMine(s, o.terms));
    if (!mine) {
      anyNear = false;
      nextEnd = Infinity;
      return;
    }
    const now = s.now();
    const latest = s.catalog.getState().latest;
    nextEnd = Math.min(
      ...store
        .getState()
        .orders.filter((o) => o.status.state === 'armed' && isMine(s, o.terms))
        .map((o) => o.terms.expiresAt),
    );
    await expire(now);
    await recover();
    // a firing left by another process is looked at again on the timer until it is settled
    const settling = store.getState().orders.some((o) => o.status.state === 'firing' && isMine(s, o.terms));
    await follow(latest);
    await quoteNear(latest, now);
    anyNear ||= settling;
  }

  async function tick(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await round();
        } catch (e) {
          note(`round:${explainError(e)}`, `standing orders: ${explainError(e)}`);
        }
      } while (again);
    })().finally(() => {
      running = undefined;
    });
    return running;
  }

  return {
    store,
    reload,
    tick,
    start() {
      let stopped = false;
      let seen = s.catalog.getState().latest;
      const off = s.catalog.subscribe((st) => {
        if (st.latest === seen || stopped) return;
        seen = st.latest;
        void tick();
      });
      // between the catalog's refreshes the timer has work only near a trigger, at an end, or
      // when the file changed (another process armed, cancelled or fired one)
      const timer = setInterval(() => {
        if (anyNear || s.now() >= nextEnd || running) return void tick();
        void standingMark(s.stateDir).then((m) => {
          if (m !== mark) void tick();
        });
      }, TICK_MS);
      timer.unref?.();
      void tick();
      return () => {
        stopped = true;
        off();
        clearInterval(timer);
      };
    },
  };
}

const mintsOf = new WeakMap<readonly StandingOrder[], readonly string[]>();

/** A mint priced by another list within this long needs no list of its own. */
export const FRESH_MS = 30_000;

/** The lists the alerts and standing orders poll for themselves (WATCH_LIST's), left out of "priced elsewhere". */
const isWatchList = (key: string) => key.endsWith(`/${WATCH_LIST.interval}/${WATCH_LIST.limit}`);

/** The mints of this process's armed orders (each order's pair), the same array while the orders are the same. */
function armedMints(s: Services): readonly string[] {
  const orders = standingOf(s).store.getState().orders;
  let mints = mintsOf.get(orders);
  if (!mints) {
    const set = new Set<string>();
    for (const o of orders)
      if (o.status.state === 'armed' && isMine(s, o.terms)) {
        set.add(o.terms.base);
        set.add(o.terms.quote);
      }
    mints = [...set];
    mintsOf.set(orders, mints);
  }
  return mints;
}

const lastUncovered = new WeakMap<object, readonly string[]>();
const NONE: readonly string[] = [];

/**
 * The mints whose prices this process's armed orders need and no list polled for something else
 * (the Tokens screen's) has given within FRESH_MS: what the background poll's watch lists must
 * cover. Far from every trigger the orders then cost nothing the polling does not do already. The
 * same array while the answer is the same.
 */
export function standingMints(s: Services): readonly string[] {
  const mints = armedMints(s);
  const last = lastUncovered.get(s) ?? NONE;
  if (mints.length === 0) return last.length ? (lastUncovered.set(s, NONE), NONE) : last;
  const lists = s.catalog.getState().lists;
  const now = s.now();
  const fresh = new Set<string>();
  for (const [key, list] of Object.entries(lists)) {
    if (isWatchList(key) || now - list.at > FRESH_MS) continue;
    for (const t of list.tokens) fresh.add(t.id);
  }
  const uncovered = mints.filter((m) => !fresh.has(m));
  if (uncovered.length === last.length && uncovered.every((m, i) => m === last[i])) return last;
  lastUncovered.set(s, uncovered);
  return uncovered;
}

/** What an event about an order carries: plain fields a channel can use. */
export function eventData(o: StandingOrder): Record<string, string | number> {
  const t = o.terms;
  return {
    id: t.id,
    kind: t.kind,
    state: o.status.state,
    sellMint: t.sell.mint,
    sellSymbol: t.sell.symbol,
    buyMint: t.buy.mint,
    buySymbol: t.buy.symbol,
    amount: t.amount,
    ...(t.trigger ? { trigger: t.trigger } : {}),
    ...(t.oco ? { oco: t.oco } : {}),
  };
}
