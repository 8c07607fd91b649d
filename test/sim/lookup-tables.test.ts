// POST /__sim/lookup-table and SimHandle.addLookupTable: address lookup tables the simulator holds,
// answered by RPC getAccountInfo as the real node answers them (owner, on-chain layout, encodings).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { getAddressDecoder, getBase58Encoder } from '@solana/kit';
import type { SimHandle } from '../../src/sim/index.js';
import { createRpcClient } from '../../src/rpc/client.js';
import { frozenSim, newWallet, rpc } from '../support/simGroups.js';
import { randomAddress } from '../support/tx.js';

const ALT_PROGRAM = 'AddressLookupTab1e1111111111111111111111111';
let sim: SimHandle;

before(async () => {
  sim = await frozenSim(23);
});
after(() => sim.stop());

async function control(body: unknown) {
  const res = await fetch(`${sim.url}/__sim/lookup-table`, {
    method: 'POST',
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

/** The lookup-table account layout read here by hand: 56-byte header, then 32-byte addresses. */
function readTable(data: Uint8Array) {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const decoder = getAddressDecoder();
  const addresses: string[] = [];
  for (let at = 56; at < data.length; at += 32) addresses.push(decoder.decode(data.subarray(at, at + 32)));
  return {
    state: view.getUint32(0, true),
    deactivationSlot: view.getBigUint64(4, true),
    lastExtendedSlot: view.getBigUint64(12, true),
    startIndex: data[20],
    authority: data[21] === 1 ? decoder.decode(data.subarray(22, 54)) : null,
    rest: (data.length - 56) % 32,
    addresses,
  };
}

test('POST /__sim/lookup-table holds a table that getAccountInfo answers in the program layout', async () => {
  const addresses = [randomAddress(), randomAddress(), randomAddress()];
  const authority = randomAddress();
  const table = randomAddress();
  const r = await control({ addresses, address: table, authority });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.equal(r.body.address, table);
  assert.deepEqual(r.body.addresses, addresses);
  assert.equal(r.body.authority, authority);

  const slot = (await rpc(sim, 'getSlot', [])).result as number;
  const info = await rpc(sim, 'getAccountInfo', [table, { encoding: 'base64', commitment: 'confirmed' }]);
  assert.equal(info.error, undefined);
  const value = info.result.value;
  assert.equal(value.owner, ALT_PROGRAM);
  assert.equal(value.executable, false);
  const [text, encoding] = value.data;
  assert.equal(encoding, 'base64');
  const data = new Uint8Array(Buffer.from(text, 'base64'));
  assert.equal(data.length, 56 + 32 * 3);
  assert.equal(value.space, data.length);
  assert.equal(value.lamports, (data.length + 128) * 6960, 'rent-exempt for its size');
  assert.deepEqual(readTable(data), {
    state: 1,
    deactivationSlot: 2n ** 64n - 1n,
    lastExtendedSlot: BigInt(slot),
    startIndex: 0,
    authority,
    rest: 0,
    addresses,
  });
});

test('SimHandle.addLookupTable: a fresh address each time, no authority unless given; the client reads it back', async () => {
  const first = sim.addLookupTable({ addresses: [randomAddress()] });
  const second = sim.addLookupTable({ addresses: [] });
  assert.notEqual(first, second);
  const client = createRpcClient({ url: sim.rpcUrl });
  const a = await client.getAccountInfo(first);
  assert.ok(a);
  assert.equal(a.owner, ALT_PROGRAM);
  assert.equal(readTable(a.data).authority, null);
  assert.equal(readTable(a.data).addresses.length, 1);
  const b = await client.getAccountInfo(second);
  assert.equal(b?.data.length, 56, 'an empty table is its header alone');
  assert.equal(await client.getAccountInfo(randomAddress()), null, 'no account at an unknown address');
  const wallet = await newWallet(sim);
  const w = await client.getAccountInfo(wallet.address);
  assert.equal(w?.owner, '11111111111111111111111111111111', 'a funded wallet is a System account');
  assert.equal(w?.data.length, 0);
});

test('getAccountInfo encodings: jsonParsed parses the table, base58 only under 128 bytes, the bare legacy form by default', async () => {
  const small = randomAddress();
  const big = randomAddress();
  const one = [randomAddress()];
  sim.addLookupTable({ addresses: one, address: small });
  sim.addLookupTable({ addresses: [randomAddress(), randomAddress(), randomAddress()], address: big });

  const parsed = (await rpc(sim, 'getAccountInfo', [small, { encoding: 'jsonParsed' }])).result.value;
  assert.equal(parsed.owner, ALT_PROGRAM);
  assert.equal(parsed.data.program, 'address-lookup-table');
  assert.equal(parsed.data.parsed.type, 'lookupTable');
  assert.deepEqual(parsed.data.parsed.info.addresses, one);
  assert.equal(parsed.data.parsed.info.deactivationSlot, '18446744073709551615');

  const b58 = (await rpc(sim, 'getAccountInfo', [small, { encoding: 'base58' }])).result.value;
  assert.equal(b58.data[1], 'base58');
  assert.equal(new Uint8Array(getBase58Encoder().encode(b58.data[0])).length, 88);
  const bare = (await rpc(sim, 'getAccountInfo', [small])).result.value;
  assert.equal(bare.data, b58.data[0]);

  const tooBig = await rpc(sim, 'getAccountInfo', [big, { encoding: 'base58' }]);
  assert.match(tooBig.error?.message ?? '', /less than 128 bytes, please use Base64/);
  const unknown = await rpc(sim, 'getAccountInfo', [big, { encoding: 'xml' }]);
  assert.equal(unknown.error?.code, -32602);
});

test('a bad registration names the field; nothing is held', async () => {
  const taken = randomAddress();
  assert.equal((await control({ addresses: [], address: taken })).status, 200);
  const cases: Array<[unknown, RegExp]> = [
    [{}, /^addresses: must be an array/],
    [{ addresses: ['nope'] }, /^addresses\[0\]: must be a base58 public key/],
    [{ addresses: Array.from({ length: 257 }, () => randomAddress()) }, /^addresses: must be an array of at most 256/],
    [{ addresses: [], address: 'x' }, /^address: must be a base58 public key/],
    [{ addresses: [], authority: 7 }, /^authority: must be a base58 public key or null/],
    [{ addresses: [], colour: 'red' }, /^colour: unknown field/],
    [{ addresses: [], address: taken }, /^address: .* already holds a lookup table/],
    ['[1]', /^body: must be a JSON object/],
  ];
  for (const [body, error] of cases) {
    const r = await control(body);
    assert.equal(r.status, 400, JSON.stringify(body));
    assert.match(r.body.error, error);
  }
  const missing = randomAddress();
  assert.equal((await control({ addresses: ['nope'], address: missing })).status, 400);
  assert.equal((await rpc(sim, 'getAccountInfo', [missing, { encoding: 'base64' }])).result.value, null);
  assert.throws(
    () => sim.addLookupTable({ addresses: ['nope'] }),
    (e: unknown) => e instanceof RangeError && /addresses\[0\]/.test(e.message),
  );
  assert.throws(() => sim.addLookupTable({ addresses: [], address: taken }), RangeError);
});
