// What the Portfolio screen must render: every element variant of the contract, an element type
// it does not know, fields the contract does not show, optional fields left out, a failed
// fetcher with its duration, and the platforms filter.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { getBase58Decoder } from '@solana/kit';
import type { SimHandle } from '../../src/sim/index.js';
import { frozenSim, get, newWallet, shape } from '../support/simGroups.js';

let sim: SimHandle;

before(async () => {
  sim = await frozenSim(37);
});
after(() => sim.stop());

async function positions(address: string, query: Record<string, string> = {}) {
  const r = await get(sim, `/portfolio/v1/positions/${address}`, query, {});
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return r.body;
}

/** Fixed wallet addresses, so seeded optional fields are the same on every run. */
function fixedAddress(i: number): string {
  const bytes = new Uint8Array(32).fill(7);
  bytes[0] = i + 1;
  return getBase58Decoder().decode(bytes);
}

test('the five contract variants, both lending spellings, and an unknown staking-v2 element with assets', async () => {
  const w = await newWallet(sim);
  const body = await positions(w.address);
  const byType = new Map<string, any[]>();
  for (const e of body.elements) byType.set(e.type, [...(byType.get(e.type) ?? []), e]);
  for (const t of ['multiple', 'liquidity', 'leverage', 'trade']) assert.ok(byType.has(t), `a ${t} element`);
  assert.ok(byType.has('borrow-lend'), 'borrow-lend as the contract writes it');
  assert.ok(byType.has('borrowlend'), 'borrowlend as the real service writes it');

  const lending = byType.get('borrow-lend')![0];
  shape(
    lending.data,
    {
      suppliedAssets: 'array',
      borrowedAssets: 'array',
      suppliedValue: 'number',
      borrowedValue: 'number',
      healthRatio: 'number',
    },
    'borrow-lend.data',
  );
  const leverage = byType.get('leverage')![0];
  shape(
    leverage.data.isolated.positions[0],
    { side: 'string', size: 'number', entryPrice: 'number', leverage: 'number', pnlValue: 'number' },
    'leverage position',
  );
  const liquidity = byType.get('liquidity')![0];
  assert.ok(Array.isArray(liquidity.data.liquidities) && liquidity.data.liquidities[0].assets.length === 2);

  const staking = byType.get('staking-v2');
  assert.equal(staking?.length, 1, 'one element of a type the contract does not list');
  shape(staking![0], { platformId: 'string', value: 'number', data: 'object' }, 'staking-v2');
  assert.equal(staking![0].label, undefined, 'label is optional and absent here');
  const asset = staking![0].data.assets[0];
  shape(asset, { type: 'string', networkId: 'string', value: 'number', data: 'object' }, 'staking asset');
  shape(asset.data, { address: 'address', amount: 'number', price: 'number' }, 'staking asset.data');
  assert.ok(
    typeof staking![0].data.validator === 'string' && typeof staking![0].data.epoch === 'number',
    'fields no client knows',
  );
  assert.ok(body.tokenInfo[asset.data.address], 'tokenInfo covers the staked token');

  // fields the contract does not show, on a known element
  assert.ok(Array.isArray(liquidity.tags), 'liquidity.tags');
  assert.equal(typeof liquidity.positionUrl, 'string');
});

test('a failed fetcher report with its duration; the portfolio duration covers the slowest fetcher', async () => {
  const w = await newWallet(sim);
  const body = await positions(w.address);
  const failed = body.fetcherReports.filter((f: any) => f.status !== 'succeeded' && f.status !== 'ok');
  assert.deepEqual(
    failed.map((f: any) => [f.id, f.status]),
    [['marginfi-lend', 'failed']],
  );
  assert.ok(failed[0].duration >= 2500, 'a failure after a long wait');
  assert.ok(body.duration >= Math.max(...body.fetcherReports.map((f: any) => f.duration)));
  assert.equal(
    body.elements.filter((e: any) => e.platformId === 'marginfi').length,
    0,
    'the failed platform shows nothing',
  );
  const ids = body.fetcherReports.map((f: any) => f.id);
  assert.equal(new Set(ids).size, ids.length);
  for (const platform of new Set(body.elements.map((e: any) => e.platformId))) {
    assert.ok(
      body.fetcherReports.some((f: any) => f.id.startsWith(platform === 'wallet' ? 'wallet' : String(platform))),
      `a report for ${platform}`,
    );
  }
});

test('seeded optional fields: some elements have no name, the same on every request', async () => {
  let withoutName = 0;
  for (let i = 0; i < 6; i++) {
    const address = fixedAddress(i);
    sim.fund(address);
    const first = await positions(address);
    const again = await positions(address);
    assert.deepEqual(
      first.elements.map((e: any) => e.name ?? null),
      again.elements.map((e: any) => e.name ?? null),
    );
    for (const e of first.elements) {
      if (e.type === 'multiple') assert.equal(typeof e.name, 'string', 'multiple keeps its contract fields');
      if (!('name' in e)) withoutName++;
    }
  }
  assert.ok(withoutName > 0, `${withoutName} elements without a name`);
});

test('the platforms filter: elements and reports of those platforms only; nothing shown leaves tokenInfo out', async () => {
  const w = await newWallet(sim);
  const two = await positions(w.address, { platforms: 'solend,sanctum' });
  assert.deepEqual(two.elements.map((e: any) => e.type).sort(), ['borrow-lend', 'staking-v2']);
  assert.deepEqual(two.fetcherReports.map((f: any) => f.id).sort(), ['sanctum-staking', 'solend-lend']);
  assert.equal(typeof two.tokenInfo, 'object');
  const failedOnly = await positions(w.address, { platforms: 'marginfi' });
  assert.deepEqual(failedOnly.elements, []);
  assert.deepEqual(
    failedOnly.fetcherReports.map((f: any) => f.status),
    ['failed'],
  );
  assert.equal('tokenInfo' in failedOnly, false);
  const unknown = await positions(w.address, { platforms: 'nobody' });
  assert.deepEqual([unknown.elements, unknown.fetcherReports], [[], []]);
  const unfunded = await positions((await newWallet(sim, false)).address);
  assert.deepEqual(unfunded.elements, []);
  assert.equal('tokenInfo' in unfunded, false);
  assert.equal(unfunded.fetcherReports.length, 8, 'every fetcher still reports');
});
