// POST /__sim/fill and SimHandle.fillTriggerOrder: part of a trigger order filled on demand at its
// limit price, seen by a client through the trigger listing and the maker's balances.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { KeyPairSigner } from '@solana/kit';
import { NATIVE_MINT, USDC_MINT } from '../../src/chain/mints.js';
import type { SimHandle } from '../../src/sim/index.js';
import { advance, balance, frozenSim, get, newWallet, openOrder, shape } from '../support/simGroups.js';

const SOL = 1_000_000_000n;
let sim: SimHandle;

before(async () => {
  sim = await frozenSim(17);
});
after(() => sim.stop());

async function control(path: string, body: unknown) {
  const res = await fetch(`${sim.url}${path}`, {
    method: 'POST',
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

/** An order far above the market (1000 USDC per SOL), so the keeper never fills it by itself. */
async function place(w: KeyPairSigner, making: bigint, taking: bigint, params: Record<string, string> = {}) {
  const body = {
    inputMint: NATIVE_MINT,
    outputMint: USDC_MINT,
    maker: w.address,
    payer: w.address,
    params: { makingAmount: making.toString(), takingAmount: taking.toString(), ...params },
  };
  return (await openOrder(sim, 'trigger', body, w)).order as string;
}

async function find(user: string, orderStatus: 'active' | 'history', order: string) {
  const r = await get(sim, '/trigger/v1/getTriggerOrders', { user, orderStatus });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return r.body.orders.find((o: any) => o.orderKey === order);
}

test('POST /__sim/fill fills part of the original amount at the limit price and records a keeper-style trade', async () => {
  const w = await newWallet(sim);
  const order = await place(w, 2n * SOL, 2_000_000_000n); // 2 SOL for 2000 USDC
  const usdc = balance(sim, w.address, USDC_MINT);
  const created = await find(w.address, 'active', order);
  await advance(sim, 5);

  const r = await control('/__sim/fill', { order, percent: 25 });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  shape(
    r.body,
    { orderKey: 'address', status: 'string', rawRemainingMakingAmount: 'raw', trades: 'array', updatedAt: 'iso' },
    'fill',
  );
  assert.equal(r.body.orderKey, order);
  assert.equal(r.body.status, 'Open');
  assert.equal(r.body.rawRemainingMakingAmount, ((SOL * 3n) / 2n).toString());
  assert.equal(r.body.remainingMakingAmount, '1.5');
  assert.equal(r.body.rawRemainingTakingAmount, '1500000000');
  assert.equal(r.body.trades.length, 1);
  const t = r.body.trades[0];
  assert.equal(t.action, 'Fill');
  assert.equal(t.rawInputAmount, (SOL / 2n).toString());
  assert.equal(t.rawOutputAmount, '500000000');
  assert.equal(t.outputAmount, '500');
  assert.ok(Date.parse(r.body.updatedAt) > Date.parse(created.updatedAt), 'updatedAt moves');
  assert.equal(balance(sim, w.address, USDC_MINT), usdc + 500_000_000n, 'the output is credited to the maker');
  assert.equal(balance(sim, order, NATIVE_MINT), (SOL * 3n) / 2n, 'the escrow holds what remains');

  // the listing shows the same state
  const listed = await find(w.address, 'active', order);
  assert.deepEqual(listed, r.body);
});

test('percent is of the original amount and is capped at what remains; the last fill completes the order', async () => {
  const w = await newWallet(sim);
  const order = await place(w, SOL, 1_000_000_000n);
  const usdc = balance(sim, w.address, USDC_MINT);
  const sol = balance(sim, w.address, NATIVE_MINT);
  assert.equal(
    (await control('/__sim/fill', { order, percent: 60 })).body.rawRemainingMakingAmount,
    ((SOL * 4n) / 10n).toString(),
  );
  const done = await control('/__sim/fill', { order, percent: 60 });
  assert.equal(done.status, 200, JSON.stringify(done.body));
  assert.equal(done.body.status, 'Completed');
  assert.equal(done.body.rawRemainingMakingAmount, '0');
  assert.equal(done.body.rawRemainingTakingAmount, '0');
  assert.equal(done.body.trades.length, 2);
  assert.equal(done.body.trades[1].rawInputAmount, ((SOL * 4n) / 10n).toString(), 'capped at the remaining 40 %');
  assert.equal(done.body.closeTx, done.body.trades[1].txId);
  assert.equal(balance(sim, w.address, USDC_MINT), usdc + 1_000_000_000n);
  assert.equal(balance(sim, w.address, NATIVE_MINT), sol, 'nothing refunded: all was sold');
  assert.equal(await find(w.address, 'active', order), undefined);
  const hist = await find(w.address, 'history', order);
  assert.equal(hist.status, 'Completed');

  const again = await control('/__sim/fill', { order, percent: 10 });
  assert.equal(again.status, 400);
  assert.match(again.body.error, /^order: .*Completed, not open/);
});

test('bad fill requests are refused with a message naming the field', async () => {
  const w = await newWallet(sim);
  const order = await place(w, SOL, 1_000_000_000n);
  const unknownKey = (await newWallet(sim, false)).address;
  const cases: Array<[unknown, number, RegExp]> = [
    [{ order: unknownKey, percent: 50 }, 404, /^order: no trigger order/],
    [{ percent: 50 }, 400, /^order:/],
    [{ order }, 400, /^percent:/],
    [{ order, percent: 0 }, 400, /^percent:/],
    [{ order, percent: 101 }, 400, /^percent:/],
    [{ order, percent: '50' }, 400, /^percent:/],
    [{ order, percent: 50, amount: 1 }, 400, /^amount: unknown field/],
    ['[1]', 400, /^body:/],
  ];
  for (const [body, status, message] of cases) {
    const r = await control('/__sim/fill', body);
    assert.equal(r.status, status, JSON.stringify(body));
    assert.match(r.body.error, message, JSON.stringify(body));
  }
  const untouched = await find(w.address, 'active', order);
  assert.equal(untouched.trades.length, 0);
});

test('SimHandle.fillTriggerOrder does the same in process and throws a RangeError naming the field', async () => {
  const w = await newWallet(sim);
  const order = await place(w, SOL, 1_000_000_000n);
  const state = sim.fillTriggerOrder(order, 50);
  assert.equal(state.rawRemainingMakingAmount, (SOL / 2n).toString());
  assert.equal(state.trades?.length, 1);
  const listed = await find(w.address, 'active', order);
  assert.equal(listed.trades.length, 1);
  assert.equal(listed.remainingMakingAmount, '0.5');
  assert.throws(
    () => sim.fillTriggerOrder(order, -1),
    (e: unknown) => e instanceof RangeError && /^percent:/.test(e.message),
  );
  assert.throws(() => sim.fillTriggerOrder('nope', 10), /^RangeError: order: no trigger order/);
});

test('an expired order cannot be filled: it is Expired in history as soon as its expiry passes', async () => {
  const w = await newWallet(sim);
  const nowSec = Math.floor(sim.kernel.clock.nowMs() / 1000);
  const sol = balance(sim, w.address, NATIVE_MINT);
  const order = await place(w, SOL, 1_000_000_000n, { expiredAt: String(nowSec + 61) });
  await advance(sim, 61);
  const r = await control('/__sim/fill', { order, percent: 10 });
  assert.equal(r.status, 400);
  assert.match(r.body.error, /Expired, not open/);
  const hist = await find(w.address, 'history', order);
  assert.equal(hist.status, 'Expired');
  assert.equal(balance(sim, w.address, NATIVE_MINT), sol, 'the escrow was refunded');
});
