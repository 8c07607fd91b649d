// The service sends legacy and version 0 transactions. The codec reads version 1 messages with
// another layout and refuses later versions: the inspector refuses every version above 0 itself,
// with the same reason, before decoding the message.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { addressTableLookupsOf, inspectTransaction } from '../../src/wallet/inspect.js';
import { buildTransaction, randomAddress } from '../support/tx.js';

/** the transaction with the first byte of its message (one signature slot: offset 65) set to `first` */
function withVersionByte(base64: string, first: number): string {
  const bytes = Buffer.from(base64, 'base64');
  assert.equal(bytes[0], 1, 'one signature slot');
  assert.equal(bytes[65], 0x80, 'a version 0 message');
  bytes[65] = first;
  return bytes.toString('base64');
}

test('a transaction whose message claims version 1, 5 or 127 is refused as such, and names no lookup table', async () => {
  const wallet = randomAddress();
  const table = randomAddress();
  const loaded = randomAddress();
  const tx = buildTransaction({
    feePayer: wallet,
    writable: [loaded],
    lookupTable: { address: table, addresses: [loaded] },
  });
  const plain = await inspectTransaction(tx, { wallet, allowedSigners: [] });
  assert.ok(plain.ok, plain.ok ? '' : plain.reason);
  assert.deepEqual(await addressTableLookupsOf(tx), [table]);
  for (const version of [1, 5, 127]) {
    const claimed = withVersionByte(tx, 0x80 | version);
    const r = await inspectTransaction(claimed, { wallet, allowedSigners: [] });
    assert.equal(r.ok, false, `version ${version} was accepted`);
    assert.equal(
      r.ok ? '' : r.reason,
      `the transaction is version ${version}: only legacy and version 0 transactions are signed`,
    );
    assert.deepEqual(await addressTableLookupsOf(claimed), []);
  }
});

test('legacy and version 0 transactions still pass', async () => {
  const wallet = randomAddress();
  for (const version of ['legacy', 0] as const) {
    const r = await inspectTransaction(buildTransaction({ feePayer: wallet, version }), { wallet, allowedSigners: [] });
    assert.ok(r.ok, r.ok ? '' : r.reason);
    assert.equal(r.version, version);
  }
});
