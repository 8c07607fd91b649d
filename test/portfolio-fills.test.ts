// The fills of orders placed through tradedeck are counted once each, and none is lost, when an
// order closes between the two listings fetchFills asks for (active and history): asked active
// first, the service lists it in both, open with its trades so far and closed with all of them.
// Driven against the frozen-time simulator: the "keeper" step runs right after the first listing
// is answered, which is what happens now and then on a loaded machine or a slow network (the
// screen test portfolio-fills once showed 1.5 SOL from three fills for an order of 1 SOL: the
// first fill from the active listing and again from the history one).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { ApiClient } from '../src/api/index.js';
import type { JournalState } from '../src/journal/journal.js';
import { fetchFills } from '../src/portfolio/fills.js';
import { spotPnl } from '../src/portfolio/pnl.js';
import { SOL, USDC, newWallet, rig, signed, type Rig } from './support/clientSim.js';
import { nth } from './support/narrow.js';

let r: Rig;
before(async () => {
  r = await rig();
});
after(() => r.stop());

const io = {
  decimalsOf: (m: string) => ({ [SOL]: 9, [USDC]: 6 })[m],
  priceOf: (m: string) => (m === SOL ? 150 : null),
};

function entry(group: 'trigger' | 'recurring', action: string, summary: Record<string, unknown>): JournalState {
  return {
    id: `${group}-${action}`,
    time: r.sim.kernel.clock.nowMs(),
    updatedAt: 0,
    group,
    action,
    signedTransaction: 'AA==',
    status: 'success',
    summary,
  };
}

interface Listed {
  status: string;
  orderKeys: string[];
}

type Status = 'active' | 'history';

/**
 * A listing of one group (trigger or recurring) that runs `between` (the keeper closing the order)
 * right after the first of its active and history listings is answered. When both are asked
 * before either is answered, `first` is answered first: 'active' lists the order open and history
 * then lists it closed (both carry its first fills), 'history' misses it open and active then
 * misses it closed.
 */
function racingList<P extends { orderStatus: Status }, R>(
  real: (p: P, o?: object) => Promise<R>,
  keysOf: (res: R) => string[],
  first: Status,
  between: () => void,
  listed: Listed[],
) {
  const asked = new Set<Status>();
  let answered = false;
  let release!: () => void;
  const firstAnswered = new Promise<void>((resolve) => (release = resolve));
  return async (p: P, o?: object): Promise<R> => {
    asked.add(p.orderStatus);
    await new Promise((resolve) => setImmediate(resolve)); // a listing asked along with this one has been asked by now
    if (asked.size === 2 && p.orderStatus !== first && !answered) await firstAnswered;
    const res = await real(p, o);
    listed.push({ status: p.orderStatus, orderKeys: keysOf(res) });
    if (!answered) {
      answered = true;
      between();
      release();
    }
    return res;
  };
}

/** The client with racing listings (racingList) in both groups, and what they answered in order. */
function racing(first: Status, between: () => void): { api: ApiClient; listed: Listed[] } {
  const listed: Listed[] = [];
  const api: ApiClient = {
    ...r.api,
    trigger: {
      ...r.api.trigger,
      list: racingList(r.api.trigger.list, (res) => res.orders.map((x) => x.orderKey), first, between, listed),
    },
    recurring: {
      ...r.api.recurring,
      list: racingList(r.api.recurring.list, (res) => res.time.map((x) => x.orderKey), first, between, listed),
    },
  };
  return { api, listed };
}

for (const first of ['active', 'history'] as const) {
  test(`a limit order completed between the active and the history listing (${first} answered first if asked at once): each fill counted once, the P&L holds 1 SOL at $200`, async () => {
    const w = await newWallet(r.sim);
    // buy 1 SOL for 200 USDC
    const created = await r.api.trigger.create({
      inputMint: USDC,
      outputMint: SOL,
      maker: w.address,
      payer: w.address,
      params: { makingAmount: '200000000', takingAmount: '1000000000' },
    });
    const res = await r.api.trigger.execute({
      requestId: created.requestId,
      signedTransaction: await signed(created.transaction, w),
    });
    assert.equal(res.status, 'Success', JSON.stringify(res));
    const order = created.order!;
    const entries = [entry('trigger', 'create-limit', { order, inputMint: USDC, outputMint: SOL })];
    r.sim.fillTriggerOrder(order, 50);

    // the rest fills while the listings are being asked for
    const { api, listed } = racing(first, () => assert.equal(r.sim.fillTriggerOrder(order, 50).status, 'Completed'));
    const fills = await fetchFills({ api }, w.address, entries);
    // what the Portfolio screen's Spot P&L shows: 1 SOL bought at $200, from two fills (not 1.5 SOL from three, nor nothing)
    const pnl = spotPnl(entries, io, fills);
    assert.deepEqual(
      pnl.tokens.map((t) => ({ mint: t.mint, units: t.units, avgCost: t.avgCost, unrealized: t.unrealized })),
      [{ mint: SOL, units: 1, avgCost: 200, unrealized: -50 }],
    );
    assert.equal(pnl.swaps, 2, 'two fills');
    assert.deepEqual(
      listed.map((l) => [l.status, l.orderKeys.includes(order)]),
      [
        ['active', true],
        ['history', true],
      ],
      'the order is in both listings (open with one trade, then completed with two)',
    );
    assert.deepEqual(
      fills.map((f) => [f.inRaw, f.outRaw]),
      [
        ['100000000', '500000000'],
        ['100000000', '500000000'],
      ],
      'two fills of 100 USDC for 0.5 SOL, not the first one twice',
    );
  });

  test(`a DCA order whose last cycle runs between the active and the history listing (${first} answered first if asked at once): each cycle counted once`, async () => {
    const w = await newWallet(r.sim);
    const created = await r.api.recurring.create({
      user: w.address,
      inputMint: USDC,
      outputMint: SOL,
      params: { time: { inAmount: '200000000', numberOfOrders: 2, interval: 3600 } },
    });
    const entries = [entry('recurring', 'create-dca', { inputMint: USDC, outputMint: SOL })];
    const done = await r.api.recurring.execute({
      requestId: created.requestId,
      signedTransaction: await signed(created.transaction, w),
    });
    assert.equal(done.status, 'Success', done.error ?? '');
    r.sim.advance(2); // the first cycle

    const { api, listed } = racing(first, () => r.sim.advance(3600)); // the second and last cycle
    const fills = await fetchFills({ api }, w.address, entries);
    assert.deepEqual(
      fills.map((f) => f.inRaw),
      ['100000000', '100000000'],
      'one fill of 100 USDC per cycle',
    );
    assert.ok(nth(fills, 0).time < nth(fills, 1).time, 'the two cycles, an interval apart');
    assert.deepEqual(
      listed.map((l) => [l.status, l.orderKeys.includes(done.order!)]),
      [
        ['active', true],
        ['history', true],
      ],
      'the order is in both listings (active after one cycle, then done after two)',
    );
  });
}

test('a fill listed without txId in both listings is counted once; two identical fills of one listing are two', async () => {
  const trade = { rawInputAmount: '100000000', rawOutputAmount: '500000000', confirmedAt: '2025-04-01T12:00:02.000Z' };
  const order = {
    orderKey: 'Order1111111111111111111111111111111111111',
    inputMint: USDC,
    outputMint: SOL,
    status: 'Open',
  };
  const api = {
    ...r.api,
    trigger: {
      ...r.api.trigger,
      list: async (p: { orderStatus: string }) => ({
        user: 'u',
        orderStatus: p.orderStatus,
        page: 1,
        totalPages: 1,
        // active: one fill so far; history: that one and an identical second one (same second, same amounts)
        orders:
          p.orderStatus === 'active'
            ? [{ ...order, trades: [trade] }]
            : [{ ...order, status: 'Completed', trades: [trade, trade] }],
      }),
    },
  } as unknown as ApiClient;
  const fills = await fetchFills({ api }, 'u', [entry('trigger', 'create-limit', { order: order.orderKey })]);
  assert.equal(fills.length, 2);
});
