// Order actions without the UI, against the simulator: what :limit and :dca read from typed words
// (rules and minimums before any request), a trigger listing labelled "open" kept as the active
// list, and withdrawing from a legacy price-based order (n sends nothing, y executes once, after
// the journal line).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { NATIVE_MINT, USDC_MINT } from '../../src/chain/mints.js';
import type { Token } from '../../src/api/types.js';
import { parseDcaArgs, parseLimitArgs, scheduleWords, OrderInputError } from '../../src/actions/orderRequest.js';
import { withdrawLegacy, cancelOne, createDcaFromArgs } from '../../src/actions/orderFlow.js';
import { runSigned } from '../../src/actions/run.js';
import { createOrdersStore } from '../../src/orders/store.js';
import { applyList, snapshotOf, type ListParams } from '../../screens/Orders/lists.js';
import { answerNext, world, nextConfirmation } from '../support/actions.js';
import { expecting, USDC_TOKEN } from '../support/tx.js';
import { waitFor } from '../support/wait.js';

const tokens = [
  { id: NATIVE_MINT, symbol: 'SOL', name: 'Wrapped SOL', decimals: 9, usdPrice: 150 },
  { id: USDC_MINT, symbol: 'USDC', name: 'USD Coin', decimals: 6, usdPrice: 1 },
] as Token[];

test(':limit words: total or @price, expiry forms, minimum value, same token refused', () => {
  const now = Date.UTC(2030, 0, 1);
  const a = parseLimitArgs(['2', 'SOL', '300', 'USDC'], tokens, now);
  assert.equal(a.making, 2_000_000_000n);
  assert.equal(a.taking, 300_000_000n);
  assert.equal(a.expiredAtSec, undefined);
  const b = parseLimitArgs(['2', 'SOL', '@150', 'USDC', 'expiry', '7d'], tokens, now);
  assert.equal(b.taking, 300_000_000n);
  assert.equal(b.expiredAtSec, now / 1000 + 7 * 86_400);
  assert.equal(b.expiryText, 'in 1 week');
  assert.equal(parseLimitArgs(['2', 'SOL', '300', 'USDC', '12h'], tokens, now).expiredAtSec, now / 1000 + 43_200);
  assert.throws(() => parseLimitArgs(['0.01', 'SOL', '3', 'USDC'], tokens, now), /under the \$5\.00 minimum/);
  assert.throws(() => parseLimitArgs(['2', 'SOL', '300', 'SOL'], tokens, now), /same as the sell token/);
  assert.throws(() => parseLimitArgs(['2', 'SOL', '300', 'USDC', 'expiry', 'soon'], tokens, now), /not a duration/);
  assert.throws(() => parseLimitArgs(['2', 'SOL'], tokens, now), OrderInputError);
  // slippage for the trigger and the compute unit price, in any order after the pair
  const c = parseLimitArgs(['2', 'SOL', '300', 'USDC', 'slippage', '1%', 'cu', '5000', 'expiry', '2d'], tokens, now);
  assert.equal(c.slippageBps, 100);
  assert.equal(c.computeUnitPrice, '5000');
  assert.equal(c.expiredAtSec, now / 1000 + 2 * 86_400);
  const d = parseLimitArgs(['2', 'SOL', '300', 'USDC', 'slippage=50bps'], tokens, now);
  assert.equal(d.slippageBps, 50);
  assert.equal(d.computeUnitPrice, 'auto');
  assert.throws(
    () => parseLimitArgs(['2', 'SOL', '300', 'USDC', 'cu', 'fast'], tokens, now),
    /cu: "fast" is not auto or a whole number/,
  );
  assert.throws(
    () => parseLimitArgs(['2', 'SOL', '300', 'USDC', 'slippage', '1%', 'slippage', '2%'], tokens, now),
    /slippage: given twice/,
  );
  assert.throws(() => parseLimitArgs(['2', 'SOL', '300', 'USDC', 'tip', '3'], tokens, now), /unexpected "tip"/);
});

test(':dca words: minimums, orders, interval in seconds, the schedule in words', () => {
  const r = parseDcaArgs(['300', 'USDC', 'SOL', '3', '1h'], tokens);
  assert.equal(r.inAmount, 300_000_000n);
  assert.equal(r.intervalSec, 3600);
  assert.equal(scheduleWords(r), '3 buys of 100 USDC → SOL, every 1 hour, first now, last in 2 hours');
  assert.throws(() => parseDcaArgs(['99', 'USDC', 'SOL', '2', '1h'], tokens), /under the \$100\.00 minimum/);
  assert.throws(
    () => parseDcaArgs(['140', 'USDC', 'SOL', '3', '1h'], tokens),
    /each must be at least \$50\.00 \(at most 2 orders/,
  );
  assert.throws(() => parseDcaArgs(['300', 'USDC', 'SOL', '1', '1h'], tokens), /at least 2/);
  assert.throws(() => parseDcaArgs(['300', 'USDC', 'SOL', '3', '10s'], tokens), /at least 1 minute/);
  assert.throws(() => parseDcaArgs(['300', 'USDC', 'SOL', '3', 'hourly'], tokens), /not a duration/);
});

test(':dca start: the first order later (params.time.startAt), said in the schedule; hostile words named', () => {
  const now = Date.UTC(2030, 0, 1);
  const r = parseDcaArgs(['300', 'USDC', 'SOL', '3', '1h', 'start', '2h'], tokens, now);
  assert.equal(r.startAtSec, now / 1000 + 7200);
  assert.equal(scheduleWords(r), '3 buys of 100 USDC → SOL, every 1 hour, first in 2 hours, last in 4 hours');
  const d = parseDcaArgs(['300', 'USDC', 'SOL', '3', '1d', 'start=2030-01-31'], tokens, now);
  assert.equal(d.startAtSec, Date.UTC(2030, 0, 31) / 1000);
  assert.equal(d.startText, 'at 2030-01-31 00:00 UTC (the start of that day in UTC)');
  const n = parseDcaArgs(['300', 'USDC', 'SOL', '3', '1h', 'start', 'now'], tokens, now);
  assert.ok(!('startAtSec' in n));
  const refused = (words: string[], re: RegExp) =>
    assert.throws(
      () => parseDcaArgs(['300', 'USDC', 'SOL', '3', '1h', ...words], tokens, now),
      (e: Error) => e instanceof OrderInputError && re.test(e.message),
    );
  refused(['start'], /start: give a duration such as 2h/);
  refused(['start='], /start: give a duration such as 2h/);
  refused(['start', 'tomorrow'], /start: "tomorrow" is not a duration \(2h, 1d\), a date \(2030-01-31\) or now/);
  refused(['start', '-2h'], /start: "-2h" is not a duration/);
  refused(['start', '2029-12-31'], /start: 2029-12-31 is in the past/);
  refused(['start', '2h', '3h'], /unexpected "3h"/);
  refused(['begin', '2h'], /unexpected "begin" \(after the interval: start 2h, start 2030-01-31\)/);
});

test(':dca start 2h: the createOrder request carries params.time.startAt, the dialog says when the first order runs', async (t) => {
  const w = await world(t);
  const s = w.services;
  const before = Math.floor(s.now() / 1000);
  const run = createDcaFromArgs(s, createOrdersStore({ tab: 'dca' }), ['300', 'USDC', 'SOL', '3', '1h', 'start', '2h']);
  const { view } = await nextConfirmation(s);
  const after = Math.ceil(s.now() / 1000);
  assert.match(view.title, /first in 2 hours, last in 4 hours/);
  const body = w.sim
    .requests()
    .filter((r) => r.path === '/recurring/v1/createOrder')
    .at(-1)!.body as { params: { time: { startAt?: number } } };
  // two hours from the moment it was built, which was between `before` and `after`
  const startAt = body.params.time.startAt!;
  assert.ok(startAt >= before + 7200 && startAt <= after + 7200, JSON.stringify(body));
  assert.ok(
    view!.summary.some((l) => l.label === 'First order' && l.value.startsWith('in 2 hours (startAt ')),
    JSON.stringify(view!.summary),
  );
  await answerNext(s, false);
  assert.equal((await run).status, 'cancelled');
});

test('a trigger listing labelled orderStatus "open" is the active list', () => {
  const store = createOrdersStore();
  const p: ListParams = { tab: 'limit', view: 'active', user: 'u', page: 1, includeFailed: false };
  const order = { orderKey: 'K1', inputMint: NATIVE_MINT, outputMint: USDC_MINT, trades: [] } as never;
  applyList(
    p,
    { kind: 'trigger', res: { user: 'u', orderStatus: 'open', orders: [order], totalPages: 1, page: 1 } },
    1,
    { store, services: {} as never, flash: () => {} },
  );
  assert.equal(store.getState().lists['limit/active']?.trigger.length, 1);
  assert.equal(
    snapshotOf(p, { kind: 'trigger', res: { user: 'u', orderStatus: 'open', orders: [], totalPages: 0, page: 1 } }, 1)
      .totalPages,
    1,
  );
});

test('legacy price-based order: withdraw n sends nothing; y executes once after its journal line; cancel uses recurringType price', async (t) => {
  const w = await world(t);
  const s = w.services;
  const user = w.wallet.address;
  // a legacy order, placed through the pipeline like any other
  const placed = runSigned(
    {
      group: 'recurring',
      action: 'test-legacy',
      build: async () => {
        const r = await s.api.recurring.create({
          user,
          inputMint: USDC_MINT,
          outputMint: NATIVE_MINT,
          params: { price: { depositAmount: '200000000', incrementUsdcValue: '50000000', interval: 3600 } },
        });
        return {
          requestId: r.requestId,
          transactions: [r.transaction],
          allowedSigners: [],
          builtAt: s.now(),
          submit: 'execute',
          summary: {},
          expect: expecting({ pays: { [USDC_TOKEN.mint]: 200_000_000n } }),
        };
      },
      describe: () => ({ title: 'legacy', lines: [] }),
    },
    s,
    'execute',
  );
  await answerNext(s, true);
  assert.equal((await placed).status, 'success');
  // The order's first cycle runs at the first slot after it was created. Wait for it, so that it
  // cannot land between building the withdraw-all and executing it (the service would then
  // refuse the withdraw: less is left than was asked).
  let legacy: Record<string, unknown> | undefined;
  await waitFor(
    async () => {
      const list = await s.api.recurring.list({
        recurringType: 'all',
        orderStatus: 'active',
        user,
        page: 1,
        includeFailedTx: false,
      });
      legacy = (list.price ?? [])[0] as Record<string, unknown> | undefined;
      return legacy !== undefined && Number(legacy.rawInUsed ?? legacy.inUsed ?? 0) > 0;
    },
    "the order's first cycle",
    10_000,
  );
  assert.ok(legacy && typeof legacy.orderKey === 'string');
  const store = createOrdersStore();
  const executes = () => w.sim.requests().filter((r) => r.path === '/recurring/v1/execute').length;
  const before = executes();

  const declined = withdrawLegacy(s, store, { kind: 'legacy', order: legacy }, 'In');
  await answerNext(s, false);
  assert.equal((await declined).status, 'cancelled');
  assert.equal(executes(), before);

  const api = s.api;
  const seen: boolean[] = [];
  s.api = {
    ...api,
    recurring: {
      ...api.recurring,
      execute: async (b, o) => (
        seen.push(readFileSync(w.journalPath, 'utf8').includes(b.signedTransaction)),
        api.recurring.execute(b, o)
      ),
    },
  };
  const accepted = withdrawLegacy(s, store, { kind: 'legacy', order: legacy }, 'In');
  await answerNext(s, true);
  const r = await accepted;
  assert.equal(r.status, 'success', r.error);
  assert.deepEqual(seen, [true]);
  assert.equal(executes(), before + 1);
  const body = w.sim.requests().find((x) => x.path === '/recurring/v1/priceWithdraw')!.body as Record<string, unknown>;
  assert.equal(body.inputOrOutput, 'In');
  assert.equal(body.amount, undefined);

  const cancel = cancelOne(s, store, { kind: 'legacy', order: legacy });
  await answerNext(s, true);
  assert.equal((await cancel).status, 'success');
  assert.equal(
    (w.sim.requests().find((x) => x.path === '/recurring/v1/cancelOrder')!.body as Record<string, unknown>)
      .recurringType,
    'price',
  );
});
