// The Swap screen against the simulator over HTTP, in the whole app, through the key router as a person types.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { render } from 'ink-testing-library';
import { plainTheme } from '../../components/base/theme.js';
import { SCREENS } from '../../screens/index.js';
import { App } from '../../screens/shell/App.js';
import { swapScreen } from '../../screens/Swap/index.js';
import { NATIVE_MINT, USDC_MINT } from '../../src/chain/mints.js';
import { knownTokens } from '../../src/actions/swapFlow.js';
import { randomBytes } from 'node:crypto';
import { encodeBase58 } from '../../src/chain/base58.js';
import { typeKeys, waitFor, waitForFrame } from '../support/ink.js';
import { submissions, withOrder, world, type World } from '../support/actions.js';
import { nth } from '../support/narrow.js';

/** The dashboard on the Swap screen, its form in the world's swap store. */
function mountSwap(w: World, size = { columns: 80, rows: 24 }) {
  const log = { quits: 0 };
  const screens = SCREENS.map((m) => (m.id === 'swap' ? { ...swapScreen, createStore: () => w.services.swap } : m));
  const app = render(
    <App services={w.services} theme={plainTheme} screens={screens} size={size} onQuit={() => log.quits++} />,
  );
  return { app, log, cleanup: () => app.unmount() };
}

test('arriving never edits: 1 goes back to Tokens; Enter edits a field, where q and 1 are text; Esc leaves it', async (t) => {
  const w = await world(t);
  const { app, log, cleanup } = mountSwap(w);
  t.after(cleanup);
  const first = await waitForFrame(app, (f) => f.includes('From') && f.includes('e/Enter edit'));
  // the keys are said once, in the footer: no second line nearly the same above it
  assert.equal(first.split('\n').filter((l) => /\bb build/.test(l)).length, 1, first);
  await typeKeys(app, '1');
  assert.equal(w.session.getState().screen, 'tokens');
  await typeKeys(app, '2');
  await waitForFrame(app, (f) => f.includes('From') && f.includes('e/Enter edit'));
  await typeKeys(app, 'enter');
  await waitForFrame(app, (f) => f.includes('editing'));
  await typeKeys(app, 'q1');
  assert.equal(w.services.swap.getState().form.input, 'q1');
  assert.equal(log.quits, 0);
  assert.equal(w.session.getState().screen, 'swap');
  await typeKeys(app, 'backspace', 'backspace', 'SOL', 'tab', 'USDC', 'tab', '0.5', 'enter');
  assert.equal(log.quits, 0);
  const frame = await waitForFrame(app, (f) => f.includes('Route') && f.includes('Min received'), 5000);
  assert.match(frame, /✓ SOL So11…1112/);
  assert.match(frame, /refresh in \d+s/);
  assert.match(frame, /Price impact/);
  // the rate both ways: what one SOL buys and what one USDC buys
  assert.match(frame, /Rate +1 SOL = [\d.,]+ USDC · 1 USDC = [\d.,]+ SOL/);
  // Esc leaves editing (nothing was typed: the text stays); the number key then switches screens.
  await typeKeys(app, 'k', 'k', 'enter', 'escape', '1');
  assert.equal(w.session.getState().screen, 'tokens');
  assert.equal(w.services.swap.getState().form.input, 'SOL');
  await typeKeys(app, 'q');
  assert.equal(log.quits, 1);
});

test('Esc while editing puts back the value from before the edit (also after Tab moved on); Enter keeps the edit', async (t) => {
  const w = await world(t, { form: { input: 'SOL', output: 'USDC', amount: '0.2' } });
  const { app, cleanup } = mountSwap(w);
  t.after(cleanup);
  await waitForFrame(app, (f) => f.includes('Min received'), 5000);
  // arriving, the cursor is on the first empty field (Slippage): up twice to Amount, edit it to 0.25
  // and press Esc: 0.2 comes back
  await typeKeys(app, 'k', 'k', 'enter', 'end', '5');
  await waitForFrame(app, (f) => /✎ Amount\s+0\.25/.test(f));
  await typeKeys(app, 'escape');
  const back = await waitForFrame(app, (f) => /› Amount\s+0\.2\b/.test(f) && !f.includes('✎'));
  assert.doesNotMatch(back, /0\.25/);
  assert.equal(w.services.swap.getState().form.amount, '0.2');
  // Tab keeps the edit of the field it leaves; Esc then restores only the field being edited
  await typeKeys(app, 'enter', 'end', '5', 'tab', 'x');
  await waitFor(() => w.services.swap.getState().form.amount === '0.25');
  await typeKeys(app, 'escape');
  await waitForFrame(app, (f) => !f.includes('✎'));
  assert.equal(w.services.swap.getState().form.amount, '0.25');
  assert.notEqual(w.services.swap.getState().form.mode, 'x');
  // Enter keeps
  await typeKeys(app, 'k', 'enter', 'backspace', '3', 'enter');
  await waitForFrame(app, (f) => /› Amount\s+0\.23\b/.test(f));
  assert.equal(w.services.swap.getState().form.amount, '0.23');
});

test('s then n: the dialog shows the summary, and nothing reaches an execute or sendTransaction', async (t) => {
  const w = await world(t, { form: { input: 'SOL', output: 'USDC', amount: '0.2' } });
  const { app, cleanup } = mountSwap(w);
  t.after(cleanup);
  await waitForFrame(app, (f) => f.includes('Min received'), 5000);
  await typeKeys(app, 's');
  const dialog = await waitForFrame(app, (f) => f.includes('y confirm'), 5000);
  // what the simulation measured, then the service's figures that agree with it
  assert.match(dialog, /Your balances\s+−0\.2\d* SOL · \+[\d.]+ USDC \(at least [\d.]+\)/);
  assert.match(dialog, /Quoted\s+0\.2 SOL/);
  assert.match(dialog, /At least/);
  assert.match(dialog, /Rate +1 SOL = [\d.,]+ USDC · 1 USDC = [\d.,]+ SOL/);
  assert.match(dialog, /Fee payer/);
  await typeKeys(app, 'n');
  await waitForFrame(app, (f) => f.includes('Cancelled'), 5000);
  assert.equal(submissions(w.sim).length, 0);

  await typeKeys(app, 'escape', 's');
  await waitForFrame(app, (f) => f.includes('y confirm'), 5000);
  await typeKeys(app, 'escape');
  await waitForFrame(app, (f) => f.includes('Cancelled'), 5000);
  assert.equal(submissions(w.sim).length, 0);
  assert.deepEqual(await w.services.journal!.entries(), []);
});

test('s then y: executes exactly once, shows Success with the signature and the amounts; balances move', async (t) => {
  const w = await world(t, { form: { input: 'SOL', output: 'USDC', amount: '0.2' } });
  const before = w.sim.kernel.ledger.balance(w.wallet.address, USDC_MINT);
  const solBefore = w.sim.kernel.ledger.balance(w.wallet.address, NATIVE_MINT);
  const { app, cleanup } = mountSwap(w);
  t.after(cleanup);
  await waitForFrame(app, (f) => f.includes('Min received'), 5000);
  await typeKeys(app, 's');
  await waitForFrame(app, (f) => f.includes('y confirm'), 5000);
  await typeKeys(app, 'y');
  const done = await waitForFrame(app, (f) => f.includes('Success'), 8000);
  const sig = w.services.swap.getState().outcome?.signature;
  assert.ok(sig);
  assert.ok(done.includes(sig!.slice(0, 20)));
  assert.match(done, /Paid 0\.2 SOL, received [\d.,]+ USDC/);
  assert.match(done, /J opens its journal entry/);
  assert.equal((await w.services.journal!.entries()).filter((e) => e.signature === sig).length, 1);
  assert.equal(w.sim.requests().filter((r) => r.path === '/swap/v2/execute').length, 1);
  assert.ok(w.sim.kernel.ledger.balance(w.wallet.address, USDC_MINT) > before);
  assert.ok(solBefore - w.sim.kernel.ledger.balance(w.wallet.address, NATIVE_MINT) >= 200_000_000n);
});

test('watch-only: s is refused with the reason and nothing is requested from the order group', async (t) => {
  const { watchOnlyWallet } = await import('../../src/wallet/keypair.js');
  const w = await world(t, { form: { input: 'SOL', output: 'USDC', amount: '0.2' } });
  w.services.wallet = watchOnlyWallet(w.wallet.address);
  const { app, cleanup } = mountSwap(w);
  t.after(cleanup);
  await waitForFrame(app, (f) => f.includes('Signing disabled: watch-only'), 5000);
  await typeKeys(app, 's');
  await waitForFrame(app, (f) => f.includes('Not sent'), 5000);
  // the live quote asks the order group without a taker; an order to sign would carry one
  assert.equal(
    w.sim
      .requests()
      .filter(
        (r) =>
          (r.path.startsWith('/ultra') || r.path.startsWith('/swap/v2')) &&
          ((r.path !== '/ultra/v1/order' && r.path !== '/swap/v2/order') || r.query.taker !== undefined),
      ).length,
    0,
  );
});

test('bad input names what is wrong and keeps what was typed', async (t) => {
  const w = await world(t, { form: { input: 'SOL', output: 'USDC', amount: '1.2.3' } });
  const { app, cleanup } = mountSwap(w);
  t.after(cleanup);
  const frame = await waitForFrame(app, (f) => f.includes('is not a decimal number'), 5000);
  assert.match(frame, /1\.2\.3/);
  await typeKeys(app, 's');
  assert.equal(w.services.swap.getState().form.amount, '1.2.3');
  await waitFor(
    () => w.services.swap.getState().outcome?.error?.includes('not a decimal number') === true,
    'the refusal',
  );
});

test('the pane quotes the path s takes (v1): the order group by default, with its router; 3% slippage moves s to the swap group, whose quote request carries it', async (t) => {
  // the first generation's order route chooses its own slippage
  const w = await world(t, { form: { input: 'SOL', output: 'USDC', amount: '0.2' }, config: { apiVersion: 'v1' } });
  const { app, cleanup } = mountSwap(w, { columns: 100, rows: 30 });
  t.after(cleanup);
  let frame = await waitForFrame(
    app,
    (f) => f.includes('Min received') && f.includes('s swaps via the order group /ultra/v1'),
    5000,
  );
  assert.match(frame, /Router +\w+ \(order group \/ultra\/v1: s signs exactly this route\)/);
  assert.match(frame, /You pay +0\.2 SOL ≈ \$[\d.,]+/);
  const orderQuotes = w.sim.requests().filter((r) => r.path === '/ultra/v1/order');
  assert.ok(
    orderQuotes.length >= 1 && orderQuotes.every((r) => r.query.taker === undefined),
    'the pane asked the order group, without a taker',
  );

  // Slippage 3%: the order group cannot honour it, so s goes through the swap group and says why.
  await typeKeys(app, 'j', 'j', 'j', 'j', 'enter', '3%', 'enter');
  assert.equal(w.services.swap.getState().form.slippageBps, '3%');
  frame = await waitForFrame(
    app,
    (f) => f.includes('s swaps via the swap group (slippage 3.00%)') && f.includes('Min received'),
    5000,
  );
  assert.match(frame, /3\.00% = 300 bps/);
  const quotes = w.sim.requests().filter((r) => r.path === '/swap/v1/quote');
  assert.ok(
    quotes.some((r) => r.query.slippageBps === '300'),
    `the swap quote asked for 300 bps: ${JSON.stringify(quotes.map((q) => q.query))}`,
  );
  await typeKeys(app, 's');
  const dialog = await waitForFrame(app, (f) => f.includes('y confirm'), 5000);
  assert.match(dialog, /build \+ RPC send, \/swap\/v1/);
  assert.ok(dialog.replace(/[│\s]+/g, ' ').includes('cannot honour: slippage 3.00%'));
  await typeKeys(app, 'y');
  await waitForFrame(app, (f) => f.includes('Success'), 8000);
  const builds = w.sim.requests().filter((r) => r.path === '/swap/v1/swap');
  assert.equal(builds.length, 1);
  assert.equal((nth(builds, 0).body as { quoteResponse: { slippageBps: number } }).quoteResponse.slippageBps, 300);
  assert.equal(
    w.sim.requests().filter((r) => r.path === '/ultra/v1/execute').length,
    0,
    'nothing went to the order group execute',
  );
  assert.equal(submissions(w.sim).length, 1);
});

test('the pane quotes the path s takes (v2): the order group /swap/v2 with its router; a 3% slippage stays on it and reaches its order and execute', async (t) => {
  const w = await world(t, { form: { input: 'SOL', output: 'USDC', amount: '0.2' } });
  const { app, cleanup } = mountSwap(w, { columns: 100, rows: 30 });
  t.after(cleanup);
  const frame = await waitForFrame(
    app,
    (f) => f.includes('Min received') && f.includes('s swaps via the order group /swap/v2'),
    5000,
  );
  assert.match(frame, /Router +\w+ \(order group \/swap\/v2: s signs exactly this route\)/);
  assert.ok(
    w.sim.requests().some((r) => r.path === '/swap/v2/order' && r.query.taker === undefined),
    'the pane asked GET /swap/v2/order, without a taker',
  );
  // the current generation's order takes the person's slippage: s stays on the order route
  await typeKeys(app, 'j', 'j', 'j', 'j', 'enter', '3%', 'enter');
  await waitForFrame(
    app,
    (f) => f.includes('s swaps via the order group /swap/v2') && /at least.*3\.00% slippage|\(3\.00% slippage/i.test(f),
    5000,
  );
  assert.ok(
    w.sim.requests().some((r) => r.path === '/swap/v2/order' && r.query.slippageBps === '300'),
    'the pane asked the order with 300 bps',
  );
  await typeKeys(app, 's');
  const dialog = await waitForFrame(app, (f) => f.includes('y confirm'), 5000);
  assert.match(dialog, /\(order, \/swap\/v2\)/);
  assert.match(dialog, /after 3\.00% slippage/);
  await typeKeys(app, 'y');
  await waitForFrame(app, (f) => f.includes('Success'), 8000);
  const signed = w.sim.requests().filter((r) => r.path === '/swap/v2/order' && r.query.taker !== undefined);
  assert.equal(signed.at(-1)!.query.slippageBps, '300');
  assert.equal(w.sim.requests().filter((r) => r.path === '/swap/v2/execute').length, 1);
  assert.equal(w.sim.requests().filter((r) => r.path === '/swap/v1/quote').length, 0, 'the swap group was not asked');
  assert.equal(submissions(w.sim).length, 1);
});

test('a dialog left open past its quote lifetime re-quotes by itself, shows old beside new, and signs nothing until y again', async (t) => {
  const w = await world(t, {
    form: { input: 'SOL', output: 'USDC', amount: '0.2' },
    // long enough for a build, its simulation and the dialog to come before the quote ages out
    pipeline: { sleep: async () => undefined, pollIntervalMs: 1, maxQuoteAgeMs: 3000 },
  });
  const { app, cleanup } = mountSwap(w, { columns: 100, rows: 40 });
  t.after(cleanup);
  await waitForFrame(app, (f) => f.includes('Min received'), 5000);
  await typeKeys(app, 's');
  const dialog = await waitForFrame(
    app,
    (f) => f.includes('y confirm') && /Quote \ds old · a fresh quote replaces it in/.test(f),
    5000,
  );
  assert.doesNotMatch(dialog, /expired while this dialog was open/);
  const builds = () =>
    w.sim.requests().filter((r) => r.path === '/swap/v2/order' && r.query.taker !== undefined).length;
  assert.equal(builds(), 1);
  await waitForFrame(app, (f) => f.includes('expired while this dialog was open'), 9000);
  assert.equal(builds(), 2, 'a fresh order was fetched');
  assert.equal(
    w.sim.requests().filter((r) => r.path === '/swap/v2/execute').length,
    0,
    'nothing was signed or sent meanwhile',
  );
  assert.equal((await w.services.journal!.entries()).length, 0);
  await typeKeys(app, 'y');
  await waitForFrame(app, (f) => f.includes('Success'), 8000);
  assert.equal(w.sim.requests().filter((r) => r.path === '/swap/v2/execute').length, 1);
});

test('an amount above the balance is warned in the form in token units and cannot be signed; nothing is requested from the order group', async (t) => {
  const w = await world(t, { form: { input: 'SOL', output: 'USDC', amount: '99.995' } });
  const { app, cleanup } = mountSwap(w, { columns: 140, rows: 30 });
  t.after(cleanup);
  const frame = await waitForFrame(app, (f) => f.includes('not enough SOL'), 5000);
  assert.match(frame, /⚠ not enough SOL: needs 99\.995 SOL, wallet has 100 SOL, 0\.01 SOL kept for fees and rent/);
  const before = w.sim.requests().filter((r) => r.path === '/swap/v2/order' && r.query.taker !== undefined).length;
  await typeKeys(app, 's');
  const refused = await waitForFrame(
    app,
    (f) => f.includes('Not sent') && f.includes('nothing was requested or signed'),
    5000,
  );
  assert.match(refused, /not enough SOL: needs 99\.995 SOL, wallet has 100 SOL/);
  // nothing was signed: the pane points to no journal entry
  assert.match(refused, /nothing was signed, so nothing was journalled/);
  assert.doesNotMatch(refused, /J opens/);
  assert.equal(
    w.sim.requests().filter((r) => r.path === '/swap/v2/order' && r.query.taker !== undefined).length,
    before,
  );
  assert.equal(w.services.confirm.getState().queue.length, 0);
  assert.equal(submissions(w.sim).length, 0);
});

test('an amount reads one way beside its field: the balance and the m (max) note both grouped, bal 10,000 and m: max 10,000', async (t) => {
  const w = await world(t, { form: { input: 'USDC', output: 'SOL', amount: '5' } });
  const { app, cleanup } = mountSwap(w, { columns: 120, rows: 30 });
  t.after(cleanup);
  const frame = await waitForFrame(app, (f) => f.includes('m: max'), 5000);
  assert.match(frame, /bal 10,000\b/);
  assert.match(frame, /USDC \(to pay\) · m: max 10,000\b/);
  assert.doesNotMatch(frame, /max 10000/);
  await typeKeys(app, 'm');
  assert.equal(w.services.swap.getState().form.amount, '10000', 'm types the amount the amount parser reads');
});

test('at 80 columns a long field note wraps to a second line under itself instead of being cut', async (t) => {
  const w = await world(t, { form: { input: 'SOL', output: 'USDC', amount: '99.995' } });
  const { app, cleanup } = mountSwap(w);
  t.after(cleanup);
  const frame = await waitForFrame(app, (f) => f.includes('not enough SOL'), 5000);
  const ls = frame.split('\n');
  const at = ls.findIndex((l) => l.includes('⚠ not enough SOL'));
  const col = nth(ls, at).indexOf('⚠');
  assert.equal(
    nth(ls, at + 1)
      .slice(0, col)
      .trim(),
    '',
    'the second line sits under the note',
  );
  assert.match(
    `${nth(ls, at).slice(col)} ${nth(ls, at + 1).slice(col)}`.replace(/\s+/g, ' '),
    /⚠ not enough SOL: needs 99\.995 SOL, wallet has 100 SOL, 0\.01 SOL kept for fees and rent/,
  );
  assert.match(nth(ls, at + 2), /Mode/);
  assert.equal(ls.length, 24);
  assert.ok(ls.every((l) => l.length <= 80));
});

test('keys at the instructions view never reach the form behind it: j, ↓, PgDn, G and End scroll the view, e and m say why, Esc returns', async (t) => {
  const w = await world(t, { form: { input: 'SOL', output: 'USDC', amount: '0.2' } });
  const { app, cleanup } = mountSwap(w);
  t.after(cleanup);
  await waitForFrame(app, (f) => f.includes('Min received'), 5000);
  await typeKeys(app, 'i');
  const first = await waitForFrame(app, (f) => f.includes('Swap instructions (Esc closes)'), 5000);
  // at 80x24 the view is longer than the screen: its footer offers the scroll keys
  const total = Number(/lines 1-\d+ of (\d+)\s+j\/k PgUp\/PgDn g\/G/.exec(first)?.[1]);
  assert.ok(total > 20, first);
  assert.doesNotMatch(first, /Address lookup tables/);
  const form = { ...w.services.swap.getState().form };
  await typeKeys(app, 'j', 'down');
  await waitForFrame(app, (f) => f.includes(`lines 3-`), 3000);
  await typeKeys(app, 'G');
  let frame = await waitForFrame(app, (f) => new RegExp(`lines \\d+-${total} of ${total}`).test(f), 3000);
  assert.match(frame, /Address lookup tables \(\d+\)/, 'the last section is on screen');
  await typeKeys(app, 'g');
  await waitForFrame(app, (f) => f.includes('lines 1-'), 3000);
  await typeKeys(app, 'pagedown');
  await waitForFrame(app, (f) => !f.includes('lines 1-') && f.includes(' of '), 3000);
  await typeKeys(app, 'home', 'end');
  await waitForFrame(app, (f) => new RegExp(`lines \\d+-${total} of ${total}`).test(f), 3000);
  await typeKeys(app, 'e', 'm', 'f');
  await waitForFrame(app, (f) => f.includes('the form is behind the instructions'), 3000);
  assert.deepEqual(w.services.swap.getState().form, form);
  await typeKeys(app, 'escape');
  frame = await waitForFrame(
    app,
    (f) => f.includes('› Amount') || f.includes('› From') || f.includes('› Slippage'),
    3000,
  );
  assert.doesNotMatch(frame, /✎/, 'not editing');
});

test('J after a swap opens on the newest entry: executed amounts in token units beside the quote, wallet, mode and network, no explorer link for a demo swap', async (t) => {
  const w = await world(t, { form: { input: 'SOL', output: 'USDC', amount: '0.2' } });
  const { app, cleanup } = mountSwap(w, { columns: 120, rows: 40 });
  t.after(cleanup);
  await waitForFrame(app, (f) => f.includes('Min received'), 5000);
  await typeKeys(app, 's');
  await waitForFrame(app, (f) => f.includes('y confirm'), 5000);
  await typeKeys(app, 'y');
  await waitForFrame(app, (f) => f.includes('Success'), 8000);
  const entry = nth(await w.services.journal!.entries(), 0);
  assert.equal(entry.wallet, w.wallet.address);
  assert.equal(entry.network, 'simulator');
  assert.match(entry.executed?.input ?? '', /^\d+$/);
  assert.match(entry.executed?.output ?? '', /^\d+$/);
  await typeKeys(app, 'J');
  await waitForFrame(app, (f) => f.includes('Journal:') && /›.*Swap\s+swap\s+success/.test(f), 5000);
  await typeKeys(app, 'enter');
  const detail = await waitForFrame(app, (f) => f.includes('Journal entry'), 5000);
  assert.match(detail, /executed +paid 0\.2 SOL, received [\d.]+ USDC/);
  assert.match(detail, /quoted +pay 0\.2 SOL, receive/);
  assert.ok(
    detail.includes(`wallet                     ${w.wallet.address}`) ||
      new RegExp(`wallet +${w.wallet.address}`).test(detail),
  );
  assert.equal(entry.mode, 'demo');
  assert.match(detail, /mode +demo/);
  assert.match(detail, /network +simulator/);
  // a simulated transaction is on no explorer: no link (live ones: test/screens/journal.test.tsx)
  assert.doesNotMatch(detail, /explorer/);
});

test('the journal entry view scrolls at 80x24 with the keys its footer offers: j, ↓, PgDn, G and End reach its last lines', async (t) => {
  const w = await world(t, { form: { input: 'SOL', output: 'USDC', amount: '0.2' } });
  const { app, cleanup } = mountSwap(w);
  t.after(cleanup);
  await waitForFrame(app, (f) => f.includes('Min received'), 5000);
  await typeKeys(app, 's');
  await waitForFrame(app, (f) => f.includes('y confirm'), 5000);
  await typeKeys(app, 'y');
  await waitForFrame(app, (f) => f.includes('Success'), 8000);
  await typeKeys(app, 'J');
  await waitForFrame(app, (f) => f.includes('Journal:') && /›.*Swap\s+swap\s+success/.test(f), 5000);
  await typeKeys(app, 'enter');
  const first = await waitForFrame(app, (f) => f.includes('Journal entry'), 5000);
  const total = Number(/lines 1-\d+ of (\d+)\s+j\/k PgUp\/PgDn g\/G/.exec(first)?.[1]);
  assert.ok(total > 22, first);
  const end = new RegExp(`lines \\d+-${total} of ${total}`);
  await typeKeys(app, 'j', 'down');
  await waitForFrame(app, (f) => f.includes('lines 3-'), 3000);
  await typeKeys(app, 'pagedown');
  await waitForFrame(app, (f) => !/lines [1-3]-/.test(f) && f.includes(' of '), 3000);
  await typeKeys(app, 'G');
  const last = await waitForFrame(app, (f) => end.test(f), 3000);
  // the bottom of the entry is on screen: lines that were below the first screen now show
  const shownFirst = new Set(first.split('\n').map((l) => l.trim()));
  assert.ok(
    last.split('\n').some((l) => l.trim() !== '' && !shownFirst.has(l.trim()) && !/^lines /.test(l.trim())),
    last,
  );
  assert.equal(w.services.journalView.getState().detail, true, 'still on the entry');
  await typeKeys(app, 'g');
  await waitForFrame(app, (f) => f.includes('lines 1-'), 3000);
  await typeKeys(app, 'end');
  await waitForFrame(app, (f) => end.test(f), 3000);
  await typeKeys(app, 'escape');
  await waitForFrame(app, (f) => f.includes('Journal:'), 3000);
});

test('a mint no token list holds is read over RPC (its decimals) and quoted, instead of refused', async (t) => {
  const w = await world(t);
  const { app, cleanup } = mountSwap(w, { columns: 120, rows: 30 });
  t.after(cleanup);
  await waitForFrame(app, (f) => f.includes('› From'), 5000);
  // The screen loads the token lists on arrival: choose once they are in.
  await waitFor(
    () => Object.keys(w.services.catalog.getState().lists).length >= 3,
    'the three token lists loaded',
    5000,
  );
  // A token the simulator trades that this catalog has never listed.
  const listed = new Set(knownTokens(w.services).map((tk) => tk.id));
  const unlisted = w.sim.kernel.market
    .tokens()
    .find((tk) => !listed.has(tk.mint) && tk.mint !== NATIVE_MINT && tk.mint !== USDC_MINT);
  const target = unlisted ?? w.sim.kernel.market.tokens().find((tk) => tk.symbol === 'JUP')!;
  if (!unlisted) {
    // every token is listed: forget one, as if the lists had not held it
    const { [target.mint]: _gone, ...rest } = w.services.catalog.getState().latest;
    w.services.catalog.setState({ latest: rest, lists: {} });
  }
  // a service whose lists do not hold it and that has no search (the contract has none)
  const tokensApi = w.services.api.tokens;
  const list = tokensApi.list;
  tokensApi.list = async (...a: Parameters<typeof list>) => (await list(...a)).filter((x) => x.id !== target.mint);
  tokensApi.search = async () => {
    throw new Error('no such operation');
  };
  await typeKeys(app, 'enter', 'USDC', 'tab', target.mint, 'tab', '5', 'enter');
  const frame = await waitForFrame(app, (f) => f.includes('Min received'), 8000);
  assert.doesNotMatch(frame, /decimals are unknown/);
  assert.ok(
    w.sim
      .requests()
      .some(
        (r) =>
          r.path === '/rpc' &&
          JSON.stringify(r.body).includes('getAccountInfo') &&
          JSON.stringify(r.body).includes(target.mint),
      ),
    'read the mint account over RPC',
  );
  assert.equal(w.services.catalog.getState().latest[target.mint]?.decimals, target.decimals);
  // no list priced it: the order's outUsdValue does, and the route steps carry the service's usdValue
  assert.equal(w.services.catalog.getState().latest[target.mint]?.usdPrice ?? undefined, undefined);
  assert.match(frame, /You receive +about [\d.,]+ \S+ ≈ \$[\d.,]+/);
  assert.match(frame, /Route +1\. .*% ≈ \$[\d.,]+/);
});

test(':swap with a priority fee goes through the swap group: the build request carries it and the dialog says it; a bad fee is named', async (t) => {
  const w = await world(t);
  const { app, cleanup } = mountSwap(w, { columns: 120, rows: 40 });
  t.after(cleanup);
  await waitForFrame(app, (f) => f.includes('› From'), 5000);
  await typeKeys(app, ':', 'swap 0.2 SOL USDC fee fast', 'enter');
  await waitForFrame(app, (f) => f.includes('priority fee: "fast" is not auto'), 5000);
  await typeKeys(app, ':', 'swap 0.2 SOL USDC fee high 50000', 'enter');
  const dialog = await waitForFrame(app, (f) => f.includes('y confirm'), 8000);
  assert.match(dialog, /build \+ RPC send/);
  assert.match(dialog, /Priority fee\s+high, at most 50,000 lamports asked/);
  const build = w.sim
    .requests()
    .filter((r) => r.path === '/swap/v1/swap')
    .at(-1)!.body as { prioritizationFeeLamports?: unknown };
  assert.deepEqual(build.prioritizationFeeLamports, {
    priorityLevelWithMaxLamports: { priorityLevel: 'high', maxLamports: 50000 },
  });
  await typeKeys(app, 'n');
  await waitForFrame(app, (f) => f.includes('Cancelled'), 5000);
  assert.equal(submissions(w.sim).length, 0);
});

test(":swap sends only what it names: the form's 3% slippage goes back to the order group's own; slippage 1% reaches the order at 100 bps", async (t) => {
  const w = await world(t, {
    form: { input: 'SOL', output: 'USDC', amount: '1', slippageBps: '3%', dexes: 'Phoenix' },
  });
  const { app, cleanup } = mountSwap(w, { columns: 80, rows: 24 });
  t.after(cleanup);
  await waitForFrame(app, (f) => f.includes('Min received'), 5000);
  await typeKeys(app, ':', 'swap 0.2 SOL USDC', 'enter');
  let dialog = await waitForFrame(app, (f) => f.includes('y confirm'), 8000);
  assert.match(dialog, /Swap 0\.2 SOL for USDC \(order, \/swap\/v2\)/);
  assert.equal(
    w.sim
      .requests()
      .filter((r) => r.path === '/swap/v2/order')
      .at(-1)!.query.slippageBps,
    undefined,
    "the order group's own slippage",
  );
  assert.deepEqual(
    (({ slippageBps, dexes }) => ({ slippageBps, dexes }))(w.services.swap.getState().form),
    { slippageBps: '', dexes: '' },
    'the form shows what was swapped',
  );
  await typeKeys(app, 'n');
  await waitForFrame(app, (f) => f.includes('Cancelled'), 5000);
  await typeKeys(app, ':', 'swap 0.2 SOL USDC slippage 1%', 'enter');
  dialog = await waitForFrame(app, (f) => f.includes('y confirm'), 8000);
  assert.match(dialog, /after 1\.00% slippage/);
  // the current generation's order takes it: GET /swap/v2/order with the taker and 100 bps
  const order = w.sim
    .requests()
    .filter((r) => r.path === '/swap/v2/order' && r.query.taker !== undefined)
    .at(-1)!;
  assert.equal(order.query.slippageBps, '100');
  await typeKeys(app, 'n');
  await waitForFrame(app, (f) => f.includes('Cancelled'), 5000);
  await typeKeys(app, ':', 'swap 0.2 SOL USDC slippage lots', 'enter');
  await waitForFrame(app, (f) => f.replace(/\s+/g, ' ').includes('slippage: "lots" is not 0.5%, 50bps'), 5000);
  assert.equal(submissions(w.sim).length, 0);
});

test('f flips to the reverse trade keeping the meaning: ExactIn pays what the quote gave, ExactOut keeps the amount on its token; the hint names the group s uses', async (t) => {
  const w = await world(t, { form: { input: 'SOL', output: 'USDC', amount: '1' } });
  const { app, cleanup } = mountSwap(w);
  t.after(cleanup);
  let frame = await waitForFrame(app, (f) => f.includes('Min received'), 5000);
  assert.match(frame, /s swaps via the order group/);
  const quoted = w.services.swap.getState().quote!.quote.outAmount;
  await typeKeys(app, 'f');
  const expected = (Number(quoted) / 1e6).toString();
  frame = await waitForFrame(app, (f) => f.includes('flipped: you now pay'), 3000);
  assert.match(
    frame,
    new RegExp(`flipped: you now pay ${expected.replace('.', '\\.')} USDC \\(what 1 SOL was quoted to buy\\) for SOL`),
  );
  assert.deepEqual(
    (({ input, output, amount, mode }) => ({ input, output, amount, mode }))(w.services.swap.getState().form),
    { input: 'USDC', output: 'SOL', amount: expected, mode: 'ExactIn' },
  );
  // ExactOut: "receive exactly 2 USDC" flips to "pay 2 USDC"; the pane and the hint say the swap group
  w.services.swap.getState().setForm({ input: 'SOL', output: 'USDC', amount: '2', mode: 'ExactOut' });
  frame = await waitForFrame(app, (f) => f.includes('You receive   2 USDC'), 5000);
  assert.match(frame, /s swaps via the swap group \(ExactOut\)/);
  assert.doesNotMatch(frame, /s swaps via the order group/);
  await typeKeys(app, 'f');
  await waitForFrame(app, (f) => f.includes('flipped: you now pay 2 USDC for SOL'), 3000);
  assert.equal(w.services.swap.getState().form.mode, 'ExactIn');
  assert.equal(w.services.swap.getState().form.amount, '2');
  assert.equal(w.services.swap.getState().form.input, 'USDC');
});

test('a pair or amount with no route says so in plain words, not as an HTTP error', async (t) => {
  const w = await world(t, { form: { input: 'SOL', output: 'USDC', amount: '900000000', mode: 'ExactOut' } });
  const { app, cleanup } = mountSwap(w);
  t.after(cleanup);
  const frame = await waitForFrame(app, (f) => f.includes('Quote failed'), 8000);
  assert.match(frame.replace(/\n\s*/g, ' '), /Quote failed: no route for this pair and amount/);
  // the pane and the footer below the header (whose health line is the API's own account)
  const below = frame.split('\n').slice(1).join('\n');
  assert.doesNotMatch(below, /HTTP 400|COULD_NOT_FIND_ANY_ROUTE/);
});

test('fees and rent read in SOL with their USD value; a swap sent by RPC (b) says what the wallet received', async (t) => {
  const w = await world(t, { form: { input: 'SOL', output: 'USDC', amount: '0.2' } });
  const { app, cleanup } = mountSwap(w, { columns: 120, rows: 40 });
  t.after(cleanup);
  await waitForFrame(app, (f) => f.includes('Min received'), 5000);
  await typeKeys(app, 's');
  let dialog = await waitForFrame(app, (f) => f.includes('y confirm'), 8000);
  assert.match(
    dialog,
    /Network fees\s+[\d.]+ SOL ≈ (<\$0\.01|\$[\d.,]+) \(signature [\d.]+ \+ priority [\d.]+ SOL; you\)/,
  );
  assert.match(dialog, /Rent\s+([\d.]+ SOL ≈ \$[\d.,₀-₉]+|—) \(/);
  assert.doesNotMatch(dialog, /lamports/);
  await typeKeys(app, 'n');
  await waitForFrame(app, (f) => f.includes('Cancelled'), 5000);
  await typeKeys(app, 'escape', 'b');
  dialog = await waitForFrame(app, (f) => f.includes('y confirm'), 8000);
  assert.match(dialog, /Network fees\s+signature [\d.]+ SOL ≈ (<\$0\.01|\$[\d.,]+) per signature/);
  const before = w.services.swap.getState().balances[USDC_MINT]!.raw;
  await typeKeys(app, 'y');
  const done = await waitForFrame(app, (f) => f.includes('Success') && f.includes('Received'), 10_000);
  const after = w.services.swap.getState().balances[USDC_MINT]!.raw;
  const got = Number(after - before) / 1e6;
  assert.match(
    done,
    new RegExp(
      `Received ${got.toLocaleString('en-US', { maximumFractionDigits: 6 }).replace(/[.]/g, '\\.')} USDC \\(the wallet's USDC balance change\\)`,
    ),
  );
});

test("the pane reads the order group's priceImpact (a percent) before its deprecated priceImpactPct: a high impact given only there is warned", async (t) => {
  const w = await world(t, { form: { input: 'SOL', output: 'USDC', amount: '0.2' } });
  w.services.api = withOrder(w.services.api, (o) => {
    const { priceImpactPct: _, ...rest } = o;
    return { ...rest, priceImpact: -7.25 } as typeof o;
  });
  const { app, cleanup } = mountSwap(w);
  t.after(cleanup);
  const frame = await waitForFrame(
    app,
    (f) => f.includes('Min received') && f.includes('s swaps via the order group'),
    5000,
  );
  assert.match(frame, /Warning: price impact 7\.25%: you lose that share to the pool/);
  assert.match(frame, /Price impact {2}7\.25% {2}HIGH: you lose over 5% to the pool/);
});

test('the advanced form scrolls with the focus at 80x24 to the order and build fields; a receiver is warned beside it and in the dialog; a bad router is named', async (t) => {
  const w = await world(t, { form: { input: 'SOL', output: 'USDC', amount: '0.2' } });
  const { app, cleanup } = mountSwap(w);
  t.after(cleanup);
  await waitForFrame(app, (f) => f.includes('Min received'), 5000);
  await typeKeys(app, 'a', 'G');
  let frame = await waitForFrame(app, (f) => f.includes('› Jito bundle'), 5000);
  assert.match(frame, /fields \d+-34 of 34 \(j\/k scroll\)/);
  assert.match(frame, /Shared accts\s+auto/);
  assert.doesNotMatch(frame, /› From| {2}From /);
  for (const line of frame.split('\n')) assert.ok(line.length <= 80, line);
  // up to Receiver (18 fields above the last), type another wallet's address
  await typeKeys(app, ...Array<string>(18).fill('k'));
  await waitForFrame(app, (f) => f.includes('› Receiver'), 5000);
  const them = encodeBase58(randomBytes(32));
  await typeKeys(app, 'enter', them, 'enter');
  frame = await waitForFrame(app, (f) => f.includes('NOT your wallet'), 5000);
  assert.match(frame, new RegExp(`⚠ output goes to ${them.slice(0, 4)}…${them.slice(-4)}, NOT your wallet`));
  // any name the service may take passes; what cannot be a name is named
  await typeKeys(app, 'j', 'j', 'enter', 'iris,jupi terz', 'enter');
  await waitForFrame(app, (f) => f.includes('✗ excludeRouters: "jupi terz" is not a'), 5000);
  await typeKeys(app, 'enter', 'ctrl+u', 'jupiterz', 'enter');
  await waitFor(() => w.services.swap.getState().form.excludeRouters === 'jupiterz');
  // the advanced fields hidden, the receiver is still said under the form
  await typeKeys(app, 'a');
  frame = await waitForFrame(app, (f) => f.includes('(a shows the advanced fields)'), 5000);
  assert.match(frame, new RegExp(`⚠ output goes to ${them.slice(0, 4)}…${them.slice(-4)}, NOT your wallet \\(a shows`));
  await typeKeys(app, 's');
  frame = await waitForFrame(app, (f) => f.includes('y confirm'), 8000);
  assert.match(frame, /Receiver gets/);
  assert.match(frame, /Output goes to/);
  assert.match(frame, /⚠ The output goes to/);
  const order = w.sim
    .requests()
    .filter((r) => r.path === '/swap/v2/order')
    .at(-1)!.query;
  assert.deepEqual([order.receiver, order.excludeRouters], [them, 'jupiterz']);
  await typeKeys(app, 'n');
  await waitForFrame(app, (f) => f.includes('Cancelled'), 5000);
  assert.equal(submissions(w.sim).length, 0);
});
