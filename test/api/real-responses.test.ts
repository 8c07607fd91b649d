// Recorded-response suite: bodies in the shapes the contract documents and the real service
// sends (test/fixtures/real/*.json: optional fields left out, nulls, extra fields, the other
// platformFee shape, execute answers without code), each parsed by the client through HTTP
// (a fetch that answers with the recorded body), then formatted by the headless commands and
// the confirm dialog's order lines, with nothing printed as "undefined" or "NaN".
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApiClient, ResponseShapeError, type ApiClient, type Order } from '../../src/api/index.js';
import { recordedClient } from '../support/recorded.js';
import type { HeadlessServices } from '../../src/commands/print.js';
import type { Config } from '../../src/config/config.js';
import { tokensCommand } from '../../src/commands/tokens.js';
import { quoteCommand } from '../../src/commands/quote.js';
import { ordersCommand, portfolioCommand } from '../../src/commands/account.js';
import { invitesCommand } from '../../src/commands/invites.js';
import { orderSummary, type TokenRef } from '../../src/actions/describe.js';
import { nth } from '../support/narrow.js';
import { NATIVE_MINT as SOL, USDC_MINT as USDC } from '../../src/chain/mints.js';

const DIR = join(import.meta.dirname, '..', 'fixtures', 'real');
const USER = 'CE8jNSNJy1M2fCgCY4P3HWdpvqVTweJeRsNR9oFTEPUn';
const JUP = 'JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN';
const ORDER_ACCOUNT = '7uSrs5nUZ1NCyPE6vXgTX3dQbUmZoU9dbXkm5ZENFWaS';
const TX = Buffer.from('a signed transaction').toString('base64');

const fixture = (name: string): unknown => JSON.parse(readFileSync(join(DIR, name), 'utf8'));

const recorded = recordedClient;

const backendOf = (client: ApiClient): HeadlessServices => ({ mode: 'live', api: client, sim: undefined });
// an empty state directory: the orders command also lists the standing orders kept there (none)
const stateDir = mkdtempSync(join(tmpdir(), 'td-real-'));
process.on('exit', () => rmSync(stateDir, { recursive: true, force: true }));
const config = { mode: 'live', stateDir } as Config;

function printable(text: string, what: string): void {
  assert.ok(!/undefined|NaN|\[object Object\]/.test(text), `${what} printed a missing value:\n${text}`);
}

const TOKEN_FILES = [
  'tokens-search-missing-stats.json',
  'tokens-category-no-tokenprogram.json',
  'tokens-recent-minimal.json',
];

describe('recorded token listings', () => {
  test('search results without stats5m (or other windows) parse; what is there is kept', async () => {
    const { client } = recorded({ 'GET /tokens/v2/': 'tokens-search-missing-stats.json' });
    const tokens = await client.tokens.list({ category: 'toptrending', interval: '5m' });
    assert.equal(tokens.length, 4);
    const bonk = tokens.find((t) => t.symbol === 'Bonk')!;
    assert.equal(bonk.stats5m, undefined);
    assert.equal(typeof bonk.stats24h?.priceChange, 'number');
    const frog = tokens.find((t) => t.symbol === 'FROG')!;
    assert.equal(frog.stats1h, undefined);
    assert.equal(frog.audit?.topHoldersPercentage, undefined);
    assert.equal((tokens[0] as Record<string, unknown>).ctLikes, 812, 'unknown fields are kept');
  });

  test('category, tag and recent listings without tokenProgram parse', async () => {
    for (const file of ['tokens-category-no-tokenprogram.json', 'tokens-recent-minimal.json']) {
      const { client } = recorded({ 'GET /tokens/v2/': file });
      const tokens = await client.tokens.list({ category: 'toptraded', interval: '1h' });
      assert.ok(
        tokens.some((t) => t.tokenProgram === undefined),
        file,
      );
      for (const t of tokens) assert.ok(t.id && t.symbol && typeof t.decimals === 'number', `${file}: ${t.symbol}`);
    }
    const { client } = recorded({ 'GET /tokens/v2/': 'tokens-recent-minimal.json' });
    const frog = nth(await client.tokens.list({ category: 'toptrending', interval: '1h' }), 0);
    assert.equal(frog.stats24h, undefined);
    assert.equal(frog.firstPool?.id, '8sLbNZoA1cfnvMJLPfp98ZLAnFSYCFApfJKMbiXNLwxj');
    assert.equal(frog.twitter, null, 'a nullable field left out reads as null');
  });

  test('the headless tokens command prints every listing with — for what is missing', async () => {
    for (const file of TOKEN_FILES) {
      for (const interval of ['5m', '1h', '6h', '24h']) {
        const { client } = recorded({ 'GET /tokens/v2/': file });
        const out = await tokensCommand(backendOf(client), {
          json: false,
          indent: false,
          category: 'toptraded',
          interval,
        });
        printable(out, `${file} ${interval}`);
        assert.match(out, /FROG/);
      }
    }
    const { client } = recorded({ 'GET /tokens/v2/': 'tokens-search-missing-stats.json' });
    const out = await tokensCommand(backendOf(client), {
      json: false,
      indent: false,
      category: 'toptraded',
      interval: '5m',
    });
    const bonkLine = out.split('\n').find((l) => l.includes('Bonk'))!;
    assert.match(bonkLine, /—/, 'no 5m change or volume for Bonk');
  });
});

describe('recorded swap-group bodies', () => {
  test('quote with a null platformFee and extra fields; swap and swap-instructions', async () => {
    const { client } = recorded({
      'GET /swap/v1/quote': 'quote-platformfee-null.json',
      'POST /swap/v1/swap-instructions': 'swap-instructions.json',
      'POST /swap/v1/swap': 'swap-response.json',
      'GET /swap/v1/program-id-to-label': 'program-id-to-label.json',
    });
    const q = await client.swap.quote({ inputMint: SOL, outputMint: USDC, amount: '1000000000' });
    assert.equal(q.platformFee, null);
    assert.equal((q as Record<string, unknown>).simplerRouteUsed, false);
    const built = await client.swap.swap({ userPublicKey: USER, quoteResponse: q });
    assert.ok(built.swapTransaction.length > 100);
    const ixs = await client.swap.instructions({ userPublicKey: USER, quoteResponse: q });
    assert.equal(ixs.cleanupInstruction, null);
    const labels = await client.swap.programIdToLabel();
    assert.equal(labels.whirLbMiicVdio4qvUfM5KAg6Ct8VwpYzGff3uctyCc, 'Whirlpool');
  });

  test('the headless quote command prints the recorded quote', async () => {
    const { client } = recorded({
      'GET /tokens/v2/': 'tokens-category-no-tokenprogram.json',
      'GET /swap/v1/quote': 'quote-platformfee-null.json',
    });
    const out = await quoteCommand(backendOf(client), ['1', 'SOL', 'USDC'], {
      json: false,
      indent: false,
      route: 'swap',
    });
    printable(out, 'quote');
    assert.match(out, /you pay\s+1 SOL/);
    assert.match(out, /Whirlpool/);
  });

  test('the headless quote command prints the recorded order (the route swap takes by default)', async () => {
    const { client } = recorded({
      'GET /tokens/v2/': 'tokens-category-no-tokenprogram.json',
      'GET /ultra/v1/order': 'order-no-taker.json',
    });
    const out = await quoteCommand(backendOf(client), ['1', 'SOL', 'USDC'], { json: false, indent: false });
    printable(out, 'quote');
    assert.match(out, /quoted by +order group \(GET \/ultra\/v1\/order\)/);
    assert.match(out, /you pay\s+1 SOL/);
  });
});

describe('recorded order-group bodies', () => {
  const input: TokenRef = { mint: SOL, symbol: 'SOL', decimals: 9, usdPrice: 151.2 };
  const output: TokenRef = { mint: USDC, symbol: 'USDC', decimals: 6, usdPrice: 1 };
  const orderFiles = [
    'order-no-platformfee.json',
    'order-platformfee-feemint-no-amount.json',
    'order-rfq-no-signaturefeepayer.json',
    'order-no-taker.json',
    'order-error-gas.json',
  ];

  const orderOf = async (file: string): Promise<Order> => {
    const { client } = recorded({ 'GET /ultra/v1/order': file });
    return client.ultra.order({ inputMint: SOL, outputMint: USDC, amount: '1000000000', taker: USER });
  };

  test('orders without platformFee, with {feeBps, feeMint}, without signatureFeePayer (RFQ), without taker, unbuildable', async () => {
    assert.equal((await orderOf('order-no-platformfee.json')).platformFee, undefined);
    const feeMint = await orderOf('order-platformfee-feemint-no-amount.json');
    assert.deepEqual(feeMint.platformFee, { feeBps: 10, feeMint: USDC });
    const rfq = await orderOf('order-rfq-no-signaturefeepayer.json');
    assert.equal(rfq.signatureFeePayer, undefined);
    assert.equal(rfq.prioritizationFeePayer, null);
    assert.equal(rfq.maker, ORDER_ACCOUNT);
    const keyless = await orderOf('order-no-taker.json');
    assert.equal(keyless.transaction, null);
    const failed = await orderOf('order-error-gas.json');
    assert.equal(failed.transaction, '');
    assert.equal(failed.errorCode, 2);
  });

  test('the confirm dialog lines of each order show — for what the service left out', async () => {
    for (const file of orderFiles) {
      const lines = orderSummary(await orderOf(file), input, output, USER);
      const text = lines.map((l) => `${l.label}: ${l.value}`).join('\n');
      printable(text, file);
      assert.match(text, /You pay: 1 SOL/, file);
    }
    const noFee = orderSummary(await orderOf('order-no-platformfee.json'), input, output, USER).find(
      (l) => l.label === 'Platform fee',
    )!;
    assert.match(noFee.value, /^— \(— bps; total fee 10 bps\)/);
    const feeMint = orderSummary(await orderOf('order-platformfee-feemint-no-amount.json'), input, output, USER).find(
      (l) => l.label === 'Platform fee',
    )!;
    assert.match(feeMint.value, /^— \(10 bps; total fee 10 bps\)/);
    const rfq = orderSummary(await orderOf('order-rfq-no-signaturefeepayer.json'), input, output, USER).find(
      (l) => l.label === 'Network fees',
    )!;
    assert.match(rfq.value, /not charged/, 'no signature fee payer named');
  });

  test('execute answers: just {signature, status}; full; failed with code', async () => {
    const exec = { requestId: 'r-1', signedTransaction: TX };
    let c = recorded({ 'POST /ultra/v1/execute': 'order-execute-signature-status.json' }).client;
    const bare = await c.ultra.execute(exec);
    assert.equal(bare.status, 'Success');
    assert.equal(bare.code, undefined);
    assert.ok(bare.signature);
    c = recorded({ 'POST /ultra/v1/execute': 'order-execute-full.json' }).client;
    assert.equal((await c.ultra.execute(exec)).outputAmountResult, '151180000');
    c = recorded({ 'POST /ultra/v1/execute': 'order-execute-failed-slippage.json' }).client;
    const failed = await c.ultra.execute(exec);
    assert.equal(failed.code, 6001);
  });
});

describe('recorded trigger, recurring, invite, portfolio and studio bodies', () => {
  const exec = { requestId: 'r-1', signedTransaction: TX };

  test('trigger: execute success without code, failure with code, create, cancel-many, a listing with orderStatus open', async () => {
    const { client } = recorded({
      'POST /trigger/v1/execute': 'trigger-execute-success-no-code.json',
      'POST /trigger/v1/createOrder': 'trigger-create.json',
      'POST /trigger/v1/cancelOrders': 'trigger-cancel-many.json',
      'GET /trigger/v1/getTriggerOrders': 'trigger-orders-open.json',
    });
    const ok = await client.trigger.execute(exec);
    assert.equal(ok.status, 'Success');
    assert.equal(ok.code, undefined);
    const failed = await recorded({ 'POST /trigger/v1/execute': 'trigger-execute-failed.json' }).client.trigger.execute(
      exec,
    );
    assert.equal(failed.code, -1005);
    const created = await client.trigger.create({
      inputMint: SOL,
      outputMint: USDC,
      maker: USER,
      payer: USER,
      params: { makingAmount: '2000000000', takingAmount: '320000000' },
    });
    assert.ok(created.order);
    assert.equal((await client.trigger.cancelMany({ maker: USER })).transactions.length, 2);
    const list = await client.trigger.list({ user: USER, orderStatus: 'active' });
    assert.equal(list.orderStatus, 'open');
    assert.deepEqual(
      list.orders.map((o) => o.status),
      ['Open', 'Completed', 'PartiallyCancelled'],
    );
    assert.equal(nth(list.orders, 1).programVersion, undefined);
  });

  test('recurring: a listing with cycleFrequency as text and orders lacking optional amounts; execute without error', async () => {
    const { client } = recorded({
      'GET /recurring/v1/getRecurringOrders': 'recurring-orders-active.json',
      'POST /recurring/v1/execute': 'recurring-execute-no-error.json',
      'POST /recurring/v1/createOrder': 'recurring-create.json',
    });
    const list = await client.recurring.list({
      recurringType: 'time',
      orderStatus: 'active',
      user: USER,
      page: 1,
      includeFailedTx: false,
    });
    assert.equal(nth(list.time, 0).cycleFrequency, '3600');
    assert.equal(nth(list.time, 1).rawMinOutAmount, undefined);
    const done = await client.recurring.execute(exec);
    assert.equal(done.error, undefined);
    const created = await client.recurring.create({
      user: USER,
      inputMint: USDC,
      outputMint: SOL,
      params: { time: { inAmount: '300000000', numberOfOrders: 3, interval: 3600 } },
    });
    assert.ok(created.transaction);
  });

  test('the headless orders command prints both recorded listings', async () => {
    const { client } = recorded({
      'GET /tokens/v2/': 'tokens-category-no-tokenprogram.json',
      'GET /trigger/v1/getTriggerOrders': 'trigger-orders-open.json',
      'GET /recurring/v1/getRecurringOrders': 'recurring-orders-active.json',
    });
    const out = await ordersCommand(backendOf(client), config, [USER], { json: false, indent: false });
    printable(out, 'orders');
    assert.match(out, /limit orders \(active\): 3/);
    assert.match(out, /DCA orders \(active\): 2/);
    assert.match(out, /PartiallyCancel/, 'an unknown status is shown as text');
    assert.match(out, /1h/);
    assert.match(out, /1d/);
  });

  test('invites: confirmed as 0/1, clawback and expired, fields left out; the headless invites command', async () => {
    for (const file of [
      'invites-history-variants.json',
      ...readdirSync(DIR).filter((f) => /invites.*\.json$/.test(f) && f !== 'invites-history-variants.json'),
    ]) {
      const { client } = recorded({ 'GET /send/v1/': file, 'GET /tokens/v2/': 'tokens-search-missing-stats.json' });
      printable(await invitesCommand(backendOf(client), config, [USER], { json: false, indent: false }), file);
    }
    const { client } = recorded({
      'GET /send/v1/': 'invites-history-variants.json',
      'GET /tokens/v2/': 'tokens-search-missing-stats.json',
    });
    const res = await client.send.inviteHistory({ address: USER });
    assert.deepEqual(
      res.invites.map((i) => i.action),
      ['created', 'claimed', 'clawback', 'expired'],
    );
    assert.equal(nth(res.invites, 2).invite_signer, undefined);
    const out = await invitesCommand(backendOf(client), config, [USER], { json: false, indent: false });
    printable(out, 'invites');
    assert.match(out, /invites: 4/);
    assert.match(out, /clawback \(unconfirmed\)/);
    assert.match(out, /received/);
  });

  test('portfolio bodies (no tokenInfo, minimal elements) parse and print in the headless portfolio command', async () => {
    // the Portfolio screen's recorded bodies live beside these (portfolio-*.json); the ones that are positions are read too
    const theirs = readdirSync(DIR).filter(
      (f) => /^portfolio-.*\.json$/.test(f) && 'elements' in (fixture(f) as object),
    );
    const files = ['positions-minimal.json', ...theirs];
    for (const file of files) {
      const { client } = recorded({
        'GET /portfolio/v1/positions/': file,
        'GET /tokens/v2/': 'tokens-category-no-tokenprogram.json',
      });
      const p = await client.portfolio.positions({ address: USER });
      assert.ok(Array.isArray(p.elements), file);
      const out = await portfolioCommand(backendOf(client), config, [USER], { json: false, indent: false });
      printable(out, file);
      assert.match(out, /^total \$[\d,]+\.\d\d$/m, file);
    }
    const { client } = recorded({ 'GET /portfolio/v1/positions/': 'positions-minimal.json' });
    const p = await client.portfolio.positions({ address: USER });
    assert.equal(p.tokenInfo, undefined);
    assert.equal(p.fetcherReports, undefined);
    assert.equal(nth(p.elements, 1).value, null, 'a value the element does not declare is kept as sent');
    const theirsNoTokenInfo = theirs.find((f) => f === 'portfolio-no-tokeninfo.json');
    if (theirsNoTokenInfo) {
      const sent = (fixture(theirsNoTokenInfo) as { elements: unknown[] }).elements;
      const got = await recorded({ 'GET /portfolio/v1/positions/': theirsNoTokenInfo }).client.portfolio.positions({
        address: USER,
      });
      assert.equal(got.tokenInfo, undefined);
      assert.equal(
        got.elements.length,
        sent.filter((e) => typeof e === 'object' && e !== null && !Array.isArray(e)).length,
        'an element that is not an object is left out',
      );
    }
  });

  test('studio transactions', async () => {
    const { client } = recorded({
      'POST /studio/v1/dbc-pool/create-tx': 'studio-pool-create.json',
      'POST /studio/v1/dbc/fee/create-tx': 'studio-fee-claim.json',
    });
    const fee = await client.studio.claimFeeTx({ ownerWallet: USER, poolAddress: ORDER_ACCOUNT, maxQuoteAmount: 1 });
    assert.ok(fee.transaction.length > 100);
  });
});

describe('what stays strict', () => {
  const bodyOf = (file: string, change: (b: Record<string, unknown>) => void) => {
    const b = fixture(file) as Record<string, unknown>;
    change(b);
    return b;
  };
  const serve = (body: unknown): ApiClient =>
    createApiClient({
      baseUrl: 'http://recorded.test',
      retries: 0,
      fetchImpl: (async () => new Response(JSON.stringify(body), { status: 200 })) as typeof fetch,
    });

  test('an order to sign without requestId, with a transaction that is not base-64, or a decimal amount is refused naming the field', async () => {
    const call = (b: unknown) => serve(b).ultra.order({ inputMint: SOL, outputMint: USDC, amount: '1' });
    for (const [change, field] of [
      [(b: Record<string, unknown>) => delete b.requestId, 'requestId'],
      [(b: Record<string, unknown>) => (b.transaction = 'AQID%%%'), 'transaction'],
      [(b: Record<string, unknown>) => (b.outAmount = '151.1'), 'outAmount'],
      [(b: Record<string, unknown>) => (b.inputMint = null), 'inputMint'],
    ] as const) {
      await assert.rejects(call(bodyOf('order-no-platformfee.json', change)), (e: unknown) => {
        assert.ok(e instanceof ResponseShapeError, String(e));
        assert.equal(e.field, field);
        assert.match(e.message, /^GET \/ultra\/v1\/order: /);
        return true;
      });
    }
  });

  test('a token without id or decimals, and a listing order without its key, are refused', async () => {
    const tokens = fixture('tokens-recent-minimal.json') as Array<Record<string, unknown>>;
    delete nth(tokens, 1).decimals;
    await assert.rejects(
      serve(tokens).tokens.list({ category: 'toptraded', interval: '1h' }),
      (e: unknown) => e instanceof ResponseShapeError && e.field === '[1].decimals',
    );
    const listing = bodyOf(
      'trigger-orders-open.json',
      (b) => delete nth(b.orders as Array<Record<string, unknown>>, 0).orderKey,
    );
    await assert.rejects(
      serve(listing).trigger.list({ user: USER, orderStatus: 'active' }),
      (e: unknown) => e instanceof ResponseShapeError && e.field === 'orders[0].orderKey',
    );
    const jupToken = nth(fixture('tokens-search-missing-stats.json') as Array<{ id: string }>, 0);
    assert.equal(jupToken.id, JUP);
  });
});
