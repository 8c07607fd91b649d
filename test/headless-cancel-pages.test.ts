// `tradedeck cancel KEY` finds an open order past the first page of the listing (the service pages
// at 10): with 12 open limit orders, the 11th is found by its key and the 12th by a start of its key,
// each cancelled exactly once, through the built program against a simulator this test holds.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startSignerRig, type SignerRig } from './support/cli.js';
import { NATIVE_MINT, USDC_MINT } from '../src/api/types.js';
import { loadKeypairFile } from '../src/wallet/keypair.js';
import { signTransaction } from '../src/wallet/sign.js';

let rig: SignerRig;

before(async () => {
  rig = await startSignerRig(17, 'td-cancel-pages-');
});
after(() => rig.close());

async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const r = await fetch(rig.sim.url + path, { method, headers: { 'x-api-key': 'test-key', 'content-type': 'application/json' }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  assert.equal(r.status, 200, `${method} ${path}: HTTP ${r.status}`);
  return (await r.json()) as T;
}

const listing = (page: number) => call<{ orders: Array<{ orderKey: string }>; totalPages: number }>('GET', `/trigger/v1/getTriggerOrders?user=${rig.address}&orderStatus=active&page=${page}`);

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
    const e = await call<{ status: string }>('POST', '/trigger/v1/execute', { requestId: c.requestId, signedTransaction: signed.signedBase64 });
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
  const cancels = () => rig.sim.requests().filter((r) => r.path === '/trigger/v1/cancelOrder').map((r) => (r.body as { order: string }).order);

  const r = await rig.run('cancel', eleventh, '--yes', '--json');
  assert.equal(r.code, 0, r.err);
  assert.equal((JSON.parse(r.out) as { status: string }).status, 'success');
  assert.deepEqual(cancels(), [eleventh], 'the 11th order, and only it, was cancelled');
  const pagesAsked = rig.sim.requests().filter((q) => q.path === '/trigger/v1/getTriggerOrders').map((q) => q.query?.page);
  assert.ok(pagesAsked.includes('2'), `page 2 was asked (pages: ${pagesAsked.join(',')})`);

  // a start of a key is matched against every page: the 12th's first 10 characters find it alone
  const byStart = await rig.run('cancel', twelfth.slice(0, 10), '--yes', '--json');
  assert.equal(byStart.code, 0, byStart.err);
  assert.deepEqual(cancels(), [eleventh, twelfth]);
  const left = [...(await listing(1)).orders, ...(await listing(2)).orders].map((o) => o.orderKey);
  assert.equal(left.length, 10);
  assert.ok(!left.includes(eleventh) && !left.includes(twelfth));
});
