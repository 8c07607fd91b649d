// The service's DCA from the vault in the whole app, as a person types it at 80x24: `:dca …
// custody vault` asks to register the vault (nothing signed), then the deposit (its custody, the
// rounds in the token and in USD, a transfer from the wallet to its vault), and the order is listed
// on the Vault list with what the simulator received; the DCA form's Custody field does the same;
// mistyped, doubled or missing custody words and amounts under the service's minimum are refused in
// one line with nothing sent; a hostile service changing the deposit is refused before any dialog
// of the deposit, nothing signed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assertFits80, flatFrame, typeKeys, waitFor, waitForFrame } from '../support/ink.js';
import { openOrders, startDashboard } from '../support/dashboard.js';
import { startSim, type SimHandle } from '../../src/sim/index.js';
import { startRewritingProxy, type RewritingProxy } from '../support/rewritingProxy.js';
import { appendInstructions, instruction } from '../support/rewrite.js';
import { createDemoKeyFile, loadKeypairFile } from '../../src/wallet/keypair.js';

const open = openOrders;

const flat = flatFrame;

const fits = (frame: string) => assertFits80(frame);

const v2 = (d: { sim: SimHandle }, path: string) => d.sim.requests().filter((r) => r.path.startsWith(path));

/** The line of the frame that holds `text` (a one-line message is on one line). */
function lineWith(frame: string, text: string): string {
  const line = frame.split('\n').find((l) => l.includes(text));
  assert.ok(line, `no line with "${text}" in\n${frame}`);
  return line;
}

test(':dca … custody vault: custody words refused in one line, the minimum checked, then the vault registered, the deposit confirmed and the DCA listed on the Vault list', async (t) => {
  const d = await open(t);
  const refusals: Array<[string, string]> = [
    ['dca 40 USDC SOL 2 1h custody valt', ':dca: custody: "valt" is not wallet or vault'],
    ['dca 40 USDC SOL 2 1h custody', ':dca: custody: give wallet or vault'],
    ['dca 40 USDC SOL 2 1h custody vault custody wallet', ':dca: custody: given twice'],
    ['dca 40 USDC SOL 2 1h custody=vault custody vault', ':dca: custody: given twice'],
    ['dca 40 USDC SOL 2 1h vault', ':dca: unexpected "vault": write custody vault'],
    ['dca 15 USDC SOL 2 1h custody vault', ":dca: total: $15.00 is under the service's minimum of 20 USD"],
    [
      'dca 50 USDC SOL 10 1h custody vault',
      ":dca: orders: each of 10 rounds would be $5.00, under the service's 10 USD",
    ],
    ['dca 40 USDC SOL 2 400d custody vault', ":dca: interval: the service's DCA takes 60 seconds to 365 days"],
  ];
  for (const [typed, said] of refusals) {
    await typeKeys(d.app, ':', typed, 'enter');
    const frame = await waitForFrame(d.app, (f) => f.includes(said), 5000);
    fits(frame);
    lineWith(frame, said);
    assert.equal(d.services.confirm.getState().queue.length, 0, `${typed}: no dialog`);
  }
  // the Vault list, shown, logs in and reads; nothing was deposited or placed
  assert.deepEqual(v2(d, '/trigger/v2/deposit'), [], 'no deposit crafted');
  assert.deepEqual(v2(d, '/trigger/v2/orders/dca'), [], 'no order placed');

  await typeKeys(d.app, ':', 'dca 40 USDC SOL 2 1h custody vault', 'enter');
  let frame = await waitForFrame(d.app, (f) => f.includes('Register a vault') && f.includes('y confirm'), 8000);
  assert.match(
    flat(frame),
    /these funds move to a vault that the service's custody provider holds; orders fill from it without asking you/,
  );
  await typeKeys(d.app, 'G', 'y');
  frame = await waitForFrame(d.app, (f) => f.includes('DCA from the vault') && f.includes('y confirm'), 8000);
  fits(frame);
  assert.match(flat(frame), /DCA from the vault: 40 USDC into SOL over 2 rounds, one every 1 hour/);
  assert.match(flat(frame), /Rounds 2 of 20 USDC \(about \$20\.00\) each/);
  await typeKeys(d.app, 'G');
  frame = await waitForFrame(d.app, (f) => /Fills/.test(f), 5000);
  const dialog = flat(frame);
  assert.match(dialog, /You deposit 40 USDC .*from your wallet to your vault/);
  assert.match(dialog, /Custody these funds move to a vault that the service's custody provider holds/);
  await typeKeys(d.app, 'y');
  frame = await waitForFrame(
    d.app,
    (f) => f.includes('Limit DCA Standing [Vault]') && /USDC→SOL\s+40 USDC\s+dca [01]\/2 every 1 hour/.test(f),
    15_000,
  );
  fits(frame);
  assert.match(flat(frame), /DCA from the vault: order \S+ placed/);
  // a DCA does not expire: the column says when its next round runs
  assert.match(frame, /dca [01]\/2 every 1 hour\s+\d+% next (\d+[smh]|due)\s+active/);
  const body = v2(d, '/trigger/v2/orders/dca')[0]?.body as Record<string, unknown>;
  assert.equal(body.orderCount, 2);
  assert.equal(body.intervalSeconds, 3600);
  assert.equal(body.inputAmount, '40000000');
  assert.equal(body.orderType, 'time_based');
  const craft = v2(d, '/trigger/v2/deposit/craft')[0]?.body as Record<string, unknown>;
  assert.equal(craft.orderType, 'dca');
  assert.equal(craft.amount, '40000000');
  // journalled as the vault's deposit
  const entries = await d.services.journal!.entries();
  assert.deepEqual(
    entries.filter((e) => e.group === 'vault').map((e) => [e.action, e.status]),
    [['create-dca', 'success']],
  );
});

test("the DCA form's Custody field: vault places the service's DCA (its title says so); a mistyped custody lands on the field", async (t) => {
  const d = await open(t);
  // t to DCA, n: the DCA form
  await typeKeys(d.app, 't', 'n');
  let frame = await waitForFrame(d.app, (f) => f.includes('New DCA: spend a total'), 5000);
  assert.match(frame, /Custody\s+wallet or vault\s+wallet \(default\): service's order; vault/);
  fits(frame);
  for (const v of ['40', 'USDC', 'SOL', '2', '1h']) await typeKeys(d.app, 'enter', v, 'enter', 'j');
  // First order left empty; Custody mistyped
  await typeKeys(d.app, 'j', 'enter', 'valt', 'enter', 's');
  frame = await waitForFrame(d.app, (f) => f.includes('✗ custody: "valt" is not wallet or vault'), 5000);
  fits(frame);
  assert.deepEqual(v2(d, '/trigger/v2/'), [], 'nothing sent, not even a login (the DCA list is shown)');
  await typeKeys(d.app, 'enter', 'ctrl+u', 'vault', 'enter');
  frame = await waitForFrame(d.app, (f) => f.includes("New DCA from your vault: the service's"), 5000);
  assert.match(frame, /Custody\s+vault\s+the service's vault holds the funds/);
  fits(frame);
  await typeKeys(d.app, 's');
  await waitForFrame(d.app, (f) => f.includes('Register a vault') && f.includes('y confirm'), 8000);
  await typeKeys(d.app, 'G', 'y');
  await waitForFrame(d.app, (f) => f.includes('DCA from the vault: 40 USDC into SOL') && f.includes('y confirm'), 8000);
  await typeKeys(d.app, 'G', 'y');
  frame = await waitForFrame(
    d.app,
    (f) => f.includes('Limit DCA Standing [Vault]') && /USDC→SOL\s+40 USDC\s+dca [01]\/2 every 1 hour/.test(f),
    15_000,
  );
  fits(frame);
  assert.equal(v2(d, '/trigger/v2/orders/dca').length, 1);
});

test(':dca … custody vault against a service that changes the deposit: refused before its dialog, nothing signed, no order made', async (t) => {
  const sim = await startSim({ seed: 41, timeScale: 0 });
  t.after(() => sim.stop());
  const attacker = (await loadKeypairFile(await createDemoKeyFile(mkdtempSync(join(tmpdir(), 'td-attacker-')))))
    .address;
  const proxy: RewritingProxy = await startRewritingProxy(t, sim.url);
  const d = await startDashboard({
    columns: 80,
    rows: 24,
    screen: 'orders',
    config: { mode: 'live', baseUrl: proxy.url, apiKey: 'test-key', rpcUrl: sim.rpcUrl, rpcUrls: [sim.rpcUrl] },
  });
  t.after(() => d.close());
  sim.fund(d.wallet.address);
  await waitForFrame(d.app, (f) => f.includes('[Limit] DCA Standing Vault'), 10_000);
  // the deposit as crafted, and a transfer of 0.05 SOL from the wallet to another wallet after it
  const lamports = Buffer.alloc(8);
  lamports.writeBigUInt64LE(50_000_000n);
  proxy.onAnswer = (req, answer) => {
    if (req.path !== '/trigger/v2/deposit/craft') return answer;
    const a = answer as { transaction: string };
    return {
      ...a,
      transaction: appendInstructions(
        a.transaction,
        instruction(
          '11111111111111111111111111111111',
          [
            [d.wallet.address, 'ws'],
            [attacker, 'w'],
          ],
          Buffer.concat([Buffer.from(new Uint32Array([2]).buffer), lamports]),
        ),
      ),
    };
  };
  const asked: string[] = [];
  d.services.confirm.subscribe((st) => {
    const title = st.queue[0]?.view.title;
    if (title && !asked.includes(title)) asked.push(title);
  });
  await typeKeys(d.app, ':', 'dca 40 USDC SOL 2 1h custody vault', 'enter');
  await waitForFrame(d.app, (f) => f.includes('Register a vault') && f.includes('y confirm'), 10_000);
  await typeKeys(d.app, 'G', 'y');
  const frame = await waitForFrame(d.app, (f) => f.includes('Not placed:'), 20_000);
  fits(frame);
  if (process.env.SHOW) console.log(frame);
  assert.ok(
    flat(frame).includes(`sends 0.05 SOL from the wallet to ${attacker}, which is not the wallet's own account`),
    frame,
  );
  assert.deepEqual(
    asked.map((a) => a.replace(/ for wallet .*/, '')),
    ['Register a vault'],
    'no dialog of the deposit',
  );
  await waitFor(() => d.services.confirm.getState().queue.length === 0, 'no dialog open', 3000);
  assert.deepEqual(
    (await d.services.journal!.entries()).filter((e) => e.group === 'vault'),
    [],
    'nothing journalled or signed',
  );
  assert.deepEqual(v2({ sim }, '/trigger/v2/orders/dca'), [], 'no order made');
});
