// The request budget read from the rate-limit headers, and the pace it gives the scheduler.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { budgetNote, learnBudget, paceIntervals, pollingPerMinute, type Budget } from '../../src/poll/budget.js';
import { createScheduler } from '../../src/poll/scheduler.js';
import { FakeClock, controlledFetch } from '../support/fakeClock.js';
import { nth, valueAt } from '../support/narrow.js';

const T = 1_700_000_000_000;

test('the limit is current + remaining; the window is read from an answer that was alone in it', () => {
  let b = learnBudget(undefined, { remaining: 40, current: 20, reset: T / 1000 + 5 }, T);
  assert.deepEqual(
    b,
    { limit: 60, windowMs: 60_000, windowKnown: false, remaining: 40, at: T },
    'no answer alone in its window yet: the documented 60 s',
  );
  b = learnBudget(b, { remaining: 9, current: 1, reset: T / 1000 + 1 }, T);
  assert.equal(b?.limit, 10);
  assert.equal(b?.windowMs, 1_000, 'a paid tier of 10 a second');
  assert.equal(b?.windowKnown, true);
  assert.equal(learnBudget(b, undefined, T + 5), b, 'an answer without the headers changes nothing');
  assert.equal(learnBudget(b, { remaining: 9 }, T + 5), b, 'without current the limit is not known');
  assert.equal(
    learnBudget(b, { remaining: 9, current: 1, reset: T / 1000 + 1 }, T),
    b,
    'the same budget is the same object',
  );
  assert.equal(learnBudget(undefined, { remaining: 0, current: 0 }, T), undefined, 'a limit of 0 says nothing');
});

test('polling may use 70% of the rate, and less and less once under 30% is left', () => {
  const free = (remaining: number): Budget => ({ limit: 60, windowMs: 60_000, windowKnown: true, remaining, at: T });
  assert.equal(Math.round(pollingPerMinute(free(60))), 42);
  assert.equal(Math.round(pollingPerMinute(free(18))), 42);
  assert.ok(pollingPerMinute(free(12)) < 42);
  assert.ok(pollingPerMinute(free(5)) < 4, `5 of 60 left: ${pollingPerMinute(free(5))} a minute`);
  assert.equal(pollingPerMinute(free(0)), 0);
  assert.equal(
    Math.round(pollingPerMinute({ limit: 600, windowMs: 60_000, windowKnown: true, remaining: 600, at: T })),
    420,
  );
  assert.equal(budgetNote(free(30), 1_500), 'poll 1.5s');
  assert.equal(budgetNote(free(5), 20_000), 'poll 20s 5/60 left');
  assert.equal(budgetNote(undefined, 10_000), 'poll 10s');
});

test('the visible resources share what the background ones leave; pinned ones are kept; background gives way first', () => {
  const res = [
    { key: 'list', baseMs: 10_000, background: false, pinned: false },
    { key: 'prices', baseMs: 15_000, background: false, pinned: false },
    { key: 'alerts', baseMs: 30_000, background: true, pinned: false },
  ];
  // paid: 420 a minute; the visible ones as often as every second
  assert.deepEqual(Object.fromEntries(paceIntervals(res, 420, 1_000, 60_000)), {
    list: 1_000,
    prices: 1_000,
    alerts: 30_000,
  });
  // free: 42 a minute; alerts 2 a minute, the visible two share 40: every 3 s
  assert.deepEqual(Object.fromEntries(paceIntervals(res, 42, 1_000, 60_000)), {
    list: 3_000,
    prices: 3_000,
    alerts: 30_000,
  });
  // 8 a minute: the visible ones keep their own (6 + 4 = 10 > 8)... they need 10: background waits
  const tight = Object.fromEntries(paceIntervals(res, 8, 1_000, 60_000));
  assert.ok(valueAt(tight, 'list') > 10_000 && valueAt(tight, 'prices') > 15_000, JSON.stringify(tight));
  assert.equal(tight.alerts, 60_000);
  // 11 a minute: the visible ones at their own, background slower than its own
  const some = Object.fromEntries(paceIntervals(res, 11, 1_000, 60_000));
  assert.deepEqual([some.list, some.prices], [10_000, 15_000]);
  assert.ok(valueAt(some, 'alerts') > 30_000 && valueAt(some, 'alerts') <= 60_000, JSON.stringify(some));
  // a pinned pace is kept and counted first
  const pinned = Object.fromEntries(
    paceIntervals([{ ...nth(res, 0), pinned: true, baseMs: 2_000 }, nth(res, 1)], 42, 1_000, 60_000),
  );
  assert.equal(pinned.list, 2_000);
  assert.equal(pinned.prices, 5_000, '42 - 30 = 12 a minute left');
});

test('the scheduler moves a paced resource to the budget, leaves a pinned or unpaced one alone, and goes back without a budget', async () => {
  const clock = new FakeClock();
  const scheduler = createScheduler({
    now: clock.now,
    setTimer: clock.setTimer,
    clearTimer: clock.clearTimer,
    random: () => 0.5,
  });
  const list = controlledFetch<number>();
  const rpc = controlledFetch<number>();
  scheduler.register('list', { intervalMs: 10_000, paced: 'visible', fetch: list.fetch });
  scheduler.register('rpc', { intervalMs: 15_000, fetch: rpc.fetch });
  scheduler.setActive('list', true);
  scheduler.setActive('rpc', true);
  await list.succeed(1);
  assert.equal(scheduler.state('list')?.nextAt, 10_000);
  scheduler.setBudget(420, 60_000);
  assert.equal(scheduler.state('list')?.intervalMs, 1_000);
  assert.equal(scheduler.state('list')?.nextAt, 1_000, 'the timer moved');
  assert.equal(scheduler.state('rpc')?.intervalMs, 15_000, 'not a request to the service');
  await clock.advance(1_000);
  assert.equal(list.count, 2);
  await list.succeed(2);
  scheduler.setInterval('list', 5_000, { pinned: true });
  assert.equal(scheduler.state('list')?.intervalMs, 5_000, 'the person set it');
  scheduler.setInterval('list', 10_000);
  assert.equal(scheduler.state('list')?.intervalMs, 1_000);
  scheduler.setBudget(undefined);
  assert.equal(scheduler.state('list')?.intervalMs, 10_000);
  scheduler.dispose();
});
