// What the client sends, seen from the simulator's request log: the API key on every group
// (portfolio included), array query parameters in both forms, program-id-to-label, keyless use
// and the 401 hint, and API keys masked without mangling messages.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ApiError, createApiClient, sanitizeText } from '../../src/api/index.js';
import { API_KEY, JUP, SOL, USDC, newWallet, onlyRequest, rig, type Rig } from '../support/clientSim.js';

describe('requests the client sends', () => {
  let r: Rig;
  before(async () => {
    r = await rig();
  });
  after(() => r.stop());

  test('the API key goes with every group, portfolio included; the log records only that it was present', async () => {
    const w = await newWallet(r.sim);
    const m = r.mark();
    await r.api.portfolio.positions({ address: w.address });
    const entry = onlyRequest(r, m, 'GET', `/portfolio/v1/positions/${w.address}`);
    assert.equal(entry.apiKeyPresent, true);
    assert.ok(!JSON.stringify(r.sim.requests()).includes(API_KEY), 'the key itself is never recorded');
    const m2 = r.mark();
    await r.api.tokens.list({ category: 'toptraded', interval: '1h', limit: 3 });
    await r.api.send.inviteHistory({ address: w.address });
    assert.ok(r.since(m2).every((e) => e.apiKeyPresent));
  });

  test('repeated and comma-separated array parameters are both read by the simulator', async () => {
    const base = `${r.sim.url}/swap/v1/quote?inputMint=${SOL}&outputMint=${JUP}&amount=1000000000`;
    const get = async (query: string) => {
      const res = await fetch(base + query, { headers: { 'x-api-key': API_KEY } });
      return {
        status: res.status,
        body: (await res.json()) as { outAmount?: string; routePlan?: Array<{ swapInfo: { label: string } }> },
      };
    };
    const repeated = await get('&excludeDexes=Whirlpool&excludeDexes=Raydium+CLMM');
    const comma = await get('&excludeDexes=Whirlpool,Raydium+CLMM');
    assert.equal(repeated.status, 200);
    assert.equal(comma.status, 200);
    assert.equal(repeated.body.outAmount, comma.body.outAmount);
    const labels = repeated.body.routePlan!.map((s) => s.swapInfo.label);
    assert.ok(!labels.includes('Whirlpool') && !labels.includes('Raydium CLMM'), labels.join(', '));
    const order = await fetch(
      `${r.sim.url}/ultra/v1/order?inputMint=${SOL}&outputMint=${USDC}&amount=1000000&excludeRouters=partnerz&excludeRouters=partnerx&excludeDexes=Phoenix&excludeDexes=Whirlpool`,
      {
        headers: { 'x-api-key': API_KEY },
      },
    );
    assert.equal(order.status, 200);
    const body = (await order.json()) as { router?: string };
    assert.ok(!['partnerz', 'partnerx'].includes(body.router ?? ''));
    // the client itself sends the comma form the contract describes
    const m = r.mark();
    await r.api.swap.quote({
      inputMint: SOL,
      outputMint: JUP,
      amount: '1000000000',
      excludeDexes: ['Whirlpool', 'Raydium CLMM'],
    });
    assert.equal(onlyRequest(r, m, 'GET', '/swap/v1/quote').query.excludeDexes, 'Whirlpool,Raydium CLMM');
  });

  test('program-id-to-label answers program id -> DEX label', async () => {
    const m = r.mark();
    const labels = await r.api.swap.programIdToLabel();
    const entry = onlyRequest(r, m, 'GET', '/swap/v1/program-id-to-label');
    assert.equal(entry.apiKeyPresent, true);
    const names = Object.values(labels);
    assert.ok(names.includes('Whirlpool') && names.includes('Meteora DLMM'), names.join(', '));
    assert.ok(Object.keys(labels).every((id) => id.length >= 32));
    assert.deepEqual(await r.api.swap.programIdToLabel(), labels, 'the same answer every time');
  });

  test('without an API key: portfolio works, a keyed group answers 401 with how to set a key', async () => {
    const keyless = createApiClient({ baseUrl: r.sim.url, timeoutMs: 5000 });
    const w = await newWallet(r.sim);
    const m = r.mark();
    const p = await keyless.portfolio.positions({ address: w.address });
    assert.ok(Array.isArray(p.elements));
    assert.equal(onlyRequest(r, m, 'GET', `/portfolio/v1/positions/${w.address}`).apiKeyPresent, false);
    await assert.rejects(keyless.tokens.list({ category: 'toptraded', interval: '1h' }), (e: unknown) => {
      assert.ok(e instanceof ApiError && e.status === 401);
      assert.match(e.message, /no API key was sent/);
      assert.match(e.message, /TRADEDECK_API_KEY/);
      assert.match(e.message, /--api-key/);
      return true;
    });
    const wrong = createApiClient({ baseUrl: r.sim.url, apiKey: 'wrong-key-123', timeoutMs: 5000 });
    await assert.rejects(wrong.tokens.list({ category: 'toptraded', interval: '1h' }), (e: unknown) => {
      assert.ok(e instanceof ApiError && e.status === 401);
      assert.match(e.message, /refused the API key: check TRADEDECK_API_KEY or --api-key/);
      assert.ok(!e.message.includes('wrong-key-123'));
      return true;
    });
  });
});

describe('API key masking', () => {
  test('a key of 8 characters or more is masked wherever it occurs', () => {
    const key = 'abcd1234efgh';
    const out = sanitizeText(`invalid key ${key}; url ?k=${key}x`, [key]);
    assert.ok(!out.includes(key));
    assert.match(out, /invalid key \*+/);
  });

  test('a very short key does not mask letters inside words, and is never printed by itself', () => {
    const out = sanitizeText('Rate limit: key k is not known; keep looking', ['k']);
    assert.equal(out, 'Rate limit: key ******** is not known; keep looking');
    assert.equal(sanitizeText('k', ['k']), '********');
    assert.equal(sanitizeText('token "k" refused', ['k']), 'token "********" refused');
  });

  test('a 401 quoting a short key keeps the message readable', async () => {
    const fetchImpl = (async () =>
      new Response(JSON.stringify({ code: 401, message: 'Unauthorized key k' }), {
        status: 401,
        headers: { 'content-type': 'application/json' },
      })) as typeof fetch;
    const c = createApiClient({ baseUrl: 'http://127.0.0.1:9', apiKey: 'k', fetchImpl });
    await assert.rejects(c.tokens.list({ category: 'toptraded', interval: '1h' }), (e: unknown) => {
      assert.ok(e instanceof ApiError);
      assert.match(e.message, /Unauthorized key \*+; the service refused the API key/);
      assert.match(e.message, /check TRADEDECK_API_KEY/, 'the letters k of the hint survive');
      return true;
    });
  });
});
