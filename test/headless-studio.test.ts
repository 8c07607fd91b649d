// `tradedeck studio create` and `tradedeck studio claim`, run as a person would (dist/cli.js)
// against a simulator this test holds: --yes signs without asking, no terminal and no --yes
// requests nothing (exit 2), every bad field is named by its flag before any request, and a claim
// after the simulator's clock moved pays the creator.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLI, cleanEnv, runCli, startSignerRig, type Run, type SignerRig } from './support/cli.js';
import { USDC_MINT } from '../src/chain/mints.js';
import type { SimHandle } from '../src/sim/index.js';
import { nth } from './support/narrow.js';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

let rig: SignerRig;
let sim: SimHandle;
let home: string;
let address: string;
let image: string;

before(async () => {
  rig = await startSignerRig(11, 'td-headless-studio-');
  ({ sim, home, address } = rig);
  image = join(home, 'logo.png');
  writeFileSync(image, PNG);
});
after(() => rig.close());

const run = (...args: string[]): Promise<Run> => rig.run(...args);

const studioRequests = () => sim.requests().filter((r) => r.path.startsWith('/studio/'));
const sends = () =>
  sim
    .requests()
    .filter((r) => r.path === '/rpc' && (r.body as { method?: string } | null)?.method === 'sendTransaction');
async function usdc(): Promise<bigint> {
  const r = (await (await fetch(`${sim.url}/__sim/balances?address=${address}`)).json()) as {
    balances: Array<{ mint: string; amount: string }>;
  };
  return BigInt(r.balances.find((b) => b.mint === USDC_MINT)?.amount ?? '0');
}

test('dist/cli.js is built', () => assert.ok(existsSync(CLI), 'run npm run build first'));

test('without a terminal and without --yes nothing is requested: exit 2', async () => {
  const before = sim.requests().length;
  const r = await run('studio', 'create', '--name', 'Deck Token', '--symbol', 'DECK', '--image', image);
  assert.equal(r.code, 2, r.err);
  assert.match(r.err, /refusing to sign: there is no terminal to ask for confirmation; pass --yes/);
  assert.equal(r.out, '');
  assert.equal(sim.requests().length, before, 'not even a token list was asked for');
});

test('each bad flag is named with its rule before any request: exit 2', async () => {
  const text = join(home, 'notes.png');
  writeFileSync(text, 'plain text');
  const r = await run(
    'studio',
    'create',
    '--name',
    'x'.repeat(40),
    '--symbol',
    'TWO WORDS',
    '--image',
    text,
    '--migration-cap',
    '100',
    '--fee-bps',
    '1001',
    '--vest-total',
    '100',
    '--vest-cliff',
    '500',
    '--vest-duration',
    'soon',
    '--yes',
  );
  assert.equal(r.code, 2, r.err);
  for (const line of [
    /--name \(Name\): at most 32 characters \(got 40\)/,
    /--symbol \(Symbol\): must not contain spaces/,
    /--image \(Image\): notes\.png is not a PNG, JPEG, GIF or WebP image/,
    /--migration-cap \(Migrate mcap\): must be above the start market cap \(16000\)/,
    /--fee-bps \(Fee bps\): must be at most 1000 \(10%\); got 1001/,
    /--vest-cliff \(Cliff unlock\): must not exceed Vest total \(100\)/,
    /--vest-duration \(Vest duration\): must be a duration such as 30d/,
  ])
    assert.match(r.err, line);
  assert.equal(studioRequests().length, 0);
  assert.equal(r.out, '');
});

test('usage mistakes: an unknown subcommand, a claim flag on create, a claim without POOL', async () => {
  for (const [args, message] of [
    [['studio', 'launch'], /give create or claim \(got "launch"\)/],
    [['studio', 'create', '--max', '5'], /--max does not apply to studio create/],
    [['studio', 'claim'], /usage: tradedeck studio claim POOL/],
  ] as const) {
    const r = await run(...args);
    assert.equal(r.code, 2, `${args.join(' ')}: ${r.err}`);
    assert.match(r.err, message);
  }
  assert.equal(studioRequests().length, 0);
});

test('create --yes launches on the preset curve, prints the dialog on stderr and the pool on stdout; claim --yes pays the accrued fees', async () => {
  const r = await run(
    'studio',
    'create',
    '--name',
    'Deck Token',
    '--symbol',
    'DECK',
    '--image',
    image,
    '--yes',
    '--table',
  );
  assert.equal(r.code, 0, r.err);
  assert.match(r.err, /Launch DECK \(Deck Token\) on a bonding curve/);
  assert.match(r.err, /Starts at\s+16,000 USDC \(\$[\d,.]+\) market cap/);
  assert.match(r.err, /--yes: signing without asking/);
  assert.match(r.out, /^Launch DECK: done$/m);
  const pool = /^Pool ([1-9A-HJ-NP-Za-km-z]{32,44})$/m.exec(r.out)?.[1];
  assert.ok(pool, r.out);
  assert.match(r.out, /^Mint [1-9A-HJ-NP-Za-km-z]{32,44}$/m);
  const creates = studioRequests().filter((q) => q.path === '/studio/v1/dbc-pool/create-tx');
  assert.equal(creates.length, 1);
  const body = nth(creates, 0).body as Record<string, any>;
  assert.equal(body.buildCurveByMarketCapParam.initialMarketCap, 16_000);
  assert.equal(body.fee.feeBps, 100);
  assert.equal(body.isLpLocked, true);
  assert.equal(body.tokenImageContentType, 'image/png');
  assert.equal(sends().length, 1);
  const file = join(home, 'state', 'tradedeck', 'studio-pools.json');
  assert.equal(statSync(file).mode & 0o777, 0o600);
  assert.equal(nth((JSON.parse(readFileSync(file, 'utf8')) as { pools: Array<{ pool: string }> }).pools, 0).pool, pool);
  const journal = readFileSync(join(home, 'state', 'tradedeck', 'journal.jsonl'), 'utf8');
  assert.match(journal, /"group":"studio","action":"create-pool"/);

  const zero = await run('studio', 'claim', 'DECK', '--max', '0', '--yes');
  assert.equal(zero.code, 2);
  assert.match(zero.err, /--max: must be greater than 0 \(or max\)/);
  assert.equal(studioRequests().filter((q) => q.path === '/studio/v1/dbc/fee/create-tx').length, 0);

  sim.advance(3600);
  const before = await usdc();
  const c = await run('studio', 'claim', 'DECK', '--yes', '--json');
  assert.equal(c.code, 0, c.err);
  const out = JSON.parse(c.out) as { status: string; pool: string; lines: string[] };
  assert.equal(out.status, 'success');
  assert.equal(out.pool, pool);
  const gained = (await usdc()) - before;
  assert.ok(gained > 0n, 'the USDC balance moved');
  assert.ok(
    out.lines.some((l) => l.startsWith('Claimed +')),
    out.lines.join('\n'),
  );
  const claims = studioRequests().filter((q) => q.path === '/studio/v1/dbc/fee/create-tx');
  assert.equal(claims.length, 1);
  assert.deepEqual(nth(claims, 0).body, {
    ownerWallet: address,
    poolAddress: pool,
    maxQuoteAmount: Number.MAX_SAFE_INTEGER,
  });

  const capped = await run('studio', 'claim', pool!, '--max', '0.5', '--yes');
  assert.equal(capped.code, 0, capped.err);
  assert.equal(
    (
      studioRequests()
        .filter((q) => q.path === '/studio/v1/dbc/fee/create-tx')
        .at(-1)!.body as { maxQuoteAmount: number }
    ).maxQuoteAmount,
    500_000,
  );
});

test('--help shows the studio preset and flags', async () => {
  const r = await runCli(['--help'], cleanEnv(home));
  assert.equal(r.code, 0);
  // (laid out for 80 columns into a pipe: a row's text goes on under itself)
  const flat = r.out.replace(/\n {33}/g, ' ');
  assert.match(flat, /preset \(flags override it\)\s+quote USDC, market cap 16000 -> 69000 \(migration\),/);
  assert.match(flat, /--vest-duration D --vest-cliff-after D/);
  assert.match(r.out, /tradedeck studio create --name N --symbol S --image PATH/);
});
