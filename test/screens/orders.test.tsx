// The Orders screen in the whole app against the simulator over HTTP: commands, lists, paging,
// filter, includeFailedTx, cancel one and cancel all, as a person types them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { typeKeys, waitFor, waitForFrame } from '../support/ink.js';
import { startDashboard, type Dashboard } from '../support/dashboard.js';
import { expecting, USDC_TOKEN } from '../support/tx.js';
import { nth } from '../support/narrow.js';
import { NATIVE_MINT, USDC_MINT } from '../../src/chain/mints.js';

const executes = (d: Dashboard, group: string) => d.sim.requests().filter((r) => r.path === `/${group}/v1/execute`);
const listQueries = (d: Dashboard, path: string) =>
  d.sim
    .requests()
    .filter((r) => r.path === path)
    .map((r) => r.query as Record<string, string>);

function assertFits(frame: string, columns = 80, rows = 24) {
  const lines = frame.split('\n');
  assert.ok(lines.length <= rows, `frame has ${lines.length} lines`);
  for (const l of lines) assert.ok([...l].length <= columns, `line wider than ${columns}: "${l}"`);
  assert.doesNotMatch(frame, /undefined|null|NaN/);
}

async function open(t: { after(fn: () => Promise<void>): void }): Promise<Dashboard> {
  const d = await startDashboard({ columns: 80, rows: 24, screen: 'orders' });
  t.after(() => d.close());
  const frame = await waitForFrame(
    d.app,
    (f) => f.includes('[Limit] DCA') && f.includes('No active limit orders'),
    8000,
  );
  // the screen's key line is whole at 80 columns and offers no key that does nothing (no order: no x)
  assert.ok(
    frame.split('\n').some((l) => l.trim() === 't lists · h history · f mint · i failed · X all · n new · ? more'),
    frame,
  );
  return d;
}

async function limitVia(d: Dashboard, words: string) {
  await typeKeys(d.app, ':', words, 'enter');
  return waitForFrame(d.app, (f) => f.includes('y confirm'), 8000);
}

test(':limit then n sends nothing to execute; y executes once after the journal line; the order is listed; x + y cancels it into History', async (t) => {
  const d = await open(t);
  const dialog = await limitVia(d, 'limit 1 SOL 200 USDC');
  assert.match(dialog, /You pay\s+1 SOL ≈ \$1\d\d\.\d\d/);
  assert.match(dialog, /You receive\s+200 USDC ≈ \$(199\.9\d|200\.0\d)/);
  assert.match(dialog, /Limit price\s+1 SOL = 200\.00 USDC · 1 USDC = 0\.005000 SOL/);
  assert.match(dialog, /From market\s+\+3\d\.\d\d% \(above market\)/);
  assert.match(dialog, /Market price\s+1 SOL = 1\d\d(\.\d+)? USDC/);
  await typeKeys(d.app, 'n');
  await waitForFrame(d.app, (f) => f.includes('cancelled, nothing was signed'), 5000);
  assert.equal(executes(d, 'trigger').length, 0);
  assert.deepEqual(await d.services.journal!.entries(), []);

  // the journal line must be on disk when the execute request leaves
  const { readFileSync } = await import('node:fs');
  const { join } = await import('node:path');
  const seen: boolean[] = [];
  const api = d.services.api;
  d.services.api = {
    ...api,
    trigger: {
      ...api.trigger,
      execute: async (b, o) => {
        seen.push(readFileSync(join(d.stateDir, 'journal.jsonl'), 'utf8').includes(b.signedTransaction));
        return api.trigger.execute(b, o);
      },
    },
  };
  await limitVia(d, 'limit 1 SOL 200 USDC');
  await typeKeys(d.app, 'y');
  await waitForFrame(d.app, (f) => f.includes('Limit order: done'), 8000);
  assert.equal(executes(d, 'trigger').length, 1);
  const entries = await d.services.journal!.entries();
  assert.equal(entries.length, 1);
  assert.equal(nth(entries, 0).group, 'trigger');
  assert.deepEqual(seen, [true]);
  const listed = await waitForFrame(d.app, (f) => /SOL→USDC\s+1 SOL\s+200 USDC/.test(f) && /\b0%/.test(f), 8000);
  assertFits(listed);
  assert.match(listed, /SOL\/USDC 200\.00/);
  assert.match(listed, /no expiry/);
  assert.match(listed, /Open/);

  await typeKeys(d.app, 'x');
  const cancel = await waitForFrame(d.app, (f) => f.includes('y confirm') && f.includes('Cancel limit order'), 8000);
  assert.match(cancel, /1 SOL → USDC/);
  // a cancel's buttons say which keeps the order; it has no quote to age, only a transaction
  assert.match(cancel, /Keep the order <? +Sign the cancel/);
  assert.match(cancel, /Built \d+s ago · built again in/);
  assert.doesNotMatch(cancel, /Quote \d/);
  await typeKeys(d.app, 'y');
  await waitForFrame(d.app, (f) => f.includes(': done') && f.includes('No active limit orders'), 8000);
  assert.equal(executes(d, 'trigger').length, 2);
  await typeKeys(d.app, 'h');
  const history = await waitForFrame(d.app, (f) => f.includes('Active [History]') && f.includes('Cancelled'), 8000);
  assertFits(history);
  // a cancelled order has no time left: its EXPIRES says nothing rather than a countdown
  const row = history.split('\n').find((l) => l.includes('Cancelled'))!;
  assert.doesNotMatch(row, /in \d|no expiry/);
  const q = listQueries(d, '/trigger/v1/getTriggerOrders').at(-1)!;
  assert.equal(q.orderStatus, 'history');
});

test(':limit alone says what it does and how to call it, and sends nothing', async (t) => {
  const d = await open(t);
  await typeKeys(d.app, '1');
  await typeKeys(d.app, ':', 'limit', 'enter');
  const f = await waitForFrame(
    d.app,
    (fr) => fr.includes(':limit makes a limit order (Orders). e.g. :limit 2 SOL 300 USDC'),
    5000,
  );
  assert.equal(d.services.session.getState().screen, 'orders');
  assert.match(f, /creates a limit order \(trigger group\) here on the Orders screen/);
  assert.match(f, /limit <amount> <sell> <total\|@price> \[<base\/quote>\] <buy> \[expiry 7d\]/);
  assertFits(f);
  assert.equal(d.sim.requests().filter((r) => r.path.startsWith('/trigger/v1/create')).length, 0);
  // after a refusal, a bare :dca's words replace it (not a flash line under an old refusal)
  await typeKeys(d.app, ':', 'limit 1,5 SOL 300 USDC', 'enter');
  await waitForFrame(d.app, (fr) => fr.includes('Not sent: amount "1,5"'), 5000);
  await typeKeys(d.app, ':', 'dca', 'enter');
  const dca = await waitForFrame(d.app, (fr) => fr.includes(':dca creates a recurring (DCA) order here'), 5000);
  assert.doesNotMatch(dca, /Not sent/);
  assertFits(dca);
});

test('watch-only: the list loads, and x, X and n say why they are disabled without requesting anything', async (t) => {
  // any valid public key without its secret: here a well-known mint's address
  const address = USDC_MINT;
  const d = await startDashboard({ columns: 80, rows: 24, screen: 'orders', address });
  t.after(() => d.close());
  const f = await waitForFrame(
    d.app,
    (fr) => fr.includes('No active limit orders') && fr.includes('Signing disabled: watch-only'),
    8000,
  );
  assertFits(f);
  for (const key of ['x', 'X', 'n']) {
    await typeKeys(d.app, key);
    await waitForFrame(d.app, (fr) => fr.includes('✗ watch-only wallet'), 3000);
  }
  assert.equal(d.sim.requests().filter((r) => r.method === 'POST' && /trigger|recurring/.test(r.path)).length, 0);
  assert.ok(
    d.sim
      .requests()
      .some((r) => r.path === '/trigger/v1/getTriggerOrders' && (r.query as Record<string, string>).user === address),
  );
  await typeKeys(d.app, '2');
  assert.equal(d.services.session.getState().screen, 'swap');
});

test('n opens the new-order form: nothing edited on arrival (1 leaves), Enter edits a field, s places it through the same dialog, Esc keeps what was typed', async (t) => {
  const d = await open(t);
  assert.match(d.app.lastFrame()?.split('\n').at(-1) ?? '', /\/ filter +o sort +Enter detail/);
  await typeKeys(d.app, 'n');
  const form = await waitForFrame(d.app, (f) => f.includes('New limit order') && f.includes('› Amount'), 3000);
  assert.doesNotMatch(
    form.split('\n').at(-1) ?? '',
    /filter|sort|Enter detail/,
    'the footer offers no list keys while the form covers the list',
  );
  await typeKeys(d.app, '1');
  assert.equal(d.services.session.getState().screen, 'tokens', 'not editing: a number key leaves');
  await typeKeys(d.app, '3');
  await waitForFrame(d.app, (f) => f.includes('New limit order'), 3000);
  // s with empty fields names them and sends nothing
  await typeKeys(d.app, 's');
  await waitForFrame(d.app, (f) => f.includes('✗ fill this in'), 3000);
  assert.equal(d.sim.requests().filter((r) => r.path === '/trigger/v1/createOrder').length, 0);
  await typeKeys(d.app, 'enter', '1', 'tab', 'SOL', 'tab', 'USDC', 'tab', '@200', 'enter');
  assert.equal(d.services.session.getState().screen, 'orders', 'editing: 1 went into the field');
  const frame = await waitForFrame(
    d.app,
    (f) => /For +@200 +1 SOL = 200\.00 USDC · \+\d+\.\d\d% vs market/.test(f),
    3000,
  );
  assertFits(frame);
  // an option's default is its placeholder: typing into Expiry and Priority fee replaces nothing
  assert.match(frame, /Expiry +none, 7d, 2030-01-31 +no expiry/);
  await typeKeys(d.app, 'j', 'enter', '7d', 'tab', 'tab', '5000', 'enter');
  const typed = await waitForFrame(d.app, (f) => /Expiry +7d +in 1 week/.test(f) && /Priority fee +5000/.test(f), 3000);
  assert.doesNotMatch(typed, /none7d|auto5000/);
  await typeKeys(d.app, 's');
  const dialog = await waitForFrame(d.app, (f) => f.includes('y confirm') && f.includes('Limit price'), 8000);
  assert.match(dialog, /Expiry\s+in 1 week/);
  assert.match(dialog, /You pay\s+1 SOL/);
  assert.match(dialog, /You receive\s+200 USDC/);
  await typeKeys(d.app, 'n');
  await waitForFrame(d.app, (f) => f.includes('cancelled, nothing was signed'), 5000);
  assert.equal(executes(d, 'trigger').length, 0);
  // Esc closes the form; n brings it back as it was
  await typeKeys(d.app, 'escape');
  await waitForFrame(d.app, (f) => !f.includes('New limit order'), 3000);
  await typeKeys(d.app, 'n');
  await waitForFrame(d.app, (f) => f.includes('New limit order') && /For +@200/.test(f), 3000);
  // an input error lands on its field
  await typeKeys(d.app, 'j', 'j', 'enter', 'backspace', 'backspace', 'backspace', 'backspace', 'SOL', 'enter', 's');
  await waitForFrame(d.app, (f) => /Buy +SOL +✗ buy token: the same as the sell token/.test(f), 3000);
  // the DCA form on the DCA tab
  await typeKeys(d.app, 'escape', 't', 'n');
  await waitForFrame(d.app, (f) => f.includes('New DCA') && f.includes('› Total'), 3000);
  await typeKeys(d.app, 'enter', '300', 'tab', 'USDC', 'tab', 'SOL', 'tab', '3', 'tab', '1h', 'enter', 's');
  const dca = await waitForFrame(d.app, (f) => f.includes('y confirm'), 8000);
  assert.match(dca, /3 buys of 100 USDC → SOL, every 1 hour/);
  // what it moves: each order's amount and the service's fee on what each buys
  assert.match(dca, /Per order\s+100 USDC ≈ \$\d/);
  assert.match(
    dca.replace(/[│\s]+/g, ' '),
    /Keeper fee 0\.10% of what each order buys, kept by the service \(≈ \$0\.10 an order\)/,
  );
  await typeKeys(d.app, 'n');
  await waitForFrame(d.app, (f) => f.includes('cancelled, nothing was signed'), 5000);
  assert.equal(executes(d, 'recurring').length, 0);
});

test(':limit with slippage and a compute unit price: the dialog says both and the createOrder request carries them', async (t) => {
  const d = await open(t);
  const dialog = await limitVia(d, 'limit 1 SOL 200 USDC slippage 1% cu 5000 expiry 3d');
  assert.match(dialog, /Slippage\s+1\.00% when it fills/);
  assert.match(dialog, /Priority fee\s+5000 microlamports per compute unit/);
  assert.match(dialog, /Expiry\s+in 3 days/);
  const create = d.sim
    .requests()
    .filter((r) => r.path === '/trigger/v1/createOrder')
    .at(-1)!;
  const body = create.body as { computeUnitPrice: string; params: { slippageBps: string; expiredAt: string } };
  assert.equal(body.computeUnitPrice, '5000');
  assert.equal(body.params.slippageBps, '100');
  assert.ok(Number(body.params.expiredAt) > Date.now() / 1000 + 2.9 * 86_400);
  await typeKeys(d.app, 'n');
  await waitForFrame(d.app, (f) => f.includes('cancelled, nothing was signed'), 5000);
  assert.equal(executes(d, 'trigger').length, 0);
});

test(':limit expiry: a time without a zone is refused in one line naming the field; a date is said back as 00:00 UTC of that day', async (t) => {
  const d = await open(t);
  await typeKeys(d.app, ':', 'limit 1 SOL 200 USDC expiry 2099-01-31T10:00', 'enter');
  let f = await waitForFrame(
    d.app,
    (fr) =>
      /Not sent: expiry: 2099-01-31T10:00 has no time zone; add Z for UTC or an offset\s+such as \+01:00/.test(fr),
    5000,
  );
  assertFits(f);
  await typeKeys(d.app, 'escape', ':', 'limit 1 SOL 200 USDC expiry 2099-02-30', 'enter');
  assertFits(
    await waitForFrame(
      d.app,
      (fr) => fr.includes('Not sent: expiry: 2099-02-30 does not exist (2099-02 has 28 days)'),
      5000,
    ),
  );
  assert.equal(d.sim.requests().filter((r) => r.path === '/trigger/v1/createOrder').length, 0, 'nothing asked for');

  await typeKeys(d.app, 'escape');
  f = await limitVia(d, 'limit 1 SOL 200 USDC expiry 2099-01-31');
  assert.match(f, /Expiry\s+at 2099-01-31 00:00 UTC \(the start of that day in UTC\)/);
  assertFits(f);
  const create = d.sim
    .requests()
    .filter((r) => r.path === '/trigger/v1/createOrder')
    .at(-1)!;
  assert.equal(
    (create.body as { params: { expiredAt: string } }).params.expiredAt,
    String(Date.UTC(2099, 0, 31) / 1000),
  );
  await typeKeys(d.app, 'n');
  await waitForFrame(d.app, (fr) => fr.includes('cancelled, nothing was signed'), 5000);

  f = await limitVia(d, 'limit 1 SOL 200 USDC expiry 2099-01-31T10:00+01:00');
  assert.match(f, /Expiry\s+at 2099-01-31 09:00 UTC \(2099-01-31T10:00\+01:00 as typed\)/);
  await typeKeys(d.app, 'n');
  await waitForFrame(d.app, (fr) => fr.includes('cancelled, nothing was signed'), 5000);
  assert.equal(executes(d, 'trigger').length, 0);
});

test(':withdraw on a legacy price-based order: an amount of its input, then all of its output, each confirmed and executed once; bad words are named', async (t) => {
  const d = await open(t);
  const s = d.services;
  const user = d.wallet.address;
  const { runSigned } = await import('../../src/actions/run.js');
  const placed = runSigned(
    {
      group: 'recurring',
      action: 'test-legacy',
      build: async () => {
        const r = await s.api.recurring.create({
          user,
          inputMint: USDC_MINT,
          outputMint: NATIVE_MINT,
          params: { price: { depositAmount: '200000000', incrementUsdcValue: '50000000', interval: 3600 } },
        });
        return {
          requestId: r.requestId,
          transactions: [r.transaction],
          allowedSigners: [],
          builtAt: s.now(),
          submit: 'execute',
          summary: {},
          expect: expecting({ pays: { [USDC_TOKEN.mint]: 200_000_000n } }),
        };
      },
      describe: () => ({ title: 'legacy', lines: [] }),
    },
    s,
    'execute',
  );
  await waitForFrame(d.app, (f) => f.includes('y confirm'), 8000);
  await typeKeys(d.app, 'y');
  assert.equal((await placed).status, 'success');
  const list = await s.api.recurring.list({
    recurringType: 'all',
    orderStatus: 'active',
    user,
    page: 1,
    includeFailedTx: false,
  });
  const key = String(((list.price ?? [])[0] as { orderKey?: string } | undefined)?.orderKey);
  const executed = () => executes(d, 'recurring').length;
  const before = executed();

  await typeKeys(d.app, ':', `withdraw ${key} sideways`, 'enter');
  await waitForFrame(d.app, (f) => f.includes('"sideways": say in (the deposit left) or out'), 3000);
  await typeKeys(d.app, ':', `withdraw ${key} in 50`, 'enter');
  await waitForFrame(d.app, (f) => f.includes('y confirm'), 8000);
  await typeKeys(d.app, 'y');
  await waitForFrame(d.app, (f) => f.includes('withdraw: done'), 8000);
  const first = d.sim
    .requests()
    .filter((r) => r.path === '/recurring/v1/priceWithdraw')
    .at(-1)!.body as { inputOrOutput: string; amount?: string | null };
  assert.deepEqual([first.inputOrOutput, first.amount], ['In', '50000000']);
  // output to take: the order's first cycle has bought SOL (the simulator runs it on a slot of its clock)
  let received = 0n;
  for (let i = 0; i < 40 && received === 0n; i++) {
    d.sim.advance(1);
    const l = await s.api.recurring.list({
      recurringType: 'all',
      orderStatus: 'active',
      user,
      page: 1,
      includeFailedTx: false,
    });
    received = BigInt(String(((l.price ?? [])[0] as { rawOutReceived?: string } | undefined)?.rawOutReceived ?? '0'));
  }
  assert.ok(received > 0n, 'the first cycle bought SOL');
  await typeKeys(d.app, ':', `withdraw ${key} out all`, 'enter');
  await waitForFrame(d.app, (f) => f.includes('y confirm'), 8000);
  await typeKeys(d.app, 'y');
  await waitFor(
    () =>
      executed() === before + 2 && d.sim.requests().filter((r) => r.path === '/recurring/v1/priceWithdraw').length >= 2,
    'the second withdraw executed',
    8000,
  );
  const second = d.sim
    .requests()
    .filter((r) => r.path === '/recurring/v1/priceWithdraw')
    .at(-1)!.body as { inputOrOutput: string; amount?: string | null };
  assert.equal(second.inputOrOutput, 'Out');
  assert.ok(second.amount === undefined || second.amount === null, 'all: no amount');
  assert.equal(executed(), before + 2);
});
