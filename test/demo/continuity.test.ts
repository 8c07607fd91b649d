// Demo mode remembers between commands: one demo key (0600) and one simulator state in the state
// directory, so headless demo commands run one after another see the same wallet, orders and
// pools; `tradedeck demo reset` starts over and says what it removed. Run as a person would
// (dist/cli.js, a fresh home, no key file, no base URL).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cleanEnv, runCli } from '../support/cli.js';
import { nth } from '../support/narrow.js';
import { removeTree } from '../support/home.js';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

function home(t: { after(fn: () => void): void }) {
  const dir = mkdtempSync(join(tmpdir(), 'td-demo-'));
  t.after(() => removeTree(dir));
  const env = cleanEnv(dir);
  return { dir, env, state: join(dir, 'state', 'tradedeck'), run: (...args: string[]) => runCli(args, env) };
}

test('limit --yes, then orders: the same demo wallet lists the order; config names the demo key file (0600)', async (t) => {
  const h = home(t);
  const placed = await h.run('limit', '2', 'SOL', '300', 'USDC', '--yes', '--json');
  assert.equal(placed.code, 0, placed.err);
  assert.match(placed.err, /new demo wallet, funded in the simulator; its key is kept in the state dir/);
  const keyFile = join(h.state, 'demo-key.json');
  assert.equal(statSync(keyFile).mode & 0o777, 0o600);
  assert.equal(statSync(join(h.state, 'demo-sim-7.json')).mode & 0o777, 0o600);
  const key = readFileSync(keyFile, 'utf8');

  const listed = await h.run('orders', '--json');
  assert.equal(listed.code, 0, listed.err);
  const orders = JSON.parse(listed.out) as {
    user: string;
    trigger: Array<{ makingAmount: string; takingAmount: string; status: string }>;
  };
  assert.equal(orders.trigger.length, 1);
  assert.deepEqual(
    [nth(orders.trigger, 0).makingAmount, nth(orders.trigger, 0).takingAmount, nth(orders.trigger, 0).status],
    ['2', '300', 'Open'],
  );
  // the balance the order holds stays held: 100 SOL given once, 2 in the order
  const portfolio = await h.run('portfolio', '--table');
  assert.equal(portfolio.code, 0, portfolio.err);
  assert.match(portfolio.out, new RegExp(`wallet ${orders.user} \\(demo wallet\\)`));
  assert.equal(readFileSync(keyFile, 'utf8'), key, 'the key was reused, not made again');

  const config = await h.run('config', '--json');
  assert.equal(config.code, 0, config.err);
  const wallet = (JSON.parse(config.out) as { wallet: string }).wallet;
  // demo mode reads no key file of the person's: the demo key is the wallet, said so
  assert.equal(wallet, `demo key ${keyFile}`);
  assert.ok(existsSync(keyFile));
});

test('studio create, then studio claim: the second command finds the pool the first launched', async (t) => {
  const h = home(t);
  const image = join(h.dir, 'logo.png');
  writeFileSync(image, PNG);
  const created = await h.run(
    'studio',
    'create',
    '--name',
    'Deck Token',
    '--symbol',
    'DECK',
    '--image',
    image,
    '--yes',
    '--json',
  );
  assert.equal(created.code, 0, created.err);
  const pool = (JSON.parse(created.out) as { pool: string }).pool;
  const claimed = await h.run('studio', 'claim', pool, '--yes', '--json');
  assert.equal(claimed.code, 0, claimed.err);
  assert.equal((JSON.parse(claimed.out) as { status: string; pool: string }).pool, pool);
});

test('demo reset removes the demo key and the simulator state, says so, and the next start is a new wallet', async (t) => {
  const h = home(t);
  const nothing = await h.run('demo', 'reset', '--table');
  assert.equal(nothing.code, 0, nothing.err);
  assert.match(nothing.out, /nothing to remove: no demo key or simulator state in /);

  assert.equal((await h.run('limit', '2', 'SOL', '300', 'USDC', '--yes')).code, 0);
  // a pool launched in the demo, and one a live run remembered beside it in the same file
  const image = join(h.dir, 'logo.png');
  writeFileSync(image, PNG);
  const launched = await h.run(
    'studio',
    'create',
    '--name',
    'Demo Deck',
    '--symbol',
    'DDECK',
    '--image',
    image,
    '--yes',
  );
  assert.equal(launched.code, 0, launched.err);
  const poolsFile = join(h.state, 'studio-pools.json');
  const file = JSON.parse(readFileSync(poolsFile, 'utf8')) as { pools: Array<Record<string, unknown>> };
  assert.equal(nth(file.pools, 0).network, 'simulator', 'a pool says where it was launched');
  const live = {
    ...file.pools[0],
    pool: 'LivePooL11111111111111111111111111111111111',
    creator: 'Creatorr11111111111111111111111111111111111',
    network: 'api.example',
  };
  writeFileSync(poolsFile, JSON.stringify({ version: 1, pools: [...file.pools, live] }), { mode: 0o600 });
  const first = JSON.parse((await h.run('orders', '--json')).out) as { user: string };
  const reset = await h.run('demo', 'reset', '--table');
  assert.equal(reset.code, 0, reset.err);
  assert.equal(
    reset.out,
    [
      'removed:',
      `  ${join(h.state, 'demo-key.json')}`,
      `  ${join(h.state, 'demo-sim-7.json')}`,
      '  1 Studio pool launched in the demo (from studio-pools.json)',
      'the next demo start makes a new demo key and a fresh simulator',
      'kept: the journal (its demo entries say so), watchlist, alerts, the pools launched for real and the rest of the state directory',
      '',
    ].join('\n'),
  );
  assert.ok(existsSync(join(h.state, 'journal.jsonl')), 'the journal is kept');
  const kept = JSON.parse(readFileSync(poolsFile, 'utf8')) as { pools: Array<{ pool: string }> };
  assert.deepEqual(
    kept.pools.map((p) => p.pool),
    [live.pool],
    'only the demo pool went',
  );
  const after = JSON.parse((await h.run('orders', '--json')).out) as { user: string; trigger: unknown[] };
  assert.notEqual(after.user, first.user);
  assert.deepEqual(after.trigger, []);

  const usage = await h.run('demo', 'restart');
  assert.equal(usage.code, 2);
  assert.match(usage.err, /unknown demo action "restart" \(usage: tradedeck demo reset/);
});

test('an unusable saved state is set aside with a message and the demo starts afresh', async (t) => {
  const h = home(t);
  assert.equal((await h.run('orders')).code, 0);
  writeFileSync(join(h.state, 'demo-sim-7.json'), '{"version":1,"seed":7,');
  const r = await h.run('limit', '2', 'SOL', '300', 'USDC', '--yes');
  assert.equal(r.code, 0, r.err);
  assert.match(
    r.err,
    /demo state unusable \(not valid JSON \(cut short\?\)\); kept as .*demo-sim-7\.json\.unusable, the simulator starts afresh/,
  );
  assert.ok(existsSync(join(h.state, 'demo-sim-7.json.unusable')));

  // JSON of the right outline whose parts do not fit: set aside the same way, never a stack
  const saved = JSON.parse(readFileSync(join(h.state, 'demo-sim-7.json'), 'utf8')) as { ledger: { balances: unknown } };
  saved.ledger.balances = [['someone', 5]];
  writeFileSync(join(h.state, 'demo-sim-7.json'), JSON.stringify(saved));
  const again = await h.run('orders', '--json');
  assert.equal(again.code, 0, again.err);
  assert.match(
    again.err,
    /demo state unusable \(a part cannot be restored \(.+\)\); kept as .*demo-sim-7\.json\.unusable/,
  );
  assert.doesNotMatch(again.err, /\n\s+at /);
});

test('a state that can be neither read nor written is said on stderr; the command still answers', async (t) => {
  const h = home(t);
  mkdirSync(join(h.state, 'demo-sim-7.json'), { recursive: true });
  const r = await h.run('orders', '--json');
  assert.equal(r.code, 0, r.err);
  assert.match(r.err, /demo state \S*demo-sim-7\.json is a directory: refused .*; the simulator starts afresh/);
  assert.match(r.err, /demo state not saved: /);
  assert.equal((JSON.parse(r.out) as { trigger: unknown[] }).trigger.length, 0);
});
