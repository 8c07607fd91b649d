// The simulator's GET /swap/v2/order, POST /swap/v2/execute and GET /swap/v2/build over real HTTP
// with real signatures: the order engine of GET /ultra/v1/order under the service's current names,
// parameters and execute codes, and the switch that serves only the first generation.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { generateKeyPairSigner } from '@solana/kit';
import { ApiError, createApiClient, RequestRuleError, ROUTERS_V2 } from '../../src/api/index.js';
import { parseSimArgs } from '../../src/main/sim.js';
import { balance, get, JUP, rpc, SOL, USDC, withSim } from '../support/simHttp.js';
import { programsOf, signerAddresses } from '../support/simGroups.js';
import { call, signTx, wallet } from './v2-support.js';

const SYSTEM = '11111111111111111111111111111111';
const order = (q: string) => `/swap/v2/order?inputMint=${SOL}&outputMint=${USDC}&amount=100000000${q}`;

test('GET /swap/v2/order without taker: a quote under the current router names, mode ultra, no transaction', async () => {
  await withSim({}, async (sim) => {
    const r = await call(sim, 'GET', order(''));
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body.transaction, null);
    assert.equal(r.body.mode, 'ultra');
    assert.ok((ROUTERS_V2 as readonly string[]).includes(r.body.router), r.body.router);
    assert.ok(['aggregator', 'rfq', 'dflow', 'okx'].includes(r.body.swapType), r.body.swapType);
    assert.equal(r.body.platformFee.feeMint, r.body.feeMint);
    assert.match(r.body.requestId, /^[0-9a-f-]{36}$/);
  });
});

test('order and execute signed with a real key land once; the order lastValidBlockHeight goes back as given', async () => {
  await withSim({}, async (sim) => {
    const w = await wallet(sim);
    const solBefore = balance(sim, w.address, SOL);
    const usdcBefore = balance(sim, w.address, USDC);
    const o = await call(sim, 'GET', order(`&taker=${w.address}&excludeRouters=jupiterz,dflow,okx`));
    assert.equal(o.status, 200, JSON.stringify(o.body));
    assert.equal(o.body.router, 'metis');
    assert.equal(o.body.mode, 'manual', 'excludeRouters is an optional parameter');
    assert.match(o.body.lastValidBlockHeight, /^\d+$/);
    assert.deepEqual(signerAddresses(o.body.transaction), [w.address]);
    const body = {
      signedTransaction: await signTx(o.body.transaction, w),
      requestId: o.body.requestId,
      lastValidBlockHeight: o.body.lastValidBlockHeight,
    };
    const e = await call(sim, 'POST', '/swap/v2/execute', body);
    assert.equal(e.status, 200);
    assert.equal(e.body.status, 'Success', JSON.stringify(e.body));
    assert.equal(e.body.code, 0);
    const received = BigInt(e.body.totalOutputAmount);
    assert.ok(received >= BigInt(o.body.otherAmountThreshold));
    assert.equal(balance(sim, w.address, USDC) - usdcBefore, received);
    assert.ok(solBefore - balance(sim, w.address, SOL) >= 100_000_000n);
    // the same signed transaction again: the first result, nothing moves twice
    const again = await call(sim, 'POST', '/swap/v2/execute', body);
    assert.equal(again.body.signature, e.body.signature);
    assert.equal(balance(sim, w.address, USDC) - usdcBefore, received);
    const paths = sim.requests().map((r) => `${r.method} ${r.path}`);
    assert.deepEqual(
      paths.filter((p) => p.includes('/v2/')),
      ['GET /swap/v2/order', 'POST /swap/v2/execute', 'POST /swap/v2/execute'],
    );
  });
});

test("router names: the contract's and the current ones are both taken; an unknown one is refused in the service's words", async () => {
  await withSim({}, async (sim) => {
    for (const names of ['jupiterz,dflow,okx', 'partnerz,partnerflow,partnerx']) {
      const r = await call(sim, 'GET', order(`&excludeRouters=${names}`));
      assert.equal(r.status, 200, `${names}: ${JSON.stringify(r.body)}`);
      assert.equal(r.body.router, 'metis', names);
    }
    for (const names of ['metis', 'iris']) {
      const r = await call(sim, 'GET', order(`&excludeRouters=${names}`));
      assert.equal(r.status, 200, `${names}: ${JSON.stringify(r.body)}`);
      assert.notEqual(r.body.router, 'metis', names);
    }
    const refused = await call(sim, 'GET', order('&excludeRouters=jupiterz,bogus'));
    assert.equal(refused.status, 400);
    assert.match(refused.body.requestId, /^[0-9a-f-]{36}$/);
    assert.equal(
      refused.body.error,
      'excludeRouters: unknown router "bogus"; the routers are metis, jupiterz, dflow, okx',
    );
    // the client lets any name through and reports the refusal in the service's words
    const api = createApiClient({ baseUrl: sim.url, apiKey: 'k', retries: 0 });
    const ok = await api.swapV2.order({
      inputMint: SOL,
      outputMint: USDC,
      amount: '100000000',
      excludeRouters: ['jupiterz'],
    });
    assert.notEqual(ok.router, 'jupiterz');
    await assert.rejects(
      api.swapV2.order({ inputMint: SOL, outputMint: USDC, amount: '100000000', excludeRouters: ['bogus'] }),
      (e: unknown) =>
        e instanceof ApiError &&
        e.status === 400 &&
        e.message.includes('excludeRouters: unknown router "bogus"; the routers are metis, jupiterz, dflow, okx'),
    );
  });
});

test('priorityFeeLamports, broadcastFeeType, jitoTipLamports and slippageBps: stated in the answer, a tip transfer in the transaction', async () => {
  await withSim({}, async (sim) => {
    const w = await wallet(sim);
    const metis = `&taker=${w.address}&excludeRouters=jupiterz,dflow,okx`;
    const plain = await call(sim, 'GET', order(metis));
    const exact = await call(sim, 'GET', order(`${metis}&priorityFeeLamports=50000&broadcastFeeType=exactFee`));
    assert.equal(exact.body.prioritizationFeeLamports, 50_000);
    // maxCap: a ceiling above the automatic fee changes nothing, below it caps it
    const capHigh = await call(sim, 'GET', order(`${metis}&priorityFeeLamports=900000&broadcastFeeType=maxCap`));
    assert.equal(capHigh.body.prioritizationFeeLamports, plain.body.prioritizationFeeLamports);
    const capLow = await call(sim, 'GET', order(`${metis}&priorityFeeLamports=1000&broadcastFeeType=maxCap`));
    assert.equal(capLow.body.prioritizationFeeLamports, 1000);
    const tipped = await call(sim, 'GET', order(`${metis}&jitoTipLamports=20000&slippageBps=250`));
    assert.equal(tipped.body.mode, 'manual');
    assert.equal(tipped.body.slippageBps, 250);
    assert.equal(tipped.body.prioritizationFeeLamports, plain.body.prioritizationFeeLamports + 20_000);
    const systemCalls = (tx: string) => programsOf(tx).filter((p) => p === SYSTEM).length;
    assert.equal(systemCalls(tipped.body.transaction), systemCalls(plain.body.transaction) + 1, 'a tip transfer');
    const before = balance(sim, w.address, SOL);
    const e = await call(sim, 'POST', '/swap/v2/execute', {
      signedTransaction: await signTx(tipped.body.transaction, w),
      requestId: tipped.body.requestId,
    });
    assert.equal(e.body.status, 'Success', JSON.stringify(e.body));
    assert.ok(before - balance(sim, w.address, SOL) >= 100_000_000n + 20_000n, 'the tip was paid');
  });
});

test('the rules of the order parameters: refused before sending, and by the simulator in the same words', async () => {
  await withSim({}, async (sim) => {
    const api = createApiClient({ baseUrl: sim.url, apiKey: 'k', retries: 0 });
    const base = { inputMint: SOL, outputMint: USDC, amount: '100000000' };
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ broadcastFeeType: 'maxCap' }, 'broadcastFeeType=maxCap', 'broadcastFeeType'],
      [{ broadcastFeeType: 'all' }, 'broadcastFeeType=all', 'broadcastFeeType'],
      [{ jitoTipLamports: 999 }, 'jitoTipLamports=999', 'jitoTipLamports'],
      [{ priorityFeeLamports: 0 }, 'priorityFeeLamports=0', 'priorityFeeLamports'],
      [{ slippageBps: 10_001 }, 'slippageBps=10001', 'slippageBps'],
      [{ swapMode: 'ExactOut' }, 'swapMode=ExactOut', 'swapMode'],
      [{ referralFee: 60 }, 'referralFee=60', 'referralFee'],
      [{ referralAccount: USDC }, `referralAccount=${USDC}`, 'referralAccount'],
    ];
    for (const [extra, query, field] of cases) {
      const said = await api.swapV2.order({ ...base, ...extra } as never).then(
        () => assert.fail(`the client sent ${query}`),
        (e: unknown) => e as RequestRuleError,
      );
      assert.ok(said instanceof RequestRuleError, query);
      assert.equal(said.field, field, query);
      const r = await call(sim, 'GET', order(`&${query}`));
      assert.equal(r.status, 400, query);
      assert.equal(r.body.error, `${said.field}: ${said.rule}`, query);
    }
    assert.equal(sim.requests().length, cases.length, 'the client sent none of them');
  });
});

test('an integrator payer routes through metis alone and signs beside the taker; closeAuthority is ignored', async () => {
  await withSim({}, async (sim) => {
    const w = await wallet(sim);
    const payer = await wallet(sim);
    const o = await call(sim, 'GET', order(`&taker=${w.address}&payer=${payer.address}`));
    assert.equal(o.status, 200, JSON.stringify(o.body));
    assert.equal(o.body.router, 'metis');
    assert.deepEqual(new Set(signerAddresses(o.body.transaction)), new Set([w.address, payer.address]));
    const closing = await call(
      sim,
      'GET',
      order(`&taker=${w.address}&payer=${payer.address}&closeAuthority=${payer.address}`),
    );
    assert.equal(closing.status, 200);
    assert.deepEqual(programsOf(closing.body.transaction), programsOf(o.body.transaction));
    const e = await call(sim, 'POST', '/swap/v2/execute', {
      signedTransaction: await signTx(o.body.transaction, w, payer),
      requestId: o.body.requestId,
    });
    assert.equal(e.body.status, 'Success', JSON.stringify(e.body));
  });
});

test("execute answers the order's own codes: unknown request, changed bytes, a height not the order's, an expired blockhash, a transaction that did not land", async () => {
  await withSim({}, async (sim) => {
    const w = await wallet(sim);
    const fresh = async (amount = '100000000') =>
      (
        await call(
          sim,
          'GET',
          `/swap/v2/order?inputMint=${SOL}&outputMint=${USDC}&amount=${amount}&taker=${w.address}&excludeRouters=jupiterz,dflow,okx`,
        )
      ).body;
    const o = await fresh();
    const signed = await signTx(o.transaction, w);
    const execute = (body: Record<string, unknown>) => call(sim, 'POST', '/swap/v2/execute', body);
    assert.equal((await execute({ signedTransaction: signed, requestId: 'no-such-request' })).body.code, -1);
    const other = await fresh('200000000');
    assert.equal((await execute({ signedTransaction: signed, requestId: other.requestId })).body.code, -3);
    const before = balance(sim, w.address, USDC);
    const wrongHeight = await execute({
      signedTransaction: signed,
      requestId: o.requestId,
      lastValidBlockHeight: '12',
    });
    assert.equal(wrongHeight.body.code, -1004);
    assert.match(wrongHeight.body.error, /lastValidBlockHeight 12 is not the order's/);
    assert.equal(balance(sim, w.address, USDC), before, 'nothing landed');
    sim.advance(70);
    const late = await execute({ signedTransaction: signed, requestId: o.requestId });
    assert.equal(late.body.status, 'Failed');
    assert.equal(late.body.code, -1004, JSON.stringify(late.body));

    sim.failExecute({ group: 'swap-v2', code: -1006 });
    const next = await fresh('300000000');
    const dropped = await execute({ signedTransaction: await signTx(next.transaction, w), requestId: next.requestId });
    assert.equal(dropped.body.code, -1000);
    assert.equal(balance(sim, w.address, USDC), before);
  });
});

test('GET /swap/v2/build: the instructions of a metis swap, its compute-unit price alone, a tip instruction, the blockhash as bytes', async () => {
  await withSim({}, async (sim) => {
    const w = await generateKeyPairSigner();
    const q = `/swap/v2/build?inputMint=${SOL}&outputMint=${JUP}&amount=1000000000&taker=${w.address}`;
    const b = await call(sim, 'GET', `${q}&tipAmount=1000000&slippageBps=rtse`);
    assert.equal(b.status, 200, JSON.stringify(b.body));
    assert.equal(b.body.computeBudgetInstructions.length, 1);
    assert.equal(Buffer.from(b.body.computeBudgetInstructions[0].data, 'base64')[0], 3, 'setComputeUnitPrice');
    assert.equal(b.body.tipInstruction.programId, SYSTEM);
    assert.equal(b.body.tipInstruction.accounts[0].pubkey, w.address);
    assert.equal(b.body.addressesByLookupTableAddress, null);
    const latest = await rpc(sim, 'getLatestBlockhash');
    const { decodeBase58 } = await import('../../src/chain/base58.js');
    assert.deepEqual(b.body.blockhashWithMetadata.blockhash, [...decodeBase58(latest.result.value.blockhash)!]);
    const none = await call(sim, 'GET', `${q}&dexes=NoSuchDex`);
    assert.equal(none.status, 400);
    assert.equal(none.body.error, 'No routes found for the input and output mints');
    const both = await call(sim, 'GET', `${q}&dexes=Orca&excludeDexes=Raydium`);
    assert.equal(both.status, 400);
    assert.equal(both.body.error, 'excludeDexes: must not be given together with dexes');
    // through the client
    const api = createApiClient({ baseUrl: sim.url, apiKey: 'k' });
    const built = await api.swapV2.build({ inputMint: SOL, outputMint: JUP, amount: '1000000000', taker: w.address });
    assert.equal(built.inputMint, SOL);
    assert.equal(built.tipInstruction, null);
  });
});

test('the client: GET /swap/v2/order then POST /swap/v2/execute with a real key', async () => {
  await withSim({}, async (sim) => {
    const w = await wallet(sim);
    const api = createApiClient({ baseUrl: sim.url, apiKey: 'k' });
    const o = await api.swapV2.order({ inputMint: SOL, outputMint: USDC, amount: '100000000', taker: w.address });
    assert.ok(o.transaction);
    const e = await api.swapV2.execute({
      signedTransaction: await signTx(o.transaction, w),
      requestId: o.requestId,
      lastValidBlockHeight: String(o.lastValidBlockHeight),
    });
    assert.equal(e.status, 'Success');
    const sent = sim.requests().find((r) => r.path === '/swap/v2/execute')!;
    assert.deepEqual(Object.keys(sent.body as object), ['signedTransaction', 'requestId', 'lastValidBlockHeight']);
  });
});

test('serving only the first generation: /swap/v2 and /trigger/v2 answer 404, /ultra/v1 still serves; the switch turns both ways', async () => {
  await withSim({ onlyV1: true }, async (sim) => {
    const v2 = await call(sim, 'GET', order(''));
    assert.equal(v2.status, 404);
    assert.deepEqual(v2.body, { code: 404, message: `no route for GET /swap/v2/order` });
    const login = await call(sim, 'POST', '/trigger/v2/auth/challenge', { walletPubkey: SOL, type: 'message' });
    assert.equal(login.status, 404);
    const v1 = await get(sim, `/ultra/v1/order?inputMint=${SOL}&outputMint=${USDC}&amount=100000000`);
    assert.equal(v1.status, 200);
    const flip = async (onlyV1: unknown) =>
      fetch(`${sim.url}/__sim/generation`, { method: 'POST', body: JSON.stringify({ onlyV1 }) });
    const bad = await flip('yes');
    assert.equal(bad.status, 400);
    assert.deepEqual(await bad.json(), { error: 'onlyV1: must be true or false' });
    assert.equal((await flip(false)).status, 200);
    assert.equal((await call(sim, 'GET', order(''))).status, 200);
    sim.setOnlyV1(true);
    assert.equal((await call(sim, 'GET', order(''))).status, 404);
  });
  assert.deepEqual(parseSimArgs(['--only-v1', '--seed', '3']), { onlyV1: true, seed: 3 });
  assert.throws(() => parseSimArgs(['--only-v1=yes']), /--only-v1: takes no value/);
});
