// Orders whose opening transaction landed but failed (the wallet no longer held the input) are
// listed in history only when the listing asks for failed transactions.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { SOL, USDC, newWallet, rig, signed, type Rig } from '../support/clientSim.js';
import { nth } from '../support/narrow.js';

let r: Rig;
before(async () => {
  r = await rig();
});
after(() => r.stop());

test('trigger: a failed create shows as Failed with includeFailedTx=true only', async () => {
  const w = await newWallet(r.sim);
  const created = await r.api.trigger.create({
    inputMint: USDC,
    outputMint: SOL,
    maker: w.address,
    payer: w.address,
    params: { makingAmount: '50000000', takingAmount: '1000000000' },
  });
  // the wallet spends its USDC between create and execute
  r.sim.kernel.ledger.debit(w.address, USDC, r.sim.kernel.ledger.balance(w.address, USDC));
  const res = await r.api.trigger.execute({
    requestId: created.requestId,
    signedTransaction: await signed(created.transaction, w),
  });
  assert.equal(res.status, 'Failed');
  assert.equal(res.code, 1);

  assert.deepEqual(
    (await r.api.trigger.list({ user: w.address, orderStatus: 'active', includeFailedTx: true })).orders,
    [],
  );
  assert.deepEqual((await r.api.trigger.list({ user: w.address, orderStatus: 'history' })).orders, []);
  assert.deepEqual(
    (await r.api.trigger.list({ user: w.address, orderStatus: 'history', includeFailedTx: false })).orders,
    [],
  );
  const shown = await r.api.trigger.list({ user: w.address, orderStatus: 'history', includeFailedTx: true });
  assert.equal(shown.orders.length, 1);
  assert.equal(nth(shown.orders, 0).orderKey, created.order);
  assert.equal(nth(shown.orders, 0).status, 'Failed');
  assert.equal(nth(shown.orders, 0).openTx, res.signature);
  assert.equal(nth(shown.orders, 0).closeTx, null);
});

test('recurring: a failed create is in history with includeFailedTx=true, with nothing deposited', async () => {
  const w = await newWallet(r.sim);
  const created = await r.api.recurring.create({
    user: w.address,
    inputMint: USDC,
    outputMint: SOL,
    params: { time: { inAmount: '300000000', numberOfOrders: 3, interval: 600 } },
  });
  r.sim.kernel.ledger.debit(w.address, USDC, r.sim.kernel.ledger.balance(w.address, USDC) - 1_000_000n);
  const res = await r.api.recurring.execute({
    requestId: created.requestId,
    signedTransaction: await signed(created.transaction, w),
  });
  assert.equal(res.status, 'Failed');
  assert.match(res.error ?? '', /insufficient funds/);

  const list = (orderStatus: 'active' | 'history', includeFailedTx: boolean) =>
    r.api.recurring.list({ recurringType: 'time', orderStatus, user: w.address, page: 1, mint: null, includeFailedTx });
  assert.deepEqual((await list('active', true)).time, []);
  assert.deepEqual((await list('history', false)).time, []);
  const shown = (await list('history', true)).time;
  assert.equal(shown.length, 1);
  assert.equal(nth(shown, 0).openTx, res.signature);
  assert.equal(nth(shown, 0).rawInDeposited, '0');
  assert.equal(nth(shown, 0).closeTx, null);
  assert.equal(nth(shown, 0).userClosed, false);
  r.sim.advance(1200);
  assert.deepEqual(nth((await list('history', true)).time, 0).trades, [], 'a failed order never runs');
});
