// `tradedeck cancel KEY` finds an open order past the first page of the listing (the service pages
// at 10): with 12 open limit orders, the 11th is found by its key and the 12th by a start of its key,
// each cancelled exactly once, through the built program against a simulator this test holds.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startSignerRig, type SignerRig } from './support/cli.js';
import { NATIVE_MINT, USDC_MINT } from '../src/chain/mints.js';
import { loadKeypairFile } from '../src/wallet/keypair.js';
import { signTransaction } from '../src/wallet/sign.js';

let rig: SignerRig;

before(async () => {
  rig = await startSignerRig(17, 'td-cancel-pages-');
});
after(() => rig.close());

async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const r = await fetch(rig.sim.url + path, {
    method,
    headers: { 'x-api-key': 'test-key', 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  assert.equal(r.status, 200, `${method} ${path}: HTTP ${r.status}`);
  return (await r.json()) as T;
}

const listing = (page: number) =>
  call<{ orders: Array<{ orderKey: string }>; totalPages: number }>(
    'GET',
    `/trigger/v1/getTriggerOrders?user=${rig.address}&orderStatus=active&page=${page}`,
  );

/** Places `n` limit orders selling 0.1 SOL each above the market, through the API with the rig's key. */
async function placeOrders(n: number): Promise<void> {
  const wallet = await loadKeypairFile(rig.keyPath);
  for (let i = 0; i < n; i++) {
    const c = await call<{ requestId: string; transaction: string }>('POST', '/trigger/v1/createOrder', {
      inputMint: NATIVE_MINT,
      outputMint: USDC_MINT,
      maker: rig.address,
      payer: rig.address,
      params: { makingAmount: '100000000', takingAmount: String(20_000_000 + i * 100_000) },
    });
    const signed = await signTransaction(c.transaction, wallet);
    const e = await call<{ status: string }>('POST', '/trigger/v1/execute', {
      requestId: c.requestId,
      signedTransaction: signed.signedBase64,
    });
    assert.equal(e.status, 'Success');
  }
}

test('cancel finds the 11th and the 12th open order (page 2) and cancels each once', async () => {
  await placeOrders(12);
  const first = await listing(1);
  const second = await listing(2);
  assert.equal(first.orders.length, 10);
  assert.equal(first.totalPages, 2);
  const [eleventh, twelfth] = second.orders.map((o) => o.orderKey);
  assert.ok(eleventh && twelfth, 'two orders on page 2');
  const cancels = () =>
    rig.sim
      .requests()
      .filter((r) => r.path === '/trigger/v1/cancelOrder')
      .map((r) => (r.body as { order: string }).order);

  const r = await rig.run('cancel', eleventh, '--yes', '--json');
  assert.equal(r.code, 0, r.err);
  assert.equal((JSON.parse(r.out) as { status: string }).status, 'success');
  assert.deepEqual(cancels(), [eleventh], 'the 11th order, and only it, was cancelled');
  const pagesAsked = rig.sim
    .requests()
    .filter((q) => q.path === '/trigger/v1/getTriggerOrders')
    .map((q) => q.query?.page);
  assert.ok(pagesAsked.includes('2'), `page 2 was asked (pages: ${pagesAsked.join(',')})`);

  // a start of a key is matched against every page: the 12th's first 10 characters find it alone
  const byStart = await rig.run('cancel', twelfth.slice(0, 10), '--yes', '--json');
  assert.equal(byStart.code, 0, byStart.err);
  assert.deepEqual(cancels(), [eleventh, twelfth]);
  const left = [...(await listing(1)).orders, ...(await listing(2)).orders].map((o) => o.orderKey);
  assert.equal(left.length, 10);
  assert.ok(!left.includes(eleventh) && !left.includes(twelfth));
});

test('cancel K1 … K7 cu 5000 cancels them five to a transaction, the subsets and the fee as received; a bad cu sends nothing; limit takes wrap off and fee-account; dca start 2h; cancel-all cu 3000', async () => {
  const open = [...(await listing(1)).orders, ...(await listing(2)).orders].map((o) => o.orderKey);
  assert.ok(open.length >= 8, `orders left by the test before (${open.length})`);
  const many = () =>
    rig.sim
      .requests()
      .filter((r) => r.path === '/trigger/v1/cancelOrders')
      .map((r) => r.body);
  const chosen = open.slice(0, 7);

  const requests = rig.sim.requests().length;
  const bad = await rig.run('cancel', ...chosen.slice(0, 2), 'cu', '-3', '--yes');
  assert.equal(bad.code, 2);
  assert.match(
    bad.err,
    /cu: "-3" is not auto or a whole number of microlamports per compute unit \(usage: tradedeck cancel ORDER \[ORDER \.\.\.\] \[cu auto\|N\]/,
  );
  assert.equal(rig.sim.requests().length, requests, 'nothing was asked or sent');

  const r = await rig.run('cancel', ...chosen, 'cu', '5000', '--yes', '--json');
  assert.equal(r.code, 0, r.err);
  const out = JSON.parse(r.out) as { status: string; title: string; batches: Array<{ status: string }> };
  assert.equal(out.status, 'success');
  assert.equal(out.title, 'Cancel 7 limit orders: 2 of 2 transactions done');
  assert.deepEqual(
    out.batches.map((b) => b.status),
    ['success', 'success'],
  );
  assert.deepEqual(many(), [
    { maker: rig.address, orders: chosen.slice(0, 5), computeUnitPrice: '5000' },
    { maker: rig.address, orders: chosen.slice(5), computeUnitPrice: '5000' },
  ]);

  const fee = 'FeeAcct111111111111111111111111111111111111';
  const placed = await rig.run(
    'limit',
    '0.1',
    'SOL',
    '20',
    'USDC',
    'wrap',
    'off',
    'fee-account',
    fee,
    '--yes',
    '--json',
  );
  assert.equal(placed.code, 0, placed.err);
  const create = rig.sim
    .requests()
    .filter((q) => q.path === '/trigger/v1/createOrder')
    .at(-1)!.body as { wrapAndUnwrapSol?: boolean; feeAccount?: string };
  assert.equal(create.wrapAndUnwrapSol, false);
  assert.equal(create.feeAccount, fee);

  const dca = await rig.run('dca', '300', 'USDC', 'SOL', '3', '1h', 'start', '2h', '--yes', '--json');
  assert.equal(dca.code, 0, dca.err);
  const made = rig.sim
    .requests()
    .filter((q) => q.path === '/recurring/v1/createOrder')
    .at(-1)!.body as { params: { time: { startAt?: number; interval: number } } };
  assert.equal(made.params.time.interval, 3600);
  assert.ok(
    typeof made.params.time.startAt === 'number' && made.params.time.startAt > Date.now() / 1000 + 7000,
    JSON.stringify(made),
  );

  const all = await rig.run('cancel-all', 'cu', '3000', '--yes', '--json');
  assert.equal(all.code, 0, all.err);
  assert.deepEqual(many().at(-1), { maker: rig.address, computeUnitPrice: '3000' });
  assert.equal((await listing(1)).orders.length, 0);
});
