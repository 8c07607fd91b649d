// The swap group path (b): fresh quote -> swap build -> inspect -> confirm -> journal -> sign ->
// RPC sendTransaction -> signature status, against the simulator over HTTP.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { NATIVE_MINT, USDC_MINT } from '../../src/chain/mints.js';
import { executeSwapForm, refreshBalances } from '../../src/actions/swapFlow.js';
import { nth, valueAt } from '../support/narrow.js';
import { answerNext, submissions, world, nextConfirmation } from '../support/actions.js';

test('b with y: one RPC send, balances move, the journal records success', async (t) => {
  const w = await world(t);
  const s = w.services;
  s.swap.getState().setForm({ input: 'SOL', output: 'USDC', amount: '0.5' });
  await refreshBalances(s, s.swap, [NATIVE_MINT]);
  const solBefore = valueAt(s.swap.getState().balances, NATIVE_MINT).raw;
  const usdcBefore = w.sim.kernel.ledger.balance(w.wallet.address, USDC_MINT);
  const run = executeSwapForm(s, s.swap, 'swap');
  await answerNext(s, true);
  const r = await run;
  assert.equal(r?.status, 'success', r?.error);
  assert.equal(submissions(w.sim).length, 1);
  const balances = s.swap.getState().balances;
  assert.ok(solBefore - valueAt(balances, NATIVE_MINT).raw >= 500_000_000n, 'paid at least 0.5 SOL');
  assert.ok(w.sim.kernel.ledger.balance(w.wallet.address, USDC_MINT) > usdcBefore, 'received USDC');
  const outcome = s.swap.getState().outcome!;
  assert.equal(outcome.title, 'Success');
  assert.equal(outcome.signature, r?.signature);
  const entry = nth(await s.journal!.entries(), 0);
  assert.equal(entry.group, 'swap');
  assert.equal(entry.status, 'success');
  assert.equal(w.session.getState().pendingSubmissions, 0);
});

test('b with n: nothing is sent and nothing is journalled', async (t) => {
  const w = await world(t);
  const s = w.services;
  s.swap.getState().setForm({ input: 'SOL', output: 'USDC', amount: '0.5' });
  const run = executeSwapForm(s, s.swap, 'swap');
  await answerNext(s, false);
  const r = await run;
  assert.equal(r?.status, 'cancelled');
  assert.equal(submissions(w.sim).length, 0);
  assert.deepEqual(await s.journal!.entries(), []);
  assert.match(s.swap.getState().outcome!.title, /nothing was signed or sent/);
});

test('the confirm request shows the human summary first, then the inspection facts', async (t) => {
  const w = await world(t);
  const s = w.services;
  s.swap.getState().setForm({ input: 'SOL', output: 'USDC', amount: '0.25', slippageBps: '100' });
  const run = executeSwapForm(s, s.swap, 'swap');
  const { view } = await nextConfirmation(s);
  await answerNext(s, false);
  await run;
  const labels = view.summary.map((l) => l.label);
  assert.deepEqual(labels.slice(0, 5), ['Your balances', 'Quoted', 'At least', 'Rate', 'Price impact']);
  // what the simulation measured: the SOL paid with its fees and rent, the USDC received and its minimum
  assert.match(nth(view.summary, 0).value, /^−0\.25\d* SOL · \+[\d.]+ USDC \(at least [\d.]+\)$/);
  // the service's figures, beside, since they agree with it
  assert.match(nth(view.summary, 1).value, /^0\.25 SOL for about [\d.]+ USDC$/);
  assert.match(nth(view.summary, 2).value, /USDC after 1\.00% slippage/);
  assert.match(view.facts.join('\n'), /Fee payer you/);
  assert.match(view.facts.join('\n'), /Programs: .*Router/);
  assert.match(view.facts.join('\n'), /Blockhash .* blocks left/);
});
