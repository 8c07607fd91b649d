// The client against the simulator's refusals: rule violations that never leave the client, each
// group's 400 envelope surfacing as an ApiError with the server's text, 429 retried after the
// x-ratelimit-reset the simulator sent, and injected faults retried for reads.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { generateKeyPairSigner } from '@solana/kit';
import {
  ApiError,
  RequestRuleError,
  createApiClient,
  createHttpClient,
  type DbcPoolCreateRequest,
} from '../../src/api/index.js';
import { API_KEY, JUP, SOL, USDC, newWallet, rig, type Rig } from '../support/clientSim.js';
import { nth } from '../support/narrow.js';

let r: Rig;
before(async () => {
  r = await rig();
});
after(() => r.stop());

async function refusedLocally(call: () => Promise<unknown>, field: string): Promise<void> {
  const m = r.mark();
  await assert.rejects(call, (e: unknown) => e instanceof RequestRuleError && e.field === field);
  assert.equal(r.mark(), m, `${field}: nothing was sent`);
}

async function refusedByServer(call: () => Promise<unknown>, text: RegExp): Promise<ApiError> {
  const m = r.mark();
  let error: unknown;
  await call().catch((e: unknown) => (error = e));
  assert.ok(error instanceof ApiError, `expected an ApiError, got ${String(error)}`);
  assert.equal(error.status, 400);
  assert.equal(error.attempts, 1, 'a 400 is not retried');
  assert.match(error.serverMessage ?? '', text);
  assert.ok(error.message.includes(error.serverMessage!), 'the message carries the server text');
  assert.equal(r.since(m).length, 1);
  assert.equal(nth(r.since(m), 0).status, 400);
  return error;
}

test('a request that breaks a rule of the contract is refused before anything is sent', async () => {
  const w = await newWallet(r.sim, false);
  await refusedLocally(() => r.api.tokens.list({ category: 'toptraded', interval: '1h', limit: 0 }), 'limit');
  await refusedLocally(() => r.api.swap.quote({ inputMint: SOL, outputMint: USDC, amount: '-1' }), 'amount');
  await refusedLocally(
    () => r.api.ultra.order({ inputMint: SOL, outputMint: USDC, amount: '1', referralFee: 20 }),
    'referralFee',
  );
  await refusedLocally(
    () => r.api.ultra.order({ inputMint: SOL, outputMint: USDC, amount: '1', closeAuthority: w.address }),
    'closeAuthority',
  );
  await refusedLocally(
    () =>
      r.api.recurring.create({
        user: w.address,
        inputMint: USDC,
        outputMint: SOL,
        params: { time: { inAmount: '200000000', numberOfOrders: 1, interval: 60 } },
      }),
    'params.time.numberOfOrders',
  );
  await refusedLocally(
    () =>
      r.api.trigger.create({
        inputMint: SOL,
        outputMint: USDC,
        maker: w.address,
        payer: w.address,
        params: { makingAmount: '1', takingAmount: '1', slippageBps: '10001' },
      }),
    'params.slippageBps',
  );
  await refusedLocally(() => r.api.trigger.cancelMany({ maker: w.address, orders: [] }), 'orders');
  await refusedLocally(() => r.api.send.pendingInvites({ address: 'not-an-address' }), 'address');
  await refusedLocally(() => r.api.portfolio.positions({ address: w.address, platforms: ['a,b'] }), 'platforms[0]');
  await refusedLocally(
    () => r.api.studio.claimFeeTx({ ownerWallet: w.address, poolAddress: w.address, maxQuoteAmount: -1 }),
    'maxQuoteAmount',
  );
  const q = await r.api.swap.quote({ inputMint: SOL, outputMint: USDC, amount: '1000000', platformFeeBps: 10 });
  await refusedLocally(() => r.api.swap.swap({ userPublicKey: w.address, quoteResponse: q }), 'feeAccount');
});

test("each group's 400 envelope surfaces as an ApiError with the server's words", async () => {
  const w = await newWallet(r.sim);
  const stranger = (await generateKeyPairSigner()).address;
  // groups whose every refusal the client's own rules already catch are reached through its HTTP layer
  const http = createHttpClient({ baseUrl: r.sim.url, apiKey: API_KEY, retries: 0 });
  const raw = (path: string, query: Record<string, string>) =>
    http.request({ method: 'GET', endpoint: `GET ${path}`, path, query, auth: true, idempotent: true }, (b) => b);

  await refusedByServer(() => raw('/tokens/v2/topnothing/1h', {}), /category: "topnothing" is not one of/);
  await refusedByServer(() => raw('/send/v1/invite-history', { address: w.address, page: '0' }), /page/);
  await refusedByServer(() => r.api.swap.quote({ inputMint: SOL, outputMint: stranger, amount: '1000' }), /outputMint/);
  await refusedByServer(
    () => r.api.ultra.order({ inputMint: stranger, outputMint: USDC, amount: '1000' }),
    /inputMint/,
  );
  await refusedByServer(
    () =>
      r.api.recurring.create({
        user: w.address,
        inputMint: USDC,
        outputMint: SOL,
        params: { time: { inAmount: '20000000', numberOfOrders: 2, interval: 60 } },
      }),
    /100 USD/,
  );
  const trigger = await refusedByServer(
    () =>
      r.api.trigger.create({
        inputMint: JUP,
        outputMint: USDC,
        maker: w.address,
        payer: w.address,
        params: { makingAmount: '1000000', takingAmount: '1000000' },
      }),
    /Order value too small/,
  );
  assert.match(trigger.serverMessage!, /at least 5 USD/, 'the trigger cause is part of the text');
  await refusedByServer(() => r.api.portfolio.positions({ address: w.address, platforms: ['Wallet'] }), /platforms/);
  const studio = await refusedByServer(
    () => r.api.studio.claimFeeTx({ ownerWallet: w.address, poolAddress: stranger, maxQuoteAmount: 5 }),
    /poolAddress: no pool/,
  );
  assert.equal(studio.endpoint, 'POST /studio/v1/dbc/fee/create-tx');
  const bad: DbcPoolCreateRequest = {
    buildCurveByMarketCapParam: {
      quoteMint: USDC,
      initialMarketCap: 90_000,
      migrationMarketCap: 80_000,
      tokenQuoteDecimal: 6,
      lockedVestingParam: {
        totalLockedVestingAmount: 0,
        cliffUnlockAmount: 0,
        numberOfVestingPeriod: 0,
        totalVestingDuration: 0,
        cliffDurationFromMigrationTime: 0,
      },
    },
    antiSniping: false,
    fee: { feeBps: 100 },
    isLpLocked: true,
    tokenName: 'Upside Down',
    tokenSymbol: 'UPDN',
    tokenImageContentType: 'image/png',
    creator: w.address,
  };
  await refusedByServer(
    () => r.api.studio.createPoolTx(bad),
    /buildCurveByMarketCapParam\.migrationMarketCap: must be greater than initialMarketCap/,
  );
});

test('429: the client waits until x-ratelimit-reset, then the request goes through', async () => {
  const limited = await rig({ rateLimitPerMinute: 1, rateLimitGroups: ['tokens'] }, { backoffBaseMs: 1 });
  try {
    const resets: number[] = [];
    await limited.api.tokens.list({ category: 'toptraded', interval: '5m', limit: 1 });
    const first = Date.now();
    // the window must hold the first request for under 60 s before the limit is hit, so that the
    // wait fits in one call; the header has whole-second resolution
    while (Date.now() - first < 1100) await new Promise((done) => setTimeout(done, 50));
    const client = createApiClient({
      baseUrl: limited.sim.url,
      apiKey: API_KEY,
      backoffBaseMs: 1,
      fetchImpl: async (input, init) => {
        const res = await fetch(input, init);
        const reset = res.headers.get('x-ratelimit-reset');
        if (res.status === 429 && reset) resets.push(Number(reset) * 1000 - Date.now());
        return res;
      },
      sleep: async (ms) => {
        limited.waits.push(ms);
        // the window has passed for the simulator too
        await fetch(`${limited.sim.url}/__sim/faults`, {
          method: 'POST',
          body: JSON.stringify({ rateLimitPerMinute: 0 }),
        });
      },
    });
    const m = limited.mark();
    const tokens = await client.tokens.list({ category: 'toptraded', interval: '5m', limit: 1 });
    assert.equal(tokens.length, 1);
    assert.deepEqual(
      limited.since(m).map((e) => e.status),
      [429, 200],
    );
    assert.equal(limited.waits.length, 1);
    assert.equal(resets.length, 1);
    assert.ok(
      nth(limited.waits, 0) > 50_000 && nth(limited.waits, 0) <= 60_000,
      `waited ${limited.waits[0]} ms, not a 1 ms backoff`,
    );
    assert.ok(Math.abs(nth(limited.waits, 0) - nth(resets, 0)) < 1000, 'the wait is the one x-ratelimit-reset gave');
  } finally {
    await limited.stop();
  }
});

test('injected faults: reads are retried until the simulator answers; a write is not retried', async () => {
  const faulty = await rig();
  try {
    const setFaults = (faultRate: number) =>
      fetch(`${faulty.sim.url}/__sim/faults`, { method: 'POST', body: JSON.stringify({ faultRate }) });
    const waits: number[] = [];
    const api = createApiClient({
      baseUrl: faulty.sim.url,
      apiKey: API_KEY,
      retries: 3,
      backoffBaseMs: 1,
      // the backoff is where the fault clears
      sleep: async (ms) => {
        waits.push(ms);
        await setFaults(0);
      },
    });
    // every kind of fault the simulator injects, each followed by a clean answer
    const kinds = new Set<string>();
    for (let i = 0; i < 60 && kinds.size < 6; i++) {
      await setFaults(1);
      const m = faulty.mark();
      const tokens = await api.tokens.list({ category: 'toporganicscore', interval: '1h', limit: 3 });
      assert.equal(tokens.length, 3);
      const log = faulty.since(m);
      assert.equal(log.length, 2);
      assert.ok(nth(log, 0).fault, 'the first attempt met a fault');
      assert.equal(nth(log, 1).status, 200);
      assert.equal(nth(log, 1).fault, undefined);
      kinds.add(nth(log, 0).fault!);
    }
    assert.deepEqual([...kinds].sort(), ['malformed', 'reset', 'status-500', 'status-502', 'status-503', 'truncated']);

    await setFaults(1);
    const w = await newWallet(faulty.sim);
    const m = faulty.mark();
    const sleptBefore = waits.length;
    await assert.rejects(
      api.trigger.create({
        inputMint: SOL,
        outputMint: USDC,
        maker: w.address,
        payer: w.address,
        params: { makingAmount: '100000000', takingAmount: '1' },
      }),
    );
    assert.equal(faulty.since(m).length, 1, 'a create is sent once');
    assert.equal(waits.length, sleptBefore, 'and never waited on');
  } finally {
    await faulty.stop();
  }
});
