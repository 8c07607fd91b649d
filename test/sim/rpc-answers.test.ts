// The simulator's JSON-RPC node answers in the shapes real nodes send, checked with the same
// answer schemas the client's RPC reader applies, and read back through that reader.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { checkResponse, createRpcClient, USDC_MINT, NATIVE_MINT, type Schema } from '../../src/api/index.js';
import { RPC_ANSWERS } from '../../src/api/rpcAnswers.js';
import type { SimHandle } from '../../src/sim/index.js';
import { frozenSim, newWallet, rpc } from '../support/simGroups.js';

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
  assert.deepEqual([value.lamports, value.executable, value.space, typeof value.rentEpoch], [1_461_600, false, 82, 'number']);
  const parsed = (await rpc(sim, 'getAccountInfo', [USDC_MINT, { encoding: 'jsonParsed' }])).result.value.data;
  assert.deepEqual(parsed.parsed, { type: 'mint', info: { decimals: 6, freezeAuthority: null, isInitialized: true, mintAuthority: null, supply: '1000000000000000' } });
  const read = await createRpcClient({ url: sim.rpcUrl }).getAccountInfo(USDC_MINT);
  assert.deepEqual([read?.owner, read?.data.length, read?.data[44], read?.executable], [TOKEN_PROGRAM, 82, 6, false]);
});

test('getTokenSupply: amount, decimals, uiAmount and uiAmountString that agree', async () => {
  const { value } = await answer('getTokenSupply', [NATIVE_MINT]);
  assert.deepEqual(value, { amount: '1000000000000000000', decimals: 9, uiAmount: 1_000_000_000, uiAmountString: '1000000000' });
  assert.deepEqual(await createRpcClient({ url: sim.rpcUrl }).getTokenSupply(USDC_MINT), { decimals: 6, amount: '1000000000000000' });
});

test('every other method the node serves answers the shape the client reads', async () => {
  const w = await newWallet(sim);
  await answer('getLatestBlockhash', [{ commitment: 'confirmed' }]);
  await answer('getBlockHeight', []);
  await answer('getSlot', []);
  assert.ok((await answer('getBalance', [w.address])).value > 0);
  assert.equal((await answer('getAccountInfo', [w.address, { encoding: 'base64' }])).value.owner, '11111111111111111111111111111111');
  const { value: statuses } = await answer('getSignatureStatuses', [['1111111111111111111111111111111111111111111111111111111111111111']]);
  assert.deepEqual(statuses, [null]);
  const { value: accounts } = await answer('getTokenAccountsByOwner', [w.address, { mint: USDC_MINT }, { encoding: 'base64' }]);
  assert.equal(accounts.length, 1);
});
