// What the Orders lists and `tradedeck watch` tell when a wallet's active orders change: a fill
// (part or whole), a DCA cycle, an order past its expiry that left, one that left before it, and
// nothing for an order cancelled here. Same happening, same event key.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { RecurringOrder, TriggerOrder } from '../src/api/types.js';
import { orderChanges, type OrdersReading } from '../src/orders/changes.js';
import { createTokensStore } from '../src/store/tokens.js';

const SOL = 'So11111111111111111111111111111111111111112';
const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
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
      ['order.partly-filled', 'A#1'],
      ['order.filled', 'B#2'],
      ['order.partly-filled', 'F#2'],
      ['order.expired', 'C#closed'],
      ['order.completed', 'D#closed'],
    ],
  );
  assert.match(changes[0].text, /^Limit 1 SOL → USDC filled 60%$/);
  assert.match(changes[3].text, /expired \(see History\)/);
  assert.equal(changes[0].event.data?.filledPercent, 60);
  // read again unchanged: nothing more
  assert.deepEqual(orderChanges(s, next, next), []);
  // lists asked differently, or several pages: orders missing from one are not taken as closed
  assert.deepEqual(orderChanges(s, prev, { ...reading([]), paramsKey: 'other' }), []);
  assert.deepEqual(orderChanges(s, prev, { ...reading([]), totalPages: 2 }), []);
});
