// portfolio, orders and invites as a person runs them: demo mode (its own demo key, never a key
// file), and live mode (--base-url) against a simulator this test starts and fills with real
// signed orders.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { rig, newWallet, signed, SOL, USDC, API_KEY, type Rig, type TestWallet } from './support/clientSim.js';
import { isAddress } from '../src/chain/base58.js';
import { createDemoKeyFile } from '../src/wallet/keypair.js';
import { chmodSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cleanEnv, runCli, type Run } from './support/cli.js';
import { nth } from './support/narrow.js';
import { removeTree } from './support/home.js';

// ---------- the program, run as a person would: a clean home, no key file, demo mode unless a
// base URL is given; async, so a simulator started by the test keeps answering ----------

const ENV = cleanEnv();

/** `tradedeck ARGS...` */
function run(args: string[], env: NodeJS.ProcessEnv = {}): Promise<Run> {
  return runCli(args, { ...ENV, ...env });
}

/** Output lines, without the final empty one. */
function lines(text: string): string[] {
  return text.replace(/\n$/, '').split('\n');
}

// ---------- demo mode, no ADDRESS and no key file ----------

test('portfolio with no arguments shows a funded demo wallet with symbols and token units', async () => {
  const r = await run(['portfolio', '--table']);
  assert.equal(r.code, 0, r.err);
  assert.equal(r.err, '');
  const out = lines(r.out);
  const m = /^wallet (\S+) \(demo wallet\)$/.exec(nth(out, 0));
  assert.ok(m && isAddress(m[1]), out[0]);
  assert.match(nth(out, 1), /^TYPE\s+PLATFORM\s+POSITION\s+ASSET\s+AMOUNT\s+VALUE$/);
  // the simulator's default basket: 100 SOL and 10,000 USDC, in token units (not base units)
  assert.ok(
    out.some((l) => /^multiple\s+wallet\s+Tokens\s+SOL\s+100\s+\$[\d,.]+$/.test(l)),
    r.out,
  );
  assert.ok(
    out.some((l) => /^multiple\s+wallet\s+Tokens\s+USDC\s+10,000\s+\$10,000\.00$/.test(l)),
    r.out,
  );
  assert.ok(out.some((l) => /^total \$[\d,.]+$/.test(l)));
});

test("portfolio --json is the service's positions document", async () => {
  const r = await run(['portfolio', '--json']);
  assert.equal(r.code, 0, r.err);
  const p = JSON.parse(r.out) as {
    owner: string;
    elements: Array<{ type: string; data?: { assets?: Array<{ data: { address: string; amount: number } }> } }>;
  };
  assert.ok(isAddress(p.owner));
  const wallet = p.elements.find((e) => e.type === 'multiple');
  assert.equal(wallet?.data?.assets?.find((a) => a.data.address === SOL)?.data.amount, 100);
});

test('portfolio and invites with no arguments: a fresh demo wallet starts with its balances only', async () => {
  const p = JSON.parse((await run(['portfolio', '--json'])).out) as { elements: Array<{ platformId: string }> };
  assert.deepEqual(
    p.elements.map((e) => e.platformId),
    ['wallet'],
    'no sample positions on other platforms',
  );
  const all = await run(['invites', '--table']);
  assert.equal(all.code, 0, all.err);
  assert.equal(all.err, '');
  assert.match(all.out, /^wallet \S+ \(demo wallet\)\ninvites: 0\n$/);
});

test('orders with no arguments: both kinds, active, empty for a fresh demo wallet; --json shape', async () => {
  const r = await run(['orders', '--table']);
  assert.equal(r.code, 0, r.err);
  assert.match(
    r.out,
    /^wallet \S+ \(demo wallet\)\n\nlimit orders \(active\): 0\n\nDCA orders \(active\): 0\n\nstanding orders, kept and fired by tradedeck \(active\): 0\n\nvault orders, the service's from your vault \(active\): 0, no vault registered\n {2}\(--vault on stop, tp, trail, oco, buy-above, buy-below or dca makes one\)\n$/,
  );
  const json = await run(['orders', '--dca', '--history', '--json']);
  assert.equal(json.code, 0, json.err);
  const doc = JSON.parse(json.out);
  assert.equal(doc.orderStatus, 'history');
  assert.deepEqual(doc.recurring, []);
  assert.equal('trigger' in doc, false, '--dca leaves the limit orders out');
});

test('demo mode never reads a key file: the Solana CLI default is left unread (the demo wallet shown); --keypair is a usage error in one line', async () => {
  const home = mkdtempSync(join(tmpdir(), 'td-headless-key-'));
  try {
    const env = cleanEnv(home);
    // a real key at the default path, readable by nobody but its owner
    const path = await createDemoKeyFile(join(home, '.config', 'solana'));
    const { renameSync } = await import('node:fs');
    renameSync(path, join(home, '.config', 'solana', 'id.json'));
    const real = (await import('../src/wallet/keypair.js')).loadKeypairFile(join(home, '.config', 'solana', 'id.json'));
    const r = await runCli(['portfolio', '--table'], env);
    assert.equal(r.code, 0, r.err);
    assert.match(r.out, /^wallet \S+ \(demo wallet\)\n/);
    assert.ok(!r.out.includes((await real).address), 'the real key is not the demo wallet');
    const flagged = await runCli(['portfolio', '--keypair', join(home, '.config', 'solana', 'id.json')], env);
    assert.equal(flagged.code, 2);
    assert.equal(
      flagged.err,
      'tradedeck: --keypair: demo mode signs with its own demo key (kept in the state dir) and never reads a key file; give --base-url to trade live with it\n',
    );
  } finally {
    removeTree(home);
  }
});

// ---------- live mode against a simulator with real orders ----------

let r: Rig;
let w: TestWallet;
let triggerKey: string;
let live: NodeJS.ProcessEnv;

before(async () => {
  r = await rig();
  w = await newWallet(r.sim);
  // sell 0.1 SOL for 1000 USDC: far above the market, so it stays open
  const created = await r.api.trigger.create({
    inputMint: SOL,
    outputMint: USDC,
    maker: w.address,
    payer: w.address,
    params: { makingAmount: '100000000', takingAmount: '1000000000' },
  });
  const done = await r.api.trigger.execute({
    requestId: created.requestId,
    signedTransaction: await signed(created.transaction, w),
  });
  assert.equal(done.status, 'Success');
  triggerKey = created.order!;
  // 200 USDC into SOL over 2 orders, one an hour
  const dca = await r.api.recurring.create({
    user: w.address,
    inputMint: USDC,
    outputMint: SOL,
    params: { time: { inAmount: '200000000', numberOfOrders: 2, interval: 3600 } },
  });
  const opened = await r.api.recurring.execute({
    requestId: dca.requestId,
    signedTransaction: await signed(dca.transaction, w),
  });
  assert.equal(opened.status, 'Success');
  live = { TRADEDECK_BASE_URL: r.sim.url, TRADEDECK_API_KEY: API_KEY };
});
after(() => r.stop());

test('live: orders ADDRESS lists the limit and DCA orders with symbols and token units', async () => {
  const res = await run(['orders', w.address, '--table'], live);
  assert.equal(res.code, 0, res.err);
  assert.equal(res.err, '');
  const out = lines(res.out);
  assert.equal(out[0], `wallet ${w.address}`);
  assert.ok(out.includes('limit orders (active): 1'), res.out);
  const trigger = out.find((l) => l.startsWith(triggerKey.slice(0, 8)));
  assert.match(trigger!, /\s+Open\s+0\.1 SOL\s+1,000 USDC\s+0%\s+never\s+\d{4}-\d\d-\d\d \d\d:\d\d$/);
  assert.ok(out.includes('DCA orders (active): 1'), res.out);
  const dcaRow = nth(out, out.indexOf('DCA orders (active): 1') + 2);
  assert.match(dcaRow, /\s+Open\s+100 USDC\s+1h\s+0 of 200 USDC\s+0 SOL\s+/);
});

test('live: --address works like ADDRESS; --limit, --dca and --history filter; --json is valid', async () => {
  const viaFlag = await run(['orders', '--address', w.address, '--limit', '--json'], live);
  assert.equal(viaFlag.code, 0, viaFlag.err);
  const doc = JSON.parse(viaFlag.out);
  assert.equal(doc.user, w.address);
  assert.deepEqual(
    doc.trigger.map((o: { orderKey: string }) => o.orderKey),
    [triggerKey],
  );
  assert.equal('recurring' in doc, false);

  const dca = await run(['orders', w.address, '--dca', '--table'], live);
  assert.equal(dca.code, 0, dca.err);
  assert.doesNotMatch(dca.out, /limit orders/);
  assert.match(dca.out, /DCA orders \(active\): 1/);

  const history = await run(['orders', w.address, '--history', '--table'], live);
  assert.equal(history.code, 0, history.err);
  assert.match(history.out, /limit orders \(history\): 0/);
  assert.ok(!history.out.includes(triggerKey));
});

test('live: portfolio and invites take ADDRESS or --address; without either and without a key file they say what to pass', async () => {
  const p = await run(['portfolio', w.address, '--table'], live);
  assert.equal(p.code, 0, p.err);
  assert.match(p.out, new RegExp(`^wallet ${w.address}\\n`));
  assert.match(p.out, /\njupiter-exchange\s+Limit order\s+SOL\s+0\.1\s+/, 'the open limit order is a position');
  const viaFlag = await run(['portfolio', '--address', w.address, '--json'], live);
  assert.equal(viaFlag.code, 0, viaFlag.err);
  assert.equal(JSON.parse(viaFlag.out).owner, w.address);

  const inv = await run(['invites', '--address', w.address, '--json'], live);
  assert.equal(inv.code, 0, inv.err);
  assert.equal(JSON.parse(inv.out).address, w.address);

  for (const cmd of ['portfolio', 'orders', 'invites']) {
    const none = await run([cmd], live);
    assert.equal(none.code, 2, none.err);
    assert.equal(lines(none.err).length, 1);
    assert.match(none.err, new RegExp(`^tradedeck ${cmd}: no wallet: .*pass an ADDRESS or --address`));
  }
});

test("live: a key file's wallet is shown; an unusable key file is refused in one line", async () => {
  const dir = mkdtempSync(join(tmpdir(), 'td-headless-key-'));
  try {
    const path = await createDemoKeyFile(dir);
    const address = (await (await import('../src/wallet/keypair.js')).loadKeypairFile(path)).address;
    const r = await run(['portfolio', '--keypair', path, '--table'], live);
    assert.equal(r.code, 0, r.err);
    assert.match(r.out, new RegExp(`^wallet ${address}\\n`));
    chmodSync(path, 0o644);
    const loose = await run(['orders', '--keypair', path], live);
    assert.equal(loose.code, 2);
    assert.equal(lines(loose.err).length, 1);
    assert.match(loose.err, /^tradedeck orders: no wallet: key file .* is readable by group or others/);
    const missing = await run(['invites', '--keypair', join(dir, 'nope.json')], live);
    assert.equal(missing.code, 2);
    assert.match(
      missing.err,
      /^tradedeck invites: no wallet: key file not found: .*nope\.json; pass an ADDRESS or --address\n$/,
    );
  } finally {
    removeTree(dir);
  }
});

test("live: invites lists a wallet's invites; --pending only unclaimed sent ones; --json is valid", async () => {
  const all = await run(['invites', w.address, '--table'], live);
  assert.equal(all.code, 0, all.err);
  assert.equal(all.err, '');
  const out = lines(all.out);
  assert.equal(out[0], `wallet ${w.address}`);
  const count = Number(/^invites: (\d+)$/.exec(nth(out, 1))![1]);
  assert.ok(count > 0);
  // (at 80 columns into a pipe the other party's column is left out, and said so on the last line)
  assert.match(nth(out, 2), /^CREATED UTC\s+SIDE\s+STATUS\s+AMOUNT\s+TOKEN\s+(OTHER PARTY\s+)?EXPIRES UTC$/);
  assert.equal(out.filter((l) => /^\d{4}-/.test(l)).length, count);
  for (const row of out.slice(3, 3 + count))
    assert.match(
      row,
      /^\d{4}-\d\d-\d\d \d\d:\d\d\s+(sent|received)\s+(created|claimed|clawback|expired)\s+[\d,.]+\s+(SOL|USDC)\s/,
    );

  const pending = await run(['invites', w.address, '--pending', '--table'], live);
  assert.equal(pending.code, 0, pending.err);
  for (const row of lines(pending.out).filter((l) => /^\d{4}-/.test(l))) assert.match(row, /\s+sent\s+created\s+/);

  const json = await run(['invites', w.address, '--json'], live);
  assert.equal(json.code, 0, json.err);
  const doc = JSON.parse(json.out) as {
    address: string;
    pending: boolean;
    invites: Array<{ amount: string; mint: string; action: string }>;
    hasMoreData: boolean;
  };
  assert.ok(isAddress(doc.address));
  assert.equal(doc.pending, false);
  assert.ok(doc.invites.length > 10, 'more than the first page of 10');
  assert.equal(doc.hasMoreData, false);
  for (const inv of doc.invites) assert.match(inv.amount, /^\d+$/);
});

// ---------- text from the service is cleaned ----------

test('control characters in token symbols and names never reach the terminal', async () => {
  const list = await r.api.tokens.list({ category: 'toptraded', interval: '24h', limit: 3 });
  nth(list, 0).symbol = '\u001b[2J\u001b]0;pwned\u0007EVIL';
  nth(list, 0).name = 'Bad\r\nName\u202e';
  const body = JSON.stringify(list);
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const res = await run(['tokens', '--category', 'toptraded', '--table'], {
      TRADEDECK_BASE_URL: url,
      TRADEDECK_API_KEY: 'k',
    });
    assert.equal(res.code, 0, res.err);
    assert.doesNotMatch(res.out.replace(/\n/g, ''), /[\u0000-\u001f\u007f-\u009f\u202e]/);
    // the symbol without its escape sequences (whole, not just their ESC), cut to the column (names are in the JSON only)
    assert.match(res.out, /\sEVIL ✓\s/);
    assert.doesNotMatch(res.out, /pwned|\[2J/);
    assert.equal(lines(res.out).length, 4, 'one line per token');
    // JSON keeps the service's text as it came, every character a terminal could act on escaped
    const json = await run(['tokens', '--category', 'toptraded', '--json'], {
      TRADEDECK_BASE_URL: url,
      TRADEDECK_API_KEY: 'k',
    });
    assert.equal(json.code, 0, json.err);
    assert.doesNotMatch(json.out.replace(/\n$/, ''), /[\u0000-\u001f\u007f-\u009f\u202e]/);
    const doc = JSON.parse(json.out) as { tokens: Array<{ symbol: string; name: string }> };
    assert.equal(nth(doc.tokens, 0).symbol, nth(list, 0).symbol);
    assert.equal(nth(doc.tokens, 0).name, nth(list, 0).name);
  } finally {
    server.close();
  }
});
