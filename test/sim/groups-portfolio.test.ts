import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { fromBaseUnits } from '../../src/text/amount.js';
import { NATIVE_MINT, USDC_MINT } from '../../src/chain/mints.js';
import type { SimHandle } from '../../src/sim/index.js';
import { frozenSim, get, newWallet, oneOf, post, shape, sign } from '../support/simGroups.js';

const JUP = 'JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN';
let sim: SimHandle;

before(async () => {
  sim = await frozenSim(31);
});
after(() => sim.stop());

async function positions(address: string, query: Record<string, string> = {}) {
  // no api key: the portfolio group needs none
  const r = await get(sim, `/portfolio/v1/positions/${address}`, query, {});
  assert.equal(r.status, 200, JSON.stringify(r.body));
  shape(
    r.body,
    { date: 'number', owner: 'string', fetcherReports: 'array', elements: 'array', duration: 'number' },
    'portfolio',
  );
  // tokenInfo is left out when no element is shown
  if (r.body.elements.length > 0) shape(r.body, { tokenInfo: 'object' }, 'portfolio');
  else assert.equal(r.body.tokenInfo, undefined);
  for (const f of r.body.fetcherReports) {
    shape(f, { id: 'string', status: 'string', duration: 'number' }, 'fetcherReport');
    oneOf(f.status, ['succeeded', 'ok', 'failed'], 'fetcherReport.status');
  }
  for (const e of r.body.elements) {
    shape(e, { type: 'string', platformId: 'string', value: 'number', data: 'object' }, 'element');
    if (e.type === 'multiple') shape(e, { label: 'string', name: 'string' }, 'element');
    oneOf(
      e.type,
      ['multiple', 'liquidity', 'leverage', 'borrowlend', 'borrow-lend', 'trade', 'staking-v2'],
      'element.type',
    );
  }
  return r.body;
}

function walletAmounts(body: any): Map<string, number> {
  const wallet = body.elements.find((e: any) => e.type === 'multiple');
  assert.ok(wallet, 'a multiple element');
  const out = new Map<string, number>();
  for (const a of wallet.data.assets) {
    shape(a, { type: 'string', networkId: 'string', value: 'number', data: 'object' }, 'asset');
    shape(a.data, { address: 'address', amount: 'number', price: 'number' }, 'asset.data');
    assert.ok(Math.abs(a.value - a.data.amount * a.data.price) <= 1e-6 * Math.max(1, a.value));
    out.set(a.data.address, a.data.amount);
  }
  return out;
}

test('a funded wallet shows all five element kinds and one unknown kind; the wallet element is its real balances', async () => {
  const w = await newWallet(sim);
  const body = await positions(w.address);
  assert.equal(body.owner, w.address);
  assert.deepEqual(
    new Set(body.elements.map((e: any) => e.type)),
    new Set(['multiple', 'liquidity', 'leverage', 'borrowlend', 'borrow-lend', 'trade', 'staking-v2']),
  );
  const amounts = walletAmounts(body);
  for (const h of sim.kernel.ledger.holdings(w.address)) {
    const decimals = sim.kernel.market.token(h.mint)!.decimals;
    assert.equal(amounts.get(h.mint), Number(fromBaseUnits(h.amount, decimals, { group: false })), h.mint);
  }
  for (const mint of amounts.keys()) {
    shape(
      body.tokenInfo[mint],
      { symbol: 'string', name: 'string', decimals: 'number', price: 'number' },
      `tokenInfo.${mint}`,
    );
  }
});

test('the wallet element follows funding and escrow, and limit orders show as trade elements', async () => {
  const w = await newWallet(sim, false);
  const none = await positions(w.address);
  assert.deepEqual(none.elements, []);
  const fund = await fetch(`${sim.url}/__sim/fund`, {
    method: 'POST',
    body: JSON.stringify({ address: w.address, mint: NATIVE_MINT, amount: '2500000000' }),
  });
  assert.equal(fund.status, 200);
  await fetch(`${sim.url}/__sim/fund`, {
    method: 'POST',
    body: JSON.stringify({ address: w.address, mint: JUP, amount: '7000000' }),
  });
  let amounts = walletAmounts(await positions(w.address));
  assert.equal(amounts.get(NATIVE_MINT), 2.5);
  assert.equal(amounts.get(JUP), 7);
  const c = await post(sim, '/trigger/v1/createOrder', {
    inputMint: NATIVE_MINT,
    outputMint: USDC_MINT,
    maker: w.address,
    payer: w.address,
    params: { makingAmount: '1000000000', takingAmount: '5000000000' },
  });
  const e = await post(sim, '/trigger/v1/execute', {
    requestId: c.body.requestId,
    signedTransaction: await sign(c.body.transaction, w),
  });
  assert.equal(e.body.status, 'Success');
  const body = await positions(w.address);
  amounts = walletAmounts(body);
  assert.equal(amounts.get(NATIVE_MINT), 1.5);
  const limit = body.elements.find((el: any) => el.type === 'trade' && el.data.ref === c.body.order);
  assert.ok(limit, 'the open limit order is a trade element');
  assert.equal(limit.data.assets[0].data.amount, 1);
});

test('the platforms filter keeps only those platforms; a bad address or filter is refused', async () => {
  const w = await newWallet(sim);
  const only = await positions(w.address, { platforms: 'wallet,kamino' });
  assert.deepEqual(new Set(only.elements.map((e: any) => e.platformId)), new Set(['wallet', 'kamino']));
  assert.ok(only.fetcherReports.length >= 2);
  const bad = await get(sim, '/portfolio/v1/positions/not-a-wallet', {}, {});
  assert.equal(bad.status, 400);
  assert.match(JSON.stringify(bad.body), /address/);
  const badFilter = await get(sim, `/portfolio/v1/positions/${w.address}`, { platforms: 'wallet,BAD ID' }, {});
  assert.equal(badFilter.status, 400);
  assert.match(JSON.stringify(badFilter.body), /platforms/);
});

test('a simulated perpetual is never past its liquidation: a long liquidates below its mark, a short above', async () => {
  const sides = new Set<string>();
  for (let i = 0; i < 16; i++) {
    const w = await newWallet(sim);
    const body = await positions(w.address);
    const lev = body.elements.find((e: any) => e.type === 'leverage');
    for (const p of lev?.data?.isolated?.positions ?? []) {
      sides.add(p.side);
      if (p.side === 'long')
        assert.ok(
          p.liquidationPrice < p.markPrice,
          `long: liquidation ${p.liquidationPrice} below mark ${p.markPrice}`,
        );
      else
        assert.ok(
          p.liquidationPrice > p.markPrice,
          `short: liquidation ${p.liquidationPrice} above mark ${p.markPrice}`,
        );
    }
  }
  assert.deepEqual([...sides].sort(), ['long', 'short'], 'both sides were seen');
});
