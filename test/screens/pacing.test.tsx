// The dashboard paced by the account's request budget: the header says the visible screen's pace
// and, when under 20% is left, what is left; a paid key's list comes every second; an interval
// the person sets with + stays as set. At 80 columns.
import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { cleanup } from 'ink-testing-library';
import { FakeClock } from '../support/fakeClock.js';
import { typeKeys, waitFor, waitForFrame } from '../support/ink.js';
import { startDashboard, type Dashboard } from '../support/dashboard.js';
import { PORTFOLIO_INTERVAL_MS } from '../../screens/Portfolio/params.js';
import { nth, valueAt } from '../support/narrow.js';

const open: Dashboard[] = [];
afterEach(async () => {
  for (const d of open.splice(0)) await d.close();
  cleanup();
});

const LIST = '/tokens/v2/toporganicscore/1h';

async function limited(apiKey: string): Promise<{ d: Dashboard; clock: FakeClock; key: () => string }> {
  const clock = new FakeClock();
  const d = await startDashboard({
    columns: 80,
    rows: 24,
    config: { apiKey },
    schedulerOptions: { now: clock.now, setTimer: clock.setTimer, clearTimer: clock.clearTimer, random: () => 0.5 },
  });
  open.push(d);
  await waitForFrame(d.app, (f) => /^›\s+1\s/m.test(f), 10_000);
  const res = await fetch(`${d.sim.url}/__sim/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ rateLimitPerMinute: 60 }),
  });
  assert.equal(res.status, 200);
  const key = () => nth(valueAt(d.stores.session.getState().resources, 'tokens'), 0);
  await waitFor(() => d.scheduler.state(key())?.inFlight === false, 'the first list answered', 10_000);
  return { d, clock, key };
}

const header = (frame: string) => nth(frame.split('\n'), 0);

describe('polling paced by the request budget', () => {
  it('a paid key: the header says every second, and the list is asked every second', async () => {
    const { d, clock, key } = await limited('paid-dashboard');
    await clock.advance(10_000);
    const frame = await waitForFrame(d.app, (f) => header(f).includes('poll 1s'), 10_000);
    assert.ok(header(frame).length <= 80);
    const before = d.tokenRequests().filter((r) => r.path === LIST).length;
    for (let i = 0; i < 5; i++) {
      await waitFor(() => d.scheduler.state(key())?.inFlight === false, 'the list answered', 10_000);
      await clock.advance(1_000);
    }
    await waitFor(
      () => d.tokenRequests().filter((r) => r.path === LIST).length >= before + 5,
      'five list requests in five seconds',
      10_000,
    );
    assert.ok(
      d.sim.requests().every((r) => r.status !== 429),
      'no 429',
    );
    // + pins the pace: the budget does not move it back
    await typeKeys(d.app, '+');
    await waitForFrame(d.app, (f) => /poll [2-9]s/.test(header(f)), 5_000);
    assert.ok(d.scheduler.state(key())!.intervalMs > 1_000);
    // Portfolio: its API read is paced; the RPC balances and the local journal are not the API's
    await typeKeys(d.app, '5');
    const keyOf = (id: string) =>
      d.stores.session.getState().resources.portfolio?.find((k) => k.startsWith(`portfolio/${id}/`));
    await waitFor(
      () =>
        ['positions', 'balances', 'journal'].every((id) => keyOf(id) !== undefined && d.scheduler.isActive(keyOf(id)!)),
      'the Portfolio resources held',
      10_000,
    );
    await waitFor(() => d.scheduler.state(keyOf('positions')!)?.intervalMs === 1_000, 'positions paced to 1 s', 10_000);
    assert.equal(d.scheduler.state(keyOf('balances')!)?.intervalMs, PORTFOLIO_INTERVAL_MS);
    assert.equal(d.scheduler.state(keyOf('journal')!)?.intervalMs, PORTFOLIO_INTERVAL_MS);
  });

  it('a free key with little left: the header shows what is left and the pace slows past the own 10 s', async () => {
    const { d, clock, key } = await limited('free-dashboard');
    // the account's other client uses most of the minute
    for (let i = 0; i < 53; i++)
      await fetch(`${d.sim.url}${LIST}?limit=1`, { headers: { 'x-api-key': 'free-dashboard' } });
    await clock.advance(10_000);
    // slower than the list's own 10 s, with what is left beside it
    const slowed = (f: string) => {
      const m = /poll (\d+)s (\d+)\/60 left/.exec(header(f));
      return m !== null && Number(m[1]) > 10 && Number(m[2]) < 12;
    };
    const frame = await waitForFrame(d.app, slowed, 10_000);
    assert.ok(header(frame).length <= 80, header(frame));
    await waitFor(() => d.scheduler.state(key())?.inFlight === false, 'the list answered', 10_000);
    assert.ok(d.scheduler.state(key())!.intervalMs > 10_000, `every ${d.scheduler.state(key())!.intervalMs} ms`);
    assert.ok(
      d.sim.requests().every((r) => r.status !== 429),
      'no 429',
    );
  });
});
