// The client against the simulator: token lists, quotes, swap transactions and instructions.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { TOKEN_CATEGORIES, TOKEN_INTERVALS } from '../../src/api/index.js';
import { JUP, SOL, USDC, newWallet, onlyRequest, rig, signed, tokenBalance, type Rig } from '../support/clientSim.js';

let r: Rig;
before(async () => {
  r = await rig();
});
after(() => r.stop());

test('token list: every category and interval, default 50 and an explicit limit', async () => {
  for (const category of TOKEN_CATEGORIES) {
    for (const interval of TOKEN_INTERVALS) {
      const m = r.mark();
      const tokens = await r.api.tokens.list({ category, interval });
      assert.equal(tokens.length, 50, `${category}/${interval}`);
      assert.ok(
        tokens.every(
          (t) => typeof t.id === 'string' && typeof t.symbol === 'string' && typeof t[`stats${interval}`] === 'object',
        ),
        'the listed window is there',
      );
      const got = onlyRequest(r, m, 'GET', `/tokens/v2/${category}/${interval}`);
      assert.deepEqual(got.query, {});
      assert.equal(got.apiKeyPresent, true);
      assert.equal(got.status, 200);
    }
  }
  const m = r.mark();
  const seven = await r.api.tokens.list({ category: 'toptraded', interval: '1h', limit: 7 });
  assert.equal(seven.length, 7);
  assert.deepEqual(onlyRequest(r, m, 'GET', '/tokens/v2/toptraded/1h').query, { limit: '7' });
  const hundred = await r.api.tokens.list({ category: 'toptraded', interval: '1h', limit: 100 });
  assert.equal(hundred.length, 100);
  assert.deepEqual(
    seven.map((t) => t.id),
    hundred.slice(0, 7).map((t) => t.id),
    'one ranking, cut at the limit',
  );
});

test('quote ExactIn with dex filters, direct routes, slippage and a platform fee', async () => {
  const m = r.mark();
  const q = await r.api.swap.quote({
    inputMint: SOL,
    outputMint: USDC,
    amount: '2000000000',
    slippageBps: 75,
    dexes: ['Whirlpool', 'Meteora DLMM'],
    onlyDirectRoutes: true,
    platformFeeBps: 20,
  });
  assert.equal(q.swapMode, 'ExactIn');
  assert.equal(q.inAmount, '2000000000');
  assert.equal(q.slippageBps, 75);
  assert.ok(q.routePlan.length >= 1);
  for (const step of q.routePlan) {
    assert.ok(['Whirlpool', 'Meteora DLMM'].includes(step.swapInfo.label), step.swapInfo.label);
    assert.equal(step.swapInfo.inputMint, SOL, 'direct route: one hop per split');
    assert.equal(step.swapInfo.outputMint, USDC);
  }
  assert.equal(q.platformFee?.feeBps, 20);
  assert.ok(BigInt(q.otherAmountThreshold) < BigInt(q.outAmount));
  const got = onlyRequest(r, m, 'GET', '/swap/v1/quote');
  assert.deepEqual(got.query, {
    inputMint: SOL,
    outputMint: USDC,
    amount: '2000000000',
    slippageBps: '75',
    dexes: 'Whirlpool,Meteora DLMM',
    onlyDirectRoutes: 'true',
    platformFeeBps: '20',
  });
  assert.equal(got.apiKeyPresent, true);

  const m2 = r.mark();
  const excluded = await r.api.swap.quote({
    inputMint: SOL,
    outputMint: USDC,
    amount: '2000000000',
    excludeDexes: ['Whirlpool', 'Raydium CLMM'],
  });
  assert.ok(excluded.routePlan.every((s) => !['Whirlpool', 'Raydium CLMM'].includes(s.swapInfo.label)));
  assert.equal(onlyRequest(r, m2, 'GET', '/swap/v1/quote').query.excludeDexes, 'Whirlpool,Raydium CLMM');
});

test('quote ExactOut: the output is exact and only ExactOut-capable AMMs route it', async () => {
  const m = r.mark();
  const q = await r.api.swap.quote({
    inputMint: USDC,
    outputMint: SOL,
    amount: '500000000',
    swapMode: 'ExactOut',
    slippageBps: 100,
  });
  assert.equal(q.swapMode, 'ExactOut');
  assert.equal(q.outAmount, '500000000');
  assert.ok(BigInt(q.otherAmountThreshold) > BigInt(q.inAmount), 'ExactOut slippage bounds the input');
  for (const step of q.routePlan)
    assert.ok(['Whirlpool', 'Raydium', 'Raydium CLMM', 'Orca V2'].includes(step.swapInfo.label), step.swapInfo.label);
  const got = onlyRequest(r, m, 'GET', '/swap/v1/quote');
  assert.equal(got.query.swapMode, 'ExactOut');
  assert.equal(got.query.amount, '500000000');
});

test('swap: the built transaction, signed by the project signer and sent over RPC, moves balances', async () => {
  const w = await newWallet(r.sim);
  const q = await r.api.swap.quote({ inputMint: SOL, outputMint: JUP, amount: '1000000000' });
  const m = r.mark();
  const built = await r.api.swap.swap({
    userPublicKey: w.address,
    quoteResponse: q,
    prioritizationFeeLamports: 5000,
    dynamicComputeUnitLimit: true,
  });
  assert.equal(typeof built.swapTransaction, 'string');
  assert.ok(built.lastValidBlockHeight > 0);
  const got = onlyRequest(r, m, 'POST', '/swap/v1/swap');
  const body = got.body as Record<string, unknown>;
  assert.equal(body.userPublicKey, w.address);
  assert.deepEqual(body.quoteResponse, JSON.parse(JSON.stringify(q)));
  assert.equal(body.prioritizationFeeLamports, 5000);
  assert.equal(body.dynamicComputeUnitLimit, true);
  assert.equal(got.apiKeyPresent, true);

  const solBefore = await r.rpc.getBalance(w.address);
  const jupBefore = await tokenBalance(r.rpc, w.address, JUP);
  const signature = await r.rpc.sendTransaction(await signed(built.swapTransaction, w));
  const [status] = await r.rpc.getSignatureStatuses([signature]);
  assert.equal(status?.err, null);
  const jupGained = (await tokenBalance(r.rpc, w.address, JUP)) - jupBefore;
  assert.ok(jupGained >= BigInt(q.otherAmountThreshold), `gained ${jupGained}`);
  assert.ok(solBefore - (await r.rpc.getBalance(w.address)) >= 1_000_000_000n);
});

test('swap-instructions: every instruction group, the swap instruction naming the user', async () => {
  const w = await newWallet(r.sim);
  const q = await r.api.swap.quote({ inputMint: USDC, outputMint: SOL, amount: '25000000' });
  const m = r.mark();
  const ix = await r.api.swap.instructions({ userPublicKey: w.address, quoteResponse: q, wrapAndUnwrapSol: true });
  assert.ok(Array.isArray(ix.computeBudgetInstructions) && ix.computeBudgetInstructions.length > 0);
  assert.ok(Array.isArray(ix.setupInstructions));
  assert.ok(Array.isArray(ix.otherInstructions));
  assert.ok(ix.swapInstruction.accounts.some((a) => a.pubkey === w.address && a.isSigner));
  assert.ok(ix.cleanupInstruction === null || typeof ix.cleanupInstruction?.programId === 'string');
  const got = onlyRequest(r, m, 'POST', '/swap/v1/swap-instructions');
  assert.equal((got.body as Record<string, unknown>).wrapAndUnwrapSol, true);
  assert.equal(got.apiKeyPresent, true);
});
