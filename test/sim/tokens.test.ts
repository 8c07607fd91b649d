// Token data group over real HTTP: shapes of every Token field, validation, auth, determinism.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startSim } from '../../src/sim/index.js';
import { get, withSim, SOL, USDC } from '../support/simHttp.js';
import { nth } from '../support/narrow.js';

const num = (v: unknown) => typeof v === 'number' && Number.isFinite(v);
const numOrNull = (v: unknown) => v === null || num(v);
const strOrNull = (v: unknown) => v === null || typeof v === 'string';

function checkToken(t: any, interval: string): void {
  const where = `token ${t.symbol}`;
  for (const f of ['id', 'name', 'symbol', 'updatedAt']) assert.equal(typeof t[f], 'string', `${where}.${f}`);
  // left out on some items of category listings, as the real service does
  assert.ok(t.tokenProgram === undefined || typeof t.tokenProgram === 'string', `${where}.tokenProgram`);
  assert.ok(num(t.decimals), `${where}.decimals`);
  for (const f of [
    'icon',
    'twitter',
    'telegram',
    'website',
    'dev',
    'launchpad',
    'partnerConfig',
    'graduatedPool',
    'graduatedAt',
  ])
    assert.ok(strOrNull(t[f]), `${where}.${f}`);
  for (const f of ['circSupply', 'totalSupply', 'holderCount', 'fdv', 'mcap', 'usdPrice', 'priceBlockId', 'liquidity'])
    assert.ok(numOrNull(t[f]), `${where}.${f}`);
  // the listed window is always there; another one may be left out, as the real service does
  assert.equal(typeof t[`stats${interval}`], 'object', `${where}.stats${interval}`);
  for (const w of ['stats5m', 'stats1h', 'stats6h', 'stats24h']) {
    const s = t[w];
    if (s === undefined && w !== `stats${interval}`) continue;
    assert.equal(typeof s, 'object', `${where}.${w}`);
    for (const f of ['priceChange', 'volumeChange', 'holderChange', 'liquidityChange'])
      assert.ok(numOrNull(s[f]), `${where}.${w}.${f}`);
    for (const f of ['buyVolume', 'sellVolume', 'numBuys', 'numSells', 'numTraders'])
      assert.ok(num(s[f]) && s[f] >= 0, `${where}.${w}.${f}`);
  }
  assert.equal(typeof t.firstPool.id, 'string');
  assert.ok(!Number.isNaN(Date.parse(t.firstPool.createdAt)));
  for (const f of ['mintAuthorityDisabled', 'freezeAuthorityDisabled'])
    assert.equal(typeof t.audit[f], 'boolean', `${where}.audit.${f}`);
  // audit fields beyond the authorities are left out on some items
  if ('topHoldersPercentage' in t.audit) assert.ok(num(t.audit.topHoldersPercentage) && num(t.audit.devMints));
  assert.ok(t.audit.isSus === undefined || t.audit.isSus === null || typeof t.audit.isSus === 'boolean');
  assert.ok(num(t.organicScore) && t.organicScore >= 0 && t.organicScore <= 100);
  assert.ok(['high', 'medium', 'low'].includes(t.organicScoreLabel));
  assert.ok(t.isVerified === null || typeof t.isVerified === 'boolean');
  for (const f of ['cexes', 'tags'])
    assert.ok(
      t[f] === null || (Array.isArray(t[f]) && t[f].every((x: unknown) => typeof x === 'string')),
      `${where}.${f}`,
    );
  assert.ok(!Number.isNaN(Date.parse(t.updatedAt)));
}

test('token lists carry every Token field with its type, 50 by default', async () => {
  await withSim({}, async (sim) => {
    for (const category of ['toporganicscore', 'toptraded', 'toptrending']) {
      for (const interval of ['5m', '1h', '6h', '24h']) {
        const r = await get(sim, `/tokens/v2/${category}/${interval}`);
        assert.equal(r.status, 200);
        assert.equal(r.body.length, 50);
        r.body.forEach((t: any) => checkToken(t, interval));
        assert.equal(new Set(r.body.map((t: any) => t.id)).size, 50);
      }
    }
    const all = await get(sim, '/tokens/v2/toptraded/24h?limit=100');
    assert.equal(all.body.length, 100);
    const sol = sim.kernel.market.tokenRecord(SOL)!;
    assert.equal(sol.symbol, 'SOL');
    assert.equal(sol.decimals, 9);
    assert.equal(sim.kernel.market.token(USDC)!.decimals, 6);
    assert.ok(sim.kernel.market.tokens().length >= 120);
  });
});

test('the three categories rank by different criteria', async () => {
  await withSim({}, async (sim) => {
    const ids = async (c: string) => (await get(sim, `/tokens/v2/${c}/1h?limit=10`)).body;
    const organic = await ids('toporganicscore');
    const traded = await ids('toptraded');
    const trending = await ids('toptrending');
    const vol = (t: any) => t.stats1h.buyVolume + t.stats1h.sellVolume;
    for (let i = 1; i < 10; i++) {
      assert.ok(organic[i - 1].organicScore >= organic[i].organicScore);
      assert.ok(vol(traded[i - 1]) >= vol(traded[i]));
    }
    assert.notDeepEqual(
      organic.map((t: any) => t.id),
      traded.map((t: any) => t.id),
    );
    assert.notDeepEqual(
      traded.map((t: any) => t.id),
      trending.map((t: any) => t.id),
    );
    assert.ok(trending[0].stats1h.priceChange > 0);
  });
});

test('GET /tokens/v2/search finds by mint, symbol or name, best first, at most 20; no query is 400 naming it', async () => {
  await withSim({}, async (sim) => {
    const pick = sim.kernel.market.tokens().find((t) => t.symbol !== 'SOL' && /^[A-Z]{4,}$/.test(t.symbol))!;
    const bySymbol = await get(sim, `/tokens/v2/search?query=${pick.symbol.toLowerCase()}`);
    assert.equal(bySymbol.status, 200);
    assert.equal(bySymbol.body[0].id, pick.mint, 'the exact symbol first, in any case');
    checkToken(bySymbol.body[0], '24h');
    const byMint = await get(sim, `/tokens/v2/search?query=${pick.mint}`);
    assert.deepEqual(
      byMint.body.map((t: { id: string }) => t.id),
      [pick.mint],
    );
    const two = await get(sim, `/tokens/v2/search?query=${SOL},${USDC}`);
    assert.deepEqual(two.body.map((t: { id: string }) => t.id).sort(), [SOL, USDC].sort());
    const byName = await get(sim, `/tokens/v2/search?query=${encodeURIComponent(nth(pick.name.split(' '), 0))}`);
    assert.ok(
      byName.body.some((t: { id: string }) => t.id === pick.mint),
      'a name matches from its start',
    );
    const many = await get(sim, '/tokens/v2/search?query=a');
    assert.ok(many.body.length === 20, `at most 20 (got ${many.body.length})`);
    assert.deepEqual((await get(sim, '/tokens/v2/search?query=nosuchtokenatall')).body, []);
    const none = await get(sim, '/tokens/v2/search');
    assert.equal(none.status, 400);
    assert.match(JSON.stringify(none.body), /query/);
  });
});

test('limit, category and interval are validated with 400 naming them; no key is 401', async () => {
  await withSim({}, async (sim) => {
    for (const [path, field] of [
      ['/tokens/v2/toptraded/1h?limit=0', 'limit'],
      ['/tokens/v2/toptraded/1h?limit=101', 'limit'],
      ['/tokens/v2/toptraded/1h?limit=ten', 'limit'],
      ['/tokens/v2/hot/1h', 'category'],
      ['/tokens/v2/toptraded/2h', 'interval'],
    ] as const) {
      const r = await get(sim, path);
      assert.equal(r.status, 400, path);
      assert.ok(r.body.error.startsWith(field), r.body.error);
    }
    assert.equal((await get(sim, '/tokens/v2/toptraded/1h?limit=7')).body.length, 7);
    const noKey = await get(sim, '/tokens/v2/toptraded/1h', {});
    assert.equal(noKey.status, 401);
    assert.deepEqual(noKey.body, { code: 401, message: 'Unauthorized' });
    const empty = await get(sim, '/tokens/v2/toptraded/1h', { 'x-api-key': '' });
    assert.equal(empty.status, 401);
    assert.equal((await get(sim, '/no/such/path')).status, 404);
  });
});

test('a configured api key is the only one accepted', async () => {
  await withSim({ apiKey: 'secret-1' }, async (sim) => {
    assert.equal((await get(sim, '/tokens/v2/toptraded/1h', { 'x-api-key': 'other' })).status, 401);
    assert.equal((await get(sim, '/tokens/v2/toptraded/1h', { 'x-api-key': 'secret-1' })).status, 200);
  });
});

test('the market lives: prices and stats move with the clock', async () => {
  await withSim({}, async (sim) => {
    const before = (await get(sim, '/tokens/v2/toptraded/5m?limit=100')).body;
    sim.advance(600);
    const after = (await get(sim, '/tokens/v2/toptraded/5m?limit=100')).body;
    const price = (list: any[], id: string) => list.find((t) => t.id === id)?.usdPrice;
    const moved = before.filter((t: any) => price(after, t.id) !== undefined && price(after, t.id) !== t.usdPrice);
    assert.ok(moved.length > 50);
    assert.ok(after[0].priceBlockId - before[0].priceBlockId === 1500);
  });
});

test('the same seed gives the same tokens, ids and market path', async () => {
  const opts = { seed: 9, timeScale: 0, startTime: Date.UTC(2025, 5, 1) };
  const a = await startSim(opts);
  const b = await startSim(opts);
  const c = await startSim({ ...opts, seed: 10 });
  try {
    const list = async (s: typeof a) =>
      await (await fetch(`${s.url}/tokens/v2/toptrending/1h?limit=100`, { headers: { 'x-api-key': 'k' } })).text();
    assert.equal(await list(a), await list(b));
    a.advance(900);
    b.advance(900);
    assert.equal(await list(a), await list(b));
    assert.notEqual(await list(a), await list(c));
    assert.equal(a.kernel.ids.uuid(), b.kernel.ids.uuid());
  } finally {
    await Promise.all([a.stop(), b.stop(), c.stop()]);
  }
});
