// Standing orders end to end, with the built program against `tradedeck sim` as a separate process
// (its market frozen: only POST /__sim/price moves it):
// - `tradedeck stop 1 SOL @P USDC --yes` just under the market, `tradedeck watch` running: the
//   price set below P, one swap is signed and submitted (the request log), the order reads fired
//   (`orders --json`), and the event reaches --notify-cmd;
// - the dashboard (80x24, its standing list and the new-order form) and the watcher on one state
//   directory: one swap, not two;
// - a hostile service (the rewriting proxy) changing the firing transaction: refused, not signed,
//   not fired, standing.failed with the reason;
// - a Ledger (the emulated device) cannot make one: one line;
// - paper mode: a trailing stop fires on paper at the followed service's quote;
// - hostile words: one line each, nothing stored; cancel s-… locally.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openTerminal, confirmToEnd } from '../support/pty.js';
import { simControl, startSimProcess } from '../support/simProcess.js';
import { startRewritingProxy } from '../support/rewritingProxy.js';
import { redirectRoute } from '../support/rewrite.js';
import { startLedgerEmulator } from '../support/ledgerEmulator.js';
import { CLI as cli, ROOT as root, tempHome, withChanges } from '../support/home.js';
import { collect } from '../support/cli.js';
import { createDemoKeyFile, loadKeypairFile } from '../../src/wallet/keypair.js';
import { associatedTokenAccount } from '../../src/wallet/inspect.js';
import { TOKEN_PROGRAM } from '../../src/wallet/instructions.js';
import { NATIVE_MINT, USDC_MINT } from '../../src/chain/mints.js';
import type { NotifyEvent } from '../../src/notify/event.js';
import type { SimRequestLogEntry } from '../../src/sim/http/request-log.js';
import { nth } from '../support/narrow.js';
import { elapse, waitFor } from '../support/wait.js';
import { TICK_MS } from '../../src/orders/standing/checker.js';

interface World {
  sim: string;
  home: string;
  keyPath: string;
  address: string;
  env: NodeJS.ProcessEnv;
  /** the global options of a live run against the simulator (or `base`, a proxy in front of it) */
  args(base?: string): string[];
  run(args: string[], base?: string): ReturnType<typeof collect>;
  log(): Promise<SimRequestLogEntry[]>;
  /** SOL's price now, in USDC, as the token lists say */
  solPrice(): Promise<number>;
  /** starts `tradedeck watch`; its NDJSON events, its stderr */
  watch(extra?: string[], base?: string): { events(): NotifyEvent[]; err(): string; stop(): Promise<number | null> };
}

async function world(
  t: Parameters<typeof tempHome>[0] & { after(fn: () => unknown): void },
  name: string,
): Promise<World> {
  assert.ok(existsSync(cli), 'dist/cli.js is built (npm run build)');
  const { home, env: changes } = tempHome(t, `e2e-standing-${name}`);
  const keyPath = await createDemoKeyFile(join(home, 'keys'));
  const address = (await loadKeypairFile(keyPath)).address;
  const sim = await startSimProcess(t, { fund: address, seed: 11, timeScale: 0 });
  const env = withChanges({ ...changes, TRADEDECK_API_KEY: 'standing-e2e' });
  const w: World = {
    sim,
    home,
    keyPath,
    address,
    env,
    args: (base = sim) => ['--base-url', base, '--rpc-url', `${sim}/rpc`, '--keypair', keyPath],
    run: (args, base) => collect(process.execPath, [cli, ...args, ...w.args(base)], env),
    log: async () => (await (await fetch(`${sim}/__sim/requests`)).json()) as SimRequestLogEntry[],
    solPrice: async () => {
      const list = (await (
        await fetch(`${sim}/tokens/v2/toptraded/24h?limit=100`, { headers: { 'x-api-key': 'k' } })
      ).json()) as Array<{ id: string; usdPrice: number }>;
      const price = (m: string) => list.find((x) => x.id === m)!.usdPrice;
      return price(NATIVE_MINT) / price(USDC_MINT);
    },
    watch: (extra = [], base) => {
      const child = spawn(
        process.execPath,
        [cli, 'watch', '--interval-ms', '5000', '--json', ...extra, ...w.args(base)],
        {
          env,
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let out = '';
      let err = '';
      child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
      child.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
      const closed = new Promise<number | null>((r) => child.once('close', (code) => r(code)));
      t.after(() => void child.kill('SIGKILL'));
      return {
        events: () =>
          out
            .split('\n')
            .filter(Boolean)
            .map((l) => JSON.parse(l) as NotifyEvent),
        err: () => err,
        stop: () => (child.kill('SIGTERM'), closed),
      };
    },
  };
  return w;
}

const sendTransactions = (log: SimRequestLogEntry[]) =>
  log.filter((e) => e.path === '/rpc' && JSON.stringify(e.body ?? '').includes('"sendTransaction"')).length;

/** A --notify-cmd program that writes each event it gets (stdin) to a folder of its own. */
function notifyCommand(home: string): { path: string; got(): NotifyEvent[] } {
  const inbox = join(home, 'inbox');
  mkdirSync(inbox);
  const path = join(home, 'on-event');
  writeFileSync(
    path,
    // written whole, then renamed into the folder: a reader never sees half of it
    `#!${process.execPath}\nconst fs = require('fs');\nconst e = JSON.parse(fs.readFileSync(0, 'utf8'));\nconst to = ${JSON.stringify(inbox)} + '/' + e.id;\nfs.writeFileSync(to + '.part', JSON.stringify(e));\nfs.renameSync(to + '.part', to + '.json');\n`,
  );
  chmodSync(path, 0o700);
  return {
    path,
    got: () =>
      readdirSync(inbox)
        .filter((n) => n.endsWith('.json'))
        .map((n) => JSON.parse(readFileSync(join(inbox, n), 'utf8')) as NotifyEvent),
  };
}

test('stop just under the market, the watcher running, the price set below it: one swap, fired, told to --notify-cmd', async (t) => {
  const w = await world(t, 'watch');
  const market = await w.solPrice();
  const p = Math.floor(market * 0.99 * 100) / 100;
  const made = await w.run(['stop', '1', 'SOL', `@${p}`, 'USDC', '--yes', '--json']);
  assert.equal(made.code, 0, made.err);
  const out = JSON.parse(made.out) as { status: string; id: string; orders: Array<{ state: string; trigger: string }> };
  assert.equal(out.status, 'success');
  assert.match(out.id, /^s-[0-9a-f]{8}$/);
  assert.equal(nth(out.orders, 0).trigger, String(p));
  // the dialog, on stderr, says what will be signed without asking
  assert.match(
    made.err.replace(/\s+/g, ' '),
    new RegExp(
      `When SOL is at or below ${p.toFixed(2)} USDC, sell 1 SOL for at least [\\d.]+ USDC, once, until \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC, from wallet \\w+…\\w+; tradedeck signs this without asking when it fires`,
    ),
  );

  const cmd = notifyCommand(w.home);
  const watcher = w.watch(['--notify-cmd', cmd.path]);
  await simControl(w.sim, 'price', { mint: NATIVE_MINT, usdPrice: p * 0.997 });
  await waitFor(
    () => cmd.got().some((e) => e.type === 'standing.fired'),
    'the event at --notify-cmd',
    40_000,
    () => `\n${watcher.err()}`,
  );
  const fired = cmd.got().find((e) => e.type === 'standing.fired')!;
  assert.equal(fired.data.id, out.id);
  assert.equal(fired.mode, 'live');
  assert.match(
    fired.text,
    new RegExp(`^stop-loss ${out.id} fired: sold 1 SOL for about [\\d.]+ USDC, signature \\w+$`),
  );
  assert.ok(
    watcher.events().some((e) => e.type === 'standing.fired' && e.data.id === out.id),
    'NDJSON on stdout too',
  );
  assert.equal(sendTransactions(await w.log()), 1, 'one swap signed and submitted');
  assert.equal(await watcher.stop(), 0);

  const listed = await w.run(['orders', '--standing', '--history', '--json']);
  assert.equal(listed.code, 0, listed.err);
  const standing = (
    JSON.parse(listed.out) as { standing: Array<{ id: string; kind: string; state: string; signature?: string }> }
  ).standing;
  assert.deepEqual(
    standing.map((o) => [o.id, o.kind, o.state]),
    [[out.id, 'stop-loss', 'fired']],
  );
  assert.ok(nth(standing, 0).signature);
  // the export lists the swap it made, marked as this order's
  const exported = await collect(process.execPath, [cli, 'export', 'journal', '--format', 'json'], w.env);
  const rows = JSON.parse(exported.out) as Array<{ action: string; status: string; description: string }>;
  assert.ok(
    rows.some(
      (r) =>
        r.action === 'swap (swap group)' &&
        r.status === 'success' &&
        r.description.startsWith(`stop-loss ${out.id} fired`),
    ),
  );
});

test('the dashboard (its standing list and form at 80x24) and the watcher on one state directory: one swap, not two', async (t) => {
  const w = await world(t, 'both');
  const market = await w.solPrice();
  const p = Math.floor(market * 0.99 * 100) / 100;
  const watcher = w.watch();
  const term = await openTerminal(t, {
    command: [process.execPath, cli, ...w.args()],
    cols: 80,
    rows: 24,
    env: w.env,
    cwd: root,
  });
  await term.waitFor(/LIVE/, 30_000);
  term.send('3');
  await term.waitFor((s) => s.includes('[Limit] DCA Standing'), 20_000);
  term.send('tt');
  await term.waitFor((s) => s.includes('Limit DCA [Standing]') && s.includes('No armed standing orders'), 10_000);
  // the form: n, the fields typed as a person would (Enter edits, Enter keeps, j moves)
  term.send('n');
  await term.waitFor((s) => s.includes('New standing order') && s.includes('Type'), 10_000);
  for (const value of ['stop', '1', 'SOL', `@${p}`, 'USDC']) {
    term.press('Enter');
    term.send(value);
    term.press('Enter');
    term.send('j');
  }
  let screen = await term.waitFor(
    (s) => s.includes('stop-loss: sells as the price falls') && /SOL now [\d.]+ USDC/.test(s),
    10_000,
  );
  for (const line of screen.split('\n')) assert.ok([...line].length <= 80, `line wider than 80: ${line}`);
  term.send('s');
  screen = await term.waitFor((s) => s.includes('Arm it') && s.includes('without asking when it fires'), 20_000);
  assert.match(
    screen.replace(/[│╭╮╰╯─]/g, ' ').replace(/\s+/g, ' '),
    new RegExp(`When SOL is at or below ${p.toFixed(2)} USDC, sell 1 SOL for at least`),
  );
  await confirmToEnd(term);
  screen = await term.waitFor(
    (s) => /›stop\s+1 SOL SOL ≤ [\d,.]+\s+-\d\.\d\d%\s+[\d.]+ USDC in 30d\s+armed/.test(s),
    20_000,
  );
  assert.match(screen, /t lists · h history · f mint · x cancel · n new · \? more/);
  for (const line of screen.split('\n')) assert.ok([...line].length <= 80, `line wider than 80: ${line}`);

  await simControl(w.sim, 'price', { mint: NATIVE_MINT, usdPrice: p * 0.997 });
  // whichever fires it, the other finds it fired
  await waitFor(
    async () => {
      const r = await w.run(['orders', '--standing', '--history', '--json']);
      return (
        r.code === 0 &&
        (JSON.parse(r.out) as { standing: Array<{ state: string }> }).standing.some((o) => o.state === 'fired')
      );
    },
    'the order to fire',
    60_000,
  );
  term.send('h');
  await term.waitFor((s) => s.includes('Active [History]') && /stop\s+1 SOL.*fired/.test(s), 20_000);
  // both ran a round after it fired (their checkers tick every TICK_MS, which no request shows):
  // neither sent a second swap
  await elapse(TICK_MS + 1_000);
  assert.equal(sendTransactions(await w.log()), 1, 'one swap, not two');
  term.send('q');
  assert.equal(await term.exited(), 0);
  assert.equal(await watcher.stop(), 0);
});

test('a hostile service changes the firing transaction: refused by the pipeline, not signed, not fired, standing.failed', async (t) => {
  const w = await world(t, 'hostile');
  const proxy = await startRewritingProxy(t, w.sim);
  // the swap's output sent to another wallet's token account
  const other = (await loadKeypairFile(await createDemoKeyFile(join(w.home, 'other')))).address;
  await simControl(w.sim, 'fund', { address: other });
  const theirs = await associatedTokenAccount(other, USDC_MINT, TOKEN_PROGRAM);
  const own = await associatedTokenAccount(w.address, USDC_MINT, TOKEN_PROGRAM);
  // either generation of the swap group: the first's transaction, or the current one's instructions
  // (assembled by the client) with the wallet's USDC account swapped for theirs
  type Ix = { accounts: Array<{ pubkey: string }> };
  proxy.onAnswer = (req, answer) => {
    if (!answer || typeof answer !== 'object') return answer;
    const a = answer as Record<string, unknown>;
    if (req.path === '/swap/v1/swap')
      return { ...a, swapTransaction: redirectRoute(a.swapTransaction as string, theirs) };
    if (req.path !== '/swap/v2/build') return answer;
    const ix = a.swapInstruction as Ix;
    return {
      ...a,
      swapInstruction: { ...ix, accounts: ix.accounts.map((m) => (m.pubkey === own ? { ...m, pubkey: theirs } : m)) },
    };
  };
  const p = Math.floor((await w.solPrice()) * 0.99 * 100) / 100;
  const made = await w.run(['stop', '1', 'SOL', `@${p}`, 'USDC', '--yes', '--json'], proxy.url);
  assert.equal(made.code, 0, made.err);
  const id = (JSON.parse(made.out) as { id: string }).id;
  const watcher = w.watch([], proxy.url);
  await simControl(w.sim, 'price', { mint: NATIVE_MINT, usdPrice: p * 0.997 });
  await waitFor(
    () => watcher.events().some((e) => e.type === 'standing.failed'),
    'standing.failed',
    40_000,
    () => `\n${watcher.err()}`,
  );
  const failed = watcher.events().find((e) => e.type === 'standing.failed')!;
  assert.equal(failed.data.id, id);
  assert.match(
    String(failed.data.reason),
    /^not signed: the transaction would put [\d.]+ USDC into \w+, owned by \w+: not this wallet's account; refused$/,
  );
  assert.ok(proxy.seen.includes('POST /swap/v1/swap') || proxy.seen.includes('GET /swap/v2/build'));
  assert.equal(sendTransactions(await w.log()), 0, 'nothing signed or sent');
  assert.equal(await watcher.stop(), 0);
  const listed = JSON.parse((await w.run(['orders', '--standing', '--history', '--json'])).out) as {
    standing: Array<{ state: string; reason: string }>;
  };
  assert.equal(nth(listed.standing, 0).state, 'failed', 'never marked fired');
});

test('a Ledger key cannot make a standing order: one line, nothing stored', async (t) => {
  const emu = await startLedgerEmulator({});
  t.after(() => emu.close());
  const w = await world(t, 'ledger');
  const r = await collect(
    process.execPath,
    [
      cli,
      'stop',
      '1',
      'SOL',
      '@100',
      'USDC',
      '--yes',
      '--base-url',
      w.sim,
      '--rpc-url',
      `${w.sim}/rpc`,
      '--keypair',
      emu.keyUrl('0'),
    ],
    w.env,
  );
  assert.equal(r.code, 2);
  assert.equal(
    r.err,
    "tradedeck stop: standing orders: speculos 44'/501'/0' needs a person to approve every signature on the device: unattended signing needs a key file\n",
  );
  assert.equal(existsSync(join(w.home, 'state', 'tradedeck', 'standing.json')), false);
  assert.deepEqual(emu.prompts, [], 'the device was asked nothing');
});

test('paper: a trailing stop fires on paper at the service followed, which is only read from', async (t) => {
  const w = await world(t, 'paper');
  const paper = (args: string[]) => collect(process.execPath, [cli, ...args, '--paper', '--base-url', w.sim], w.env);
  const made = await paper(['trail', '1', 'SOL', '2%', 'USDC', '--yes', '--json']);
  assert.equal(made.code, 0, made.err);
  const out = JSON.parse(made.out) as { id: string; paper: boolean; orders: Array<{ high?: string }> };
  assert.equal(out.paper, true);
  const before = (await w.log()).length;
  const child = spawn(
    process.execPath,
    [cli, 'watch', '--interval-ms', '5000', '--json', '--paper', '--base-url', w.sim],
    {
      env: w.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  t.after(() => void child.kill('SIGKILL'));
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  const closed = new Promise<number | null>((r) => child.once('close', (c) => r(c)));
  await waitFor(
    async () => (await w.log()).slice(before).some((r) => r.path.startsWith('/tokens/')),
    "the watcher's first read of the token lists",
    30_000,
    () => `\n${stderr}`,
  );
  const market = await w.solPrice();
  // up first (the high follows), then down 3%: past 2% under the high
  await simControl(w.sim, 'price', { mint: NATIVE_MINT, usdPrice: market * 1.05 });
  await waitFor(
    async () => {
      const r = await paper(['orders', '--standing', '--json']);
      const high = (JSON.parse(r.out) as { standing: Array<{ high?: string }> }).standing[0]?.high;
      return high !== undefined && Number(high) > market * 1.04;
    },
    'the high to rise',
    40_000,
    () => `\n${stderr}`,
  );
  await simControl(w.sim, 'price', { mint: NATIVE_MINT, usdPrice: market * 1.05 * 0.975 });
  await waitFor(
    () => stdout.includes('"standing.fired"'),
    'the paper firing',
    40_000,
    () => `\n${stderr}`,
  );
  const fired = stdout
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as NotifyEvent)
    .find((e) => e.type === 'standing.fired')!;
  assert.equal(fired.mode, 'paper');
  assert.equal(fired.data.id, out.id);
  child.kill('SIGTERM');
  assert.equal(await closed, 0);
  // the followed service quoted it and was asked nothing else
  const log = await w.log();
  assert.ok(log.some((e) => e.path === '/swap/v1/quote' && e.query.inputMint === NATIVE_MINT));
  assert.ok(
    log.every((e) => e.method === 'GET' || e.path.startsWith('/__sim')),
    'only read from',
  );
});

test('hostile words for every command: one line, exit 2, nothing stored; cancel s-… locally', async (t) => {
  const { home, env: changes } = tempHome(t, 'e2e-standing-words');
  const env = withChanges(changes);
  const run = (...args: string[]) => collect(process.execPath, [cli, ...args], env);
  const file = join(home, 'state', 'tradedeck', 'standing.json');
  // the demo wallet made first (its first use says so on stderr)
  assert.equal((await run('wallet')).code, 0);
  for (const [args, said] of [
    [
      ['stop', '2', 'SOL', '@140', 'USDC/SOL', 'USDC'],
      /^tradedeck stop: price unit: @140 USDC\/SOL prices USDC in SOL/,
    ],
    [
      ['stop', '2', 'SOL', '@140', 'USDC', 'expiry', '91d'],
      /^tradedeck stop: expiry: at most 90 days for a standing order \(91d asked\); nothing was stored/,
    ],
    [['trail', '2', 'SOL', '150%', 'USDC'], /^tradedeck trail: distance: 150% below the high is at or under zero/],
    [
      ['oco', '2', 'SOL', 'tp', '140', 'sl', '180', 'USDC'],
      /^tradedeck oco: tp 140\.00 USDC is not above sl 180\.00 USDC/,
    ],
    [['tp', '0', 'SOL', '@500', 'USDC'], /^tradedeck tp: amount: must be greater than zero/],
    [
      ['buy-below', '300', 'USDC', '@140', 'NOSUCHCOIN'],
      /^tradedeck buy-below: buy token: "NOSUCHCOIN": no token with that symbol, name or mint/,
    ],
    [
      ['buy-above', '2', 'SOL', '@170', 'USDC'],
      /^tradedeck buy-above: buy-above spends the quote token \(USDC\) on SOL/,
    ],
    [['stop', '2', 'SOL', '@140'], /^tradedeck stop: usage: tradedeck stop AMOUNT SELL @PRICE \[BASE\/QUOTE\] BUY/],
  ] as const) {
    const r = await run(...args, '--yes');
    assert.equal(r.code, 2, `${args.join(' ')}: ${r.err}`);
    const lines = r.err.split('\n').filter((l) => l.startsWith('tradedeck '));
    assert.equal(lines.length, 1, r.err);
    assert.match(nth(lines, 0), said);
    assert.equal(existsSync(file), false, `${args.join(' ')}: nothing stored`);
  }
  // no terminal to ask and no --yes: nothing stored
  const unasked = await run('stop', '1', 'SOL', '@100', 'USDC');
  assert.equal(unasked.code, 2);
  assert.match(unasked.err, /no terminal to ask for confirmation; pass --yes/);
  assert.equal(existsSync(file), false);

  const made = await run('stop', '1', 'SOL', '@100', 'USDC', '--yes', '--json');
  assert.equal(made.code, 0, made.err);
  const id = (JSON.parse(made.out) as { id: string }).id;
  const cancelled = await run('cancel', id, '--yes', '--json');
  assert.equal(cancelled.code, 0, cancelled.err);
  assert.deepEqual(JSON.parse(cancelled.out).ids, [id]);
  const history = JSON.parse((await run('orders', '--standing', '--history', '--json')).out) as {
    standing: Array<{ id: string; state: string; reason: string }>;
  };
  assert.deepEqual(
    history.standing.map((o) => [o.id, o.state, o.reason]),
    [[id, 'cancelled', 'cancelled by you']],
  );
  const again = await run('cancel', id, '--yes');
  assert.equal(again.code, 2);
  assert.match(again.err, new RegExp(`^tradedeck cancel: standing order ${id}: cancelled, not armed`));
});
