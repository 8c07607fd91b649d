// What the Orders lists and `tradedeck watch` tell when a wallet's active orders change: a fill
// (part or whole), a DCA cycle, an order past its expiry that left, one that left before it, and
// nothing for an order cancelled here. Same happening, same event key.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { RecurringOrder, TriggerOrder } from '../src/api/types.js';
import { orderChanges, type OrdersReading } from '../src/actions/orderChanges.js';
import { createTokensStore } from '../src/store/tokens.js';
import { nth } from './support/narrow.js';
import { NATIVE_MINT as SOL, USDC_MINT as USDC } from '../src/chain/mints.js';

const NOW = Date.UTC(2026, 10, 27, 12);
const s = { catalog: createTokensStore(), now: () => NOW };
const limit = (key: string, over: Partial<TriggerOrder> = {}) =>
  ({
    orderKey: key,
    inputMint: SOL,
    outputMint: USDC,
    rawMakingAmount: '1000000000',
    rawRemainingMakingAmount: '1000000000',
    trades: [],
    ...over,
  }) as unknown as TriggerOrder;
const dca = (key: string, trades: number) =>
  ({
    orderKey: key,
    inputMint: USDC,
    outputMint: SOL,
    rawInDeposited: '300000000',
    trades: Array.from({ length: trades }, () => ({})),
  }) as unknown as RecurringOrder;
const reading = (trigger: TriggerOrder[], time: RecurringOrder[] = []): OrdersReading => ({
  paramsKey: 'w/active',
  totalPages: 1,
  trigger,
  time,
});

test('fills, cycles, expiries and closes each told once, with the event a channel gets', () => {
  const prev = reading(
    [limit('A'), limit('B'), limit('C', { expiredAt: new Date(NOW - 1000).toISOString() }), limit('D'), limit('E')],
    [dca('F', 1)],
  );
  const next = reading(
    [
      limit('A', { rawRemainingMakingAmount: '400000000', trades: [{}] as never }),
      limit('B', { rawRemainingMakingAmount: '0', trades: [{}, {}] as never }),
    ],
    [dca('F', 2)],
  );
  const changes = orderChanges(s, prev, next, ['E']);
  assert.deepEqual(
    changes.map((c) => [c.event.type, c.event.key]),
    [
      ['order.partly_filled', 'A#1'],
      ['order.filled', 'B#2'],
      ['order.partly_filled', 'F#2'],
      ['order.expired', 'C#closed'],
      ['order.completed', 'D#closed'],
    ],
  );
  assert.match(nth(changes, 0).text, /^Limit 1 SOL → USDC filled 60%$/);
  assert.equal(nth(changes, 3).text, 'Limit 1 SOL → USDC expired; what was not filled went back to the wallet');
  // no history read: what became of it is not known, and it is not called filled
  assert.equal(nth(changes, 4).text, 'Limit 1 SOL → USDC closed; not in the history read: see History');
  assert.equal(nth(changes, 0).event.data?.filledPercent, 60);
  // read again unchanged: nothing more
  assert.deepEqual(orderChanges(s, next, next), []);
  // lists asked differently, or several pages: orders missing from one are not taken as closed
  assert.deepEqual(orderChanges(s, prev, { ...reading([]), paramsKey: 'other' }), []);
  assert.deepEqual(orderChanges(s, prev, { ...reading([]), totalPages: 2 }), []);
});

const trade = (input: string, output: string) => ({ rawInputAmount: input, rawOutputAmount: output });

test("an order that left is told from the service's history: filled with its trades' amounts, cancelled elsewhere, expired", () => {
  const soon = new Date(NOW + 3_600_000).toISOString();
  const past = new Date(NOW - 1000).toISOString();
  const prev = reading(
    [limit('F', { expiredAt: soon }), limit('X', { expiredAt: soon }), limit('E', { expiredAt: past })],
    [dca('D1', 1), dca('D2', 1)],
  );
  const next = reading([]);
  const closed = {
    trigger: new Map([
      [
        'F',
        limit('F', {
          status: 'Completed',
          rawRemainingMakingAmount: '0',
          trades: [trade('400000000', '60000000'), trade('600000000', '90500000')] as never,
        }),
      ],
      ['X', limit('X', { status: 'Cancelled', expiredAt: soon })],
      // the service closed it with "Cancelled", but past its expiry: it expired
      ['E', limit('E', { status: 'Cancelled', expiredAt: past, trades: [trade('250000000', '37000000')] as never })],
    ]),
    time: new Map([
      ['D1', { ...dca('D1', 1), userClosed: true } as RecurringOrder],
      [
        'D2',
        {
          ...dca('D2', 2),
          userClosed: false,
          trades: [trade('150000000', '1000000000'), trade('150000000', '990000000')],
        } as unknown as RecurringOrder,
      ],
    ]),
  };
  const changes = orderChanges(s, prev, next, [], closed);
  assert.deepEqual(
    changes.map((c) => [c.event.type, c.event.key, c.text]),
    [
      ['order.filled', 'F#2', 'Limit 1 SOL → USDC filled: 1 SOL sold for 150.5 USDC'],
      ['order.cancelled', 'X#closed', 'Limit 1 SOL → USDC cancelled outside this tradedeck'],
      [
        'order.expired',
        'E#closed',
        'Limit 1 SOL → USDC expired after 0.25 SOL sold for 37 USDC; what was not filled went back to the wallet',
      ],
      ['order.cancelled', 'D1#closed', 'DCA 300 USDC → SOL cancelled outside this tradedeck'],
      ['order.filled', 'D2#2', 'DCA 300 USDC → SOL filled: all 2 cycles ran, 300 USDC sold for 1.99 SOL'],
    ],
  );
  assert.deepEqual(nth(changes, 0).event.data, {
    orderKey: 'F',
    inputMint: SOL,
    outputMint: USDC,
    kind: 'limit',
    fills: 2,
    filledPercent: 100,
    rawInputAmount: '1000000000',
    rawOutputAmount: '150500000',
    inputAmount: '1',
    inputSymbol: 'SOL',
    outputAmount: '150.5',
    outputSymbol: 'USDC',
  });
  // a fill seen in the active list first, then the order gone: the one fill event has one key
  const seen = orderChanges(
    s,
    reading([limit('F', { trades: [trade('400000000', '60000000')] as never })]),
    reading([limit('F', { rawRemainingMakingAmount: '0', trades: closed.trigger.get('F')!.trades as never })]),
  );
  assert.deepEqual(
    seen.map((c) => [c.event.type, c.event.key, c.text]),
    [['order.filled', 'F#2', 'Limit 1 SOL → USDC filled 100%: 1 SOL sold for 150.5 USDC']],
  );
});
