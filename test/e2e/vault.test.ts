// The service's orders from the vault end to end, with the built program against `tradedeck sim`
// as a separate process (its market frozen: only POST /__sim/price moves it, and POST
// /__sim/advance runs its keeper's time), through a proxy that passes everything on and keeps the
// login token the service issued, to look for it afterwards:
// - `tradedeck oco 0.1 SOL tp P1 sl P2 USDC --vault --yes` logs in, registers the vault, deposits
//   and creates (the request log: /trigger/v2/…), the order listed under `vault` by `orders --json`
//   and by `tradedeck vault`, edited, then filled by the keeper once the price crosses the
//   stop-loss: the fill in `orders --history --json` with its orderContext, told to --notify-cmd by
//   `tradedeck watch`; the vault's balance before and after;
// - another order cancelled with its withdrawal: the wallet has its SOL back;
// - the dashboard at 80x24: t to the Vault list, the order's row and the custody line; `:dca …
//   custody vault` typed in the bar, its deposit confirmed, the DCA listed;
// - the token appears in no file of the state directory, no output, no event.
import { test } from 'node:test';
import { nth } from '../support/narrow.js';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openTerminal } from '../support/pty.js';
import { simControl, startSimProcess } from '../support/simProcess.js';
import { startRewritingProxy } from '../support/rewritingProxy.js';
import { CLI as cli, ROOT as root, tempHome, withChanges } from '../support/home.js';
import { collect } from '../support/cli.js';
import { createDemoKeyFile, loadKeypairFile } from '../../src/wallet/keypair.js';
import { NATIVE_MINT } from '../../src/chain/mints.js';
import type { NotifyEvent } from '../../src/notify/event.js';
import type { SimRequestLogEntry } from '../../src/sim/http/request-log.js';

async function until(what: string, ok: () => boolean | Promise<boolean>, timeoutMs = 40_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Every file under `dir`, read whole. */
function allFiles(dir: string): string {
  let text = '';
  for (const name of readdirSync(dir, { recursive: true }) as string[]) {
    const p = join(dir, name);
    if (statSync(p).isFile()) text += readFileSync(p, 'utf8');
  }
  return text;
}

test('an OCO from the vault by the built program: placed, listed, edited, filled by the keeper and told; a cancel withdraws; the Vault list at 80x24; the token nowhere', async (t) => {
  assert.ok(existsSync(cli), 'dist/cli.js is built (npm run build)');
  const { home, env: changes } = tempHome(t, 'e2e-vault');
  const keyPath = await createDemoKeyFile(join(home, 'keys'));
  const address = (await loadKeypairFile(keyPath)).address;
  const sim = await startSimProcess(t, { fund: address, seed: 13, timeScale: 0 });
  const proxy = await startRewritingProxy(t, sim);
  const tokens: string[] = [];
  proxy.onAnswer = (req, answer) => {
    if (req.path === '/trigger/v2/auth/verify') tokens.push((answer as { token: string }).token);
    return answer;
  };
  const env = withChanges({ ...changes, TRADEDECK_API_KEY: 'vault-e2e' });
  const args = ['--base-url', proxy.url, '--rpc-url', `${sim}/rpc`, '--keypair', keyPath];
  const outputs: string[] = [];
  const run = async (words: string[]) => {
    const r = await collect(process.execPath, [cli, ...words, ...args], env);
    outputs.push(r.out, r.err);
    return r;
  };
  const log = async () => (await (await fetch(`${sim}/__sim/requests`)).json()) as SimRequestLogEntry[];
  const solOf = (doc: { balances: Array<{ mint: string; raw: string }> }) =>
    BigInt(doc.balances.find((b) => b.mint === NATIVE_MINT)?.raw ?? '0');

  // before: no vault
  const none = await run(['vault', '--json']);
  assert.equal(none.code, 0, none.err);
  assert.equal(JSON.parse(none.out).vault, null);

  const made = await run(['oco', '0.1', 'SOL', 'tp', '250', 'sl', '100', 'USDC', '--vault', '--yes', '--json']);
  assert.equal(made.code, 0, made.err);
  const out = JSON.parse(made.out) as { status: string; id: string; custody: string; vault: string };
  assert.equal(out.status, 'success');
  assert.equal(out.custody, 'vault');
  // the dialogs on stderr: the vault's custody, then the deposit with its slippage said
  assert.match(made.err, /these funds move to a vault that the service's custody provider\s+holds/);
  assert.match(made.err.replace(/\s+/g, ' '), /stop-loss: 20\.00% \(2000 bps\)/);
  const paths = (await log()).map((e) => `${e.method} ${e.path}`);
  for (const p of [
    'POST /trigger/v2/auth/challenge',
    'POST /trigger/v2/auth/verify',
    'GET /trigger/v2/vault/register',
    'POST /trigger/v2/deposit/craft',
    'POST /trigger/v2/orders/price',
  ])
    assert.ok(paths.includes(p), `${p} in the request log`);

  // listed under vault, and by tradedeck vault with what it holds
  const listed = await run(['orders', '--json']);
  assert.equal(listed.code, 0, listed.err);
  const vaultList = JSON.parse(listed.out).vault as { orders: Array<{ id: string; orderState: string }> };
  assert.deepEqual(
    vaultList.orders.map((o) => [o.id, o.orderState]),
    [[out.id, 'open']],
  );
  const before = await run(['vault', '--json']);
  assert.equal(solOf(JSON.parse(before.out)), 100_000_000n, 'the vault holds the deposit');

  // edited: the take-profit higher
  const edited = await run(['vault', 'edit', out.id, 'tp', '260', '--yes', '--json']);
  assert.equal(edited.code, 0, edited.err);
  assert.equal(JSON.parse(edited.out).status, 'success');
  const patch = (await log()).find((e) => e.method === 'PATCH');
  assert.deepEqual(patch?.body, { orderType: 'oco', tpPriceUsd: 260 });
  const refused = await run(['vault', 'edit', out.id, 'tp', '90', '--yes']);
  assert.equal(refused.code, 2);
  assert.match(JSON.parse(refused.out).message, /tp \$90\.00 would not be above sl \$100\.00: .*; nothing was sent$/);

  // the watcher tells the fill to --notify-cmd
  const inbox = join(home, 'inbox');
  mkdirSync(inbox);
  const onEvent = join(home, 'on-event');
  writeFileSync(
    onEvent,
    `#!${process.execPath}\nconst fs = require('fs');\nconst e = fs.readFileSync(0, 'utf8');\nfs.writeFileSync(${JSON.stringify(inbox)} + '/' + JSON.parse(e).id + '.json.tmp', e);\nfs.renameSync(${JSON.stringify(inbox)} + '/' + JSON.parse(e).id + '.json.tmp', ${JSON.stringify(inbox)} + '/' + JSON.parse(e).id + '.json');\n`,
  );
  chmodSync(onEvent, 0o700);
  const priceReads = async () => (await log()).filter((e) => e.path === '/trigger/v2/orders/history').length;
  const readsAtStart = await priceReads();
  const watcher = spawn(
    process.execPath,
    [cli, 'watch', '--interval-ms', '5000', '--json', '--notify-cmd', onEvent, ...args],
    { env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let watchOut = '';
  let watchErr = '';
  watcher.stdout.setEncoding('utf8').on('data', (d: string) => (watchOut += d));
  watcher.stderr.setEncoding('utf8').on('data', (d: string) => (watchErr += d));
  const closed = new Promise<number | null>((r) => watcher.once('close', (code) => r(code)));
  t.after(() => void watcher.kill('SIGKILL'));
  // its first round has read the vault's orders (active and past: what was there is not news), and a
  // second round has begun: the first is done
  await until('two rounds of the watcher', async () => (await priceReads()) >= readsAtStart + 3, 40_000);

  // the price crosses the stop-loss; the keeper's time runs
  await simControl(sim, 'price', { mint: NATIVE_MINT, usdPrice: 99 });
  await simControl(sim, 'advance', { seconds: 4 });
  const got = () =>
    readdirSync(inbox)
      .filter((n) => n.endsWith('.json'))
      .map((n) => JSON.parse(readFileSync(join(inbox, n), 'utf8')) as NotifyEvent);
  await until('the fill told to --notify-cmd', () => got().some((e) => e.type === 'order.filled'), 60_000);
  const told = got().find((e) => e.type === 'order.filled')!;
  assert.equal(told.data.order, out.id);
  assert.equal(told.data.orderContext, 'stop_loss');
  assert.match(told.text, /stop-loss filled: 0\.1 SOL for [\d.]+ USDC/);
  watcher.kill('SIGTERM');
  assert.equal(await closed, 0);

  const history = await run(['orders', '--history', '--vault', '--json']);
  assert.equal(history.code, 0, history.err);
  const past = JSON.parse(history.out).vault.orders as Array<{
    id: string;
    orderState: string;
    fills: Array<{ orderContext: string; outputAmount: string }>;
  }>;
  const filled = past.find((o) => o.id === out.id)!;
  assert.equal(filled.orderState, 'filled');
  assert.equal(filled.fills.length, 1);
  assert.equal(nth(filled.fills, 0).orderContext, 'stop_loss');
  assert.ok(BigInt(nth(filled.fills, 0).outputAmount) > 0n);
  const after = await run(['vault', '--json']);
  assert.equal(solOf(JSON.parse(after.out)), 0n, 'the vault sold what it held');

  // another order, cancelled with its withdrawal
  await simControl(sim, 'price', { mint: NATIVE_MINT, usdPrice: 150 });
  const second = await run(['stop', '0.2', 'SOL', '@120', 'USDC', 'slippage', '1%', '--vault', '--yes', '--json']);
  assert.equal(second.code, 0, second.err);
  const secondId = JSON.parse(second.out).id as string;
  // the DCA's custody words: once, and wallet or vault
  const twice = await run(['dca', '40', 'USDC', 'SOL', '2', '1h', 'custody', 'vault', '--vault', '--yes']);
  assert.equal(twice.code, 2);
  assert.match(twice.err, /^tradedeck dca: custody: given twice .*; nothing was sent \(usage: tradedeck dca /);
  const typo = await run(['dca', '40', 'USDC', 'SOL', '2', '1h', 'custody', 'valt', '--yes']);
  assert.equal(typo.code, 2);
  assert.match(typo.err, /^tradedeck dca: custody: "valt" is not wallet or vault/);

  // the dashboard at 80x24: t to the Vault list
  const term = await openTerminal(t, {
    command: [process.execPath, cli, ...args],
    cols: 80,
    rows: 24,
    env,
    cwd: root,
  });
  await term.waitFor(/LIVE/, 30_000);
  term.send('3');
  await term.waitFor((s) => s.includes('[Limit] DCA Standing Vault'), 20_000);
  term.send('ttt');
  const screen = await term.waitFor(
    (s) => s.includes('Limit DCA Standing [Vault]') && /›SOL→USDC\s+0\.2 SOL below 120\.00\s+0% in 30d\s+open/.test(s),
    30_000,
  );
  assert.match(screen, /Service orders from your vault \(custodial\): its keeper fills, never asks you/);
  assert.match(screen, /t lists · h history · Enter detail · x cancel · n new · \? more/);
  for (const line of screen.split('\n')) assert.ok([...line].length <= 80, `line wider than 80: ${line}`);
  // the service's DCA from the vault, typed in the bar: the vault is there, so one dialog, the deposit's
  term.send(':dca 40 USDC SOL 2 1h custody vault\r');
  const dialog = await term.waitFor(
    (s) => s.includes('DCA from the vault: 40 USDC into SOL') && s.includes('y confirm'),
    30_000,
  );
  for (const line of dialog.split('\n')) assert.ok([...line].length <= 80, `line wider than 80: ${line}`);
  term.send('G');
  await term.waitFor((s) => /You deposit\s+40 USDC/.test(s) && s.includes('y confirm'), 10_000);
  term.send('y');
  const placed = await term.waitFor((s) => /USDC→SOL\s+40 USDC\s+dca 0\/2 every 1 hour/.test(s), 30_000);
  for (const line of placed.split('\n')) assert.ok([...line].length <= 80, `line wider than 80: ${line}`);
  const dca = (await log()).find((e) => e.path === '/trigger/v2/orders/dca');
  assert.equal((dca?.body as { inputAmount?: string } | undefined)?.inputAmount, '40000000');
  term.send('q');
  assert.equal(await term.exited(), 0);

  /** The wallet's SOL, in lamports, as the simulator's node says (getBalance). */
  const lamports = async () => {
    const r = await fetch(`${sim}/rpc`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getBalance', params: [address] }),
    });
    return BigInt(((await r.json()) as { result: { value: number } }).result.value);
  };
  const walletBefore = await lamports();
  const cancelled = await run(['vault', 'cancel', secondId, '--yes', '--json']);
  assert.equal(cancelled.code, 0, cancelled.err);
  assert.equal(JSON.parse(cancelled.out).status, 'success');
  const paths2 = (await log()).map((e) => e.path);
  assert.ok(paths2.includes(`/trigger/v2/orders/price/cancel/${secondId}`));
  assert.ok(paths2.includes(`/trigger/v2/orders/price/confirm-cancel/${secondId}`));
  const walletAfter = await lamports();
  assert.ok(walletAfter - walletBefore > 199_000_000n, `${walletAfter - walletBefore} lamports back`);

  // the token the service issued: in no file of the state directory, no output, no event
  assert.ok(tokens.length >= 1 && tokens.every((x) => x.split('.').length === 3));
  const everything = [allFiles(join(home, 'state')), ...outputs, watchOut, watchErr, allFiles(inbox)].join('\n');
  for (const token of tokens) assert.equal(everything.includes(token), false, 'the token was written or shown');
});
