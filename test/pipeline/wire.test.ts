import { test } from 'node:test';
import assert from 'node:assert/strict';
import { executeThrough, signatureStatusThrough } from '../../src/pipeline/index.js';
import { rpcDeps, type RpcLike } from '../../src/pipeline/wire.js';
import { RpcError, type SimulationRead } from '../../src/rpc/client.js';
import { ResponseShapeError } from '../../src/api/contract/ruleErrors.js';
import { nth, valueAt } from '../support/narrow.js';

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
  const status = signatureStatusThrough({ getSignatureStatuses: async (sigs) => [valueAt(statuses, nth(sigs, 0))] });
  assert.deepEqual(await Promise.all(['a', 'b', 'c', 'd', 'e'].map(status)), [
    'confirmed',
    'confirmed',
    'failed',
    'unknown',
    'unknown',
  ]);
});

test("the simulation's read is asked again when its answer was lost on the way, twice at most; a node's error or a time-out is not", async () => {
  const read: SimulationRead = { err: null, logs: [], unitsConsumed: 1, before: [], after: [] };
  const deps = (failures: unknown[]) => {
    let calls = 0;
    const rpc = {
      simulate: async () => {
        const failure = failures[calls++];
        if (failure !== undefined) throw failure;
        return read;
      },
    } as unknown as RpcLike;
    return { simulate: rpcDeps(rpc).simulate, calls: () => calls };
  };
  const accounts = { before: [], after: [] };
  const bad502 = new RpcError(502, 'getMultipleAccounts + simulateTransaction: HTTP 502: Bad Gateway', 'http');
  const cut = new ResponseShapeError('RPC getMultipleAccounts + simulateTransaction', '(body)', 'must be a JSON array');

  const twice = deps([bad502, cut]);
  assert.equal(await twice.simulate('tx', accounts), read);
  assert.equal(twice.calls(), 3, 'a 502 and a cut body, then the answer');

  const thrice = deps([bad502, bad502, cut]);
  await assert.rejects(thrice.simulate('tx', accounts), (e: unknown) => e === cut);
  assert.equal(thrice.calls(), 3, 'three tries in all, then the last failure is said');

  const nodeSaid = new RpcError(-32002, 'simulateTransaction: blockhash not found', 'rpc');
  const answered = deps([nodeSaid]);
  await assert.rejects(answered.simulate('tx', accounts), (e: unknown) => e === nodeSaid);
  assert.equal(answered.calls(), 1, "the node's own error is its answer");

  const slow = new RpcError(0, 'getMultipleAccounts + simulateTransaction: no answer within 10000 ms', 'timeout');
  const timedOut = deps([slow]);
  await assert.rejects(timedOut.simulate('tx', accounts), (e: unknown) => e === slow);
  assert.equal(timedOut.calls(), 1, 'a time-out is not waited for again');
});
