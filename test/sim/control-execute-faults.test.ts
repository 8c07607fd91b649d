// Deterministic execute failures (failExecute of POST /__sim/faults, SimHandle.failExecute): a
// "cancel all" batch where one transaction fails without landing and lands when sent again.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { KeyPairSigner } from '@solana/kit';
import { NATIVE_MINT, USDC_MINT } from '../../src/chain/mints.js';
import type { SimHandle } from '../../src/sim/index.js';
import { frozenSim, get, newWallet, post, rpc, shape, sign } from '../support/simGroups.js';

const SOL = 1_000_000_000n;
let sim: SimHandle;

before(async () => {
  sim = await frozenSim(19);
});
after(() => sim.stop());

async function faults(body: unknown) {
  const res = await fetch(`${sim.url}/__sim/faults`, { method: 'POST', body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as any };
}

async function place(w: KeyPairSigner, n: number): Promise<string[]> {
  const orders: string[] = [];
  for (let i = 0; i < n; i++) {
    const c = await post(sim, '/trigger/v1/createOrder', {
      inputMint: NATIVE_MINT,
      outputMint: USDC_MINT,
      maker: w.address,
      payer: w.address,
      params: { makingAmount: (SOL / 10n).toString(), takingAmount: (1_000_000_000n + BigInt(i)).toString() },
    });
    const e = await post(sim, '/trigger/v1/execute', {
      requestId: c.body.requestId,
      signedTransaction: await sign(c.body.transaction, w),
    });
    assert.equal(e.body.status, 'Success', JSON.stringify(e.body));
    orders.push(c.body.order);
  }
  return orders;
}

async function listAll(user: string, orderStatus: string): Promise<any[]> {
  const out: any[] = [];
  for (let page = 1; ; page++) {
    const r = await get(sim, '/trigger/v1/getTriggerOrders', { user, orderStatus, page });
    out.push(...r.body.orders);
    if (page >= r.body.totalPages) return out;
  }
}

test('cancel all in three batches: the second execute fails without landing, then lands when retried', async () => {
  const w = await newWallet(sim);
  const orders = await place(w, 12);
  const c = await post(sim, '/trigger/v1/cancelOrders', { maker: w.address });
  assert.equal(c.status, 200, JSON.stringify(c.body));
  assert.equal(c.body.transactions.length, 3, '12 orders, 5 per transaction');

  const set = await faults({ failExecute: { group: 'trigger', skip: 1, count: 1 } });
  assert.equal(set.status, 200, JSON.stringify(set.body));
  assert.deepEqual(set.body.failExecute, [
    { group: 'trigger', skip: 1, count: 1, code: -1006, error: set.body.failExecute[0].error },
  ]);

  const signed = await Promise.all(c.body.transactions.map((t: string) => sign(t, w)));
  // an execute that would not land anyway (unsigned) does not use up the rule
  const unsigned = await post(sim, '/trigger/v1/execute', {
    requestId: c.body.requestId,
    signedTransaction: c.body.transactions[0],
  });
  assert.equal(unsigned.body.code, -2);

  const results = [];
  for (const tx of signed)
    results.push((await post(sim, '/trigger/v1/execute', { requestId: c.body.requestId, signedTransaction: tx })).body);
  assert.deepEqual(
    results.map((r) => r.status),
    ['Success', 'Failed', 'Success'],
  );
  const failed = results[1];
  shape(failed, { code: 'number', signature: 'string', status: 'string', error: 'string' }, 'failed execute');
  assert.equal(failed.code, -1006);
  assert.ok(failed.signature.length > 40);

  // the failed batch did not land: its five orders are still open, escrow untouched
  const open = await listAll(w.address, 'active');
  assert.equal(open.length, 5);
  assert.deepEqual(new Set(open.map((o) => o.orderKey)), new Set(orders.slice(5, 10).reverse()));
  const status = await rpc(sim, 'getSignatureStatuses', [[failed.signature]]);
  assert.deepEqual(status.result?.value, [null], 'the network never saw the failed transaction');
  assert.deepEqual((await faults({})).body.failExecute, [], 'the rule is used up');

  // the same request again lands
  const retry = await post(sim, '/trigger/v1/execute', { requestId: c.body.requestId, signedTransaction: signed[1] });
  assert.equal(retry.body.status, 'Success', JSON.stringify(retry.body));
  assert.equal(retry.body.code ?? 0, 0, 'code 0, or left out on a success');
  assert.equal(retry.body.signature, failed.signature);
  assert.equal((await listAll(w.address, 'active')).length, 0);
  const hist = await listAll(w.address, 'history');
  assert.equal(hist.length, 12);
  assert.ok(hist.every((o) => o.status === 'Cancelled'));
});

test('SimHandle.failExecute with a custom code and error; recurring executes answer Failed with error and a null order', async () => {
  const w = await newWallet(sim);
  sim.failExecute({ group: 'recurring', count: 2, code: 6001, error: 'slippage tolerance exceeded' });
  const c = await post(sim, '/recurring/v1/createOrder', {
    user: w.address,
    inputMint: USDC_MINT,
    outputMint: NATIVE_MINT,
    params: { time: { inAmount: '200000000', numberOfOrders: 2, interval: 3600 } },
  });
  assert.equal(c.status, 200, JSON.stringify(c.body));
  const signed = await sign(c.body.transaction, w);
  for (let i = 0; i < 2; i++) {
    const e = await post(sim, '/recurring/v1/execute', { requestId: c.body.requestId, signedTransaction: signed });
    assert.deepEqual(
      { status: e.body.status, error: e.body.error, order: e.body.order },
      { status: 'Failed', error: 'slippage tolerance exceeded', order: null },
    );
  }
  const listed = await get(sim, '/recurring/v1/getRecurringOrders', {
    recurringType: 'time',
    orderStatus: 'active',
    user: w.address,
    page: 1,
    includeFailedTx: true,
  });
  assert.equal(listed.body.time.length, 0, 'nothing landed, not even a failed order');
  const ok = await post(sim, '/recurring/v1/execute', { requestId: c.body.requestId, signedTransaction: signed });
  assert.equal(ok.body.status, 'Success', JSON.stringify(ok.body));
  assert.equal(typeof ok.body.order, 'string');

  // other groups are not affected; clear drops pending rules
  sim.failExecute({ group: 'trigger', skip: 5 });
  sim.clearExecuteFaults();
  assert.deepEqual((await faults({})).body.failExecute, []);
  assert.throws(() => sim.failExecute({ group: 'swap' as never }), /^RangeError: rule\.group:/);
});

test('bad failExecute rules are refused naming the field; null clears', async () => {
  const cases: Array<[unknown, RegExp]> = [
    [{ group: 'studio' }, /^failExecute\.group:/],
    [{ group: 'trigger', skip: -1 }, /^failExecute\.skip:/],
    [{ group: 'trigger', count: 0 }, /^failExecute\.count:/],
    [{ group: 'trigger', code: 0 }, /^failExecute\.code:/],
    [{ group: 'trigger', error: '' }, /^failExecute\.error:/],
    [{ group: 'trigger', times: 2 }, /^failExecute\.times: unknown field/],
    ['trigger', /^failExecute:/],
  ];
  for (const [rule, message] of cases) {
    const r = await faults({ failExecute: rule });
    assert.equal(r.status, 400, JSON.stringify(rule));
    assert.match(r.body.error, message);
  }
  assert.deepEqual(
    (await faults({ failExecute: { group: 'ultra', skip: 2 } })).body.failExecute.map((x: any) => x.group),
    ['ultra'],
  );
  const state = await fetch(`${sim.url}/__sim/state`).then((r) => r.json() as Promise<any>);
  assert.equal(state.faults.failExecute.length, 1);
  assert.deepEqual((await faults({ failExecute: null })).body.failExecute, []);
});
