// The Swap screen against the simulator over HTTP, through the key router as a person types.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { NATIVE_MINT, USDC_MINT } from '../../src/api/types.js';
import { typeKeys, waitFor, waitForFrame } from '../components/helpers.js';
import { submissions, world } from '../actions/helpers.js';
import { mountSwap } from './swapHarness.js';

test('typing into the form: q and 1 go into the field, never quit or switch screens; the quote shows its route', async (t) => {
  const w = await world(t);
  const { app, log, cleanup } = mountSwap(w.services);
  t.after(cleanup);
  await waitForFrame(app, (f) => f.includes('From') && f.includes('editing'));
  await typeKeys(app, 'q1');
  assert.equal(w.services.swap.getState().form.input, 'q1');
  assert.deepEqual(log.commands, []);
  await typeKeys(app, 'backspace', 'backspace', 'SOL', 'tab', 'USDC', 'tab', '0.5', 'enter');
  assert.deepEqual(log.commands, []);
  const frame = await waitForFrame(app, (f) => f.includes('Route') && f.includes('Min received'), 5000);
  assert.match(frame, /✓ SOL So11…1112/);
  assert.match(frame, /refresh in \d+s/);
  assert.match(frame, /Price impact/);
  // Not editing now: global keys work again.
  await typeKeys(app, 'q');
  assert.deepEqual(log.commands, ['quit']);
});

test('Enter then n: the dialog shows the summary, and nothing reaches an execute or sendTransaction', async (t) => {
  const w = await world(t, { form: { input: 'SOL', output: 'USDC', amount: '0.2' } });
  const { app, cleanup } = mountSwap(w.services);
  t.after(cleanup);
  await waitForFrame(app, (f) => f.includes('Min received'), 5000);
  await typeKeys(app, 'enter');
  const dialog = await waitForFrame(app, (f) => f.includes('y confirm'), 5000);
  assert.match(dialog, /You pay\s+0\.2 SOL/);
  assert.match(dialog, /At least/);
  assert.match(dialog, /Fee payer/);
  await typeKeys(app, 'n');
  await waitForFrame(app, (f) => f.includes('Cancelled'), 5000);
  assert.equal(submissions(w.sim).length, 0);

  await typeKeys(app, 'escape', 'enter');
  await waitForFrame(app, (f) => f.includes('y confirm'), 5000);
  await typeKeys(app, 'escape');
  await waitForFrame(app, (f) => f.includes('Cancelled'), 5000);
  assert.equal(submissions(w.sim).length, 0);
  assert.deepEqual(await w.services.journal!.entries(), []);
});

test('Enter then y: executes exactly once, shows Success with the signature and the amounts; balances move', async (t) => {
  const w = await world(t, { form: { input: 'SOL', output: 'USDC', amount: '0.2' } });
  const before = w.sim.kernel.ledger.balance(w.wallet.address, USDC_MINT);
  const solBefore = w.sim.kernel.ledger.balance(w.wallet.address, NATIVE_MINT);
  const { app, cleanup } = mountSwap(w.services);
  t.after(cleanup);
  await waitForFrame(app, (f) => f.includes('Min received'), 5000);
  await typeKeys(app, 'enter');
  await waitForFrame(app, (f) => f.includes('y confirm'), 5000);
  await typeKeys(app, 'y');
  const done = await waitForFrame(app, (f) => f.includes('Success'), 8000);
  const sig = w.services.swap.getState().outcome?.signature;
  assert.ok(sig);
  assert.ok(done.includes(sig!.slice(0, 20)));
  assert.match(done, /Paid 0\.2 SOL, received [\d.,]+ USDC/);
  assert.equal(w.sim.requests().filter((r) => r.path === '/ultra/v1/execute').length, 1);
  assert.ok(w.sim.kernel.ledger.balance(w.wallet.address, USDC_MINT) > before);
  assert.ok(solBefore - w.sim.kernel.ledger.balance(w.wallet.address, NATIVE_MINT) >= 200_000_000n);
});

test('watch-only: Enter is refused with the reason and nothing is requested from the order group', async (t) => {
  const { watchOnlyWallet } = await import('../../src/wallet/keypair.js');
  const w = await world(t, { form: { input: 'SOL', output: 'USDC', amount: '0.2' } });
  w.services.wallet = watchOnlyWallet(w.wallet.address);
  const { app, cleanup } = mountSwap(w.services);
  t.after(cleanup);
  await waitForFrame(app, (f) => f.includes('Signing disabled: watch-only'), 5000);
  await typeKeys(app, 'enter');
  await waitForFrame(app, (f) => f.includes('Not sent'), 5000);
  assert.equal(w.sim.requests().filter((r) => r.path.startsWith('/ultra')).length, 0);
});

test('bad input names what is wrong and keeps what was typed', async (t) => {
  const w = await world(t, { form: { input: 'SOL', output: 'USDC', amount: '1.2.3' } });
  const { app, cleanup } = mountSwap(w.services);
  t.after(cleanup);
  const frame = await waitForFrame(app, (f) => f.includes('is not a decimal number'), 5000);
  assert.match(frame, /1\.2\.3/);
  await typeKeys(app, 'enter');
  assert.equal(w.services.swap.getState().form.amount, '1.2.3');
  await waitFor(() => w.services.swap.getState().outcome?.error?.includes('not a decimal number') === true, 'the refusal');
});
