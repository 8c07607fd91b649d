// The Ledger wallet in this process, through Ledger's real kits (device-management-kit,
// device-signer-kit-solana, the Speculos transport) against the emulated Solana app of
// test/support/ledgerEmulator.ts: the keypair URL forms, the address, signatures (chunked, and
// checked), and one line for each way a device says no.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createPublicKey, verify } from 'node:crypto';
import { createServer } from 'node:net';
import { inspect } from 'node:util';
import { decodeBase58 } from '../../src/chain/base58.js';
import { ConfigError, describeConfig, loadConfig } from '../../src/config/config.js';
import { parseDeviceKey, signerName } from '../../src/wallet/keyUrl.js';
import { createDemoKeyFile, loadKeypairFile, unattendedRefusal } from '../../src/wallet/keypair.js';
import { LedgerError, messageHash, openLedgerWallet } from '../../src/wallet/ledger.js';
import { startLedgerEmulator, type LedgerEmulator } from '../support/ledgerEmulator.js';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nth } from '../support/narrow.js';

async function emulator(t: { after(fn: () => unknown): void }, o: Parameters<typeof startLedgerEmulator>[0] = {}) {
  const emu = await startLedgerEmulator(o);
  t.after(() => emu.close());
  return emu;
}

const instructions = (emu: LedgerEmulator) =>
  emu.apdus.map((a) => `${a.cla.toString(16)}${a.ins.toString(16).padStart(2, '0')}`);

function verifies(address: string, message: Uint8Array, signature: Uint8Array): boolean {
  const key = createPublicKey({
    key: Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), decodeBase58(address)!]),
    format: 'der',
    type: 'spki',
  });
  return verify(null, message, key, signature);
}

/** a message the size of a swap with a route: four chunks of at most 255 bytes */
const LONG = new Uint8Array(900).map((_, i) => (i * 7) % 256);

test('keypair URLs are read as the Solana CLI reads them; anything else is a key file', () => {
  const cases: Array<[string, string, Partial<ReturnType<typeof parseDeviceKey>>]> = [
    ['usb://ledger', "44'/501'", { transport: 'usb' }],
    ['usb://ledger?key=0', "44'/501'/0'", {}],
    ['usb://ledger?key=2/1', "44'/501'/2'/1'", {}],
    ["usb://ledger?key=3'/0'", "44'/501'/3'/0'", {}],
    ['  USB://ledger?key=1  ', "44'/501'/1'", { text: 'USB://ledger?key=1' }],
    [
      'usb://ledger/HSU5faNWT2nRytyqXuW56kCqbPysXd7hE9NWSBB2MQkB?key=0',
      "44'/501'/0'",
      { walletId: 'HSU5faNWT2nRytyqXuW56kCqbPysXd7hE9NWSBB2MQkB' },
    ],
    ['speculos://127.0.0.1:5000', "44'/501'", { transport: 'speculos', endpoint: 'http://127.0.0.1:5000' }],
    ['speculos://localhost:41000?key=7', "44'/501'/7'", { endpoint: 'http://localhost:41000' }],
    ['speculos://[::1]:5000?key=0', "44'/501'/0'", { endpoint: 'http://[::1]:5000' }],
  ];
  for (const [text, pathText, more] of cases) {
    const key = parseDeviceKey(text);
    assert.equal(key.pathText, pathText, text);
    for (const [k, v] of Object.entries(more)) assert.deepEqual(key[k as keyof typeof key], v, `${text} ${k}`);
  }
  assert.equal(signerName(parseDeviceKey('usb://ledger?key=0')), "ledger 44'/501'/0'");
  assert.equal(signerName(parseDeviceKey('speculos://h:1?key=0')), "speculos 44'/501'/0'");

  // hostile and ambiguous forms: one line each, naming what is wrong
  for (const [text, why] of [
    ['usb://ledger?key=-1', /^the key parameter must be ACCOUNT or ACCOUNT\/CHANGE, .* \(got "-1"\)$/],
    ['usb://ledger?key=1/2/3', /must be ACCOUNT or ACCOUNT\/CHANGE, .* \(got "1\/2\/3"\)$/],
    ['usb://ledger?key=abc', /must be ACCOUNT or ACCOUNT\/CHANGE/],
    ['usb://ledger?key=2147483648', /whole numbers from 0 to 2147483647 \(got "2147483648"\)/],
    ['usb://ledger?key=1.5', /whole numbers/],
    ['usb://ledger?key=', /\(got ""\)/],
    ['usb://ledger?key=1&key=2', /^the key parameter is given twice$/],
    ['usb://ledger?account=1', /^unknown parameter "account" \(the only one is key=ACCOUNT\[\/CHANGE\]\)$/],
    ['usb://trezor', /^only Ledger devices are supported: usb:\/\/ledger \(got usb:\/\/trezor\)$/],
    ['usb://ledger/not-an-address', /wallet id .* base58 address/],
    ['speculos://127.0.0.1', /needs HOST:PORT/],
    ['speculos://127.0.0.1:99999', /needs HOST:PORT/],
    ['speculos://user:pw@127.0.0.1:5000', /needs HOST:PORT/],
    ['speculos://127.0.0.1:5000/apdu', /takes no path/],
    ['usb://ledger#key=1', /^"usb:\/\/ledger#key=1" is not a keypair URL/],
  ] as const) {
    assert.throws(
      () => parseDeviceKey(text),
      (e: Error) => why.test(e.message),
      text,
    );
  }
});

/** a live service: a key (file or device) is read in live mode only */
const LIVE = 'https://svc.example';

test('the keypair setting takes a keypair URL from a flag, the environment or the config file; a bad one stops the start', () => {
  const home = mkdtempSync(join(tmpdir(), 'td-ledger-config-'));
  const c = loadConfig({ flags: { keypair: 'usb://ledger?key=1', baseUrl: LIVE }, env: {}, home });
  assert.equal(c.keypairPath, undefined);
  assert.equal(c.keypairIsDefault, false);
  assert.deepEqual(c.keypairDevice?.path, [44, 501, 1]);
  assert.equal(
    describeConfig(c, (s) => s).wallet,
    "usb://ledger?key=1 (ledger 44'/501'/1'; the address: tradedeck wallet)",
  );
  const fromEnv = loadConfig({
    flags: { baseUrl: LIVE },
    env: { TRADEDECK_KEYPAIR: 'speculos://127.0.0.1:5000' },
    home,
  });
  assert.equal(fromEnv.keypairDevice?.endpoint, 'http://127.0.0.1:5000');
  // a path that merely mentions usb is still a path
  assert.equal(
    loadConfig({ flags: { keypair: './usb-key.json', baseUrl: LIVE }, env: {}, home }).keypairPath,
    './usb-key.json',
  );
  assert.throws(
    () => loadConfig({ flags: { keypair: 'usb://ledger?key=x', baseUrl: LIVE }, env: {}, home }),
    (e: unknown) =>
      e instanceof ConfigError &&
      e.problems.length === 1 &&
      e.problems[0] ===
        'flag --keypair: keypair: the key parameter must be ACCOUNT or ACCOUNT/CHANGE, whole numbers from 0 to 2147483647 (got "x")',
  );
});

test('the address of each account is read from the device without asking the person', async (t) => {
  const emu = await emulator(t);
  for (const [key, path] of [
    [undefined, [44, 501]],
    ['0', [44, 501, 0]],
    ['3/1', [44, 501, 3, 1]],
  ] as const) {
    const w = await openLedgerWallet(parseDeviceKey(emu.keyUrl(key)));
    assert.equal(w.address, emu.addressOf([...path]), `key ${key}`);
    assert.equal(w.kind, 'ledger');
  }
  assert.deepEqual(emu.prompts, [], 'nothing was shown for approval');
  const w = await openLedgerWallet(parseDeviceKey(emu.keyUrl('0')));
  // the wallet's public view: the address and the key's name, nothing more
  assert.deepEqual(JSON.parse(JSON.stringify(w)), {
    kind: 'ledger',
    address: w.address,
    key: emu.keyUrl('0'),
    path: "44'/501'/0'",
  });
  assert.equal(inspect(w), `Wallet(speculos 44'/501'/0' ${w.address})`);
  assert.equal(w.signer.name, "speculos 44'/501'/0'");
  // it needs a person for every signature: nothing unattended may sign with it, said in one line
  assert.equal(w.signer.canSignUnattended, false);
  assert.equal(
    unattendedRefusal(w),
    "speculos 44'/501'/0' needs a person to approve every signature on the device: unattended signing needs a key file",
  );
  const file = await loadKeypairFile(await createDemoKeyFile(mkdtempSync(join(tmpdir(), 'td-ledger-key-'))));
  assert.equal(file.signer.canSignUnattended, true);
  assert.equal(unattendedRefusal(file), undefined);
});

test('a message longer than one APDU goes in chunks; the signature is the device key over exactly that message', async (t) => {
  const emu = await emulator(t);
  const w = await openLedgerWallet(parseDeviceKey(emu.keyUrl('0')));
  const told: string[] = [];
  const signature = await w.signer.sign(LONG, { onStatus: (s) => told.push(s) });
  assert.equal(signature.length, 64);
  assert.ok(verifies(emu.addressOf([44, 501, 0]), LONG, signature), 'the signature verifies under the address');
  const chunks = emu.apdus.filter((a) => a.cla === 0xe0 && a.ins === 0x06);
  // 1 + 1 + 3 x 4 bytes of signer and path, then 900 bytes: 255 + 255 + 255 + 147
  assert.deepEqual(
    chunks.map((a) => [a.p1, a.p2, a.length]),
    [
      [1, 0x02, 255],
      [1, 0x03, 255],
      [1, 0x03, 255],
      [1, 0x01, 149],
    ],
  );
  assert.deepEqual(Buffer.from(nth(emu.prompts, 0).message!), Buffer.from(LONG), 'the device got the message whole');
  // what the person is told is what the device shows
  const hash = nth(emu.prompts, 0).hash!;
  assert.equal(messageHash(LONG), hash);
  assert.equal(told.length, 2);
  assert.match(nth(told, 0), /^Connecting to the Ledger \(speculos 44'\/501'\/0' at http:\/\/127\.0\.0\.1:\d+\)…$/);
  assert.equal(
    told[1],
    `Confirm on your Ledger… It shows the message hash ${hash}: approve only if it is this one. Blind signing must be on in its Solana app (Settings).`,
  );
});

test('only the Solana app is spoken to, and nothing but the device: no descriptors, no checks, even on an app that offers them', async (t) => {
  for (const version of ['1.12.1', '1.17.2']) {
    const emu = await emulator(t, { version });
    const w = await openLedgerWallet(parseDeviceKey(emu.keyUrl('0')));
    await w.signer.sign(LONG);
    await w.verifyAddress();
    assert.deepEqual(
      [...new Set(instructions(emu))].sort(),
      ['b001', 'e004', 'e005', 'e006'],
      `app ${version}: the app and version, its configuration, the public key, the signature`,
    );
    assert.deepEqual(new Set(emu.requests), new Set(['POST /apdu']), 'the emulator was asked nothing else');
  }
});

test('each way the device says no is one line; nothing is signed', async (t) => {
  const emu = await emulator(t);
  const w = await openLedgerWallet(parseDeviceKey(emu.keyUrl('0')));
  const refusal = async (reason: LedgerError['reason'], line: string | RegExp) => {
    await assert.rejects(w.signer.sign(LONG), (e: unknown) => {
      assert.ok(e instanceof LedgerError, String(e));
      assert.equal(e.reason, reason);
      if (typeof line === 'string') assert.equal(e.message, line);
      else assert.match(e.message, line);
      assert.doesNotMatch(e.message, /\n/);
      return true;
    });
  };
  emu.state.decide = 'refuse';
  await refusal('declined', 'declined on the Ledger; nothing was sent');
  emu.state.decide = 'approve';
  emu.state.blindSigning = false;
  await refusal(
    'blind-signing',
    "blind signing is off in the Ledger's Solana app: turn it on there (Settings, Blind signing) and try again; nothing was sent",
  );
  emu.state.blindSigning = true;
  emu.state.locked = true;
  await refusal('locked', 'the Ledger is locked: unlock it with its PIN, open the Solana app, and try again');
  emu.state.locked = false;
  emu.state.app = 'Ethereum';
  await refusal('wrong-app', 'the Ledger has the Ethereum app open, not Solana: open the Solana app, then try again');
  // an app name is the device's text: shown only once cleaned
  emu.state.app = 'Eth\u001b]0;PWNED\u0007';
  await refusal('wrong-app', /^the Ledger has the Eth.*app open, not Solana/);
  await assert.rejects(
    w.signer.sign(LONG),
    (e: Error) => !e.message.includes('\u001b') && !e.message.includes('\u0007'),
  );
  emu.state.app = 'BOLOS';
  await refusal('no-app', 'the Solana app is not open on the Ledger: open it, then try again');
  emu.state.app = 'Solana';
  emu.state.tamper = true;
  await refusal('mismatch', "the Ledger's signature is not this transaction's under this key; nothing was sent");
  emu.state.tamper = false;
  assert.equal((await w.signer.sign(LONG)).length, 64, 'and signs again once the device is ready');
  // a locked device when the wallet is opened: the start says so
  emu.state.locked = true;
  await assert.rejects(openLedgerWallet(parseDeviceKey(emu.keyUrl('0'))), /^LedgerError: the Ledger is locked/);
});

test('a device that is not approved in time, or does not answer, is a timeout line', async (t) => {
  const emu = await emulator(t, { decide: 'hold' });
  // the person's time runs from when the device asks them (the kit says so), not from the start
  const w = await openLedgerWallet(parseDeviceKey(emu.keyUrl('0')), { confirmTimeoutMs: 2000 });
  const signing = w.signer.sign(LONG);
  assert.equal((await emu.waitForPrompt()).kind, 'sign');
  await assert.rejects(signing, (e: unknown) => {
    assert.ok(e instanceof LedgerError);
    assert.equal(e.reason, 'timeout');
    assert.equal(e.message, 'the Ledger was not approved within 2 s; nothing was sent');
    return true;
  });
  // the APDU the emulator held was given up with the session: an answer now goes nowhere
  emu.refuse();

  // a "Speculos" that takes the connection and never answers
  const held = new Set<import('node:net').Socket>();
  const silent = createServer((socket) => {
    held.add(socket);
    socket.on('close', () => held.delete(socket));
  });
  await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
  const port = (silent.address() as { port: number }).port;
  await assert.rejects(
    openLedgerWallet(parseDeviceKey(`speculos://127.0.0.1:${port}`), { answerTimeoutMs: 300 }),
    (e: unknown) =>
      e instanceof LedgerError &&
      e.reason === 'timeout' &&
      e.message ===
        `the Ledger did not answer within 0.3 s: is it unlocked, with the Solana app open? (Speculos at http://127.0.0.1:${port})`,
  );
  for (const socket of held) socket.destroy();
  await new Promise<void>((r) => silent.close(() => r()));
  // and a port nothing listens on
  await assert.rejects(
    openLedgerWallet(parseDeviceKey(`speculos://127.0.0.1:${port}`)),
    new RegExp(`^LedgerError: no Speculos answers at http://127\\.0\\.0\\.1:${port} \\(is it running\\?\\)$`),
  );
});

test('--verify: the device shows the address; approved it resolves, rejected it says so', async (t) => {
  const emu = await emulator(t, { decide: 'hold' });
  const w = await openLedgerWallet(parseDeviceKey(emu.keyUrl('2')));
  const told: string[] = [];
  const verified = w.verifyAddress({ onStatus: (s) => told.push(s) });
  const prompt = await emu.waitForPrompt();
  assert.deepEqual(prompt, { kind: 'address', path: [44, 501, 2], address: w.address });
  assert.deepEqual(told, [`Check the address on your Ledger: it shows ${w.address}; approve it there if it matches.`]);
  emu.approve();
  await verified;
  const rejected = w.verifyAddress();
  await emu.waitForPrompt();
  emu.refuse();
  await assert.rejects(rejected, /^LedgerError: the address was rejected on the Ledger$/);
});

test("usb://ledger/WALLET_ID signs only on the Ledger whose 44'/501' key is WALLET_ID", async (t) => {
  const emu = await emulator(t);
  const id = emu.addressOf([44, 501]);
  const port = new URL(emu.url).port;
  const right = await openLedgerWallet({ ...parseDeviceKey(`speculos://127.0.0.1:${port}?key=0`), walletId: id });
  assert.equal(right.address, emu.addressOf([44, 501, 0]));
  const other = emu.addressOf([44, 501, 9]);
  await assert.rejects(
    openLedgerWallet({ ...parseDeviceKey(`speculos://127.0.0.1:${port}?key=0`), walletId: other }),
    (e: unknown) =>
      e instanceof LedgerError &&
      e.reason === 'mismatch' &&
      e.message.startsWith(`this Ledger is wallet ${id}, not ${other}`),
  );
});
