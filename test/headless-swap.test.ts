// `tradedeck swap` and `tradedeck quote`, run as a script would (dist/cli.js) against a simulator
// this test holds: the swap executes once through the signing pipeline and prints what moved; the
// quote asks the route the swap takes, so both report the same amounts for the same market state.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { CLI, TEST_CLI, cleanEnv, runCli, startSignerRig, type Run, type SignerRig } from './support/cli.js';
import { openTerminal } from './support/pty.js';
import type { SimHandle } from '../src/sim/index.js';
import { randomBytes } from 'node:crypto';
import { encodeBase58 } from '../src/chain/base58.js';

/** The dialog as one line per line of its own: what goes on under a value at 80 columns joined back. */
const unwrap = (text: string) => text.replace(/\n {4,}/g, ' ');
import { USDC_MINT } from '../src/chain/mints.js';
import { nth } from './support/narrow.js';

let rig: SignerRig;
let sim: SimHandle;

before(async () => {
  // the market held still: a quote and the swap after it price the same state
  rig = await startSignerRig(17, 'td-headless-swap-', { timeScale: 0 });
  ({ sim } = rig);
});
after(() => rig.close());

const run = (...args: string[]): Promise<Run> => rig.run(...args);
const count = (path: string) => sim.requests().filter((r) => r.path === path).length;

test('swap without a terminal and without --yes sends nothing (exit 2)', async () => {
  const orders = count('/swap/v2/order');
  const r = await run('swap', '0.1', 'SOL', 'USDC');
  assert.equal(r.code, 2);
  assert.match(unwrap(r.err), /refusing to sign: there is no terminal to ask for confirmation; pass --yes/);
  assert.equal(count('/swap/v2/order'), orders);
  assert.equal(count('/swap/v2/execute'), 0);
});

test('swap --yes executes exactly once and prints the signature and the executed amounts', async () => {
  const r = await run('swap', '0.1', 'SOL', 'USDC', '--yes');
  assert.equal(r.code, 0, r.err);
  assert.match(unwrap(r.err), /Swap 0\.1 SOL for USDC \(order, \/swap\/v2\)/);
  assert.match(unwrap(r.err), /--yes: signing without asking/);
  const out = JSON.parse(r.out) as Record<string, string>;
  assert.equal(out.status, 'success');
  assert.equal(out.route, 'order');
  assert.match(out.signature ?? '', /^[1-9A-HJ-NP-Za-km-z]{80,90}$/);
  assert.equal(out.inAmount, '100000000');
  assert.match(out.outAmount ?? '', /^\d+$/);
  const executes = sim.requests().filter((x) => x.path === '/swap/v2/execute');
  assert.equal(executes.length, 1);
  const order = sim
    .requests()
    .filter((x) => x.path === '/swap/v2/order')
    .at(-1)!;
  assert.equal(order.query.amount, '100000000');
});

test('quote asks the route swap takes: the order group by default, the swap group with its options', async () => {
  const orders = count('/swap/v2/order');
  const quotes = count('/swap/v1/quote');
  const q = await run('quote', '0.1', 'SOL', 'USDC');
  assert.equal(q.code, 0, q.err);
  assert.equal(count('/swap/v2/order'), orders + 1);
  assert.equal(count('/swap/v1/quote'), quotes);
  // the order route's current generation takes a slippage of the person's
  const slipped = await run('quote', '0.1', 'SOL', 'USDC', '--slippage-bps', '100', '--table');
  assert.equal(slipped.code, 0, slipped.err);
  assert.match(slipped.out, /quoted by {5}order group \(GET \/swap\/v2\/order\)/);
  assert.equal(
    sim
      .requests()
      .filter((x) => x.path === '/swap/v2/order')
      .at(-1)!.query.slippageBps,
    '100',
  );
  assert.equal(count('/swap/v1/quote'), quotes);
  // an exact output is the swap group's
  const table = await run('quote', '0.1', 'SOL', 'USDC', '--exact-out', '--table');
  assert.equal(table.code, 0, table.err);
  assert.match(table.out, /quoted by {5}swap group \(GET \/swap\/v1\/quote\)/);
  assert.equal(count('/swap/v1/quote'), quotes + 1);
  const wrong = await run('quote', '0.1', 'SOL', 'USDC', '--exact-out', '--route', 'order');
  assert.equal(wrong.code, 2);
  assert.match(unwrap(wrong.err), /--route order: .*ExactOut needs --route swap/);
  const bad = await run('swap', '0.1', 'SOL', 'USDC', '--route', 'fast', '--yes');
  assert.equal(bad.code, 2);
  assert.match(unwrap(bad.err), /--route: "order" or "swap" \(got "fast"\)/);
});

test('quote and swap report the same outAmount for the same simulator state', async () => {
  const q = await run('quote', '0.2', 'SOL', 'USDC');
  assert.equal(q.code, 0, q.err);
  const quoted = (JSON.parse(q.out) as { outAmount: string }).outAmount;
  const r = await run('swap', '0.2', 'SOL', 'USDC', '--yes');
  assert.equal(r.code, 0, r.err);
  assert.equal((JSON.parse(r.out) as { outAmount: string }).outAmount, quoted);
});

test('swap --route swap builds through the swap group, sends by RPC and reports the tokens moved', async () => {
  const sends = sim
    .requests()
    .filter(
      (x) => x.path.startsWith('/rpc') && (x.body as { method?: string } | undefined)?.method === 'sendTransaction',
    ).length;
  const r = await run('swap', '0.1', 'SOL', 'USDC', '--route', 'swap', '--slippage-bps', '100', '--yes', '--json');
  assert.equal(r.code, 0, r.err);
  const out = JSON.parse(r.out) as Record<string, string>;
  assert.equal(out.status, 'success');
  assert.equal(out.route, 'swap');
  assert.match(out.outAmount ?? '', /^[1-9]\d*$/);
  // the swap group's current generation: GET /swap/v2/build, assembled here and sent by RPC
  assert.equal(out.path, 'GET /swap/v2/build, sent by RPC');
  const build = sim
    .requests()
    .filter((x) => x.path === '/swap/v2/build')
    .at(-1)!.query;
  assert.equal(build.slippageBps, '100');
  assert.equal(
    sim
      .requests()
      .filter(
        (x) => x.path.startsWith('/rpc') && (x.body as { method?: string } | undefined)?.method === 'sendTransaction',
      ).length,
    sends + 1,
  );
});

test('swap names bad input before anything is signed (exit 2)', async () => {
  const executes = count('/swap/v2/execute');
  for (const args of [
    ['0', 'SOL', 'USDC'],
    ['0.1', 'SOL', 'SOL'],
    ['0.1', 'SOL', 'NOSUCHTOKEN'],
    ['-1', 'SOL', 'USDC'],
  ]) {
    const r = await run('swap', ...args, '--yes');
    assert.equal(r.code, 2, `${args.join(' ')}: ${r.err}`);
    assert.match(unwrap(r.err), /^tradedeck swap: .+/);
    assert.doesNotMatch(unwrap(r.err), /\n\s+at /);
  }
  const slip = await run('swap', '0.1', 'SOL', 'USDC', '--slippage-bps', '1.5', '--yes');
  assert.equal(slip.code, 2);
  assert.match(unwrap(slip.err), /--slippage-bps: must be a whole number/);
  assert.equal(count('/swap/v2/execute'), executes);
});

test('swap --receiver: the order request carries it with the routers left out; stderr says plainly where the output goes, the JSON too', async () => {
  const them = encodeBase58(randomBytes(32));
  const r = await run(
    'swap',
    '0.1',
    'SOL',
    'USDC',
    '--receiver',
    them,
    '--exclude-routers',
    'partnerz,partnerx',
    '--yes',
    '--json',
  );
  assert.equal(r.code, 0, r.err);
  // (the dialog's lines go on under their value at 80 columns)
  assert.match(unwrap(r.err), new RegExp(`Output goes to\\s+${them} \\(another wallet,\\s+NOT this one\\)  \\(!\\)`));
  assert.match(unwrap(r.err), new RegExp(`warning: The output goes to ${them}, not to this wallet`));
  const out = JSON.parse(r.out) as { sentTo: string; lines: string[] };
  assert.equal(out.sentTo, them);
  assert.match(nth(out.lines, 0), new RegExp(`USDC went to ${them} \\(not this wallet\\)`));
  const order = sim
    .requests()
    .filter((x) => x.path === '/swap/v2/order')
    .at(-1)!.query;
  assert.equal(order.receiver, them);
  assert.equal(order.excludeRouters, 'partnerz,partnerx');
  assert.ok(sim.kernel.ledger.balance(them, USDC_MINT) > 0n);
});

test('swap and quote refuse hostile order options before any request (exit 2): bad base58, empty or unknown routers, a receiver on the swap route', async () => {
  const orders = count('/swap/v2/order');
  const quotes = count('/swap/v1/quote');
  for (const [args, message] of [
    [
      ['--receiver', '0OIl0OIl0OIl0OIl0OIl0OIl0OIl0OIl'],
      /--receiver: must be a base58 address of 32 bytes \(got "0OIl/,
    ],
    [['--payer', 'abc'], /--payer: must be a base58 address of 32 bytes/],
    [['--exclude-routers', ''], /--exclude-routers: needs a value \(R,R\), got nothing/],
    [['--exclude-routers', 'iris,'], /--exclude-routers: item 2 is empty/],
    [
      ['--exclude-routers', 'metis,jupiter z'],
      /--exclude-routers: "jupiter z" is not a router name \(letters, digits and _ \. \+ -, without spaces or control characters\)/,
    ],
    [['--referral-fee', '300', '--referral-account', rig.address], /--referral-fee: must be from 50 to 255/],
    [['--receiver', rig.address, '--route', 'swap'], /--receiver: the order route's only, and --route swap/],
    [['--wrap-and-unwrap-sol', 'no'], /--wrap-and-unwrap-sol: true or false \(got "no"\)/],
  ] as Array<[string[], RegExp]>) {
    for (const command of ['swap', 'quote']) {
      const r = await run(command, '0.1', 'SOL', 'USDC', ...args, ...(command === 'swap' ? ['--yes'] : []));
      assert.equal(r.code, 2, `${command} ${args.join(' ')}: ${r.err}`);
      assert.match(unwrap(r.err), message);
      assert.doesNotMatch(unwrap(r.err), /\n\s+at /);
    }
  }
  assert.equal(count('/swap/v2/order'), orders);
  assert.equal(count('/swap/v1/quote'), quotes);
});

test('swap with its own address as receiver sends none; quote asks with the order options; --route swap sends the build options', async () => {
  const own = await run('swap', '0.05', 'SOL', 'USDC', '--receiver', rig.address, '--yes', '--json');
  assert.equal(own.code, 0, own.err);
  assert.doesNotMatch(unwrap(own.err), /Output goes to|goes to .*not to this wallet/);
  assert.equal(
    'receiver' in
      sim
        .requests()
        .filter((x) => x.path === '/swap/v2/order')
        .at(-1)!.query,
    false,
  );

  const them = encodeBase58(randomBytes(32));
  const q = await run(
    'quote',
    '0.1',
    'SOL',
    'USDC',
    '--receiver',
    them,
    '--payer',
    them,
    // an integrator payer routes through metis alone (GET /swap/v2/order): another router is left out
    '--exclude-routers',
    'jupiterz',
    '--table',
  );
  assert.equal(q.code, 0, q.err);
  assert.match(q.out, new RegExp(`receiver      ${them} \\(the output goes\\s+there\\)`));
  const asked = sim
    .requests()
    .filter((x) => x.path === '/swap/v2/order')
    .at(-1)!.query;
  assert.deepEqual(
    [asked.receiver, asked.payer, asked.excludeRouters, 'taker' in asked],
    [them, them, 'jupiterz', false],
  );

  const b = await run(
    'swap',
    '5',
    'USDC',
    'SOL',
    '--wrap-and-unwrap-sol',
    'false',
    '--use-shared-accounts',
    'false',
    '--compute-unit-price-micro-lamports',
    '1000',
    '--blockhash-slots-to-expiry',
    '40',
    '--yes',
    '--json',
  );
  assert.equal(b.code, 0, b.err);
  assert.equal(JSON.parse(b.out).route, 'swap');
  assert.match(unwrap(b.err), /Build\s+no SOL wrapping .* valid for 40 slots \(about 16 s\) · shared accounts off/);
  const body = sim
    .requests()
    .filter((x) => x.path === '/swap/v1/swap')
    .at(-1)!.body as Record<string, unknown>;
  assert.deepEqual(
    [body.wrapAndUnwrapSol, body.useSharedAccounts, body.computeUnitPriceMicroLamports, body.blockhashSlotsToExpiry],
    [false, false, 1000, 40],
  );
});

test('swap on a terminal at 80x24 shows the dialog and asks; n sends nothing, y swaps once', async (t) => {
  const args = ['swap', '0.1', 'SOL', 'USDC', '--base-url', sim.url, '--rpc-url', sim.rpcUrl, '--keypair', rig.keyPath];
  const env = { ...cleanEnv(rig.home), TRADEDECK_API_KEY: 'test-key' };
  const executes = count('/swap/v2/execute');
  const no = await openTerminal(t, { command: [process.execPath, CLI, ...args], cols: 80, rows: 24, env });
  await no.waitFor(/Sign and send\? \[y\/N\]/, 20_000);
  assert.match(no.screen(), /Quoted\s+0\.1 SOL/);
  no.send('n');
  no.press('Enter');
  assert.equal(await no.exited(), 1);
  assert.match(no.screen(), /Cancelled: nothing was signed or sent/);
  assert.equal(count('/swap/v2/execute'), executes);

  const yes = await openTerminal(t, { command: [process.execPath, CLI, ...args], cols: 80, rows: 24, env });
  await yes.waitFor(/Sign and send\? \[y\/N\]/, 20_000);
  yes.send('y');
  yes.press('Enter');
  assert.equal(await yes.exited(), 0);
  assert.match(yes.screen(), /Success/);
  assert.match(yes.screen(), /Paid 0\.1 SOL, received [\d.,]+ USDC/);
  for (const line of yes.screen().split('\n')) assert.ok(line.length <= 80, line);
  assert.equal(count('/swap/v2/execute'), executes + 1);
});

test("kill -9 after a headless swap's execute answered: the next signing command settles it with the same signed transaction, once", async () => {
  const executesBefore = sim.requests().filter((x) => x.path === '/swap/v2/execute');
  const killed = await runCli(
    ['swap', '0.1', 'SOL', 'USDC', '--yes', '--base-url', sim.url, '--rpc-url', sim.rpcUrl, '--keypair', rig.keyPath],
    {
      ...cleanEnv(rig.home),
      TRADEDECK_API_KEY: 'test-key',
      TRADEDECK_TEST_KILL_AT: 'after-execute',
    },
    TEST_CLI,
  );
  assert.equal(killed.code, null, 'killed by SIGKILL');
  const sent = sim
    .requests()
    .filter((x) => x.path === '/swap/v2/execute')
    .slice(executesBefore.length);
  assert.equal(sent.length, 1);
  const signed = (nth(sent, 0).body as { signedTransaction: string }).signedTransaction;

  const next = await run('swap', '0.1', 'SOL', 'USDC', '--yes');
  assert.equal(next.code, 0, next.err);
  assert.match(unwrap(next.err), /journal: 1 unfinished transaction from an earlier run checked: swap 0\.1 SOL/);
  const after = sim
    .requests()
    .filter((x) => x.path === '/swap/v2/execute')
    .slice(executesBefore.length);
  const bodies = after.map((x) => (x.body as { signedTransaction: string }).signedTransaction);
  // the killed one re-posted as it was signed (never signed anew), then the new swap: two transactions
  assert.equal(bodies.filter((b) => b === signed).length, 2);
  assert.equal(new Set(bodies).size, 2);
});
