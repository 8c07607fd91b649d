// The client against the simulator: invite history and pending invites, the portfolio (sent
// without the API key), and studio pool creation and fee claims landed over RPC.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { DbcPoolCreateRequest } from '../../src/api/index.js';
import { SOL, USDC, newWallet, onlyRequest, rig, signed, tokenBalance, type Rig } from '../support/clientSim.js';

let r: Rig;
before(async () => {
  r = await rig();
});
after(() => r.stop());

function poolRequest(creator: string): DbcPoolCreateRequest {
  return {
    buildCurveByMarketCapParam: {
      quoteMint: USDC,
      initialMarketCap: 20_000,
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
    tokenName: 'Client Deck',
    tokenSymbol: 'CDECK',
    tokenImageContentType: 'image/png',
    creator,
  };
}

test('invite history and pending invites: pages of invite records for the address', async () => {
  const w = await newWallet(r.sim);
  const m = r.mark();
  const history = await r.api.send.inviteHistory({ address: w.address });
  const got = onlyRequest(r, m, 'GET', '/send/v1/invite-history');
  assert.deepEqual(got.query, { address: w.address });
  assert.equal(got.apiKeyPresent, true);
  assert.ok(history.invites.length > 0, 'a funded wallet has a seeded invite history');
  assert.ok(history.invites.every((i) => i.sender === w.address || i.receiver === w.address));

  const m2 = r.mark();
  const pending = await r.api.send.pendingInvites({ address: w.address, page: 1 });
  assert.deepEqual(onlyRequest(r, m2, 'GET', '/send/v1/pending-invites').query, { address: w.address, page: '1' });
  assert.ok(pending.invites.every((i) => i.sender === w.address && i.action === 'created'));
  // every page up to the last holds invites not seen on an earlier one
  const seen = new Set(history.invites.map((i) => i.invite_pda));
  for (let page = 2, more = history.hasMoreData; more; page++) {
    assert.ok(page < 100, 'pages end');
    const next = await r.api.send.inviteHistory({ address: w.address, page });
    for (const i of next.invites) {
      assert.ok(!seen.has(i.invite_pda), `page ${page} repeats ${i.invite_pda}`);
      seen.add(i.invite_pda);
    }
    more = next.hasMoreData;
  }
});

test('portfolio: positions of the wallet, requested with the API key like every group', async () => {
  const w = await newWallet(r.sim);
  const m = r.mark();
  const p = await r.api.portfolio.positions({ address: w.address });
  const got = onlyRequest(r, m, 'GET', `/portfolio/v1/positions/${w.address}`);
  assert.equal(
    got.apiKeyPresent,
    true,
    'the contract lists no key requirement, but the real service reads one; the client sends it',
  );
  assert.deepEqual(got.query, {});
  assert.equal(p.owner, w.address);
  const wallet = p.elements.find((e) => e.type === 'multiple');
  assert.ok(wallet, 'the wallet element');
  const sol = (wallet!.data as { assets: Array<{ data: { address: string; amount: number } }> }).assets.find(
    (a) => a.data.address === SOL,
  );
  assert.equal(sol?.data.amount, 100, 'the funded 100 SOL');

  const m2 = r.mark();
  const only = await r.api.portfolio.positions({ address: w.address, platforms: ['wallet'] });
  assert.deepEqual(onlyRequest(r, m2, 'GET', `/portfolio/v1/positions/${w.address}`).query, { platforms: 'wallet' });
  assert.ok(only.elements.length > 0 && only.elements.every((e) => e.platformId === 'wallet'));
});

test('studio: create-tx and claim-fee transactions, landed through the RPC client', async () => {
  const w = await newWallet(r.sim);
  const m = r.mark();
  const created = await r.api.studio.createPoolTx(poolRequest(w.address));
  const got = onlyRequest(r, m, 'POST', '/studio/v1/dbc-pool/create-tx');
  assert.deepEqual(got.body, JSON.parse(JSON.stringify(poolRequest(w.address))));
  assert.equal(got.apiKeyPresent, true);
  assert.equal(typeof created.pool, 'string');
  assert.equal(typeof created.mint, 'string');
  const sig = await r.rpc.sendTransaction(await signed(created.transaction, w));
  const [status] = await r.rpc.getSignatureStatuses([sig]);
  assert.equal(status?.err, null);

  r.sim.advance(600);
  const usdcBefore = await tokenBalance(r.rpc, w.address, USDC);
  const m2 = r.mark();
  const claim = await r.api.studio.claimFeeTx({
    ownerWallet: w.address,
    poolAddress: created.pool!,
    maxQuoteAmount: 1_000_000_000,
  });
  assert.deepEqual(onlyRequest(r, m2, 'POST', '/studio/v1/dbc/fee/create-tx').body, {
    ownerWallet: w.address,
    poolAddress: created.pool,
    maxQuoteAmount: 1_000_000_000,
  });
  await r.rpc.sendTransaction(await signed(claim.transaction, w));
  assert.ok((await tokenBalance(r.rpc, w.address, USDC)) > usdcBefore, 'ten minutes of curve trading paid the creator');
});
