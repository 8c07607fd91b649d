// The built program with a Ledger: `--keypair speculos://HOST:PORT` drives Ledger's real kits
// against the emulated Solana app (test/support/ledgerEmulator.ts), and `tradedeck sim` runs as its
// own process, verifying every signature it is sent. The address, a swap signed by the device key
// and executed, a refusal on the device, a rewritten transaction the device is never asked to
// sign, and what a person without the kits (or without a device) is told. A preload script in
// each child process records which of the kits it loads and every connection it opens.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { CLI, cleanEnv, collect, type Run } from '../support/cli.js';
import { ROOT } from '../support/home.js';
import { openTerminal } from '../support/pty.js';
import { startSimProcess } from '../support/simProcess.js';
import { startLedgerEmulator, type LedgerEmulator } from '../support/ledgerEmulator.js';
import { createDemoKeyFile, loadKeypairFile } from '../../src/wallet/keypair.js';
import type { SimRequestLogEntry } from '../../src/sim/index.js';

const KITS = [
  '@ledgerhq/device-management-kit',
  '@ledgerhq/device-signer-kit-solana',
  '@ledgerhq/device-transport-kit-node-hid',
  '@ledgerhq/device-transport-kit-speculos',
  'rxjs',
];

/** Loaded with --require into each child: which kits it loads, and every connection it opens, appended to $TD_TEST_TRACE. */
const TRACER = `
const Module = require('node:module');
const net = require('node:net');
const { appendFileSync } = require('node:fs');
const out = process.env.TD_TEST_TRACE;
const load = Module._load;
Module._load = function (request) {
  if (/^(@ledgerhq\\/|rxjs$)/.test(request)) appendFileSync(out, 'load ' + request + '\\n');
  return load.apply(this, arguments);
};
const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function (...args) {
  // net.connect() hands over its arguments normalised: [[options, callback]]
  const first = Array.isArray(args[0]) ? args[0][0] : args[0];
  const o = first && typeof first === 'object' ? first : { port: first, host: args[1] };
  appendFileSync(out, 'connect ' + (o.path ?? (o.host ?? 'localhost') + ':' + o.port) + '\\n');
  return connect.apply(this, args);
};
`;

interface World {
  emu: LedgerEmulator;
  sim: string;
  home: string;
  /** the file the tracer appends to */
  trace: string;
  /** `tradedeck ARGS... --base-url SIM` with the emulated device as the keypair unless one is given */
  run(args: string[], key?: string): Promise<Run>;
  env(): NodeJS.ProcessEnv;
  simRequests(): Promise<SimRequestLogEntry[]>;
}

async function world(t: { after(fn: () => unknown): void }, emulator: Parameters<typeof startLedgerEmulator>[0] = {}) {
  const emu = await startLedgerEmulator(emulator);
  t.after(() => emu.close());
  const home = mkdtempSync(join(tmpdir(), 'td-e2e-ledger-'));
  t.after(() => rmSync(home, { recursive: true, force: true }));
  const sim = await startSimProcess(t, { fund: emu.addressOf([44, 501, 0]), seed: 11 });
  const trace = join(home, 'trace.log');
  writeFileSync(trace, '');
  const tracer = join(home, 'tracer.cjs');
  writeFileSync(tracer, TRACER);
  const env = () => ({
    ...cleanEnv(home),
    TRADEDECK_API_KEY: 'test-key',
    TD_TEST_TRACE: trace,
    NODE_OPTIONS: `--require ${tracer}`,
  });
  const w: World = {
    emu,
    sim,
    home,
    trace,
    env,
    run: (args, key = emu.keyUrl('0')) =>
      collect(process.execPath, [CLI, ...args, '--base-url', sim, '--keypair', key], env()),
    simRequests: async () => (await (await fetch(`${sim}/__sim/requests`)).json()) as SimRequestLogEntry[],
  };
  return w;
}

/** a 1x1 PNG, the token image of a Studio launch */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const traced = (w: World) => readFileSync(w.trace, 'utf8').split('\n').filter(Boolean);
const executes = (log: SimRequestLogEntry[]) => log.filter((e) => e.method === 'POST' && e.path.endsWith('/execute'));
const signApdus = (emu: LedgerEmulator) => emu.apdus.filter((a) => a.cla === 0xe0 && a.ins === 0x06);

test('tradedeck wallet: the address read from the device; --verify has the device show it, approved or rejected there', async (t) => {
  const w = await world(t, { decide: 'hold' });
  const shown = await w.run(['wallet', '--json']);
  assert.equal(shown.code, 0, shown.err);
  assert.deepEqual(JSON.parse(shown.out), {
    address: w.emu.addressOf([44, 501, 0]),
    key: `speculos 44'/501'/0' (${w.emu.keyUrl('0')})`,
  });
  const other = await w.run(['wallet', '--json'], w.emu.keyUrl('5/1'));
  assert.equal(JSON.parse(other.out).address, w.emu.addressOf([44, 501, 5, 1]));
  assert.deepEqual(w.emu.prompts, [], 'reading the address asks the person nothing');

  for (const approve of [true, false]) {
    const verifying = w.run(['wallet', '--verify', '--table']);
    const prompt = await w.emu.waitForPrompt();
    assert.deepEqual(prompt, { kind: 'address', path: [44, 501, 0], address: w.emu.addressOf([44, 501, 0]) });
    if (approve) w.emu.approve();
    else w.emu.refuse();
    const r = await verifying;
    const address = w.emu.addressOf([44, 501, 0]);
    assert.match(
      r.err,
      new RegExp(`^Check the address on your Ledger: it shows ${address}; approve it there if it matches\\.\\n`),
    );
    if (approve) {
      assert.equal(r.code, 0, r.err);
      assert.match(
        r.out,
        new RegExp(
          `^FIELD +VALUE\\naddress +${address}\\nkey +speculos 44'/501'/0' \\(speculos://127\\.0\\.0\\.1:\\d+\\?key=0\\)\\nverified +shown on the Ledger and approved there\\n$`,
        ),
      );
    } else {
      assert.equal(r.code, 1);
      assert.equal(r.out, '');
      assert.match(r.err, /\ntradedeck wallet: the address was rejected on the Ledger\n$/);
    }
  }
  // a key file has no device to show it on
  const file = await createDemoKeyFile(join(w.home, 'keys'));
  const plain = await w.run(['wallet', '--verify'], file);
  assert.equal(plain.code, 2);
  assert.equal(
    plain.err,
    'tradedeck wallet: --verify: shows the address on a Ledger (--keypair usb://ledger); this wallet has no device to show it on\n',
  );
});

test('swap 0.01 SOL USDC --yes against tradedeck sim: signed by the device key and executed; the journal names the device; nothing leaves the machine', async (t) => {
  const w = await world(t);
  const address = w.emu.addressOf([44, 501, 0]);
  const r = await w.run(['swap', '0.01', 'SOL', 'USDC', '--yes', '--json']);
  assert.equal(r.code, 0, r.err);
  const out = JSON.parse(r.out);
  assert.equal(out.status, 'success');
  assert.match(out.lines[0], /^Paid 0\.01 SOL, received [\d.]+ USDC$/);
  assert.match(r.err, /--yes: signing without asking here; the Ledger asks for its own approval\n/);

  // the transaction executed is the one the device signed: its message, its signature over it
  const [execute] = executes(await w.simRequests());
  const wire = Buffer.from((execute.body as { signedTransaction: string }).signedTransaction, 'base64');
  const [prompt] = w.emu.prompts;
  assert.equal(prompt.kind, 'sign');
  assert.deepEqual(prompt.path, [44, 501, 0]);
  assert.deepEqual(wire.subarray(1 + 64), Buffer.from(prompt.message!), 'the executed message is the one shown');
  assert.ok(signApdus(w.emu).length >= 2, `the swap went to the device in chunks (${signApdus(w.emu).length})`);

  const lines = readFileSync(join(w.home, 'state', 'tradedeck', 'journal.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  const entry = lines.find((l) => l.kind === 'entry');
  assert.equal(entry.wallet, address);
  assert.equal(entry.signer, "speculos 44'/501'/0'");
  // written before the device was asked, then its signed line, then the outcome
  assert.equal(entry.status, 'prepared');
  const outcomes = lines.filter((l) => l.kind === 'outcome' && l.id === entry.id).map((l) => l.status);
  assert.deepEqual(outcomes, ['signed', 'success']);

  // the kits were loaded, and every connection went to this machine: the device and the service
  const trace = traced(w);
  assert.ok(trace.includes('load @ledgerhq/device-management-kit'), trace.join(', '));
  assert.ok(trace.includes('load @ledgerhq/device-transport-kit-speculos'));
  assert.ok(
    !trace.includes('load @ledgerhq/device-transport-kit-node-hid'),
    'the USB transport is not loaded for Speculos',
  );
  const ports = new Set([new URL(w.emu.url).port, new URL(w.sim).port]);
  const connections = trace.filter((l) => l.startsWith('connect '));
  assert.ok(connections.length > 0);
  for (const c of connections) {
    const m = /^connect (127\.0\.0\.1|localhost):(\d+)$/.exec(c);
    assert.ok(m && ports.has(m[2]), `${c}: only the emulated device and the simulator`);
  }
});

test('a refusal on the device: exit 1, "declined", nothing executed; the journal closes its entry as never sent', async (t) => {
  const w = await world(t, { decide: 'refuse' });
  const r = await w.run(['swap', '0.01', 'SOL', 'USDC', '--yes', '--json']);
  assert.equal(r.code, 1, r.err);
  const out = JSON.parse(r.out);
  assert.equal(out.status, 'failed');
  assert.equal(out.lines[0], 'declined on the Ledger; nothing was sent');
  assert.ok(
    out.lines.slice(1).every((l: string) => l.startsWith('route ')),
    out.lines.join('\n'),
  );
  assert.equal(w.emu.prompts.length, 1, 'the device was asked');
  const log = await w.simRequests();
  assert.ok(
    log.some((e) => e.path === '/swap/v2/order'),
    'the order was built',
  );
  assert.deepEqual(executes(log), [], 'nothing was sent to execute');
  const journal = readFileSync(join(w.home, 'state', 'tradedeck', 'journal.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  assert.deepEqual(
    journal.map((l) => [l.kind, l.status]),
    [
      ['entry', 'prepared'],
      ['outcome', 'unsent'],
    ],
  );
  assert.match(journal[1].error, /declined on the Ledger/);
  assert.equal(journal[0].signedTransaction, undefined, 'no signed transaction was ever written');
});

test('every signing flow signs on the device: the swap group, a limit order and its cancel, a DCA, a Studio launch', async (t) => {
  const w = await world(t);
  const image = join(w.home, 'logo.png');
  writeFileSync(image, PNG);
  const signed = async (args: string[]) => {
    const before = w.emu.prompts.length;
    const r = await w.run([...args, '--yes', '--json']);
    assert.equal(r.code, 0, `${args.join(' ')}: ${r.err}`);
    assert.equal(JSON.parse(r.out).status, 'success', args.join(' '));
    assert.ok(w.emu.prompts.length > before, `${args.join(' ')} was signed on the device`);
    return JSON.parse(r.out);
  };
  await signed(['swap', '0.01', 'SOL', 'USDC', '--route', 'swap']);
  await signed(['limit', '0.1', 'SOL', '20', 'USDC']);
  await signed(['dca', '300', 'USDC', 'SOL', '3', '1h']);
  const orders = await w.run(['orders', '--limit', '--json']);
  const order = JSON.parse(orders.out).trigger[0].orderKey as string;
  await signed(['cancel', order]);
  await signed(['studio', 'create', '--name', 'Ledger Deck', '--symbol', 'LDECK', '--image', image]);
  // each transaction the device signed is one the service executed or the node accepted
  const log = await w.simRequests();
  const sent =
    executes(log).length +
    log.filter((e) => e.path === '/rpc' && (e.body as { method?: string } | null)?.method === 'sendTransaction').length;
  assert.equal(sent, w.emu.prompts.length);
  const entries = readFileSync(join(w.home, 'state', 'tradedeck', 'journal.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l))
    .filter((l) => l.kind === 'entry');
  assert.equal(entries.length, w.emu.prompts.length);
  assert.deepEqual(new Set(entries.map((e) => e.signer)), new Set(["speculos 44'/501'/0'"]));
});

/** A proxy in front of the simulator that answers GET /ultra/v1/order with inAmount a thousandth of the truth. */
async function understatingProxy(t: { after(fn: () => unknown): void }, sim: string): Promise<string> {
  const body = (req: IncomingMessage) =>
    new Promise<Buffer>((resolve) => {
      const chunks: Buffer[] = [];
      req.on('data', (d: Buffer) => chunks.push(d));
      req.on('end', () => resolve(Buffer.concat(chunks)));
    });
  const server = createServer(async (req, res) => {
    const sent = await body(req);
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers))
      if (typeof v === 'string' && !['host', 'content-length', 'connection', 'accept-encoding'].includes(k))
        headers[k] = v;
    const r = await fetch(sim + req.url, {
      method: req.method,
      headers,
      body: req.method === 'GET' ? undefined : new Uint8Array(sent),
    });
    let text = await r.text();
    if (req.url?.startsWith('/swap/v2/order') || req.url?.startsWith('/ultra/v1/order')) {
      const order = JSON.parse(text);
      order.inAmount = String(BigInt(order.inAmount) / 1000n);
      text = JSON.stringify(order);
    }
    res.writeHead(r.status, { 'content-type': r.headers.get('content-type') ?? 'application/json' });
    res.end(text);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(() => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

test('an order answer rewritten on its way is refused before the device is asked to sign it', async (t) => {
  const w = await world(t);
  const proxy = await understatingProxy(t, w.sim);
  const r = await collect(
    process.execPath,
    [
      CLI,
      'swap',
      '0.01',
      'SOL',
      'USDC',
      '--yes',
      '--base-url',
      proxy,
      '--rpc-url',
      `${w.sim}/rpc`,
      '--keypair',
      w.emu.keyUrl('0'),
    ],
    w.env(),
  );
  assert.equal(r.code, 2, 'refused: nothing was signed');
  assert.match(r.out + r.err, /Refused: nothing was signed/);
  // the answer is compared with the request before anything is inspected or shown
  assert.match(r.out + r.err, /inAmount: the service quoted 0\.00001 SOL; you asked for 0\.01 SOL/);
  assert.deepEqual(signApdus(w.emu), [], 'the device was never asked to sign');
  assert.deepEqual(w.emu.prompts, []);
  assert.deepEqual(executes(await w.simRequests()), []);
});

/** A copy of the built program somewhere no node_modules folder is above it. */
function copyOfDist(t: { after(fn: () => void): void }, into = mkdtempSync(join(tmpdir(), 'td-ledger-dist-'))): string {
  t.after(() => rmSync(into, { recursive: true, force: true }));
  const launcher = readFileSync(CLI, 'utf8');
  const dist = join(into, 'dist');
  mkdirSync(dist, { recursive: true });
  copyFileSync(CLI, join(dist, 'cli.js'));
  copyFileSync(join(dirname(CLI), 'package.json'), join(dist, 'package.json'));
  for (const m of launcher.matchAll(/"((?:main|dashboard|headless|sim)-[A-Z0-9]+\.js)"/g))
    copyFileSync(join(dirname(CLI), m[1]), join(dist, m[1]));
  return join(dist, 'cli.js');
}

/** a live service no one answers at: a key (file or device) is read in live mode only, and these runs never reach it */
const CLOSED = 'http://127.0.0.1:9';

test("without the kits: one line saying what to install, exit 2; installed in npm's global folder beside a linked tradedeck, they are found", async (t) => {
  const emu = await startLedgerEmulator();
  t.after(() => emu.close());
  const cli = copyOfDist(t);
  // an npm prefix of its own: its global folder holds nothing yet
  const prefix = mkdtempSync(join(tmpdir(), 'td-npm-prefix-'));
  t.after(() => rmSync(prefix, { recursive: true, force: true }));
  const global = join(prefix, 'lib', 'node_modules');
  mkdirSync(global, { recursive: true });
  const env = { ...cleanEnv(), npm_config_prefix: prefix };
  assert.ok(
    !existsSync(join(dirname(dirname(process.execPath)), 'lib', 'node_modules', '@ledgerhq')),
    "this machine's node has no Ledger kit installed globally",
  );
  const usb = await collect(
    process.execPath,
    [cli, 'swap', '0.01', 'SOL', 'USDC', '--yes', '--keypair', 'usb://ledger', '--base-url', CLOSED],
    env,
  );
  assert.equal(usb.code, 2);
  assert.equal(usb.out, '');
  assert.equal(
    usb.err,
    "tradedeck swap: usb://ledger: needs Ledger's device kits, which are not installed (about 130 MB, kept out of tradedeck's package): npm install -g @ledgerhq/device-management-kit@1.10.0 @ledgerhq/device-signer-kit-solana@1.13.0 rxjs@7.8.2 @ledgerhq/device-transport-kit-node-hid@1.0.1\n",
  );
  const speculos = await collect(
    process.execPath,
    [cli, 'wallet', '--keypair', emu.keyUrl('0'), '--base-url', CLOSED],
    env,
  );
  assert.equal(speculos.code, 2);
  assert.equal(
    speculos.err,
    `tradedeck wallet: ${emu.keyUrl('0')}: needs Ledger's device kits, which are not installed (about 130 MB, kept out of tradedeck's package): npm install -g @ledgerhq/device-management-kit@1.10.0 @ledgerhq/device-signer-kit-solana@1.13.0 rxjs@7.8.2 @ledgerhq/device-transport-kit-speculos@1.2.1\n`,
  );

  // `npm install -g` of the kits puts them in the global folder, beside (not under) tradedeck
  mkdirSync(join(global, '@ledgerhq'));
  for (const kit of KITS) symlinkSync(join(ROOT, 'node_modules', kit), join(global, kit));
  const found = await collect(
    process.execPath,
    [cli, 'wallet', '--json', '--keypair', emu.keyUrl('0'), '--base-url', CLOSED],
    env,
  );
  assert.equal(found.code, 0, found.err);
  assert.equal(JSON.parse(found.out).address, emu.addressOf([44, 501, 0]));

  // a kit of another version is named, with the command that puts the tested one in its place
  rmSync(join(global, 'rxjs'));
  mkdirSync(join(global, 'rxjs'));
  writeFileSync(
    join(global, 'rxjs', 'package.json'),
    JSON.stringify({ name: 'rxjs', version: '7.9.0', main: 'index.js' }),
  );
  writeFileSync(join(global, 'rxjs', 'index.js'), '');
  const wrong = await collect(
    process.execPath,
    [cli, 'wallet', '--keypair', emu.keyUrl('0'), '--base-url', CLOSED],
    env,
  );
  assert.equal(wrong.code, 2);
  assert.match(
    wrong.err,
    new RegExp(
      `^tradedeck wallet: ${emu.keyUrl('0').replace(/[?.]/g, '\\$&')}: found rxjs 7\\.9\\.0 in ${global.replace(/[.]/g, '\\.')}; tradedeck runs the Ledger kits at exactly these versions: npm install -g .*rxjs@7\\.8\\.2 .*\\n$`,
    ),
  );
});

test('usb://ledger with no Ledger usable here: one line, exit 2, and the process ends by itself', async () => {
  const r = await collect(
    process.execPath,
    [CLI, 'wallet', '--keypair', 'usb://ledger?key=0', '--base-url', CLOSED],
    cleanEnv(),
  );
  // exit 2, not a kill by collect's timer: nothing (the USB hot-plug listener) kept the process alive
  assert.equal(r.code, 2, r.err);
  assert.equal(r.out, '');
  assert.equal(r.err.split('\n').length, 2, `one line: ${r.err}`);
  assert.match(
    r.err,
    /^tradedeck wallet: usb:\/\/ledger\?key=0: (the Ledger's USB library needs the system's libusb-1\.0: install it \(Debian and Ubuntu: sudo apt install libusb-1\.0-0; Fedora: libusb1\) and try again|no Ledger found over USB: plug it in, unlock it and open the Solana app, then try again|this user may not open the Ledger: add Ledger's udev rules \(20-hw1\.rules, see docs\/live\.md\), unplug it and plug it in again)\n$/,
  );
});

test('start-up without a Ledger is unchanged: no script bundles a kit, and a run with a key file loads none', async (t) => {
  for (const file of readdirSync(dirname(CLI)).filter((f) => /^(main|dashboard|headless|sim)-[A-Z0-9]+\.js$/.test(f))) {
    const text = readFileSync(join(dirname(CLI), file), 'latin1');
    assert.deepEqual(text.match(/^\/\/ node_modules\/(@ledgerhq|rxjs)\/.*$/gm) ?? [], [], `${file} bundles no kit`);
  }
  const w = await world(t);
  const key = await createDemoKeyFile(join(w.home, 'keys'));
  await fetch(`${w.sim}/__sim/fund`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ address: (await loadKeypairFile(key)).address }),
  });
  for (const args of [
    ['tokens', '--json'],
    ['quote', '1', 'SOL', 'USDC', '--json'],
    ['swap', '0.01', 'SOL', 'USDC', '--yes', '--json'],
  ]) {
    const r = await w.run(args, key);
    assert.equal(r.code, 0, r.err);
  }
  assert.deepEqual(
    traced(w).filter((l) => l.startsWith('load ')),
    [],
    'no kit was loaded',
  );
  // the same tracer sees them when a device is asked for
  assert.equal((await w.run(['wallet'])).code, 0);
  assert.ok(traced(w).some((l) => l.startsWith('load @ledgerhq/')));
});

test('headless swap in a terminal: the dialog, then "Confirm on your Ledger…" with the hash the device shows; approved, it executes', async (t) => {
  const w = await world(t, { decide: 'hold' });
  const term = await openTerminal(t, {
    command: [
      process.execPath,
      CLI,
      'swap',
      '0.01',
      'SOL',
      'USDC',
      '--base-url',
      w.sim,
      '--keypair',
      w.emu.keyUrl('0'),
    ],
    cols: 80,
    rows: 24,
    env: { ...w.env(), NODE_OPTIONS: undefined },
  });
  await term.waitFor(/Sign and send\? \[y\/N\]/, 30_000);
  term.send('y');
  term.press('Enter');
  const prompt = await w.emu.waitForPrompt();
  // stderr is wrapped by the terminal at the 80th column, wherever that falls: read without the breaks
  const flat = (s: string) => s.replace(/\s+/g, '');
  const screen = await term.waitFor((s) => flat(s).includes(prompt.hash!), 20_000);
  assert.ok(
    flat(screen).includes(
      flat(
        `Confirm on your Ledger… It shows the message hash ${prompt.hash}: approve only if it is this one. Blind signing must be on in its Solana app (Settings).`,
      ),
    ),
    screen,
  );
  w.emu.approve();
  await term.waitFor(/Success/, 20_000);
  assert.equal(await term.exited(), 0);
});
