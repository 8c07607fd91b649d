// `tradedeck limit|dca|cancel|cancel-all`, run as a person would (dist/cli.js) against a simulator
// this test holds: --yes signs without asking and executes once; no terminal and no --yes requests
// nothing (exit 2); input rules are named before any request; cancel-all cancels every open order.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startSignerRig, type Run, type SignerRig } from './helpers/cli.js';
import type { SimHandle } from '../src/sim/index.js';

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
const openOrders = async () =>
  ((await (await fetch(`${sim.url}/trigger/v1/getTriggerOrders?user=${address}&orderStatus=active`, { headers: { 'x-api-key': 'k' } })).json()) as { orders: Array<{ orderKey: string }> }).orders;

test('limit without a terminal and without --yes refuses before any request (exit 2)', async () => {
  const before = count('/trigger/v1/createOrder');
  const r = await run('limit', '1', 'SOL', '500', 'USDC');
  assert.equal(r.code, 2);
  assert.match(r.err, /refusing to sign: there is no terminal to ask for confirmation; pass --yes/);
  assert.equal(count('/trigger/v1/createOrder'), before);
});

test('limit with --yes prints the dialog on stderr, executes once and reports the order; bad input is named (exit 2)', async () => {
  const executes = count('/trigger/v1/execute');
  const r = await run('limit', '1', 'SOL', '500', 'USDC', 'expiry', '7d', '--yes', '--table');
  assert.equal(r.code, 0, r.err);
  assert.match(r.err, /Limit order: sell 1 SOL for 500 USDC/);
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
  const body = JSON.parse(r.out) as { status: string };
  assert.equal(body.status, 'success');
  const sent = sim.requests().filter((x) => x.path === '/recurring/v1/createOrder').at(-1)!.body as { params: { time: { interval: number; numberOfOrders: number } } };
  assert.deepEqual([sent.params.time.interval, sent.params.time.numberOfOrders], [3600, 3]);
  const low = await run('dca', '60', 'USDC', 'SOL', '3', '1h', '--yes');
  assert.equal(low.code, 2);
  assert.match(low.err, /100/);
});

test('cancel ORDER and cancel-all with --yes close the open limit orders', async () => {
  await run('limit', '1', 'SOL', '600', 'USDC', '--yes');
  await run('limit', '1', 'SOL', '700', 'USDC', '--yes');
  const orders = await openOrders();
  assert.ok(orders.length >= 2);
  const one = await run('cancel', orders[0].orderKey, '--yes');
  assert.equal(one.code, 0, one.err);
  assert.equal((await openOrders()).length, orders.length - 1);
  const all = await run('cancel-all', '--yes', '--table');
  assert.equal(all.code, 0, all.err);
  assert.match(all.out, /Cancel all: 1 of 1 transactions done/);
  assert.equal((await openOrders()).length, 0);
  const none = await run('cancel', 'NoSuchOrder1111111111111111111111111111111', '--yes');
  assert.equal(none.code, 2);
});
