// Price orders of the current generation against the simulator, over real HTTP with real
// signatures: the deposit into the wallet's vault, each kind of order created, edited, filled by
// the keeper once the market's price crosses it (the price set on purpose through the market
// itself), cancelled with the withdrawal the wallet signs, and listed with its fills.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  checkRequest,
  checkUsdMinimum,
  createApiClient,
  OPERATIONS,
  RequestRuleError,
  type Operation,
} from '../../src/api/index.js';
import { startSim, type SimHandle } from '../../src/sim/index.js';
import { frozenSim, programsOf, signerAddresses } from '../support/simGroups.js';
import { balance, rpc, SOL, USDC } from '../support/simHttp.js';
import {
  call,
  craft,
  dayAhead,
  fund,
  price,
  priceOrder,
  session,
  setPrice,
  signTx,
  type Session,
} from './v2-support.js';
import { nth } from '../support/narrow.js';

const TOKEN = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
const ATA = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL';
const ONE_SOL = 1_000_000_000n;

let sim: SimHandle;
let solUsd: number;
before(async () => {
  sim = await frozenSim(31);
  solUsd = price(sim, SOL);
});
after(() => sim.stop());

/** puts SOL's price back where it started after each test that moved it */
function resetPrice(): void {
  setPrice(sim, SOL, solUsd);
}

/** Lets the keeper look (its checks are 2 s apart). */
function keeperLooks(seconds = 4): void {
  sim.advance(seconds);
}

/** Sells `amount` of SOL for USDC from the vault: a single order with these legs. */
function sellSol(s: Session, amount: bigint, order: Record<string, unknown>, subType = 'single') {
  return fund(
    sim,
    s,
    { inputMint: SOL, outputMint: USDC, amount: amount.toString(), orderType: 'price', orderSubType: subType },
    '/trigger/v2/orders/price',
    { orderType: subType, triggerMint: SOL, expiresAt: dayAhead(sim), ...order },
  );
}

/** PATCH /trigger/v2/orders/price/{orderId} with `changes`. */
function edit(s: Session, id: string, changes: Record<string, unknown>) {
  return call(sim, 'PATCH', `/trigger/v2/orders/price/${id}`, changes, s.token);
}

/** Cancels an order and lands its withdrawal signed by the wallet; answers the confirm's body. */
async function cancel(s: Session, id: string): Promise<any> {
  const c = await call(sim, 'POST', `/trigger/v2/orders/price/cancel/${id}`, undefined, s.token);
  assert.equal(c.status, 200, JSON.stringify(c.body));
  assert.deepEqual(new Set(signerAddresses(c.body.transaction)), new Set([s.w.address, s.vault]));
  const done = await call(
    sim,
    'POST',
    `/trigger/v2/orders/price/confirm-cancel/${id}`,
    { signedTransaction: await signTx(c.body.transaction, s.w), cancelRequestId: c.body.requestId },
    s.token,
  );
  assert.equal(done.status, 200, JSON.stringify(done.body));
  return done.body;
}

test('a deposit moves the amount from the wallet to its vault and nothing else; a fill and a withdrawal move it on', async () => {
  const s = await session(sim);
  const usdcIn = 50_000_000n;
  const d = await craft(sim, s, {
    inputMint: USDC,
    outputMint: SOL,
    amount: usdcIn.toString(),
    orderType: 'price',
    orderSubType: 'single',
  });
  assert.equal(d.status, 200, JSON.stringify(d.body));
  assert.equal(d.body.receiverAddress, s.vault);
  assert.equal(d.body.tokenDecimals, 6);
  assert.deepEqual(signerAddresses(d.body.transaction), [s.w.address], 'the wallet alone signs a deposit');
  assert.deepEqual(programsOf(d.body.transaction), [ATA, TOKEN], "the vault's token account, then one transfer");
  const walletBefore = balance(sim, s.w.address, USDC);
  assert.equal(balance(sim, s.vault, USDC), 0n);
  // a buy-below: USDC for SOL once SOL falls under 90% of its price
  const created = await call(
    sim,
    'POST',
    '/trigger/v2/orders/price',
    {
      orderType: 'single',
      depositRequestId: d.body.requestId,
      depositSignedTx: await signTx(d.body.transaction, s.w),
      userPubkey: s.w.address,
      inputMint: USDC,
      inputAmount: usdcIn.toString(),
      outputMint: SOL,
      triggerMint: SOL,
      triggerCondition: 'below',
      triggerPriceUsd: solUsd * 0.9,
      expiresAt: dayAhead(sim),
    },
    s.token,
  );
  assert.equal(created.status, 200, JSON.stringify(created.body));
  assert.equal(created.body.depositConfirmed, true);
  assert.equal(balance(sim, s.vault, USDC), usdcIn, 'in the vault');
  assert.equal(walletBefore - balance(sim, s.w.address, USDC), usdcIn, 'out of the wallet');
  keeperLooks();
  assert.equal((await priceOrder(sim, s, created.body.id)).orderState, 'open', 'not filled above its trigger');
  const solBefore = balance(sim, s.w.address, SOL);
  setPrice(sim, SOL, solUsd * 0.85);
  keeperLooks();
  const o = await priceOrder(sim, s, created.body.id);
  assert.equal(o.orderState, 'filled');
  assert.equal(o.rawState, 'fill_success');
  assert.equal(o.fillPercent, 1);
  const fill = o.events.find((e: any) => e.type === 'fill');
  assert.equal(fill.orderContext, 'buy_below');
  assert.equal(fill.state, 'success');
  assert.equal(fill.mint, USDC);
  assert.equal(fill.amount, usdcIn.toString());
  assert.equal(balance(sim, s.vault, USDC), 0n, 'the vault sold it all');
  assert.equal(balance(sim, s.w.address, SOL) - solBefore, BigInt(fill.outputAmount), 'the output went to the wallet');
  assert.equal(o.outputAmount, fill.outputAmount);
  // ~50 USDC at 85% of the price, less slippage and the fee
  const expected = (50 / (solUsd * 0.85)) * 1e9;
  assert.ok(Math.abs(Number(fill.outputAmount) - expected) / expected < 0.02, `${fill.outputAmount} vs ${expected}`);
  resetPrice();

  // a withdrawal: an order cancelled before it fills gives the deposit back
  const held = balance(sim, s.w.address, SOL);
  const sell = await sellSol(s, ONE_SOL, { triggerCondition: 'below', triggerPriceUsd: solUsd * 0.5 });
  assert.equal(balance(sim, s.vault, SOL), ONE_SOL);
  // no call of the service gives a vault's balance: the chain does, as for any address
  assert.equal((await rpc(sim, 'getBalance', [s.vault])).result.value, Number(ONE_SOL));
  const done = await cancel(s, sell.id);
  assert.equal(balance(sim, s.vault, SOL), 0n, 'the vault is empty again');
  assert.equal(
    balance(sim, s.w.address, SOL),
    held - 5_000n - 10_000n,
    'the amount back, less the two transactions fees',
  );
  const listed = await priceOrder(sim, s, sell.id);
  assert.equal(listed.orderState, 'cancelled');
  const withdrawal = listed.events.find((e: any) => e.type === 'withdrawal');
  assert.deepEqual(
    { mint: withdrawal.mint, amount: withdrawal.amount, txSignature: withdrawal.txSignature },
    { mint: SOL, amount: ONE_SOL.toString(), txSignature: done.txSignature },
  );
});

test("a stop-loss without slippage takes the service's 2000 bps; edited, it fills at the new trigger", async () => {
  const s = await session(sim);
  const o = await sellSol(s, ONE_SOL, { triggerCondition: 'below', triggerPriceUsd: solUsd * 0.8 });
  const listed = await priceOrder(sim, s, o.id);
  assert.equal(listed.slippageBps, 2000);
  assert.equal(listed.triggerCondition, 'below');
  const changed = await edit(s, o.id, { orderType: 'single', triggerPriceUsd: solUsd * 0.95, slippageBps: 300 });
  assert.equal(changed.status, 200, JSON.stringify(changed.body));
  const edited = await priceOrder(sim, s, o.id);
  assert.equal(edited.triggerPriceUsd, Number((solUsd * 0.95).toPrecision(8)));
  assert.equal(edited.slippageBps, 300);
  setPrice(sim, SOL, solUsd * 0.93);
  keeperLooks();
  const filled = await priceOrder(sim, s, o.id);
  assert.equal(filled.orderState, 'filled');
  assert.equal(filled.events.find((e: any) => e.type === 'fill').orderContext, 'stop_loss');
  const refused = await edit(s, o.id, { orderType: 'single', slippageBps: 100 });
  assert.equal(refused.status, 400);
  assert.equal(refused.body.error, "Order cannot be edited in 'fill_success' state");
  resetPrice();
});

test('OCO: the take-profit leg fills first and the stop-loss is cancelled; nothing fills after', async () => {
  const s = await session(sim);
  const o = await sellSol(s, ONE_SOL, { tpPriceUsd: solUsd * 1.3, slPriceUsd: solUsd * 0.7 }, 'oco');
  const changed = await edit(s, o.id, { orderType: 'oco', tpPriceUsd: solUsd * 1.1 });
  assert.equal(changed.status, 200, JSON.stringify(changed.body));
  const wrong = await edit(s, o.id, { orderType: 'oco', slPriceUsd: solUsd * 1.2 });
  assert.equal(wrong.status, 400);
  assert.deepEqual(wrong.body.details, { tpPriceUsd: `must be above slPriceUsd (${solUsd * 1.2})` });
  const usdcBefore = balance(sim, s.w.address, USDC);
  setPrice(sim, SOL, solUsd * 1.15);
  keeperLooks();
  const filled = await priceOrder(sim, s, o.id);
  assert.equal(filled.orderState, 'filled');
  assert.deepEqual(
    filled.events.filter((e: any) => e.type !== 'deposit').map((e: any) => `${e.type}:${e.orderContext}`),
    ['fill:take_profit', 'cancelled:stop_loss'],
  );
  const received = balance(sim, s.w.address, USDC) - usdcBefore;
  assert.equal(received.toString(), filled.outputAmount);
  setPrice(sim, SOL, solUsd * 0.5);
  keeperLooks();
  assert.equal(balance(sim, s.w.address, USDC) - usdcBefore, received, 'the stop-loss never fills');
  assert.equal(balance(sim, s.vault, SOL), 0n);
  resetPrice();
});

test('OTOCO: the entry buys into the vault, then its OCO sells what it bought', async () => {
  const s = await session(sim);
  const usdcIn = 60_000_000n;
  const o = await fund(
    sim,
    s,
    { inputMint: USDC, outputMint: SOL, amount: usdcIn.toString(), orderType: 'price', orderSubType: 'otoco' },
    '/trigger/v2/orders/price',
    {
      orderType: 'otoco',
      triggerMint: SOL,
      expiresAt: dayAhead(sim),
      triggerCondition: 'below',
      triggerPriceUsd: solUsd * 0.9,
      tpPriceUsd: solUsd * 1.1,
      slPriceUsd: solUsd * 0.6,
    },
  );
  assert.ok(o.deposit.outputTokenAccount, 'an otoco deposit names its output account');
  setPrice(sim, SOL, solUsd * 0.88);
  keeperLooks();
  const entered = await priceOrder(sim, s, o.id);
  assert.equal(entered.orderState, 'open', 'its OCO is open now');
  const bought = BigInt(entered.events.find((e: any) => e.type === 'fill').outputAmount);
  assert.equal(balance(sim, s.vault, SOL), bought, 'what the entry bought stays in the vault');
  assert.equal(balance(sim, s.vault, USDC), 0n);
  const usdcBefore = balance(sim, s.w.address, USDC);
  setPrice(sim, SOL, solUsd * 1.12);
  keeperLooks();
  const done = await priceOrder(sim, s, o.id);
  assert.equal(done.orderState, 'filled');
  assert.deepEqual(
    done.events.filter((e: any) => e.type !== 'deposit').map((e: any) => `${e.type}:${e.orderContext}`),
    ['fill:buy_below', 'fill:take_profit', 'cancelled:stop_loss'],
  );
  assert.equal(balance(sim, s.vault, SOL), 0n);
  const back = balance(sim, s.w.address, USDC) - usdcBefore;
  assert.ok(back > usdcIn, `bought at 88%, sold at 112%: ${back} > ${usdcIn}`);
  resetPrice();
});

test('a trailing stop follows the high since it was made and fires on the fall', async () => {
  const s = await session(sim);
  const o = await sellSol(s, ONE_SOL, { triggerCondition: 'below', trailingBps: 1000 });
  const first = await priceOrder(sim, s, o.id);
  assert.equal(first.trailingBps, 1000);
  assert.ok(Math.abs(first.triggerPriceUsd - first.highWatermark * 0.9) < 1e-6);
  setPrice(sim, SOL, solUsd * 1.2);
  keeperLooks();
  const risen = await priceOrder(sim, s, o.id);
  assert.ok(risen.highWatermark > solUsd * 1.19, `${risen.highWatermark}`);
  assert.equal(risen.orderState, 'open');
  const noPrice = await edit(s, o.id, { orderType: 'single', triggerPriceUsd: 1 });
  assert.equal(noPrice.body.error, 'Cannot set trigger price on trailing stop loss order');
  const tooTight = await edit(s, o.id, { orderType: 'single', trailingBps: 50 });
  assert.equal(tooTight.status, 200, 'a half-percent trail is still below the price');
  const tighter = await edit(s, o.id, { orderType: 'single', trailingBps: 500 });
  assert.equal(tighter.status, 200);
  // 5% under the high: a fall to 93% of the high fires it, not one to 97%
  setPrice(sim, SOL, risen.highWatermark * 0.97);
  keeperLooks();
  assert.equal((await priceOrder(sim, s, o.id)).orderState, 'open');
  setPrice(sim, SOL, risen.highWatermark * 0.93);
  keeperLooks();
  const fired = await priceOrder(sim, s, o.id);
  assert.equal(fired.orderState, 'filled');
  assert.equal(fired.events.find((e: any) => e.type === 'fill').orderContext, 'stop_loss');
  const plain = await sellSol(s, ONE_SOL, { triggerCondition: 'below', triggerPriceUsd: 1 });
  const convert = await edit(s, plain.id, { orderType: 'single', trailingBps: 500 });
  assert.equal(convert.body.error, 'Cannot convert to trailing stop loss order');
  await cancel(s, plain.id);
  resetPrice();
});

test('a large order fills a quarter at a time; cancelled after a partial fill, the rest comes back', async () => {
  const s = await session(sim);
  const amount = 4n * ONE_SOL;
  const o = await sellSol(s, amount, { triggerCondition: 'below', triggerPriceUsd: solUsd * 0.9 });
  setPrice(sim, SOL, solUsd * 0.85);
  sim.advance(2);
  const partial = await priceOrder(sim, s, o.id);
  assert.equal(partial.orderState, 'open');
  assert.equal(partial.fillPercent, 0.25);
  assert.equal(partial.remainingInputAmount, (3n * ONE_SOL).toString());
  assert.equal(partial.inputUsed, ONE_SOL.toString());
  const active = await call(sim, 'GET', '/trigger/v2/orders/history?state=active', undefined, s.token);
  assert.ok(
    active.body.orders.some((x: any) => x.id === o.id),
    'a partly filled order is active',
  );
  resetPrice();
  const before = balance(sim, s.w.address, SOL);
  await cancel(s, o.id);
  const cancelled = await priceOrder(sim, s, o.id);
  assert.equal(cancelled.orderState, 'cancelled');
  assert.equal(cancelled.events.filter((e: any) => e.type === 'fill' && e.state === 'success').length, 1);
  assert.equal(cancelled.events.find((e: any) => e.type === 'withdrawal').amount, (3n * ONE_SOL).toString());
  assert.equal(balance(sim, s.w.address, SOL) - before, 3n * ONE_SOL - 10_000n);
  const past = await call(
    sim,
    'GET',
    `/trigger/v2/orders/history?state=past&mint=${SOL}&sort=created_at&dir=asc`,
    undefined,
    s.token,
  );
  assert.ok(past.body.orders.some((x: any) => x.id === o.id));
  assert.equal(past.body.pagination.limit, 20);
});

test("cancelling: another wallet's order, an unknown one, a filled one, a wrong request, a changed withdrawal; an expired order's funds come back", async () => {
  const s = await session(sim);
  const other = await session(sim);
  const o = await sellSol(s, ONE_SOL, { triggerCondition: 'above', triggerPriceUsd: solUsd * 2 });
  const theirs = await call(sim, 'POST', `/trigger/v2/orders/price/cancel/${o.id}`, undefined, other.token);
  assert.equal(theirs.status, 403);
  const unknown = await call(sim, 'POST', '/trigger/v2/orders/price/cancel/no-such-order', undefined, s.token);
  assert.deepEqual([unknown.status, unknown.body.error], [404, 'Order not found']);
  const early = await call(
    sim,
    'POST',
    `/trigger/v2/orders/price/confirm-cancel/${o.id}`,
    { signedTransaction: 'AAAA', cancelRequestId: 'x' },
    s.token,
  );
  assert.equal(early.body.error, 'Order is not yet marked ready to cancel, retry shortly');
  const c = await call(sim, 'POST', `/trigger/v2/orders/price/cancel/${o.id}`, undefined, s.token);
  assert.equal((await priceOrder(sim, s, o.id)).orderState, 'pending_withdraw');
  const signed = await signTx(c.body.transaction, s.w);
  const wrongId = await call(
    sim,
    'POST',
    `/trigger/v2/orders/price/confirm-cancel/${o.id}`,
    { signedTransaction: signed, cancelRequestId: 'another' },
    s.token,
  );
  assert.equal(wrongId.body.error, 'Withdrawal transaction not found in cache. Please initiate cancel again.');
  // a cancel again (a moment later) crafts a fresh withdrawal; the first one no longer goes
  sim.advance(1);
  const again = await call(sim, 'POST', `/trigger/v2/orders/price/cancel/${o.id}`, undefined, s.token);
  const stale = await call(
    sim,
    'POST',
    `/trigger/v2/orders/price/confirm-cancel/${o.id}`,
    { signedTransaction: signed, cancelRequestId: again.body.requestId },
    s.token,
  );
  assert.equal(stale.body.error, 'signedTransaction is not the withdrawal handed out for cancelRequestId');
  const body = { signedTransaction: await signTx(again.body.transaction, s.w), cancelRequestId: again.body.requestId };
  const done = await call(sim, 'POST', `/trigger/v2/orders/price/confirm-cancel/${o.id}`, body, s.token);
  assert.equal(done.status, 200);
  const repeat = await call(sim, 'POST', `/trigger/v2/orders/price/confirm-cancel/${o.id}`, body, s.token);
  assert.deepEqual(repeat.body, done.body, 'the same confirm again answers the same');
  const gone = await call(sim, 'POST', `/trigger/v2/orders/price/cancel/${o.id}`, undefined, s.token);
  assert.equal(gone.body.error, "Order is not in a cancellable state ('cancelled')");

  const brief = await sellSol(s, ONE_SOL, {
    triggerCondition: 'above',
    triggerPriceUsd: solUsd * 2,
    expiresAt: sim.kernel.clock.nowMs() + 60_000,
  });
  sim.advance(61);
  assert.equal((await priceOrder(sim, s, brief.id)).orderState, 'expired');
  assert.equal(balance(sim, s.vault, SOL), ONE_SOL, 'an expired order keeps its funds in the vault');
  await cancel(s, brief.id);
  assert.equal(balance(sim, s.vault, SOL), 0n);
});

test("the service's judgement: minimums, whose deposit, a deposit used twice, an expiry in the past", async () => {
  const s = await session(sim);
  const tiny = await craft(sim, s, {
    inputMint: USDC,
    outputMint: SOL,
    amount: '4200000',
    orderType: 'price',
    orderSubType: 'single',
  });
  assert.equal(tiny.status, 400);
  assert.equal(tiny.body.error, 'Order must be at least 10 USD (current value: 4.20 USD)');
  const notMine = await craft(sim, s, {
    inputMint: USDC,
    outputMint: SOL,
    userAddress: (await session(sim)).w.address,
    amount: '42000000',
    orderType: 'price',
    orderSubType: 'single',
  });
  assert.equal(notMine.status, 403);
  const d = await craft(sim, s, {
    inputMint: SOL,
    outputMint: USDC,
    amount: ONE_SOL.toString(),
    orderType: 'price',
    orderSubType: 'single',
  });
  const order = {
    orderType: 'single',
    depositRequestId: d.body.requestId,
    depositSignedTx: await signTx(d.body.transaction, s.w),
    userPubkey: s.w.address,
    inputMint: SOL,
    inputAmount: ONE_SOL.toString(),
    outputMint: USDC,
    triggerMint: SOL,
    triggerCondition: 'above',
    triggerPriceUsd: solUsd * 3,
    expiresAt: sim.kernel.clock.nowMs() - 1,
  };
  const past = await call(sim, 'POST', '/trigger/v2/orders/price', order, s.token);
  assert.equal(past.status, 400);
  assert.match(past.body.details.expiresAt, /^must be in the future/);
  const asOco = await call(
    sim,
    'POST',
    '/trigger/v2/orders/price',
    {
      ...order,
      orderType: 'oco',
      triggerCondition: undefined,
      triggerPriceUsd: undefined,
      tpPriceUsd: 2,
      slPriceUsd: 1,
      expiresAt: dayAhead(sim),
    },
    s.token,
  );
  assert.equal(asOco.body.details.depositRequestId, 'was crafted for a single order, not oco');
  const first = await call(sim, 'POST', '/trigger/v2/orders/price', { ...order, expiresAt: dayAhead(sim) }, s.token);
  assert.equal(first.status, 200, JSON.stringify(first.body));
  const retry = await call(sim, 'POST', '/trigger/v2/orders/price', { ...order, expiresAt: dayAhead(sim) }, s.token);
  assert.equal(retry.body.id, first.body.id, 'the same create again is the same order');
  assert.equal(retry.body.message, 'Order already created for this deposit');
  assert.equal(balance(sim, s.vault, SOL), ONE_SOL, 'deposited once');
  const slash = await call(sim, 'POST', '/trigger/v2/orders/dca/', {}, s.token);
  assert.equal(slash.status, 404, 'the paths are exact');
  await cancel(s, first.body.id);
});

test('request rules: refused before sending, and by the simulator naming the same field and rule', async () => {
  const s = await session(sim);
  const w = s.w.address;
  const price = {
    orderType: 'single',
    depositRequestId: 'd',
    depositSignedTx: 'AAAA',
    userPubkey: w,
    inputMint: SOL,
    inputAmount: '1000',
    outputMint: USDC,
    triggerMint: SOL,
    expiresAt: dayAhead(sim),
  };
  const dca = {
    ...price,
    orderType: undefined,
    triggerMint: undefined,
    expiresAt: undefined,
    orderCount: 2,
    intervalSeconds: 3600,
  };
  const deposit = { inputMint: SOL, outputMint: USDC, userAddress: w, amount: '1000', orderType: 'price' };
  const cases: Array<[Operation<unknown, unknown>, Record<string, unknown>, string]> = [
    [OPERATIONS.triggerV2CreatePrice, { ...price }, 'triggerCondition'],
    [
      OPERATIONS.triggerV2CreatePrice,
      { ...price, triggerCondition: 'below', triggerPriceUsd: 1, trailingBps: 100 },
      'triggerPriceUsd',
    ],
    [OPERATIONS.triggerV2CreatePrice, { ...price, triggerCondition: 'below', trailingBps: 40 }, 'trailingBps'],
    [OPERATIONS.triggerV2CreatePrice, { ...price, triggerCondition: 'above', trailingBps: 100 }, 'triggerMint'],
    [OPERATIONS.triggerV2CreatePrice, { ...price, orderType: 'oco', tpPriceUsd: 1, slPriceUsd: 2 }, 'tpPriceUsd'],
    [
      OPERATIONS.triggerV2CreatePrice,
      { ...price, orderType: 'otoco', tpPriceUsd: 2, slPriceUsd: 1, triggerCondition: 'below' },
      'triggerPriceUsd',
    ],
    [
      OPERATIONS.triggerV2CreatePrice,
      { ...price, triggerCondition: 'below', triggerPriceUsd: 1, slippageBps: 10_001 },
      'slippageBps',
    ],
    [
      OPERATIONS.triggerV2CreatePrice,
      { ...price, expiresAt: undefined, triggerCondition: 'below', triggerPriceUsd: 1 },
      'expiresAt',
    ],
    [OPERATIONS.triggerV2Deposit, { ...deposit }, 'orderSubType'],
    [OPERATIONS.triggerV2Deposit, { ...deposit, orderType: 'dca', orderSubType: 'single' }, 'orderSubType'],
    [OPERATIONS.triggerV2Deposit, { ...deposit, outputMint: SOL, orderSubType: 'single' }, 'outputMint'],
    [OPERATIONS.triggerV2CreateDca, { ...dca, orderCount: 1 }, 'orderCount'],
    [OPERATIONS.triggerV2CreateDca, { ...dca, intervalSeconds: 59 }, 'intervalSeconds'],
    [OPERATIONS.triggerV2CreateDca, { ...dca, orderType: 'price_conditional', minPriceUsd: 1 }, 'triggerMint'],
    [OPERATIONS.triggerV2CreateDca, { ...dca, minPriceUsd: 1 }, 'minPriceUsd'],
    [OPERATIONS.triggerV2CreateDca, { ...dca, jlEnabled: true }, 'jlMint'],
    [OPERATIONS.triggerV2CreateDca, { ...dca, beginFillAt: 'tomorrow' }, 'beginFillAt'],
    [OPERATIONS.triggerV2EditPrice, { orderId: 'x', orderType: 'single' }, 'orderType'],
    [OPERATIONS.triggerV2EditPrice, { orderId: 'x', orderType: 'oco', triggerPriceUsd: 3 }, 'triggerPriceUsd'],
    [OPERATIONS.triggerV2PriceHistory, { limit: 101 }, 'limit'],
    [OPERATIONS.triggerV2DcaHistory, { sort: 'expires_at' }, 'sort'],
  ];
  for (const [op, value, field] of cases) {
    const where = `${op.method} ${op.path} ${JSON.stringify(value)}`;
    let said: RequestRuleError | undefined;
    try {
      checkRequest(op.method === 'GET' ? 'params' : 'body', op.request, value);
    } catch (e) {
      if (e instanceof RequestRuleError) said = e;
      else throw e;
    }
    assert.ok(said, `the client accepts ${where}`);
    assert.equal(said.field, field, where);
    const path = op.path.replace('{orderId}', 'x');
    const { orderId: _, ...body } = value;
    void _;
    const query = new URLSearchParams(
      Object.entries(value).map(([k, v]): [string, string] => [k, String(v)]),
    ).toString();
    const r =
      op.method === 'GET'
        ? await call(sim, 'GET', `${path}?${query}`, undefined, s.token)
        : await call(sim, op.method, path, body, s.token);
    assert.equal(r.status, 400, where);
    assert.deepEqual(r.body, { error: 'Request validation failed', details: { [said.field]: said.rule } }, where);
  }
  // the minimum in USD, in the words the simulator answers a deposit with
  assert.throws(
    () => checkUsdMinimum('amount', 4.2),
    (e: unknown) =>
      e instanceof RequestRuleError && e.rule === 'must be worth at least 10 USD (current value: 4.20 USD)',
  );
  assert.doesNotThrow(() => checkUsdMinimum('amount', 9.85, 10, 0.2), 'a DCA round may fall short by 0.20 USD');
  // the time rules are the client's too, against its own clock
  const api = createApiClient({ baseUrl: sim.url, apiKey: 'k' });
  const sent = sim.requests().length;
  await assert.rejects(
    api.triggerV2.createPriceOrder(
      { ...price, triggerCondition: 'below', triggerPriceUsd: 1, expiresAt: Date.now() - 1000 } as never,
      { token: s.token },
    ),
    (e: unknown) => e instanceof RequestRuleError && e.field === 'expiresAt',
  );
  await assert.rejects(
    api.triggerV2.createDcaOrder(
      { ...dca, beginFillAt: new Date(Date.now() + 31 * 86_400_000).toISOString() } as never,
      {
        token: s.token,
      },
    ),
    (e: unknown) => e instanceof RequestRuleError && e.field === 'beginFillAt' && /at most 30 days/.test(e.rule),
  );
  assert.equal(sim.requests().length, sent);
});

test('the client through a whole OCO: PATCH carries the changes, a cancel no body, each id in its path', async () => {
  const s = await session(sim);
  const api = createApiClient({ baseUrl: sim.url, apiKey: 'k' });
  const o = { token: s.token };
  const d = await api.triggerV2.craftDeposit(
    {
      inputMint: SOL,
      outputMint: USDC,
      userAddress: s.w.address,
      amount: ONE_SOL.toString(),
      orderType: 'price',
      orderSubType: 'oco',
    },
    o,
  );
  const created = await api.triggerV2.createPriceOrder(
    {
      orderType: 'oco',
      depositRequestId: d.requestId,
      depositSignedTx: await signTx(d.transaction, s.w),
      userPubkey: s.w.address,
      inputMint: SOL,
      inputAmount: ONE_SOL.toString(),
      outputMint: USDC,
      triggerMint: SOL,
      expiresAt: Date.now() + 86_400_000,
      tpPriceUsd: solUsd * 1.5,
      slPriceUsd: solUsd * 0.5,
    },
    o,
  );
  assert.equal(
    (await api.triggerV2.editPriceOrder({ orderId: created.id, orderType: 'oco', slPriceUsd: solUsd * 0.6 }, o)).id,
    created.id,
  );
  const listed = await api.triggerV2.priceHistory({ state: 'active' }, o);
  assert.equal(listed.orders.find((x) => x.id === created.id)?.slPriceUsd, solUsd * 0.6);
  assert.equal((await api.triggerV2.priceOrder({ orderId: created.id }, o)).orderType, 'oco');
  const c = await api.triggerV2.cancelPriceOrder({ orderId: created.id }, o);
  const done = await api.triggerV2.confirmCancelPriceOrder(
    { orderId: created.id, signedTransaction: await signTx(c.transaction, s.w), cancelRequestId: c.requestId },
    o,
  );
  assert.equal(done.id, created.id);
  const log = sim.requests().filter((r) => r.path.includes(created.id));
  assert.deepEqual(
    log.map((r) => `${r.method} ${r.path.replace(created.id, ':id')}`),
    [
      'PATCH /trigger/v2/orders/price/:id',
      'GET /trigger/v2/orders/history/:id',
      'POST /trigger/v2/orders/price/cancel/:id',
      'POST /trigger/v2/orders/price/confirm-cancel/:id',
    ],
  );
  assert.deepEqual(nth(log, 0).body, { orderType: 'oco', slPriceUsd: solUsd * 0.6 }, 'the id goes in the path only');
  assert.equal(nth(log, 2).body, null, 'a cancel carries no body');
  assert.deepEqual(Object.keys(nth(log, 3).body as object), ['signedTransaction', 'cancelRequestId']);
  assert.equal((nth(log, 3).body as { cancelRequestId: string }).cancelRequestId, c.requestId);
});

test('vaults and orders outlive a snapshot, and the keeper goes on filling after it', async () => {
  const s = await session(sim);
  const o = await sellSol(s, ONE_SOL, { triggerCondition: 'below', triggerPriceUsd: solUsd * 0.9 });
  const text = sim.snapshot();
  const later = await startSim({ seed: 31, timeScale: 0, snapshot: text, startTime: sim.kernel.clock.nowMs() });
  try {
    const vault = await call(later, 'GET', '/trigger/v2/vault', undefined, s.token);
    assert.equal(vault.body.vaultPubkey, s.vault);
    setPrice(later, SOL, solUsd * 0.8);
    later.advance(4);
    const h = await call(later, 'GET', '/trigger/v2/orders/history', undefined, s.token);
    assert.equal(h.body.orders.find((x: any) => x.id === o.id).orderState, 'filled');
    assert.equal(balance(later, s.vault, SOL), 0n);
  } finally {
    await later.stop();
  }
  await cancel(s, o.id);
});
