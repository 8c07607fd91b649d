// Order group over real HTTP with real signatures: order -> sign -> execute, and every refusal.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  getTransactionDecoder,
  type Transaction,
} from '@solana/kit';
import { balance, decodeTx, get, post, signTx, wallet, withSim, SOL, USDC, JUP, KEY } from '../support/simHttp.js';
import { nth } from '../support/narrow.js';

const IRIS_ONLY = '&excludeRouters=partnerz,partnerflow,partnerx';

test('order without taker has a null transaction and every required field', async () => {
  await withSim({}, async (sim) => {
    const r = await get(sim, `/ultra/v1/order?inputMint=${SOL}&outputMint=${USDC}&amount=1000000000`);
    assert.equal(r.status, 200);
    const o = r.body;
    assert.equal(o.transaction, null);
    assert.equal(o.mode, 'ultra');
    assert.match(o.requestId, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    for (const f of [
      'inputMint',
      'outputMint',
      'inAmount',
      'outAmount',
      'otherAmountThreshold',
      'swapMode',
      'priceImpactPct',
      'swapType',
      'router',
    ])
      assert.equal(typeof o[f], 'string', f);
    for (const f of [
      'slippageBps',
      'feeBps',
      'signatureFeeLamports',
      'prioritizationFeeLamports',
      'rentFeeLamports',
      'totalTime',
    ])
      assert.equal(typeof o[f], 'number', f);
    assert.ok(['iris', 'partnerz', 'partnerflow', 'partnerx'].includes(o.router));
    assert.ok(['aggregator', 'rfq'].includes(o.swapType));
    assert.equal(typeof o.gasless, 'boolean');
    assert.equal(o.taker, null);
    assert.ok(Array.isArray(o.routePlan) && o.routePlan.length > 0);
    assert.equal(typeof o.platformFee.amount, 'string');
    assert.ok(BigInt(o.otherAmountThreshold) <= BigInt(o.outAmount));
  });
});

test('order parameters are validated, naming the field', async () => {
  await withSim({}, async (sim) => {
    const base = `/ultra/v1/order?inputMint=${SOL}&outputMint=${USDC}&amount=1000`;
    for (const [query, field] of [
      [`/ultra/v1/order?outputMint=${USDC}&amount=1`, 'inputMint'],
      [`/ultra/v1/order?inputMint=${SOL}&outputMint=${USDC}&amount=-5`, 'amount'],
      [`${base}&referralAccount=${USDC}&referralFee=20`, 'referralFee'],
      [`${base}&referralFee=60`, 'referralFee'],
      [`${base}&excludeRouters=bogus`, 'excludeRouters'],
      [`${base}&excludeDexes=NoSuchDex`, 'excludeDexes'],
      [`${base}&taker=not-a-key`, 'taker'],
    ] as const) {
      const r = await get(sim, query);
      assert.equal(r.status, 400, query);
      assert.ok(r.body.error.startsWith(field), `${query}: ${r.body.error}`);
    }
    const ok = await get(sim, `${base}&referralAccount=${USDC}&referralFee=100`);
    assert.equal(ok.body.feeBps, 100);
  });
});

test('order -> sign -> execute moves balances exactly once; the same request again is the same result', async () => {
  await withSim({}, async (sim) => {
    const w = await wallet(sim);
    const o = (
      await get(
        sim,
        `/ultra/v1/order?inputMint=${SOL}&outputMint=${JUP}&amount=2000000000&taker=${w.address}${IRIS_ONLY}`,
      )
    ).body;
    assert.equal(o.router, 'iris');
    assert.equal(o.signatureFeePayer, w.address);
    const tx = decodeTx(o.transaction);
    assert.deepEqual(Object.keys(tx.signatures), [w.address]);
    const solBefore = balance(sim, w.address, SOL);
    const jupBefore = balance(sim, w.address, JUP);
    const signed = await signTx(o.transaction, w);
    const first = await post(sim, '/ultra/v1/execute', { signedTransaction: signed, requestId: o.requestId });
    assert.equal(first.status, 200);
    assert.equal(first.body.status, 'Success', JSON.stringify(first.body));
    assert.equal(first.body.code ?? 0, 0, 'code 0, or left out on a success');
    assert.equal(first.body.totalInputAmount, '2000000000');
    const gained = balance(sim, w.address, JUP) - jupBefore;
    assert.equal(first.body.outputAmountResult, gained.toString());
    assert.ok(gained >= BigInt(o.otherAmountThreshold));
    const fees = BigInt(o.signatureFeeLamports + o.prioritizationFeeLamports + o.rentFeeLamports);
    assert.equal(balance(sim, w.address, SOL), solBefore - 2_000_000_000n - fees);
    assert.equal(first.body.swapEvents[0].inputMint, SOL);
    const again = await post(sim, '/ultra/v1/execute', { signedTransaction: signed, requestId: o.requestId });
    assert.deepEqual(again.body, first.body);
    assert.equal(balance(sim, w.address, JUP) - jupBefore, gained);
    assert.equal(balance(sim, w.address, SOL), solBefore - 2_000_000_000n - fees);
  });
});

test('a tampered message is refused with -3 and nothing moves', async () => {
  await withSim({}, async (sim) => {
    const w = await wallet(sim);
    const o = (
      await get(sim, `/ultra/v1/order?inputMint=${SOL}&outputMint=${USDC}&amount=1000000000&taker=${w.address}`)
    ).body;
    const tx = decodeTx(o.transaction);
    const bytes = new Uint8Array(tx.messageBytes as unknown as Uint8Array);
    bytes[bytes.length - 1] = nth(bytes, bytes.length - 1) ^ 0xff;
    const tampered = { ...tx, messageBytes: bytes } as unknown as Transaction;
    const signed = await signTx(getBase64EncodedWireTransaction(tampered), w);
    const before = balance(sim, w.address, SOL);
    const r = await post(sim, '/ultra/v1/execute', { signedTransaction: signed, requestId: o.requestId });
    assert.equal(r.body.status, 'Failed');
    assert.equal(r.body.code, -3);
    assert.equal(balance(sim, w.address, SOL), before);
  });
});

test('missing or wrong signatures are refused with -2', async () => {
  await withSim({}, async (sim) => {
    const w = await wallet(sim);
    const o = (
      await get(sim, `/ultra/v1/order?inputMint=${SOL}&outputMint=${USDC}&amount=1000000000&taker=${w.address}`)
    ).body;
    const unsigned = await post(sim, '/ultra/v1/execute', { signedTransaction: o.transaction, requestId: o.requestId });
    assert.equal(unsigned.body.code, -2);
    const stranger = await generateKeyPairSigner();
    const tx = getTransactionDecoder().decode(Buffer.from(o.transaction, 'base64')) as Transaction;
    const { signTransaction } = await import('@solana/kit');
    const forged = await signTransaction([stranger.keyPair], tx).catch(() => null);
    assert.equal(forged, null, 'kit refuses to sign for a key that is not a signer');
    // a valid signature by another key placed in the taker's slot
    const other = await signTx(o.transaction, stranger).catch(() => null);
    assert.equal(other, null);
    const sigByStranger = new Uint8Array(
      await crypto.subtle.sign(
        'Ed25519',
        stranger.keyPair.privateKey,
        new Uint8Array(tx.messageBytes as unknown as Uint8Array),
      ),
    );
    const wrong = getBase64EncodedWireTransaction({
      ...tx,
      signatures: { [w.address]: sigByStranger },
    } as unknown as Transaction);
    const r = await post(sim, '/ultra/v1/execute', { signedTransaction: wrong, requestId: o.requestId });
    assert.equal(r.body.code, -2);
    assert.match(r.body.error, /does not verify/);
    const bad = await post(sim, '/ultra/v1/execute', { signedTransaction: 'not base64!!', requestId: o.requestId });
    assert.equal(bad.body.code, -2);
  });
});

test('an expired blockhash is refused with -1005; an unknown requestId with -1', async () => {
  await withSim({}, async (sim) => {
    const w = await wallet(sim);
    const o = (
      await get(sim, `/ultra/v1/order?inputMint=${SOL}&outputMint=${USDC}&amount=1000000000&taker=${w.address}`)
    ).body;
    const signed = await signTx(o.transaction, w);
    sim.advance(70);
    const before = balance(sim, w.address, USDC);
    const r = await post(sim, '/ultra/v1/execute', { signedTransaction: signed, requestId: o.requestId });
    assert.equal(r.body.code, -1005);
    assert.equal(r.body.status, 'Failed');
    assert.equal(balance(sim, w.address, USDC), before);
    const unknown = await post(sim, '/ultra/v1/execute', {
      signedTransaction: signed,
      requestId: '00000000-0000-4000-8000-000000000000',
    });
    assert.equal(unknown.body.code, -1);
    assert.equal(unknown.body.error, 'order not found, it might have expired');
    sim.advance(60);
    const expired = await post(sim, '/ultra/v1/execute', { signedTransaction: signed, requestId: o.requestId });
    assert.equal(expired.body.code, -1);
  });
});

test('execute fails with 6001 when the market moved past the threshold', async () => {
  await withSim({}, async (sim) => {
    const a = await wallet(sim);
    const whale = await wallet(sim);
    sim.fund(whale.address, SOL, 50_000_000_000_000n);
    const o = (
      await get(
        sim,
        `/ultra/v1/order?inputMint=${SOL}&outputMint=${JUP}&amount=1000000000&taker=${a.address}${IRIS_ONLY}`,
      )
    ).body;
    const big = (
      await get(
        sim,
        `/ultra/v1/order?inputMint=${SOL}&outputMint=${JUP}&amount=20000000000000&taker=${whale.address}${IRIS_ONLY}`,
      )
    ).body;
    const bigDone = await post(sim, '/ultra/v1/execute', {
      signedTransaction: await signTx(big.transaction, whale),
      requestId: big.requestId,
    });
    assert.equal(bigDone.body.status, 'Success', JSON.stringify(bigDone.body));
    const solBefore = balance(sim, a.address, SOL);
    const r = await post(sim, '/ultra/v1/execute', {
      signedTransaction: await signTx(o.transaction, a),
      requestId: o.requestId,
    });
    assert.equal(r.body.status, 'Failed');
    assert.equal(r.body.code, 6001);
    assert.equal(balance(sim, a.address, SOL), solBefore);
  });
});

test('order errorCode 1 (insufficient funds), 2 (no SOL for gas), 3 (below the gasless minimum)', async () => {
  await withSim({}, async (sim) => {
    const poor = await wallet(sim, false);
    const one = (
      await get(sim, `/ultra/v1/order?inputMint=${USDC}&outputMint=${SOL}&amount=5000000&taker=${poor.address}`)
    ).body;
    assert.equal(one.errorCode, 1);
    assert.equal(one.transaction, '');
    assert.equal(one.errorMessage, 'Insufficient funds');

    const tight = await wallet(sim, false);
    sim.fund(tight.address, SOL, 1_000_000_000n);
    const two = (
      await get(sim, `/ultra/v1/order?inputMint=${SOL}&outputMint=${USDC}&amount=1000000000&taker=${tight.address}`)
    ).body;
    assert.equal(two.errorCode, 2);
    assert.equal(two.transaction, '');
    assert.match(two.errorMessage, /^Top up [\d.]+ SOL for gas$/);

    const noSol = await wallet(sim, false);
    sim.fund(noSol.address, USDC, 50_000_000n);
    const three = (
      await get(sim, `/ultra/v1/order?inputMint=${USDC}&outputMint=${SOL}&amount=2000000&taker=${noSol.address}`)
    ).body;
    assert.equal(three.errorCode, 3);
    assert.equal(three.transaction, '');
    assert.match(three.errorMessage, /^Minimum [\d.]+ USDC for gasless$/);

    const gasless = (
      await get(sim, `/ultra/v1/order?inputMint=${USDC}&outputMint=${SOL}&amount=20000000&taker=${noSol.address}`)
    ).body;
    assert.equal(gasless.gasless, true);
    assert.equal(gasless.errorCode, undefined);
    assert.notEqual(gasless.signatureFeePayer, noSol.address);
    const tx = decodeTx(gasless.transaction);
    assert.equal(Object.keys(tx.signatures)[0], gasless.signatureFeePayer, 'the relayer pays and has pre-signed');
    assert.ok(tx.signatures[gasless.signatureFeePayer]);
    const done = await post(sim, '/ultra/v1/execute', {
      signedTransaction: await signTx(gasless.transaction, noSol),
      requestId: gasless.requestId,
    });
    assert.equal(done.body.status, 'Success', JSON.stringify(done.body));
    assert.equal(balance(sim, noSol.address, USDC), 30_000_000n);
    assert.equal(balance(sim, noSol.address, SOL), BigInt(done.body.outputAmountResult));
  });
});

test('execute with a malformed body answers 400 in the {error, code} envelope', async () => {
  await withSim({}, async (sim) => {
    const r = await post(sim, '/ultra/v1/execute', { requestId: 'x' });
    assert.equal(r.status, 400);
    assert.match(r.body.error, /^signedTransaction/);
    assert.equal(typeof r.body.code, 'number');
    const raw = await fetch(sim.url + '/ultra/v1/execute', {
      method: 'POST',
      headers: { ...KEY, 'content-type': 'application/json' },
      body: '{nope',
    });
    assert.equal(raw.status, 400);
    assert.ok(((await raw.json()) as { error: string }).error);
  });
});
