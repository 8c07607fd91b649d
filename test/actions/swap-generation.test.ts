// The service's two generations of swap routes, against the simulator over HTTP: the current one
// (GET /swap/v2/order + POST /swap/v2/execute, GET /swap/v2/build) where it is served, the first
// (/ultra/v1, /swap/v1) where it is not or where apiVersion says so; what was found kept per
// service; the current generation's options (a priority fee and a Jito tip typed in SOL,
// broadcastFeeType) from the form to the request, the dialog and the wallet's balance.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiError } from '../../src/api/errors.js';
import { NATIVE_MINT, USDC_MINT } from '../../src/chain/mints.js';
import { executeSwapForm, fetchInstructions } from '../../src/actions/swapFlow.js';
import { checkForm } from '../../src/actions/swapRequest.js';
import { orderOnRoute } from '../../src/actions/swapRoute.js';
import { createGenerationState, GENERATION_FILE, notServed } from '../../src/config/generation.js';
import { startSim } from '../../src/sim/index.js';
import type { ConfirmView } from '../../src/store/confirm.js';
import { EMPTY_FORM } from '../../src/store/swap.js';
import { WELL_KNOWN_TOKENS } from '../../src/rpc/mintFacts.js';
import { answerNext, received, submissions, world, type World } from '../support/actions.js';
import { testServices } from '../support/services.js';
import { createSwapStore } from '../../src/store/swap.js';
import { nth, valueAt } from '../support/narrow.js';

const FORM = { input: 'SOL', output: 'USDC', amount: '0.1' };

async function nextView(w: Pick<World, 'services'>): Promise<ConfirmView> {
  for (let i = 0; i < 2000; i++) {
    const head = w.services.confirm.getState().queue[0];
    if (head) return head.view;
    if (w.services.swap.getState().outcome) break;
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error(`no confirmation was asked for (${w.services.swap.getState().outcome?.error ?? 'no outcome'})`);
}

test('demo: s swaps through GET /swap/v2/order + POST /swap/v2/execute; the journal records the generation', async (t) => {
  const w = await world(t, { form: FORM });
  const run = executeSwapForm(w.services, w.services.swap, 'order');
  const view = await nextView(w);
  assert.equal(view.title, 'Swap 0.1 SOL for USDC (order, /swap/v2)');
  await answerNext(w.services, true);
  const r = await run;
  assert.equal(r?.status, 'success', r?.error);
  assert.equal(received(w.sim, '/swap/v2/order').filter((x) => x.query.taker !== undefined).length, 1);
  assert.equal(received(w.sim, '/swap/v2/execute').length, 1);
  assert.equal(received(w.sim, '/ultra/v1/order').length + received(w.sim, '/ultra/v1/execute').length, 0);
  const entry = nth(await w.services.journal!.entries(), 0);
  assert.equal(entry.group, 'swapV2');
  assert.equal(entry.summary.route, 'GET /swap/v2/order + POST /swap/v2/execute');
  assert.equal(w.services.swap.getState().outcome!.route, 'GET /swap/v2/order + POST /swap/v2/execute');
  assert.equal(w.services.swap.getState().outcome!.found, undefined);
});

test('demo against a simulator serving only the first generation: the swap falls back to /ultra/v1 with no error, said once', async (t) => {
  const w = await world(t, { form: FORM, config: { demoOnlyV1: true } });
  const run = executeSwapForm(w.services, w.services.swap, 'order');
  const view = await nextView(w);
  assert.equal(view.title, 'Swap 0.1 SOL for USDC (order, /ultra/v1)');
  assert.ok(
    view.warnings.includes(
      'the simulator does not serve /swap/v2 (HTTP 404): through /ultra/v1 instead, and kept for the simulator',
    ),
    view.warnings.join('\n'),
  );
  await answerNext(w.services, true);
  const r = await run;
  assert.equal(r?.status, 'success', r?.error);
  assert.equal(received(w.sim, '/swap/v2/order').length, 1, 'asked once, answered 404');
  assert.equal(received(w.sim, '/ultra/v1/execute').length, 1);
  assert.match(w.services.swap.getState().outcome!.found!, /does not serve \/swap\/v2/);
  const entry = nth(await w.services.journal!.entries(), 0);
  assert.equal(entry.group, 'ultra');
  assert.equal(w.services.generation.current(), 'v1');
  // the next swap goes straight to /ultra/v1 and says nothing more of it
  w.services.swap.getState().setOutcome(undefined);
  const again = executeSwapForm(w.services, w.services.swap, 'order');
  const second = await nextView(w);
  assert.equal(second.title, 'Swap 0.1 SOL for USDC (order, /ultra/v1)');
  assert.equal(
    second.warnings.some((x) => /does not serve/.test(x)),
    false,
  );
  await answerNext(w.services, true);
  assert.equal((await again)?.status, 'success');
  assert.equal(received(w.sim, '/swap/v2/order').length, 1, 'not asked again');
  assert.equal(w.services.swap.getState().outcome!.found, undefined);
  // b falls back as well: POST /swap/v1/swap, said in its route
  w.services.swap.getState().setOutcome(undefined);
  const b = executeSwapForm(w.services, w.services.swap, 'swap');
  const built = await nextView(w);
  assert.match(built.title, /\(build \+ RPC send, \/swap\/v1\)/);
  await answerNext(w.services, false);
  await b;
  assert.equal(received(w.sim, '/swap/v2/build').length, 0);
});

test('apiVersion v1 forces the first generation: nothing asks /swap/v2', async (t) => {
  const w = await world(t, { form: FORM, config: { apiVersion: 'v1' } });
  const run = executeSwapForm(w.services, w.services.swap, 'order');
  assert.equal((await nextView(w)).title, 'Swap 0.1 SOL for USDC (order, /ultra/v1)');
  await answerNext(w.services, true);
  assert.equal((await run)?.status, 'success');
  await fetchInstructions(w.services, w.services.swap);
  assert.equal(w.services.swap.getState().instructions?.response.route, 'POST /swap/v1/swap-instructions');
  assert.equal(w.sim.requests().filter((r) => r.path.startsWith('/swap/v2')).length, 0);
  assert.equal(received(w.sim, '/ultra/v1/execute').length, 1);
});

test('apiVersion v2 against a service serving only the first generation: one clear line, nothing signed', async (t) => {
  const w = await world(t, { form: FORM, config: { apiVersion: 'v2', demoOnlyV1: true } });
  const r = await executeSwapForm(w.services, w.services.swap, 'order');
  assert.equal(r?.status, 'refused');
  const o = w.services.swap.getState().outcome!;
  assert.equal(
    o.error,
    'api-version v2: the simulator does not serve GET /swap/v2/order (HTTP 404); nothing was signed (api-version auto falls back to the first generation, v1 uses it)',
  );
  assert.equal(w.services.confirm.getState().queue.length, 0, 'no dialog');
  assert.equal(submissions(w.sim).length, 0);
  assert.deepEqual(await w.services.journal!.entries(), []);
  assert.equal(received(w.sim, '/ultra/v1/order').length, 0, 'the first generation was not used either');
  // b and i as well
  assert.equal((await executeSwapForm(w.services, w.services.swap, 'swap'))?.status, 'refused');
  assert.match(
    w.services.swap.getState().outcome!.error!,
    /^api-version v2: the simulator does not serve GET \/swap\/v2\/build/,
  );
});

test('i: the instructions view asks GET /swap/v2/build and says so; an ExactOut form asks POST /swap/v1/swap-instructions', async (t) => {
  const w = await world(t, { form: { ...FORM, jitoTipLamports: '0.0002' } });
  await fetchInstructions(w.services, w.services.swap);
  const shown = w.services.swap.getState().instructions!.response;
  assert.equal(shown.route, 'GET /swap/v2/build');
  assert.equal(received(w.sim, '/swap/v2/build').at(-1)!.query.tipAmount, '200000');
  assert.equal(shown.otherInstructions.length, 1, 'the tip instruction among the others');
  w.services.swap.getState().setForm({ jitoTipLamports: '', mode: 'ExactOut', amount: '5', output: 'USDC' });
  w.services.swap.getState().setInstructionsOpen(false);
  await fetchInstructions(w.services, w.services.swap);
  assert.equal(w.services.swap.getState().instructions!.response.route, 'POST /swap/v1/swap-instructions');
});

test('a Jito tip typed in SOL reaches GET /swap/v2/order in lamports, is stated in SOL and USD in the dialog, and leaves the wallet', async (t) => {
  const w = await world(t, {
    form: { ...FORM, jitoTipLamports: '0.001', priorityFeeLamports: '0.00005', broadcastFeeType: 'maxCap' },
  });
  const solBefore = w.sim.kernel.ledger.balance(w.wallet.address, NATIVE_MINT);
  const run = executeSwapForm(w.services, w.services.swap, 'order');
  const view = await nextView(w);
  const tip = view.summary.find((l) => l.label === 'Jito tip')!;
  assert.match(tip.value, /^0\.001 SOL ≈ \$0\.15 leaves the wallet \(counted in your balances above\)$/);
  assert.match(
    view.summary.find((l) => l.label === 'Priority fee')!.value,
    /^0\.00005 SOL ≈ <?\$0\.01 asked, at most \(maxCap\)$/,
  );
  // read from the transaction: the tip it sends, and the balance line that counts it
  assert.ok(
    view.facts.some((f) => /^Tip 0\.001 SOL from you to \S+ \(leaves the wallet; counted in your balances\)$/.test(f)),
    view.facts.join('\n'),
  );
  const line = view.summary.find((l) => l.label === 'Your balances')!.value;
  const paid = /^−([\d.]+) SOL/.exec(line)!;
  assert.ok(Number(paid[1]) >= 0.101, `the balances line counts the tip: ${line}`);
  await answerNext(w.services, true);
  assert.equal((await run)?.status, 'success');
  const order = received(w.sim, '/swap/v2/order')
    .filter((x) => x.query.taker !== undefined)
    .at(-1)!.query;
  assert.deepEqual(
    [order.jitoTipLamports, order.priorityFeeLamports, order.broadcastFeeType],
    ['1000000', '50000', 'maxCap'],
  );
  const spent = solBefore - w.sim.kernel.ledger.balance(w.wallet.address, NATIVE_MINT);
  assert.ok(spent >= 100_000_000n + 1_000_000n, `0.1 SOL and the 0.001 SOL tip left the wallet: ${spent}`);
});

test('b with a tip: GET /swap/v2/build with tipAmount, assembled with a compute-unit limit of its own, sent by RPC; the tip leaves the wallet', async (t) => {
  const w = await world(t, { form: { ...FORM, jitoTipLamports: '0.002', buildMode: 'fast' } });
  const solBefore = w.sim.kernel.ledger.balance(w.wallet.address, NATIVE_MINT);
  const usdcBefore = w.sim.kernel.ledger.balance(w.wallet.address, USDC_MINT);
  const run = executeSwapForm(w.services, w.services.swap, 'swap');
  const view = await nextView(w);
  assert.match(view.title, /\(build \+ RPC send, \/swap\/v2\/build\)/);
  assert.match(view.summary.find((l) => l.label === 'Jito tip')!.value, /^0\.002 SOL/);
  assert.match(view.summary.find((l) => l.label === 'Priority fee')!.value, /for 216,000 units/);
  assert.ok(view.facts.some((f) => /^Tip 0\.002 SOL from you to /.test(f)));
  await answerNext(w.services, true);
  const r = await run;
  assert.equal(r?.status, 'success', r?.error);
  const q = received(w.sim, '/swap/v2/build').at(-1)!.query;
  assert.deepEqual([q.tipAmount, q.mode, q.taker], ['2000000', 'fast', w.wallet.address]);
  assert.equal(
    w.sim.requests().filter((x) => x.path === '/rpc' && JSON.stringify(x.body).includes('sendTransaction')).length,
    1,
  );
  assert.ok(solBefore - w.sim.kernel.ledger.balance(w.wallet.address, NATIVE_MINT) >= 102_000_000n);
  assert.ok(w.sim.kernel.ledger.balance(w.wallet.address, USDC_MINT) > usdcBefore);
  const entry = nth(await w.services.journal!.entries(), 0);
  assert.deepEqual([entry.group, entry.summary.route], ['swap', 'GET /swap/v2/build, sent by RPC']);
});

test('SOL amounts of the new fields are read by the one amount parser: hostile and ambiguous text is refused naming the field and the rule', () => {
  const tokens = WELL_KNOWN_TOKENS;
  const err = (patch: Partial<typeof EMPTY_FORM>) => {
    const c = checkForm({ ...EMPTY_FORM, ...FORM, ...patch }, tokens);
    return c.errors.jitoTipLamports ?? c.errors.priorityFeeLamports ?? c.errors.broadcastFeeType;
  };
  assert.match(err({ jitoTipLamports: '1,5' })!, /^jitoTipLamports \(in SOL\): /);
  assert.match(err({ jitoTipLamports: '0,001' })!, /^jitoTipLamports \(in SOL\): /);
  assert.match(
    err({ jitoTipLamports: '1e-3' })!,
    /^jitoTipLamports \(in SOL\): .*\(an amount of SOL, e\.g\. 0\.0001\)$/,
  );
  assert.match(err({ jitoTipLamports: '-0.001' })!, /^jitoTipLamports \(in SOL\): /);
  assert.match(err({ jitoTipLamports: '0.0000000001' })!, /at most 9 decimal places/);
  // a number of lamports typed where SOL is asked is far above any tip
  assert.equal(
    err({ jitoTipLamports: '1000' }),
    'jitoTipLamports (in SOL): at most 0.1 SOL, got 1,000 SOL (the value is in SOL, not lamports)',
  );
  assert.equal(
    err({ jitoTipLamports: '0.0000001' }),
    'jitoTipLamports (in SOL): at least 0.000001 SOL (1000 lamports), got 0.0000001 SOL',
  );
  assert.match(err({ priorityFeeLamports: '0.2' })!, /^priorityFeeLamports \(in SOL\): at most 0\.1 SOL/);
  assert.equal(
    err({ broadcastFeeType: 'exactFee' }),
    'broadcastFeeType: goes with a priority fee or a tip (the service ignores it without one)',
  );
  const ok = checkForm({ ...EMPTY_FORM, ...FORM, jitoTipLamports: '0.001', priorityFeeLamports: '0.00005' }, tokens);
  assert.deepEqual(ok.errors, {});
  assert.deepEqual(
    [ok.order.jitoTipLamports, ok.order.priorityFeeLamports, ok.tipLamports],
    [1_000_000, 50_000, 1_000_000n],
  );
  // where the service is known to serve only the first generation, they are refused before any request
  const v1 = checkForm({ ...EMPTY_FORM, ...FORM, jitoTipLamports: '0.001' }, tokens, undefined, {
    generation: 'v1',
    v1Why: 'api-version v1 is set',
  });
  assert.equal(
    v1.errors.jitoTipLamports,
    "jitoTipLamports: only the service's current generation (/swap/v2) takes it, and api-version v1 is set; clear it",
  );
});

test('only "not found" is taken for a service without the current generation: other errors are that request\'s, and nothing is kept', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'td-generation-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const params = { inputMint: NATIVE_MINT, outputMint: USDC_MINT, amount: '1000' };
  for (const [status, code] of [
    [500, undefined],
    [429, undefined],
    [403, undefined],
    [503, 503],
  ] as const) {
    const g = createGenerationState({
      setting: 'auto',
      baseUrl: 'https://svc.example',
      stateDir: dir,
      name: 'svc.example',
      now: Date.now,
    });
    const error = new ApiError(`HTTP ${status}`, {
      kind: 'http',
      endpoint: 'GET /swap/v2/order',
      status,
      code,
      retryable: true,
    });
    assert.equal(notServed(error), false);
    let v1Asked = 0;
    const api = {
      swapV2: { order: async () => Promise.reject(error) },
      ultra: { order: async () => (v1Asked++, {}) },
    } as never;
    await assert.rejects(orderOnRoute({ api, generation: g }, params), (e) => e === error);
    assert.equal(v1Asked, 0, `HTTP ${status}: no fall back`);
    assert.equal(g.current(), undefined, `HTTP ${status}: nothing found`);
  }
  assert.equal(existsSync(join(dir, GENERATION_FILE)), false);
  // a 404, or the gateway's body with code 404: not served, and kept
  const g = createGenerationState({
    setting: 'auto',
    baseUrl: 'https://user:pw@svc.example/',
    stateDir: dir,
    name: 'svc.example',
    now: Date.now,
  });
  const notFound = new ApiError('HTTP 404', {
    kind: 'http',
    endpoint: 'GET /swap/v2/order',
    status: 404,
    code: 404,
    retryable: false,
  });
  const api = {
    swapV2: { order: async () => Promise.reject(notFound) },
    ultra: { order: async () => ({ requestId: 'r' }) },
  } as never;
  const routed = await orderOnRoute({ api, generation: g }, params);
  assert.equal(routed.generation, 'v1');
  const kept = JSON.parse(readFileSync(join(dir, GENERATION_FILE), 'utf8')) as {
    services: Record<string, { generation: string }>;
  };
  assert.deepEqual(Object.keys(kept.services), ['https://***@svc.example'], 'kept by base URL, its credentials masked');
  assert.equal(valueAt(kept.services, 'https://***@svc.example').generation, 'v1');
  // a later start on the same state directory knows it without asking
  const later = createGenerationState({
    setting: 'auto',
    baseUrl: 'https://user:pw@svc.example',
    stateDir: dir,
    name: 'svc.example',
    now: Date.now,
  });
  assert.equal(later.current(), 'v1');
  assert.match(later.describe(), /^auto: \/ultra\/v1 \(found \d{4}-\d\d-\d\d\)$/);
  // found a day and more ago, it is asked again (the service may serve the current generation now)
  const dayLater = createGenerationState({
    setting: 'auto',
    baseUrl: 'https://svc.example',
    stateDir: dir,
    name: 'svc.example',
    now: () => Date.now() + 25 * 3600_000,
  });
  assert.equal(dayLater.current(), undefined);
});

test('live: what a service serves is found by the first swap and kept in the state directory; the next start asks /ultra/v1 only', async (t) => {
  const sim = await startSim({ seed: 5, timeScale: 0, onlyV1: true });
  t.after(() => sim.stop());
  const first = await testServices(t, {
    config: { mode: 'live', baseUrl: sim.url, apiKey: 'k', rpcUrl: sim.rpcUrl, rpcUrls: [sim.rpcUrl] },
  });
  sim.fund(first.services.wallet!.address);
  const swap = createSwapStore(FORM);
  const s1 = Object.assign(first.services, { swap });
  const run = executeSwapForm(s1, swap, 'order');
  await answerNext(s1, true);
  assert.equal((await run)?.status, 'success');
  assert.equal(sim.requests().filter((r) => r.path === '/swap/v2/order').length, 1);
  const kept = JSON.parse(readFileSync(join(first.stateDir, GENERATION_FILE), 'utf8')) as {
    services: Record<string, { generation: string }>;
  };
  assert.equal(valueAt(kept.services, sim.url).generation, 'v1');
  await first.services.close();

  const second = await testServices(t, {
    stateDir: first.stateDir,
    config: { mode: 'live', baseUrl: sim.url, apiKey: 'k', rpcUrl: sim.rpcUrl, rpcUrls: [sim.rpcUrl] },
  });
  assert.equal(second.services.generation.current(), 'v1');
  assert.match(second.services.generation.describe(), /^auto: \/ultra\/v1 \(found /);
});
