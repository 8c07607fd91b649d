// The token data route reuses its serialised answer while the market is unchanged, and never
// serves one from before a trade or a new slot.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withSim, JUP, SOL } from '../support/simHttp.js';

async function text(url: string): Promise<string> {
  const r = await fetch(url, { headers: { 'x-api-key': 'k' } });
  assert.equal(r.status, 200);
  return r.text();
}

test('repeated polls in one slot get the same bytes; each limit its own length', async () => {
  await withSim({}, async (sim) => {
    const a = await text(`${sim.url}/tokens/v2/toptraded/1h?limit=20`);
    const b = await text(`${sim.url}/tokens/v2/toptraded/1h?limit=20`);
    assert.equal(a, b);
    assert.equal(JSON.parse(a).length, 20);
    const c = await text(`${sim.url}/tokens/v2/toptraded/1h?limit=7`);
    assert.deepEqual(JSON.parse(c), JSON.parse(a).slice(0, 7));
    const other = JSON.parse(await text(`${sim.url}/tokens/v2/toporganicscore/1h?limit=20`));
    assert.notDeepEqual(
      other.map((t: any) => t.id),
      JSON.parse(a).map((t: any) => t.id),
    );
  });
});

test('a trade in the same slot and a new slot both give a fresh answer', async () => {
  await withSim({}, async (sim) => {
    const url = `${sim.url}/tokens/v2/toptraded/24h?limit=100`;
    const jupOf = (body: string) => (JSON.parse(body) as any[]).find((t) => t.id === JUP);
    const first = await text(url);
    const before = jupOf(first);
    assert.ok(before, 'JUP is among the 100 most traded');
    const slot = sim.kernel.clock.slot();
    const swap = sim.kernel.market.swapExactIn(SOL, JUP, 5_000_000_000n, sim.kernel.ids.address());
    assert.ok(swap);
    assert.equal(sim.kernel.clock.slot(), slot, 'time is frozen');
    const after = jupOf(await text(url));
    assert.equal(after.stats24h.numBuys, before.stats24h.numBuys + 1, 'the trade shows at once');
    assert.ok(after.stats24h.buyVolume > before.stats24h.buyVolume);
    sim.advance(1);
    const later = jupOf(await text(url));
    assert.ok(later.priceBlockId > after.priceBlockId, 'a new slot gives records of that slot');
  });
});
