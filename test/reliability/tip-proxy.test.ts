// A Jito tip is money leaving the wallet: `swap --jito-tip-sol` states it in the dialog in SOL and
// USD and counts it in the balance change the simulation measured; a rewriting proxy in front of
// the simulator that raises the tip in the transaction (GET /swap/v2/order's, or the tip
// instruction of GET /swap/v2/build the swap group assembles) is refused before signing, exit 2,
// and nothing reaches execute or sendTransaction. Router names pass to the service, which judges them.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NATIVE_MINT } from '../../src/chain/mints.js';
import { startSim, type SimHandle } from '../../src/sim/index.js';
import { createDemoKeyFile, loadKeypairFile } from '../../src/wallet/keypair.js';
import { cleanEnv, runCli, type Run } from '../support/cli.js';
import { startRewritingProxy } from '../support/rewritingProxy.js';
import { rewriteTransaction } from '../support/rewrite.js';

const SYSTEM = '11111111111111111111111111111111';
let sim: SimHandle;
let home: string;
let keyPath: string;
let wallet: string;
before(async () => {
  sim = await startSim({ seed: 33, timeScale: 0 });
  home = mkdtempSync(join(tmpdir(), 'td-tip-proxy-'));
  keyPath = await createDemoKeyFile(join(home, 'keys'));
  wallet = (await loadKeypairFile(keyPath)).address;
  sim.fund(wallet);
});
after(async () => {
  await sim.stop();
  rmSync(home, { recursive: true, force: true });
});

const run = (base: string, ...args: string[]): Promise<Run> =>
  runCli([...args, '--base-url', base, '--rpc-url', sim.rpcUrl, '--keypair', keyPath], {
    ...cleanEnv(home),
    TRADEDECK_API_KEY: 'test-key',
  });

/** Everything the person reads: stdout (the outcome, JSON when piped) and stderr (the dialog). */
const said = (r: Run) => `${r.out}\n${r.err}`.replace(/\n {4,}/g, ' ');

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

/** The transaction with every System transfer out of the wallet raised to `lamports`. */
function raiseTransfers(tx: string, lamports: bigint): string {
  return rewriteTransaction(tx, (ixs) =>
    ixs.map((ix) => {
      const d = ix.data ? Buffer.from(ix.data) : Buffer.alloc(0);
      if (ix.programAddress !== SYSTEM || d.readUInt32LE(0) !== 2 || ix.accounts?.[0]?.address !== wallet) return ix;
      const data = Buffer.from(d);
      data.writeBigUInt64LE(lamports, 4);
      return { ...ix, data: new Uint8Array(data) };
    }),
  );
}

const sol = () => sim.kernel.ledger.balance(wallet, NATIVE_MINT);

test('an honest tip: stated in SOL and USD in the dialog, read back from the transaction, and counted in what leaves the wallet', async (t) => {
  const proxy = await startRewritingProxy(t, sim.url);
  const before = sol();
  const r = await run(proxy.url, 'swap', '0.01', 'SOL', 'USDC', '--jito-tip-sol', '0.001', '--yes', '--json');
  assert.equal(r.code, 0, said(r));
  const text = said(r);
  assert.match(text, /Jito tip\s+0\.001 SOL ≈ \$0\.\d\d leaves the wallet \(counted in your balances above\)/);
  assert.match(text, /Tip 0\.001 SOL from you to \S+ \(leaves the wallet; counted in your balances\)/);
  // the service's prioritizationFeeLamports counts the tip too: the network fees leave it to its own line
  const fees = /Network fees\s+(\S+) SOL[^)]*\)/.exec(text.replace(/\s+/g, ' '));
  assert.ok(fees, text);
  assert.ok(Number(fees[1]) < 0.001, `the network fees without the tip: ${fees[0]}`);
  assert.match(fees[0], /the tip apart, below/);
  const balances = /Your balances\s+−([\d.]+) SOL/.exec(text)!;
  assert.ok(Number(balances[1]) >= 0.011, `the balance line counts the tip: ${balances[0]}`);
  const order = sim
    .requests()
    .filter((x) => x.path === '/swap/v2/order' && x.query.taker !== undefined)
    .at(-1)!;
  assert.equal(order.query.jitoTipLamports, '1000000');
  assert.ok(before - sol() >= 11_000_000n, 'the swap and the tip left the wallet');
});

for (const [name, path, args] of [
  ['the order route (GET /swap/v2/order)', '/swap/v2/order', []],
  ['the swap group (GET /swap/v2/build, assembled here)', '/swap/v2/build', ['--route', 'swap']],
] as const)
  test(`a proxy that raises the tip in ${name}: refused before signing, one line, exit 2, nothing sent`, async (t) => {
    const proxy = await startRewritingProxy(t, sim.url);
    proxy.onAnswer = (req, answer) => {
      if (req.path !== path) return answer;
      const a = answer as { transaction?: string; tipInstruction?: { data: string } | null };
      if (path === '/swap/v2/order')
        return a.transaction ? { ...a, transaction: raiseTransfers(a.transaction, 50_000_000n) } : answer;
      if (!a.tipInstruction) return answer;
      const data = Buffer.from(a.tipInstruction.data, 'base64');
      data.writeBigUInt64LE(50_000_000n, 4);
      return { ...a, tipInstruction: { ...a.tipInstruction, data: data.toString('base64') } };
    };
    const mark = sim.requests().length;
    const before = sol();
    const r = await run(proxy.url, 'swap', '0.01', 'SOL', 'USDC', '--jito-tip-sol', '0.001', ...args, '--yes');
    assert.equal(r.code, 2, said(r));
    assert.match(
      said(r),
      /the transaction sends 0\.05 SOL from the wallet to \S+: more than the 0\.001 SOL tip you asked/,
    );
    assert.deepEqual(sent(mark), [], 'nothing reached execute or sendTransaction');
    assert.equal(sol(), before);
  });

test('a proxy that adds a tip nobody asked for: refused before signing', async (t) => {
  const proxy = await startRewritingProxy(t, sim.url);
  // asked without a tip, the answer is swapped for the order of the same swap with one
  proxy.onRequest = (req) => {
    if (req.path === '/swap/v2/order' && req.query.get('taker')) req.query.set('jitoTipLamports', '5000000');
    return undefined;
  };
  const mark = sim.requests().length;
  const r = await run(proxy.url, 'swap', '0.01', 'SOL', 'USDC', '--yes');
  assert.equal(r.code, 2, said(r));
  assert.match(said(r), /sends 0\.005 SOL from the wallet to \S+, which is not the wallet's own account/);
  assert.deepEqual(sent(mark), []);
});

test('--exclude-routers jupiterz reaches the service as typed; a name the service refuses is said in its words, in one line', async () => {
  const ok = await run(sim.url, 'swap', '0.01', 'SOL', 'USDC', '--exclude-routers', 'jupiterz', '--yes', '--json');
  assert.equal(ok.code, 0, said(ok));
  const order = sim
    .requests()
    .filter((x) => x.path === '/swap/v2/order')
    .at(-1)!;
  assert.equal(order.query.excludeRouters, 'jupiterz');
  const quote = await run(sim.url, 'quote', '0.01', 'SOL', 'USDC', '--exclude-routers', 'okx,dflow', '--json');
  assert.equal(quote.code, 0, quote.err);
  assert.equal(
    sim
      .requests()
      .filter((x) => x.path === '/swap/v2/order')
      .at(-1)!.query.excludeRouters,
    'okx,dflow',
  );

  const mark = sim.requests().length;
  const refused = await run(sim.url, 'swap', '0.01', 'SOL', 'USDC', '--exclude-routers', 'bogus', '--yes');
  assert.equal(refused.code, 1, said(refused));
  const outcome = JSON.parse(refused.out) as { status: string; lines: string[] };
  assert.equal(outcome.status, 'failed');
  assert.deepEqual(outcome.lines, [
    'GET /swap/v2/order: HTTP 400: excludeRouters: unknown router "bogus"; the routers are metis, jupiterz, dflow, okx',
  ]);
  assert.deepEqual(sent(mark), []);
  const q = await run(sim.url, 'quote', '0.01', 'SOL', 'USDC', '--exclude-routers', 'bogus');
  assert.equal(q.code, 1);
  assert.match(
    q.err,
    /^tradedeck quote: GET \/swap\/v2\/order: HTTP 400: excludeRouters: unknown router "bogus"; the routers are metis, jupiterz, dflow, okx\n$/,
  );
});
