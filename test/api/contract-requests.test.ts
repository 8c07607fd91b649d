// An oracle that does not come from the schemas: requests written out by hand from the contract's
// parameter tables (field names and values as the contract spells them, the wire text literal).
// The client must put exactly this on the wire, and the simulator must accept exactly this wire
// request and answer what the same operation's response schema reads. A schema wrong on both
// sides at once would still fail here.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { checkResponse, createApiClient, OPERATIONS, type ApiClient, type Operation } from '../../src/api/index.js';
import { startSim, type SimHandle } from '../../src/sim/index.js';
import { startRecorder, type Recorder } from '../support/recorder.js';
import { nth } from '../support/narrow.js';
import { NATIVE_MINT as SOL, USDC_MINT as USDC } from '../../src/chain/mints.js';

const WALLET = 'CE8jNSNJy1M2fCgCY4P3HWdpvqVTweJeRsNR9oFTEPUn';

interface Literal {
  /** the client call that should produce the request */
  call: (c: ApiClient) => Promise<unknown>;
  method: 'GET' | 'POST';
  /** path and query, exactly as on the wire */
  url: string;
  /** the JSON body, exactly as on the wire */
  body?: unknown;
  operation: Operation<unknown, unknown>;
}

const literals: Literal[] = [
  {
    call: (c) => c.tokens.list({ category: 'toptrending', interval: '6h', limit: 20 }),
    method: 'GET',
    url: '/tokens/v2/toptrending/6h?limit=20',
    operation: OPERATIONS.tokenList,
  },
  {
    call: (c) =>
      c.swap.quote({
        inputMint: SOL,
        outputMint: USDC,
        amount: '100000000',
        slippageBps: 50,
        swapMode: 'ExactIn',
        restrictIntermediateTokens: true,
        onlyDirectRoutes: false,
        maxAccounts: 64,
        instructionVersion: 'V1',
      }),
    method: 'GET',
    url: `/swap/v1/quote?inputMint=${SOL}&outputMint=${USDC}&amount=100000000&slippageBps=50&swapMode=ExactIn&restrictIntermediateTokens=true&onlyDirectRoutes=false&maxAccounts=64&instructionVersion=V1`,
    operation: OPERATIONS.quote,
  },
  {
    call: (c) =>
      c.ultra.order({
        inputMint: SOL,
        outputMint: USDC,
        amount: '100000000',
        taker: WALLET,
        excludeRouters: ['partnerx'],
      }),
    method: 'GET',
    url: `/ultra/v1/order?inputMint=${SOL}&outputMint=${USDC}&amount=100000000&taker=${WALLET}&excludeRouters=partnerx`,
    operation: OPERATIONS.order,
  },
  {
    call: (c) =>
      c.recurring.list({
        recurringType: 'time',
        orderStatus: 'active',
        user: WALLET,
        page: 1,
        mint: USDC,
        includeFailedTx: false,
      }),
    method: 'GET',
    url: `/recurring/v1/getRecurringOrders?recurringType=time&orderStatus=active&user=${WALLET}&page=1&mint=${USDC}&includeFailedTx=false`,
    operation: OPERATIONS.recurringList,
  },
  {
    call: (c) =>
      c.trigger.list({
        user: WALLET,
        orderStatus: 'history',
        page: 1,
        includeFailedTx: true,
        inputMint: SOL,
        outputMint: USDC,
      }),
    method: 'GET',
    url: `/trigger/v1/getTriggerOrders?user=${WALLET}&orderStatus=history&page=1&includeFailedTx=true&inputMint=${SOL}&outputMint=${USDC}`,
    operation: OPERATIONS.triggerList,
  },
  {
    call: (c) => c.send.inviteHistory({ address: WALLET, page: 1 }),
    method: 'GET',
    url: `/send/v1/invite-history?address=${WALLET}&page=1`,
    operation: OPERATIONS.inviteHistory,
  },
  {
    call: (c) => c.send.pendingInvites({ address: WALLET }),
    method: 'GET',
    url: `/send/v1/pending-invites?address=${WALLET}`,
    operation: OPERATIONS.pendingInvites,
  },
  {
    call: (c) => c.portfolio.positions({ address: WALLET, platforms: ['jupiter-exchange', 'raydium'] }),
    method: 'GET',
    url: `/portfolio/v1/positions/${WALLET}?platforms=jupiter-exchange,raydium`,
    operation: OPERATIONS.positions,
  },
  {
    call: (c) =>
      c.trigger.create({
        inputMint: SOL,
        outputMint: USDC,
        maker: WALLET,
        payer: WALLET,
        params: { makingAmount: '100000000', takingAmount: '20000000' },
        computeUnitPrice: 'auto',
        wrapAndUnwrapSol: true,
      }),
    method: 'POST',
    url: '/trigger/v1/createOrder',
    body: {
      inputMint: SOL,
      outputMint: USDC,
      maker: WALLET,
      payer: WALLET,
      params: { makingAmount: '100000000', takingAmount: '20000000' },
      computeUnitPrice: 'auto',
      wrapAndUnwrapSol: true,
    },
    operation: OPERATIONS.triggerCreate,
  },
  {
    call: (c) =>
      c.recurring.create({
        user: WALLET,
        inputMint: USDC,
        outputMint: SOL,
        params: { time: { inAmount: 200000000, numberOfOrders: 2, interval: 86400 } },
      }),
    method: 'POST',
    url: '/recurring/v1/createOrder',
    body: {
      user: WALLET,
      inputMint: USDC,
      outputMint: SOL,
      params: { time: { inAmount: 200000000, numberOfOrders: 2, interval: 86400 } },
    },
    operation: OPERATIONS.recurringCreate,
  },
];

let rec: Recorder;
let client: ApiClient;
let sim: SimHandle;
before(async () => {
  rec = await startRecorder(() => ({ status: 500, body: { error: 'recorded only' } }));
  client = createApiClient({ baseUrl: rec.url, apiKey: 'test-key', retries: 0 });
  sim = await startSim({ seed: 5, timeScale: 0, startTime: Date.UTC(2025, 5, 1, 12, 0, 0) });
  sim.fund(WALLET);
});
after(async () => {
  await rec.close();
  await sim.stop();
});

for (const l of literals) {
  const name = `${l.method} ${l.operation.path}`;
  test(`${name}: the client sends the contract's literal request`, async () => {
    rec.requests.length = 0;
    await l.call(client).catch(() => undefined);
    assert.equal(rec.requests.length, 1, 'sent once');
    const sent = nth(rec.requests, 0);
    assert.equal(sent.method, l.method);
    assert.equal(sent.path + (sent.rawQuery ? `?${sent.rawQuery}` : ''), l.url);
    if (l.body !== undefined) assert.deepEqual(JSON.parse(sent.rawBody), l.body);
  });

  test(`${name}: the simulator accepts the literal request and answers the operation's shape`, async () => {
    const res = await fetch(sim.url + l.url, {
      method: l.method,
      headers: { 'x-api-key': 'test-key', 'content-type': 'application/json' },
      body: l.body === undefined ? undefined : JSON.stringify(l.body),
    });
    const body = await res.json();
    assert.equal(res.status, 200, JSON.stringify(body));
    checkResponse(name, l.operation.response, body);
  });
}
