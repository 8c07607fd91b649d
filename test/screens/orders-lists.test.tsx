// Orders screen lists and batch actions against the simulator: paging, mint filter and
// includeFailedTx (checked in the query the simulator received), cancel-all of 12 orders in three
// confirmed transactions with one failing and a retry, fill notifications, :dca with its schedule
// and minimums, watch-only.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SCREENS } from '../../screens/index.js';
import { ordersScreen } from '../../screens/Orders/index.js';
import { createLimitFromArgs } from '../../src/actions/orderFlow.js';
import { NATIVE_MINT, USDC_MINT } from '../../src/chain/mints.js';
import { createOrdersStore, type OrdersStore } from '../../src/orders/store.js';
import { answerNext } from '../support/actions.js';
import { assertFits80, typeKeys, waitFor, waitForFrame } from '../support/ink.js';
import { startDashboard, type Dashboard } from '../support/dashboard.js';
import { nth } from '../support/narrow.js';

const triggerQueries = (d: Dashboard) =>
  d.sim
    .requests()
    .filter((r) => r.path === '/trigger/v1/getTriggerOrders')
    .map((r) => r.query as Record<string, string>);
const executes = (d: Dashboard, group: string) => d.sim.requests().filter((r) => r.path === `/${group}/v1/execute`);

async function open(t: { after(fn: () => Promise<void>): void }): Promise<{ d: Dashboard; store: OrdersStore }> {
  const store = createOrdersStore();
  const screens = SCREENS.map((m) => (m.id === 'orders' ? { ...ordersScreen, createStore: () => store } : m));
  const d = await startDashboard({ columns: 80, rows: 24, screen: 'orders', screens });
  t.after(() => d.close());
  await waitForFrame(
    d.app,
    (f) => f.includes('[Limit] DCA') && (f.includes('No active limit orders') || f.includes('No wallet')),
    8000,
  );
  return { d, store };
}

async function placeLimits(d: Dashboard, store: OrdersStore, n: number) {
  for (let i = 0; i < n; i++) {
    const run = createLimitFromArgs(d.services, store, ['0.1', 'SOL', `${500 + i}`, 'USDC']);
    await answerNext(d.services, true);
    const r = await run;
    assert.equal(r.status, 'success', r.error);
  }
}

const fits = (frame: string) => assertFits80(frame, /undefined|null|NaN/);

test('12 open orders: page 1/2, PgDn asks page 2, f SOL asks inputMint, i asks includeFailedTx=true', async (t) => {
  const { d, store } = await open(t);
  await placeLimits(d, store, 12);
  await typeKeys(d.app, 'r');
  const p1 = await waitForFrame(d.app, (f) => f.includes('page 1/2'), 8000);
  fits(p1);
  assert.equal((p1.match(/SOL→USDC/g) ?? []).length, 10);
  await typeKeys(d.app, 'pagedown');
  const p2 = await waitForFrame(
    d.app,
    (f) => f.includes('page 2/2') && (f.match(/SOL→USDC/g) ?? []).length === 2,
    8000,
  );
  fits(p2);
  assert.equal(triggerQueries(d).at(-1)!.page, '2');
  await typeKeys(d.app, 'pagedown');
  await waitForFrame(d.app, (f) => f.includes('the last page'), 3000);
  await typeKeys(d.app, 'pageup');
  await waitForFrame(d.app, (f) => f.includes('page 1/2'), 8000);
  // the frame can say page 1/2 before the request for page 1 has gone out
  await waitFor(() => triggerQueries(d).at(-1)?.page === '1', 'PgUp asks page 1', 5000);

  await typeKeys(d.app, 'f', 'SOL', 'enter');
  await waitFor(() => triggerQueries(d).some((q) => q.inputMint === NATIVE_MINT), 'the filtered request', 5000);
  await waitForFrame(d.app, (f) => f.includes('sells SOL'), 3000);
  await typeKeys(d.app, 'f', 'ctrl+u', 'USDC', 'enter');
  await waitForFrame(d.app, (f) => f.includes('sells USDC') && f.includes('No active limit orders for USDC'), 8000);
  // the bought side, and the pair
  await typeKeys(d.app, 'f', 'ctrl+u', '>USDC', 'enter');
  await waitFor(
    () => triggerQueries(d).some((q) => q.outputMint === USDC_MINT && q.inputMint === undefined),
    'outputMint alone',
    5000,
  );
  await waitForFrame(d.app, (f) => f.includes('buys USDC') && f.includes('page 1/2'), 8000);
  await typeKeys(d.app, 'f', 'ctrl+u', 'SOL>USDC', 'enter');
  await waitFor(
    () => triggerQueries(d).some((q) => q.outputMint === USDC_MINT && q.inputMint === NATIVE_MINT),
    'the pair',
    5000,
  );
  await waitForFrame(d.app, (f) => f.includes('SOL→USDC') && f.includes('page 1/2'), 8000);
  // Esc closes the last outcome first, then clears the filter
  await typeKeys(d.app, 'escape', 'escape');
  await waitForFrame(d.app, (f) => f.includes('page 1/2') && !f.includes('sells'), 8000);

  assert.ok(triggerQueries(d).every((q) => q.includeFailedTx !== 'true'));
  await typeKeys(d.app, 'i');
  await waitFor(() => triggerQueries(d).some((q) => q.includeFailedTx === 'true'), 'includeFailedTx=true', 5000);
  await waitForFrame(d.app, (f) => f.includes('+failed tx'), 3000);
  // keys never trap: a number key leaves
  await typeKeys(d.app, '1');
  assert.equal(d.services.session.getState().screen, 'tokens');
});

test('X with 12 open orders: 3 transactions, each confirmed; the second fails, the others land; X again retries it', async (t) => {
  const { d, store } = await open(t);
  await placeLimits(d, store, 12);
  await typeKeys(d.app, 'r');
  await waitForFrame(d.app, (f) => f.includes('page 1/2'), 8000);
  const before = executes(d, 'trigger').length;
  d.sim.failExecute({ group: 'trigger', skip: 1, count: 1, code: 6001, error: 'simulated failure' });
  await typeKeys(d.app, 'X');
  const first = await waitForFrame(d.app, (f) => f.includes('y confirm') && f.includes('transaction 1 of 3'), 8000);
  assert.match(first, /every open limit order in 3 transactions|12 open limit orders in 3 transactions/);
  // the first dialog lists the orders it cancels, read to the end before y
  assert.match(first, /Open orders +0\.1 SOL → USDC for [\d,.]+ USDC · \w{6}…\w{6}/);
  assert.match(first, /Keep the orders <? +Sign the cancel/);
  assert.doesNotMatch(first, /Quote \d/);
  await typeKeys(d.app, 'G');
  await waitForFrame(d.app, (f) => f.includes('transaction 1 of 3') && !f.includes('more below'), 8000);
  await typeKeys(d.app, 'y');
  await waitForFrame(d.app, (f) => f.includes('y confirm') && f.includes('transaction 2 of 3'), 8000);
  assert.ok(d.services.journal);
  await typeKeys(d.app, 'y');
  await waitForFrame(d.app, (f) => f.includes('y confirm') && f.includes('transaction 3 of 3'), 8000);
  await typeKeys(d.app, 'y');
  const done = await waitForFrame(
    d.app,
    (f) => f.replace(/\s+/g, ' ').includes('Cancel all: 2 of 3 done, 1 not done (X retries what is still open)'),
    8000,
  );
  fits(done);
  assert.match(done, /tx1 success · tx2 failed · tx3 success/);
  assert.equal(executes(d, 'trigger').length - before, 3);
  // each execute follows its own journal line
  const journal = (await d.services.journal!.entries()).filter((e) => e.action === 'cancel-all-limit');
  assert.equal(journal.length, 3);
  await typeKeys(d.app, 'escape', 'r');
  await waitForFrame(d.app, (f) => f.includes('page 1/1') && (f.match(/SOL→USDC/g) ?? []).length === 5, 8000);

  await typeKeys(d.app, 'X');
  await waitForFrame(d.app, (f) => f.includes('y confirm') && f.includes('transaction 1 of 1'), 8000);
  await typeKeys(d.app, 'y');
  await waitForFrame(d.app, (f) => f.includes('Cancel all: 1 of 1 transactions done'), 8000);
  await typeKeys(d.app, 'escape');
  await waitForFrame(d.app, (f) => f.includes('No active limit orders'), 8000);
});

test("Space marks rows (a visible mark, the count in the title and the key line), Esc unmarks; :cancel-fee sets the cancels' fee; X cancels the marked five to a transaction with progress; :cancel K cu N", async (t) => {
  const { d, store } = await open(t);
  await placeLimits(d, store, 7);
  await typeKeys(d.app, 'escape', 'r');
  await waitForFrame(d.app, (f) => (f.match(/SOL→USDC/g) ?? []).length === 7 && f.includes('Space mark · X all'), 8000);
  const keys = store.getState().lists['limit/active']!.trigger.map((o) => o.orderKey);
  // Space marks the row under the cursor and moves down; on a marked row it unmarks
  await typeKeys(d.app, 'space', 'space', 'space', 'k', 'space');
  let f = await waitForFrame(d.app, (fr) => fr.includes('· 2 marked ·'), 3000);
  fits(f);
  assert.equal((f.match(/^ ?[›\s]\* SOL→USDC/gm) ?? []).length, 2, f);
  assert.ok(
    f.split('\n').some((l) => l.trim() === 'Space mark · X cancel 2 marked · Esc unmark · x cancel · n new · ? more'),
    f,
  );
  await typeKeys(d.app, 'escape');
  f = await waitForFrame(d.app, (fr) => !fr.includes('marked') && fr.includes('Space mark · X all'), 3000);
  assert.doesNotMatch(f, /\* SOL→USDC/);
  // the fee the cancels pay: a bad value is named, a good one is shown
  await typeKeys(d.app, ':', 'cancel-fee 1.5', 'enter');
  await waitForFrame(
    d.app,
    (fr) => fr.includes('✗ :cancel-fee: "1.5" is not auto or a whole number of microlamports'),
    3000,
  );
  await typeKeys(d.app, ':', 'cancel-fee 7000', 'enter');
  await waitForFrame(d.app, (fr) => fr.includes('· cancel fee 7000 ·'), 3000);
  await typeKeys(d.app, 'g', 'space', 'space', 'space', 'space', 'space', 'space');
  await waitForFrame(d.app, (fr) => fr.includes('X cancel 6 marked'), 3000);
  const before = executes(d, 'trigger').length;
  await typeKeys(d.app, 'X');
  f = await waitForFrame(
    d.app,
    (fr) => fr.includes('y confirm') && fr.includes('cancelling 1–5 of 6 (transaction 1 of 2)'),
    8000,
  );
  fits(f);
  assert.match(f, /Priority fee\s+7000 microlamports per compute unit/);
  assert.equal((f.match(/0\.1 SOL → USDC for 50\d USDC/g) ?? []).length, 5, f);
  await typeKeys(d.app, 'y');
  await waitForFrame(
    d.app,
    (fr) => fr.includes('y confirm') && fr.includes('cancelling 6 of 6 (transaction 2 of 2)'),
    8000,
  );
  await typeKeys(d.app, 'y');
  f = await waitForFrame(
    d.app,
    (fr) => fr.includes('Cancel 6 marked: 2 of 2 transactions done') && (fr.match(/SOL→USDC/g) ?? []).length === 1,
    8000,
  );
  fits(f);
  assert.doesNotMatch(f, /marked ·|\* SOL/);
  assert.equal(executes(d, 'trigger').length - before, 2);
  const sent = d.sim
    .requests()
    .filter((r) => r.path === '/trigger/v1/cancelOrders')
    .map((r) => r.body);
  assert.deepEqual(sent, [
    { maker: d.wallet.address, orders: keys.slice(0, 5), computeUnitPrice: '7000' },
    { maker: d.wallet.address, orders: keys.slice(5, 6), computeUnitPrice: '7000' },
  ]);
  // one key by command, at its own fee
  await typeKeys(d.app, ':', `cancel ${keys[6]} cu 9000`, 'enter');
  f = await waitForFrame(d.app, (fr) => fr.includes('y confirm') && fr.includes('Cancel limit order'), 8000);
  assert.match(f, /Priority fee\s+9000 microlamports per compute unit/);
  await typeKeys(d.app, 'y');
  await waitForFrame(d.app, (fr) => fr.includes('No active limit orders'), 8000);
  assert.equal(
    (
      d.sim
        .requests()
        .filter((r) => r.path === '/trigger/v1/cancelOrder')
        .at(-1)!.body as { computeUnitPrice: string }
    ).computeUnitPrice,
    '9000',
  );
  // Space on the DCA tab says why it does nothing
  await typeKeys(d.app, 't', 'space');
  await waitForFrame(d.app, (fr) => fr.includes('Space marks limit orders'), 3000);
});

test('a fill seen by the refresh: flash line and the notifications log; Enter shows the detail with the trade', async (t) => {
  const { d, store } = await open(t);
  await placeLimits(d, store, 1);
  await typeKeys(d.app, 'r');
  await waitForFrame(d.app, (f) => /SOL→USDC/.test(f) && /\b0%/.test(f), 8000);
  const key = nth(store.getState().lists['limit/active']!.trigger, 0).orderKey;
  const rung: string[] = [];
  d.services.ring = (seq) => void rung.push(seq);
  d.sim.fillTriggerOrder(key, 50);
  await typeKeys(d.app, 'r');
  const f = await waitForFrame(
    d.app,
    (fr) => fr.includes('Limit 0.1 SOL → USDC filled 50%') && fr.includes('1 NEW (N)'),
    8000,
  );
  assert.match(f, /50%/);
  assert.deepEqual(rung, ['\x07'], 'the bell rang once');
  assert.equal(d.services.notifications.getState().items.length, 1);
  await typeKeys(d.app, 'N');
  const log = await waitForFrame(d.app, (fr) => fr.includes('Notifications: 1 entry'), 3000);
  assert.match(log, /Orders +Limit 0\.1 SOL → USDC filled 50%/);
  await typeKeys(d.app, 'escape');
  await waitForFrame(d.app, (fr) => !fr.includes('1 NEW (N)') && !fr.includes('Notifications:'), 3000);
  await typeKeys(d.app, 'enter');
  const detail = await waitForFrame(d.app, (fr) => fr.includes('Limit order') && fr.includes('Trades'), 5000);
  fits(detail);
  assert.match(detail, /remaining to sell\s+0\.05 SOL/);
  await typeKeys(d.app, 'G');
  await typeKeys(d.app, 'escape');
  await waitForFrame(d.app, (fr) => fr.includes('[Limit] DCA'), 3000);
});

test(':dca shows the schedule in words; below the minimums it is refused before any request', async (t) => {
  const { d } = await open(t);
  await typeKeys(d.app, ':', 'dca 60 USDC SOL 2 1h', 'enter');
  await waitForFrame(d.app, (f) => f.includes('under the $100.00 minimum of a DCA'), 5000);
  await typeKeys(d.app, ':', 'dca 120 USDC SOL 3 1h', 'enter');
  await waitForFrame(d.app, (f) => f.replace(/\s+/g, ' ').includes('each must be at least $50.00'), 5000);
  assert.equal(d.sim.requests().filter((r) => r.path === '/recurring/v1/createOrder').length, 0);

  await typeKeys(d.app, ':', 'dca 300 USDC SOL 3 1h', 'enter');
  const dialog = await waitForFrame(d.app, (f) => f.includes('y confirm'), 8000);
  assert.match(dialog, /3 buys of 100 USDC → SOL, every 1 hour, first now, last in 2 hours/);
  assert.match(dialog, /sent as 3600 seconds/);
  await typeKeys(d.app, 'y');
  await waitForFrame(d.app, (f) => f.includes('DCA: done'), 8000);
  assert.equal(executes(d, 'recurring').length, 1);
  const body = d.sim.requests().find((r) => r.path === '/recurring/v1/createOrder')!.body as {
    params: { time: { inAmount: number; numberOfOrders: number; interval: number } };
  };
  assert.deepEqual(body.params.time, { inAmount: 300_000_000, numberOfOrders: 3, interval: 3600 });
  await typeKeys(d.app, 'escape', 'r');
  const listed = await waitForFrame(
    d.app,
    (f) => f.includes('Limit [DCA]') && /USDC→SOL\s+100 USDC\s+1h\s+[01]\/3/.test(f),
    8000,
  );
  fits(listed);
  // the interval has its column; STATUS says the order's state
  assert.match(listed, /EACH EVERY\s+DONE/);
  assert.match(listed, /\sactive\s/);
  assert.doesNotMatch(listed, /every 1 hour/);
  await typeKeys(d.app, 'x');
  await waitForFrame(d.app, (f) => f.includes('y confirm') && f.includes('Cancel DCA order'), 8000);
  await typeKeys(d.app, 'y');
  await waitForFrame(d.app, (f) => f.includes(': done'), 8000);
  assert.equal(d.sim.requests().filter((r) => r.path === '/recurring/v1/cancelOrder').length, 1);
  assert.equal(
    (d.sim.requests().find((r) => r.path === '/recurring/v1/cancelOrder')!.body as { recurringType: string })
      .recurringType,
    'time',
  );
});
