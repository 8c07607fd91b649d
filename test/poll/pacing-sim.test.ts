// Polling paced by the simulator's rate-limit headers, over real loopback HTTP: the client's
// request events teach the session the budget, the budget paces the scheduler (on its fake clock),
// and the simulator's request log says what was asked and answered.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startSim, type SimHandle } from '../../src/sim/index.js';
import { createApiClient } from '../../src/api/index.js';
import { createSessionStore } from '../../src/store/session.js';
import { applyBudget } from '../../src/poll/budget.js';
import { createScheduler, type Scheduler } from '../../src/poll/scheduler.js';
import { FakeClock } from '../support/fakeClock.js';
import { nth } from '../support/narrow.js';

const LIST = '/tokens/v2/toptraded/1h';

/** A dashboard's polling path without the screens: one visible list resource at 10 s. */
function rig(sim: SimHandle, apiKey: string) {
  const clock = new FakeClock();
  const session = createSessionStore({
    mode: 'demo',
    modeLabel: 'SIMULATED',
    wallet: null,
    screen: 'tokens',
    intervals: {},
  });
  const api = createApiClient({
    baseUrl: sim.url,
    apiKey,
    retries: 0,
    onRequest: (e) => session.getState().recordRequest(e, clock.now()),
  });
  const scheduler = createScheduler({
    now: clock.now,
    setTimer: clock.setTimer,
    clearTimer: clock.clearTimer,
    random: () => 0.5,
  });
  session.subscribe((s, prev) => {
    if (s.budget !== prev.budget) applyBudget(scheduler, s.budget);
  });
  scheduler.register('tokens/list', {
    intervalMs: 10_000,
    paced: 'visible',
    fetch: (signal) => api.tokens.list({ category: 'toptraded', interval: '1h', limit: 5 }, { signal }),
  });
  return { clock, session, scheduler };
}

/** Resolves once no fetch of `key` is in flight (the answer came over the socket). */
function answered(scheduler: Scheduler, key: string): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (scheduler.state(key)?.inFlight === false) {
        off();
        resolve();
      }
    };
    const off = scheduler.subscribe(check);
    check();
  });
}

/** Moves the fake clock to the next poll of `key` and waits for its answer; returns when it started. */
async function nextPoll(clock: FakeClock, scheduler: Scheduler, key: string): Promise<number> {
  const at = scheduler.state(key)?.nextAt;
  assert.ok(at !== undefined, 'a poll is due');
  await clock.advance(at - clock.t);
  await answered(scheduler, key);
  return at;
}

const lists = (sim: SimHandle, since: number) =>
  sim
    .requests()
    .slice(since)
    .filter((r) => r.path === LIST);

test('a free key with 5 of 60 left: polling slows below its own 10 s before any 429', async () => {
  const sim = await startSim({ seed: 3, rateLimitPerMinute: 60, rateLimitGroups: ['tokens'] });
  try {
    const key = 'free-key';
    // the account's other client has used 54 of its 60: the first poll's answer says 5 left
    for (let i = 0; i < 54; i++)
      assert.equal((await fetch(`${sim.url}${LIST}?limit=1`, { headers: { 'x-api-key': key } })).status, 200);
    const mark = sim.requests().length;
    const { clock, session, scheduler } = rig(sim, key);
    scheduler.setActive('tokens/list', true);
    await answered(scheduler, 'tokens/list');
    assert.equal(session.getState().budget?.limit, 60);
    assert.equal(session.getState().budget?.remaining, 5);
    const gaps: number[] = [];
    let last = 0;
    for (let i = 0; i < 3; i++) {
      const at = await nextPoll(clock, scheduler, 'tokens/list');
      gaps.push(at - last);
      last = at;
    }
    const log = lists(sim, mark);
    assert.deepEqual(
      log.map((r) => r.status),
      [200, 200, 200, 200],
      'no 429: every poll was answered',
    );
    assert.ok(
      gaps.every((g) => g > 10_000),
      `every gap longer than the resource's own 10 s: ${gaps.join(', ')} ms`,
    );
    assert.ok(
      nth(gaps, 1) >= nth(gaps, 0) && nth(gaps, 2) >= nth(gaps, 1),
      `slower as less is left: ${gaps.join(', ')} ms`,
    );
    assert.equal(session.getState().budget?.remaining, 2);
    scheduler.dispose();
  } finally {
    await sim.stop();
  }
});

test('a paid key (600 a minute): the visible list is asked at least once a second', async () => {
  const sim = await startSim({ seed: 3, rateLimitPerMinute: 60, rateLimitGroups: ['tokens'] });
  try {
    const mark = sim.requests().length;
    const { clock, session, scheduler } = rig(sim, 'paid-key');
    scheduler.setActive('tokens/list', true);
    await answered(scheduler, 'tokens/list');
    assert.equal(session.getState().budget?.limit, 600);
    const starts: number[] = [];
    while (clock.t < 10_000) starts.push(await nextPoll(clock, scheduler, 'tokens/list'));
    const log = lists(sim, mark);
    assert.ok(log.length >= 11, `${log.length} list requests in 10 s`);
    assert.ok(log.every((r) => r.status === 200));
    assert.ok(
      starts.every((t, i) => t - (i === 0 ? 0 : starts[i - 1]!) <= 1_000),
      `polls at ${starts.join(', ')}`,
    );
    assert.equal(scheduler.state('tokens/list')?.intervalMs, 1_000);
    scheduler.dispose();
  } finally {
    await sim.stop();
  }
});
