// Responses that break the contract are refused at the boundary with the endpoint and field
// named; the variations the real service is known for are accepted; unknown fields are kept.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { ResponseShapeError, type ApiClient } from '../../src/api/index.js';
import {
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
  recurringOrder,
  swapInstructions,
  swapResponse,
  token,
  triggerList,
  triggerOrder,
  type Harness,
} from '../support/apiFixtures.js';
import { nth } from '../support/narrow.js';

let h: Harness;
before(async () => {
  h = await harness({ retries: 0 });
});
after(() => h.close());

const exec = { signedTransaction: SIGNED_TX, requestId: 'r' };
const swapBody = { userPublicKey: USER, quoteResponse: quote() };

interface Case {
  name: string;
  body: unknown;
  call: (c: ApiClient) => Promise<unknown>;
  endpoint: string;
  field: string;
}

const tokens = (c: ApiClient) => c.tokens.list({ category: 'toptraded', interval: '1h' });
const TOKENS = 'GET /tokens/v2/{category}/{interval}';

const cases: Case[] = [
  { name: 'token list not an array', body: { tokens: [] }, call: tokens, endpoint: TOKENS, field: '(body)' },
  {
    name: 'token id missing',
    body: [token(), token({ id: undefined })],
    call: tokens,
    endpoint: TOKENS,
    field: '[1].id',
  },
  { name: 'token symbol a number', body: [token({ symbol: 5 })], call: tokens, endpoint: TOKENS, field: '[0].symbol' },
  {
    name: 'token decimals a string',
    body: [token({ decimals: '6' })],
    call: tokens,
    endpoint: TOKENS,
    field: '[0].decimals',
  },
  {
    name: 'token decimals out of range',
    body: [token({ decimals: 77 })],
    call: tokens,
    endpoint: TOKENS,
    field: '[0].decimals',
  },
  {
    name: 'token stats field a string',
    body: [token({ stats24h: { priceChange: '1.5' } })],
    call: tokens,
    endpoint: TOKENS,
    field: '[0].stats24h.priceChange',
  },
  {
    name: 'token usdPrice a string',
    body: [token({ usdPrice: '1.00' })],
    call: tokens,
    endpoint: TOKENS,
    field: '[0].usdPrice',
  },
  {
    name: 'token tags items',
    body: [token({ tags: ['ok', 3] })],
    call: tokens,
    endpoint: TOKENS,
    field: '[0].tags[1]',
  },
  {
    name: 'token audit flag',
    body: [token({ audit: { isSus: 'no' } })],
    call: tokens,
    endpoint: TOKENS,
    field: '[0].audit.isSus',
  },
  {
    name: 'quote outAmount a number',
    body: quote({ outAmount: 150000000 }),
    call: (c) => c.swap.quote({ inputMint: SOL, outputMint: USDC, amount: '1' }),
    endpoint: 'GET /swap/v1/quote',
    field: 'outAmount',
  },
  {
    name: 'quote amount not digits',
    body: quote({ otherAmountThreshold: '1.5e8' }),
    call: (c) => c.swap.quote({ inputMint: SOL, outputMint: USDC, amount: '1' }),
    endpoint: 'GET /swap/v1/quote',
    field: 'otherAmountThreshold',
  },
  {
    name: 'quote route step',
    body: quote({ routePlan: [{ swapInfo: { ...nth(quote().routePlan, 0).swapInfo, label: null }, percent: 100 }] }),
    call: (c) => c.swap.quote({ inputMint: SOL, outputMint: USDC, amount: '1' }),
    endpoint: 'GET /swap/v1/quote',
    field: 'routePlan[0].swapInfo.label',
  },
  {
    name: 'quote swapMode',
    body: quote({ swapMode: 'Both' }),
    call: (c) => c.swap.quote({ inputMint: SOL, outputMint: USDC, amount: '1' }),
    endpoint: 'GET /swap/v1/quote',
    field: 'swapMode',
  },
  {
    name: 'swap transaction missing',
    body: { lastValidBlockHeight: 5 },
    call: (c) => c.swap.swap(swapBody),
    endpoint: 'POST /swap/v1/swap',
    field: 'swapTransaction',
  },
  {
    name: 'swap lastValidBlockHeight a string',
    body: { ...swapResponse(), lastValidBlockHeight: '5' },
    call: (c) => c.swap.swap(swapBody),
    endpoint: 'POST /swap/v1/swap',
    field: 'lastValidBlockHeight',
  },
  {
    name: 'instruction account flag',
    body: {
      ...swapInstructions(),
      setupInstructions: [
        { programId: 'p', accounts: [{ pubkey: 'a', isSigner: 'true', isWritable: true }], data: '' },
      ],
    },
    call: (c) => c.swap.instructions(swapBody),
    endpoint: 'POST /swap/v1/swap-instructions',
    field: 'setupInstructions[0].accounts[0].isSigner',
  },
  {
    name: 'swapInstruction missing',
    body: { ...swapInstructions(), swapInstruction: undefined },
    call: (c) => c.swap.instructions(swapBody),
    endpoint: 'POST /swap/v1/swap-instructions',
    field: 'swapInstruction',
  },
  {
    name: 'order requestId missing',
    body: order({ requestId: undefined }),
    call: (c) => c.ultra.order({ inputMint: SOL, outputMint: USDC, amount: '1' }),
    endpoint: 'GET /ultra/v1/order',
    field: 'requestId',
  },
  {
    name: 'order transaction a number',
    body: order({ transaction: 0 }),
    call: (c) => c.ultra.order({ inputMint: SOL, outputMint: USDC, amount: '1' }),
    endpoint: 'GET /ultra/v1/order',
    field: 'transaction',
  },
  {
    name: 'order gasless',
    body: order({ gasless: 'false' }),
    call: (c) => c.ultra.order({ inputMint: SOL, outputMint: USDC, amount: '1' }),
    endpoint: 'GET /ultra/v1/order',
    field: 'gasless',
  },
  {
    name: 'order execute status',
    body: { ...orderExecute(), status: 'Pending' },
    call: (c) => c.ultra.execute(exec),
    endpoint: 'POST /ultra/v1/execute',
    field: 'status',
  },
  {
    name: 'order execute swap event',
    body: { ...orderExecute(), swapEvents: [{ inputMint: SOL, inputAmount: 5, outputMint: USDC, outputAmount: '1' }] },
    call: (c) => c.ultra.execute(exec),
    endpoint: 'POST /ultra/v1/execute',
    field: 'swapEvents[0].inputAmount',
  },
  {
    name: 'recurring list time',
    body: recurringList({ time: null }),
    call: (c) =>
      c.recurring.list({ recurringType: 'time', orderStatus: 'active', user: USER, page: 1, includeFailedTx: false }),
    endpoint: 'GET /recurring/v1/getRecurringOrders',
    field: 'time',
  },
  {
    name: 'recurring raw amount',
    body: recurringList({ time: [recurringOrder({ rawInDeposited: 100 })] }),
    call: (c) =>
      c.recurring.list({ recurringType: 'time', orderStatus: 'active', user: USER, page: 1, includeFailedTx: false }),
    endpoint: 'GET /recurring/v1/getRecurringOrders',
    field: 'time[0].rawInDeposited',
  },
  {
    name: 'recurring userClosed',
    body: recurringList({ time: [recurringOrder({ userClosed: 0 })] }),
    call: (c) =>
      c.recurring.list({ recurringType: 'time', orderStatus: 'active', user: USER, page: 1, includeFailedTx: false }),
    endpoint: 'GET /recurring/v1/getRecurringOrders',
    field: 'time[0].userClosed',
  },
  {
    name: 'recurring cycleFrequency not numeric',
    body: recurringList({ time: [recurringOrder({ cycleFrequency: 'hourly' })] }),
    call: (c) =>
      c.recurring.list({ recurringType: 'time', orderStatus: 'active', user: USER, page: 1, includeFailedTx: false }),
    endpoint: 'GET /recurring/v1/getRecurringOrders',
    field: 'time[0].cycleFrequency',
  },
  {
    name: 'recurring create transaction',
    body: { requestId: 'r' },
    call: (c) =>
      c.recurring.create({
        user: USER,
        inputMint: USDC,
        outputMint: SOL,
        params: { time: { inAmount: '100', numberOfOrders: 2, interval: 60 } },
      }),
    endpoint: 'POST /recurring/v1/createOrder',
    field: 'transaction',
  },
  {
    name: 'recurring cancel requestId',
    body: { transaction: SIGNED_TX },
    call: (c) => c.recurring.cancel({ order: ORDER_ACCOUNT, recurringType: 'time', user: USER }),
    endpoint: 'POST /recurring/v1/cancelOrder',
    field: 'requestId',
  },
  {
    name: 'priceWithdraw transaction',
    body: { requestId: 'r', transaction: 7 },
    call: (c) => c.recurring.priceWithdraw({ inputOrOutput: 'In', order: ORDER_ACCOUNT, user: USER }),
    endpoint: 'POST /recurring/v1/priceWithdraw',
    field: 'transaction',
  },
  {
    name: 'recurring execute signature',
    body: { status: 'Success', error: null, order: null },
    call: (c) => c.recurring.execute(exec),
    endpoint: 'POST /recurring/v1/execute',
    field: 'signature',
  },
  {
    name: 'trigger raw amount',
    body: triggerList({ orders: [triggerOrder({ rawRemainingMakingAmount: '-1' })] }),
    call: (c) => c.trigger.list({ user: USER, orderStatus: 'active' }),
    endpoint: 'GET /trigger/v1/getTriggerOrders',
    field: 'orders[0].rawRemainingMakingAmount',
  },
  {
    name: 'trigger create',
    body: { requestId: 'r', transaction: SIGNED_TX, order: 5 },
    call: (c) =>
      c.trigger.create({
        inputMint: SOL,
        outputMint: USDC,
        maker: USER,
        payer: USER,
        params: { makingAmount: '1', takingAmount: '1' },
      }),
    endpoint: 'POST /trigger/v1/createOrder',
    field: 'order',
  },
  {
    name: 'trigger cancel',
    body: {},
    call: (c) => c.trigger.cancel({ maker: USER, order: ORDER_ACCOUNT }),
    endpoint: 'POST /trigger/v1/cancelOrder',
    field: 'requestId',
  },
  {
    name: 'trigger cancelMany transactions',
    body: { requestId: 'r', transactions: SIGNED_TX },
    call: (c) => c.trigger.cancelMany({ maker: USER }),
    endpoint: 'POST /trigger/v1/cancelOrders',
    field: 'transactions',
  },
  {
    name: 'invite confirmed',
    body: inviteList({ invites: [invite({ confirmed: 'yes' })] }),
    call: (c) => c.send.inviteHistory({ address: USER }),
    endpoint: 'GET /send/v1/invite-history',
    field: 'invites[0].confirmed',
  },
  {
    name: 'invites hasMoreData',
    body: { invites: [] },
    call: (c) => c.send.pendingInvites({ address: USER }),
    endpoint: 'GET /send/v1/pending-invites',
    field: 'hasMoreData',
  },
  {
    name: 'portfolio multiple element assets',
    body: portfolio({
      elements: [
        {
          type: 'multiple',
          label: 'W',
          platformId: 'w',
          name: 'W',
          data: {
            assets: [{ type: 't', networkId: 'solana', value: '1', data: { address: SOL, amount: 1, price: 1 } }],
          },
        },
      ],
    }),
    call: (c) => c.portfolio.positions({ address: USER }),
    endpoint: 'GET /portfolio/v1/positions/{address}',
    field: 'elements[0].data.assets[0].value',
  },
  {
    name: 'order transaction not base-64',
    body: order({ transaction: 'not base64!' }),
    call: (c) => c.ultra.order({ inputMint: SOL, outputMint: USDC, amount: '1' }),
    endpoint: 'GET /ultra/v1/order',
    field: 'transaction',
  },
  {
    name: 'order inAmount not an integer string',
    body: order({ inAmount: '1.5' }),
    call: (c) => c.ultra.order({ inputMint: SOL, outputMint: USDC, amount: '1' }),
    endpoint: 'GET /ultra/v1/order',
    field: 'inAmount',
  },
  {
    name: 'order execute Success without signature',
    body: { status: 'Success', code: 0 },
    call: (c) => c.ultra.execute(exec),
    endpoint: 'POST /ultra/v1/execute',
    field: 'signature',
  },
  {
    name: 'trigger execute Success without signature',
    body: { status: 'Success' },
    call: (c) => c.trigger.execute(exec),
    endpoint: 'POST /trigger/v1/execute',
    field: 'signature',
  },
  {
    name: 'order execute code a string',
    body: { ...orderExecute(), code: '0' },
    call: (c) => c.ultra.execute(exec),
    endpoint: 'POST /ultra/v1/execute',
    field: 'code',
  },
  {
    name: 'swap transaction not base-64',
    body: { swapTransaction: 'abc', lastValidBlockHeight: 5 },
    call: (c) => c.swap.swap(swapBody),
    endpoint: 'POST /swap/v1/swap',
    field: 'swapTransaction',
  },
  {
    name: 'portfolio elements missing',
    body: portfolio({ elements: undefined }),
    call: (c) => c.portfolio.positions({ address: USER }),
    endpoint: 'GET /portfolio/v1/positions/{address}',
    field: 'elements',
  },
  {
    name: 'studio pool transaction',
    body: { pool: addr(70) },
    call: (c) => c.studio.createPoolTx(poolCreateRequest()),
    endpoint: 'POST /studio/v1/dbc-pool/create-tx',
    field: 'transaction',
  },
  {
    name: 'studio fee transaction',
    body: { transaction: '' },
    call: (c) => c.studio.claimFeeTx({ ownerWallet: USER, poolAddress: addr(70), maxQuoteAmount: 1 }),
    endpoint: 'POST /studio/v1/dbc/fee/create-tx',
    field: 'transaction',
  },
];

describe('malformed responses', () => {
  for (const c of cases) {
    test(`${c.name}: names ${c.endpoint} and ${c.field}`, async () => {
      h.rec.reply({ body: c.body });
      await assert.rejects(c.call(h.client), (e: unknown) => {
        assert.ok(e instanceof ResponseShapeError, `expected ResponseShapeError, got ${String(e)}`);
        assert.equal(e.endpoint, c.endpoint);
        assert.equal(e.field, c.field);
        assert.ok(e.message.startsWith(`${c.endpoint}: ${c.field} `), e.message);
        return true;
      });
    });
  }

  test('the message reads like the contract: "outAmount must be a string"', async () => {
    h.rec.reply({ body: quote({ outAmount: 5 }) });
    await assert.rejects(h.client.swap.quote({ inputMint: SOL, outputMint: USDC, amount: '1' }), {
      message: 'GET /swap/v1/quote: outAmount must be a string of decimal digits',
    });
  });

  test('a 200 answer that is not JSON is a shape error, not a crash', async () => {
    h.rec.reply({ rawBody: '<html>maintenance</html>', headers: { 'content-type': 'text/html' } });
    await assert.rejects(
      h.client.send.inviteHistory({ address: USER }),
      (e: unknown) => e instanceof ResponseShapeError && e.field === '(body)',
    );
  });

  test('a shape failure is reported to onRequest as a failed request', async () => {
    h.events.length = 0;
    h.rec.reply({ body: { invites: 'none', hasMoreData: false } });
    await assert.rejects(h.client.send.inviteHistory({ address: USER }));
    assert.equal(h.events.length, 1);
    assert.equal(nth(h.events, 0).ok, false);
    assert.match(nth(h.events, 0).error ?? '', /invites must be an array/);
  });
});

describe('accepted variations of the real service', () => {
  test('trigger listing with orderStatus "open" and unknown order status text', async () => {
    h.rec.reply({
      body: triggerList({ orderStatus: 'open', orders: [triggerOrder({ status: 'PartiallyFilledSomehow' })] }),
    });
    const res = await h.client.trigger.list({ user: USER, orderStatus: 'active' });
    assert.equal(res.orderStatus, 'open');
    assert.equal(nth(res.orders, 0).status, 'PartiallyFilledSomehow');
  });

  test('recurring cycleFrequency as a string', async () => {
    h.rec.reply({ body: recurringList({ time: [recurringOrder({ cycleFrequency: '86400' })] }) });
    const res = await h.client.recurring.list({
      recurringType: 'time',
      orderStatus: 'active',
      user: USER,
      page: 1,
      includeFailedTx: true,
    });
    assert.equal(nth(res.time, 0).cycleFrequency, '86400');
  });

  test('invite confirmed as 0/1 and unknown actions as text', async () => {
    h.rec.reply({
      body: inviteList({
        invites: [invite({ confirmed: 0, action: 'expired' }), invite({ confirmed: 1, action: 'somethingNew' })],
      }),
    });
    const res = await h.client.send.inviteHistory({ address: USER });
    assert.deepEqual(
      res.invites.map((i) => [i.confirmed, i.action]),
      [
        [0, 'expired'],
        [1, 'somethingNew'],
      ],
    );
  });

  test('token numeric fields null, nullable fields absent (filled with null), extra fields kept', async () => {
    const t = token({
      usdPrice: null,
      mcap: null,
      holderCount: null,
      organicScoreLabel: 'low',
      brandNew: { x: 1 },
    }) as Record<string, unknown>;
    delete t.twitter;
    delete t.graduatedAt;
    t.stats5m = { priceChange: null, numBuys: null, unknownStat: 4 };
    h.rec.reply({ body: [t] });
    const res = nth(await h.client.tokens.list({ category: 'toptraded', interval: '1h' }), 0);
    assert.equal(res.usdPrice, null);
    assert.equal(res.twitter, null);
    assert.equal(res.graduatedAt, null);
    assert.deepEqual((res as Record<string, unknown>).brandNew, { x: 1 });
    assert.equal((res.stats5m as Record<string, unknown> | undefined)?.unknownStat, 4);
  });

  test('order without taker (transaction null) and a failed order (empty transaction, errorCode)', async () => {
    h.rec.reply(
      { body: order({ taker: null, transaction: null }) },
      { body: order({ transaction: '', errorCode: 1, errorMessage: 'Insufficient funds' }) },
    );
    const a = await h.client.ultra.order({ inputMint: SOL, outputMint: USDC, amount: '1' });
    const b = await h.client.ultra.order({ inputMint: SOL, outputMint: USDC, amount: '1', taker: USER });
    assert.equal(a.transaction, null);
    assert.equal(b.errorCode, 1);
  });

  test('portfolio elements of other variants are kept as they are', async () => {
    h.rec.reply({ body: portfolio({ elements: [{ type: 'borrowlend', whatever: [1, 2] }] }) });
    const res = await h.client.portfolio.positions({ address: USER });
    assert.deepEqual(res.elements[0], { type: 'borrowlend', whatever: [1, 2] });
  });

  test('responses the contract allows to vary: recurring execute without error/order, quote with null platformFee', async () => {
    h.rec.reply(
      { body: { signature: 's', status: 'Success' } },
      { body: quote({ platformFee: null }) },
      { body: swapResponse() },
    );
    await h.client.recurring.execute(exec);
    const q = await h.client.swap.quote({ inputMint: SOL, outputMint: USDC, amount: '1' });
    assert.equal(q.platformFee, null);
    // no platform fee in the quote: no feeAccount needed
    const built = await h.client.swap.swap({ userPublicKey: USER, quoteResponse: q });
    assert.equal(built.swapTransaction, SIGNED_TX);
  });
});
