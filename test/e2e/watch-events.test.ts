// `tradedeck watch` beside the dashboard on one state directory, both telling a webhook and a
// --notify-cmd program: an alert that fires and a limit order the simulator fills reach each
// channel once, though both processes see them; the fill is order.filled with the amounts of its
// trades; the watcher prints NDJSON events and SIGTERM ends it with exit 0.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { CLI, cleanEnv, startSignerRig } from '../support/cli.js';
import { openTerminal } from '../support/pty.js';
import type { NotifyEvent } from '../../src/notify/event.js';
import { nth } from '../support/narrow.js';
import { NATIVE_MINT as SOL } from '../../src/chain/mints.js';
import { waitFor } from '../support/wait.js';

test('watch and the dashboard on one state: an alert and a fill (order.filled) reach the webhook and the command once each', async (t) => {
  const got: NotifyEvent[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8').on('data', (d: string) => (body += d));
    req.on('end', () => {
      got.push(JSON.parse(body) as NotifyEvent);
      res.end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  t.after(() => new Promise<void>((r) => server.close(() => r())));
  const hook = `http://127.0.0.1:${(server.address() as AddressInfo).port}/events`;

  const rig = await startSignerRig(23, 'td-watch-events-');
  t.after(() => rig.close());
  const env = { ...cleanEnv(rig.home), TRADEDECK_API_KEY: 'test-key' };
  // an alert that holds at once (SOL above $1), armed in the shared state directory
  const state = join(rig.home, 'state', 'tradedeck');
  mkdirSync(state, { recursive: true, mode: 0o700 });
  writeFileSync(
    join(state, 'alerts.json'),
    JSON.stringify({
      version: 1,
      alerts: [
        { id: 'a1', mint: SOL, symbol: 'SOL', condition: { kind: 'above', level: 1 }, createdAt: 1, state: 'armed' },
      ],
    }),
    { mode: 0o600 },
  );
  const placed = await rig.run('limit', '1', 'SOL', '160', 'USDC', '--yes', '--json');
  assert.equal(placed.code, 0, placed.err);
  // the command writes each event it gets (stdin) to a file of its own (whole, then renamed into the folder)
  const inbox = join(rig.home, 'inbox');
  mkdirSync(inbox);
  const cmd = join(rig.home, 'on-event');
  writeFileSync(
    cmd,
    `#!${process.execPath}\nconst fs = require('fs');\nconst e = JSON.parse(fs.readFileSync(0, 'utf8'));\nconst to = ${JSON.stringify(inbox)} + '/' + e.id;\nfs.writeFileSync(to + '.part', JSON.stringify({ e, type: process.env.TRADEDECK_EVENT_TYPE }));\nfs.renameSync(to + '.part', to + '.json');\n`,
  );
  chmodSync(cmd, 0o700);
  const commanded = () =>
    existsSync(inbox)
      ? readdirSync(inbox)
          .filter((n) => n.endsWith('.json'))
          .map((n) => JSON.parse(readFileSync(join(inbox, n), 'utf8')) as { e: NotifyEvent; type: string })
      : [];
  const args = [
    '--base-url',
    rig.sim.url,
    '--rpc-url',
    rig.sim.rpcUrl,
    '--keypair',
    rig.keyPath,
    '--webhook',
    hook,
    '--notify-cmd',
    cmd,
  ];

  const watcher = spawn(process.execPath, [CLI, 'watch', '--interval-ms', '5000', ...args], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  watcher.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
  watcher.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
  const exited = new Promise<number | null>((r) => watcher.once('close', (code) => r(code)));
  t.after(() => void watcher.kill('SIGKILL'));
  const printed = () =>
    out
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as NotifyEvent);

  // on a time-out, what the watcher said
  const watcherSaid = () => `; the watcher's stdout:\n${out}\nits stderr:\n${err}`;
  // the watcher fires the alert first (a dashboard started at the same time may win that race: the
  // alert is then fired, once, by the dashboard, and the watcher has nothing to print)
  await waitFor(
    () => printed().some((e) => e.type === 'alert.fired'),
    'the watcher to print the alert',
    40_000,
    watcherSaid,
  );
  const dash = await openTerminal(t, { command: [process.execPath, CLI, ...args], cols: 80, rows: 24, env });
  await dash.waitFor(/LIVE/, 30_000);
  dash.send('3');
  await dash.waitFor(/1 SOL/, 30_000);
  const orders = (await (
    await fetch(`${rig.sim.url}/trigger/v1/getTriggerOrders?user=${rig.address}&orderStatus=active`, {
      headers: { 'x-api-key': 'k' },
    })
  ).json()) as { orders: Array<{ orderKey: string }> };
  rig.sim.fillTriggerOrder(nth(orders.orders, 0).orderKey, 100);
  await waitFor(
    () => printed().some((e) => e.type === 'order.filled'),
    'the watcher to print the fill',
    40_000,
    watcherSaid,
  );
  // the dashboard sees the same fill on its own refresh of the Orders screen (asked at once with r,
  // rather than waited for: the list refreshes every 15 s): its notifications log (N) says so
  dash.send('r');
  let polls = 0;
  await waitFor(
    () => {
      const seen = /Limit .*filled/.test(dash.screen());
      if (!seen && ++polls % 20 === 0) dash.send('N');
      return seen;
    },
    'the dashboard to log the fill',
    45_000,
  );
  await waitFor(
    () =>
      got.some((e) => e.type === 'alert.fired') &&
      got.some((e) => e.type === 'order.filled') &&
      commanded().some((c) => c.type === 'order.filled') &&
      commanded().some((c) => c.type === 'alert.fired'),
    'the webhook and the command to get both events',
    40_000,
  );

  watcher.kill('SIGTERM');
  assert.equal(await exited, 0, err);
  const byId = new Map<string, number>();
  for (const e of got) byId.set(e.id, (byId.get(e.id) ?? 0) + 1);
  for (const [id, n] of byId) assert.equal(n, 1, `${id} delivered ${n} times`);
  // one event for the fill, never an order.completed "filled or closed" beside it
  assert.deepEqual(
    got.filter((e) => e.type.startsWith('order.')).map((e) => e.type),
    ['order.filled'],
  );
  const fill = got.find((e) => e.type === 'order.filled')!;
  assert.equal(fill.data.orderKey, nth(orders.orders, 0).orderKey);
  assert.equal(fill.mode, 'live');
  // the amounts of its trades: all of the 1 SOL, for at least the 160 USDC asked
  assert.equal(fill.data.inputAmount, '1');
  assert.equal(fill.data.inputSymbol, 'SOL');
  assert.ok(Number(fill.data.outputAmount) >= 160, String(fill.data.outputAmount));
  assert.match(fill.text, /^Limit 1 SOL → USDC filled( 100%)?: 1 SOL sold for [\d.]+ USDC$/);
  const byCommand = commanded().find((c) => c.type === 'order.filled')!;
  assert.deepEqual(byCommand.e, fill, 'the command got the same event as the webhook');
  assert.equal(commanded().length, new Set(commanded().map((c) => c.e.id)).size, 'each event once');
  const alert = got.find((e) => e.type === 'alert.fired')!;
  assert.equal(alert.data.mint, SOL);
  assert.match(alert.text, /SOL rose above \$1/);
});
