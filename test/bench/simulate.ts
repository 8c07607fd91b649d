// What measuring a transaction's effect adds before the confirm dialog: the pipeline's simulate
// stage (the wallet's associated accounts derived, getMultipleAccounts and simulateTransaction in
// one batch request, the balance changes read and judged) on an order transaction of the
// simulator, over loopback, 200 times. Reports the time per measurement and the RPC requests each
// made (one round trip expected).
// Run: npx tsx test/bench/simulate.ts
import { generateKeyPairSigner } from '@solana/kit';
import { startSim } from '../../src/sim/index.js';
import { createRpcClient } from '../../src/rpc/client.js';
import { rpcDeps } from '../../src/pipeline/index.js';
import { judgeEffect, measureEffect } from '../../src/pipeline/effect.js';
import { inspectTransaction, type InspectionOk } from '../../src/wallet/inspect.js';
import type { Built } from '../../src/pipeline/types.js';
import { nth } from '../support/narrow.js';
import { NATIVE_MINT as SOL, USDC_MINT as USDC } from '../../src/chain/mints.js';

const RUNS = 200;
const TOKEN = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';

const sim = await startSim({ seed: 1, timeScale: 0 });
try {
  const wallet = (await generateKeyPairSigner()).address;
  sim.fund(wallet);
  const r = await fetch(
    `${sim.url}/ultra/v1/order?inputMint=${SOL}&outputMint=${USDC}&amount=100000000&taker=${wallet}`,
    { headers: { 'x-api-key': 'bench' } },
  );
  const order = (await r.json()) as { transaction: string; otherAmountThreshold: string };
  const inspection = (await inspectTransaction(order.transaction, { wallet, allowedSigners: [] })) as InspectionOk;
  const built: Built = {
    transactions: [order.transaction],
    allowedSigners: [],
    builtAt: Date.now(),
    submit: 'execute',
    summary: {},
    expect: {
      tokens: [
        { mint: SOL, symbol: 'SOL', decimals: 9, program: TOKEN },
        { mint: USDC, symbol: 'USDC', decimals: 6, program: TOKEN },
      ],
      pays: { [SOL]: 100_000_000n },
      receives: { [USDC]: BigInt(order.otherAmountThreshold) },
    },
  };
  const deps = rpcDeps(createRpcClient({ url: sim.rpcUrl }));
  const rpcRequests = () => sim.requests().filter((q) => q.path === '/rpc').length;
  const times: number[] = [];
  const before = rpcRequests();
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    const m = await measureEffect(built, [inspection], wallet, deps);
    if (!m.ok || judgeEffect(m.effect, built.expect, m.landings ?? [], wallet))
      throw new Error('the measurement refused an honest order');
    times.push(performance.now() - t0);
  }
  const perRun = (rpcRequests() - before) / RUNS;
  times.sort((a, b) => a - b);
  const at = (q: number) => nth(times, Math.min(times.length - 1, Math.floor(q * times.length))).toFixed(2);
  console.log(
    `effect before the dialog (simulate + balance changes), ${RUNS} runs: median ${at(0.5)} ms, p95 ${at(0.95)} ms; ${perRun} RPC request${perRun === 1 ? '' : 's'} each (one batch: getMultipleAccounts + simulateTransaction)`,
  );
} finally {
  await sim.stop();
}
