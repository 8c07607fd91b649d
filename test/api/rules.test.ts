// Every request rule of the contract is checked before anything is sent: a violation names the
// field and the rule, and the server never sees a request.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { getBase58Decoder, getBase58Encoder } from '@solana/kit';
import { RequestRuleError, type ApiClient, type Quote } from '../../src/api/index.js';
import { decodeBase58, encodeBase58, isAddress } from '../../src/chain/base58.js';
import {
  ORDER_ACCOUNT,
  SIGNED_TX,
  SOL,
  USDC,
  USER,
  addr,
  harness,
  poolCreateRequest,
  quote,
  type Harness,
} from '../support/apiFixtures.js';

let h: Harness;
before(async () => {
  h = await harness();
});
after(() => h.close());

interface Case {
  name: string;
  call: (c: ApiClient) => Promise<unknown>;
  field: string;
  rule?: RegExp;
}

const q = { inputMint: SOL, outputMint: USDC, amount: '1000' };
const swapBody = { userPublicKey: USER, quoteResponse: quote() };
const order = { inputMint: SOL, outputMint: USDC, amount: '1000' };
const recurringList = {
  recurringType: 'time',
  orderStatus: 'active',
  user: USER,
  page: 1,
  includeFailedTx: false,
} as const;
const recurringCreate = {
  user: USER,
  inputMint: USDC,
  outputMint: SOL,
  params: { time: { inAmount: '100000000', numberOfOrders: 2, interval: 3600 } },
};
const triggerCreate = {
  inputMint: SOL,
  outputMint: USDC,
  maker: USER,
  payer: USER,
  params: { makingAmount: '1', takingAmount: '2' },
};
const exec = { signedTransaction: SIGNED_TX, requestId: 'r' };
// an address that decodes fine but to 31 bytes, and one with a character outside base58
const SHORT_ADDRESS = encodeBase58(new Uint8Array(31).fill(5));
const BAD_CHAR_ADDRESS = USER.slice(0, -1) + '0';
const cast = <T>(v: unknown) => v as T;

const cases: Case[] = [
  // enums
  {
    name: 'token category enum',
    call: (c) => c.tokens.list({ category: cast('topvolume'), interval: '1h' }),
    field: 'category',
    rule: /one of toporganicscore, toptraded, toptrending/,
  },
  {
    name: 'token interval enum',
    call: (c) => c.tokens.list({ category: 'toptraded', interval: cast('1d') }),
    field: 'interval',
    rule: /one of 5m, 1h, 6h, 24h/,
  },
  {
    name: 'swapMode enum',
    call: (c) => c.swap.quote({ ...q, swapMode: cast('exactIn') }),
    field: 'swapMode',
    rule: /ExactIn, ExactOut/,
  },
  {
    name: 'instructionVersion enum',
    call: (c) => c.swap.quote({ ...q, instructionVersion: cast('V3') }),
    field: 'instructionVersion',
  },
  {
    // which names exist is the service's to say; what cannot be a name is refused here
    name: 'excludeRouters: a router name',
    call: (c) => c.ultra.order({ ...order, excludeRouters: cast(['iris', 'jupiter z']) }),
    field: 'excludeRouters[1]',
    rule: /must be a router name/,
  },
  {
    name: 'recurringType enum',
    call: (c) => c.recurring.list({ ...recurringList, recurringType: cast('weekly') }),
    field: 'recurringType',
  },
  {
    name: 'recurring orderStatus enum',
    call: (c) => c.recurring.list({ ...recurringList, orderStatus: cast('open') }),
    field: 'orderStatus',
    rule: /active, history/,
  },
  {
    name: 'trigger orderStatus enum',
    call: (c) => c.trigger.list({ user: USER, orderStatus: cast('Open') }),
    field: 'orderStatus',
  },
  {
    name: 'recurring cancel type is time or price',
    call: (c) => c.recurring.cancel({ order: ORDER_ACCOUNT, user: USER, recurringType: cast('all') }),
    field: 'recurringType',
  },
  {
    name: 'inputOrOutput enum',
    call: (c) => c.recurring.priceWithdraw({ inputOrOutput: cast('in'), order: ORDER_ACCOUNT, user: USER }),
    field: 'inputOrOutput',
    rule: /In, Out/,
  },
  {
    name: 'priority level enum',
    call: (c) =>
      c.swap.swap({
        ...swapBody,
        prioritizationFeeLamports: { priorityLevelWithMaxLamports: { priorityLevel: cast('ultra'), maxLamports: 1 } },
      }),
    field: 'prioritizationFeeLamports.priorityLevelWithMaxLamports.priorityLevel',
    rule: /medium, high, veryHigh/,
  },
  {
    name: 'prioritization fee of another shape',
    call: (c) => c.swap.swap({ ...swapBody, prioritizationFeeLamports: cast('fast') }),
    field: 'prioritizationFeeLamports',
  },
  // ranges
  {
    name: 'limit below 1',
    call: (c) => c.tokens.list({ category: 'toptraded', interval: '1h', limit: 0 }),
    field: 'limit',
    rule: /integer from 1 to 100/,
  },
  {
    name: 'limit above 100',
    call: (c) => c.tokens.list({ category: 'toptraded', interval: '1h', limit: 101 }),
    field: 'limit',
  },
  {
    name: 'limit not an integer',
    call: (c) => c.tokens.list({ category: 'toptraded', interval: '1h', limit: 10.5 }),
    field: 'limit',
  },
  {
    name: 'slippageBps above 10000',
    call: (c) => c.swap.quote({ ...q, slippageBps: 10001 }),
    field: 'slippageBps',
    rule: /0 to 10000/,
  },
  { name: 'slippageBps negative', call: (c) => c.swap.quote({ ...q, slippageBps: -1 }), field: 'slippageBps' },
  {
    name: 'platformFeeBps beyond uint16',
    call: (c) => c.swap.quote({ ...q, platformFeeBps: 65536 }),
    field: 'platformFeeBps',
    rule: /0 to 65535/,
  },
  {
    name: 'maxAccounts not a positive integer',
    call: (c) => c.swap.quote({ ...q, maxAccounts: 0 }),
    field: 'maxAccounts',
  },
  {
    name: 'referralFee below 50',
    call: (c) => c.ultra.order({ ...order, referralFee: 49 }),
    field: 'referralFee',
    rule: /50 to 255/,
  },
  { name: 'referralFee above 255', call: (c) => c.ultra.order({ ...order, referralFee: 256 }), field: 'referralFee' },
  {
    name: 'recurring page 0',
    call: (c) => c.recurring.list({ ...recurringList, page: 0 }),
    field: 'page',
    rule: />= 1/,
  },
  {
    name: 'trigger page 0',
    call: (c) => c.trigger.list({ user: USER, orderStatus: 'active', page: 0 }),
    field: 'page',
  },
  { name: 'invite page 0', call: (c) => c.send.inviteHistory({ address: USER, page: 0 }), field: 'page' },
  {
    name: 'pending invites page fractional',
    call: (c) => c.send.pendingInvites({ address: USER, page: 1.5 }),
    field: 'page',
  },
  {
    name: 'blockhashSlotsToExpiry beyond uint8',
    call: (c) => c.swap.swap({ ...swapBody, blockhashSlotsToExpiry: 256 }),
    field: 'blockhashSlotsToExpiry',
    rule: /0 to 255/,
  },
  {
    name: 'blockhashSlotsToExpiry on instructions too',
    call: (c) => c.swap.instructions({ ...swapBody, blockhashSlotsToExpiry: -1 }),
    field: 'blockhashSlotsToExpiry',
  },
  {
    name: 'computeUnitPriceMicroLamports not u64',
    call: (c) => c.swap.swap({ ...swapBody, computeUnitPriceMicroLamports: -5 }),
    field: 'computeUnitPriceMicroLamports',
  },
  {
    name: 'studio maxQuoteAmount negative',
    call: (c) => c.studio.claimFeeTx({ ownerWallet: USER, poolAddress: addr(70), maxQuoteAmount: -1 }),
    field: 'maxQuoteAmount',
    rule: />= 0/,
  },
  {
    name: 'studio maxQuoteAmount not a number',
    call: (c) => c.studio.claimFeeTx({ ownerWallet: USER, poolAddress: addr(70), maxQuoteAmount: Number.NaN }),
    field: 'maxQuoteAmount',
  },
  {
    name: 'studio fee bps',
    call: (c) => c.studio.createPoolTx({ ...poolCreateRequest(), fee: { feeBps: 10001 } }),
    field: 'fee.feeBps',
  },
  {
    name: 'studio image type',
    call: (c) => c.studio.createPoolTx({ ...poolCreateRequest(), tokenImageContentType: 'text/html' }),
    field: 'tokenImageContentType',
  },
  {
    name: 'studio token name empty',
    call: (c) => c.studio.createPoolTx({ ...poolCreateRequest(), tokenName: ' ' }),
    field: 'tokenName',
  },
  // amounts
  {
    name: 'quote amount zero',
    call: (c) => c.swap.quote({ ...q, amount: '0' }),
    field: 'amount',
    rule: /positive integer string/,
  },
  { name: 'quote amount decimal', call: (c) => c.swap.quote({ ...q, amount: '1.5' }), field: 'amount' },
  { name: 'quote amount as a number', call: (c) => c.swap.quote({ ...q, amount: cast(1000) }), field: 'amount' },
  {
    name: 'quote amount above u64',
    call: (c) => c.swap.quote({ ...q, amount: '18446744073709551616' }),
    field: 'amount',
  },
  { name: 'order amount negative', call: (c) => c.ultra.order({ ...order, amount: '-1' }), field: 'amount' },
  {
    name: 'trigger makingAmount',
    call: (c) => c.trigger.create({ ...triggerCreate, params: { makingAmount: '1e9', takingAmount: '2' } }),
    field: 'params.makingAmount',
  },
  {
    name: 'trigger takingAmount',
    call: (c) => c.trigger.create({ ...triggerCreate, params: { makingAmount: '1', takingAmount: '0' } }),
    field: 'params.takingAmount',
  },
  {
    name: 'trigger computeUnitPrice',
    call: (c) => c.trigger.cancel({ maker: USER, order: ORDER_ACCOUNT, computeUnitPrice: 'fast' }),
    field: 'computeUnitPrice',
  },
  {
    name: 'recurring inAmount',
    call: (c) =>
      c.recurring.create({ ...recurringCreate, params: { time: { inAmount: '0', numberOfOrders: 2, interval: 60 } } }),
    field: 'params.time.inAmount',
  },
  {
    name: 'priceWithdraw amount beyond int64',
    call: (c) =>
      c.recurring.priceWithdraw({
        inputOrOutput: 'Out',
        order: ORDER_ACCOUNT,
        user: USER,
        amount: '9223372036854775808',
      }),
    field: 'amount',
  },
  // addresses
  {
    name: 'inputMint not base58',
    call: (c) => c.swap.quote({ ...q, inputMint: BAD_CHAR_ADDRESS }),
    field: 'inputMint',
    rule: /base58 address of 32 bytes/,
  },
  {
    name: 'outputMint of 31 bytes',
    call: (c) => c.swap.quote({ ...q, outputMint: SHORT_ADDRESS }),
    field: 'outputMint',
  },
  { name: 'userPublicKey', call: (c) => c.swap.swap({ ...swapBody, userPublicKey: 'me' }), field: 'userPublicKey' },
  { name: 'swap payer', call: (c) => c.swap.swap({ ...swapBody, payer: SHORT_ADDRESS }), field: 'payer' },
  { name: 'swap feeAccount', call: (c) => c.swap.swap({ ...swapBody, feeAccount: 'x' }), field: 'feeAccount' },
  {
    name: 'swap trackingAccount',
    call: (c) => c.swap.swap({ ...swapBody, trackingAccount: 'x' }),
    field: 'trackingAccount',
  },
  {
    name: 'swap destinationTokenAccount',
    call: (c) => c.swap.swap({ ...swapBody, destinationTokenAccount: 'x' }),
    field: 'destinationTokenAccount',
  },
  { name: 'order taker', call: (c) => c.ultra.order({ ...order, taker: BAD_CHAR_ADDRESS }), field: 'taker' },
  { name: 'order receiver', call: (c) => c.ultra.order({ ...order, receiver: 'x' }), field: 'receiver' },
  {
    name: 'order referralAccount',
    call: (c) => c.ultra.order({ ...order, referralAccount: 'x' }),
    field: 'referralAccount',
  },
  { name: 'recurring user', call: (c) => c.recurring.list({ ...recurringList, user: SHORT_ADDRESS }), field: 'user' },
  { name: 'recurring mint filter', call: (c) => c.recurring.list({ ...recurringList, mint: 'x' }), field: 'mint' },
  {
    name: 'recurring create inputMint',
    call: (c) => c.recurring.create({ ...recurringCreate, inputMint: 'USDC' }),
    field: 'inputMint',
  },
  {
    name: 'recurring cancel order',
    call: (c) => c.recurring.cancel({ order: 'x', recurringType: 'time', user: USER }),
    field: 'order',
  },
  { name: 'trigger maker', call: (c) => c.trigger.create({ ...triggerCreate, maker: 'x' }), field: 'maker' },
  { name: 'trigger payer', call: (c) => c.trigger.create({ ...triggerCreate, payer: 'x' }), field: 'payer' },
  {
    name: 'trigger list inputMint',
    call: (c) => c.trigger.list({ user: USER, orderStatus: 'active', inputMint: 'SOL' }),
    field: 'inputMint',
  },
  {
    name: 'trigger cancel order',
    call: (c) => c.trigger.cancel({ maker: USER, order: SHORT_ADDRESS }),
    field: 'order',
  },
  {
    name: 'trigger cancelMany orders item',
    call: (c) => c.trigger.cancelMany({ maker: USER, orders: [ORDER_ACCOUNT, 'x'] }),
    field: 'orders[1]',
  },
  {
    name: 'trigger cancelMany empty list',
    call: (c) => c.trigger.cancelMany({ maker: USER, orders: [] }),
    field: 'orders',
  },
  { name: 'invite address', call: (c) => c.send.inviteHistory({ address: 'x' }), field: 'address' },
  { name: 'portfolio address', call: (c) => c.portfolio.positions({ address: '../../admin' }), field: 'address' },
  {
    name: 'studio creator',
    call: (c) => c.studio.createPoolTx({ ...poolCreateRequest(), creator: 'x' }),
    field: 'creator',
  },
  {
    name: 'studio quoteMint',
    call: (c) =>
      c.studio.createPoolTx({
        ...poolCreateRequest(),
        buildCurveByMarketCapParam: { ...poolCreateRequest().buildCurveByMarketCapParam, quoteMint: 'x' },
      }),
    field: 'buildCurveByMarketCapParam.quoteMint',
  },
  {
    name: 'studio poolAddress',
    call: (c) => c.studio.claimFeeTx({ ownerWallet: USER, poolAddress: 'x', maxQuoteAmount: 1 }),
    field: 'poolAddress',
  },
  {
    name: 'studio ownerWallet',
    call: (c) => c.studio.claimFeeTx({ ownerWallet: 'x', poolAddress: addr(70), maxQuoteAmount: 1 }),
    field: 'ownerWallet',
  },
  // combinations
  {
    name: 'destinationTokenAccount and nativeDestinationAccount together',
    call: (c) =>
      c.swap.swap({
        userPublicKey: USER,
        quoteResponse: quote({ outputMint: SOL, inputMint: USDC }),
        destinationTokenAccount: addr(80),
        nativeDestinationAccount: addr(81),
      }),
    field: 'nativeDestinationAccount',
    rule: /not be given together with destinationTokenAccount/,
  },
  {
    name: 'nativeDestinationAccount needs native output',
    call: (c) => c.swap.swap({ ...swapBody, nativeDestinationAccount: addr(81) }),
    field: 'nativeDestinationAccount',
    rule: /native coin/,
  },
  {
    name: 'feeAccount required when the quote has a platform fee',
    call: (c) =>
      c.swap.swap({ userPublicKey: USER, quoteResponse: quote({ platformFee: { amount: '100', feeBps: 20 } }) }),
    field: 'feeAccount',
    rule: /platform fee/,
  },
  {
    name: 'feeAccount required on swap-instructions too',
    call: (c) =>
      c.swap.instructions({
        userPublicKey: USER,
        quoteResponse: quote({ platformFee: { amount: '100', feeBps: 20 } }),
      }),
    field: 'feeAccount',
  },
  {
    name: 'closeAuthority without payer',
    call: (c) => c.ultra.order({ ...order, closeAuthority: addr(82) }),
    field: 'closeAuthority',
    rule: /requires payer/,
  },
  {
    name: 'recurring needs at least 2 orders',
    call: (c) =>
      c.recurring.create({
        ...recurringCreate,
        params: { time: { inAmount: '100000000', numberOfOrders: 1, interval: 60 } },
      }),
    field: 'params.time.numberOfOrders',
    rule: />= 2/,
  },
  {
    name: 'recurring interval positive',
    call: (c) =>
      c.recurring.create({ ...recurringCreate, params: { time: { inAmount: '5', numberOfOrders: 2, interval: 0 } } }),
    field: 'params.time.interval',
  },
  {
    name: 'recurring params need time',
    call: (c) => c.recurring.create({ ...recurringCreate, params: {} }),
    field: 'params.time',
  },
  // labels and lists
  {
    name: 'a DEX label with a comma',
    call: (c) => c.swap.quote({ ...q, dexes: ['Orca,Raydium'] }),
    field: 'dexes[0]',
    rule: /without commas/,
  },
  {
    name: 'excludeDexes must be an array',
    call: (c) => c.swap.quote({ ...q, excludeDexes: cast('Orca') }),
    field: 'excludeDexes',
  },
  {
    name: 'order excludeDexes empty label',
    call: (c) => c.ultra.order({ ...order, excludeDexes: [''] }),
    field: 'excludeDexes[0]',
  },
  {
    name: 'portfolio platform with a comma',
    call: (c) => c.portfolio.positions({ address: USER, platforms: ['a,b'] }),
    field: 'platforms[0]',
  },
  // booleans and execute bodies
  {
    name: 'boolean query flag',
    call: (c) => c.swap.quote({ ...q, onlyDirectRoutes: cast('yes') }),
    field: 'onlyDirectRoutes',
  },
  {
    name: 'includeFailedTx required for recurring',
    call: (c) => c.recurring.list({ ...recurringList, includeFailedTx: cast(undefined) }),
    field: 'includeFailedTx',
  },
  {
    name: 'execute needs a base-64 transaction',
    call: (c) => c.ultra.execute({ ...exec, signedTransaction: 'not base64!' }),
    field: 'signedTransaction',
  },
  { name: 'execute needs a requestId', call: (c) => c.trigger.execute({ ...exec, requestId: '' }), field: 'requestId' },
  {
    name: 'recurring execute too',
    call: (c) => c.recurring.execute({ ...exec, signedTransaction: '' }),
    field: 'signedTransaction',
  },
  {
    name: 'quoteResponse must be a quote',
    call: (c) => c.swap.swap({ userPublicKey: USER, quoteResponse: cast({ inputMint: SOL }) }),
    field: 'quoteResponse.inAmount',
  },
];

describe('request rules', () => {
  for (const c of cases) {
    test(`${c.name}: rejected before sending`, async () => {
      const before = h.rec.requests.length;
      await assert.rejects(c.call(h.client), (e: unknown) => {
        assert.ok(e instanceof RequestRuleError, `expected RequestRuleError, got ${String(e)}`);
        assert.equal(e.field, c.field);
        if (c.rule) assert.match(e.rule, c.rule);
        assert.ok(e.message.startsWith(c.field), e.message);
        return true;
      });
      assert.equal(h.rec.requests.length, before, 'no request was sent');
    });
  }
});

describe('rules that depend on how the quote was asked for', () => {
  test('nativeDestinationAccount is refused for a V1 quote and accepted for a V2 quote', async () => {
    const sent = () => h.rec.requests.length;
    h.rec.reply({ body: quote({ inputMint: USDC, outputMint: SOL }) });
    const v1 = await h.client.swap.quote({ inputMint: USDC, outputMint: SOL, amount: '1000000' });
    const count = sent();
    await assert.rejects(
      h.client.swap.swap({ userPublicKey: USER, quoteResponse: v1, nativeDestinationAccount: addr(81) }),
      (e: unknown) => e instanceof RequestRuleError && e.field === 'nativeDestinationAccount' && /V2/.test(e.rule),
    );
    assert.equal(sent(), count);

    h.rec.reply(
      { body: quote({ inputMint: USDC, outputMint: SOL }) },
      { body: { swapTransaction: SIGNED_TX, lastValidBlockHeight: 1 } },
    );
    const v2 = await h.client.swap.quote({
      inputMint: USDC,
      outputMint: SOL,
      amount: '1000000',
      instructionVersion: 'V2',
    });
    await h.client.swap.swap({ userPublicKey: USER, quoteResponse: v2, nativeDestinationAccount: addr(81) });
    assert.deepEqual(
      (h.rec.requests.at(-1)!.body as { nativeDestinationAccount: string }).nativeDestinationAccount,
      addr(81),
    );
  });

  test('feeAccount is required for a quote asked with platformFeeBps even if the body omits platformFee', async () => {
    h.rec.reply({ body: quote() });
    const withFee: Quote = await h.client.swap.quote({ ...q, platformFeeBps: 20 });
    const count = h.rec.requests.length;
    await assert.rejects(
      h.client.swap.instructions({ userPublicKey: USER, quoteResponse: withFee }),
      (e: unknown) => e instanceof RequestRuleError && e.field === 'feeAccount',
    );
    assert.equal(h.rec.requests.length, count);
  });

  test("asLegacyTransaction must match the quote's setting", async () => {
    h.rec.reply({ body: quote() });
    const legacy = await h.client.swap.quote({ ...q, asLegacyTransaction: true });
    await assert.rejects(
      h.client.swap.swap({ userPublicKey: USER, quoteResponse: legacy, asLegacyTransaction: false }),
      (e: unknown) => e instanceof RequestRuleError && e.field === 'asLegacyTransaction',
    );
  });
});

describe('base58 addresses', () => {
  test('decodes the all-zero key and well-known program ids to 32 bytes', () => {
    assert.deepEqual(decodeBase58('11111111111111111111111111111111'), new Uint8Array(32));
    assert.ok(isAddress('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'));
    assert.ok(isAddress(SOL));
    assert.ok(isAddress(USDC));
  });

  test('agrees with an independent base58 codec on random keys', () => {
    const enc = getBase58Encoder();
    const dec = getBase58Decoder();
    for (let i = 0; i < 200; i++) {
      const bytes = new Uint8Array(32).map(() => Math.floor(Math.random() * 256));
      if (i % 10 === 0) bytes.fill(0, 0, i % 7); // leading zero bytes
      const text = dec.decode(bytes);
      assert.equal(encodeBase58(bytes), text);
      assert.deepEqual(decodeBase58(text), new Uint8Array(enc.encode(text)));
      assert.ok(isAddress(text));
    }
  });

  test('refuses characters outside the alphabet and wrong lengths', () => {
    for (const bad of [
      '0OIl' + USER.slice(4),
      USER + '1',
      SHORT_ADDRESS,
      '',
      'So1111111111111111111111111111111111111111211',
    ]) {
      assert.equal(isAddress(bad), false, bad);
    }
    assert.equal(decodeBase58('abc0'), null);
  });
});
