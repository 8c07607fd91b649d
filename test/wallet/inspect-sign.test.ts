import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  getAddressEncoder,
  getBase58Encoder,
  getTransactionDecoder,
  address as toAddress,
  verifySignature,
  type SignatureBytes,
} from '@solana/kit';
import { SIM_PROGRAMS } from '../../src/chain/programs.js';
import { inspectTransaction } from '../../src/wallet/inspect.js';
import { createDemoKeyFile, loadKeypairFile, watchOnlyWallet, WatchOnlyError } from '../../src/wallet/keypair.js';
import { signTransaction } from '../../src/wallet/sign.js';
import { buildTransaction, randomAddress } from '../support/tx.js';
import { nth } from '../support/narrow.js';

const TOKEN = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
const COMPUTE = 'ComputeBudget111111111111111111111111111111';

async function demoWallet() {
  return loadKeypairFile(await createDemoKeyFile(await mkdtemp(join(tmpdir(), 'tradedeck-sign-'))));
}

function appendBytes(base64: string, extra: number[]): string {
  return Buffer.concat([Buffer.from(base64, 'base64'), Buffer.from(extra)]).toString('base64');
}

test('a wallet-paid v0 transaction passes and lists payer, signers, writable accounts and named programs', async () => {
  const wallet = randomAddress();
  const dest = randomAddress();
  const oracle = randomAddress();
  const hash = randomAddress();
  const tx = buildTransaction({
    feePayer: wallet,
    writable: [dest],
    readonly: [oracle],
    programs: [COMPUTE, SIM_PROGRAMS.router, TOKEN],
    blockhash: hash,
  });
  const r = await inspectTransaction(tx, { wallet, allowedSigners: [] });
  assert.ok(r.ok, !r.ok ? r.reason : '');
  assert.equal(r.version, 0);
  assert.equal(r.feePayer, wallet);
  assert.deepEqual(r.signers, [wallet]);
  assert.deepEqual(r.unsignedSigners, [wallet]);
  assert.deepEqual(new Set(r.writable), new Set([wallet, dest]));
  assert.equal(r.blockhash, hash);
  assert.deepEqual(r.programs, [
    { id: COMPUTE, name: 'Compute Budget' },
    { id: SIM_PROGRAMS.router, name: 'Router' },
    { id: TOKEN, name: 'Token' },
  ]);
  assert.deepEqual(r.unknownPrograms, []);
  assert.equal(r.lookupTables.count, 0);
});

test('a program off the fixed list is refused when handed the wallet, named or not; handed nothing of it, it is flagged', async () => {
  const wallet = randomAddress();
  const mystery = randomAddress();
  const handed = buildTransaction({ feePayer: wallet, programs: [mystery, '11111111111111111111111111111111'] });
  const refused = await inspectTransaction(handed, { wallet, allowedSigners: [] });
  assert.ok(!refused.ok);
  assert.match(
    refused.reason,
    new RegExp(
      `instruction 1 hands the wallet \\(its signature\\) to ${mystery}, a program not on tradedeck's list: refused`,
    ),
  );
  // a name from the service names it in the refusal, and lifts nothing
  const named = await inspectTransaction(handed, {
    wallet,
    allowedSigners: [],
    programNames: { [mystery]: 'Partner AMM' },
  });
  assert.ok(!named.ok);
  assert.match(named.reason, /\(named "Partner AMM" by the service\), a program not on tradedeck's list: refused/);

  const apart = buildTransaction({ feePayer: wallet, programs: [COMPUTE, mystery] });
  const flagged = await inspectTransaction(apart, {
    wallet,
    allowedSigners: [],
    programNames: { [mystery]: 'Partner AMM' },
  });
  assert.ok(flagged.ok, flagged.ok ? '' : flagged.reason);
  assert.deepEqual(flagged.unknownPrograms, [mystery]);
  assert.deepEqual(flagged.programs[1], { id: mystery, name: 'Partner AMM' });
  assert.deepEqual(flagged.foreign, [{ index: 1, program: mystery, accounts: [] }]);
});

test('an unexpected extra signer is refused by name; an allowed one passes', async () => {
  const wallet = randomAddress();
  const stranger = randomAddress();
  const tx = buildTransaction({ feePayer: wallet, signers: [stranger] });
  const r = await inspectTransaction(tx, { wallet, allowedSigners: [] });
  assert.deepEqual(r, { ok: false, reason: `the transaction requires an unexpected signer ${stranger}` });
  const allowed = await inspectTransaction(tx, { wallet, allowedSigners: [stranger] });
  assert.ok(allowed.ok);
  assert.deepEqual(allowed.signers, [wallet, stranger]);
});

test('a foreign fee payer is refused; a named payer (gasless) passes', async () => {
  const wallet = randomAddress();
  const payer = randomAddress();
  const tx = buildTransaction({ feePayer: payer, signers: [wallet] });
  const r = await inspectTransaction(tx, { wallet, allowedSigners: [] });
  assert.equal(r.ok, false);
  assert.match(!r.ok ? r.reason : '', new RegExp(payer));
  const ok = await inspectTransaction(tx, { wallet, allowedSigners: [payer] });
  assert.ok(ok.ok);
  assert.equal(ok.feePayer, payer);
});

test('a transaction the wallet does not sign is refused', async () => {
  const wallet = randomAddress();
  const other = randomAddress();
  const r = await inspectTransaction(buildTransaction({ feePayer: other }), { wallet, allowedSigners: [other] });
  assert.deepEqual(r, { ok: false, reason: `the wallet ${wallet} is not a signer of this transaction` });
});

test('trailing bytes, truncation and bad base-64 are refused', async () => {
  const wallet = randomAddress();
  const tx = buildTransaction({ feePayer: wallet });
  assert.deepEqual(await inspectTransaction(appendBytes(tx, [1, 2, 3]), { wallet, allowedSigners: [] }), {
    ok: false,
    reason: 'transaction has 3 unexpected trailing bytes',
  });
  const cut = Buffer.from(tx, 'base64').subarray(0, 90).toString('base64');
  const truncated = await inspectTransaction(cut, { wallet, allowedSigners: [] });
  assert.equal(truncated.ok, false);
  assert.equal(
    (await inspectTransaction(`${tx.slice(0, 10)}*${tx.slice(11)}`, { wallet, allowedSigners: [] })).ok,
    false,
  );
  assert.equal((await inspectTransaction('', { wallet, allowedSigners: [] })).ok, false);
});

test('v0 with an address lookup table: programs stay static, lookups are counted', async () => {
  const wallet = randomAddress();
  const table = randomAddress();
  const viaTable = [randomAddress(), randomAddress()];
  const tx = buildTransaction({
    feePayer: wallet,
    writable: [nth(viaTable, 0)],
    readonly: [nth(viaTable, 1)],
    programs: [SIM_PROGRAMS.trigger],
    lookupTable: { address: table, addresses: viaTable },
  });
  const r = await inspectTransaction(tx, { wallet, allowedSigners: [] });
  assert.ok(r.ok, !r.ok ? r.reason : '');
  assert.deepEqual(r.lookupTables, { count: 1, writableAccounts: 1, readonlyAccounts: 1 });
  assert.deepEqual(r.programs, [{ id: SIM_PROGRAMS.trigger, name: 'Trigger orders' }]);
  assert.ok(!r.writable.includes(nth(viaTable, 0)));
});

test('legacy transactions are inspected too', async () => {
  const wallet = randomAddress();
  const r = await inspectTransaction(buildTransaction({ feePayer: wallet, version: 'legacy' }), {
    wallet,
    allowedSigners: [],
  });
  assert.ok(r.ok);
  assert.equal(r.version, 'legacy');
});

test('signing fills only the wallet slot, keeps the message bytes, and verifies', async () => {
  const wallet = await demoWallet();
  const payer = randomAddress();
  const tx = buildTransaction({ feePayer: payer, signers: [wallet.address], programs: [SIM_PROGRAMS.router] });
  const before = getTransactionDecoder().decode(Buffer.from(tx, 'base64'));
  const signed = await signTransaction(tx, wallet);
  const after = getTransactionDecoder().decode(Buffer.from(signed.signedBase64, 'base64'));
  assert.deepEqual(Buffer.from(after.messageBytes), Buffer.from(before.messageBytes));
  assert.equal(after.signatures[toAddress(payer)], null, 'the payer slot stays empty');
  const mine = after.signatures[toAddress(wallet.address)];
  assert.ok(mine);
  assert.equal(Buffer.from(getBase58Encoder().encode(signed.signature)).equals(Buffer.from(mine)), true);
  const publicKey = await crypto.subtle.importKey(
    'raw',
    new Uint8Array(getAddressEncoder().encode(toAddress(wallet.address))),
    'Ed25519',
    true,
    ['verify'],
  );
  assert.equal(await verifySignature(publicKey, mine as SignatureBytes, after.messageBytes), true);
  assert.equal(signed.transactionId, null, 'the fee payer has not signed yet');
  const inspected = await inspectTransaction(signed.signedBase64, { wallet: wallet.address, allowedSigners: [payer] });
  assert.ok(inspected.ok);
  assert.deepEqual(inspected.unsignedSigners, [payer]);
});

test('a wallet-paid transaction gets its transaction id from the wallet signature', async () => {
  const wallet = await demoWallet();
  const tx = buildTransaction({ feePayer: wallet.address });
  const signed = await signTransaction(tx, wallet);
  assert.equal(signed.transactionId, signed.signature);
  const decoded = getTransactionDecoder().decode(Buffer.from(signed.signedBase64, 'base64'));
  assert.equal(
    Buffer.from(decoded.messageBytes).equals(
      Buffer.from(getTransactionDecoder().decode(Buffer.from(tx, 'base64')).messageBytes),
    ),
    true,
  );
});

test('signing refuses a transaction the wallet is not a signer of, and a watch-only wallet', async () => {
  const wallet = await demoWallet();
  await assert.rejects(signTransaction(buildTransaction({ feePayer: randomAddress() }), wallet), /not a signer/);
  const watch = watchOnlyWallet(wallet.address);
  await assert.rejects(signTransaction(buildTransaction({ feePayer: wallet.address }), watch), WatchOnlyError);
});
