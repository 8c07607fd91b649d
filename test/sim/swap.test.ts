// Swap group over real HTTP: quotes, filters, transactions and their effect through RPC.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { generateKeyPairSigner } from '@solana/kit';
import { balance, decodeTx, get, post, rpc, signTx, wallet, withSim, SOL, USDC, JUP } from '../support/simHttp.js';

const q = (params: string) => `/swap/v1/quote?${params}`;

test('ExactIn quote: amounts, threshold from slippage, route plan', async () => {
  await withSim({}, async (sim) => {
    const r = await get(sim, q(`inputMint=${SOL}&outputMint=${USDC}&amount=1000000000&slippageBps=100`));
    assert.equal(r.status, 200);
    const b = r.body;
    assert.equal(b.swapMode, 'ExactIn');
    assert.equal(b.inAmount, '1000000000');
    assert.equal(BigInt(b.otherAmountThreshold), (BigInt(b.outAmount) * 9900n) / 10000n);
    const sol = sim.kernel.market.priceUsd(SOL);
    assert.ok(Math.abs(Number(b.outAmount) / 1e6 / sol - 1) < 0.01, 'about one SOL worth of USDC');
    assert.ok(Number(b.priceImpactPct) >= 0);
    const last = b.routePlan[b.routePlan.length - 1].swapInfo;
    assert.equal(last.outputMint, USDC);
    assert.equal(b.platformFee, null);
  });
});

test('ExactOut quote: exact output, maximum input threshold', async () => {
  await withSim({}, async (sim) => {
    const b = (
      await get(sim, q(`inputMint=${USDC}&outputMint=${SOL}&amount=2000000000&swapMode=ExactOut&slippageBps=50`))
    ).body;
    assert.equal(b.swapMode, 'ExactOut');
    assert.equal(b.outAmount, '2000000000');
    assert.equal(BigInt(b.otherAmountThreshold), (BigInt(b.inAmount) * 10050n + 9999n) / 10000n);
    for (const s of b.routePlan)
      assert.ok(['Whirlpool', 'Raydium', 'Raydium CLMM', 'Orca V2'].includes(s.swapInfo.label));
  });
});

test('large trades split across pools and have more price impact', async () => {
  await withSim({}, async (sim) => {
    const small = (await get(sim, q(`inputMint=${SOL}&outputMint=${USDC}&amount=1000000000`))).body;
    const large = (await get(sim, q(`inputMint=${SOL}&outputMint=${USDC}&amount=50000000000000`))).body;
    assert.ok(large.routePlan.length >= 2);
    assert.equal(
      large.routePlan.filter((s: any) => s.swapInfo.inputMint === SOL).reduce((n: number, s: any) => n + s.percent, 0),
      100,
    );
    assert.ok(Number(large.priceImpactPct) > Number(small.priceImpactPct));
  });
});

test('dexes, excludeDexes, onlyDirectRoutes, maxAccounts and platformFeeBps are honoured', async () => {
  await withSim({}, async (sim) => {
    const only = (await get(sim, q(`inputMint=${SOL}&outputMint=${USDC}&amount=1000000000&dexes=Raydium+CLMM`))).body;
    assert.ok(only.routePlan.every((s: any) => s.swapInfo.label === 'Raydium CLMM'));
    const excl = (
      await get(sim, q(`inputMint=${SOL}&outputMint=${USDC}&amount=1000000000&excludeDexes=Phoenix,Whirlpool`))
    ).body;
    assert.ok(excl.routePlan.every((s: any) => !['Phoenix', 'Whirlpool'].includes(s.swapInfo.label)));
    const twoHop = (await get(sim, q(`inputMint=${JUP}&outputMint=${USDC}&amount=1000000&dexes=Raydium,Whirlpool`)))
      .body;
    assert.ok(
      twoHop.routePlan.some((s: any) => s.swapInfo.outputMint === SOL),
      'JUP->USDC over Raydium/Whirlpool goes through SOL',
    );
    const direct = await get(
      sim,
      q(`inputMint=${JUP}&outputMint=${USDC}&amount=1000000&dexes=Raydium,Whirlpool&onlyDirectRoutes=true`),
    );
    assert.equal(direct.status, 400);
    assert.equal(direct.body.errorCode, 'COULD_NOT_FIND_ANY_ROUTE');
    const tight = await get(
      sim,
      q(`inputMint=${JUP}&outputMint=${USDC}&amount=1000000&dexes=Raydium,Whirlpool&maxAccounts=20`),
    );
    assert.equal(tight.status, 400, 'a two-hop route needs more than 20 accounts');
    const fee = (await get(sim, q(`inputMint=${SOL}&outputMint=${USDC}&amount=1000000000&platformFeeBps=20`))).body;
    const noFee = (await get(sim, q(`inputMint=${SOL}&outputMint=${USDC}&amount=1000000000`))).body;
    assert.equal(fee.platformFee.feeBps, 20);
    assert.equal(BigInt(fee.outAmount) + BigInt(fee.platformFee.amount), BigInt(noFee.outAmount));
  });
});

test('every quote parameter is validated with 400 naming it', async () => {
  await withSim({}, async (sim) => {
    const base = `inputMint=${SOL}&outputMint=${USDC}&amount=1000`;
    for (const [params, field] of [
      [`outputMint=${USDC}&amount=1`, 'inputMint'],
      [`inputMint=${SOL}&outputMint=${SOL}&amount=1`, 'outputMint'],
      [`inputMint=${SOL}&outputMint=${USDC}&amount=1.5`, 'amount'],
      [`${base}&slippageBps=-1`, 'slippageBps'],
      [`${base}&swapMode=Both`, 'swapMode'],
      [`${base}&dexes=Nope`, 'dexes'],
      [`${base}&onlyDirectRoutes=yes`, 'onlyDirectRoutes'],
      [`${base}&maxAccounts=0`, 'maxAccounts'],
      [`${base}&platformFeeBps=x`, 'platformFeeBps'],
      [`${base}&instructionVersion=V3`, 'instructionVersion'],
    ] as const) {
      const r = await get(sim, q(params));
      assert.equal(r.status, 400, params);
      assert.ok(r.body.error.startsWith(field), `${params}: ${r.body.error}`);
    }
  });
});

test('swap returns a real transaction with the right fee payer; sent through RPC it moves balances once', async () => {
  await withSim({}, async (sim) => {
    const user = await wallet(sim);
    const quote = (await get(sim, q(`inputMint=${SOL}&outputMint=${USDC}&amount=1000000000`))).body;
    const s = await post(sim, '/swap/v1/swap', {
      userPublicKey: user.address,
      quoteResponse: quote,
      blockhashSlotsToExpiry: 20,
    });
    assert.equal(s.status, 200);
    assert.equal(typeof s.body.prioritizationFeeLamports, 'number');
    const slot = (await rpc(sim, 'getSlot')).result as number;
    assert.equal(s.body.lastValidBlockHeight, slot + 20);
    assert.deepEqual(Object.keys(decodeTx(s.body.swapTransaction).signatures), [user.address]);
    const solBefore = balance(sim, user.address, SOL);
    const usdcBefore = balance(sim, user.address, USDC);
    const signed = await signTx(s.body.swapTransaction, user);
    const sent = await rpc(sim, 'sendTransaction', [signed, { encoding: 'base64' }]);
    assert.equal(typeof sent.result, 'string', JSON.stringify(sent));
    assert.ok(balance(sim, user.address, USDC) - usdcBefore >= BigInt(quote.otherAmountThreshold));
    assert.equal(
      balance(sim, user.address, SOL),
      solBefore - 1_000_000_000n - 5000n - BigInt(s.body.prioritizationFeeLamports),
    );
    const again = await rpc(sim, 'sendTransaction', [signed, { encoding: 'base64' }]);
    assert.equal(again.result, sent.result);
    assert.equal(
      balance(sim, user.address, SOL),
      solBefore - 1_000_000_000n - 5000n - BigInt(s.body.prioritizationFeeLamports),
    );
    const st = await rpc(sim, 'getSignatureStatuses', [[sent.result, 'unknownSig']]);
    assert.equal(st.result.value[0].err, null);
    assert.equal(st.result.value[0].confirmationStatus, 'confirmed');
    assert.equal(st.result.value[1], null);
    const bal = await rpc(sim, 'getBalance', [user.address]);
    assert.equal(BigInt(bal.result.value), balance(sim, user.address, SOL));
    const accounts = await rpc(sim, 'getTokenAccountsByOwner', [
      user.address,
      { mint: USDC },
      { encoding: 'jsonParsed' },
    ]);
    assert.equal(
      accounts.result.value[0].account.data.parsed.info.tokenAmount.amount,
      balance(sim, user.address, USDC).toString(),
    );
  });
});

test('a separate payer pays the fees and must sign too; feeAccount and destination rules hold', async () => {
  await withSim({}, async (sim) => {
    const user = await wallet(sim);
    const payer = await wallet(sim);
    const quote = (await get(sim, q(`inputMint=${USDC}&outputMint=${JUP}&amount=100000000&platformFeeBps=30`))).body;
    const noFeeAccount = await post(sim, '/swap/v1/swap', { userPublicKey: user.address, quoteResponse: quote });
    assert.equal(noFeeAccount.status, 400);
    assert.ok(noFeeAccount.body.error.startsWith('feeAccount'));
    const feeAccount = (await generateKeyPairSigner()).address;
    const both = await post(sim, '/swap/v1/swap', {
      userPublicKey: user.address,
      quoteResponse: quote,
      feeAccount,
      destinationTokenAccount: feeAccount,
      nativeDestinationAccount: feeAccount,
    });
    assert.equal(both.status, 400);
    assert.ok(both.body.error.startsWith('nativeDestinationAccount'));
    const s = await post(sim, '/swap/v1/swap', {
      userPublicKey: user.address,
      payer: payer.address,
      quoteResponse: quote,
      feeAccount,
    });
    assert.equal(s.status, 200, JSON.stringify(s.body));
    const tx = decodeTx(s.body.swapTransaction);
    assert.equal(Object.keys(tx.signatures)[0], payer.address);
    assert.ok(user.address in tx.signatures);
    const onlyUser = await rpc(sim, 'sendTransaction', [
      await signTx(s.body.swapTransaction, user),
      { encoding: 'base64' },
    ]);
    // the payer's signature missing: the node's signature verification failure
    assert.equal(onlyUser.error?.code, -32003);
    const userSol = balance(sim, user.address, SOL);
    const payerSol = balance(sim, payer.address, SOL);
    const ok = await rpc(sim, 'sendTransaction', [
      await signTx(s.body.swapTransaction, user, payer),
      { encoding: 'base64' },
    ]);
    assert.equal(typeof ok.result, 'string', JSON.stringify(ok));
    assert.equal(balance(sim, user.address, SOL), userSol);
    assert.ok(balance(sim, payer.address, SOL) < payerSol);
    assert.ok(balance(sim, feeAccount, JUP) > 0n, 'the platform fee reached the fee account');
  });
});

test('swap-instructions returns the same route as separate base-64 instructions', async () => {
  await withSim({}, async (sim) => {
    const user = await wallet(sim);
    const quote = (await get(sim, q(`inputMint=${SOL}&outputMint=${JUP}&amount=1000000000`))).body;
    const r = await post(sim, '/swap/v1/swap-instructions', { userPublicKey: user.address, quoteResponse: quote });
    assert.equal(r.status, 200);
    const b = r.body;
    assert.equal(b.computeBudgetInstructions.length, 2);
    assert.ok(b.setupInstructions.length >= 1);
    assert.equal(b.swapInstruction.programId, 'SimRouter1111111111111111111111111111111111');
    for (const ix of [...b.computeBudgetInstructions, ...b.setupInstructions, b.swapInstruction]) {
      assert.equal(Buffer.from(ix.data, 'base64').toString('base64'), ix.data);
      for (const a of ix.accounts) assert.deepEqual(Object.keys(a).sort(), ['isSigner', 'isWritable', 'pubkey']);
    }
    const pools = quote.routePlan.map((s: any) => s.swapInfo.ammKey);
    for (const p of pools) assert.ok(b.swapInstruction.accounts.some((a: any) => a.pubkey === p));
    assert.ok(b.cleanupInstruction, 'native input is unwrapped afterwards');
    assert.ok(Array.isArray(b.addressLookupTableAddresses) && b.addressLookupTableAddresses.length > 0);
  });
});

test('a swap transaction that lands after the market moved fails with 6001 and moves nothing', async () => {
  await withSim({}, async (sim) => {
    const user = await wallet(sim);
    const whale = await wallet(sim);
    sim.fund(whale.address, SOL, 50_000_000_000_000n);
    const quote = (await get(sim, q(`inputMint=${SOL}&outputMint=${JUP}&amount=1000000000&slippageBps=30`))).body;
    const s = await post(sim, '/swap/v1/swap', { userPublicKey: user.address, quoteResponse: quote });
    const bigQuote = (await get(sim, q(`inputMint=${SOL}&outputMint=${JUP}&amount=20000000000000`))).body;
    const big = await post(sim, '/swap/v1/swap', {
      userPublicKey: whale.address,
      quoteResponse: { ...bigQuote, otherAmountThreshold: '0' },
    });
    assert.equal(
      typeof (
        await rpc(sim, 'sendTransaction', [await signTx(big.body.swapTransaction, whale), { encoding: 'base64' }])
      ).result,
      'string',
    );
    const before = balance(sim, user.address, SOL);
    const r = await rpc(sim, 'sendTransaction', [await signTx(s.body.swapTransaction, user), { encoding: 'base64' }]);
    // the node's preflight caught it: -32002, the program's error 6001 (0x1771) in its data
    assert.equal(r.error?.code, -32002);
    assert.match(r.error?.message ?? '', /custom program error: 0x1771$/);
    assert.deepEqual(r.error?.data.err, { InstructionError: [2, { Custom: 6001 }] });
    assert.equal(balance(sim, user.address, SOL), before);
  });
});
