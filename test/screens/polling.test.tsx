// Polling through the dashboard: only the visible screen's resources are fetched, failures back
// off and recover with the last good data kept, p/r/+/- act on the scheduler, and the default
// intervals keep the dashboard far below the service's 60 requests a minute.
import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { cleanup } from 'ink-testing-library';
import { SCREENS } from '../../screens/index.js';
import { RPC_HEALTH_KEY } from '../../screens/shell/polling.js';
import { FakeClock } from '../support/fakeClock.js';
import { typeKeys, waitFor, waitForFrame } from '../support/ink.js';
import { startDashboard, type Dashboard } from '../support/dashboard.js';
import { nth, valueAt } from '../support/narrow.js';

const open: Dashboard[] = [];
afterEach(async () => {
  for (const d of open.splice(0)) await d.close();
  cleanup();
});

async function withClock(): Promise<{ d: Dashboard; clock: FakeClock; key: () => string }> {
  const clock = new FakeClock();
  const d = await startDashboard({
    schedulerOptions: { now: clock.now, setTimer: clock.setTimer, clearTimer: clock.clearTimer, random: () => 0.5 },
  });
  open.push(d);
  await waitForFrame(d.app, (f) => /^›\s+1\s/m.test(f), 10_000);
  const key = () => nth(valueAt(d.stores.session.getState().resources, 'tokens'), 0);
  return { d, clock, key };
}

/** Requests a minute of the active resources whose key starts with `prefix` (e.g. "tokens/"). */
const rpmOf = (d: Dashboard, prefix: string) =>
  d.scheduler
    .keys()
    .filter((k) => k.startsWith(prefix) && d.scheduler.isActive(k))
    .reduce((n, k) => n + 60_000 / d.scheduler.state(k)!.intervalMs, 0);
/** Keys of resources polled in the background (e.g. open orders, for fill notices; the RPC health probe). */
const backgroundPrefixes = [
  ...SCREENS.flatMap((m) => m.resources.filter((r) => r.background).map((r) => `${m.id}/${r.id}/`)),
  RPC_HEALTH_KEY,
];
const idle = (d: Dashboard, key: string) =>
  waitFor(() => d.scheduler.state(key)?.inFlight === false, 'no request in flight', 10_000);
const setFaults = async (d: Dashboard, body: object) => {
  const res = await fetch(`${d.sim.url}/__sim/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  assert.equal(res.status, 200);
};

describe('dashboard polling', () => {
  it('polls the Tokens list while it is shown and never while another screen is', async () => {
    const { d, clock, key } = await withClock();
    await idle(d, key());
    const first = d.tokenRequests().length;
    await clock.advance(10_000);
    await waitFor(() => d.tokenRequests().length === first + 1, 'the 10 s poll', 10_000);
    await idle(d, key());

    await typeKeys(d.app, '2');
    await waitForFrame(d.app, (f) => f.includes(`[2 ${nth(SCREENS, 1).title}`) && !/^›\s+1\s/m.test(f), 5000);
    const hiddenAt = d.tokenRequests().length;
    assert.equal(d.scheduler.isActive(key()), false);
    const active = d.scheduler.keys().filter((k) => d.scheduler.isActive(k));
    assert.deepEqual(
      active.filter((k) => !backgroundPrefixes.some((p) => k.startsWith(p))),
      [],
      'only background resources are held',
    );
    d.sim.advance(600);
    await clock.advance(10 * 60_000);
    // the fake clock fired every timer due in those ten minutes: a poll would be in flight or logged
    assert.equal(d.scheduler.state(key())?.inFlight, false, 'no token poll started');
    assert.equal(
      d.tokenRequests().length,
      hiddenAt,
      `no token request while the ${nth(SCREENS, 1).title} screen is shown`,
    );

    // back on Tokens: the last data at once, and a fetch since it is due
    await typeKeys(d.app, '1');
    await waitForFrame(d.app, (f) => /^›\s+1\s/m.test(f), 5000);
    await waitFor(() => d.tokenRequests().length === hiddenAt + 1, 'a fetch on return', 10_000);
  });

  it('a failing list backs off (10 s, 20 s, 40 s), keeps the last rows, says so, and recovers', async () => {
    const { d, clock, key } = await withClock();
    await idle(d, key());
    await setFaults(d, { faultRate: 1 });
    const delays: number[] = [];
    for (let failure = 1; failure <= 3; failure++) {
      const state = d.scheduler.state(key())!;
      const before = d.tokenRequests().length;
      // nothing is sent before the time is up
      await clock.advance(state.nextAt! - clock.t - 1);
      assert.equal(d.tokenRequests().length, before);
      await clock.advance(1);
      await waitFor(() => d.scheduler.state(key())?.failures === failure, `failure ${failure}`, 10_000);
      const after = d.scheduler.state(key())!;
      delays.push(after.nextAt! - clock.t);
    }
    assert.deepEqual(delays, [10_000, 20_000, 40_000]);
    const failing = await waitForFrame(d.app, (f) => f.includes('✗') && f.includes('retry in'), 5000);
    assert.match(failing, /^›\s+1\s/m, 'the last good rows stay');
    assert.match(failing, /api (DOWN|DEGRADED)/);

    await setFaults(d, { faultRate: 0 });
    await clock.advance(d.scheduler.state(key())!.nextAt! - clock.t);
    await waitFor(
      () => d.scheduler.state(key())?.failures === 0 && d.scheduler.state(key())?.error === undefined,
      'recovery',
      10_000,
    );
    const ok = await waitForFrame(d.app, (f) => !f.includes('✗') && f.includes('api ok'), 5000);
    assert.match(ok, /every 10s/);
  });

  it('p pauses (r still refreshes once), + and - change the interval of the shown screen', async () => {
    const { d, clock, key } = await withClock();
    await idle(d, key());
    await typeKeys(d.app, 'p');
    await waitForFrame(d.app, (f) => f.includes('PAUSED'), 5000);
    const before = d.tokenRequests().length;
    await clock.advance(60_000);
    // the fake clock fired every timer due in that minute: a poll would be in flight or logged
    assert.equal(d.scheduler.state(key())?.inFlight, false, 'no token poll started while paused');
    assert.equal(d.tokenRequests().length, before);
    await typeKeys(d.app, 'r');
    await waitFor(() => d.tokenRequests().length === before + 1, 'manual refresh', 10_000);
    await typeKeys(d.app, 'p');
    await waitForFrame(d.app, (f) => !f.includes('PAUSED'), 5000);

    // + polls more often, - less often
    await typeKeys(d.app, '+');
    await waitFor(() => d.scheduler.state(key())?.intervalMs === 5_000, 'interval 5 s', 5000);
    await typeKeys(d.app, '-', '-');
    await waitFor(() => d.scheduler.state(key())?.intervalMs === 15_000, 'interval 15 s', 5000);
    await waitForFrame(d.app, (f) => f.includes('every 15s'), 5000);
    assert.equal(rpmOf(d, 'tokens/'), 4);
    // a new list (another category) keeps the screen's interval
    await typeKeys(d.app, 'c');
    await waitFor(
      () => d.scheduler.state(key())?.intervalMs === 15_000 && key().includes('toptraded'),
      'the new list at 15 s',
      5000,
    );
  });

  it('the default intervals keep every screen under 60 requests a minute', async () => {
    const { d } = await withClock();
    for (let i = 0; i < SCREENS.length; i++) {
      await typeKeys(d.app, String(i + 1));
      await waitFor(() => d.stores.session.getState().screen === nth(SCREENS, i).id, nth(SCREENS, i).id, 5000);
      const rpm = d.scheduler.requestsPerMinute();
      assert.ok(rpm < 60, `${nth(SCREENS, i).id}: ${rpm} requests a minute`);
    }
    await typeKeys(d.app, '1');
    await waitFor(() => rpmOf(d, 'tokens/') === 6, 'tokens every 10 s: 6 a minute', 5000);
  });
});
