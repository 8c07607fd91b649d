import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { KeyPairSigner } from '@solana/kit';
import { NATIVE_MINT, USDC_MINT } from '../../src/chain/mints.js';
import { SIM_PROGRAMS } from '../../src/chain/programs.js';
import type { SimHandle } from '../../src/sim/index.js';
import {
  advance,
  balance,
  frozenSim,
  get,
  newWallet,
  oneOf,
  post,
  programsOf,
  shape,
  sign,
  signerAddresses,
} from '../support/simGroups.js';

const SOL = 1_000_000_000n;
let sim: SimHandle;

before(async () => {
  sim = await frozenSim(11);
});
after(() => sim.stop());

const ORDER_FIELDS = {
  userPubkey: 'address',
  orderKey: 'address',
  inputMint: 'address',
  outputMint: 'address',
  makingAmount: 'decimal',
  takingAmount: 'decimal',
  remainingMakingAmount: 'decimal',
  remainingTakingAmount: 'decimal',
  rawMakingAmount: 'raw',
  rawTakingAmount: 'raw',
  rawRemainingMakingAmount: 'raw',
  rawRemainingTakingAmount: 'raw',
  slippageBps: 'raw',
  expiredAt: 'iso|null',
  createdAt: 'iso',
  updatedAt: 'iso',
  status: 'string',
  openTx: 'string',
  closeTx: 'string|null',
  programVersion: 'string',
  trades: 'array',
};
const TRADE_FIELDS = {
  orderKey: 'address',
  keeper: 'address',
  inputMint: 'address',
  outputMint: 'address',
  inputAmount: 'decimal',
  outputAmount: 'decimal',
  rawInputAmount: 'raw',
  rawOutputAmount: 'raw',
  feeMint: 'address',
  feeAmount: 'decimal',
  rawFeeAmount: 'raw',
  txId: 'string',
  confirmedAt: 'iso',
  action: 'string',
};

async function listing(user: string, orderStatus: string, page = 1) {
  const r = await get(sim, '/trigger/v1/getTriggerOrders', { user, orderStatus, page });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  shape(
    r.body,
    { user: 'string', orderStatus: 'string', orders: 'array', totalPages: 'number', page: 'number' },
    'listing',
  );
  assert.ok(r.body.totalPages >= 1);
  oneOf(r.body.orderStatus, ['active', 'history'], 'listing.orderStatus');
  for (const o of r.body.orders) {
    shape(o, ORDER_FIELDS, 'order');
    oneOf(o.status, ['Open', 'Completed', 'Cancelled', 'Expired'], 'order.status');
    for (const t of o.trades) {
      shape(t, TRADE_FIELDS, 'trade');
      assert.equal(t.action, 'Fill');
    }
  }
  return r.body as { orders: any[]; totalPages: number; page: number };
}

async function place(w: KeyPairSigner, making: bigint, taking: bigint, extra: Record<string, string> = {}) {
  const c = await post(sim, '/trigger/v1/createOrder', {
    inputMint: NATIVE_MINT,
    outputMint: USDC_MINT,
    maker: w.address,
    payer: w.address,
    params: { makingAmount: making.toString(), takingAmount: taking.toString(), ...extra },
  });
  assert.equal(c.status, 200, JSON.stringify(c.body));
  const e = await post(sim, '/trigger/v1/execute', {
    requestId: c.body.requestId,
    signedTransaction: await sign(c.body.transaction, w),
  });
  assert.equal(e.body.status, 'Success', JSON.stringify(e.body));
  return { order: c.body.order as string, signature: e.body.signature as string };
}

test('createOrder builds a maker-signed trigger transaction; executing it twice opens one order and escrows the input', async () => {
  const w = await newWallet(sim);
  const before = balance(sim, w.address, NATIVE_MINT);
  const c = await post(sim, '/trigger/v1/createOrder', {
    inputMint: NATIVE_MINT,
    outputMint: USDC_MINT,
    maker: w.address,
    payer: w.address,
    params: { makingAmount: (SOL / 10n).toString(), takingAmount: '900000000', slippageBps: '50' },
    computeUnitPrice: 'auto',
  });
  assert.equal(c.status, 200, JSON.stringify(c.body));
  shape(c.body, { requestId: 'string', transaction: 'string', order: 'address' }, 'createOrder');
  assert.deepEqual(signerAddresses(c.body.transaction), [w.address]);
  assert.ok(programsOf(c.body.transaction).includes(SIM_PROGRAMS.trigger));
  const signed = await sign(c.body.transaction, w);
  const first = await post(sim, '/trigger/v1/execute', { requestId: c.body.requestId, signedTransaction: signed });
  const again = await post(sim, '/trigger/v1/execute', { requestId: c.body.requestId, signedTransaction: signed });
  for (const r of [first, again]) {
    shape(r.body, { code: 'number|absent', signature: 'string', status: 'string' }, 'execute');
    assert.equal(r.body.code ?? 0, 0, 'code 0, or left out on a success');
  }
  assert.equal(again.body.signature, first.body.signature);
  const active = await listing(w.address, 'active');
  assert.equal(active.orders.length, 1);
  const o = active.orders[0];
  assert.equal(o.orderKey, c.body.order);
  assert.equal(o.status, 'Open');
  assert.equal(o.openTx, first.body.signature);
  assert.equal(o.makingAmount, '0.1');
  assert.equal(o.takingAmount, '900');
  assert.equal(o.slippageBps, '50');
  assert.equal(o.closeTx, null);
  assert.equal(balance(sim, w.address, NATIVE_MINT), before - SOL / 10n);
});

test('an unsigned or unknown execute fails without opening an order', async () => {
  const w = await newWallet(sim);
  const c = await post(sim, '/trigger/v1/createOrder', {
    inputMint: NATIVE_MINT,
    outputMint: USDC_MINT,
    maker: w.address,
    payer: w.address,
    params: { makingAmount: SOL.toString(), takingAmount: '999000000' },
  });
  const unsigned = await post(sim, '/trigger/v1/execute', {
    requestId: c.body.requestId,
    signedTransaction: c.body.transaction,
  });
  assert.equal(unsigned.body.status, 'Failed');
  assert.notEqual(unsigned.body.code, 0);
  assert.equal((await listing(w.address, 'active')).orders.length, 0);
});

test('orders below 5 USD and bad parameters are refused with the trigger envelope naming the field', async () => {
  const w = await newWallet(sim);
  const small = await post(sim, '/trigger/v1/createOrder', {
    inputMint: NATIVE_MINT,
    outputMint: USDC_MINT,
    maker: w.address,
    payer: w.address,
    params: { makingAmount: '10000000', takingAmount: '1000000' }, // 0.01 SOL
  });
  assert.equal(small.status, 400);
  shape(small.body, { error: 'string', cause: 'string', code: 'number' }, 'error');
  assert.equal(small.body.code, 400);
  assert.match(small.body.cause, /at least 5 USD/);
  const cases: Array<[Record<string, unknown>, RegExp]> = [
    [{ maker: 'not-an-address' }, /maker/],
    [{ params: { makingAmount: '1.5', takingAmount: '1' } }, /params\.makingAmount/],
    [{ params: { makingAmount: '1000000000' } }, /params\.takingAmount/],
    [{ inputMint: USDC_MINT }, /outputMint/],
    [{ params: { makingAmount: '1000000000', takingAmount: '1', expiredAt: '100' } }, /params\.expiredAt/],
  ];
  for (const [patch, field] of cases) {
    const r = await post(sim, '/trigger/v1/createOrder', {
      inputMint: NATIVE_MINT,
      outputMint: USDC_MINT,
      maker: w.address,
      payer: w.address,
      params: { makingAmount: '1000000000', takingAmount: '1' },
      ...patch,
    });
    assert.equal(r.status, 400, JSON.stringify(patch));
    assert.match(`${r.body.error} ${r.body.cause}`, field);
  }
  const noStatus = await get(sim, '/trigger/v1/getTriggerOrders', { user: w.address });
  assert.equal(noStatus.status, 400);
  assert.match(noStatus.body.cause, /orderStatus/);
  const page0 = await get(sim, '/trigger/v1/getTriggerOrders', { user: w.address, orderStatus: 'active', page: 0 });
  assert.equal(page0.status, 400);
  assert.match(page0.body.cause, /page/);
  const poor = await newWallet(sim, false);
  const broke = await post(sim, '/trigger/v1/createOrder', {
    inputMint: NATIVE_MINT,
    outputMint: USDC_MINT,
    maker: poor.address,
    payer: poor.address,
    params: { makingAmount: SOL.toString(), takingAmount: '1' },
  });
  assert.equal(broke.status, 400);
  assert.match(broke.body.cause, /maker holds/);
});

test('an order fills at its limit price once the market crosses it', async () => {
  const w = await newWallet(sim);
  const quote = sim.kernel.market.quoteExactIn(NATIVE_MINT, USDC_MINT, SOL / 10n)!;
  const taking = (quote.outAmount * 1003n) / 1000n; // 0.3 % better than the market now
  const { order } = await place(w, SOL / 10n, taking);
  const usdc = balance(sim, w.address, USDC_MINT);
  await advance(sim, 2);
  assert.equal((await listing(w.address, 'active')).orders[0].status, 'Open');
  let filled: any;
  for (let i = 0; i < 2000 && !filled; i++) {
    await advance(sim, 30);
    filled = (await listing(w.address, 'history')).orders.find((o) => o.orderKey === order);
  }
  assert.ok(filled, 'order never filled');
  assert.equal(filled.status, 'Completed');
  assert.equal(filled.trades.length, 1);
  assert.equal(filled.trades[0].rawOutputAmount, taking.toString());
  assert.equal(filled.rawRemainingMakingAmount, '0');
  assert.equal(filled.closeTx, filled.trades[0].txId);
  assert.equal(balance(sim, w.address, USDC_MINT), usdc + taking);
});

test('a big order fills in portions: partial fills show while it stays open', async () => {
  const w = await newWallet(sim);
  const { order } = await place(w, 4n * SOL, 4_000_000n); // ~600 USD at 1 USDC per SOL: crosses at once
  await advance(sim, 2);
  const open = (await listing(w.address, 'active')).orders.find((o) => o.orderKey === order);
  assert.ok(open);
  assert.equal(open.status, 'Open');
  assert.equal(open.trades.length, 1);
  assert.equal(open.rawRemainingMakingAmount, (3n * SOL).toString());
  assert.equal(open.remainingMakingAmount, '3');
  await advance(sim, 10);
  const done = (await listing(w.address, 'history')).orders.find((o) => o.orderKey === order);
  assert.equal(done.status, 'Completed');
  assert.equal(done.trades.length, 4);
  const soldRaw = done.trades.reduce((n: bigint, t: any) => n + BigInt(t.rawInputAmount), 0n);
  assert.equal(soldRaw, 4n * SOL);
});

test('cancelOrder refunds the escrow and moves the order to history as Cancelled', async () => {
  const w = await newWallet(sim);
  const before = balance(sim, w.address, NATIVE_MINT);
  const { order } = await place(w, SOL, 10_000_000_000n);
  const other = await newWallet(sim);
  const notMine = await post(sim, '/trigger/v1/cancelOrder', { maker: other.address, order });
  assert.equal(notMine.status, 400);
  assert.match(notMine.body.cause, /not an order of maker/);
  const c = await post(sim, '/trigger/v1/cancelOrder', { maker: w.address, order });
  assert.equal(c.status, 200, JSON.stringify(c.body));
  shape(c.body, { requestId: 'string', transaction: 'string' }, 'cancelOrder');
  const e = await post(sim, '/trigger/v1/execute', {
    requestId: c.body.requestId,
    signedTransaction: await sign(c.body.transaction, w),
  });
  assert.equal(e.body.code ?? 0, 0, 'code 0, or left out on a success');
  const hist = (await listing(w.address, 'history')).orders.find((o) => o.orderKey === order);
  assert.equal(hist.status, 'Cancelled');
  assert.equal(hist.closeTx, e.body.signature);
  assert.equal(balance(sim, w.address, NATIVE_MINT), before);
  const twice = await post(sim, '/trigger/v1/cancelOrder', { maker: w.address, order });
  assert.equal(twice.status, 400);
});

test('cancelOrders without a list cancels every open order, 5 per transaction', async () => {
  const w = await newWallet(sim);
  const orders: string[] = [];
  for (let i = 0; i < 7; i++) orders.push((await place(w, SOL / 20n, 1_000_000_000n + BigInt(i))).order);
  const c = await post(sim, '/trigger/v1/cancelOrders', { maker: w.address });
  assert.equal(c.status, 200, JSON.stringify(c.body));
  shape(c.body, { requestId: 'string', transactions: 'array' }, 'cancelOrders');
  assert.equal(c.body.transactions.length, 2);
  const counts = c.body.transactions.map((t: string) => programsOf(t).filter((p) => p === SIM_PROGRAMS.trigger).length);
  assert.deepEqual(counts, [5, 2]);
  for (const tx of c.body.transactions) {
    const e = await post(sim, '/trigger/v1/execute', {
      requestId: c.body.requestId,
      signedTransaction: await sign(tx, w),
    });
    assert.equal(e.body.status, 'Success', JSON.stringify(e.body));
  }
  assert.equal((await listing(w.address, 'active')).orders.length, 0);
  const hist = await listing(w.address, 'history');
  assert.equal(hist.orders.length, 7);
  assert.deepEqual(new Set(hist.orders.map((o) => o.orderKey)), new Set(orders));
  assert.ok(hist.orders.every((o) => o.status === 'Cancelled'));
  const none = await post(sim, '/trigger/v1/cancelOrders', { maker: w.address });
  assert.equal(none.status, 400);
});

test('listings page 10 per page; filters by mint; expired orders move to history and refund', async () => {
  const w = await newWallet(sim);
  for (let i = 0; i < 11; i++) await place(w, SOL / 20n, 1_000_000_000n);
  const nowSec = Math.floor(sim.kernel.clock.nowMs() / 1000);
  const { order } = await place(w, SOL / 20n, 1_000_000_000n, { expiredAt: String(nowSec + 10) });
  const p1 = await listing(w.address, 'active', 1);
  const p2 = await listing(w.address, 'active', 2);
  assert.equal(p1.totalPages, 2);
  assert.equal(p1.orders.length, 10);
  assert.equal(p2.orders.length, 2);
  assert.equal(p1.orders[0].orderKey, order, 'newest first');
  assert.ok(p1.orders[0].expiredAt);
  const filtered = await get(sim, '/trigger/v1/getTriggerOrders', {
    user: w.address,
    orderStatus: 'active',
    inputMint: USDC_MINT,
  });
  assert.equal(filtered.body.orders.length, 0);
  const sol = balance(sim, w.address, NATIVE_MINT);
  await advance(sim, 12);
  const hist = (await listing(w.address, 'history')).orders.find((o) => o.orderKey === order);
  assert.equal(hist.status, 'Expired');
  assert.equal(balance(sim, w.address, NATIVE_MINT), sol + SOL / 20n);
});
