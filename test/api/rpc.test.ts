// The Solana JSON-RPC client against the loopback recorder.
import { test, describe, before, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { ResponseShapeError } from '../../src/api/index.js';
import { createRpcClient, RpcError, type RpcClient } from '../../src/rpc/client.js';
import { startRecorder, type Recorder, type RecordedRequest, type Reply } from '../support/recorder.js';
import { SIGNED_TX, SOL, USDC, USER, addr } from '../support/apiFixtures.js';
import { decodeBase58 } from '../../src/chain/base58.js';
import { first, nth } from '../support/narrow.js';

let rec: Recorder;
let rpc: RpcClient;
before(async () => {
  rec = await startRecorder();
  rpc = createRpcClient({ url: rec.url, timeoutMs: 2000 });
});
after(() => rec.close());
beforeEach(() => {
  rec.requests.length = 0;
});

type RpcBody = { jsonrpc: string; id: number; method: string; params: unknown[] };
const bodyOf = (r: RecordedRequest) => r.body as RpcBody;

/** Answers the next call with `result`, echoing its id. */
function answer(result: unknown, extra: Partial<Reply> = {}) {
  rec.setHandler((r) => ({ body: { jsonrpc: '2.0', id: bodyOf(r).id, result }, ...extra }));
}

function lastCall() {
  assert.equal(rec.requests.length, 1);
  const r = nth(rec.requests, 0);
  assert.equal(r.method, 'POST');
  assert.match(String(r.headers['content-type']), /application\/json/);
  const b = bodyOf(r);
  assert.equal(b.jsonrpc, '2.0');
  assert.equal(typeof b.id, 'number');
  return b;
}

describe('JSON-RPC methods', () => {
  test('getLatestBlockhash', async () => {
    answer({ context: { slot: 10 }, value: { blockhash: addr(90), lastValidBlockHeight: 310 } });
    assert.deepEqual(await rpc.getLatestBlockhash(), { blockhash: addr(90), lastValidBlockHeight: 310 });
    const b = lastCall();
    assert.equal(b.method, 'getLatestBlockhash');
    assert.deepEqual(b.params, [{ commitment: 'confirmed' }]);
  });

  test('getBlockHeight and getSlot', async () => {
    answer(1234);
    assert.equal(await rpc.getBlockHeight(), 1234);
    assert.equal(lastCall().method, 'getBlockHeight');
    rec.requests.length = 0;
    answer(1300);
    assert.equal(await rpc.getSlot(), 1300);
    assert.equal(lastCall().method, 'getSlot');
  });

  test('getBalance returns bigint lamports, exact beyond 2^53', async () => {
    rec.setHandler((r) => ({
      rawBody: `{"jsonrpc":"2.0","id":${bodyOf(r).id},"result":{"context":{"slot":5},"value":9007199254740993}}`,
    }));
    assert.equal(await rpc.getBalance(USER), 9007199254740993n);
    const b = lastCall();
    assert.equal(b.method, 'getBalance');
    assert.deepEqual(b.params, [USER, { commitment: 'confirmed' }]);
    rec.requests.length = 0;
    answer({ context: { slot: 5 }, value: 1_500_000_000 });
    assert.equal(await rpc.getBalance(USER), 1_500_000_000n);
  });

  test('getSignatureStatuses keeps nulls for unknown signatures', async () => {
    answer({
      context: { slot: 9 },
      value: [null, { slot: 8, confirmations: null, err: null, confirmationStatus: 'finalized' }],
    });
    const res = await rpc.getSignatureStatuses(['sigA', 'sigB']);
    assert.deepEqual(res, [null, { slot: 8, confirmations: null, err: null, confirmationStatus: 'finalized' }]);
    const b = lastCall();
    assert.equal(b.method, 'getSignatureStatuses');
    assert.deepEqual(b.params, [['sigA', 'sigB'], { searchTransactionHistory: true }]);
  });

  test('sendTransaction posts base64 with skipPreflight', async () => {
    answer('5VERYLONGSIGNATURE');
    assert.equal(await rpc.sendTransaction(SIGNED_TX, { skipPreflight: true }), '5VERYLONGSIGNATURE');
    const b = lastCall();
    assert.equal(b.method, 'sendTransaction');
    assert.equal(b.params[0], SIGNED_TX);
    assert.deepEqual(
      { ...(b.params[1] as object) },
      { encoding: 'base64', skipPreflight: true, preflightCommitment: 'confirmed' },
    );
  });

  test('simulate: getMultipleAccounts and simulateTransaction in one batch request, accounts decoded', async () => {
    const account = (lamports: number) => ({
      data: [Buffer.from([1, 2, 3]).toString('base64'), 'base64'],
      owner: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
      lamports,
      executable: false,
      rentEpoch: 2 ** 64 - 1,
      space: 3,
    });
    rec.setHandler((r) => {
      const [pre, sim] = first(r.body as RpcBody[], 2);
      // the answers of a batch may come in any order: each is matched by its id
      return {
        body: [
          {
            jsonrpc: '2.0',
            id: sim.id,
            result: {
              context: { slot: 3 },
              value: {
                err: null,
                logs: ['Program log: hi'],
                unitsConsumed: 1200,
                accounts: [account(7), null],
              },
            },
          },
          { jsonrpc: '2.0', id: pre.id, result: { context: { slot: 3 }, value: [account(5)] } },
        ],
      };
    });
    const res = await rpc.simulate(SIGNED_TX, { before: [USER], after: [USER, addr(93)] });
    assert.deepEqual(res.logs, ['Program log: hi']);
    assert.equal(res.err, null);
    assert.deepEqual(
      res.before.map((a) => a?.lamports),
      [5n],
    );
    assert.deepEqual(
      res.after?.map((a) => a?.lamports ?? null),
      [7n, null],
    );
    assert.deepEqual([...res.after![0]!.data], [1, 2, 3]);
    assert.equal(rec.requests.length, 1, 'one round trip');
    const [pre, sim] = first(nth(rec.requests, 0).body as RpcBody[], 2);
    assert.equal(pre.method, 'getMultipleAccounts');
    assert.deepEqual(pre.params, [[USER], { encoding: 'base64', commitment: 'confirmed' }]);
    assert.equal(sim.method, 'simulateTransaction');
    assert.deepEqual(sim.params[1], {
      encoding: 'base64',
      commitment: 'confirmed',
      sigVerify: false,
      replaceRecentBlockhash: false,
      accounts: { encoding: 'base64', addresses: [USER, addr(93)] },
    });
  });

  test("simulate: an error in one answer of the batch is that method's error; a missing answer is a shape error", async () => {
    rec.setHandler((r) => {
      const [pre, sim] = first(r.body as RpcBody[], 2);
      return {
        body: [
          { jsonrpc: '2.0', id: pre.id, result: { context: { slot: 3 }, value: [null] } },
          {
            jsonrpc: '2.0',
            id: sim.id,
            error: { code: -32602, message: 'Invalid params: Too many accounts provided; max 1' },
          },
        ],
      };
    });
    await assert.rejects(
      rpc.simulate(SIGNED_TX, { before: [USER], after: [USER, addr(93)] }),
      (e: unknown) =>
        e instanceof RpcError && e.kind === 'rpc' && /simulateTransaction: Invalid params: Too many/.test(e.message),
    );
    rec.setHandler((r) => ({
      body: [{ jsonrpc: '2.0', id: nth(r.body as RpcBody[], 0).id, result: { context: { slot: 3 }, value: [null] } }],
    }));
    await assert.rejects(
      rpc.simulate(SIGNED_TX, { before: [USER], after: [USER] }),
      (e: unknown) => e instanceof ResponseShapeError && /simulateTransaction/.test(e.message),
    );
  });

  test('getTokenAccountsByOwner by mint decodes mint, owner and amount from the account data', async () => {
    const data = new Uint8Array(165);
    data.set(decodeBase58(USDC)!, 0);
    data.set(decodeBase58(USER)!, 32);
    new DataView(data.buffer).setBigUint64(64, 123_456_789_000n, true);
    answer({
      context: { slot: 1 },
      value: [
        {
          pubkey: addr(91),
          account: {
            data: [Buffer.from(data).toString('base64'), 'base64'],
            owner: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
            lamports: 2039280,
            executable: false,
          },
        },
      ],
    });
    const acct = nth(await rpc.getTokenAccountsByOwner(USER, { mint: USDC }), 0);
    assert.equal(acct.pubkey, addr(91));
    assert.equal(acct.mint, USDC);
    assert.equal(acct.owner, USER);
    assert.equal(acct.amount, 123_456_789_000n);
    assert.equal(acct.lamports, 2039280n);
    const b = lastCall();
    assert.equal(b.method, 'getTokenAccountsByOwner');
    assert.deepEqual(b.params[1], { mint: USDC });
    assert.equal((b.params[2] as { encoding: string }).encoding, 'base64');
  });

  test('getTokenAccountsByOwner by program id', async () => {
    answer({ context: { slot: 1 }, value: [] });
    assert.deepEqual(
      await rpc.getTokenAccountsByOwner(USER, { programId: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA' }),
      [],
    );
    assert.deepEqual(lastCall().params[1], { programId: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA' });
  });

  test('getAccountInfo asks for base64 and returns the owner and the data bytes', async () => {
    const data = Uint8Array.from({ length: 120 }, (_, i) => (i * 7) & 0xff);
    rec.setHandler((r) => ({
      rawBody: `{"jsonrpc":"2.0","id":${bodyOf(r).id},"result":{"context":{"slot":4,"apiVersion":"2.1.0"},"value":{"data":["${Buffer.from(data).toString('base64')}","base64"],"executable":false,"lamports":1726080,"owner":"AddressLookupTab1e1111111111111111111111111","rentEpoch":18446744073709551615,"space":120}}}`,
    }));
    const info = await rpc.getAccountInfo(addr(92));
    assert.ok(info);
    assert.equal(info.owner, 'AddressLookupTab1e1111111111111111111111111');
    assert.deepEqual([...info.data], [...data]);
    assert.equal(info.lamports, 1726080n);
    assert.equal(info.executable, false);
    const b = lastCall();
    assert.equal(b.method, 'getAccountInfo');
    assert.deepEqual(b.params, [addr(92), { encoding: 'base64', commitment: 'confirmed' }]);
  });

  test('getAccountInfo: no account is null; data in another encoding or a bad owner is a shape error', async () => {
    answer({ context: { slot: 4 }, value: null });
    assert.equal(await rpc.getAccountInfo(addr(93)), null);
    answer({ context: { slot: 4 }, value: { data: ['3yZe7d', 'base58'], executable: false, lamports: 1, owner: SOL } });
    await assert.rejects(
      rpc.getAccountInfo(addr(93)),
      (e: unknown) => e instanceof ResponseShapeError && /value\.data/.test(e.message),
    );
    answer({
      context: { slot: 4 },
      value: { data: ['not base64!', 'base64'], executable: false, lamports: 1, owner: SOL },
    });
    await assert.rejects(rpc.getAccountInfo(addr(93)), ResponseShapeError);
    answer({ context: { slot: 4 }, value: { data: ['', 'base64'], executable: false, lamports: 1, owner: 'nope' } });
    await assert.rejects(
      rpc.getAccountInfo(addr(93)),
      (e: unknown) => e instanceof ResponseShapeError && /value\.owner/.test(e.message),
    );
    answer({ context: { slot: 4 }, value: { data: ['', 'base64'], lamports: 1, owner: SOL } });
    await assert.rejects(rpc.getAccountInfo(addr(93)), ResponseShapeError);
  });

  test('bad arguments are refused before sending', async () => {
    await assert.rejects(rpc.getBalance('nope'), TypeError);
    await assert.rejects(rpc.getAccountInfo('nope'), TypeError);
    await assert.rejects(
      rpc.getTokenAccountsByOwner(USER, { mint: USDC, programId: SOL } as unknown as { mint: string }),
      TypeError,
    );
    assert.equal(rec.requests.length, 0);
  });
});

describe('JSON-RPC failures', () => {
  test('a JSON-RPC error becomes RpcError with code, message and data', async () => {
    rec.setHandler((r) => ({
      body: {
        jsonrpc: '2.0',
        id: bodyOf(r).id,
        error: { code: -32002, message: 'Transaction simulation failed: Blockhash not found', data: { logs: ['x'] } },
      },
    }));
    await assert.rejects(rpc.sendTransaction(SIGNED_TX), (e: unknown) => {
      assert.ok(e instanceof RpcError);
      assert.equal(e.code, -32002);
      assert.equal(e.kind, 'rpc');
      assert.match(e.message, /Blockhash not found/);
      assert.deepEqual(e.data, { logs: ['x'] });
      return true;
    });
  });

  test('an HTTP failure without a JSON-RPC body', async () => {
    rec.setHandler(() => ({ status: 503, rawBody: 'Service Unavailable' }));
    await assert.rejects(rpc.getSlot(), (e: unknown) => e instanceof RpcError && e.kind === 'http' && e.code === 503);
  });

  test('a result of the wrong shape', async () => {
    answer({ context: { slot: 1 }, value: { blockhash: 5, lastValidBlockHeight: 1 } });
    await assert.rejects(
      rpc.getLatestBlockhash(),
      (e: unknown) =>
        e instanceof ResponseShapeError && e.endpoint === 'RPC getLatestBlockhash' && e.field === 'value.blockhash',
    );
  });

  test('a signature status outside processed/confirmed/finalized', async () => {
    answer({ context: { slot: 9 }, value: [{ slot: 8, confirmations: 1, err: null, confirmationStatus: 'landed' }] });
    await assert.rejects(
      rpc.getSignatureStatuses(['s']),
      (e: unknown) => e instanceof ResponseShapeError && e.field === 'value[0].confirmationStatus',
    );
  });

  test('an answer to another request id', async () => {
    rec.setHandler(() => ({ body: { jsonrpc: '2.0', id: 999999, result: 5 } }));
    await assert.rejects(rpc.getSlot(), (e: unknown) => e instanceof ResponseShapeError && e.field === 'id');
  });

  test('a node that does not answer times out', async () => {
    const slow = createRpcClient({ url: rec.url, timeoutMs: 50 });
    rec.setHandler(() => ({ hang: true }));
    await assert.rejects(slow.getBlockHeight(), (e: unknown) => e instanceof RpcError && e.kind === 'timeout');
  });

  test('a key in the RPC URL stays out of error text', async () => {
    const secret = 'rpc-secret-key-0123456789';
    const keyed = createRpcClient({ url: `${rec.url}/?api-key=${secret}` });
    rec.setHandler(() => ({ status: 401, rawBody: `bad key ${secret}` }));
    await assert.rejects(
      keyed.getSlot(),
      (e: unknown) => e instanceof RpcError && !e.message.includes(secret) && /401/.test(e.message),
    );
  });
});
