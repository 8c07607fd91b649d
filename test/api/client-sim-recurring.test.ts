// The client against the simulator: recurring orders listed, created, cancelled, withdrawn from
// (deprecated price orders) and executed, with real signatures and balances read over RPC.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import {
  SOL,
  USDC,
  newWallet,
  onlyRequest,
  rig,
  signed,
  tokenBalance,
  type Rig,
  type TestWallet,
} from '../support/clientSim.js';
import { nth } from '../support/narrow.js';

let r: Rig;
before(async () => {
  r = await rig();
});
after(() => r.stop());

const list = (w: TestWallet, orderStatus: 'active' | 'history', recurringType: 'time' | 'price' | 'all' = 'time') =>
  r.api.recurring.list({ recurringType, orderStatus, user: w.address, page: 1, mint: null, includeFailedTx: false });

test('time order: create, execute, list, a keeper cycle, cancel, history', async () => {
  const w = await newWallet(r.sim);
  const usdcBefore = await tokenBalance(r.rpc, w.address, USDC);
  const m = r.mark();
  const created = await r.api.recurring.create({
    user: w.address,
    inputMint: USDC,
    outputMint: SOL,
    params: { time: { inAmount: '200000000', numberOfOrders: 2, interval: 3600 } },
  });
  const got = onlyRequest(r, m, 'POST', '/recurring/v1/createOrder');
  assert.deepEqual(got.body, {
    user: w.address,
    inputMint: USDC,
    outputMint: SOL,
    params: { time: { inAmount: 200000000, numberOfOrders: 2, interval: 3600 } },
  });
  assert.equal(got.apiKeyPresent, true);

  const signedTx = await signed(created.transaction, w);
  const m2 = r.mark();
  const done = await r.api.recurring.execute({ requestId: created.requestId, signedTransaction: signedTx });
  assert.equal(done.status, 'Success', done.error ?? '');
  assert.equal(done.error ?? null, null, 'error null, or left out');
  assert.equal(typeof done.order, 'string');
  assert.deepEqual(onlyRequest(r, m2, 'POST', '/recurring/v1/execute').body, {
    requestId: created.requestId,
    signedTransaction: signedTx,
  });
  assert.equal(usdcBefore - (await tokenBalance(r.rpc, w.address, USDC)), 200_000_000n, 'the deposit left the wallet');
  const again = await r.api.recurring.execute({ requestId: created.requestId, signedTransaction: signedTx });
  assert.deepEqual(again, done);
  assert.equal(usdcBefore - (await tokenBalance(r.rpc, w.address, USDC)), 200_000_000n, 'deposited once');

  const m3 = r.mark();
  const active = await list(w, 'active');
  assert.deepEqual(onlyRequest(r, m3, 'GET', '/recurring/v1/getRecurringOrders').query, {
    recurringType: 'time',
    orderStatus: 'active',
    user: w.address,
    page: '1',
    includeFailedTx: 'false',
  });
  assert.deepEqual(
    active.time.map((o) => o.orderKey),
    [done.order],
  );
  assert.equal(nth(active.time, 0).rawInDeposited, '200000000');

  const solBefore = await r.rpc.getBalance(w.address);
  r.sim.advance(2);
  const cycled = await list(w, 'active');
  assert.equal(nth(cycled.time, 0).trades?.length, 1, 'the first cycle ran');
  assert.equal(nth(cycled.time, 0).rawInUsed, '100000000');
  assert.ok((await r.rpc.getBalance(w.address)) > solBefore, 'the cycle paid out SOL');

  const m4 = r.mark();
  const cancel = await r.api.recurring.cancel({ order: done.order!, recurringType: 'time', user: w.address });
  assert.deepEqual(onlyRequest(r, m4, 'POST', '/recurring/v1/cancelOrder').body, {
    order: done.order,
    recurringType: 'time',
    user: w.address,
  });
  const closed = await r.api.recurring.execute({
    requestId: cancel.requestId,
    signedTransaction: await signed(cancel.transaction, w),
  });
  assert.equal(closed.status, 'Success', closed.error ?? '');
  assert.equal(usdcBefore - (await tokenBalance(r.rpc, w.address, USDC)), 100_000_000n, 'the unspent half came back');
  assert.deepEqual((await list(w, 'active')).time, []);
  const history = await list(w, 'history');
  assert.equal(nth(history.time, 0).orderKey, done.order);
  assert.equal(nth(history.time, 0).userClosed, true);
  assert.equal(typeof nth(history.time, 0).closeTx, 'string');
});

test('deprecated price order: priceWithdraw takes part of the deposit back', async () => {
  const w = await newWallet(r.sim);
  const created = await r.api.recurring.create({
    user: w.address,
    inputMint: USDC,
    outputMint: SOL,
    params: { price: { depositAmount: '500000000', incrementUsdcValue: '100000000', interval: 86_400 } },
  });
  const opened = await r.api.recurring.execute({
    requestId: created.requestId,
    signedTransaction: await signed(created.transaction, w),
  });
  assert.equal(opened.status, 'Success', opened.error ?? '');
  const listed = await list(w, 'active', 'price');
  assert.equal(listed.price?.length, 1);

  const before = await tokenBalance(r.rpc, w.address, USDC);
  const m = r.mark();
  const withdraw = await r.api.recurring.priceWithdraw({
    inputOrOutput: 'In',
    order: opened.order!,
    user: w.address,
    amount: '25000000',
  });
  assert.deepEqual(onlyRequest(r, m, 'POST', '/recurring/v1/priceWithdraw').body, {
    inputOrOutput: 'In',
    order: opened.order,
    user: w.address,
    amount: '25000000',
  });
  const res = await r.api.recurring.execute({
    requestId: withdraw.requestId,
    signedTransaction: await signed(withdraw.transaction, w),
  });
  assert.equal(res.status, 'Success', res.error ?? '');
  assert.equal((await tokenBalance(r.rpc, w.address, USDC)) - before, 25_000_000n);
});
