// A quote's life on the simulated market: within 30 seconds prices stay inside the default 0.5 %
// slippage nearly always, while each token keeps its daily volatility (rare jumps carry the rest).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startSim } from '../../src/sim/index.js';
import { CALM_SIGMA, JUMPS_PER_SLOT, moveShape } from '../../src/sim/engine/market.js';
import { nth } from '../support/narrow.js';

test('over 30-second windows, fewer than 1 in 100 token prices move by more than 0.5%', async (t) => {
  let moved = 0;
  let windows = 0;
  for (const seed of [1, 7, 42]) {
    const sim = await startSim({ seed, timeScale: 0 });
    t.after(() => sim.stop());
    const mints = sim.kernel.market.tokens().map((x) => x.mint);
    for (let w = 0; w < 20; w++) {
      const before = mints.map((m) => sim.kernel.market.priceUsd(m));
      sim.advance(30);
      mints.forEach((m, i) => {
        windows++;
        if (Math.abs(sim.kernel.market.priceUsd(m) / nth(before, i) - 1) > 0.005) moved++;
      });
    }
  }
  assert.ok(windows > 5000);
  assert.ok(moved / windows < 0.01, `${moved} of ${windows} windows moved more than 0.5%`);
});

test('a volatile token keeps its per-slot variance: the calm part plus jumps add up to it', () => {
  for (const daily of [0.04, 0.15, 0.75]) {
    const sigma = daily / Math.sqrt(216_000);
    const { calm, jump } = moveShape(sigma);
    assert.ok(calm <= CALM_SIGMA);
    assert.ok(Math.abs(calm * calm + JUMPS_PER_SLOT * jump * jump - sigma * sigma) < 1e-15);
  }
});
