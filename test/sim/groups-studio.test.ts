import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { SIM_PROGRAMS } from '../../src/chain/programs.js';
import { USDC_MINT } from '../../src/chain/mints.js';
import type { SimHandle } from '../../src/sim/index.js';
import {
  advance,
  balance,
  frozenSim,
  newWallet,
  post,
  programsOf,
  rpc,
  shape,
  sign,
  signerAddresses,
} from '../support/simGroups.js';
import { nth } from '../support/narrow.js';

let sim: SimHandle;

before(async () => {
  sim = await frozenSim(41);
});
after(() => sim.stop());

function poolBody(creator: string) {
  return {
    buildCurveByMarketCapParam: {
      quoteMint: USDC_MINT,
      initialMarketCap: 16_000,
      migrationMarketCap: 69_000,
      tokenQuoteDecimal: 6,
      lockedVestingParam: {
        totalLockedVestingAmount: 0,
        cliffUnlockAmount: 0,
        numberOfVestingPeriod: 0,
        totalVestingDuration: 0,
        cliffDurationFromMigrationTime: 0,
      },
    },
    antiSniping: true,
    fee: { feeBps: 100 },
    isLpLocked: true,
    tokenName: 'Deck Token',
    tokenSymbol: 'DECK',
    tokenImageContentType: 'image/png',
    creator,
  };
}

async function balancesOf(address: string): Promise<Array<{ mint: string; amount: string }>> {
  const r = await fetch(`${sim.url}/__sim/balances?address=${address}`);
  return ((await r.json()) as { balances: Array<{ mint: string; amount: string }> }).balances;
}

test('create-tx refuses bad fields with per-field studio errors', async () => {
  const w = await newWallet(sim);
  const body = poolBody(w.address) as any;
  body.tokenImageContentType = 'text/plain';
  body.fee = { feeBps: -5 };
  body.buildCurveByMarketCapParam.migrationMarketCap = 1000;
  delete body.isLpLocked;
  body.creator = 'nobody';
  const r = await post(sim, '/studio/v1/dbc-pool/create-tx', body);
  assert.equal(r.status, 400);
  shape(r.body, { errors: 'object' }, 'studio error');
  for (const field of [
    'tokenImageContentType',
    'fee.feeBps',
    'buildCurveByMarketCapParam.migrationMarketCap',
    'isLpLocked',
    'creator',
  ]) {
    assert.ok(Array.isArray(r.body.errors[field]) && r.body.errors[field].length > 0, `errors.${field}`);
  }
});

test('a create-tx sent through RPC creates the pool and its token; the creator claims accrued fees', async () => {
  const w = await newWallet(sim);
  const c = await post(sim, '/studio/v1/dbc-pool/create-tx', poolBody(w.address));
  assert.equal(c.status, 200, JSON.stringify(c.body));
  shape(c.body, { transaction: 'string', pool: 'address', mint: 'address', imagePresignedUrl: 'string' }, 'create-tx');
  assert.deepEqual(signerAddresses(c.body.transaction), [w.address]);
  assert.ok(programsOf(c.body.transaction).includes(SIM_PROGRAMS.studio));

  const early = await post(sim, '/studio/v1/dbc/fee/create-tx', {
    ownerWallet: w.address,
    poolAddress: c.body.pool,
    maxQuoteAmount: 1,
  });
  assert.equal(early.status, 400, 'no pool before the create transaction lands');
  assert.ok(early.body.errors.poolAddress);
  assert.deepEqual(await balancesOf(c.body.pool), []);

  const sent = await rpc<string>(sim, 'sendTransaction', [await sign(c.body.transaction, w), { encoding: 'base64' }]);
  assert.equal(typeof sent.result, 'string', JSON.stringify(sent));
  const poolHoldings = await balancesOf(c.body.pool);
  assert.deepEqual(
    poolHoldings.map((b) => b.mint),
    [c.body.mint],
  );
  assert.equal(nth(poolHoldings, 0).amount, (1_000_000_000n * 1_000_000n).toString());

  const stranger = await newWallet(sim);
  const notOwner = await post(sim, '/studio/v1/dbc/fee/create-tx', {
    ownerWallet: stranger.address,
    poolAddress: c.body.pool,
    maxQuoteAmount: 10,
  });
  assert.equal(notOwner.status, 400);
  assert.match(notOwner.body.errors.poolAddress[0], /not owned/);
  const negative = await post(sim, '/studio/v1/dbc/fee/create-tx', {
    ownerWallet: w.address,
    poolAddress: c.body.pool,
    maxQuoteAmount: -1,
  });
  assert.ok(negative.body.errors.maxQuoteAmount);

  await advance(sim, 600);
  const usdc = balance(sim, w.address, USDC_MINT);
  const capped = await post(sim, '/studio/v1/dbc/fee/create-tx', {
    ownerWallet: w.address,
    poolAddress: c.body.pool,
    maxQuoteAmount: 1234,
  });
  assert.equal(capped.status, 200, JSON.stringify(capped.body));
  shape(capped.body, { transaction: 'string' }, 'fee create-tx');
  const r1 = await rpc(sim, 'sendTransaction', [await sign(capped.body.transaction, w), { encoding: 'base64' }]);
  assert.ok(r1.result, JSON.stringify(r1));
  assert.equal(balance(sim, w.address, USDC_MINT), usdc + 1234n, 'claim capped at maxQuoteAmount');

  const all = await post(sim, '/studio/v1/dbc/fee/create-tx', {
    ownerWallet: w.address,
    poolAddress: c.body.pool,
    maxQuoteAmount: 1e15,
  });
  const r2 = await rpc(sim, 'sendTransaction', [await sign(all.body.transaction, w), { encoding: 'base64' }]);
  assert.ok(r2.result, JSON.stringify(r2));
  const gained = balance(sim, w.address, USDC_MINT) - usdc - 1234n;
  assert.ok(gained > 0n, 'fees accrued over 10 minutes of simulated trading');

  const drained = await post(sim, '/studio/v1/dbc/fee/create-tx', {
    ownerWallet: w.address,
    poolAddress: c.body.pool,
    maxQuoteAmount: 1e15,
  });
  await rpc(sim, 'sendTransaction', [await sign(drained.body.transaction, w), { encoding: 'base64' }]);
  assert.equal(balance(sim, w.address, USDC_MINT), usdc + 1234n + gained, 'nothing left right after a full claim');
});
