// The simulator answers with the real service's variability, seeded: optional fields left out,
// nulls, extra fields, both platformFee shapes; the same seed gives the same bodies; token lists
// are not topped by SOL, USDC and USDT.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startSim } from '../../src/sim/index.js';
import { createApiClient } from '../../src/api/index.js';
import { get, withSim, SOL, USDC, USDT } from '../support/simHttp.js';
const GENERIC = new Set([SOL, USDC, USDT]);

test('token listings leave out tokenProgram and other windows on some items, add unknown fields, and keep the listed window', async () => {
  await withSim({}, async (sim) => {
    const body = (await get(sim, '/tokens/v2/toptraded/1h?limit=100')).body as Array<Record<string, unknown>>;
    const without = body.filter((t) => !('tokenProgram' in t));
    assert.ok(
      without.length > 10 && without.length < body.length,
      `${without.length} of ${body.length} without tokenProgram`,
    );
    assert.ok(
      body.some((t) => !('stats5m' in t) || !('stats6h' in t) || !('stats24h' in t)),
      'some item lacks another window',
    );
    assert.ok(
      body.every((t) => typeof t.stats1h === 'object'),
      'the listed window is always there',
    );
    assert.ok(
      body.some((t) => 'ctLikes' in t),
      'fields the contract does not show',
    );
    // the client reads every one of them
    const client = createApiClient({ baseUrl: sim.url, apiKey: 'k-variability-test' });
    assert.equal((await client.tokens.list({ category: 'toptraded', interval: '1h', limit: 100 })).length, 100);
  });
});

test('SOL, USDC and USDT are listed but not in the top 20 of any category', async () => {
  await withSim({}, async (sim) => {
    for (const category of ['toporganicscore', 'toptraded', 'toptrending']) {
      for (const interval of ['5m', '1h', '6h', '24h']) {
        const ids = (
          (await get(sim, `/tokens/v2/${category}/${interval}?limit=100`)).body as Array<{ id: string }>
        ).map((t) => t.id);
        assert.ok(
          ids.slice(0, 20).every((id) => !GENERIC.has(id)),
          `${category}/${interval}`,
        );
        assert.ok(
          [...GENERIC].every((id) => ids.includes(id)),
          `${category}/${interval} still lists them for lookups`,
        );
      }
    }
  });
});

test('orders come with platformFee {amount, feeBps}, {feeBps, feeMint} or none; the same seed gives the same shapes', async () => {
  const shapes = async (seed: number) => {
    const sim = await startSim({ seed, timeScale: 0, startTime: Date.UTC(2025, 3, 1, 12) });
    try {
      const out: string[] = [];
      for (let i = 0; i < 16; i++) {
        const r = await get(sim, `/ultra/v1/order?inputMint=${SOL}&outputMint=${USDC}&amount=${1_000_000 + i}`);
        assert.equal(r.status, 200);
        const fee = r.body.platformFee as Record<string, unknown> | undefined;
        out.push(fee === undefined ? 'none' : 'amount' in fee ? 'amount' : 'feeMint' in fee ? 'feeMint' : 'other');
      }
      return out;
    } finally {
      await sim.stop();
    }
  };
  const a = await shapes(3);
  assert.ok(a.includes('amount') && a.includes('feeMint') && a.includes('none'), a.join(', '));
  assert.deepEqual(await shapes(3), a);
});
