// The simulator's front: rate limit, injected faults, control routes, request log, RPC, clock.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { get, post, rpc, withSim, SOL, USDC, KEY } from '../support/simHttp.js';
import { parseSimArgs, runSimCommand } from '../../src/main/sim.js';
import { toBase58 } from '../../src/sim/engine/random.js';
import { getBase58Decoder } from '@solana/kit';
import { randomBytes } from 'node:crypto';
import { nth } from '../support/narrow.js';

test("rate limit per API key: a paid- key has ten times a free one, each its own window, the service's headers only", async () => {
  await withSim({ rateLimitPerMinute: 2, rateLimitGroups: ['tokens'] }, async (sim) => {
    const ask = (key: string) => fetch(`${sim.url}/tokens/v2/toptraded/1h?limit=1`, { headers: { 'x-api-key': key } });
    const free = [];
    for (let i = 0; i < 3; i++) free.push((await ask('free-a')).status);
    assert.deepEqual(free, [200, 200, 429]);
    const other = await ask('free-b');
    assert.equal(other.status, 200, 'another key has its own window');
    assert.equal(other.headers.get('x-ratelimit-remaining'), '1');
    assert.equal(other.headers.get('x-ratelimit-current'), '1');
    assert.equal(other.headers.get('x-ratelimit-limit'), null, 'the service sends no limit header');
    const paid = [];
    for (let i = 0; i < 21; i++) paid.push((await ask('paid-a')).status);
    assert.deepEqual(paid, [...Array(20).fill(200), 429]);
    await post(sim, '/__sim/faults', { paidRateLimitPerMinute: 25 });
    const more = await ask('paid-a');
    assert.equal(more.status, 200);
    assert.equal(more.headers.get('x-ratelimit-remaining'), '4');
  });
});

test('rate limit: N per sliding minute, then 429 with the rate-limit headers', async () => {
  await withSim({ rateLimitPerMinute: 3, rateLimitGroups: ['tokens'] }, async (sim) => {
    const statuses: number[] = [];
    let last: Response | null = null;
    for (let i = 0; i < 4; i++) {
      last = await fetch(`${sim.url}/tokens/v2/toptraded/1h?limit=1`, { headers: KEY });
      statuses.push(last.status);
      if (i === 0) assert.equal(last.headers.get('x-ratelimit-remaining'), '2');
    }
    assert.deepEqual(statuses, [200, 200, 200, 429]);
    assert.deepEqual(await last!.json(), { code: 429, message: 'Rate limit exceeded, please slow down' });
    assert.equal(last!.headers.get('x-ratelimit-remaining'), '0');
    assert.equal(last!.headers.get('x-ratelimit-current'), '3');
    const reset = Number(last!.headers.get('x-ratelimit-reset'));
    assert.ok(reset > Date.now() / 1000 && reset <= Date.now() / 1000 + 61);
    const other = await get(sim, `/swap/v1/quote?inputMint=${SOL}&outputMint=${USDC}&amount=1000`);
    assert.equal(other.status, 200, 'groups outside the limit are not limited');
    assert.equal(other.headers.get('x-ratelimit-remaining'), null);
  });
});

test('fault injection: 5xx gateway bodies, resets and broken JSON; control routes are never faulted', async () => {
  await withSim({}, async (sim) => {
    const set = await post(sim, '/__sim/faults', { faultRate: 1 }, {});
    assert.equal(set.status, 200);
    const seen = new Set<string>();
    for (let i = 0; i < 40; i++) {
      try {
        const r = await fetch(`${sim.url}/tokens/v2/toptraded/1h?limit=2`, { headers: KEY });
        const text = await r.text();
        if (r.status >= 500) {
          assert.ok([500, 502, 503].includes(r.status));
          assert.equal(JSON.parse(text).code, r.status);
          seen.add('5xx');
        } else {
          assert.throws(() => JSON.parse(text));
          seen.add('broken-json');
        }
      } catch (err) {
        assert.ok(err instanceof TypeError, String(err));
        seen.add('reset');
      }
    }
    assert.deepEqual([...seen].sort(), ['5xx', 'broken-json', 'reset']);
    const state = await get(sim, '/__sim/state', {});
    assert.equal(state.status, 200);
    await post(sim, '/__sim/faults', { faultRate: 0, latencyMs: 0 }, {});
    assert.equal((await get(sim, '/tokens/v2/toptraded/1h?limit=2')).status, 200);
    const badSetting = await post(sim, '/__sim/faults', { faultRate: 2 }, {});
    assert.equal(badSetting.status, 400);
    assert.ok(badSetting.body.error.startsWith('faultRate'));
  });
});

test('control: fund, advance and the request log (without the api key, without control calls)', async () => {
  await withSim({}, async (sim) => {
    const addr = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';
    const funded = await post(sim, '/__sim/fund', { address: addr, mint: USDC, amount: '1234' }, {});
    assert.equal(funded.status, 200);
    assert.equal(sim.kernel.ledger.balance(addr, USDC), 1234n);
    assert.ok(sim.kernel.ledger.isFunded(addr));
    assert.equal((await post(sim, '/__sim/fund', { address: 'nope' }, {})).status, 400);
    const basket = await post(sim, '/__sim/fund', { address: addr }, {});
    assert.ok(basket.body.balances.some((b: any) => b.mint === SOL && b.amount === '100000000000'));
    const slot = (await rpc(sim, 'getSlot')).result as number;
    const adv = await post(sim, '/__sim/advance', { seconds: 4 }, {});
    assert.equal(adv.body.slot, slot + 10);
    await get(sim, '/tokens/v2/toptraded/1h?limit=3', { 'x-api-key': 'very-secret-key' });
    await post(
      sim,
      '/ultra/v1/execute',
      { requestId: 'r', signedTransaction: 's' },
      { 'x-api-key': 'very-secret-key' },
    );
    const log = (await get(sim, '/__sim/requests', {})).body as any[];
    assert.ok(log.every((e) => !e.path.startsWith('/__sim/')));
    const tokens = log.find((e) => e.path === '/tokens/v2/toptraded/1h');
    assert.deepEqual(tokens.query, { limit: '3' });
    assert.equal(tokens.status, 200);
    assert.equal(tokens.apiKeyPresent, true);
    const exec = log.find((e) => e.path === '/ultra/v1/execute');
    assert.deepEqual(exec.body, { requestId: 'r', signedTransaction: 's' });
    assert.ok(!JSON.stringify(log).includes('very-secret-key'));
    assert.deepEqual(sim.requests(), log);
  });
});

test('JSON-RPC: blockhash, heights, errors as JSON-RPC error objects', async () => {
  await withSim({}, async (sim) => {
    const bh = await rpc(sim, 'getLatestBlockhash');
    assert.equal(typeof bh.result.value.blockhash, 'string');
    assert.equal(bh.result.value.lastValidBlockHeight, bh.result.context.slot + 150);
    assert.equal((await rpc(sim, 'getBlockHeight')).result, bh.result.context.slot);
    sim.advance(0.8);
    const next = await rpc(sim, 'getLatestBlockhash');
    assert.equal(next.result.context.slot, bh.result.context.slot + 2);
    assert.notEqual(next.result.value.blockhash, bh.result.value.blockhash);
    assert.equal((await rpc(sim, 'noSuchMethod')).error?.code, -32601);
    assert.equal((await rpc(sim, 'getBalance', ['bad'])).error?.code, -32602);
    const garbage = await fetch(sim.rpcUrl, { method: 'POST', body: '{' });
    assert.equal(((await garbage.json()) as any).error.code, -32700);
    // bytes that are no transaction: invalid params, as a node answers
    const send = await rpc(sim, 'sendTransaction', ['AAAA', { encoding: 'base64' }]);
    assert.equal(send.error?.code, -32602);
  });
});

test('advance runs the callbacks of every skipped slot, in order', async () => {
  await withSim({}, async (sim) => {
    const start = sim.kernel.clock.slot();
    const seen: number[] = [];
    const off = sim.kernel.clock.onSlot((s) => seen.push(s));
    sim.advance(3600);
    off();
    assert.equal(seen.length, 9000);
    assert.equal(seen[0], start + 1);
    assert.equal(seen[8999], start + 9000);
    assert.equal(sim.kernel.clock.slot(), start + 9000);
  });
});

test('base58 of the simulator matches @solana/kit', () => {
  const d = getBase58Decoder();
  for (let i = 0; i < 300; i++) {
    const b = randomBytes(i % 2 ? 64 : 32);
    if (i % 5 === 0) b[0] = b[1] = 0;
    assert.equal(toBase58(b), d.decode(b));
  }
});

test('sim command: flags are checked, naming the bad flag', async () => {
  assert.deepEqual(
    parseSimArgs([
      '--port',
      '9000',
      '--seed=3',
      '--fund',
      '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin',
      '--rate-limit-groups',
      'tokens,swap',
    ]),
    {
      port: 9000,
      seed: 3,
      fund: ['9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin'],
      rateLimitGroups: ['tokens', 'swap'],
    },
  );
  const errors: string[] = [];
  const write = process.stderr.write;
  process.stderr.write = ((s: string) => (errors.push(s), true)) as typeof process.stderr.write;
  try {
    assert.equal(await runSimCommand(['--port', 'abc']), 2);
    assert.equal(await runSimCommand(['--fault-rate', '3']), 2);
    assert.equal(await runSimCommand(['--bogus']), 2);
  } finally {
    process.stderr.write = write;
  }
  assert.match(nth(errors, 0), /--port/);
  assert.match(nth(errors, 1), /--fault-rate/);
  assert.match(nth(errors, 2), /--bogus/);
});
