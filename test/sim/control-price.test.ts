// POST /__sim/price and SimHandle.setPrice: a token's USD price set from then on, seen by what a
// client reads (the token lists, the quotes) and by the keepers (a limit order that the new price
// reaches fills by itself); the market walks on from there; bad bodies are named.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { KeyPairSigner } from '@solana/kit';
import { NATIVE_MINT, USDC_MINT } from '../../src/chain/mints.js';
import type { SimHandle } from '../../src/sim/index.js';
import { advance, frozenSim, get, newWallet, openOrder } from '../support/simGroups.js';

const SOL = 1_000_000_000n;
let sim: SimHandle;

before(async () => {
  sim = await frozenSim(23);
});
after(() => sim.stop());

async function control(body: unknown) {
  const res = await fetch(`${sim.url}/__sim/price`, { method: 'POST', body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as any };
}

const listedPrice = async (mint: string) => {
  const r = await get(sim, '/tokens/v2/toporganicscore/24h', { limit: '100' });
  return (r.body as Array<{ id: string; usdPrice: number }>).find((t) => t.id === mint)?.usdPrice;
};

/** What 1 SOL fetches in USDC now (the swap group's quote). */
async function quoteOneSol(): Promise<number> {
  const r = await get(sim, '/swap/v1/quote', {
    inputMint: NATIVE_MINT,
    outputMint: USDC_MINT,
    amount: SOL.toString(),
    slippageBps: '50',
  });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return Number(r.body.outAmount) / 1e6;
}

async function placeLimit(w: KeyPairSigner, usdcPerSol: bigint): Promise<string> {
  const body = {
    inputMint: NATIVE_MINT,
    outputMint: USDC_MINT,
    maker: w.address,
    payer: w.address,
    params: { makingAmount: SOL.toString(), takingAmount: (usdcPerSol * 1_000_000n).toString() },
  };
  return (await openOrder(sim, 'trigger', body, w)).order as string;
}

test('a price set for SOL is what the token list shows and what a quote pays, and the market walks on from it', async () => {
  const before = await quoteOneSol();
  const r = await control({ mint: NATIVE_MINT, usdPrice: 250 });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.equal(r.body.mint, NATIVE_MINT);
  assert.equal(r.body.usdPrice, 250);
  assert.ok(Math.abs(r.body.previous - before) / before < 0.05, 'the previous price is said');
  assert.ok(Math.abs((await listedPrice(NATIVE_MINT))! - 250) < 0.01);
  const after = await quoteOneSol();
  assert.ok(after > 240 && after < 250.01, `1 SOL quotes ${after} USDC`);
  // time moves it on from there, not back to where it was
  sim.setPrice(NATIVE_MINT, 250);
  await advance(sim, 600);
  const moved = (await listedPrice(NATIVE_MINT))!;
  assert.ok(moved > 200 && moved < 300, `${moved} after ten minutes`);
});

test('a limit order the new price reaches is filled by the keeper; one it does not reach stays open', async () => {
  sim.setPrice(NATIVE_MINT, 150);
  const w = await newWallet(sim);
  const reached = await placeLimit(w, 180n);
  const far = await placeLimit(w, 400n);
  await advance(sim, 5);
  const open = async () =>
    (
      (await get(sim, '/trigger/v1/getTriggerOrders', { user: w.address, orderStatus: 'active' })).body
        .orders as Array<{
        orderKey: string;
      }>
    ).map((o) => o.orderKey);
  assert.deepEqual((await open()).sort(), [reached, far].sort(), 'both open at 150');
  sim.setPrice(NATIVE_MINT, 200);
  await advance(sim, 30);
  assert.deepEqual(await open(), [far], 'the order at 180 filled at 200, the one at 400 did not');
});

test('an unknown mint, a price that is not a positive number and an unknown field are named (400)', async () => {
  for (const [body, re] of [
    [{ mint: 'So11111111111111111111111111111111111111113', usdPrice: 1 }, /^mint: unknown mint$/],
    [{ mint: NATIVE_MINT, usdPrice: 0 }, /^usdPrice: must be a positive number/],
    [{ mint: NATIVE_MINT, usdPrice: '250' }, /^usdPrice: must be a positive number/],
    [{ mint: NATIVE_MINT, usdPrice: 1e13 }, /^usdPrice: must be a positive number of USD up to/],
    [{ mint: NATIVE_MINT, usdPrice: 250, when: 'now' }, /^when: unknown field \(use mint, usdPrice\)$/],
  ] as const) {
    const r = await control(body);
    assert.equal(r.status, 400, JSON.stringify(body));
    assert.match(r.body.error, re);
  }
  assert.throws(() => sim.setPrice(NATIVE_MINT, -1), RangeError);
});
