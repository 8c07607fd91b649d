import assert from 'node:assert/strict';
import { test } from 'node:test';
import { generateKeyPairSigner, type KeyPairSigner } from '@solana/kit';
import { NATIVE_MINT, USDC_MINT } from '../../src/chain/mints.js';
import { advance, frozenSim, get, post, sign } from '../support/simGroups.js';

/** One scripted session: a trigger order that fills, a recurring order that runs, the listings. */
async function session(seed: number, w: KeyPairSigner) {
  const sim = await frozenSim(seed);
  try {
    sim.fund(w.address);
    const t = await post(sim, '/trigger/v1/createOrder', {
      inputMint: NATIVE_MINT,
      outputMint: USDC_MINT,
      maker: w.address,
      payer: w.address,
      params: { makingAmount: '2000000000', takingAmount: '2000000' },
    });
    await post(sim, '/trigger/v1/execute', {
      requestId: t.body.requestId,
      signedTransaction: await sign(t.body.transaction, w),
    });
    const r = await post(sim, '/recurring/v1/createOrder', {
      user: w.address,
      inputMint: USDC_MINT,
      outputMint: NATIVE_MINT,
      params: { time: { inAmount: 200_000_000, numberOfOrders: 2, interval: 600 } },
    });
    await post(sim, '/recurring/v1/execute', {
      requestId: r.body.requestId,
      signedTransaction: await sign(r.body.transaction, w),
    });
    await advance(sim, 1200);
    const trig = await get(sim, '/trigger/v1/getTriggerOrders', { user: w.address, orderStatus: 'history' });
    const rec = await get(sim, '/recurring/v1/getRecurringOrders', {
      recurringType: 'time',
      orderStatus: 'history',
      user: w.address,
      page: 1,
      includeFailedTx: false,
    });
    return { created: [t.body, r.body], trigger: trig.body, recurring: rec.body };
  } finally {
    await sim.stop();
  }
}

test('the same seed and the same requests give the same ids, trades and histories', async () => {
  const w = await generateKeyPairSigner();
  const a = await session(77, w);
  const b = await session(77, w);
  assert.equal(a.trigger.orders.length, 1);
  assert.equal(a.trigger.orders[0].status, 'Completed');
  assert.equal(a.recurring.time.length, 1);
  assert.equal(a.recurring.time[0].trades.length, 2);
  assert.deepEqual(b, a);
  const c = await session(78, w);
  assert.notEqual(c.trigger.orders[0].orderKey, a.trigger.orders[0].orderKey);
});
