// What the Orders screen lists: trigger and recurring listings with every filter the contract
// gives (orderStatus, page/totalPages, includeFailedTx, mints, recurringType), cancel batches,
// and the deprecated price-based recurring orders (cancel, withdraw In/Out, an amount or all).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { KeyPairSigner } from '@solana/kit';
import { NATIVE_MINT, USDC_MINT } from '../../src/chain/mints.js';
import { SIM_PROGRAMS } from '../../src/chain/programs.js';
import type { SimHandle } from '../../src/sim/index.js';
import { advance, balance, frozenSim, get, newWallet, post, programsOf, sign } from '../support/simGroups.js';
import { nth } from '../support/narrow.js';

const JUP = 'JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN';
const SOL = 1_000_000_000n;
const USDC = 1_000_000n;
let sim: SimHandle;

before(async () => {
  sim = await frozenSim(29);
});
after(() => sim.stop());

async function triggerOrder(
  w: KeyPairSigner,
  inputMint: string,
  outputMint: string,
  making: bigint,
  taking: bigint,
  drainFirst = false,
) {
  const c = await post(sim, '/trigger/v1/createOrder', {
    inputMint,
    outputMint,
    maker: w.address,
    payer: w.address,
    params: { makingAmount: making.toString(), takingAmount: taking.toString() },
  });
  assert.equal(c.status, 200, JSON.stringify(c.body));
  if (drainFirst) sim.kernel.ledger.debit(w.address, inputMint, balance(sim, w.address, inputMint));
  const e = await post(sim, '/trigger/v1/execute', {
    requestId: c.body.requestId,
    signedTransaction: await sign(c.body.transaction, w),
  });
  assert.equal(e.body.status, drainFirst ? 'Failed' : 'Success', JSON.stringify(e.body));
  return c.body.order as string;
}

async function triggers(query: Record<string, string | number | boolean>) {
  const r = await get(sim, '/trigger/v1/getTriggerOrders', query);
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return r.body as { user: string; orderStatus: string; orders: any[]; totalPages: number; page: number };
}

async function execute(group: 'trigger' | 'recurring', requestId: string, transaction: string, w: KeyPairSigner) {
  const e = await post(sim, `/${group}/v1/execute`, { requestId, signedTransaction: await sign(transaction, w) });
  assert.equal(e.body.status, 'Success', JSON.stringify(e.body));
  return e.body;
}

test('trigger listing: 23 open orders page 10 per page, newest first, with totalPages and page echoed', async () => {
  const w = await newWallet(sim);
  const keys: string[] = [];
  for (let i = 0; i < 23; i++) {
    keys.push(await triggerOrder(w, NATIVE_MINT, USDC_MINT, SOL / 20n, 1_000_000_000n + BigInt(i)));
    await advance(sim, 1);
  }
  const pages = [];
  for (const page of [1, 2, 3]) pages.push(await triggers({ user: w.address, orderStatus: 'active', page }));
  assert.deepEqual(
    pages.map((p) => [p.page, p.totalPages, p.orders.length]),
    [
      [1, 3, 10],
      [2, 3, 10],
      [3, 3, 3],
    ],
  );
  assert.deepEqual(
    pages.flatMap((p) => p.orders.map((o) => o.orderKey)),
    [...keys].reverse(),
  );
  const noPage = await triggers({ user: w.address, orderStatus: 'active' });
  assert.equal(noPage.page, 1, 'page defaults to 1');
  assert.deepEqual(noPage.orders, nth(pages, 0).orders);
  const beyond = await triggers({ user: w.address, orderStatus: 'active', page: 4 });
  assert.deepEqual([beyond.orders.length, beyond.totalPages, beyond.page], [0, 3, 4]);
  const history = await triggers({ user: w.address, orderStatus: 'history' });
  assert.deepEqual([history.orders.length, history.totalPages, history.orderStatus], [0, 1, 'history']);
  const bad = await get(sim, '/trigger/v1/getTriggerOrders', { user: w.address, orderStatus: 'open' });
  assert.equal(bad.status, 400);
  assert.match(bad.body.cause, /orderStatus/);
});

test('trigger listing: inputMint and outputMint filters, alone and together', async () => {
  const w = await newWallet(sim);
  const solUsdc = await triggerOrder(w, NATIVE_MINT, USDC_MINT, SOL / 10n, 1_000_000_000n);
  const usdcSol = await triggerOrder(w, USDC_MINT, NATIVE_MINT, 20n * USDC, SOL);
  const usdcJup = await triggerOrder(w, USDC_MINT, JUP, 20n * USDC, 1_000_000_000n);
  const keys = async (q: Record<string, string>) =>
    (await triggers({ user: w.address, orderStatus: 'active', ...q })).orders.map((o) => o.orderKey).sort();
  assert.deepEqual(await keys({}), [solUsdc, usdcSol, usdcJup].sort());
  assert.deepEqual(await keys({ inputMint: USDC_MINT }), [usdcSol, usdcJup].sort());
  assert.deepEqual(await keys({ outputMint: NATIVE_MINT }), [usdcSol]);
  assert.deepEqual(await keys({ inputMint: USDC_MINT, outputMint: JUP }), [usdcJup]);
  assert.deepEqual(await keys({ inputMint: JUP }), []);
  const bad = await get(sim, '/trigger/v1/getTriggerOrders', {
    user: w.address,
    orderStatus: 'active',
    outputMint: 'nope',
  });
  assert.equal(bad.status, 400);
  assert.match(bad.body.cause, /outputMint/);
});

test('trigger listing: a failed create is in history only with includeFailedTx=true; cancelled and completed orders are history', async () => {
  const w = await newWallet(sim);
  const cancelled = await triggerOrder(w, NATIVE_MINT, USDC_MINT, SOL / 10n, 1_000_000_000n);
  const filled = await triggerOrder(w, NATIVE_MINT, USDC_MINT, SOL / 10n, 1_000_000_000n);
  const c = await post(sim, '/trigger/v1/cancelOrder', { maker: w.address, order: cancelled });
  await execute('trigger', c.body.requestId, c.body.transaction, w);
  sim.fillTriggerOrder(filled, 100);
  const failed = await triggerOrder(w, USDC_MINT, NATIVE_MINT, 20n * USDC, SOL, true);
  const statuses = async (q: Record<string, string | boolean>) =>
    Object.fromEntries((await triggers({ user: w.address, ...q })).orders.map((o) => [o.orderKey, o.status]));
  assert.deepEqual(await statuses({ orderStatus: 'history' }), { [cancelled]: 'Cancelled', [filled]: 'Completed' });
  assert.deepEqual(await statuses({ orderStatus: 'history', includeFailedTx: false }), {
    [cancelled]: 'Cancelled',
    [filled]: 'Completed',
  });
  assert.deepEqual(await statuses({ orderStatus: 'history', includeFailedTx: true }), {
    [cancelled]: 'Cancelled',
    [filled]: 'Completed',
    [failed]: 'Failed',
  });
  assert.deepEqual(await statuses({ orderStatus: 'active', includeFailedTx: true }), {});
  const bad = await get(sim, '/trigger/v1/getTriggerOrders', {
    user: w.address,
    orderStatus: 'history',
    includeFailedTx: 'yes',
  });
  assert.equal(bad.status, 400);
  assert.match(bad.body.cause, /includeFailedTx/);
});

test('trigger cancelOrders: one transaction per five orders, with or without an explicit list', async () => {
  const w = await newWallet(sim);
  const keys: string[] = [];
  for (let i = 0; i < 11; i++)
    keys.push(await triggerOrder(w, NATIVE_MINT, USDC_MINT, SOL / 20n, 1_000_000_000n + BigInt(i)));
  const cancelIxs = (txs: string[]) => txs.map((t) => programsOf(t).filter((p) => p === SIM_PROGRAMS.trigger).length);
  const listed = await post(sim, '/trigger/v1/cancelOrders', { maker: w.address, orders: keys.slice(0, 6) });
  assert.equal(listed.status, 200, JSON.stringify(listed.body));
  assert.deepEqual(cancelIxs(listed.body.transactions), [5, 1]);
  const all = await post(sim, '/trigger/v1/cancelOrders', { maker: w.address });
  assert.deepEqual(cancelIxs(all.body.transactions), [5, 5, 1]);
  for (const t of all.body.transactions) await execute('trigger', all.body.requestId, t, w);
  assert.equal((await triggers({ user: w.address, orderStatus: 'active' })).orders.length, 0);
  const hist = await triggers({ user: w.address, orderStatus: 'history', page: 2 });
  assert.deepEqual([hist.totalPages, hist.orders.length], [2, 1]);
  // the first batch's orders were cancelled by the second request: its transactions now fail
  const stale = await post(sim, '/trigger/v1/execute', {
    requestId: listed.body.requestId,
    signedTransaction: await sign(listed.body.transactions[1], w),
  });
  assert.equal(stale.body.status, 'Failed');
  assert.notEqual(stale.body.code, 0);
});

// ---------- recurring ----------

async function recurring(w: KeyPairSigner, params: unknown, outputMint = NATIVE_MINT) {
  const c = await post(sim, '/recurring/v1/createOrder', { user: w.address, inputMint: USDC_MINT, outputMint, params });
  assert.equal(c.status, 200, JSON.stringify(c.body));
  return (await execute('recurring', c.body.requestId, c.body.transaction, w)).order as string;
}

async function recurringList(q: Record<string, string | number | boolean>) {
  const r = await get(sim, '/recurring/v1/getRecurringOrders', { page: 1, includeFailedTx: false, ...q });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return r.body as { orderStatus: string; page: number; totalPages: number; time: any[]; price: any[]; all: any[] };
}

const time = (inAmount: bigint, numberOfOrders = 2, interval = 86_400) => ({
  time: { inAmount: inAmount.toString(), numberOfOrders, interval },
});
const price = (deposit: bigint) => ({
  price: { depositAmount: deposit.toString(), incrementUsdcValue: (100n * USDC).toString(), interval: 86_400 },
});

test('recurring listing: recurringType time, price and all; mint; page and totalPages; null page is the first', async () => {
  const w = await newWallet(sim);
  for (let i = 0; i < 9; i++) await recurring(w, time(200n * USDC));
  const jup = await recurring(w, time(200n * USDC), JUP);
  const prices = [await recurring(w, price(300n * USDC)), await recurring(w, price(300n * USDC))];
  const base = { user: w.address, orderStatus: 'active' };
  const t1 = await recurringList({ ...base, recurringType: 'time' });
  assert.deepEqual([t1.time.length, t1.price.length, t1.totalPages], [10, 0, 1]);
  const p = await recurringList({ ...base, recurringType: 'price' });
  assert.deepEqual([p.time.length, p.price.length, p.totalPages], [0, 2, 1]);
  assert.deepEqual(p.price.map((o) => o.orderKey).sort(), [...prices].sort());
  const a1 = await recurringList({ ...base, recurringType: 'all' });
  const a2 = await recurringList({ ...base, recurringType: 'all', page: 2 });
  assert.deepEqual([a1.all.length, a2.all.length, a1.totalPages, a2.page], [10, 2, 2, 2]);
  assert.equal(
    a1.time.length + a1.price.length + a2.time.length + a2.price.length,
    12,
    'time and price hold the page items by type',
  );
  assert.deepEqual(new Set([...a1.all, ...a2.all].map((o) => o.recurringType)), new Set(['time', 'price']));
  const onlyJup = await recurringList({ ...base, recurringType: 'all', mint: JUP });
  assert.deepEqual(
    onlyJup.all.map((o) => o.orderKey),
    [jup],
  );
  const usdc = await recurringList({ ...base, recurringType: 'time', mint: USDC_MINT });
  assert.equal(usdc.time.length, 10, 'mint matches the input side too');
  const nullPage = await recurringList({ ...base, recurringType: 'time', page: 'null', mint: 'null' });
  assert.equal(nullPage.page, 1);
  assert.equal(nullPage.time.length, 10);
  const hist = await recurringList({ user: w.address, orderStatus: 'history', recurringType: 'all' });
  assert.deepEqual([hist.all.length, hist.totalPages, hist.orderStatus], [0, 1, 'history']);
  for (const [q, field] of [
    [{ page: 0 }, /page/],
    [{ orderStatus: 'open' }, /orderStatus/],
    [{ mint: 'x' }, /mint/],
  ] as const) {
    const query: Record<string, string | number | boolean> = {
      ...base,
      recurringType: 'time',
      page: 1,
      includeFailedTx: false,
    };
    const r = await get(sim, '/recurring/v1/getRecurringOrders', { ...query, ...q });
    assert.equal(r.status, 400, JSON.stringify(q));
    assert.match(r.body.error, field);
  }
});

test('recurring listing: includeFailedTx shows a failed create in history only when asked', async () => {
  const w = await newWallet(sim);
  const c = await post(sim, '/recurring/v1/createOrder', {
    user: w.address,
    inputMint: USDC_MINT,
    outputMint: NATIVE_MINT,
    params: time(200n * USDC),
  });
  sim.kernel.ledger.debit(w.address, USDC_MINT, balance(sim, w.address, USDC_MINT));
  const e = await post(sim, '/recurring/v1/execute', {
    requestId: c.body.requestId,
    signedTransaction: await sign(c.body.transaction, w),
  });
  assert.equal(e.body.status, 'Failed');
  const base = { user: w.address, recurringType: 'all' };
  assert.equal((await recurringList({ ...base, orderStatus: 'history' })).all.length, 0);
  assert.equal((await recurringList({ ...base, orderStatus: 'active', includeFailedTx: true })).all.length, 0);
  const shown = await recurringList({ ...base, orderStatus: 'history', includeFailedTx: true });
  assert.equal(shown.all.length, 1);
  assert.equal(shown.all[0].rawInDeposited, '0');
});

test('legacy price orders: withdraw part of the input, all of the output, then cancel refunds the rest', async () => {
  const w = await newWallet(sim);
  const usdcStart = balance(sim, w.address, USDC_MINT);
  const order = await recurring(w, price(500n * USDC));
  await advance(sim, 1); // the first cycle buys about 100 USD of SOL into the order
  const before = (await recurringList({ user: w.address, orderStatus: 'active', recurringType: 'price' })).price[0];
  assert.equal(before.orderKey, order);
  const bought = BigInt(before.rawOutReceived);
  const inLeft = BigInt(before.rawInLeft);
  assert.ok(bought > 0n && inLeft < 500n * USDC);

  const withdraw = async (body: Record<string, unknown>) => {
    const r = await post(sim, '/recurring/v1/priceWithdraw', { order, user: w.address, ...body });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    await execute('recurring', r.body.requestId, r.body.transaction, w);
  };
  const usdc = balance(sim, w.address, USDC_MINT);
  await withdraw({ inputOrOutput: 'In', amount: (50n * USDC).toString() });
  assert.equal(balance(sim, w.address, USDC_MINT), usdc + 50n * USDC);
  const sol = balance(sim, w.address, NATIVE_MINT);
  await withdraw({ inputOrOutput: 'Out' }); // no amount: everything
  assert.equal(balance(sim, w.address, NATIVE_MINT), sol + bought);
  const mid = (await recurringList({ user: w.address, orderStatus: 'active', recurringType: 'price' })).price[0];
  assert.equal(mid.rawInWithdrawn, (50n * USDC).toString());
  assert.equal(mid.rawOutWithdrawn, bought.toString());
  const tooMuch = await post(sim, '/recurring/v1/priceWithdraw', {
    order,
    user: w.address,
    inputOrOutput: 'Out',
    amount: '1',
  });
  assert.equal(tooMuch.status, 400);
  assert.match(tooMuch.body.error, /amount/);

  const wrongType = await post(sim, '/recurring/v1/cancelOrder', { order, user: w.address, recurringType: 'time' });
  assert.equal(wrongType.status, 400);
  assert.match(wrongType.body.error, /recurringType/);
  const c = await post(sim, '/recurring/v1/cancelOrder', { order, user: w.address, recurringType: 'price' });
  assert.equal(c.status, 200, JSON.stringify(c.body));
  const closed = await execute('recurring', c.body.requestId, c.body.transaction, w);
  assert.equal(closed.order, order);
  assert.equal(balance(sim, w.address, USDC_MINT), usdcStart - BigInt(before.rawInUsed), 'all unspent input is back');
  const hist = (await recurringList({ user: w.address, orderStatus: 'history', recurringType: 'price' })).price[0];
  assert.equal(hist.orderKey, order);
  assert.equal(hist.userClosed, true);
  assert.equal(hist.closeTx, closed.signature);
  assert.equal(hist.nextExecutionAt, null);
});

test('trigger expiry: once /__sim/advance passes expiredAt the order is Expired in history and refunded', async () => {
  const w = await newWallet(sim);
  const nowSec = Math.floor(sim.kernel.clock.nowMs() / 1000);
  const c = await post(sim, '/trigger/v1/createOrder', {
    inputMint: NATIVE_MINT,
    outputMint: USDC_MINT,
    maker: w.address,
    payer: w.address,
    params: { makingAmount: (SOL / 10n).toString(), takingAmount: '1000000000', expiredAt: String(nowSec + 3) },
  });
  await execute('trigger', c.body.requestId, c.body.transaction, w);
  const sol = balance(sim, w.address, NATIVE_MINT);
  const open = (await triggers({ user: w.address, orderStatus: 'active' })).orders[0];
  assert.equal(open.expiredAt, new Date((nowSec + 3) * 1000).toISOString());
  await advance(sim, 3);
  assert.deepEqual((await triggers({ user: w.address, orderStatus: 'active' })).orders, []);
  const hist = (await triggers({ user: w.address, orderStatus: 'history' })).orders;
  assert.equal(hist.length, 1);
  assert.equal(hist[0].status, 'Expired');
  assert.equal(typeof hist[0].closeTx, 'string');
  assert.ok(Date.parse(hist[0].updatedAt) >= (nowSec + 3) * 1000);
  assert.equal(balance(sim, w.address, NATIVE_MINT), sol + SOL / 10n);
});
