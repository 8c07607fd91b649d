// `tradedeck limit|dca|cancel|cancel-all`, run as a person would (dist/cli.js) against a simulator
// this test holds: --yes signs without asking and executes once; no terminal and no --yes requests
// nothing (exit 2); input rules are named before any request; cancel-all cancels every open order.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startSignerRig, type Run, type SignerRig } from './support/cli.js';
import type { SimHandle } from '../src/sim/index.js';
import { nth } from './support/narrow.js';
import { USDC_MINT } from '../src/chain/mints.js';

let rig: SignerRig;
let sim: SimHandle;
let address: string;

before(async () => {
  rig = await startSignerRig(13, 'td-headless-orders-');
  ({ sim, address } = rig);
});
after(() => rig.close());

const run = (...args: string[]): Promise<Run> => rig.run(...args);

const count = (path: string) => sim.requests().filter((r) => r.path === path).length;
const ordersOf = async (status: 'active' | 'history') =>
  (
    (await (
      await fetch(`${sim.url}/trigger/v1/getTriggerOrders?user=${address}&orderStatus=${status}`, {
        headers: { 'x-api-key': 'k' },
      })
    ).json()) as { orders: Array<{ orderKey: string }> }
  ).orders;
const openOrders = () => ordersOf('active');

test('limit without a terminal and without --yes refuses before any request (exit 2)', async () => {
  const before = count('/trigger/v1/createOrder');
  const r = await run('limit', '1', 'SOL', '500', 'USDC');
  assert.equal(r.code, 2);
  assert.match(r.err, /refusing to sign: there is no terminal to ask for confirmation; pass --yes/);
  assert.equal(count('/trigger/v1/createOrder'), before);
});

test('limit with --yes prints the dialog on stderr, executes once and reports the order; bad input is named (exit 2)', async () => {
  const executes = count('/trigger/v1/execute');
  const r = await run('limit', '1', 'SOL', '200', 'USDC', 'expiry', '7d', '--yes', '--table');
  assert.equal(r.code, 0, r.err);
  assert.match(r.err, /Limit order: sell 1 SOL for 200 USDC/);
  assert.match(r.err, /Limit price\s+1 SOL = 200\.00 USDC · 1 USDC = 0\.005000 SOL/);
  assert.match(r.err, /You receive\s+200 USDC ≈ \$\d/);
  assert.match(r.err, /--yes: signing without asking/);
  assert.match(r.out, /Limit order/);
  assert.equal(count('/trigger/v1/execute'), executes + 1);
  assert.equal((await openOrders()).length, 1);

  const creates = count('/trigger/v1/createOrder');
  const small = await run('limit', '0.01', 'SOL', '3', 'USDC', '--yes');
  assert.equal(small.code, 2);
  assert.match(small.err, /under the \$5\.00 minimum/);
  assert.match(small.err, /usage: tradedeck limit AMOUNT SELL/);
  const stray = await run('limit', '1', 'SOL', '--yes');
  assert.equal(stray.code, 2);
  assert.equal(count('/trigger/v1/createOrder'), creates);
});

test('dca with --yes places a recurring order; its minimums are checked first', async () => {
  const r = await run('dca', '300', 'USDC', 'SOL', '3', '1h', '--yes', '--json');
  assert.equal(r.code, 0, r.err);
  const body = JSON.parse(r.out) as { status: string; orderKey?: string };
  assert.equal(body.status, 'success');
  // the new order's key, as the service's list names it
  const listed = (await (
    await fetch(
      `${sim.url}/recurring/v1/getRecurringOrders?user=${address}&orderStatus=active&recurringType=time&page=1&includeFailedTx=false`,
      {
        headers: { 'x-api-key': 'k' },
      },
    )
  ).json()) as { time: Array<{ orderKey: string }> };
  assert.ok(body.orderKey && listed.time.some((o) => o.orderKey === body.orderKey), r.out);
  const sent = sim
    .requests()
    .filter((x) => x.path === '/recurring/v1/createOrder')
    .at(-1)!.body as { params: { time: { interval: number; numberOfOrders: number } } };
  assert.deepEqual([sent.params.time.interval, sent.params.time.numberOfOrders], [3600, 3]);
  const low = await run('dca', '60', 'USDC', 'SOL', '3', '1h', '--yes');
  assert.equal(low.code, 2);
  assert.match(low.err, /100/);
});

test('cancel ORDER and cancel-all with --yes close the open limit orders', async () => {
  await run('limit', '1', 'SOL', '190', 'USDC', '--yes');
  await run('limit', '1', 'SOL', '@195', 'USDC', '--yes');
  const orders = await openOrders();
  assert.ok(orders.length >= 2);
  const one = await run('cancel', nth(orders, 0).orderKey, '--yes');
  assert.equal(one.code, 0, one.err);
  assert.equal((await openOrders()).length, orders.length - 1);
  const all = await run('cancel-all', '--yes', '--table');
  assert.equal(all.code, 0, all.err);
  assert.match(all.out, /Cancel all: 1 of 1 transactions done/);
  assert.equal((await openOrders()).length, 0);
  const none = await run('cancel', 'NoSuchOrder1111111111111111111111111111111', '--yes');
  assert.equal(none.code, 2);
  // nothing open: said plainly, exit 0, no cancelOrders request, no key of the dashboard
  const cancels = count('/trigger/v1/cancelOrders');
  const nothing = await run('cancel-all', '--yes', '--table');
  assert.equal(nothing.code, 0, nothing.err);
  assert.match(nothing.out, /^Cancel all: nothing to cancel \(no open limit orders\)$/m);
  assert.doesNotMatch(nothing.out + nothing.err, /HTTP 400|\bX\b/);
  assert.equal(count('/trigger/v1/cancelOrders'), cancels);
  const json = await run('cancel-all', '--yes', '--json');
  assert.equal(json.code, 0, json.err);
  assert.equal((JSON.parse(json.out) as { status: string }).status, 'nothing to cancel');
});

test('limit @P BASE/QUOTE is exchange notation: 1 SOL @160 SOL/USDC USDC sells 1 SOL for 160 USDC; a wrong unit is refused (exit 2) before any request', async () => {
  const creates = count('/trigger/v1/createOrder');
  for (const [unit, re] of [
    [
      'USDC/SOL',
      /^tradedeck limit: price unit: @160 USDC\/SOL says 1 USDC costs 160 SOL, but the market is 1 USDC = 0\.\d+ SOL; for 1 SOL at 160 USDC write @160 SOL\/USDC/m,
    ],
    [
      'SOL/BONK',
      /^tradedeck limit: price unit: "SOL\/BONK" does not name this order's two tokens; write SOL\/USDC \(1 SOL costs 160 USDC\) or USDC\/SOL/m,
    ],
  ] as const) {
    const r = await run('limit', '1', 'SOL', '@160', unit, 'USDC', '--yes');
    assert.equal(r.code, 2, r.err);
    assert.match(r.err, re);
  }
  assert.equal(count('/trigger/v1/createOrder'), creates, 'nothing was requested');
  const placed = await run('limit', '1', 'SOL', '@160', 'SOL/USDC', 'USDC', '--yes', '--allow-off-market', '--json');
  assert.equal(placed.code, 0, placed.err);
  assert.match(placed.err, /Limit order: sell 1 SOL for 160 USDC/);
  const body = sim
    .requests()
    .filter((x) => x.path === '/trigger/v1/createOrder')
    .at(-1)!.body as { params: { makingAmount: string; takingAmount: string } };
  assert.deepEqual([body.params.makingAmount, body.params.takingAmount], ['1000000000', '160000000']);
});

test('limit @PRICE is in the quote asset; with --yes a price far from the market is refused (exit 2) unless --allow-off-market', async () => {
  const creates = count('/trigger/v1/createOrder');
  // buying SOL at 500 USDC each (the market is near 150): over 5% lost at once
  const far = await run('limit', '100', 'USDC', '@500', 'SOL', '--yes');
  assert.equal(far.code, 2);
  assert.match(
    far.err,
    /^tradedeck limit: price 1 SOL = 500\.00 USDC · 1 USDC = 0\.002000 SOL: it would fill at once, at a loss of \d+\.\d\d% against the market \(over 5%\); nothing was sent\. Check the price, or add --allow-off-market to --yes to place it anyway$/m,
  );
  // a decimal comma and a pair with no quote asset: named, exit 2
  const comma = await run('limit', '1,5', 'SOL', '300', 'USDC', '--yes');
  assert.equal(comma.code, 2);
  assert.match(comma.err, /amount "1,5": a comma only groups thousands \(1,500\); for a decimal write 1\.5/);
  assert.equal(count('/trigger/v1/createOrder'), creates, 'nothing was requested');
  // the explicit flag places it, the dialog having said why it is risky
  const placed = await run('limit', '100', 'USDC', '@500', 'SOL', '--yes', '--allow-off-market', '--json');
  assert.equal(placed.code, 0, placed.err);
  const key = (JSON.parse(placed.out) as { orderKey?: string }).orderKey;
  // an order this far over the market may be filled by the keeper before it is looked for: open or in the history
  const known = [...(await openOrders()), ...(await ordersOf('history'))];
  assert.ok(key && known.some((o) => o.orderKey === key), `the JSON names the new order: ${placed.out}`);
  assert.match(placed.out, new RegExp(`"lines":\\["Order ${key}"`));
  assert.match(placed.err, /Limit order: buy 0\.2 SOL for 100 USDC/);
  assert.match(placed.err, /warning: Type yes to place it: it would fill at once/);
  const body = sim
    .requests()
    .filter((x) => x.path === '/trigger/v1/createOrder')
    .at(-1)!.body as { inputMint: string; params: { makingAmount: string; takingAmount: string } };
  assert.deepEqual(
    [body.inputMint, body.params.makingAmount, body.params.takingAmount],
    [USDC_MINT, '100000000', '200000000'],
  );
});
