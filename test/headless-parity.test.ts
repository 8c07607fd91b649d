// What the dashboard reaches, run as a script would (dist/cli.js, argv in, stdout/stderr/exit code
// out) against a simulator this test holds: `portfolio --platforms`, `orders --mint
// --include-failed` with legacy price-based orders listed as legacy, and `withdraw` on a legacy
// order. The simulator's request log shows what was sent; bad options are refused before it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startSignerRig, type Run, type SignerRig } from './support/cli.js';
import type { SimHandle } from '../src/sim/index.js';
import { createApiClient } from '../src/api/index.js';
import { loadKeypairFile } from '../src/wallet/keypair.js';
import { signTransaction } from '../src/wallet/sign.js';
import { nth } from './support/narrow.js';
import { NATIVE_MINT as SOL, USDC_MINT as USDC } from '../src/chain/mints.js';

let rig: SignerRig;
let sim: SimHandle;
let legacyKey: string;

/** A legacy price-based order of the rig's wallet (USDC into SOL), opened through the service as the dashboard once did. */
async function openLegacyOrder(): Promise<string> {
  const api = createApiClient({ baseUrl: sim.url, apiKey: 'test-key', timeoutMs: 60_000 });
  const wallet = await loadKeypairFile(rig.keyPath);
  const created = await api.recurring.create({
    user: rig.address,
    inputMint: USDC,
    outputMint: SOL,
    params: { price: { depositAmount: '200000000', incrementUsdcValue: '50000000', interval: 86_400 } },
  });
  const opened = await api.recurring.execute({
    requestId: created.requestId,
    signedTransaction: (await signTransaction(created.transaction, wallet)).signedBase64,
  });
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
  const platforms = new Set(
    r.out
      .split('\n')
      .slice(2)
      .map((l) => l.split(/\s{2,}/)[1])
      .filter((p) => p && !/^USD/.test(p)),
  );
  assert.deepEqual([...platforms].sort(), ['drift', 'kamino'], r.out);
  const json = JSON.parse((await run('portfolio', '--platforms', 'kamino', '--json')).out) as {
    elements: Array<{ platformId: string }>;
  };
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
  assert.ok(
    all.out.split('\n').some((l) => l.startsWith(legacyKey.slice(0, 8)) && /legacy Open/.test(l)),
    all.out,
  );
  assert.equal(sent('/recurring/v1/getRecurringOrders').at(-1)!.query.recurringType, 'all');

  const bySymbol = await run('orders', '--mint', 'SOL', '--include-failed', '--json');
  assert.equal(bySymbol.code, 0, bySymbol.err);
  const doc = JSON.parse(bySymbol.out) as {
    mint: string;
    includeFailedTx: boolean;
    legacy: Array<{ orderKey: string }>;
    trigger: unknown[];
  };
  assert.equal(doc.mint, SOL);
  assert.equal(doc.includeFailedTx, true);
  assert.deepEqual(
    doc.legacy.map((o) => o.orderKey),
    [legacyKey],
  );
  const rec = sent('/recurring/v1/getRecurringOrders').at(-1)!.query;
  assert.equal(rec.mint, SOL);
  assert.equal(rec.includeFailedTx, 'true');
  const trig = sent('/trigger/v1/getTriggerOrders')
    .slice(-2)
    .map((e) => e.query);
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
  assert.deepEqual(sent('/recurring/v1/priceWithdraw').at(-1)!.body, {
    inputOrOutput: 'In',
    order: legacyKey,
    user: rig.address,
    amount: '25000000',
  });
  assert.equal(executes(), e0 + 1);

  // a DCA (time) order has no withdraw
  const notLegacy = await run('withdraw', 'NoSuchOrderKey111', 'out', '--yes');
  assert.equal(notLegacy.code, 2);
  assert.match(notLegacy.err, /no order with key NoSuchOrderKey111/);
});

// ---------- quote and swap: the route controls of GET /swap/v1/quote ----------

const lastQuery = (path: string) => sent(path).at(-1)!.query;

test('quote route options reach GET /swap/v1/quote as the contract names them, and the service honours them; the table shows the fees', async () => {
  const r = await run(
    'quote',
    '1',
    'SOL',
    'USDC',
    '--dexes',
    'Whirlpool,Raydium CLMM',
    '--only-direct-routes',
    '--restrict-intermediate-tokens',
    'false',
    '--max-accounts',
    '30',
    '--platform-fee-bps',
    '20',
    '--table',
  );
  assert.equal(r.code, 0, r.err);
  const q = lastQuery('/swap/v1/quote');
  assert.equal(q.dexes, 'Whirlpool,Raydium CLMM');
  assert.equal(q.onlyDirectRoutes, 'true');
  assert.equal(q.restrictIntermediateTokens, 'false');
  assert.equal(q.maxAccounts, '30');
  assert.equal(q.platformFeeBps, '20');
  assert.match(r.out, /^quoted by {5}swap group \(GET \/swap\/v1\/quote\)/);
  assert.match(r.out, /\nplatform fee {2}\d+ base units \(token not named\), 20 bps\n/);
  const steps = nth(r.out.split('route:\n'), 1).trim().split('\n');
  assert.ok(steps.length >= 1 && steps.every((l) => /\s(Whirlpool|Raydium CLMM)\s/.test(l)), r.out);
  // direct routes only: every step goes from SOL straight to USDC
  assert.ok(
    steps.every((l) => /\sSOL -> USDC$/.test(l)),
    r.out,
  );

  // the order route (the default): excludeDexes is one of its parameters; its network fees in SOL
  const o = await run('quote', '1', 'SOL', 'USDC', '--exclude-dexes', 'Phoenix', '--json');
  assert.equal(o.code, 0, o.err);
  assert.equal(lastQuery('/swap/v2/order').excludeDexes, 'Phoenix');
  const order = JSON.parse(o.out) as { routePlan: Array<{ swapInfo: { label: string } }> };
  assert.ok(order.routePlan.every((s) => s.swapInfo.label !== 'Phoenix'));
  const table = await run('quote', '1', 'SOL', 'USDC', '--table');
  assert.match(table.out, /\nsignature fee 0\.000005 SOL\n/);
  assert.match(table.out, /\npriority fee {2}[\d.]+ SOL\n/);
  // the service may leave out the fee's amount: then only its bps
  assert.match(table.out, /\nplatform fee {2}([\d.]+ USDC, )?\d+ bps\n/);
});

test('quote and swap refuse bad route options in one line before any quote is asked (exit 2)', async () => {
  const asked = () => sent('/swap/v1/quote').length + sent('/ultra/v1/order').length + sent('/swap/v2/order').length;
  const before = asked();
  for (const [args, message] of [
    [['--dexes', ','], /--dexes: item 1 is empty/],
    [['--dexes', ' '], /--dexes: give DEX labels separated by commas/],
    [['--dexes', 'Whirlpool,Whirlpool'], /--dexes: "Whirlpool" is given twice/],
    [['--dexes', 'Raydium', '--exclude-dexes', 'Raydium'], /--exclude-dexes: Raydium is also in --dexes/],
    [['--max-accounts', '0'], /--max-accounts: must be from 1 to 256 \(got 0\)/],
    [['--max-accounts', '1e3'], /--max-accounts: must be a whole number from 1 to 256 \(got "1e3"\)/],
    [['--platform-fee-bps', '-1'], /--platform-fee-bps: must be a whole number from 0 to 10000 \(got "-1"\)/],
    [['--platform-fee-bps', '10001'], /--platform-fee-bps: must be from 0 to 10000/],
    [['--restrict-intermediate-tokens', 'yes'], /--restrict-intermediate-tokens: true or false \(got "yes"\)/],
    [['--only-direct-routes', '--route', 'order'], /--route order: .*direct routes only needs --route swap/],
  ] as const) {
    for (const command of ['quote', 'swap']) {
      const r = await run(command, '1', 'SOL', 'USDC', ...args, command === 'swap' ? '--yes' : '--json');
      assert.equal(r.code, 2, `${command} ${args.join(' ')}: ${r.err}`);
      assert.match(r.err, message);
      assert.equal(r.err.trim().split('\n').length, 1, r.err);
    }
  }
  const fee = await run('swap', '1', 'SOL', 'USDC', '--platform-fee-bps', '20', '--yes');
  assert.equal(fee.code, 2);
  assert.match(fee.err, /--platform-fee-bps: give --fee-account too/);
  assert.equal(asked(), before);
});

test('swap --dexes takes the swap route with the same quote options and executes once', async () => {
  // the swap group's current generation builds it: GET /swap/v2/build, with the same route controls
  const builds = sent('/swap/v2/build').length;
  const r = await run('swap', '0.1', 'SOL', 'USDC', '--dexes', 'Whirlpool', '--max-accounts', '40', '--yes', '--json');
  assert.equal(r.code, 0, r.err);
  const out = JSON.parse(r.out) as { status: string; route: string };
  assert.equal(out.status, 'success');
  assert.equal(out.route, 'swap');
  const q = lastQuery('/swap/v2/build');
  assert.equal(q.dexes, 'Whirlpool');
  assert.equal(q.maxAccounts, '40');
  assert.equal(sent('/swap/v2/build').length, builds + 1);
  // the route it built (read back from the simulator's answer of the same request)
  const again = await fetch(`${sim.url}/swap/v2/build?${new URLSearchParams(q as Record<string, string>)}`, {
    headers: { 'x-api-key': 'test-key' },
  });
  const plan = ((await again.json()) as { routePlan: Array<{ swapInfo: { label: string } }> }).routePlan;
  assert.ok(plan.length > 0 && plan.every((s) => s.swapInfo.label === 'Whirlpool'));
});
