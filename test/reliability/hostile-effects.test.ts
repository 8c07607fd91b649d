// `swap 0.01 SOL USDC --yes` and `quote 1 SOL USDC` run as a script would (dist/cli.js) against a
// rewriting proxy in front of the simulator: each attack of a compromised service (a token list
// lying about SOL's decimals, a transaction replaced by one CreateAccount draining the wallet, a
// program the service labels or leaves unlabelled handed the wallet or its USDC account, the
// router's output sent to another wallet, the amount rewritten on its way) is refused before
// signing with one line saying what the transaction would really do, exit status 2, and the
// simulator's request log shows no execute and no sendTransaction.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSim, type SimHandle } from '../../src/sim/index.js';
import { createDemoKeyFile, loadKeypairFile } from '../../src/wallet/keypair.js';
import { cleanEnv, runCli, type Run } from '../support/cli.js';
import { startRewritingProxy } from '../support/rewritingProxy.js';
import { SWAP_ATTACKS } from '../support/attacks.js';
import { NATIVE_MINT } from '../../src/chain/mints.js';
import { removeTree } from '../support/home.js';

let sim: SimHandle;
let home: string;
let keyPath: string;
let wallet: string;
let attacker: string;
before(async () => {
  sim = await startSim({ seed: 31, timeScale: 0 });
  home = mkdtempSync(join(tmpdir(), 'td-hostile-effects-'));
  keyPath = await createDemoKeyFile(join(home, 'keys'));
  wallet = (await loadKeypairFile(keyPath)).address;
  sim.fund(wallet);
  attacker = (await loadKeypairFile(await createDemoKeyFile(join(home, 'other')))).address;
  sim.fund(attacker);
});
after(async () => {
  await sim.stop();
  removeTree(home);
});

const run = (base: string, ...args: string[]): Promise<Run> =>
  runCli([...args, '--base-url', base, '--rpc-url', sim.rpcUrl, '--keypair', keyPath], {
    ...cleanEnv(home),
    TRADEDECK_API_KEY: 'test-key',
  });

/** What the person reads: the printed outcome's title and lines (JSON when piped), and stderr. */
function said(r: Run): string {
  try {
    const doc = JSON.parse(r.out) as { title?: string; lines?: string[] };
    return [doc.title ?? '', ...(doc.lines ?? []), r.err].join('\n');
  } catch {
    return `${r.out}\n${r.err}`;
  }
}

/** What reached the simulator since `mark`: any execute, any RPC sendTransaction. */
function sent(mark: number): string[] {
  return sim
    .requests()
    .slice(mark)
    .filter(
      (r) =>
        r.path.endsWith('/execute') ||
        (r.path === '/rpc' && JSON.stringify(r.body ?? '').includes('"sendTransaction"')),
    )
    .map((r) => r.path);
}

for (const attack of SWAP_ATTACKS) {
  test(`swap --yes: ${attack.name}: refused before signing, one line, exit 2, nothing executed or sent`, async (t) => {
    const proxy = await startRewritingProxy(t, sim.url);
    await attack.install(proxy, { wallet, attacker });
    const mark = sim.requests().length;
    const before = sim.kernel.ledger.balance(wallet, NATIVE_MINT);
    const r = await run(proxy.url, 'swap', '0.01', 'SOL', 'USDC', '--yes');
    const text = said(r);
    assert.equal(r.code, 2, text);
    assert.match(text, attack.refusal);
    assert.deepEqual(sent(mark), [], 'nothing reached execute or sendTransaction');
    assert.equal(sim.kernel.ledger.balance(wallet, NATIVE_MINT), before);
    t.diagnostic(text.split('\n').find((l) => attack.refusal.test(l)) ?? text);
  });
}

test('quote 1 SOL USDC with the amount rewritten to 0.01 SOL on its way: refused in one line naming the field', async (t) => {
  const proxy = await startRewritingProxy(t, sim.url);
  proxy.onRequest = (req) => {
    if ((req.path === '/swap/v2/order' || req.path === '/ultra/v1/order') && req.query.get('amount') === '1000000000')
      req.query.set('amount', '10000000');
    return undefined;
  };
  const r = await run(proxy.url, 'quote', '1', 'SOL', 'USDC');
  assert.equal(r.code, 2, r.err);
  assert.equal(r.out, '');
  assert.match(r.err, /inAmount: the service quoted 0\.01 SOL; you asked for 1 SOL: not shown as a quote/);
  // untouched, the same quote is shown
  proxy.onRequest = undefined;
  const ok = await run(proxy.url, 'quote', '1', 'SOL', 'USDC');
  assert.equal(ok.code, 0, ok.err);
});

test('without the attacks the same swap signs through the proxy: the refusals are the attacks', async (t) => {
  const proxy = await startRewritingProxy(t, sim.url);
  const r = await run(proxy.url, 'swap', '0.01', 'SOL', 'USDC', '--yes');
  assert.equal(r.code, 0, r.err);
  assert.match(r.err, /Your balances +−0\.01\d* SOL · \+[\d.]+ USDC \(at least [\d.]+\)/);
});
