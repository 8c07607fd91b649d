import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createScheduler, MIN_INTERVAL_MS, MAX_INTERVAL_MS, type SchedulerOptions } from '../../src/poll/scheduler.js';
import { FakeClock, controlledFetch, settle } from '../support/fakeClock.js';
import { nth } from '../support/narrow.js';

function setup(extra: SchedulerOptions = {}) {
  const clock = new FakeClock();
  const scheduler = createScheduler({
    now: clock.now,
    setTimer: clock.setTimer,
    clearTimer: clock.clearTimer,
    random: () => 0.5,
    ...extra,
  });
  return { clock, scheduler };
}

class RateLimited extends Error {
  constructor(readonly retryAfterMs: number) {
    super('429 too many requests');
  }
}

test('an inactive resource is never fetched', async () => {
  const { clock, scheduler } = setup();
  const res = controlledFetch<number>();
  scheduler.register('tokens', { intervalMs: 5_000, fetch: res.fetch });
  await clock.advance(10 * 60_000);
  assert.equal(res.count, 0);
  assert.equal(clock.timers.size, 0);
  assert.equal(scheduler.state('tokens')?.nextAt, undefined);
  assert.equal(scheduler.requestsPerMinute(), 0);
});

test('activation fetches at once, then every interval after the last result', async () => {
  const { clock, scheduler } = setup();
  const res = controlledFetch<string>();
  const seen: [string, number][] = [];
  scheduler.register('tokens', { intervalMs: 5_000, fetch: res.fetch, onData: (d, at) => seen.push([d, at]) });
  scheduler.setActive('tokens', true);
  assert.equal(res.count, 1);
  assert.equal(scheduler.state('tokens')?.inFlight, true);

  await clock.advance(300);
  await res.succeed('first');
  assert.deepEqual(seen, [['first', 300]]);
  const s = scheduler.state<string>('tokens');
  assert.equal(s?.data, 'first');
  assert.equal(s?.fetchedAt, 300);
  assert.equal(s?.inFlight, false);
  assert.equal(s?.nextAt, 5_300);

  await clock.advance(4_999);
  assert.equal(res.count, 1);
  await clock.advance(1);
  assert.equal(res.count, 2);
});

test('deactivation stops polling; reactivation waits out fresh data and fetches stale data at once', async () => {
  const { clock, scheduler } = setup();
  const res = controlledFetch<number>();
  scheduler.register('quote', { intervalMs: 10_000, fetch: res.fetch });
  const release = scheduler.acquire('quote');
  await res.succeed(1);
  release();
  release(); // idempotent
  assert.equal(scheduler.isActive('quote'), false);
  await clock.advance(60_000);
  assert.equal(res.count, 1);
  assert.equal(scheduler.state('quote')?.stale, true);

  const again = scheduler.acquire('quote');
  assert.equal(res.count, 2, 'stale data is refetched on activation');
  await res.succeed(2);
  again();

  await clock.advance(4_000);
  scheduler.acquire('quote');
  assert.equal(res.count, 2, 'fresh data is not refetched early');
  assert.equal(scheduler.state('quote')?.nextAt, 70_000);
  await clock.advance(6_000);
  assert.equal(res.count, 3);
});

test('holders are counted: the resource stays active until the last one releases', async () => {
  const { scheduler } = setup();
  const res = controlledFetch<number>();
  scheduler.register('portfolio', { intervalMs: 30_000, fetch: res.fetch });
  const a = scheduler.acquire('portfolio');
  const b = scheduler.acquire('portfolio');
  a();
  assert.equal(scheduler.isActive('portfolio'), true);
  b();
  assert.equal(scheduler.isActive('portfolio'), false);
  scheduler.setActive('portfolio', true);
  assert.equal(scheduler.isActive('portfolio'), true);
  scheduler.setActive('portfolio', false);
  assert.equal(scheduler.isActive('portfolio'), false);
});

test('a key held before it is registered is fetched on registration', () => {
  const { scheduler } = setup();
  const res = controlledFetch<number>();
  scheduler.acquire('orders');
  scheduler.register('orders', { intervalMs: 10_000, fetch: res.fetch });
  assert.equal(res.count, 1);
});

test('never a second request while one is in flight', async () => {
  const { clock, scheduler } = setup();
  const res = controlledFetch<number>();
  scheduler.register('tokens', { intervalMs: 5_000, fetch: res.fetch });
  scheduler.setActive('tokens', true);
  await clock.advance(60_000);
  scheduler.refresh('tokens');
  scheduler.refresh();
  scheduler.setActive('tokens', false);
  scheduler.setActive('tokens', true);
  scheduler.resume();
  assert.equal(res.count, 1);
  assert.equal(scheduler.state('tokens')?.inFlight, true);
  assert.equal(scheduler.state('tokens')?.nextAt, undefined);

  await res.succeed(7);
  assert.equal(scheduler.state('tokens')?.nextAt, 65_000);
});

test('errors back off exponentially, capped, with jitter within ±20%', async () => {
  const nominal = [5_000, 10_000, 20_000, 40_000, 60_000, 60_000];
  for (const r of [0, 0.5, 0.999_999]) {
    const { clock, scheduler } = setup({ random: () => r, maxBackoffMs: 60_000 });
    const res = controlledFetch<number>();
    scheduler.register('tokens', { intervalMs: 5_000, fetch: res.fetch });
    scheduler.setActive('tokens', true);
    for (let i = 0; i < nominal.length; i++) {
      await res.fail(new Error('503'));
      const s = scheduler.state('tokens');
      assert.equal(s?.failures, i + 1);
      const delay = (s?.nextAt ?? NaN) - clock.t;
      assert.ok(
        delay >= nth(nominal, i) * 0.8 && delay < nth(nominal, i) * 1.2,
        `failure ${i + 1}, random ${r}: delay ${delay}`,
      );
      if (r === 0) assert.equal(delay, nth(nominal, i) * 0.8);
      if (r === 0.5) assert.equal(delay, nominal[i]);
      await clock.advance(delay - 1);
      assert.equal(res.count, i + 1, 'no retry before the backoff has elapsed');
      await clock.advance(1);
      assert.equal(res.count, i + 2);
    }
  }
});

test('a wait named by the server (retryAfterMs) is honoured, even by a manual refresh', async () => {
  const { clock, scheduler } = setup();
  const res = controlledFetch<number>();
  scheduler.register('tokens', { intervalMs: 5_000, fetch: res.fetch });
  scheduler.setActive('tokens', true);
  await res.fail(new RateLimited(42_000));
  assert.equal(scheduler.state('tokens')?.nextAt, 42_000);
  scheduler.refresh('tokens');
  assert.equal(res.count, 1);
  await clock.advance(41_999);
  assert.equal(res.count, 1);
  await clock.advance(1);
  assert.equal(res.count, 2);

  // A plain error's backoff can be cut short by the person pressing refresh.
  await res.fail(new Error('timeout'));
  scheduler.refresh('tokens');
  assert.equal(res.count, 3);
});

test('a retryAfterMs of zero still waits the minimum interval', async () => {
  const { clock, scheduler } = setup();
  const res = controlledFetch<number>();
  scheduler.register('tokens', { intervalMs: 5_000, fetch: res.fetch });
  scheduler.setActive('tokens', true);
  await res.fail(new RateLimited(0));
  assert.equal((scheduler.state('tokens')?.nextAt ?? 0) - clock.t, MIN_INTERVAL_MS);
});

test('the last good data stays through failures, turns stale, and recovery resets the failure count', async () => {
  const { clock, scheduler } = setup();
  const res = controlledFetch<string>();
  const errors: [unknown, number][] = [];
  scheduler.register('portfolio', {
    intervalMs: 10_000,
    fetch: res.fetch,
    onError: (err, s) => errors.push([err, s.failures]),
  });
  scheduler.setActive('portfolio', true);
  await res.succeed('v1');
  const boom = new Error('502 bad gateway');
  for (let i = 0; i < 3; i++) {
    await clock.advance(scheduler.state('portfolio')!.nextAt! - clock.t);
    await res.fail(boom);
  }
  const s = scheduler.state<string>('portfolio')!;
  assert.equal(s.data, 'v1');
  assert.equal(s.fetchedAt, 0);
  assert.equal(s.error, boom);
  assert.equal(s.failures, 3);
  assert.equal(s.stale, true);
  assert.deepEqual(errors, [
    [boom, 1],
    [boom, 2],
    [boom, 3],
  ]);

  await clock.advance(s.nextAt! - clock.t);
  await res.succeed('v2');
  const ok = scheduler.state<string>('portfolio')!;
  assert.equal(ok.data, 'v2');
  assert.equal(ok.failures, 0);
  assert.equal(ok.error, undefined);
  assert.equal(ok.stale, false);
  assert.equal(ok.nextAt, clock.t + 10_000);
});

test('stale means older than twice the interval', async () => {
  const { clock, scheduler } = setup();
  const res = controlledFetch<number>();
  scheduler.register('quote', { intervalMs: 10_000, fetch: res.fetch });
  scheduler.setActive('quote', true);
  await res.succeed(1);
  scheduler.setActive('quote', false);
  await clock.advance(20_000);
  assert.equal(scheduler.state('quote')?.stale, false);
  await clock.advance(1);
  assert.equal(scheduler.state('quote')?.stale, true);
});

test('pause stops all polling; resume fetches what went stale', async () => {
  const { clock, scheduler } = setup();
  const res = controlledFetch<number>();
  const events: (string | undefined)[] = [];
  scheduler.subscribe((key) => events.push(key));
  scheduler.register('tokens', { intervalMs: 5_000, fetch: res.fetch });
  scheduler.setActive('tokens', true);
  await res.succeed(1);

  events.length = 0;
  scheduler.pause();
  assert.equal(scheduler.isPaused(), true);
  assert.ok(events.includes(undefined), 'listeners hear about the pause');
  assert.equal(scheduler.state('tokens')?.nextAt, undefined);
  await clock.advance(60_000);
  assert.equal(res.count, 1);

  scheduler.resume();
  assert.equal(scheduler.isPaused(), false);
  assert.equal(res.count, 2);
});

test('a fetch in flight when paused completes and records its data but schedules nothing', async () => {
  const { clock, scheduler } = setup();
  const res = controlledFetch<number>();
  scheduler.register('tokens', { intervalMs: 5_000, fetch: res.fetch });
  scheduler.setActive('tokens', true);
  scheduler.pause();
  await res.succeed(9);
  assert.equal(scheduler.state('tokens')?.data, 9);
  assert.equal(scheduler.state('tokens')?.nextAt, undefined);
  await clock.advance(60_000);
  assert.equal(res.count, 1);
});

test('refresh fetches now: one key, or every active resource, also while paused', async () => {
  const { clock, scheduler } = setup();
  const a = controlledFetch<number>();
  const b = controlledFetch<number>();
  const idle = controlledFetch<number>();
  scheduler.register('a', { intervalMs: 30_000, fetch: a.fetch });
  scheduler.register('b', { intervalMs: 30_000, fetch: b.fetch });
  scheduler.register('idle', { intervalMs: 30_000, fetch: idle.fetch });
  scheduler.setActive('a', true);
  scheduler.setActive('b', true);
  await a.succeed(1);
  await b.succeed(1);
  await clock.advance(1_000);

  scheduler.refresh('a');
  assert.deepEqual([a.count, b.count, idle.count], [2, 1, 0]);
  await a.succeed(2);
  assert.equal(scheduler.state('a')?.nextAt, 31_000);

  scheduler.pause();
  scheduler.refresh();
  assert.deepEqual([a.count, b.count, idle.count], [3, 2, 0]);

  scheduler.refresh('idle');
  assert.equal(idle.count, 1, 'an explicit key is fetched even when no screen holds it');
  scheduler.refresh('unknown');
});

test('setInterval clamps, reschedules and changes the projected rate', async () => {
  const { clock, scheduler } = setup();
  const res = controlledFetch<number>();
  scheduler.register('tokens', { intervalMs: 10_000, fetch: res.fetch });
  scheduler.setActive('tokens', true);
  await res.succeed(1);
  assert.equal(scheduler.requestsPerMinute(), 6);

  assert.equal(scheduler.setInterval('tokens', 20_000), 20_000);
  assert.equal(scheduler.state('tokens')?.nextAt, 20_000);
  assert.equal(scheduler.state('tokens')?.intervalMs, 20_000);
  assert.equal(scheduler.requestsPerMinute(), 3);

  assert.equal(scheduler.setInterval('tokens', 10), MIN_INTERVAL_MS);
  assert.equal(scheduler.setInterval('tokens', Number.POSITIVE_INFINITY), MIN_INTERVAL_MS);
  assert.equal(scheduler.setInterval('tokens', 24 * 3_600_000), MAX_INTERVAL_MS);

  await clock.advance(5_000);
  scheduler.setInterval('tokens', 2_000);
  assert.equal(res.count, 2, 'shortening past the data age fetches at once');
});

test('requestsPerMinute sums the active resources only', () => {
  const { scheduler } = setup();
  const never = () => new Promise<number>(() => {});
  scheduler.register('tokens', { intervalMs: 5_000, fetch: never });
  scheduler.register('orders', { intervalMs: 10_000, fetch: never });
  scheduler.register('portfolio', { intervalMs: 30_000, fetch: never });
  scheduler.acquire('tokens');
  scheduler.acquire('orders');
  assert.equal(scheduler.requestsPerMinute(), 18);
  scheduler.acquire('portfolio');
  assert.equal(scheduler.requestsPerMinute(), 20);
  assert.ok(scheduler.requestsPerMinute() < 60);
});

test('state is the same object until something changes', async () => {
  const { scheduler } = setup();
  const res = controlledFetch<number>();
  scheduler.register('tokens', { intervalMs: 5_000, fetch: res.fetch });
  const before = scheduler.state('tokens');
  assert.equal(scheduler.state('tokens'), before);
  scheduler.setActive('tokens', true);
  const during = scheduler.state('tokens');
  assert.notEqual(during, before);
  assert.equal(scheduler.state('tokens'), during);
  assert.equal(scheduler.state('nope'), undefined);
});

test('an onData that throws counts as a failure and keeps the previous data', async () => {
  const { scheduler } = setup();
  const res = controlledFetch<number>();
  let calls = 0;
  scheduler.register('tokens', {
    intervalMs: 5_000,
    fetch: res.fetch,
    onData: (d) => {
      calls++;
      if (d < 0) throw new Error('negative');
    },
  });
  scheduler.setActive('tokens', true);
  await res.succeed(1);
  scheduler.refresh('tokens');
  await res.succeed(-1);
  const s = scheduler.state('tokens')!;
  assert.equal(calls, 2);
  assert.equal(s.data, 1);
  assert.equal(s.failures, 1);
  assert.match(String(s.error), /negative/);
});

test('unregister aborts the request in flight and ignores its result', async () => {
  const { clock, scheduler } = setup();
  const res = controlledFetch<number>();
  let delivered = 0;
  const unregister = scheduler.register('tokens', { intervalMs: 5_000, fetch: res.fetch, onData: () => delivered++ });
  scheduler.setActive('tokens', true);
  unregister();
  assert.equal(nth(res.calls, 0).signal.aborted, true);
  await res.succeed(1);
  await clock.advance(60_000);
  assert.equal(delivered, 0);
  assert.equal(res.count, 1);
  assert.equal(scheduler.state('tokens'), undefined);
  assert.deepEqual(scheduler.keys(), []);
});

test('dispose aborts requests in flight, clears every timer and delivers nothing late', async () => {
  const { clock, scheduler } = setup();
  const slow = controlledFetch<number>();
  const fast = controlledFetch<number>();
  let delivered = 0;
  scheduler.register('slow', { intervalMs: 5_000, fetch: slow.fetch, onData: () => delivered++ });
  scheduler.register('fast', { intervalMs: 5_000, fetch: fast.fetch });
  scheduler.setActive('slow', true);
  scheduler.setActive('fast', true);
  await fast.succeed(1);
  assert.equal(clock.timers.size, 1);

  let heard = 0;
  scheduler.subscribe(() => heard++);
  scheduler.dispose();
  assert.equal(nth(slow.calls, 0).signal.aborted, true);
  assert.equal(clock.timers.size, 0);
  await slow.succeed(2);
  await clock.advance(60_000);
  scheduler.refresh();
  scheduler.resume();
  assert.equal(delivered, 0);
  assert.equal(heard, 0);
  assert.deepEqual([slow.count, fast.count], [1, 1]);
  assert.throws(() => scheduler.register('late', { intervalMs: 5_000, fetch: slow.fetch }), /after dispose/);
});

test('a fetch that throws synchronously is treated as a failure', async () => {
  const { scheduler } = setup();
  scheduler.register('tokens', {
    intervalMs: 5_000,
    fetch: () => {
      throw new Error('bad params');
    },
  });
  scheduler.setActive('tokens', true);
  await settle();
  const s = scheduler.state('tokens')!;
  assert.equal(s.failures, 1);
  assert.equal(s.inFlight, false);
  assert.match(String(s.error), /bad params/);
});

test('registering a key twice is refused', () => {
  const { scheduler } = setup();
  const never = () => new Promise<number>(() => {});
  scheduler.register('tokens', { intervalMs: 5_000, fetch: never });
  assert.throws(() => scheduler.register('tokens', { intervalMs: 5_000, fetch: never }), /already registered/);
});
