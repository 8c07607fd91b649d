// What the dashboard reaches, run as a script would (dist/cli.js, argv in, stdout/stderr/exit code
// out) against a simulator this test holds: `portfolio --platforms`, `orders --mint
// --include-failed` with legacy price-based orders listed as legacy, and `withdraw` on a legacy
// order. The simulator's request log shows what was sent; bad options are refused before it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startSignerRig, type Run, type SignerRig } from './helpers/cli.js';
import type { SimHandle } from '../src/sim/index.js';
import { createApiClient } from '../src/api/index.js';
import { loadKeypairFile } from '../src/wallet/keypair.js';
import { signTransaction } from '../src/wallet/sign.js';

const SOL = 'So11111111111111111111111111111111111111112';
const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';

let rig: SignerRig;
let sim: SimHandle;
let legacyKey: string;

/** A legacy price-based order of the rig's wallet (USDC into SOL), opened through the service as the dashboard once did. */
async function openLegacyOrder(): Promise<string> {
  const api = createApiClient({ baseUrl: sim.url, apiKey: 'test-key', timeoutMs: 5000 });
  const wallet = await loadKeypairFile(rig.keyPath);
  const created = await api.recurring.create({ user: rig.address, inputMint: USDC, outputMint: SOL, params: { price: { depositAmount: '200000000', incrementUsdcValue: '50000000', interval: 86_400 } } });
  const opened = await api.recurring.execute({ requestId: created.requestId, signedTransaction: (await signTransaction(created.transaction, wallet)).signedBase64 });
  assert.equal(opened.status, 'Success', opened.error ?? '');
  return opened.order!;
}

before(async () => {
  rig = await startSignerRig(29, 'td-headless-parity-');
  sim = rig.sim;
  legacyKey = await openLegacyOrder();
});
after(() => rig.close());

const run = (...args: string[]): Promise<Run> => rig.run(...args);
const sent = (path: string) => sim.requests().filter((r) => r.path === path || r.path.startsWith(`${path}/`));

test('portfolio --platforms sends the ids as the platforms filter and shows only those platforms', async () => {
  const r = await run('portfolio', '--platforms', 'kamino,drift', '--table');
  assert.equal(r.code, 0, r.err);
  assert.equal(sent('/portfolio/v1/positions').at(-1)!.query.platforms, 'kamino,drift');
  const platforms = new Set(r.out.split('\n').slice(2).map((l) => l.split(/\s{2,}/)[1]).filter((p) => p && !/^USD/.test(p)));
  assert.deepEqual([...platforms].sort(), ['drift', 'kamino'], r.out);
  const json = JSON.parse((await run('portfolio', '--platforms', 'kamino', '--json')).out) as { elements: Array<{ platformId: string }> };
  assert.ok(json.elements.length > 0 && json.elements.every((e) => e.platformId === 'kamino'));
});

test('portfolio --platforms refuses empty, malformed and repeated ids before any request (exit 2)', async () => {
  const before = sent('/portfolio/v1/positions').length;
  for (const [value, message] of [
    ['', /--platforms: give platform ids separated by commas/],
    ['kamino,,drift', /--platforms: item 2 is empty/],
    ['Kamino', /--platforms: "Kamino" is not a platform id/],
    ['kamino drift', /"kamino drift" is not a platform id/],
    ['kamino,kamino', /"kamino" is given twice/],
  ] as const) {
    const r = await run('portfolio', `--platforms=${value}`);
    assert.equal(r.code, 2, `${value}: ${r.err}`);
    assert.match(r.err, message);
    assert.equal(r.err.trim().split('\n').length, 1, r.err);
    assert.equal(r.out, '');
  }
  assert.equal(sent('/portfolio/v1/positions').length, before);
});

test('orders lists legacy price-based orders as legacy; --mint and --include-failed reach both listings as the contract names them', async () => {
  const all = await run('orders', '--dca', '--table');
  assert.equal(all.code, 0, all.err);
  assert.match(all.out, /legacy price-based DCA orders \(active\): 1/);
  assert.ok(all.out.split('\n').some((l) => l.startsWith(legacyKey) && /legacy Open/.test(l)), all.out);
  assert.equal(sent('/recurring/v1/getRecurringOrders').at(-1)!.query.recurringType, 'all');

  const bySymbol = await run('orders', '--mint', 'SOL', '--include-failed', '--json');
  assert.equal(bySymbol.code, 0, bySymbol.err);
  const doc = JSON.parse(bySymbol.out) as { mint: string; includeFailedTx: boolean; legacy: Array<{ orderKey: string }>; trigger: unknown[] };
  assert.equal(doc.mint, SOL);
  assert.equal(doc.includeFailedTx, true);
  assert.deepEqual(doc.legacy.map((o) => o.orderKey), [legacyKey]);
  const rec = sent('/recurring/v1/getRecurringOrders').at(-1)!.query;
  assert.equal(rec.mint, SOL);
  assert.equal(rec.includeFailedTx, 'true');
  const trig = sent('/trigger/v1/getTriggerOrders').slice(-2).map((e) => e.query);
  assert.deepEqual(trig.map((q) => q.inputMint ?? q.outputMint).sort(), [SOL, SOL]);
  assert.deepEqual(trig.map((q) => (q.inputMint ? 'in' : 'out')).sort(), ['in', 'out']);
  assert.ok(trig.every((q) => q.includeFailedTx === 'true'));

  // a mint the order does not touch: the service filters it out
  const other = await run('orders', '--dca', '--mint', 'JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN', '--json');
  assert.equal(other.code, 0, other.err);
  assert.deepEqual((JSON.parse(other.out) as { legacy: unknown[] }).legacy, []);
});

test('orders --mint refuses an unknown symbol and an empty value before the listing is asked (exit 2)', async () => {
  const before = sent('/recurring/v1/getRecurringOrders').length + sent('/trigger/v1/getTriggerOrders').length;
  const unknown = await run('orders', '--mint', 'NOSUCHTOKENXYZ');
  assert.equal(unknown.code, 2);
  assert.match(unknown.err, /^tradedeck orders: --mint /);
  const empty = await run('orders', '--mint=');
  assert.equal(empty.code, 2);
  assert.match(empty.err, /--mint: give a token symbol or mint address/);
  assert.equal(sent('/recurring/v1/getRecurringOrders').length + sent('/trigger/v1/getTriggerOrders').length, before);
});

test('withdraw: no --yes and no terminal sends nothing; bad words are named; --yes withdraws the amount once through the recurring execute', async () => {
  const withdraws = () => sent('/recurring/v1/priceWithdraw').length;
  const executes = () => sent('/recurring/v1/execute').length;
  const w0 = withdraws();

  const unasked = await run('withdraw', legacyKey, 'in', '25');
  assert.equal(unasked.code, 2);
  assert.match(unasked.err, /refusing to sign: there is no terminal to ask for confirmation; pass --yes/);

  const side = await run('withdraw', legacyKey, 'sideways', '--yes');
  assert.equal(side.code, 2);
  assert.match(side.err, /"sideways": say in \(the deposit left\) or out \(what it bought\)/);
  for (const bad of ['-5', '1,5', '0', '2e3']) {
    const r = await run('withdraw', legacyKey, 'in', bad, '--yes');
    assert.equal(r.code, 2, `${bad}: ${r.err}`);
    assert.match(r.err, /amount/);
  }
  const tooFine = await run('withdraw', legacyKey, 'in', '1.0000001', '--yes');
  assert.equal(tooFine.code, 2);
  assert.match(tooFine.err, /decimal places/);
  assert.equal(withdraws(), w0);

  const e0 = executes();
  const r = await run('withdraw', legacyKey.slice(0, 10), 'in', '25', '--yes', '--json');
  assert.equal(r.code, 0, r.err);
  assert.match(r.err, /Withdraw from legacy order/);
  assert.match(r.err, /the unused input: 25 USDC/);
  assert.equal((JSON.parse(r.out) as { status: string }).status, 'success');
  assert.equal(withdraws(), w0 + 1);
  assert.deepEqual(sent('/recurring/v1/priceWithdraw').at(-1)!.body, { inputOrOutput: 'In', order: legacyKey, user: rig.address, amount: '25000000' });
  assert.equal(executes(), e0 + 1);

  // a DCA (time) order has no withdraw
  const notLegacy = await run('withdraw', 'NoSuchOrderKey111', 'out', '--yes');
  assert.equal(notLegacy.code, 2);
  assert.match(notLegacy.err, /no order with key NoSuchOrderKey111/);
});
