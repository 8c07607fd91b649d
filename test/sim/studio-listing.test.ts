// A studio launch becomes a market token once its create transaction lands, and its image goes
// to the simulator's own upload route.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { USDC_MINT } from '../../src/chain/mints.js';
import type { SimHandle } from '../../src/sim/index.js';
import { MAX_UPLOAD_BYTES } from '../../src/sim/engine/uploads.js';
import { advance, balance, frozenSim, get, newWallet, post, rpc, sign } from '../support/simGroups.js';

let sim: SimHandle;
before(async () => {
  sim = await frozenSim(43);
});
after(() => sim.stop());

function poolBody(creator: string, symbol: string) {
  return {
    buildCurveByMarketCapParam: {
      quoteMint: USDC_MINT,
      initialMarketCap: 30_000,
      migrationMarketCap: 90_000,
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
    tokenName: `Listing ${symbol}`,
    tokenSymbol: symbol,
    tokenImageContentType: 'image/png',
    creator,
  };
}

async function launch(symbol: string) {
  const w = await newWallet(sim);
  const c = await post(sim, '/studio/v1/dbc-pool/create-tx', poolBody(w.address, symbol));
  assert.equal(c.status, 200, JSON.stringify(c.body));
  return { w, c: c.body as { transaction: string; pool: string; mint: string; imagePresignedUrl: string } };
}

test('a landed launch is listed: token lists, quotes and swaps on its curve, balances and portfolio', async () => {
  const { w, c } = await launch('LIST');
  assert.equal(sim.kernel.market.token(c.mint), undefined, 'not listed before the transaction lands');
  const sent = await rpc<string>(sim, 'sendTransaction', [await sign(c.transaction, w), { encoding: 'base64' }]);
  assert.equal(typeof sent.result, 'string', JSON.stringify(sent));
  assert.deepEqual(sim.kernel.market.token(c.mint), {
    mint: c.mint,
    symbol: 'LIST',
    name: 'Listing LIST',
    decimals: 6,
    tokenProgram: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
  });

  for (const interval of ['5m', '1h', '6h', '24h']) {
    const trending = await get(sim, `/tokens/v2/toptrending/${interval}`, { limit: 5 });
    assert.equal(trending.body[0].id, c.mint, `new launches lead toptrending/${interval}`);
  }
  const record = (await get(sim, '/tokens/v2/toptrending/1h', { limit: 1 })).body[0];
  assert.equal(record.symbol, 'LIST');
  assert.equal(record.launchpad, 'met-dbc');
  assert.equal(record.dev, w.address);
  assert.equal(record.firstPool.id, c.pool);
  assert.ok(Math.abs(record.usdPrice - 30_000 / 1e9) < 1e-9, `launch price ${record.usdPrice}`);
  assert.equal(record.icon, c.imagePresignedUrl.split('?')[0]);

  const q = await get(sim, '/swap/v1/quote', { inputMint: USDC_MINT, outputMint: c.mint, amount: 100_000_000 });
  assert.equal(q.status, 200, JSON.stringify(q.body));
  assert.deepEqual(
    q.body.routePlan.map((s: any) => [s.swapInfo.ammKey, s.swapInfo.label]),
    [[c.pool, 'Meteora DBC']],
  );

  const buyer = await newWallet(sim);
  const built = await post(sim, '/swap/v1/swap', { userPublicKey: buyer.address, quoteResponse: q.body });
  assert.equal(built.status, 200, JSON.stringify(built.body));
  const swapped = await rpc<string>(sim, 'sendTransaction', [
    await sign(built.body.swapTransaction, buyer),
    { encoding: 'base64' },
  ]);
  assert.equal(typeof swapped.result, 'string', JSON.stringify(swapped));
  const bought = balance(sim, buyer.address, c.mint);
  assert.ok(bought >= BigInt(q.body.otherAmountThreshold), `bought ${bought}`);
  const after = (await get(sim, '/tokens/v2/toptrending/1h', { limit: 1 })).body[0];
  assert.ok(after.usdPrice > record.usdPrice, 'buying on the curve raised the price');
  assert.equal(after.stats1h.numBuys, 1);

  const accounts = await rpc<any>(sim, 'getTokenAccountsByOwner', [
    buyer.address,
    { mint: c.mint },
    { encoding: 'jsonParsed' },
  ]);
  assert.equal(accounts.result.value[0].account.data.parsed.info.tokenAmount.amount, bought.toString());
  const portfolio = await get(sim, `/portfolio/v1/positions/${buyer.address}`, {}, {});
  const wallet = portfolio.body.elements.find((e: any) => e.type === 'multiple');
  assert.ok(wallet.data.assets.some((a: any) => a.data.address === c.mint && a.data.amount > 0));

  const sell = await get(sim, '/swap/v1/quote', {
    inputMint: c.mint,
    outputMint: USDC_MINT,
    amount: (bought / 2n).toString(),
  });
  assert.equal(sell.status, 200, 'it sells back into the quote mint');

  await advance(sim, 3700);
  const later = await get(sim, '/tokens/v2/toptrending/1h', { limit: 100 });
  assert.notEqual(later.body[0].id, c.mint, 'after an hour it ranks on its own merits');
});

test('the presigned image URL is a real upload route on the simulator', async () => {
  const { c } = await launch('IMG');
  const url = new URL(c.imagePresignedUrl);
  assert.equal(url.origin, sim.url);
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(2000, 7)]);
  const publicUrl = `${url.origin}${url.pathname}`;
  assert.equal((await fetch(publicUrl)).status, 404, 'nothing to serve before the upload');

  const wrongType = await fetch(c.imagePresignedUrl, {
    method: 'PUT',
    headers: { 'content-type': 'image/jpeg' },
    body: png,
  });
  assert.equal(wrongType.status, 400);
  const tooBig = await fetch(c.imagePresignedUrl, {
    method: 'PUT',
    headers: { 'content-type': 'image/png' },
    body: Buffer.alloc(MAX_UPLOAD_BYTES + 1),
  });
  assert.equal(tooBig.status, 413);
  const unsigned = await fetch(publicUrl, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: png });
  assert.equal(unsigned.status, 403);

  const put = await fetch(c.imagePresignedUrl, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: png });
  assert.equal(put.status, 200, await put.text());
  const served = await fetch(publicUrl);
  assert.equal(served.status, 200);
  assert.equal(served.headers.get('content-type'), 'image/png');
  assert.deepEqual(Buffer.from(await served.arrayBuffer()), png);
  assert.equal(
    (await fetch(c.imagePresignedUrl, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: png })).status,
    409,
  );

  const { c: late } = await launch('LATE');
  await advance(sim, 601);
  assert.equal(
    (await fetch(late.imagePresignedUrl, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: png }))
      .status,
    403,
    'expired',
  );
});
