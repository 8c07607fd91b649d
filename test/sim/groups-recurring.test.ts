import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { KeyPairSigner } from '@solana/kit';
import { fromBaseUnits } from '../../src/text/amount.js';
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
} from '../support/simGroups.js';
import { nth } from '../support/narrow.js';

const USDC = 1_000_000n;
let sim: SimHandle;

before(async () => {
  sim = await frozenSim(23);
});
after(() => sim.stop());

const ORDER_FIELDS: Record<string, string> = {
  userPubkey: 'address',
  orderKey: 'address',
  inputMint: 'address',
  outputMint: 'address',
  cycleFrequency: 'number',
  openTx: 'string',
  closeTx: 'string|null',
  userClosed: 'boolean',
  createdAt: 'iso',
  updatedAt: 'iso',
  trades: 'array',
};
const AMOUNTS = [
  'InDeposited',
  'InWithdrawn',
  'OutWithdrawn',
  'InAmountPerCycle',
  'MinOutAmount',
  'MaxOutAmount',
  'InUsed',
  'OutReceived',
];
for (const a of AMOUNTS) {
  ORDER_FIELDS[nth(a, 0).toLowerCase() + a.slice(1)] = 'decimal';
  ORDER_FIELDS[`raw${a}`] = 'raw';
}
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
  productMeta: 'null|object',
};

function decimalsOf(mint: string) {
  return sim.kernel.market.token(mint)!.decimals;
}

async function listing(user: string, orderStatus: string, recurringType = 'time', page = 1) {
  const r = await get(sim, '/recurring/v1/getRecurringOrders', {
    recurringType,
    orderStatus,
    user,
    page,
    includeFailedTx: false,
  });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  shape(
    r.body,
    {
      orderStatus: 'string',
      page: 'number',
      time: 'array',
      totalPages: 'number',
      user: 'string',
      price: 'array',
      all: 'array',
    },
    'listing',
  );
  oneOf(r.body.orderStatus, ['active', 'history'], 'listing.orderStatus');
  assert.ok(r.body.totalPages >= 1 && r.body.page >= 1);
  for (const o of r.body.time) {
    shape(o, ORDER_FIELDS, 'order');
    // decimal and raw forms agree
    for (const a of AMOUNTS) {
      const mint = a.startsWith('In') ? o.inputMint : o.outputMint;
      assert.equal(
        o[nth(a, 0).toLowerCase() + a.slice(1)],
        fromBaseUnits(o[`raw${a}`], decimalsOf(mint), { group: false }),
        a,
      );
    }
    for (const t of o.trades) {
      shape(t, TRADE_FIELDS, 'trade');
      assert.equal(t.action, 'Fill');
      assert.equal(t.outputAmount, fromBaseUnits(t.rawOutputAmount, decimalsOf(t.outputMint), { group: false }));
    }
  }
  return r.body as { time: any[]; price: any[]; all: any[]; totalPages: number };
}

function timeOrder(user: string, inAmount: bigint | number, numberOfOrders: number, interval: number) {
  return {
    user,
    inputMint: USDC_MINT,
    outputMint: NATIVE_MINT,
    params: {
      time: { inAmount: typeof inAmount === 'bigint' ? inAmount.toString() : inAmount, numberOfOrders, interval },
    },
  };
}

async function open(w: KeyPairSigner, body: unknown) {
  const c = await post(sim, '/recurring/v1/createOrder', body);
  assert.equal(c.status, 200, JSON.stringify(c.body));
  shape(c.body, { requestId: 'string', transaction: 'string' }, 'createOrder');
  assert.ok(programsOf(c.body.transaction).includes(SIM_PROGRAMS.recurring));
  const e = await post(sim, '/recurring/v1/execute', {
    requestId: c.body.requestId,
    signedTransaction: await sign(c.body.transaction, w),
  });
  shape(e.body, { signature: 'string', status: 'string', error: 'string|null|absent', order: 'address' }, 'execute');
  assert.equal(e.body.status, 'Success', JSON.stringify(e.body));
  assert.equal(e.body.error ?? null, null, 'error null, or left out');
  return e.body as { signature: string; order: string };
}

test('recurring minimums and bad parameters answer 400 with the recurring envelope', async () => {
  const w = await newWallet(sim);
  const cases: Array<[unknown, RegExp]> = [
    [timeOrder(w.address, 60n * USDC, 2, 60), /at least 100 USD/],
    [timeOrder(w.address, 200n * USDC, 1, 60), /numberOfOrders/],
    [timeOrder(w.address, 150n * USDC, 4, 60), /at least 50 USD/],
    [timeOrder(w.address, '12.5' as never, 2, 60), /params\.time\.inAmount/],
    [{ ...timeOrder(w.address, 200n * USDC, 2, 60), user: 'nope' }, /user/],
    [{ user: w.address, inputMint: USDC_MINT, outputMint: NATIVE_MINT, params: {} }, /params/],
  ];
  for (const [body, rule] of cases) {
    const r = await post(sim, '/recurring/v1/createOrder', body);
    assert.equal(r.status, 400, JSON.stringify(body));
    shape(r.body, { code: 'number', error: 'string', status: 'string' }, 'error');
    assert.equal(r.body.code, 400);
    assert.equal(r.body.status, 'Bad Request');
    assert.match(r.body.error, rule);
  }
  const noFlag = await get(sim, '/recurring/v1/getRecurringOrders', {
    recurringType: 'time',
    orderStatus: 'active',
    user: w.address,
    page: 1,
  });
  assert.equal(noFlag.status, 400);
  assert.match(noFlag.body.error, /includeFailedTx/);
  const badType = await get(sim, '/recurring/v1/getRecurringOrders', {
    recurringType: 'weekly',
    orderStatus: 'active',
    user: w.address,
    page: 1,
    includeFailedTx: false,
  });
  assert.match(badType.body.error, /recurringType/);
});

test('a time order runs one cycle per interval under advance, pays the user and closes after the last', async () => {
  const w = await newWallet(sim);
  const usdcBefore = balance(sim, w.address, USDC_MINT);
  const solBefore = balance(sim, w.address, NATIVE_MINT);
  const { order, signature } = await open(w, timeOrder(w.address, 300n * USDC, 3, 3600));
  assert.equal(balance(sim, w.address, USDC_MINT), usdcBefore - 300n * USDC);
  let active = (await listing(w.address, 'active')).time;
  assert.equal(active.length, 1);
  assert.equal(active[0].orderKey, order);
  assert.equal(active[0].openTx, signature);
  assert.equal(active[0].cycleFrequency, 3600);
  assert.equal(active[0].rawInAmountPerCycle, (100n * USDC).toString());
  await advance(sim, 1);
  active = (await listing(w.address, 'active')).time;
  assert.equal(active[0].trades.length, 1);
  await advance(sim, 3600);
  assert.equal((await listing(w.address, 'active')).time[0].trades.length, 2);
  await advance(sim, 3600);
  assert.equal((await listing(w.address, 'active')).time.length, 0);
  const done = (await listing(w.address, 'history')).time.find((o) => o.orderKey === order);
  assert.equal(done.trades.length, 3);
  assert.equal(done.userClosed, false);
  assert.ok(done.closeTx);
  assert.equal(done.rawInUsed, (300n * USDC).toString());
  const out = done.trades.reduce((n: bigint, t: any) => n + BigInt(t.rawOutputAmount), 0n);
  assert.equal(done.rawOutReceived, out.toString());
  assert.equal(done.rawOutWithdrawn, out.toString());
  assert.equal(balance(sim, w.address, NATIVE_MINT), solBefore + out);
  const gaps = done.trades.map((t: any) => Date.parse(t.confirmedAt));
  assert.ok(gaps[1] - gaps[0] >= 3_600_000 && gaps[2] - gaps[1] >= 3_600_000, 'cycles one interval apart');
});

test('cancelOrder refunds the unspent input, marks userClosed and moves the order to history', async () => {
  const w = await newWallet(sim);
  const usdcBefore = balance(sim, w.address, USDC_MINT);
  const { order } = await open(w, timeOrder(w.address, 300n * USDC, 3, 3600));
  await advance(sim, 1);
  const other = await newWallet(sim);
  const notMine = await post(sim, '/recurring/v1/cancelOrder', { order, recurringType: 'time', user: other.address });
  assert.equal(notMine.status, 400);
  const c = await post(sim, '/recurring/v1/cancelOrder', { order, recurringType: 'time', user: w.address });
  assert.equal(c.status, 200, JSON.stringify(c.body));
  const e = await post(sim, '/recurring/v1/execute', {
    requestId: c.body.requestId,
    signedTransaction: await sign(c.body.transaction, w),
  });
  assert.equal(e.body.status, 'Success');
  assert.equal(e.body.order, order);
  const done = (await listing(w.address, 'history')).time.find((o) => o.orderKey === order);
  assert.equal(done.userClosed, true);
  assert.equal(done.closeTx, e.body.signature);
  assert.equal(done.rawInUsed, (100n * USDC).toString());
  assert.equal(done.rawInWithdrawn, (200n * USDC).toString());
  assert.equal(balance(sim, w.address, USDC_MINT), usdcBefore - 100n * USDC);
  await advance(sim, 7200);
  assert.equal((await listing(w.address, 'history')).time.find((o) => o.orderKey === order).trades.length, 1);
});

test('listings page 10 per page and filter by mint', async () => {
  const w = await newWallet(sim);
  for (let i = 0; i < 11; i++) await open(w, timeOrder(w.address, 200n * USDC, 2, 86_400));
  const p1 = await listing(w.address, 'active', 'time', 1);
  const p2 = await listing(w.address, 'active', 'time', 2);
  assert.equal(p1.totalPages, 2);
  assert.equal(p1.time.length, 10);
  assert.equal(p2.time.length, 1);
  assert.equal(p1.all.length, 10);
  const other = await get(sim, '/recurring/v1/getRecurringOrders', {
    recurringType: 'time',
    orderStatus: 'active',
    user: w.address,
    page: 1,
    includeFailedTx: true,
    mint: 'JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN',
  });
  assert.equal(other.body.time.length, 0);
  assert.equal(other.body.totalPages, 1);
});

test('deprecated price orders are accepted, bought into, withdrawn from and listed under price and all', async () => {
  const w = await newWallet(sim);
  const { order } = await open(w, {
    user: w.address,
    inputMint: USDC_MINT,
    outputMint: NATIVE_MINT,
    params: {
      price: {
        depositAmount: (500n * USDC).toString(),
        incrementUsdcValue: (100n * USDC).toString(),
        interval: 86_400,
      },
    },
  });
  await advance(sim, 1);
  const listed = await listing(w.address, 'active', 'price');
  assert.equal(listed.time.length, 0);
  assert.equal(listed.price.length, 1);
  assert.equal(listed.all[0].recurringType, 'price');
  const held = BigInt(listed.price[0].rawOutReceived);
  assert.ok(held > 0n);
  const sol = balance(sim, w.address, NATIVE_MINT);
  const wd = await post(sim, '/recurring/v1/priceWithdraw', { inputOrOutput: 'Out', order, user: w.address });
  assert.equal(wd.status, 200, JSON.stringify(wd.body));
  const e = await post(sim, '/recurring/v1/execute', {
    requestId: wd.body.requestId,
    signedTransaction: await sign(wd.body.transaction, w),
  });
  assert.equal(e.body.status, 'Success');
  assert.equal(balance(sim, w.address, NATIVE_MINT), sol + held);
  const bad = await post(sim, '/recurring/v1/priceWithdraw', { inputOrOutput: 'Both', order, user: w.address });
  assert.match(bad.body.error, /inputOrOutput/);
});
