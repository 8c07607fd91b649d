// The client against the simulator: the order group (order with and without taker, errorCode
// cases) and execute (success, balances over RPC, the same transaction again has one effect).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { JUP, SOL, USDC, newWallet, onlyRequest, rig, signed, tokenBalance, type Rig } from '../support/clientSim.js';

let r: Rig;
before(async () => {
  r = await rig();
});
after(() => r.stop());

test('order without taker: a priced order with a null transaction; the query is what was asked', async () => {
  const m = r.mark();
  const o = await r.api.ultra.order({
    inputMint: SOL,
    outputMint: USDC,
    amount: '1000000000',
    excludeRouters: ['partnerz', 'partnerx'],
    excludeDexes: ['Meteora DLMM'],
  });
  assert.equal(o.transaction, null);
  assert.equal(o.taker, null);
  assert.equal(o.inAmount, '1000000000');
  assert.ok(BigInt(o.outAmount) > 0n);
  assert.ok(!['partnerz', 'partnerx'].includes(o.router ?? ''));
  assert.equal(typeof o.requestId, 'string');
  const got = onlyRequest(r, m, 'GET', '/ultra/v1/order');
  assert.deepEqual(got.query, {
    inputMint: SOL,
    outputMint: USDC,
    amount: '1000000000',
    excludeRouters: 'partnerz,partnerx',
    excludeDexes: 'Meteora DLMM',
  });
  assert.equal(got.apiKeyPresent, true);
});

test('order with taker, signed and executed: balances move once, and the same transaction again is the same answer', async () => {
  const w = await newWallet(r.sim);
  const m = r.mark();
  const o = await r.api.ultra.order({
    inputMint: SOL,
    outputMint: JUP,
    amount: '1500000000',
    taker: w.address,
    excludeRouters: ['partnerz', 'partnerflow', 'partnerx'],
  });
  assert.equal(onlyRequest(r, m, 'GET', '/ultra/v1/order').query.taker, w.address);
  assert.equal(typeof o.transaction, 'string');
  assert.ok(o.transaction);
  assert.equal(o.errorCode, undefined);

  const solBefore = await r.rpc.getBalance(w.address);
  const jupBefore = await tokenBalance(r.rpc, w.address, JUP);
  const signedTx = await signed(o.transaction!, w);
  const m2 = r.mark();
  const first = await r.api.ultra.execute({ signedTransaction: signedTx, requestId: o.requestId });
  assert.equal(first.status, 'Success', first.error);
  assert.equal(first.code ?? 0, 0, 'code 0, or left out on a success');
  assert.equal(first.totalInputAmount, '1500000000');
  const got = onlyRequest(r, m2, 'POST', '/ultra/v1/execute');
  assert.deepEqual(got.body, { signedTransaction: signedTx, requestId: o.requestId });
  assert.equal(got.apiKeyPresent, true);

  const jupAfter = await tokenBalance(r.rpc, w.address, JUP);
  const solAfter = await r.rpc.getBalance(w.address);
  assert.equal((jupAfter - jupBefore).toString(), first.outputAmountResult);
  const fees = BigInt(o.signatureFeeLamports! + o.prioritizationFeeLamports! + o.rentFeeLamports!);
  assert.equal(solBefore - solAfter, 1_500_000_000n + fees);

  const again = await r.api.ultra.execute({ signedTransaction: signedTx, requestId: o.requestId });
  assert.deepEqual(again, first);
  assert.equal(await tokenBalance(r.rpc, w.address, JUP), jupAfter, 'no second effect');
  assert.equal(await r.rpc.getBalance(w.address), solAfter);
});

test('order errorCode 1, 2 and 3: an empty transaction the client accepts, and nothing to sign', async () => {
  const poor = await newWallet(r.sim, false);
  const o1 = await r.api.ultra.order({ inputMint: JUP, outputMint: USDC, amount: '1000000', taker: poor.address });
  assert.equal(o1.errorCode, 1);
  assert.equal(o1.transaction, '');
  assert.equal(typeof o1.errorMessage, 'string');

  const allIn = await newWallet(r.sim, false);
  r.sim.fund(allIn.address, SOL, 1_000_000_000n);
  const o2 = await r.api.ultra.order({ inputMint: SOL, outputMint: USDC, amount: '1000000000', taker: allIn.address });
  assert.equal(o2.errorCode, 2);
  assert.equal(o2.transaction, '');

  const small = await newWallet(r.sim, false);
  r.sim.fund(small.address, USDC, 50_000_000n);
  const o3 = await r.api.ultra.order({ inputMint: USDC, outputMint: JUP, amount: '2000000', taker: small.address });
  assert.equal(o3.errorCode, 3);
  assert.equal(o3.transaction, '');
  const gasless = await r.api.ultra.order({
    inputMint: USDC,
    outputMint: JUP,
    amount: '20000000',
    taker: small.address,
  });
  assert.equal(gasless.errorCode, undefined);
  assert.equal(gasless.gasless, true);
});

test('execute with an unknown requestId answers code -1 and changes nothing', async () => {
  const w = await newWallet(r.sim);
  const o = await r.api.ultra.order({ inputMint: SOL, outputMint: USDC, amount: '100000000', taker: w.address });
  const before = await r.rpc.getBalance(w.address);
  const res = await r.api.ultra.execute({
    signedTransaction: await signed(o.transaction!, w),
    requestId: '00000000-0000-4000-8000-000000000000',
  });
  assert.equal(res.status, 'Failed');
  assert.equal(res.code, -1);
  assert.equal(await r.rpc.getBalance(w.address), before);
});
