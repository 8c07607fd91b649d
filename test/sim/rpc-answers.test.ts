// The simulator's JSON-RPC node answers in the shapes real nodes send: every method it serves is
// checked with the answer schema the client's RPC reader applies, and against the keys the Solana
// JSON-RPC documentation shows for a real node's answer.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { checkResponse, USDC_MINT, NATIVE_MINT, type Schema } from '../../src/api/index.js';
import { RPC_ANSWERS } from '../../src/rpc/answers.js';
import { createRpcClient } from '../../src/rpc/client.js';
import type { SimHandle } from '../../src/sim/index.js';
import { frozenSim, get, newWallet, rpc, sign } from '../support/simGroups.js';
import { RPC_METHODS } from '../../src/sim/rpc/rpc.js';
import { codeOfPreflight } from '../../src/pipeline/advice.js';

const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
let sim: SimHandle;
before(async () => {
  sim = await frozenSim();
});
after(() => sim.stop());

async function answer(method: keyof typeof RPC_ANSWERS, params: unknown[]): Promise<any> {
  const r = await rpc(sim, method, params);
  assert.equal(r.error, undefined, JSON.stringify(r.error));
  return checkResponse(`RPC ${method}`, RPC_ANSWERS[method] as Schema<unknown>, r.result);
}

test('getAccountInfo on a token mint: the 82-byte mint account of the token program, decimals at offset 44', async () => {
  const { value, context } = await answer('getAccountInfo', [USDC_MINT, { encoding: 'base64' }]);
  assert.equal(typeof context.slot, 'number');
  assert.equal(value.owner, TOKEN_PROGRAM);
  assert.equal(value.data[1], 'base64');
  const bytes = Buffer.from(value.data[0], 'base64');
  assert.equal(bytes.length, 82);
  assert.equal(bytes[44], 6, 'USDC has 6 decimals');
  assert.equal(bytes[45], 1, 'initialized');
  assert.equal(bytes.readBigUInt64LE(36), 10n ** 15n, 'supply');
  // a rent-exempt account's rentEpoch is u64::MAX, as a node sends it
  assert.deepEqual(
    [value.lamports, value.executable, value.space, value.rentEpoch],
    [1_461_600, false, 82, 2 ** 64 - 1],
  );
  const parsed = (await rpc(sim, 'getAccountInfo', [USDC_MINT, { encoding: 'jsonParsed' }])).result.value.data;
  assert.deepEqual(parsed.parsed, {
    type: 'mint',
    info: { decimals: 6, freezeAuthority: null, isInitialized: true, mintAuthority: null, supply: '1000000000000000' },
  });
  const read = await createRpcClient({ url: sim.rpcUrl }).getAccountInfo(USDC_MINT);
  assert.deepEqual([read?.owner, read?.data.length, read?.data[44], read?.executable], [TOKEN_PROGRAM, 82, 6, false]);
});

test("getAccountInfo on a wallet's token account: the 165-byte account of the token program (mint, owner, amount), as getTokenAccountsByOwner lists it", async () => {
  const w = await newWallet(sim);
  const { value: listed } = await answer('getTokenAccountsByOwner', [
    w.address,
    { mint: USDC_MINT },
    { encoding: 'base64' },
  ]);
  const { value } = await answer('getAccountInfo', [listed[0].pubkey, { encoding: 'base64' }]);
  assert.deepEqual(value, listed[0].account);
  const bytes = Buffer.from(value.data[0], 'base64');
  assert.deepEqual([value.owner, bytes.length, value.lamports], [TOKEN_PROGRAM, 165, 2_039_280]);
  const parsed = (await rpc(sim, 'getAccountInfo', [listed[0].pubkey, { encoding: 'jsonParsed' }])).result.value.data;
  assert.deepEqual(
    [parsed.program, parsed.parsed.type, parsed.parsed.info.mint, parsed.parsed.info.owner],
    ['spl-token', 'account', USDC_MINT, w.address],
  );
  const read = await createRpcClient({ url: sim.rpcUrl }).getAccountInfo(listed[0].pubkey);
  assert.equal(Buffer.from(read!.data).readBigUInt64LE(64), BigInt(parsed.parsed.info.tokenAmount.amount));
});

test('getTokenSupply: amount, decimals, uiAmount and uiAmountString that agree', async () => {
  const { value } = await answer('getTokenSupply', [NATIVE_MINT]);
  assert.deepEqual(value, {
    amount: '1000000000000000000',
    decimals: 9,
    uiAmount: 1_000_000_000,
    uiAmountString: '1000000000',
  });
  assert.deepEqual(await createRpcClient({ url: sim.rpcUrl }).getTokenSupply(USDC_MINT), {
    decimals: 6,
    amount: '1000000000000000',
  });
});

/** A real node's answer keys, as the Solana JSON-RPC documentation shows them (not taken from the schemas). */
const CONTEXT = ['apiVersion', 'slot'];
const ACCOUNT = ['data', 'executable', 'lamports', 'owner', 'rentEpoch', 'space'];
const keys = (x: unknown) => Object.keys(x as object).sort();
/** a simulation's result (simulateTransaction's value, a refused sendTransaction's data) */
const SIMULATION = [
  'accounts',
  'err',
  'innerInstructions',
  'logs',
  'replacementBlockhash',
  'returnData',
  'unitsConsumed',
];

test('every method the node serves answers with the keys a real node sends, and the client reads it', async () => {
  const w = await newWallet(sim);
  const order = await get(sim, '/ultra/v1/order', {
    inputMint: NATIVE_MINT,
    outputMint: USDC_MINT,
    amount: '100000000',
    taker: w.address,
    excludeRouters: 'partnerz,partnerflow,partnerx',
  });
  assert.equal(order.status, 200, JSON.stringify(order.body));
  let signature = '';
  const cases: Record<string, [() => Promise<unknown[]> | unknown[], (result: any) => void]> = {
    getHealth: [() => [], (r) => assert.equal(r, 'ok')],
    getVersion: [() => [], (r) => assert.deepEqual(keys(r), ['feature-set', 'solana-core'])],
    getSlot: [() => [{ commitment: 'confirmed' }], (r) => assert.ok(Number.isInteger(r))],
    getBlockHeight: [() => [], (r) => assert.ok(Number.isInteger(r))],
    getLatestBlockhash: [
      () => [{ commitment: 'confirmed' }],
      (r) => assert.deepEqual([keys(r.context), keys(r.value)], [CONTEXT, ['blockhash', 'lastValidBlockHeight']]),
    ],
    getBalance: [() => [w.address], (r) => assert.ok(Number.isInteger(r.value) && r.value > 0)],
    getMinimumBalanceForRentExemption: [() => [165], (r) => assert.equal(r, 2_039_280)],
    getAccountInfo: [
      () => [w.address, { encoding: 'base64' }],
      (r) =>
        assert.deepEqual(
          [keys(r.context), keys(r.value), r.value.owner],
          [CONTEXT, ACCOUNT, '11111111111111111111111111111111'],
        ),
    ],
    getTokenSupply: [
      () => [USDC_MINT],
      (r) => assert.deepEqual(keys(r.value), ['amount', 'decimals', 'uiAmount', 'uiAmountString']),
    ],
    getMultipleAccounts: [
      () => [[w.address, USDC_MINT, 'Vote111111111111111111111111111111111111111'], { encoding: 'base64' }],
      (r) =>
        assert.deepEqual(
          [keys(r.context), keys(r.value[0]), keys(r.value[1]), r.value[2]],
          [CONTEXT, ACCOUNT, ACCOUNT, null],
        ),
    ],
    simulateTransaction: [
      () => [
        order.body.transaction,
        {
          encoding: 'base64',
          sigVerify: false,
          replaceRecentBlockhash: true,
          accounts: { encoding: 'base64', addresses: [w.address] },
        },
      ],
      (r) => {
        for (const k of SIMULATION) assert.ok(k in r.value, `simulateTransaction value.${k}`);
        assert.equal(r.value.err, null, JSON.stringify(r.value.logs));
        assert.deepEqual(keys(r.value.replacementBlockhash), ['blockhash', 'lastValidBlockHeight']);
        assert.deepEqual(keys(r.value.accounts[0]), ACCOUNT);
      },
    ],
    sendTransaction: [
      async () => [await sign(order.body.transaction, w), { encoding: 'base64' }],
      (r) => (signature = r),
    ],
    getSignatureStatuses: [
      () => [[signature, '1111111111111111111111111111111111111111111111111111111111111111']],
      (r) => {
        assert.deepEqual(keys(r.value[0]), ['confirmationStatus', 'confirmations', 'err', 'slot', 'status']);
        assert.equal(r.value[1], null);
      },
    ],
    getTokenAccountsByOwner: [
      () => [w.address, { mint: USDC_MINT }, { encoding: 'base64' }],
      (r) => assert.deepEqual([keys(r.value[0]), keys(r.value[0].account)], [['account', 'pubkey'], ACCOUNT]),
    ],
  };
  assert.deepEqual(
    Object.keys(cases).sort(),
    Object.keys(RPC_METHODS).sort(),
    'every method the node serves is checked',
  );
  assert.deepEqual(Object.keys(RPC_ANSWERS).sort(), Object.keys(RPC_METHODS).sort(), 'every answer is declared once');
  for (const [method, [params, check]] of Object.entries(cases))
    check(await answer(method as keyof typeof RPC_ANSWERS, await params()));
  const notMint = await rpc(sim, 'getTokenSupply', [w.address]);
  assert.deepEqual(notMint.error, { code: -32602, message: 'Invalid param: not a Token mint' });
});

test("a refused sendTransaction is answered as a node answers it, and the pipeline's advice reads the preflight's error", async () => {
  const w = await newWallet(sim);
  const order = async () =>
    (
      await get(sim, '/ultra/v1/order', {
        inputMint: NATIVE_MINT,
        outputMint: USDC_MINT,
        amount: '100000000',
        taker: w.address,
      })
    ).body.transaction as string;
  // bytes that are no transaction: invalid params; unsigned: a signature verification failure
  const garbage = await rpc(sim, 'sendTransaction', ['%%%', { encoding: 'base64' }]);
  assert.equal(garbage.error?.code, -32602, JSON.stringify(garbage.error));
  const unsigned = await rpc(sim, 'sendTransaction', [await order(), { encoding: 'base64' }]);
  assert.deepEqual(unsigned.error, { code: -32003, message: 'Transaction signature verification failure' });
  // signed, then left until its blockhash expired: the preflight simulation fails, and says why in data
  const signed = await sign(await order(), w);
  sim.advance(120);
  const expired = await rpc(sim, 'sendTransaction', [signed, { encoding: 'base64' }]);
  assert.equal(expired.error?.code, -32002);
  assert.equal(expired.error?.message, 'Transaction simulation failed: Blockhash not found');
  assert.deepEqual(keys(expired.error?.data), SIMULATION, "the preflight simulation's result");
  assert.equal(expired.error?.data.err, 'BlockhashNotFound');
  assert.equal(codeOfPreflight(expired.error?.data), -1005);
  assert.equal(codeOfPreflight({ err: { InstructionError: [2, { Custom: 6001 }] } }), 6001);
  assert.equal(codeOfPreflight({ err: { InstructionError: [0, 'InvalidAccountData'] } }), undefined);
  assert.equal(codeOfPreflight(null), undefined);
});
