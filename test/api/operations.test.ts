// Each of the 19 operations sends the contract's method, path, query or body and headers, and
// returns the checked body.
import { test, describe, before, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import {
  API_KEY,
  ORDER_ACCOUNT,
  SIGNED_TX,
  SOL,
  USDC,
  USER,
  addr,
  harness,
  invite,
  inviteList,
  order,
  orderExecute,
  poolCreateRequest,
  portfolio,
  quote,
  recurringList,
  requestIdTx,
  swapInstructions,
  swapResponse,
  token,
  triggerList,
  type Harness,
} from '../support/apiFixtures.js';
import { nth } from '../support/narrow.js';

let h: Harness;
before(async () => {
  h = await harness();
});
after(() => h.close());
beforeEach(() => {
  h.rec.requests.length = 0;
  h.events.length = 0;
});

function only() {
  assert.equal(h.rec.requests.length, 1, 'exactly one request');
  return nth(h.rec.requests, 0);
}

function assertKey(req: ReturnType<typeof only>) {
  assert.equal(req.headers['x-api-key'], API_KEY);
}

function assertJsonPost(req: ReturnType<typeof only>, path: string) {
  assert.equal(req.method, 'POST');
  assert.equal(req.path, path);
  assert.equal(req.rawQuery, '');
  assert.match(String(req.headers['content-type']), /^application\/json/);
  assertKey(req);
}

describe('token data', () => {
  test('GET /tokens/v2/{category}/{interval} with limit', async () => {
    h.rec.reply({ body: [token(), token({ id: SOL, symbol: 'SOL', decimals: 9 })] });
    const list = await h.client.tokens.list({ category: 'toptrending', interval: '1h', limit: 20 });
    const req = only();
    assert.equal(req.method, 'GET');
    assert.equal(req.path, '/tokens/v2/toptrending/1h');
    assert.equal(req.rawQuery, 'limit=20');
    assertKey(req);
    assert.deepEqual(
      list.map((t) => t.symbol),
      ['USDC', 'SOL'],
    );
    assert.equal(nth(h.events, 0).endpoint, 'GET /tokens/v2/{category}/{interval}');
    assert.equal(nth(h.events, 0).ok, true);
    assert.equal(nth(h.events, 0).status, 200);
  });

  test('limit left out when not given', async () => {
    h.rec.reply({ body: [] });
    await h.client.tokens.list({ category: 'toporganicscore', interval: '24h' });
    assert.equal(only().rawQuery, '');
  });
});

describe('swap group', () => {
  test('GET /swap/v1/quote: every parameter, booleans as true/false, DEX lists comma-joined with + for spaces', async () => {
    h.rec.reply({ body: quote() });
    const q = await h.client.swap.quote({
      inputMint: SOL,
      outputMint: USDC,
      amount: '18446744073709551615',
      slippageBps: 75,
      swapMode: 'ExactIn',
      dexes: ['Meteora DLMM', 'Raydium CLMM'],
      excludeDexes: ['Whirlpool'],
      restrictIntermediateTokens: false,
      onlyDirectRoutes: true,
      asLegacyTransaction: false,
      platformFeeBps: 20,
      maxAccounts: 40,
      instructionVersion: 'V2',
      dynamicSlippage: false,
    });
    const req = only();
    assert.equal(req.method, 'GET');
    assert.equal(req.path, '/swap/v1/quote');
    assertKey(req);
    assert.equal(
      req.rawQuery,
      `inputMint=${SOL}&outputMint=${USDC}&amount=18446744073709551615&slippageBps=75&swapMode=ExactIn` +
        '&dexes=Meteora+DLMM,Raydium+CLMM&excludeDexes=Whirlpool&restrictIntermediateTokens=false&onlyDirectRoutes=true' +
        '&asLegacyTransaction=false&platformFeeBps=20&maxAccounts=40&instructionVersion=V2&dynamicSlippage=false',
    );
    assert.equal(req.query.get('dexes'), 'Meteora DLMM,Raydium CLMM');
    assert.equal(q.outAmount, '150000000');
    assert.equal(typeof q.outAmount, 'string');
  });

  test('POST /swap/v1/swap sends the JSON body as given', async () => {
    h.rec.reply({ body: swapResponse() });
    const body = {
      userPublicKey: USER,
      quoteResponse: quote(),
      wrapAndUnwrapSol: true,
      dynamicComputeUnitLimit: true,
      prioritizationFeeLamports: {
        priorityLevelWithMaxLamports: { priorityLevel: 'veryHigh' as const, maxLamports: 1_000_000, global: false },
      },
      blockhashSlotsToExpiry: 150,
    };
    const res = await h.client.swap.swap(body);
    const req = only();
    assertJsonPost(req, '/swap/v1/swap');
    assert.deepEqual(req.body, body);
    assert.equal(res.lastValidBlockHeight, 280000150);
  });

  test('computeUnitPriceMicroLamports given as a digit string goes out as a JSON integer, exactly', async () => {
    h.rec.reply({ body: swapResponse() });
    await h.client.swap.swap({
      userPublicKey: USER,
      quoteResponse: quote(),
      computeUnitPriceMicroLamports: '18446744073709551615',
    });
    assert.match(only().rawBody, /"computeUnitPriceMicroLamports":18446744073709551615[,}]/);
  });

  test('POST /swap/v1/swap-instructions', async () => {
    h.rec.reply({ body: swapInstructions() });
    const res = await h.client.swap.instructions({
      userPublicKey: USER,
      quoteResponse: quote(),
      destinationTokenAccount: addr(60),
    });
    const req = only();
    assertJsonPost(req, '/swap/v1/swap-instructions');
    assert.deepEqual(req.body, { userPublicKey: USER, quoteResponse: quote(), destinationTokenAccount: addr(60) });
    assert.equal(res.swapInstruction.data, 'AQID');
    assert.equal(res.cleanupInstruction, null);
  });
});

describe('order group', () => {
  test('GET /ultra/v1/order with every parameter', async () => {
    h.rec.reply({ body: order() });
    const res = await h.client.ultra.order({
      inputMint: SOL,
      outputMint: USDC,
      amount: '1000000000',
      taker: USER,
      receiver: addr(61),
      payer: addr(62),
      closeAuthority: addr(63),
      referralAccount: addr(64),
      referralFee: 50,
      excludeRouters: ['partnerz', 'partnerx'],
      excludeDexes: ['Meteora DLMM', 'Whirlpool'],
    });
    const req = only();
    assert.equal(req.method, 'GET');
    assert.equal(req.path, '/ultra/v1/order');
    assertKey(req);
    assert.equal(
      req.rawQuery,
      `inputMint=${SOL}&outputMint=${USDC}&amount=1000000000&taker=${USER}&receiver=${addr(61)}&payer=${addr(62)}` +
        `&closeAuthority=${addr(63)}&referralAccount=${addr(64)}&referralFee=50&excludeRouters=partnerz,partnerx` +
        '&excludeDexes=Meteora+DLMM,Whirlpool',
    );
    assert.equal(res.requestId, order().requestId);
  });

  test('a null taker is left out of the query', async () => {
    h.rec.reply({ body: order({ taker: null, transaction: null }) });
    const res = await h.client.ultra.order({ inputMint: SOL, outputMint: USDC, amount: '5', taker: null });
    assert.equal(only().rawQuery, `inputMint=${SOL}&outputMint=${USDC}&amount=5`);
    assert.equal(res.transaction, null);
  });

  test('POST /ultra/v1/execute', async () => {
    h.rec.reply({ body: orderExecute() });
    const res = await h.client.ultra.execute({ signedTransaction: SIGNED_TX, requestId: 'r-1' });
    const req = only();
    assertJsonPost(req, '/ultra/v1/execute');
    assert.deepEqual(req.body, { signedTransaction: SIGNED_TX, requestId: 'r-1' });
    assert.equal(res.status, 'Success');
  });
});

describe('recurring group', () => {
  test('GET /recurring/v1/getRecurringOrders', async () => {
    h.rec.reply({ body: recurringList() });
    const res = await h.client.recurring.list({
      recurringType: 'time',
      orderStatus: 'active',
      user: USER,
      page: 2,
      mint: USDC,
      includeFailedTx: false,
    });
    const req = only();
    assert.equal(req.method, 'GET');
    assert.equal(req.path, '/recurring/v1/getRecurringOrders');
    assertKey(req);
    assert.equal(
      req.rawQuery,
      `recurringType=time&orderStatus=active&user=${USER}&page=2&mint=${USDC}&includeFailedTx=false`,
    );
    assert.equal(nth(res.time, 0).trades?.[0]?.action, 'Fill');
  });

  test('POST /recurring/v1/createOrder writes inAmount as a JSON integer, exactly, even above 2^53', async () => {
    h.rec.reply({ body: requestIdTx() });
    await h.client.recurring.create({
      user: USER,
      inputMint: USDC,
      outputMint: SOL,
      params: { time: { inAmount: '18446744073709551615', numberOfOrders: 4, interval: 86400 } },
    });
    const req = only();
    assertJsonPost(req, '/recurring/v1/createOrder');
    assert.match(req.rawBody, /"inAmount":18446744073709551615[,}]/);
    assert.deepEqual(
      (req.body as { params: { time: { numberOfOrders: number; interval: number } } }).params.time.interval,
      86400,
    );
    assert.deepEqual((req.body as { user: string }).user, USER);
  });

  test('POST /recurring/v1/cancelOrder', async () => {
    h.rec.reply({ body: requestIdTx() });
    const res = await h.client.recurring.cancel({ order: ORDER_ACCOUNT, recurringType: 'time', user: USER });
    const req = only();
    assertJsonPost(req, '/recurring/v1/cancelOrder');
    assert.deepEqual(req.body, { order: ORDER_ACCOUNT, recurringType: 'time', user: USER });
    assert.equal(res.requestId, 'req-1');
  });

  test('POST /recurring/v1/priceWithdraw (legacy)', async () => {
    h.rec.reply({ body: requestIdTx() });
    await h.client.recurring.priceWithdraw({ inputOrOutput: 'In', order: ORDER_ACCOUNT, user: USER, amount: '500' });
    const req = only();
    assertJsonPost(req, '/recurring/v1/priceWithdraw');
    assert.deepEqual(req.body, { inputOrOutput: 'In', order: ORDER_ACCOUNT, user: USER, amount: '500' });
  });

  test('POST /recurring/v1/execute', async () => {
    h.rec.reply({ body: { signature: 'sig', status: 'Failed', error: 'slippage', order: null } });
    const res = await h.client.recurring.execute({ signedTransaction: SIGNED_TX, requestId: 'r-2' });
    const req = only();
    assertJsonPost(req, '/recurring/v1/execute');
    assert.deepEqual(req.body, { requestId: 'r-2', signedTransaction: SIGNED_TX });
    assert.equal(res.status, 'Failed');
    assert.equal(res.error, 'slippage');
  });
});

describe('trigger group', () => {
  test('GET /trigger/v1/getTriggerOrders', async () => {
    h.rec.reply({ body: triggerList() });
    await h.client.trigger.list({
      user: USER,
      orderStatus: 'history',
      page: 3,
      includeFailedTx: true,
      inputMint: SOL,
      outputMint: USDC,
    });
    const req = only();
    assert.equal(req.method, 'GET');
    assert.equal(req.path, '/trigger/v1/getTriggerOrders');
    assertKey(req);
    assert.equal(
      req.rawQuery,
      `user=${USER}&orderStatus=history&page=3&includeFailedTx=true&inputMint=${SOL}&outputMint=${USDC}`,
    );
  });

  test('POST /trigger/v1/createOrder', async () => {
    h.rec.reply({ body: { ...requestIdTx(), order: ORDER_ACCOUNT } });
    const body = {
      inputMint: SOL,
      outputMint: USDC,
      maker: USER,
      payer: USER,
      params: { makingAmount: '2000000000', takingAmount: '300000000' },
      computeUnitPrice: 'auto',
      wrapAndUnwrapSol: true,
    };
    const res = await h.client.trigger.create(body);
    const req = only();
    assertJsonPost(req, '/trigger/v1/createOrder');
    assert.deepEqual(req.body, body);
    assert.equal(res.order, ORDER_ACCOUNT);
  });

  test('POST /trigger/v1/cancelOrder', async () => {
    h.rec.reply({ body: requestIdTx() });
    await h.client.trigger.cancel({ maker: USER, order: ORDER_ACCOUNT, computeUnitPrice: '1000' });
    const req = only();
    assertJsonPost(req, '/trigger/v1/cancelOrder');
    assert.deepEqual(req.body, { maker: USER, order: ORDER_ACCOUNT, computeUnitPrice: '1000' });
  });

  test('POST /trigger/v1/cancelOrders, with and without orders', async () => {
    h.rec.reply(
      { body: { requestId: 'r', transactions: [SIGNED_TX, SIGNED_TX] } },
      { body: { requestId: 'r2', transactions: [SIGNED_TX] } },
    );
    const all = await h.client.trigger.cancelMany({ maker: USER });
    const some = await h.client.trigger.cancelMany({ maker: USER, orders: [ORDER_ACCOUNT] });
    assert.equal(h.rec.requests.length, 2);
    assertJsonPost(nth(h.rec.requests, 0), '/trigger/v1/cancelOrders');
    assert.deepEqual(nth(h.rec.requests, 0).body, { maker: USER });
    assert.deepEqual(nth(h.rec.requests, 1).body, { maker: USER, orders: [ORDER_ACCOUNT] });
    assert.equal(all.transactions.length, 2);
    assert.equal(some.requestId, 'r2');
  });

  test('POST /trigger/v1/execute', async () => {
    h.rec.reply({ body: { code: 0, signature: 'sig', status: 'Success' } });
    await h.client.trigger.execute({ signedTransaction: SIGNED_TX, requestId: 'r-3' });
    const req = only();
    assertJsonPost(req, '/trigger/v1/execute');
    assert.deepEqual(req.body, { requestId: 'r-3', signedTransaction: SIGNED_TX });
  });
});

describe('send group', () => {
  test('GET /send/v1/invite-history', async () => {
    h.rec.reply({ body: inviteList({ invites: [invite({ action: 'clawback', confirmed: 1 })] }) });
    const res = await h.client.send.inviteHistory({ address: USER, page: 2 });
    const req = only();
    assert.equal(req.method, 'GET');
    assert.equal(req.path, '/send/v1/invite-history');
    assert.equal(req.rawQuery, `address=${USER}&page=2`);
    assertKey(req);
    assert.equal(nth(res.invites, 0).action, 'clawback');
  });

  test('GET /send/v1/pending-invites', async () => {
    h.rec.reply({ body: inviteList() });
    await h.client.send.pendingInvites({ address: USER });
    const req = only();
    assert.equal(req.path, '/send/v1/pending-invites');
    assert.equal(req.rawQuery, `address=${USER}`);
    assertKey(req);
  });
});

describe('portfolio', () => {
  test('GET /portfolio/v1/positions/{address} carries the API key like every group', async () => {
    h.rec.reply({ body: portfolio() });
    const res = await h.client.portfolio.positions({ address: USER, platforms: ['wallet-tokens', 'amm'] });
    const req = only();
    assert.equal(req.method, 'GET');
    assert.equal(req.path, `/portfolio/v1/positions/${USER}`);
    assert.equal(req.rawQuery, 'platforms=wallet-tokens,amm');
    assertKey(req);
    assert.equal(res.elements.length, 2);
  });
});

describe('studio', () => {
  test('POST /studio/v1/dbc-pool/create-tx', async () => {
    h.rec.reply({ body: { transaction: SIGNED_TX, pool: addr(70), mint: addr(71) } });
    const res = await h.client.studio.createPoolTx(poolCreateRequest());
    const req = only();
    assertJsonPost(req, '/studio/v1/dbc-pool/create-tx');
    assert.deepEqual(req.body, poolCreateRequest());
    assert.equal(res.pool, addr(70));
  });

  test('POST /studio/v1/dbc/fee/create-tx', async () => {
    h.rec.reply({ body: { transaction: SIGNED_TX } });
    await h.client.studio.claimFeeTx({ ownerWallet: USER, poolAddress: addr(70), maxQuoteAmount: 0 });
    const req = only();
    assertJsonPost(req, '/studio/v1/dbc/fee/create-tx');
    assert.deepEqual(req.body, { ownerWallet: USER, poolAddress: addr(70), maxQuoteAmount: 0 });
  });
});

test('a client without an API key sends no x-api-key header', async () => {
  const bare = await harness({ apiKey: undefined });
  try {
    bare.rec.reply({ body: [] });
    await bare.client.tokens.list({ category: 'toptraded', interval: '5m' });
    assert.equal(nth(bare.rec.requests, 0).headers['x-api-key'], undefined);
  } finally {
    await bare.close();
  }
});

test('a base URL with a path prefix and trailing slash is joined cleanly', async () => {
  const prefixed = await harness();
  try {
    const client = (await import('../../src/api/index.js')).createApiClient({
      baseUrl: `${prefixed.rec.url}/api/`,
      apiKey: API_KEY,
    });
    prefixed.rec.reply({ body: [] });
    await client.tokens.list({ category: 'toptraded', interval: '5m' });
    assert.equal(nth(prefixed.rec.requests, 0).path, '/api/tokens/v2/toptraded/5m');
  } finally {
    await prefixed.close();
  }
});
