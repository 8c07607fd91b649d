// Fields of the order group's answer the dialog reads: the price impact from `priceImpact` (a
// signed percent) before the deprecated `priceImpactPct` (a fraction), the RFQ quote's `expireAt`
// bounding how long the dialog stays up, and the service's USD values for tokens without a price.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Order } from '../../src/api/types.js';
import { executeSwapForm } from '../../src/actions/swapFlow.js';
import { expiryMs, impactPercent, orderSummary } from '../../src/actions/describe.js';
import type { ConfirmView } from '../../src/store/confirm.js';
import { quoteCommand } from '../../src/commands/quote.js';
import { nth } from '../support/narrow.js';
import { answerNext, submissions, withOrder, world, type World, nextConfirmation } from '../support/actions.js';
import { waitFor } from '../support/wait.js';

/** The order as the service may send it: the deprecated field left out. */
function withoutPct(o: Order): Order {
  const { priceImpactPct: _, ...rest } = o;
  return rest as Order;
}

const FORM = { input: 'SOL', output: 'USDC', amount: '0.1' };

async function nextView(w: World): Promise<ConfirmView> {
  return (await nextConfirmation(w.services)).view;
}

const impactOf = (v: ConfirmView) => v.summary.find((l) => l.label === 'Price impact')!;

test('impactPercent: priceImpact (percent) first, priceImpactPct (fraction) only when priceImpact is absent or not finite', () => {
  assert.equal(impactPercent({ priceImpact: -6.5, priceImpactPct: '0.001' }), 6.5);
  assert.equal(impactPercent({ priceImpact: 0.2, priceImpactPct: '0.09' }), 0.2);
  assert.equal(impactPercent({ priceImpactPct: '-0.0123' }), 1.23);
  assert.equal(impactPercent({ priceImpact: Number.NaN, priceImpactPct: '0.07' }), 7.000000000000001);
  assert.equal(impactPercent({ priceImpact: null, priceImpactPct: '0.02' }), 2);
  assert.equal(impactPercent({ priceImpact: '-9', priceImpactPct: 'x' }), undefined);
  assert.equal(impactPercent({ priceImpactPct: '' }), undefined);
  assert.equal(impactPercent({}), undefined);
  // the real service's order states one impact both ways: -0.00812 percent beside the fraction "-0.0000812"
  const real = JSON.parse(
    readFileSync(join(import.meta.dirname, '..', 'fixtures', 'real', 'order-rfq-no-signaturefeepayer.json'), 'utf8'),
  ) as Order;
  assert.ok(Math.abs(impactPercent(real)! - impactPercent({ priceImpactPct: real.priceImpactPct })!) < 1e-12);
});

test('an impact given only by priceImpact raises the warning and the typed confirmation', async (t) => {
  const w = await world(t, { form: FORM });
  w.services.api = withOrder(w.services.api, (o) => ({ ...withoutPct(o), priceImpact: -7.25 }));
  const run = executeSwapForm(w.services, w.services.swap, 'order');
  const view = await nextView(w);
  assert.equal(view.typedConfirmation, 'yes');
  assert.equal(impactOf(view).value, '7.25%  HIGH: you lose over 5% to the pool');
  assert.equal(impactOf(view).emphasis, 'danger');
  await answerNext(w.services, false);
  assert.equal((await run)?.status, 'cancelled');
  assert.equal(submissions(w.sim).length, 0);
});

test('a small priceImpact wins over a large deprecated priceImpactPct: no typed confirmation', async (t) => {
  const w = await world(t, { form: FORM });
  w.services.api = withOrder(w.services.api, (o) => ({ ...o, priceImpact: -0.2, priceImpactPct: '0.09' }));
  const run = executeSwapForm(w.services, w.services.swap, 'order');
  const view = await nextView(w);
  assert.equal(view.typedConfirmation, undefined);
  assert.equal(impactOf(view).value, '0.20%');
  await answerNext(w.services, false);
  await run;
});

test('an order whose expireAt is 20 s ahead shows a 20 s lifetime, and the dialog is withdrawn and re-ordered when it passes', async (t) => {
  // whole seconds, so that expireAt (seconds since epoch) is exactly 20 s after the build
  const start = Math.floor(Date.now() / 1000) * 1000;
  const clock = start;
  const w = await world(t, { form: FORM, now: () => clock });
  let ahead = 20;
  const requestIds: string[] = [];
  w.services.api = withOrder(
    w.services.api,
    (o) => (requestIds.push(o.requestId), { ...o, expireAt: String(Math.floor(clock / 1000) + ahead) }),
  );
  const run = executeSwapForm(w.services, w.services.swap, 'order');
  const view = await nextView(w);
  assert.equal(view.expiresAt! - view.builtAt!, 20_000);
  assert.ok(
    view.facts.some((f) => /re-quoted if not confirmed within 20s \(the market maker's quote expires\)/.test(f)),
    view.facts.join('\n'),
  );
  // the next order's quote ends 1 s after it is built: the dialog goes away on its own and a fresh order is asked for
  ahead = 1;
  await answerNext(w.services, false);
  assert.equal((await run)?.status, 'cancelled');
  const again = executeSwapForm(w.services, w.services.swap, 'order');
  const first = await nextView(w);
  assert.equal(first.expiresAt! - first.builtAt!, 1_000);
  await waitFor(() => requestIds.length >= 3, 'a fresh order after the expired dialog', 10_000);
  assert.equal(requestIds.length, 3, 'the expired dialog was replaced by a fresh order');
  const second = await nextView(w);
  assert.match(nth(second.warnings, 0), /The quote expired while this dialog was open/);
  await answerNext(w.services, false);
  assert.equal((await again)?.status, 'cancelled');
  assert.equal(submissions(w.sim).length, 0);
});

test('a yes given after the RFQ quote expired is not signed: a fresh order is asked for and shown', async (t) => {
  let clock = Math.floor(Date.now() / 1000) * 1000;
  const w = await world(t, { form: FORM, now: () => clock });
  const requestIds: string[] = [];
  w.services.api = withOrder(
    w.services.api,
    (o) => (requestIds.push(o.requestId), { ...o, expireAt: String(Math.floor(clock / 1000) + 20) }),
  );
  const run = executeSwapForm(w.services, w.services.swap, 'order');
  await nextView(w);
  // 21 s pass on the clock the dialog is timed by, before its withdrawal has run
  clock += 21_000;
  await answerNext(w.services, true);
  await waitFor(() => requestIds.length >= 2, 'a second order', 10_000);
  assert.equal(requestIds.length, 2, 'a fresh order was asked for');
  const again = await nextView(w);
  assert.match(nth(again.warnings, 0), /The quote expired while this dialog was open/);
  await answerNext(w.services, false);
  assert.equal((await run)?.status, 'cancelled');
  assert.equal(submissions(w.sim).length, 0, 'the expired quote was never signed or sent');
});

test('an expireAt beyond the blockhash lifetime, unreadable or absent leaves the lifetime at 60 s', async (t) => {
  assert.equal(expiryMs('1767607000'), 1_767_607_000_000);
  assert.equal(expiryMs('1767607000123'), 1_767_607_000_123);
  assert.equal(expiryMs('2026-01-05T10:00:00Z'), Date.parse('2026-01-05T10:00:00Z'));
  for (const bad of ['soon', '', '-5', '1e9', ' ', undefined, 1767607000])
    assert.equal(expiryMs(bad), undefined, String(bad));
  const w = await world(t, { form: FORM });
  w.services.api = withOrder(w.services.api, (o) => ({ ...o, expireAt: String(Math.floor(Date.now() / 1000) + 600) }));
  const run = executeSwapForm(w.services, w.services.swap, 'order');
  const view = await nextView(w);
  assert.equal(view.expiresAt! - view.builtAt!, 60_000);
  assert.ok(
    view.facts.some((f) => /re-quoted if not confirmed within 1m( ·|$)/.test(f)),
    view.facts.join('\n'),
  );
  await answerNext(w.services, false);
  await run;
});

test('an expireAt already past when the service answered (clocks apart) keeps the blockhash lifetime and says to check the clock', async (t) => {
  const w = await world(t, { form: FORM });
  w.services.api = withOrder(w.services.api, (o) => ({ ...o, expireAt: String(Math.floor(Date.now() / 1000) - 5) }));
  const run = executeSwapForm(w.services, w.services.swap, 'order');
  const view = await nextView(w);
  assert.equal(view.expiresAt! - view.builtAt!, 60_000);
  assert.ok(
    view.warnings.some((l) =>
      /expireAt\) was already past when the service answered, by this computer's clock: check the clock/.test(l),
    ),
    view.warnings.join('\n'),
  );
  await answerNext(w.services, false);
  assert.equal((await run)?.status, 'cancelled');
});

test("the service's USD values price tokens the catalog has no price for; the catalog's price comes first", () => {
  const order = JSON.parse(
    readFileSync(join(import.meta.dirname, '..', 'fixtures', 'real', 'order-rfq-no-signaturefeepayer.json'), 'utf8'),
  ) as Order;
  const unknownIn = { mint: order.inputMint, symbol: 'AAA', decimals: 9 };
  const unknownOut = { mint: order.outputMint, symbol: 'BBB', decimals: 6 };
  const lines = orderSummary(order, unknownIn, unknownOut, order.taker!);
  const value = (label: string) => lines.find((l) => l.label === label)!.value;
  assert.equal(value('You pay'), '1 AAA ≈ $151.20');
  assert.equal(value('You receive'), 'about 151.1 BBB ≈ $151.10');
  assert.match(value('At least'), /^150\.3445 BBB ≈ \$150\.34 after 0\.00% slippage$/);
  // only swapUsdValue given: it prices the input; nothing given: no USD value, never a made-up one
  const swapOnly = orderSummary(
    { ...order, inUsdValue: undefined, outUsdValue: undefined },
    unknownIn,
    unknownOut,
    order.taker!,
  );
  assert.equal(swapOnly.find((l) => l.label === 'You pay')!.value, '1 AAA ≈ $151.20');
  assert.equal(swapOnly.find((l) => l.label === 'You receive')!.value, 'about 151.1 BBB');
  const hostile = orderSummary(
    { ...order, inUsdValue: -5, outUsdValue: Number.POSITIVE_INFINITY, swapUsdValue: undefined },
    unknownIn,
    unknownOut,
    order.taker!,
  );
  assert.equal(hostile.find((l) => l.label === 'You pay')!.value, '1 AAA');
  assert.equal(hostile.find((l) => l.label === 'You receive')!.value, 'about 151.1 BBB');
  const priced = orderSummary(order, { ...unknownIn, usdPrice: 100 }, unknownOut, order.taker!);
  assert.equal(priced.find((l) => l.label === 'You pay')!.value, '1 AAA ≈ $100.00');
});

test('headless quote warns on an impact given only by priceImpact', async (t) => {
  const w = await world(t);
  w.services.api = withOrder(w.services.api, (o) => ({ ...withoutPct(o), priceImpact: -6.4 }));
  const warned: string[] = [];
  const out = await quoteCommand(w.services, ['1', 'SOL', 'USDC'], { json: false, indent: false, table: true }, (l) =>
    warned.push(l),
  );
  assert.deepEqual(warned, [
    'warning: price impact 6.40% is at or above 5%: this trade moves the price against you; consider a smaller amount',
  ]);
  assert.match(out, /^price impact {2}6\.40%$/m);
});
