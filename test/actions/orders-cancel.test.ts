// Cancelling several limit orders without the UI, against the simulator: a chosen subset five to a
// transaction (the subsets the service received, in the request log), the cancels' priority fee,
// the limit order's fee account and SOL wrapping as sent, and cancel-all with 500 open orders.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { NATIVE_MINT, USDC_MINT } from '../../src/chain/mints.js';
import { cancelAllLimits, cancelFound, cancelLimitOrders } from '../../src/actions/orderCancelBatches.js';
import { cancelOne, createLimitFromArgs, findOpenOrders } from '../../src/actions/orderFlow.js';
import { OrderInputError } from '../../src/actions/orderRequest.js';
import { createOrdersStore, type OrdersStore } from '../../src/orders/store.js';
import type { Services } from '../../src/services/index.js';
import type { SimHandle } from '../../src/sim/index.js';
import type { TriggerOrder } from '../../src/api/types.js';
import { signTransaction } from '../../src/wallet/sign.js';
import { first, nth } from '../support/narrow.js';
import { answerNext, world, nextConfirmation } from '../support/actions.js';

const bodies = (sim: SimHandle, path: string) =>
  sim
    .requests()
    .filter((r) => r.path === path)
    .map((r) => r.body as Record<string, unknown>);
const executes = (sim: SimHandle) => sim.requests().filter((r) => r.path === '/trigger/v1/execute').length;

/** Places `n` limit orders straight through the API (signed by the test's wallet), in parallel runs. */
async function placeOrders(s: Services, n: number): Promise<void> {
  const maker = s.wallet!.address;
  const one = async (i: number) => {
    const c = await s.api.trigger.create({
      inputMint: NATIVE_MINT,
      outputMint: USDC_MINT,
      maker,
      payer: maker,
      params: { makingAmount: '50000000', takingAmount: String(8_000_000 + i) },
    });
    const signed = await signTransaction(c.transaction, s.wallet!);
    const e = await s.api.trigger.execute({ requestId: c.requestId, signedTransaction: signed.signedBase64 });
    assert.equal(e.status, 'Success');
  };
  for (let i = 0; i < n; i += 25) await Promise.all(Array.from({ length: Math.min(25, n - i) }, (_, k) => one(i + k)));
}

async function openOrders(s: Services): Promise<TriggerOrder[]> {
  const out: TriggerOrder[] = [];
  for (let page = 1; ; page++) {
    const r = await s.api.trigger.list({ user: s.wallet!.address, orderStatus: 'active', page });
    out.push(...r.orders);
    if (page >= r.totalPages) return out;
  }
}

/** Answers every dialog the run asks for with `ok` until it ends; the dialog titles in order. */
async function answering<T>(
  s: Services,
  run: Promise<T>,
  ok = true,
): Promise<{ result: T; titles: string[]; summaries: string[][] }> {
  const titles: string[] = [];
  const summaries: string[][] = [];
  let done = false;
  const result = run.finally(() => (done = true));
  while (!done) {
    const head = s.confirm.getState().queue[0];
    if (head) {
      titles.push(head.view.title);
      summaries.push(head.view.summary.map((l) => `${l.label}: ${l.value}`));
      s.confirm.getState().answer(head.id, ok);
    }
    await new Promise((r) => setTimeout(r, 2));
  }
  return { result: await result, titles, summaries };
}

test('seven marked orders: cancelOrders names them five, then two, at the chosen priority fee; each batch confirmed, journalled and executed; the cancelled ones are unmarked', async (t) => {
  const w = await world(t);
  const s = w.services;
  const store = createOrdersStore();
  await placeOrders(s, 9);
  const open = await openOrders(s);
  const chosen = open.slice(1, 8);
  for (const o of chosen) store.getState().toggleMark(o);
  store.getState().toggleMark(nth(open, 0));
  store.getState().toggleMark(nth(open, 0));
  assert.equal(store.getState().marked.length, 7);
  const before = executes(w.sim);
  const { result, titles } = await answering(
    s,
    cancelLimitOrders(s, store, store.getState().marked, { computeUnitPrice: '7000' }),
  );
  assert.deepEqual(titles, [
    'Cancel limit orders: cancelling 1–5 of 7 (transaction 1 of 2)',
    'Cancel limit orders: cancelling 6–7 of 7 (transaction 2 of 2)',
  ]);
  assert.deepEqual(
    result.batches.map((b) => b.status),
    ['success', 'success'],
  );
  const sent = bodies(w.sim, '/trigger/v1/cancelOrders');
  assert.deepEqual(sent, [
    { maker: w.wallet.address, orders: chosen.slice(0, 5).map((o) => o.orderKey), computeUnitPrice: '7000' },
    { maker: w.wallet.address, orders: chosen.slice(5).map((o) => o.orderKey), computeUnitPrice: '7000' },
  ]);
  assert.equal(executes(w.sim) - before, 2);
  assert.equal((await s.journal!.entries()).filter((e) => e.action === 'cancel-limits').length, 2);
  assert.deepEqual(store.getState().marked, []);
  assert.equal(store.getState().outcome?.title, 'Cancel 7 marked: 2 of 2 transactions done');
  const left = (await openOrders(s)).map((o) => o.orderKey).sort();
  assert.deepEqual(left, [nth(open, 0).orderKey, nth(open, 8).orderKey].sort());
});

test('a declined batch stays marked and sends nothing; the others go on', async (t) => {
  const w = await world(t);
  const s = w.services;
  const store = createOrdersStore();
  await placeOrders(s, 6);
  const open = await openOrders(s);
  for (const o of open) store.getState().toggleMark(o);
  const before = executes(w.sim);
  const run = cancelLimitOrders(s, store, store.getState().marked);
  await answerNext(s, false);
  await answerNext(s, true);
  const result = await run;
  assert.deepEqual(
    result.batches.map((b) => b.status),
    ['cancelled', 'success'],
  );
  assert.equal(executes(w.sim) - before, 1);
  assert.deepEqual(
    store.getState().marked.map((o) => o.orderKey),
    open.slice(0, 5).map((o) => o.orderKey),
  );
  assert.match(store.getState().outcome!.title, /1 of 2 done, 1 not done \(X retries the ones still marked\)/);
  // the default priority fee is the screen's: auto
  assert.equal(nth(bodies(w.sim, '/trigger/v1/cancelOrders'), 0).computeUnitPrice, 'auto');
});

test('cancel one at a chosen priority fee; cancel K1 K2 with a DCA key among them is refused before any request', async (t) => {
  const w = await world(t);
  const s = w.services;
  const store = createOrdersStore();
  await placeOrders(s, 3);
  const [a, b, c] = first(await openOrders(s), 3);
  const one = answering(s, cancelOne(s, store, { kind: 'limit', order: a }, '12345'));
  assert.equal((await one).result.status, 'success');
  assert.equal(bodies(w.sim, '/trigger/v1/cancelOrder').at(-1)!.computeUnitPrice, '12345');
  store.getState().setCancelFee('0');
  await answering(s, cancelOne(s, store, { kind: 'limit', order: b }));
  assert.equal(bodies(w.sim, '/trigger/v1/cancelOrder').at(-1)!.computeUnitPrice, '0');
  // a DCA's cancel has no priority fee to set, and several keys cancel limit orders only
  const dca = { kind: 'dca' as const, order: { orderKey: 'Dca1111111111111111111111111111111111111111' } as never };
  await assert.rejects(
    cancelOne(s, store, dca, '5000'),
    (e: Error) =>
      e instanceof OrderInputError && /cu: a DCA order is cancelled through the recurring group/.test(e.message),
  );
  await assert.rejects(
    cancelFound(s, store, [{ kind: 'limit', order: a }, dca], undefined),
    /a DCA order; several keys cancel limit orders together/,
  );
  // unknown and repeated keys are named
  await assert.rejects(
    findOpenOrders(s, store, [c.orderKey, 'Nope11111111111111111111111111111111111111']),
    /no order with key Nope1111/,
  );
  await assert.rejects(
    findOpenOrders(s, store, [c.orderKey, a.orderKey]),
    new RegExp(`no order with key ${a.orderKey} among your orders`),
  );
  await assert.rejects(findOpenOrders(s, store, [c.orderKey, c.orderKey.slice(0, 12)]), /given twice/);
  assert.equal(bodies(w.sim, '/recurring/v1/cancelOrder').length, 0);
  assert.equal(bodies(w.sim, '/trigger/v1/cancelOrders').length, 0);
});

test('limit with fee-account and wrap off: the createOrder request carries feeAccount and wrapAndUnwrapSol=false, the dialog says both; the wallet as fee account is refused', async (t) => {
  const w = await world(t);
  const s = w.services;
  const store = createOrdersStore();
  const feeAccount = 'FeeAcct111111111111111111111111111111111111';
  const run = createLimitFromArgs(s, store, [
    '0.1',
    'SOL',
    '15.5',
    'USDC',
    'wrap',
    'off',
    'fee-account',
    feeAccount,
    'cu',
    '4000',
  ]);
  const summary = (await nextConfirmation(s)).view.summary.map((l) => `${l.label}: ${l.value}`);
  assert.ok(summary.includes(`Fee account: ${feeAccount} (collects the referral fee)`), summary.join('\n'));
  assert.ok(summary.includes('SOL: wrap off: the order uses your wSOL account'), summary.join('\n'));
  await answerNext(s, true);
  assert.equal((await run).status, 'success');
  const body = bodies(w.sim, '/trigger/v1/createOrder').at(-1)!;
  assert.equal(body.feeAccount, feeAccount);
  assert.equal(body.wrapAndUnwrapSol, false);
  assert.equal(body.computeUnitPrice, '4000');
  // left out, neither is sent (the service's defaults)
  const plain = createLimitFromArgs(s, store, ['0.1', 'SOL', '15.6', 'USDC']);
  await answerNext(s, false);
  await plain;
  const last = bodies(w.sim, '/trigger/v1/createOrder').at(-1)!;
  assert.ok(!('feeAccount' in last) && !('wrapAndUnwrapSol' in last), JSON.stringify(last));
  const count = bodies(w.sim, '/trigger/v1/createOrder').length;
  await assert.rejects(
    createLimitFromArgs(s, store, ['0.1', 'SOL', '15.5', 'USDC', 'fee-account', w.wallet.address]),
    /fee-account: .* is your wallet, not a token account/,
  );
  assert.equal(bodies(w.sim, '/trigger/v1/createOrder').length, count);
});

test('cancel-all with 500 open orders: counted from two list pages, 100 transactions of five, each confirmed with its place; none left open', async (t) => {
  const w = await world(t);
  const s = w.services;
  w.sim.fund(w.wallet.address, NATIVE_MINT, 100_000_000_000n);
  const store: OrdersStore = createOrdersStore();
  await placeOrders(s, 500);
  const lists = bodies(w.sim, '/trigger/v1/getTriggerOrders').length;
  const { result, titles, summaries } = await answering(s, cancelAllLimits(s, store, undefined, undefined, '1000'));
  assert.equal(result.batches.length, 100);
  assert.ok(
    result.batches.every((b) => b.status === 'success'),
    JSON.stringify(result.batches.filter((b) => b.status !== 'success')),
  );
  assert.equal(titles.length, 100);
  assert.equal(titles[0], 'Cancel all limit orders: transaction 1 of 100');
  assert.ok(
    nth(summaries, 0).includes('Cancel all: 500 open limit orders in 100 transactions (up to 5 orders each)'),
    nth(summaries, 0).join('\n'),
  );
  assert.ok(
    nth(summaries, 1).includes('This one: transaction 2 of 100: cancelling 6–10 of 500'),
    nth(summaries, 1).join('\n'),
  );
  assert.ok(
    nth(summaries, 99).includes('This one: transaction 100 of 100: cancelling 496–500 of 500'),
    nth(summaries, 99).join('\n'),
  );
  assert.ok(
    nth(summaries, 99).includes('Priority fee: 1000 microlamports per compute unit'),
    nth(summaries, 99).join('\n'),
  );
  // the first ten pages (listed in the first dialog, 100 of them) and the last (the count)
  assert.equal(w.sim.requests().filter((r) => r.path === '/trigger/v1/getTriggerOrders').length - lists, 11);
  assert.ok(
    nth(summaries, 0).some((l) => /^Open orders: 0\.\d+ SOL → USDC for /.test(l)),
    nth(summaries, 0).join('\n'),
  );
  assert.ok(nth(summaries, 0).includes(': and 400 more (not listed here)'), nth(summaries, 0).join('\n'));
  assert.ok(!nth(summaries, 1).some((l) => l.startsWith('Open orders')), 'listed once, in the first dialog');
  assert.equal(store.getState().outcome?.title, 'Cancel all: 100 of 100 transactions done');
  assert.equal((await s.api.trigger.list({ user: w.wallet.address, orderStatus: 'active' })).orders.length, 0);
  assert.ok(bodies(w.sim, '/trigger/v1/cancelOrders').every((b) => b.computeUnitPrice === '1000' && !('orders' in b)));
});
