// Transport behaviour: retries and backoff, timeouts, error envelopes, and the API key never
// showing in any error text.
import { test, describe, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { ApiError, MAX_RETRY_WAIT_MS, maskSecret, createApiClient, type ApiClient } from '../../src/api/index.js';
import { startRecorder } from '../support/recorder.js';
import {
  API_KEY,
  SIGNED_TX,
  SOL,
  USDC,
  USER,
  harness,
  order,
  orderExecute,
  token,
  requestIdTx,
  type Harness,
} from '../support/apiFixtures.js';
import { nth } from '../support/narrow.js';

let open: Harness[] = [];
async function setup(opts: Parameters<typeof harness>[0] = {}) {
  const h = await harness(opts);
  open.push(h);
  return h;
}
afterEach(async () => {
  await Promise.all(open.map((h) => h.close()));
  open = [];
});

const listTokens = (c: ApiClient) => c.tokens.list({ category: 'toptraded', interval: '1h' });
const triggerCreate = {
  inputMint: SOL,
  outputMint: USDC,
  maker: USER,
  payer: USER,
  params: { makingAmount: '1', takingAmount: '2' },
};

async function apiError(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    assert.ok(e instanceof ApiError, `expected ApiError, got ${String(e)}`);
    return e;
  }
  assert.fail('expected the call to fail');
}

describe('retries and backoff', () => {
  test('429 with Retry-After in seconds waits that long, then succeeds', async () => {
    const h = await setup();
    h.rec.reply(
      { status: 429, body: { code: 429, message: 'Too many requests' }, headers: { 'retry-after': '2' } },
      { body: [token()] },
    );
    const list = await listTokens(h.client);
    assert.equal(list.length, 1);
    assert.equal(h.rec.requests.length, 2);
    assert.deepEqual(h.delays, [2000]);
    assert.deepEqual(
      h.events.map((e) => [e.attempt, e.status, e.ok]),
      [
        [1, 429, false],
        [2, 200, true],
      ],
    );
  });

  test('429 with Retry-After as an HTTP date waits until that date', async () => {
    const h = await setup();
    const at = new Date(Date.now() + 30_000).toUTCString();
    h.rec.reply(
      { status: 429, body: { code: 429, message: 'slow down' }, headers: { 'retry-after': at } },
      { body: [] },
    );
    await listTokens(h.client);
    assert.equal(h.delays.length, 1);
    // HTTP dates have one-second resolution
    assert.ok(nth(h.delays, 0) > 25_000 && nth(h.delays, 0) <= 30_000, `delay ${h.delays[0]}`);
  });

  test('429 without Retry-After waits for x-ratelimit-reset and reports the rate-limit headers', async () => {
    const h = await setup();
    const reset = Math.floor(Date.now() / 1000) + 5;
    h.rec.reply(
      {
        status: 429,
        body: { code: 429, message: 'Rate limit exceeded' },
        headers: { 'x-ratelimit-reset': String(reset), 'x-ratelimit-remaining': '0', 'x-ratelimit-current': '60' },
      },
      { body: [], headers: { 'x-ratelimit-remaining': '59', 'x-ratelimit-reset': String(reset + 60) } },
    );
    await listTokens(h.client);
    assert.equal(h.delays.length, 1);
    assert.ok(nth(h.delays, 0) > 3_000 && nth(h.delays, 0) <= 5_000, `delay ${h.delays[0]}`);
    assert.deepEqual(nth(h.events, 0).rateLimit, { remaining: 0, current: 60, reset });
    assert.deepEqual(nth(h.events, 1).rateLimit, { remaining: 59, reset: reset + 60 });
  });

  test('503 on a read: 1 + retries attempts with exponential, jittered backoff, then a retryable error', async () => {
    const h = await setup({ backoffBaseMs: 100 });
    h.rec.setHandler(() => ({ status: 503, body: { error: 'upstream unavailable' } }));
    const e = await apiError(listTokens(h.client));
    assert.equal(h.rec.requests.length, 4);
    assert.equal(e.attempts, 4);
    assert.equal(e.status, 503);
    assert.equal(e.retryable, true);
    assert.equal(e.kind, 'http');
    assert.match(e.message, /after 4 attempts/);
    assert.equal(h.delays.length, 3);
    // each wait lies in [step/2, step] for step = 100, 200, 400
    [100, 200, 400].forEach((step, i) =>
      assert.ok(nth(h.delays, i) >= step / 2 && nth(h.delays, i) <= step, `delay ${i}: ${h.delays[i]}`),
    );
    assert.deepEqual(
      h.events.map((ev) => ev.attempt),
      [1, 2, 3, 4],
    );
  });

  test('the retries option bounds the attempts', async () => {
    const h = await setup({ retries: 1 });
    h.rec.setHandler(() => ({ status: 500, body: { error: 'boom' } }));
    await apiError(listTokens(h.client));
    assert.equal(h.rec.requests.length, 2);
  });

  test('a 400 is not retried', async () => {
    const h = await setup();
    h.rec.reply({ status: 400, body: { error: 'bad interval' } });
    const e = await apiError(listTokens(h.client));
    assert.equal(h.rec.requests.length, 1);
    assert.equal(e.retryable, false);
    assert.deepEqual(h.delays, []);
  });

  test('POST createOrder is never retried, on 503, 429 or timeout', async () => {
    const h = await setup({ timeoutMs: 200 });
    h.rec.reply({ status: 503, body: { error: 'down' } });
    const a = await apiError(h.client.trigger.create(triggerCreate));
    assert.equal(a.retryable, true, 'the error itself is transient');
    h.rec.reply({ status: 429, body: { code: 429, message: 'slow' }, headers: { 'retry-after': '1' } });
    await apiError(
      h.client.recurring.create({
        user: USER,
        inputMint: USDC,
        outputMint: SOL,
        params: { time: { inAmount: '100', numberOfOrders: 2, interval: 60 } },
      }),
    );
    h.rec.reply({ hang: true });
    const c = await apiError(h.client.trigger.cancel({ maker: USER, order: USER }));
    assert.equal(c.kind, 'timeout');
    assert.equal(h.rec.requests.length, 3);
    assert.deepEqual(h.delays, []);
  });

  test('swap building POSTs are not retried either', async () => {
    const h = await setup();
    h.rec.setHandler(() => ({ status: 502, body: { error: 'bad gateway' } }));
    const { quote } = await import('../support/apiFixtures.js');
    await apiError(h.client.swap.swap({ userPublicKey: USER, quoteResponse: quote() }));
    await apiError(h.client.studio.claimFeeTx({ ownerWallet: USER, poolAddress: USER, maxQuoteAmount: 1 }));
    assert.equal(h.rec.requests.length, 2);
  });

  test('the three execute POSTs are retried with the same signed transaction', async () => {
    const h = await setup();
    h.rec.reply(
      { status: 503, body: { error: 'busy' } },
      { body: orderExecute() },
      { status: 500, body: { code: 500, error: 'oops', status: 'Internal Server Error' } },
      { body: { signature: 's', status: 'Success', error: null, order: null } },
      { status: 429, body: { code: 429, message: 'slow' } },
      { body: { code: 0, signature: 's', status: 'Success' } },
    );
    await h.client.ultra.execute({ signedTransaction: SIGNED_TX, requestId: 'u' });
    await h.client.recurring.execute({ signedTransaction: SIGNED_TX, requestId: 'r' });
    await h.client.trigger.execute({ signedTransaction: SIGNED_TX, requestId: 't' });
    assert.deepEqual(
      h.rec.requests.map(
        (r) =>
          `${r.path} ${(r.body as { requestId: string }).requestId} ${(r.body as { signedTransaction: string }).signedTransaction === SIGNED_TX}`,
      ),
      [
        '/ultra/v1/execute u true',
        '/ultra/v1/execute u true',
        '/recurring/v1/execute r true',
        '/recurring/v1/execute r true',
        '/trigger/v1/execute t true',
        '/trigger/v1/execute t true',
      ],
    );
    assert.equal(h.delays.length, 3);
  });

  test('a server wait beyond the cap is not spent inside the call: the error carries retryAfterMs', async () => {
    const h = await setup();
    h.rec.reply({
      status: 429,
      body: { code: 429, message: 'Rate limit exceeded' },
      headers: { 'retry-after': String(MAX_RETRY_WAIT_MS / 1000 + 60) },
    });
    const e = await apiError(listTokens(h.client));
    assert.equal(h.rec.requests.length, 1);
    assert.equal(e.retryAfterMs, MAX_RETRY_WAIT_MS + 60_000);
    assert.equal(e.status, 429);
    assert.equal(e.retryable, true);
    assert.equal(
      e.message,
      'GET /tokens/v2/{category}/{interval}: rate limited: retry in 120 s (HTTP 429: Rate limit exceeded)',
    );
  });

  test('a 403 says the key lacks access to the operation, not that it was refused', async () => {
    const h = await setup();
    h.rec.reply({ status: 403, body: { code: 403, message: 'Forbidden' } });
    const e = await apiError(listTokens(h.client));
    assert.equal(
      e.message,
      'GET /tokens/v2/{category}/{interval}: HTTP 403: Forbidden; the API key has no access to this operation (a plan or permission the key lacks)',
    );
    assert.equal(h.rec.requests.length, 1);
  });
});

describe('a time budget for the whole call', () => {
  test('a wait the service asks for beyond what is left is not spent: the error says how long to wait', async () => {
    const h = await setup({ budgetMs: 15_000 });
    h.rec.reply({ status: 429, body: { code: 429, message: 'slow down' }, headers: { 'retry-after': '20' } });
    const e = await apiError(listTokens(h.client));
    assert.equal(e.message, 'GET /tokens/v2/{category}/{interval}: rate limited: retry in 20 s (HTTP 429: slow down)');
    assert.equal(e.retryAfterMs, 20_000);
    assert.deepEqual(h.delays, []);
    assert.equal(h.rec.requests.length, 1);
  });

  test('a silent service: attempts are cut to what is left, and none starts that could not end in time', async () => {
    const h = await setup({ timeoutMs: 200, budgetMs: 500, backoffBaseMs: 1 });
    h.rec.setHandler(() => ({ hang: true }));
    const e = await apiError(listTokens(h.client));
    assert.equal(e.kind, 'timeout');
    assert.match(
      e.message,
      /^GET \/tokens\/v2\/\{category\}\/\{interval\}: no response within \d+ ms \(after 2 attempts; 0\.5 s allowed in all\)$/,
    );
    assert.equal(h.rec.requests.length, 2, 'without the budget, 4');
  });
});

describe('timeouts, network errors, cancellation', () => {
  test('a hanging read times out, is retried, and succeeds', async () => {
    const h = await setup({ timeoutMs: 100 });
    h.rec.reply({ hang: true }, { body: [] });
    await listTokens(h.client);
    assert.equal(h.rec.requests.length, 2);
    assert.equal(h.delays.length, 1);
    assert.match(nth(h.events, 0).error ?? '', /no response within 100 ms/);
  });

  test('a read that always hangs ends in a timeout ApiError', async () => {
    const h = await setup({ timeoutMs: 50, retries: 2 });
    h.rec.setHandler(() => ({ hang: true }));
    const e = await apiError(h.client.send.inviteHistory({ address: USER }));
    assert.equal(e.kind, 'timeout');
    assert.equal(e.retryable, true);
    assert.equal(e.attempts, 3);
    assert.equal(e.endpoint, 'GET /send/v1/invite-history');
  });

  test('connection refused is a retryable network error', async () => {
    const rec = await startRecorder();
    const url = rec.url;
    await rec.close();
    const delays: number[] = [];
    const client = createApiClient({
      baseUrl: url,
      apiKey: API_KEY,
      retries: 2,
      sleep: async (ms) => void delays.push(ms),
    });
    const e = await apiError(listTokens(client));
    assert.equal(e.kind, 'network');
    assert.equal(e.retryable, true);
    assert.equal(e.attempts, 3);
    assert.equal(delays.length, 2);
  });

  test("the caller's abort signal stops the request and is not retried", async () => {
    const h = await setup();
    h.rec.setHandler(() => ({ hang: true }));
    const ac = new AbortController();
    const call = h.client.tokens.list({ category: 'toptraded', interval: '5m' }, { signal: ac.signal });
    while (h.rec.requests.length < 1) await new Promise((r) => setImmediate(r));
    ac.abort();
    const e = await apiError(call);
    assert.equal(e.retryable, false);
    assert.equal(h.rec.requests.length, 1);
    assert.deepEqual(h.delays, []);
    assert.match(e.message, /cancelled/);
  });
});

describe('error envelopes: the human text is surfaced', () => {
  const cases: Array<{
    name: string;
    status: number;
    body?: unknown;
    rawBody?: string;
    text: RegExp;
    code?: number | string;
    errorCode?: string;
  }> = [
    {
      name: 'gateway {code,message}',
      status: 401,
      body: { code: 401, message: 'Unauthorized' },
      text: /^Unauthorized$/,
      code: 401,
    },
    { name: 'token data {error}', status: 400, body: { error: 'Invalid category' }, text: /^Invalid category$/ },
    {
      name: 'order execute {error,code}',
      status: 400,
      body: { error: 'order not found, it might have expired', code: -1 },
      text: /order not found/,
      code: -1,
    },
    {
      name: 'trigger {error,cause,code} shows the cause too',
      status: 400,
      body: { error: 'Invalid order', cause: 'Order must be worth at least 5 USD', code: 400 },
      text: /^Invalid order: Order must be worth at least 5 USD$/,
      code: 400,
    },
    {
      name: 'recurring {code,error,status}',
      status: 400,
      body: { code: 400, error: 'Minimum 2 orders', status: 'Bad Request' },
      text: /^Minimum 2 orders$/,
      code: 400,
    },
    {
      name: 'studio {errors:{field:[msgs]}}',
      status: 400,
      body: { errors: { tokenName: ['is required'], fee: ['too high', 'must be an integer'] } },
      text: /tokenName: is required: fee: too high, must be an integer/,
    },
    { name: 'studio {error}', status: 500, body: { error: 'Pool already exists' }, text: /^Pool already exists$/ },
    {
      name: 'quote {error,errorCode}',
      status: 400,
      body: { error: 'Could not find any route', errorCode: 'COULD_NOT_FIND_ANY_ROUTE' },
      text: /^Could not find any route$/,
      errorCode: 'COULD_NOT_FIND_ANY_ROUTE',
    },
    { name: 'a non-JSON body', status: 404, rawBody: 'Not Found: no such route', text: /^Not Found: no such route$/ },
  ];

  for (const c of cases) {
    test(c.name, async () => {
      const h = await setup({ retries: 0 });
      h.rec.reply({ status: c.status, body: c.body, rawBody: c.rawBody });
      const e = await apiError(h.client.ultra.order({ inputMint: SOL, outputMint: USDC, amount: '1' }));
      assert.equal(e.status, c.status);
      assert.equal(e.endpoint, 'GET /ultra/v1/order');
      assert.match(e.serverMessage ?? '', c.text);
      assert.ok(e.message.includes(e.serverMessage!), e.message);
      assert.ok(e.message.startsWith(`GET /ultra/v1/order: HTTP ${c.status}`), e.message);
      if (c.code !== undefined) assert.equal(e.code, c.code);
      if (c.errorCode !== undefined) {
        assert.equal(e.errorCode, c.errorCode);
        assert.match(e.message, new RegExp(c.errorCode));
      }
    });
  }

  test('an empty error body falls back to the status text', async () => {
    const h = await setup({ retries: 0 });
    h.rec.reply({ status: 403, rawBody: '' });
    const e = await apiError(listTokens(h.client));
    assert.equal(e.serverMessage, undefined);
    assert.match(e.message, /HTTP 403: Forbidden/);
  });

  test('terminal control characters in server text are removed', async () => {
    const h = await setup({ retries: 0 });
    h.rec.reply({ status: 400, body: { error: 'bad\u001b[2J\u001b]0;owned\u0007 input' } });
    const e = await apiError(listTokens(h.client));
    assert.ok(!/[\u0000-\u001f]/.test(e.message), JSON.stringify(e.message));
    assert.match(e.serverMessage ?? '', /^bad input$/);
  });
});

describe('the API key never shows', () => {
  const echoes: Array<{ name: string; status: number; body?: unknown; rawBody?: string }> = [
    { name: 'gateway message', status: 401, body: { code: 401, message: `Invalid API key ${API_KEY}` } },
    {
      name: 'error and cause',
      status: 400,
      body: { error: `key=${API_KEY}`, cause: `header x-api-key: ${API_KEY}`, code: 400 },
    },
    { name: 'studio errors', status: 400, body: { errors: { apiKey: [API_KEY] } } },
    { name: 'errorCode', status: 400, body: { error: 'no route', errorCode: API_KEY } },
    { name: 'plain text', status: 500, rawBody: `internal error while handling ${API_KEY}` },
    { name: 'url-encoded', status: 500, rawBody: `GET /x?key=${encodeURIComponent(API_KEY)}` },
    { name: 'rate limit, retried to the end', status: 429, body: { code: 429, message: `limit for ${API_KEY}` } },
  ];
  for (const c of echoes) {
    test(`when the server echoes it back: ${c.name}`, async () => {
      const h = await setup({ retries: 1 });
      h.rec.setHandler(() => ({ status: c.status, body: c.body, rawBody: c.rawBody }));
      const e = await apiError(listTokens(h.client));
      const everything = [
        e.message,
        String(e),
        e.stack ?? '',
        e.serverMessage ?? '',
        String(e.code ?? ''),
        e.errorCode ?? '',
        JSON.stringify(e),
        JSON.stringify(h.events),
      ].join('\n');
      assert.ok(!everything.includes(API_KEY), 'the key leaked');
      assert.ok(!everything.includes(API_KEY.slice(4, -4)), 'the middle of the key leaked');
      // it was sent, so the test would notice a client that simply never used it
      assert.equal(nth(h.rec.requests, 0).headers['x-api-key'], API_KEY);
    });
  }

  test('a key that cannot travel in a header is refused at creation, without quoting it', () => {
    const badKey = 'abc\ndef-secret-value';
    assert.throws(
      () => createApiClient({ baseUrl: 'http://127.0.0.1:1', apiKey: badKey }),
      (e: unknown) => e instanceof TypeError && !e.message.includes('secret-value'),
    );
  });

  test('maskSecret keeps at most the ends of a long secret and hides short ones', () => {
    assert.equal(maskSecret(API_KEY), `${API_KEY.slice(0, 4)}…${API_KEY.slice(-4)}`);
    assert.equal(maskSecret('short-key'), '********');
    assert.ok(!maskSecret('0123456789abcdef').includes('456789ab'));
  });

  test('successful requests carry nothing of the key in events', async () => {
    const h = await setup();
    h.rec.reply({ body: order() }, { body: requestIdTx() });
    await h.client.ultra.order({ inputMint: SOL, outputMint: USDC, amount: '1' });
    assert.ok(!JSON.stringify(h.events).includes(API_KEY));
    assert.ok(!nth(h.rec.requests, 0).rawQuery.includes(API_KEY), 'never in the URL');
  });
});
