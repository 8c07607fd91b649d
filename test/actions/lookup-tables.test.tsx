// Address lookup tables in the app: the service (compromised here: its build answers with a
// transaction of our making) returns a v0 transaction that loads accounts through a lookup table
// the simulator holds. The dashboard reads the table over RPC before anything else: a table that
// resolves to the wallet as writable, or one that cannot be read, is refused on the Swap screen
// with the reason, no dialog is shown, and nothing is signed, journalled or sent.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { render } from 'ink-testing-library';
import { plainTheme } from '../../components/base/theme.js';
import { SCREENS } from '../../screens/index.js';
import { App } from '../../screens/shell/App.js';
import { swapScreen } from '../../screens/Swap/index.js';
import { executeSwapForm } from '../../src/actions/swapFlow.js';
import { typeKeys, waitForFrame } from '../support/ink.js';
import { randomAddress, viaLookupTable } from '../support/tx.js';
import { submissions, withOrder, world, type World } from '../support/actions.js';

const SIZE = { columns: 120, rows: 40 };

/** The dashboard on the Swap screen, its form in the world's swap store; counts the dialogs asked. */
function mountSwap(w: World) {
  const screens = SCREENS.map((m) => (m.id === 'swap' ? { ...swapScreen, createStore: () => w.services.swap } : m));
  const dialogs = { asked: 0 };
  const unsubscribe = w.services.confirm.subscribe((st, prev) => {
    if (st.queue.length > prev.queue.length) dialogs.asked++;
  });
  const app = render(<App services={w.services} theme={plainTheme} screens={screens} size={SIZE} />);
  return { app, dialogs, cleanup: () => (unsubscribe(), app.unmount()) };
}

/** The swap group's build (POST /swap/v1/swap: its first generation returns the whole transaction) answers with `tx` instead of the transaction it built. */
function swapGroupReturns(w: World, tx: () => string) {
  const real = w.services.api.swap.swap;
  w.services.api.swap.swap = async (...args) => ({ ...(await real(...args)), swapTransaction: tx() });
}

/** The order group's order (either generation) answers with `tx` instead of the transaction it built. */
function orderGroupReturns(w: World, tx: () => string) {
  w.services.api = withOrder(w.services.api, (o) => ({ ...o, transaction: tx() }));
}

function tableReads(w: World, table: string): number {
  return w.sim
    .requests()
    .filter(
      (r) =>
        r.path === '/rpc' &&
        (r.body as { method?: string })?.method === 'getAccountInfo' &&
        (r.body as { params: unknown[] }).params[0] === table,
    ).length;
}

/** The frame as one line: wrapped lines joined, the outcome's "!" margin dropped. */
const flat = (frame: string) => frame.replace(/\s*\n\s*(?:!\s+)?/g, ' ');

async function nothingHappened(w: World, dialogs: { asked: number }) {
  assert.equal(dialogs.asked, 0, 'no confirm dialog was shown');
  assert.equal(submissions(w.sim).length, 0, 'no execute and no sendTransaction reached the service');
  assert.deepEqual(await w.services.journal!.entries(), [], 'nothing was signed, so nothing journalled');
}

test('b (swap group): a lookup table resolving to the wallet as writable is refused on screen with the table named', async (t) => {
  const w = await world(t, { form: { input: 'SOL', output: 'USDC', amount: '0.2' }, config: { apiVersion: 'v1' } });
  const wallet = w.wallet.address;
  const table = w.sim.addLookupTable({ addresses: [randomAddress(), wallet] });
  swapGroupReturns(w, () => viaLookupTable(wallet, table, [randomAddress()]));
  const { app, dialogs, cleanup } = mountSwap(w);
  t.after(cleanup);
  await waitForFrame(app, (f) => f.includes('Min received'), 5000);
  await typeKeys(app, 'b');
  const frame = flat(await waitForFrame(app, (f) => f.includes('Refused: nothing was signed'), 8000));
  assert.ok(
    frame.includes(`the address lookup table ${table} loads the wallet as a writable account (entry 1)`),
    frame,
  );
  assert.equal(
    w.services.swap.getState().outcome?.error,
    `the address lookup table ${table} loads the wallet as a writable account (entry 1), where only the transaction's own signer list may name it`,
  );
  assert.equal(w.sim.requests().filter((r) => r.path === '/swap/v1/swap').length, 1, 'the build was asked for');
  assert.equal(tableReads(w, table), 1, 'the table was read over RPC');
  await nothingHappened(w, dialogs);
});

test('s (order group): the same table in the order the service returns is refused; nothing reaches execute', async (t) => {
  const w = await world(t, { form: { input: 'SOL', output: 'USDC', amount: '0.2' } });
  const wallet = w.wallet.address;
  const table = w.sim.addLookupTable({ addresses: [randomAddress(), wallet] });
  orderGroupReturns(w, () => viaLookupTable(wallet, table, [randomAddress()]));
  const { app, dialogs, cleanup } = mountSwap(w);
  t.after(cleanup);
  await waitForFrame(app, (f) => f.includes('Min received'), 5000);
  await typeKeys(app, 's');
  const frame = flat(await waitForFrame(app, (f) => f.includes('Refused: nothing was signed'), 8000));
  assert.ok(
    frame.includes(`the address lookup table ${table} loads the wallet as a writable account (entry 1)`),
    frame,
  );
  assert.equal(tableReads(w, table), 1);
  await nothingHappened(w, dialogs);
});

test('b: a table the RPC has no account for, or one another program owns, is refused with the table named', async (t) => {
  const w = await world(t, { form: { input: 'SOL', output: 'USDC', amount: '0.2' }, config: { apiVersion: 'v1' } });
  const wallet = w.wallet.address;
  const missing = randomAddress();
  const impostor = randomAddress();
  w.sim.fund(impostor);
  let table = missing;
  swapGroupReturns(w, () => viaLookupTable(wallet, table, [randomAddress()]));
  const { app, dialogs, cleanup } = mountSwap(w);
  t.after(cleanup);
  await waitForFrame(app, (f) => f.includes('Min received'), 5000);
  await typeKeys(app, 'b');
  let frame = flat(await waitForFrame(app, (f) => f.includes('Refused: nothing was signed'), 8000));
  assert.ok(
    frame.includes(`the address lookup table ${missing} could not be read (no account exists at that address)`),
    frame,
  );
  assert.equal(tableReads(w, missing), 1);

  table = impostor;
  await typeKeys(app, 'escape');
  await waitForFrame(app, (f) => !f.includes('Refused: nothing was signed'), 5000);
  await typeKeys(app, 'b');
  frame = flat(await waitForFrame(app, (f) => f.includes('Refused: nothing was signed'), 8000));
  assert.ok(
    frame.includes(
      `the address lookup table ${impostor} could not be read (the account is owned by 11111111111111111111111111111111, not by the Address Lookup Table program)`,
    ),
    frame,
  );
  await nothingHappened(w, dialogs);
});

test('without an RPC URL, an order whose transaction uses a lookup table is refused: the table cannot be read', async (t) => {
  const w = await world(t, { form: { input: 'SOL', output: 'USDC', amount: '0.2' } });
  const wallet = w.wallet.address;
  const table = w.sim.addLookupTable({ addresses: [randomAddress(), randomAddress()] });
  orderGroupReturns(w, () => viaLookupTable(wallet, table, [randomAddress()]));
  const s = { ...w.services, rpc: undefined };
  const r = await executeSwapForm(s, s.swap, 'order');
  assert.equal(r?.status, 'refused');
  assert.equal(w.services.swap.getState().outcome?.title, 'Refused: nothing was signed');
  assert.equal(
    w.services.swap.getState().outcome?.error,
    `the address lookup table ${table} could not be read (no RPC URL is configured to read it (--rpc-url)), so the accounts the transaction loads through it cannot be checked`,
  );
  assert.equal(tableReads(w, table), 0);
  assert.equal(w.sim.requests().filter((r) => r.path === '/swap/v2/order').length, 1, 'the order was built');
  await nothingHappened(w, { asked: 0 });
});
