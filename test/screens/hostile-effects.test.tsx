// The dashboard against a rewriting proxy in front of the simulator: `:swap 0.01 SOL USDC` under
// each attack of a compromised service is refused before any dialog, the Swap screen saying in one
// line what the transaction would really do, and nothing is journalled, executed or sent. Then the
// dialog's balance lines are shown to be the simulation's: the transaction's effect changed by the
// proxy (the router's output rewritten) changes the dialog's "Your balances" line.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startSim, type SimHandle } from '../../src/sim/index.js';
import { typeKeys, waitFor, waitForFrame } from '../support/ink.js';
import { startDashboard, type Dashboard } from '../support/dashboard.js';
import { startRewritingProxy, type RewritingProxy } from '../support/rewritingProxy.js';
import { SWAP_ATTACKS } from '../support/attacks.js';
import { createDemoKeyFile, loadKeypairFile } from '../../src/wallet/keypair.js';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rewriteTransaction } from '../support/rewrite.js';
import { SIM_PROGRAMS } from '../../src/chain/programs.js';

type T = { after(fn: () => unknown): void };

/** A simulator, a rewriting proxy in front of it, and another funded wallet (the attacker's). */
async function hostileWorld(t: T): Promise<{ sim: SimHandle; proxy: RewritingProxy; attacker: string }> {
  const sim = await startSim({ seed: 37, timeScale: 0 });
  t.after(() => sim.stop());
  const attacker = (await loadKeypairFile(await createDemoKeyFile(mkdtempSync(join(tmpdir(), 'td-attacker-')))))
    .address;
  sim.fund(attacker);
  const proxy = await startRewritingProxy(t, sim.url);
  return { sim, proxy, attacker };
}

/** The dashboard in live mode through the proxy, on the Swap screen at 80x24, its wallet funded. */
async function open(t: T, w: { sim: SimHandle; proxy: RewritingProxy }): Promise<Dashboard> {
  const d = await startDashboard({
    columns: 80,
    rows: 24,
    screen: 'swap',
    config: {
      mode: 'live',
      baseUrl: w.proxy.url,
      apiKey: 'test-key',
      rpcUrl: w.sim.rpcUrl,
      rpcUrls: [w.sim.rpcUrl],
    },
  });
  t.after(() => d.close());
  w.sim.fund(d.wallet.address);
  await waitForFrame(d.app, (f) => f.includes('From'), 10_000);
  return d;
}

/** The frame's text with its line breaks, the "!" that marks a warning's lines and box edges taken out (a line wrapped at 80 columns reads whole). */
const flat = (frame: string) =>
  frame
    .replace(/[│╭╮╰╯─]/g, ' ')
    .replace(/\n\s*!?\s*/g, ' ')
    .replace(/\s+/g, ' ');

/** Every execute and RPC sendTransaction the simulator received. */
const sent = (sim: SimHandle) =>
  sim
    .requests()
    .filter(
      (r) =>
        r.path.endsWith('/execute') ||
        (r.path === '/rpc' && JSON.stringify(r.body ?? '').includes('"sendTransaction"')),
    );

for (const attack of SWAP_ATTACKS) {
  test(`:swap under attack: ${attack.name}: the Swap screen says why, no dialog, nothing signed`, async (t) => {
    const w = await hostileWorld(t);
    const d = await open(t, w);
    await attack.install(w.proxy, { wallet: d.wallet.address, attacker: w.attacker });
    await typeKeys(d.app, ':', 'swap 0.01 SOL USDC', 'enter');
    const frame = await waitForFrame(
      d.app,
      (f) => /Refused: nothing was signed|Not sent/.test(f) && attack.refusal.test(flat(f)),
      20_000,
    );
    if (process.env.SHOW) console.log(frame);
    for (const l of frame.split('\n')) assert.ok([...l].length <= 80, `wider than 80: ${l}`);
    assert.equal(d.services.confirm.getState().queue.length, 0, 'no dialog');
    assert.deepEqual(await d.services.journal!.entries(), [], 'nothing journalled');
    assert.deepEqual(sent(w.sim), [], 'nothing executed or sent');
  });
}

/** Rewrites the route instruction's quoted output (what the router pays out) to `out`. */
function routeOutput(tx: string, out: bigint): string {
  return rewriteTransaction(tx, (ixs) =>
    ixs.map((ix) => {
      if (ix.programAddress !== SIM_PROGRAMS.router) return ix;
      const data = Buffer.from(ix.data ?? new Uint8Array());
      data.writeBigUInt64LE(out, 9 + 2 * data[8] + 8);
      return { ...ix, data: new Uint8Array(data) };
    }),
  );
}

test("the dialog's balance lines are the simulation's: the transaction's output changed, the line changes; n signs nothing", async (t) => {
  const w = await hostileWorld(t);
  const d = await open(t, w);
  const balances = async () => {
    await typeKeys(d.app, ':', 'swap 0.01 SOL USDC', 'enter');
    const frame = await waitForFrame(d.app, (f) => f.includes('y confirm'), 20_000);
    const line = flat(frame).match(/Your balances (−[\d.]+ SOL · \+[\d.]+ USDC \(at least [\d.]+\))/);
    assert.ok(line, frame);
    await typeKeys(d.app, 'n');
    await waitFor(() => d.services.confirm.getState().queue.length === 0, 'the dialog closed', 5000);
    return line[1];
  };
  const honest = await balances();
  // the router now pays out 1.234567 USDC more than the order's minimum: the dialog shows exactly that
  let minimum = 0n;
  w.proxy.onAnswer = (req, answer) => {
    if (req.path !== '/swap/v2/order' && req.path !== '/ultra/v1/order') return answer;
    const order = answer as { transaction?: string; otherAmountThreshold: string };
    if (!order.transaction) return answer;
    minimum = BigInt(order.otherAmountThreshold);
    return { ...order, transaction: routeOutput(order.transaction, minimum + 1_234_567n) };
  };
  const changed = await balances();
  assert.notEqual(changed, honest);
  const usdc = (minimum + 1_234_567n).toString().padStart(7, '0');
  const shown = `${usdc.slice(0, -6)}.${usdc.slice(-6)}`.replace(/\.?0+$/, '');
  assert.match(changed, new RegExp(`· \\+${shown.replace('.', '\\.')} USDC`), changed);
  assert.deepEqual(await d.services.journal!.entries(), [], 'n signed nothing');
  assert.deepEqual(sent(w.sim), []);
});
