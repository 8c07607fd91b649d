// The vault's fills told while the Vault list is not on screen, in the whole app against the
// simulator, the polling on a fake clock: with no login to the vault the dashboard asks the
// service nothing of it (the other order lists poll meanwhile); once a vault order was placed (its
// login signed then), its history is followed from any screen at the active lists' interval, and
// the keeper's fill after a price move is told as every order's fill is: a toast, N, the event.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertFits80, flatFrame, typeKeys, waitFor, waitForFrame } from '../support/ink.js';
import { startDashboard } from '../support/dashboard.js';
import { FakeClock } from '../support/fakeClock.js';
import { NATIVE_MINT } from '../../src/chain/mints.js';
import type { NotifyEvent } from '../../src/notify/event.js';
import { ACTIVE_INTERVAL_MS } from '../../screens/Orders/index.js';

const flat = flatFrame;

const fits = (frame: string) => assertFits80(frame);

test("a vault order's fill is told from another screen once the vault was logged in to; before that, nothing of the vault is asked", async (t) => {
  const clock = new FakeClock();
  const d = await startDashboard({
    columns: 80,
    rows: 24,
    screen: 'orders',
    schedulerOptions: { now: clock.now, setTimer: clock.setTimer, clearTimer: clock.clearTimer, random: () => 0.5 },
  });
  t.after(() => d.close());
  const events: NotifyEvent[] = [];
  d.services.onEvent((e) => events.push(e));
  await waitForFrame(d.app, (f) => f.includes('[Limit] DCA Standing Vault'), 8000);
  const v2 = () => d.sim.requests().filter((r) => r.path.startsWith('/trigger/v2/'));
  const limitLists = () => d.sim.requests().filter((r) => r.path.startsWith('/trigger/v1/getTriggerOrders')).length;

  // no login yet: three rounds of the order lists, and not one request of the vault's
  await typeKeys(d.app, '1');
  await waitForFrame(d.app, (f) => f.includes('[1 Tokens]'), 5000);
  const limitKey = () => d.scheduler.keys().find((k) => k.startsWith('orders/limitActive/'));
  for (let i = 0; i < 3; i++) {
    await waitFor(() => d.scheduler.state(limitKey() ?? '')?.inFlight === false, 'the limit list idle', 10_000);
    const before = limitLists();
    await clock.advance(ACTIVE_INTERVAL_MS);
    await waitFor(() => limitLists() > before, 'the limit list polled in the background', 10_000);
  }
  assert.deepEqual(v2(), [], 'nothing asked of the vault without a login');
  assert.equal(
    d.scheduler.keys().some((k) => k.includes('vault-events')),
    false,
    'no vault follower registered',
  );

  // a stop-loss from the vault placed in the bar: the login is signed then
  await typeKeys(d.app, ':', 'stop 1 SOL @120 USDC custody vault', 'enter');
  await waitForFrame(d.app, (f) => f.includes('Register a vault') && f.includes('y confirm'), 8000);
  await typeKeys(d.app, 'G', 'y');
  await waitForFrame(d.app, (f) => f.includes('Stop-loss from the vault') && f.includes('y confirm'), 8000);
  await typeKeys(d.app, 'G', 'y');
  await waitForFrame(d.app, (f) => flat(f).includes('placed (transaction'), 15_000);
  const placed = v2().find((r) => r.path === '/trigger/v2/orders/price');
  assert.ok(placed, 'the order was made');
  // the follower's first reading learns what is there
  const histories = () => v2().filter((r) => r.path.startsWith('/trigger/v2/orders/history')).length;
  await waitFor(() => d.scheduler.keys().some((k) => k.includes('vault-events')), 'the vault followed', 5000);
  await clock.advance(ACTIVE_INTERVAL_MS);
  await waitFor(() => histories() > 0, "the vault's history read", 10_000);

  // another screen: the Vault list is not shown
  await typeKeys(d.app, '1');
  await waitForFrame(d.app, (f) => f.includes('[1 Tokens]'), 5000);
  d.sim.setPrice(NATIVE_MINT, 99);
  d.sim.advance(4);
  // the next rounds of the follower (the clock's, not a sleep): the fill is told
  const followerIdle = () =>
    waitFor(
      () => d.scheduler.keys().every((k) => !k.includes('vault-events') || d.scheduler.state(k)?.inFlight === false),
      'the reading done',
      10_000,
    );
  for (let i = 0; i < 5 && !events.some((e) => e.type === 'order.filled'); i++) {
    await followerIdle();
    const before = histories();
    await clock.advance(ACTIVE_INTERVAL_MS);
    await waitFor(() => histories() > before, "the vault's history read again", 10_000);
    await followerIdle();
  }
  const filled = events.find((e) => e.type === 'order.filled');
  assert.ok(filled, `a fill told: ${JSON.stringify(events.map((e) => e.type))}`);
  assert.equal(filled.data.orderContext, 'stop_loss');
  let frame = await waitForFrame(d.app, (f) => f.includes('[1 Tokens]') && /stop-loss filled/.test(f), 5000);
  fits(frame);
  assert.match(frame, /NEW \(N\)/);
  await typeKeys(d.app, 'N');
  frame = await waitForFrame(
    d.app,
    (f) => /Vault single \S+ \(below 120\.00\) stop-loss filled: 1 SOL for/.test(flat(f)),
    5000,
  );
  fits(frame);
});
