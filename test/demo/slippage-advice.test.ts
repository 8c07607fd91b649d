// A swap that fails on slippage says the amounts in tokens and offers the slippage that would
// have passed (computed from what the market gives right after the failure).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { NATIVE_MINT } from '../../src/chain/mints.js';
import { executeSwapForm, loadTokens } from '../../src/actions/swapFlow.js';
import { slippageThatPasses } from '../../src/pipeline/advice.js';
import { answerNext, world, nextConfirmation } from '../support/actions.js';

// The first generation's execute names the failure by its program code (6001); the current one's
// names no cause (-1001: the aggregator's unknown error), and the market asked again tells it apart.
for (const [generation, code] of [
  ['v2', -1001],
  ['v1', 6001],
] as const)
  test(`a slippage failure (${generation}) states the amounts in tokens and the slippage that would have passed`, async (t) => {
    const w = await world(t, { seed: 11, config: { apiVersion: generation } });
    await loadTokens(w.services);
    // a small token (the catalogue's majors come first), routed through the pools
    const token = w.sim.kernel.market
      .tokens()
      .slice(12)
      .find((x) => x.decimals === 6)!;
    w.services.swap.getState().setForm({ input: 'SOL', output: token.mint, amount: '1' });
    const run = executeSwapForm(w.services, w.services.swap, 'order');
    await nextConfirmation(w.services);
    // while the dialog is read, someone buys a lot of the same token: its price rises, the output falls
    w.sim.kernel.market.swapExactIn(NATIVE_MINT, token.mint, 10n * 10n ** 9n, 'someone else');
    await answerNext(w.services, true);
    const r = await run;
    assert.equal(r?.status, 'failed');
    assert.equal(r?.code, code);
    const o = w.services.swap.getState().outcome!;
    const sym = token.symbol.replace(/[^A-Za-z0-9]/g, '');
    const m = new RegExp(`would pay out (\\d+\\.\\d+) ${sym}, below the minimum (\\d+\\.\\d+) ${sym}`).exec(
      o.error ?? '',
    );
    assert.ok(m, o.error);
    const offered = /A slippage of (\d+\.\d\d)% would have passed: set Slippage to \1% or more on the Swap form/.exec(
      o.advice ?? '',
    );
    assert.ok(offered, o.advice);
    // the order was quoted with 0.5 %: quoted = minimum / 0.995; what was paid out needs at most the offer
    const paid = Number(m[1]);
    const quoted = Number(m[2]) / 0.995;
    const needed = (1 - paid / quoted) * 100;
    assert.ok(Number(offered[1]) >= needed - 0.01, `${offered[1]}% offered, ${needed.toFixed(3)}% needed`);
    assert.ok(Number(offered[1]) <= needed + 0.2, `${offered[1]}% offered, ${needed.toFixed(3)}% needed`);
  });

test('the slippage that passes is rounded up to a tenth of a percent; none when the market gives the quote', () => {
  assert.equal(slippageThatPasses(1_000_000n, 993_000n), 70);
  assert.equal(slippageThatPasses(1_000_000n, 992_999n), 80);
  assert.equal(slippageThatPasses(1_000_000n, 1_000_000n), undefined);
  assert.equal(slippageThatPasses(0n, 5n), undefined);
});
