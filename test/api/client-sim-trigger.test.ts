// The client against the simulator: trigger orders listed, created, cancelled one by one and all
// at once (5 per transaction), executed with real signatures.
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

/** sells 0.1 SOL for 1000 USDC, far above the market, so the order stays open */
async function openOrder(w: TestWallet, making = '100000000'): Promise<string> {
  const created = await r.api.trigger.create({
    inputMint: SOL,
    outputMint: USDC,
    maker: w.address,
    payer: w.address,
    params: { makingAmount: making, takingAmount: '1000000000' },
  });
  assert.equal(typeof created.order, 'string');
  const res = await r.api.trigger.execute({
    requestId: created.requestId,
    signedTransaction: await signed(created.transaction, w),
  });
  assert.equal(res.status, 'Success', JSON.stringify(res));
  return created.order!;
}

test('create and execute: the escrow takes the input, the order is listed as open; the same transaction again has one effect', async () => {
  const w = await newWallet(r.sim);
  const solBefore = await r.rpc.getBalance(w.address);
  const m = r.mark();
  const created = await r.api.trigger.create({
    inputMint: SOL,
    outputMint: USDC,
    maker: w.address,
    payer: w.address,
    params: { makingAmount: '200000000', takingAmount: '900000000', slippageBps: '0' },
    computeUnitPrice: 'auto',
  });
  const got = onlyRequest(r, m, 'POST', '/trigger/v1/createOrder');
  assert.deepEqual(got.body, {
    inputMint: SOL,
    outputMint: USDC,
    maker: w.address,
    payer: w.address,
    params: { makingAmount: '200000000', takingAmount: '900000000', slippageBps: '0' },
    computeUnitPrice: 'auto',
  });
  assert.equal(got.apiKeyPresent, true);

  const signedTx = await signed(created.transaction, w);
  const m2 = r.mark();
  const res = await r.api.trigger.execute({ requestId: created.requestId, signedTransaction: signedTx });
  assert.equal(res.status, 'Success');
  assert.equal(res.code ?? 0, 0, 'code 0, or left out on a success');
  assert.equal(typeof res.signature, 'string');
  assert.deepEqual(onlyRequest(r, m2, 'POST', '/trigger/v1/execute').body, {
    requestId: created.requestId,
    signedTransaction: signedTx,
  });
  const spent = solBefore - (await r.rpc.getBalance(w.address));
  assert.ok(spent >= 200_000_000n && spent < 201_000_000n, `spent ${spent}`);
  assert.deepEqual(await r.api.trigger.execute({ requestId: created.requestId, signedTransaction: signedTx }), res);
  assert.equal(solBefore - (await r.rpc.getBalance(w.address)), spent, 'escrowed once');

  const m3 = r.mark();
  const listed = await r.api.trigger.list({
    user: w.address,
    orderStatus: 'active',
    page: 1,
    includeFailedTx: false,
    inputMint: SOL,
  });
  assert.deepEqual(onlyRequest(r, m3, 'GET', '/trigger/v1/getTriggerOrders').query, {
    user: w.address,
    orderStatus: 'active',
    page: '1',
    includeFailedTx: 'false',
    inputMint: SOL,
  });
  assert.deepEqual(
    listed.orders.map((o) => o.orderKey),
    [created.order],
  );
  assert.equal(nth(listed.orders, 0).status, 'Open');
  assert.equal(nth(listed.orders, 0).rawMakingAmount, '200000000');
  const none = await r.api.trigger.list({ user: w.address, orderStatus: 'active', outputMint: SOL });
  assert.deepEqual(none.orders, [], 'the output filter reaches the simulator');
});

test('cancel one order: the escrow comes back and the order moves to history', async () => {
  const w = await newWallet(r.sim);
  const order = await openOrder(w);
  const before = await r.rpc.getBalance(w.address);
  const m = r.mark();
  const cancel = await r.api.trigger.cancel({ maker: w.address, order });
  assert.deepEqual(onlyRequest(r, m, 'POST', '/trigger/v1/cancelOrder').body, { maker: w.address, order });
  const res = await r.api.trigger.execute({
    requestId: cancel.requestId,
    signedTransaction: await signed(cancel.transaction, w),
  });
  assert.equal(res.status, 'Success');
  assert.ok((await r.rpc.getBalance(w.address)) - before > 99_000_000n, 'the 0.1 SOL escrow came back, less the fee');
  const history = await r.api.trigger.list({ user: w.address, orderStatus: 'history' });
  assert.equal(nth(history.orders, 0).orderKey, order);
  assert.equal(nth(history.orders, 0).status, 'Cancelled');
});

test('cancelMany without orders: every open order, 5 per transaction; with orders: just those', async () => {
  const w = await newWallet(r.sim);
  const orders: string[] = [];
  for (let i = 0; i < 7; i++) orders.push(await openOrder(w));
  const m = r.mark();
  const some = await r.api.trigger.cancelMany({ maker: w.address, orders: orders.slice(0, 1) });
  assert.deepEqual(onlyRequest(r, m, 'POST', '/trigger/v1/cancelOrders').body, {
    maker: w.address,
    orders: orders.slice(0, 1),
  });
  assert.equal(some.transactions.length, 1);
  const one = await r.api.trigger.execute({
    requestId: some.requestId,
    signedTransaction: await signed(nth(some.transactions, 0), w),
  });
  assert.equal(one.status, 'Success');
  assert.equal((await r.api.trigger.list({ user: w.address, orderStatus: 'active' })).orders.length, 6);

  const m2 = r.mark();
  const all = await r.api.trigger.cancelMany({ maker: w.address });
  assert.deepEqual(onlyRequest(r, m2, 'POST', '/trigger/v1/cancelOrders').body, { maker: w.address });
  assert.equal(all.transactions.length, 2, '6 open orders in batches of 5');
  for (const tx of all.transactions) {
    const res = await r.api.trigger.execute({ requestId: all.requestId, signedTransaction: await signed(tx, w) });
    assert.equal(res.status, 'Success');
  }
  assert.deepEqual((await r.api.trigger.list({ user: w.address, orderStatus: 'active' })).orders, []);
  assert.equal((await r.api.trigger.list({ user: w.address, orderStatus: 'history' })).orders.length, 7);
  assert.equal(await tokenBalance(r.rpc, w.address, USDC), 10_000_000_000n, 'nothing filled: USDC untouched');
});
