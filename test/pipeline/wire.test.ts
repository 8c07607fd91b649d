import { test } from 'node:test';
import assert from 'node:assert/strict';
import { executeThrough, signatureStatusThrough } from '../../src/pipeline/index.js';

test('executeThrough routes each group to its own execute and refuses groups without one', async () => {
  const seen: string[] = [];
  const make = (name: string) => ({
    execute: async (b: { requestId: string }) => {
      seen.push(`${name}:${b.requestId}`);
      return { status: 'Success', code: 0 };
    },
  });
  const execute = executeThrough({
    ultra: make('ultra'),
    swapV2: make('swapV2'),
    trigger: make('trigger'),
    recurring: make('recurring'),
  });
  await execute('trigger', { requestId: 'r1', signedTransaction: 'tx' });
  await execute('recurring', { requestId: 'r2', signedTransaction: 'tx' });
  await execute('ultra', { requestId: 'r3', signedTransaction: 'tx' });
  // the current generation's order route: its own execute (POST /swap/v2/execute)
  await execute('swapV2', { requestId: 'r4', signedTransaction: 'tx' });
  assert.deepEqual(seen, ['trigger:r1', 'recurring:r2', 'ultra:r3', 'swapV2:r4']);
  await assert.rejects(execute('swap', { requestId: 'x', signedTransaction: 'tx' }), /no execute operation/);
});

test('signature statuses map to confirmed / failed / unknown', async () => {
  const statuses: Record<string, { err: unknown; confirmationStatus: string | null } | null> = {
    a: { err: null, confirmationStatus: 'confirmed' },
    b: { err: null, confirmationStatus: 'finalized' },
    c: { err: { InstructionError: [0, 'Custom'] }, confirmationStatus: 'confirmed' },
    d: { err: null, confirmationStatus: 'processed' },
    e: null,
  };
  const status = signatureStatusThrough({ getSignatureStatuses: async ([s]) => [statuses[s]] });
  assert.deepEqual(await Promise.all(['a', 'b', 'c', 'd', 'e'].map(status)), [
    'confirmed',
    'confirmed',
    'failed',
    'unknown',
    'unknown',
  ]);
});
