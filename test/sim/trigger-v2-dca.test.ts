// DCA orders of the current generation against the simulator: rounds sold from the vault by the
// keeper with the output sent to the wallet, a price band that holds rounds back, the cancel with
// its withdrawal, and the service's refusals.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { SimHandle } from '../../src/sim/index.js';
import { frozenSim } from '../support/simGroups.js';
import { balance, SOL, USDC, USDT } from '../support/simHttp.js';
import { call, craft, fund, price, session, setPrice, signTx, type Session } from './v2-support.js';

let sim: SimHandle;
let solUsd: number;
before(async () => {
  sim = await frozenSim(41);
  solUsd = price(sim, SOL);
});
after(() => sim.stop());

const dca = (s: Session, amount: bigint, order: Record<string, unknown>, inputMint = USDC, outputMint = SOL) =>
  fund(sim, s, { inputMint, outputMint, amount: amount.toString(), orderType: 'dca' }, '/trigger/v2/orders/dca', order);

/** Lands a DCA cancel's withdrawal, signed by the wallet. */
async function confirm(s: Session, id: string, cancel: { transaction: string; requestId: string }) {
  return call(
    sim,
    'POST',
    `/trigger/v2/orders/dca/confirm-cancel/${id}`,
    { signedTransaction: await signTx(cancel.transaction, s.w), cancelRequestId: cancel.requestId },
    s.token,
  );
}

async function listed(s: Session, id: string): Promise<any> {
  const r = await call(sim, 'GET', `/trigger/v2/orders/history/dca/${id}`, undefined, s.token);
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return r.body;
}

test('a time-based DCA sells a round from the vault each interval and sends its output to the wallet', async () => {
  const s = await session(sim);
  const total = 100_000_000n;
  const o = await dca(s, total, { orderCount: 2, intervalSeconds: 60 });
  assert.equal(balance(sim, s.vault, USDC), total, 'the deposit is in the vault');
  const solBefore = balance(sim, s.w.address, SOL);
  sim.advance(2);
  const one = await listed(s, o.id);
  assert.equal(one.roundsFilled, 1);
  assert.equal(one.state, 'active');
  assert.equal(one.displayState, 'active');
  assert.equal(one.inputAmountRemaining, '50000000');
  assert.equal(balance(sim, s.vault, USDC), 50_000_000n);
  const round = one.events.find((e: any) => e.type === 'fill');
  assert.equal(round.roundNumber, 1);
  assert.equal(balance(sim, s.w.address, SOL) - solBefore, BigInt(round.outputAmount), 'straight to the wallet');
  sim.advance(30);
  assert.equal((await listed(s, o.id)).roundsFilled, 1, 'not before its interval');
  sim.advance(32);
  const done = await listed(s, o.id);
  assert.equal(done.roundsFilled, 2);
  assert.equal(done.state, 'completed');
  assert.equal(done.fillPercent, 1);
  assert.equal(done.nextFillAt, null);
  assert.equal(balance(sim, s.vault, USDC), 0n);
  assert.equal(BigInt(done.outputAmountTotal), balance(sim, s.w.address, SOL) - solBefore);
  const past = await call(sim, 'GET', '/trigger/v2/orders/history/dca?state=past', undefined, s.token);
  assert.deepEqual(
    past.body.orders.map((x: any) => x.id),
    [o.id],
  );
});

test('a price-conditional DCA waits while the price is outside its band, and runs once it is inside', async () => {
  const s = await session(sim);
  const o = await dca(s, 40_000_000n, {
    orderCount: 2,
    intervalSeconds: 120,
    orderType: 'price_conditional',
    triggerMint: SOL,
    maxPriceUsd: solUsd * 0.9,
    beginFillAt: new Date(sim.kernel.clock.nowMs() + 10_000).toISOString(),
  });
  sim.advance(20);
  const waiting = await listed(s, o.id);
  assert.equal(waiting.roundsFilled, 0);
  assert.equal(waiting.state, 'active');
  assert.equal(waiting.maxPriceUsd, solUsd * 0.9);
  setPrice(sim, SOL, solUsd * 0.85);
  sim.advance(4);
  assert.equal((await listed(s, o.id)).roundsFilled, 1);
  setPrice(sim, SOL, solUsd);
});

test('cancel: the rounds stop, the rest of the deposit comes back through a withdrawal the wallet signs', async () => {
  const s = await session(sim);
  const o = await dca(s, 60_000_000n, { orderCount: 3, intervalSeconds: 3600 });
  sim.advance(2);
  const before = balance(sim, s.w.address, USDC);
  const c = await call(sim, 'POST', `/trigger/v2/orders/dca/cancel/${o.id}`, undefined, s.token);
  assert.equal(c.status, 200, JSON.stringify(c.body));
  assert.equal(c.body.roundsRemaining, 2);
  assert.equal(c.body.refundAmount, '40000000');
  assert.equal((await listed(s, o.id)).displayState, 'pending_withdraw');
  sim.advance(3600);
  assert.equal((await listed(s, o.id)).roundsFilled, 1, 'no round while withdrawing');
  const stale = await confirm(s, o.id, c.body);
  assert.equal(stale.status, 400, 'its blockhash expired an hour ago');
  assert.match(stale.body.error, /^Withdrawal failed: transaction expired/);
  const again = await call(sim, 'POST', `/trigger/v2/orders/dca/cancel/${o.id}`, undefined, s.token);
  const done = await confirm(s, o.id, again.body);
  assert.equal(done.status, 200, JSON.stringify(done.body));
  const cancelled = await listed(s, o.id);
  assert.equal(cancelled.state, 'cancelled');
  assert.equal(cancelled.inputAmountRemaining, '40000000', 'not zeroed by a cancel: the state says it');
  assert.deepEqual(
    cancelled.events.map((e: any) => e.type),
    ['deposit', 'fill', 'withdrawal', 'cancelled'],
  );
  assert.equal(balance(sim, s.w.address, USDC) - before, 40_000_000n);
  assert.equal(balance(sim, s.vault, USDC), 0n);
  const gone = await call(sim, 'POST', `/trigger/v2/orders/dca/cancel/${o.id}`, undefined, s.token);
  assert.equal(gone.body.error, "Cannot cancel DCA order in 'cancelled' state");
});

test("the service's refusals: a round under 10 USD, a stable pair, a deposit crafted for price orders, another's order, no edits", async () => {
  const s = await session(sim);
  const small = await craft(sim, s, { inputMint: USDC, outputMint: SOL, amount: '30000000', orderType: 'dca' });
  const create = async (d: any, order: Record<string, unknown>) =>
    call(
      sim,
      'POST',
      '/trigger/v2/orders/dca',
      {
        depositRequestId: d.requestId,
        depositSignedTx: await signTx(d.transaction, s.w),
        userPubkey: s.w.address,
        inputMint: USDC,
        outputMint: SOL,
        inputAmount: '30000000',
        intervalSeconds: 60,
        ...order,
      },
      s.token,
    );
  const tooMany = await create(small.body, { orderCount: 4 });
  assert.equal(tooMany.status, 400);
  assert.equal(tooMany.body.error, 'Each order must be at least 10 USD (current value: 7.50 USD)');
  const stable = await craft(sim, s, { inputMint: USDC, outputMint: USDT, amount: '30000000', orderType: 'dca' });
  const pair = await create(stable.body, { outputMint: USDT, orderCount: 2 });
  assert.equal(pair.body.error, 'Mint pair is not supported');
  const priced = await craft(sim, s, {
    inputMint: USDC,
    outputMint: SOL,
    amount: '30000000',
    orderType: 'price',
    orderSubType: 'single',
  });
  const wrongKind = await create(priced.body, { orderCount: 2 });
  assert.deepEqual(wrongKind.body.details, { depositRequestId: 'was crafted for a single order, not dca' });
  const unknown = await create({ ...small.body, requestId: 'no-such-deposit' }, { orderCount: 2 });
  assert.equal(unknown.body.error, 'Deposit transaction not found in cache. Please craft a new deposit first.');
  const jl = await create(small.body, { orderCount: 2, jlEnabled: true, jlMint: SOL });
  assert.equal(jl.body.error, 'jlMint does not match the JL token for this input mint');
  const ok = await create(small.body, { orderCount: 2 });
  assert.equal(ok.status, 200, JSON.stringify(ok.body));
  const other = await session(sim);
  const theirs = await call(sim, 'GET', `/trigger/v2/orders/history/dca/${ok.body.id}`, undefined, other.token);
  assert.deepEqual([theirs.status, theirs.body.error], [404, 'DCA order not found or you do not own it']);
  const edit = await call(sim, 'PATCH', `/trigger/v2/orders/dca/${ok.body.id}`, { orderCount: 3 }, s.token);
  assert.equal(edit.status, 404, 'a DCA order is not edited');
});
