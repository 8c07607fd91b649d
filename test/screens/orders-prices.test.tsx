// Limit prices and amounts as a trader types them, in the whole app at 80x24 against the
// simulator: `:limit 100 USDC @9 QUDUC` buys QUDUC at 9 USDC each (stated both ways, USD on both
// sides) and, far from the market, takes a typed yes; a decimal comma, a pair with no quote asset
// and cancel-all with nothing open are answered in one line with nothing sent; the rows and the
// detail say "in 7d", "due", the service's default slippage and "no limit".
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { typeKeys, waitFor, waitForFrame } from '../support/ink.js';
import { startDashboard, type Dashboard } from '../support/dashboard.js';
import { dcaRow, limitRow } from '../../screens/Orders/rows.js';
import { orderSections } from '../../screens/Orders/detail.js';
import type { RecurringOrder, TriggerOrder } from '../../src/api/types.js';
import { recurringOrder, triggerOrder } from '../support/apiFixtures.js';
import { nth } from '../support/narrow.js';
import { NATIVE_MINT, USDC_MINT } from '../../src/chain/mints.js';

const posts = (d: Dashboard, path: string) => d.sim.requests().filter((r) => r.path === path);

function assertFits(frame: string) {
  const lines = frame.split('\n');
  assert.ok(lines.length <= 24, `frame has ${lines.length} lines`);
  for (const l of lines) assert.ok([...l].length <= 80, `line wider than 80: "${l}"`);
}

async function open(t: { after(fn: () => Promise<void>): void }): Promise<Dashboard> {
  const d = await startDashboard({ columns: 80, rows: 24, screen: 'orders' });
  t.after(() => d.close());
  await waitForFrame(d.app, (f) => f.includes('[Limit] DCA') && f.includes('No active limit orders'), 8000);
  return d;
}

test(':limit 100 USDC @9 QUDUC buys QUDUC at 9 USDC each, says it both ways with USD on both sides, and takes a typed yes, not y', async (t) => {
  const d = await open(t);
  await typeKeys(d.app, ':', 'limit 100 USDC @9 QUDUC', 'enter');
  const dialog = await waitForFrame(
    d.app,
    (f) => f.includes('type yes + Enter confirm') && f.includes('Limit price'),
    8000,
  );
  assertFits(dialog);
  assert.match(dialog, /Limit order: buy 11\.111111111 QUDUC for 100 USDC/);
  assert.match(dialog, /You pay\s+100 USDC ≈ \$(99\.9\d|100\.0\d)/);
  assert.match(dialog, /You receive\s+11\.111111111 QUDUC ≈ \$\d/);
  assert.match(dialog, /Limit price\s+1 QUDUC = 9\.00 USDC · 1 USDC = 0\.1111 QUDUC/);
  assert.match(dialog, /From market\s+\+\d[\d,]*\.\d\d% \(above market\): fills at once/);
  const quduc = Object.values(d.services.catalog.getState().latest).find((x) => x.symbol === 'QUDUC')!;
  const create = posts(d, '/trigger/v1/createOrder').at(-1)!.body as {
    inputMint: string;
    outputMint: string;
    params: { makingAmount: string; takingAmount: string };
  };
  assert.deepEqual(
    [create.inputMint, create.outputMint, create.params.makingAmount, create.params.takingAmount],
    [USDC_MINT, quduc.id, '100000000', ((100n * 10n ** BigInt(quduc.decimals)) / 9n).toString()],
  );
  // y alone is a letter of the word, and Enter with it is not a confirmation
  await typeKeys(d.app, 'y', 'enter');
  await waitForFrame(d.app, (f) => f.includes('Type "yes" exactly, then Enter, to confirm.'), 3000);
  assert.equal(posts(d, '/trigger/v1/execute').length, 0);
  await typeKeys(d.app, 'e', 's', 'pagedown', 'pagedown', 'pagedown', 'enter');
  await waitForFrame(d.app, (f) => f.includes('Limit order: done'), 8000);
  assert.equal(posts(d, '/trigger/v1/execute').length, 1);
});

test('a decimal comma, a pair with no quote asset and cancel-all with nothing open: one line each, nothing sent', async (t) => {
  const d = await open(t);
  await typeKeys(d.app, ':', 'limit 1,5 SOL 300 USDC', 'enter');
  let f = await waitForFrame(d.app, (fr) => fr.includes('a comma only groups thousands'), 8000);
  assert.match(
    f.replace(/\s+/g, ' '),
    /amount "1,5": a comma only groups thousands \(1,500\); for a decimal write 1\.5/,
  );
  await typeKeys(d.app, ':', 'limit 100 QUDUC @0.45 WIF', 'enter');
  f = await waitForFrame(d.app, (fr) => fr.replace(/\s+/g, ' ').includes('reads either way'), 8000);
  assertFits(f);
  assert.match(
    f.replace(/\s+/g, ' '),
    /Not sent: price: neither QUDUC nor WIF is USDC, USDT or SOL, so "@0\.45" reads either way; give the total instead, or the unit: @0\.45 QUDUC\/WIF \(1 QUDUC costs 0\.45 WIF\) or WIF\/QUDUC/,
  );
  // the usage under it is whole, wrapped at 80 columns, not cut
  assert.ok(
    f
      .replace(/\s+/g, ' ')
      .includes(
        'usage: :limit <amount> <sell> <total|@price> [<base/quote>] <buy> [expiry 7d] [slippage 1%] [cu auto|N] [fee-account <addr>] [wrap on|off]',
      ),
    f,
  );
  assert.equal(posts(d, '/trigger/v1/createOrder').length, 0);
  await typeKeys(d.app, ':', 'cancel-all', 'enter');
  f = await waitForFrame(d.app, (fr) => fr.includes('Cancel all: nothing to cancel (no open limit orders)'), 8000);
  assertFits(f);
  assert.doesNotMatch(f, /HTTP 400|retries/);
  assert.equal(posts(d, '/trigger/v1/cancelOrders').length, 0);
  // X from the list: the same answer
  await typeKeys(d.app, 'X');
  await waitForFrame(d.app, (fr) => fr.includes('Cancel all: nothing to cancel') && !fr.includes('Looking for'), 8000);
  assert.equal(posts(d, '/trigger/v1/cancelOrders').length, 0);
});

test('the form reads @price in the quote asset and states it both ways beside the field', async (t) => {
  const d = await open(t);
  // the Tokens screen loads the token list (USD prices for the market comparison)
  await typeKeys(d.app, '1');
  await waitFor(
    () =>
      Object.values(d.services.catalog.getState().latest).some(
        (x) => x.symbol === 'SOL' && typeof x.usdPrice === 'number',
      ),
    'the token list',
    8000,
  );
  await typeKeys(d.app, '3', 'n');
  await waitForFrame(d.app, (f) => f.includes('New limit order') && f.includes('› Amount'), 3000);
  await typeKeys(d.app, 'enter', '100', 'tab', 'USDC', 'tab', 'SOL', 'tab', '@150', 'enter');
  // both ways do not fit beside the field at 80 columns with the market: the price and the market stay
  const frame = await waitForFrame(
    d.app,
    (f) => /For +@150 +1 SOL = 150\.00 USDC · [+-](<0\.01|\d+\.\d\d)%(, fills now| vs market)/.test(f),
    5000,
  );
  assertFits(frame);
  await typeKeys(d.app, 's');
  const dialog = await waitForFrame(d.app, (f) => f.includes('Limit price') && /confirm/.test(f), 8000);
  assert.match(dialog, /Limit order: buy 0\.666666666 SOL for 100 USDC/);
  await typeKeys(d.app, 'escape');
  await waitForFrame(d.app, (f) => f.includes('cancelled, nothing was signed'), 5000);
  assert.equal(posts(d, '/trigger/v1/execute').length, 0);
});

test(':limit 1 SOL @160 SOL/USDC USDC sells 1 SOL for 160 USDC; a unit naming another token, or the wrong way round, is refused in one line', async (t) => {
  const d = await open(t);
  await typeKeys(d.app, ':', 'limit 1 SOL @160 SOL/USDC USDC', 'enter');
  const dialog = await waitForFrame(d.app, (f) => f.includes('Limit price') && /confirm/.test(f), 8000);
  assertFits(dialog);
  assert.match(dialog, /Limit order: sell 1 SOL for 160 USDC/);
  assert.match(dialog, /Limit price\s+1 SOL = 160\.00 USDC · 1 USDC = 0\.006250 SOL/);
  await typeKeys(d.app, 'escape');
  await waitForFrame(d.app, (f) => f.includes('cancelled, nothing was signed'), 5000);
  const refused: Array<[string, RegExp]> = [
    [
      'limit 1 SOL @160 SOL/QUDUC USDC',
      /price unit: "SOL\/QUDUC" does not name this order's two tokens; write SOL\/USDC \(1 SOL costs 160 USDC\) or USDC\/SOL/,
    ],
    [
      'limit 1 SOL @160 USDC/SOL USDC',
      /price unit: @160 USDC\/SOL says 1 USDC costs 160 SOL, but the market is 1 USDC = 0\.\d+ SOL; for 1 SOL at 160 USDC write @160 SOL\/USDC/,
    ],
    ['limit 1 SOL @160 SOL/ USDC', /price unit: "SOL\/" is not BASE\/QUOTE/],
    ['limit 1 SOL @1,60 SOL/USDC USDC', /price "1,60": a comma only groups thousands/],
  ];
  for (const [line, re] of refused) {
    await typeKeys(d.app, ':', line, 'enter');
    const f = await waitForFrame(d.app, (fr) => re.test(fr.replace(/\s+/g, ' ')), 8000);
    assertFits(f);
  }
  assert.equal(posts(d, '/trigger/v1/createOrder').length, 1, 'only the first asked the service');
});

test('the form reads @160 SOL/USDC in exchange notation, as :limit does', async (t) => {
  const d = await open(t);
  await typeKeys(d.app, '1');
  await waitFor(
    () =>
      Object.values(d.services.catalog.getState().latest).some(
        (x) => x.symbol === 'SOL' && typeof x.usdPrice === 'number',
      ),
    'the token list',
    8000,
  );
  await typeKeys(d.app, '3', 'n');
  await waitForFrame(d.app, (f) => f.includes('New limit order') && f.includes('› Amount'), 3000);
  await typeKeys(d.app, 'enter', '1', 'tab', 'SOL', 'tab', 'USDC', 'tab', '@160 SOL/USDC', 'enter');
  const frame = await waitForFrame(d.app, (f) => /For +@160 SOL\/USDC +1 SOL = 160\.00 USDC/.test(f), 5000);
  assertFits(frame);
  await typeKeys(d.app, 's');
  const dialog = await waitForFrame(d.app, (f) => f.includes('Limit price') && /confirm/.test(f), 8000);
  assert.match(dialog, /Limit order: sell 1 SOL for 160 USDC/);
  await typeKeys(d.app, 'escape');
  await waitForFrame(d.app, (f) => f.includes('cancelled, nothing was signed'), 5000);
});

test('rows and detail: a new 7-day expiry is "in 7d", a new DCA is "due", no slippage set is the service\'s default, no bound is "no limit"', () => {
  const now = Date.UTC(2030, 0, 1);
  const s = { catalog: { getState: () => ({ latest: {} }) }, explorer: (sig: string) => `https://x/${sig}` } as never;
  const sol = NATIVE_MINT;
  const usdc = USDC_MINT;
  const iso = (ms: number) => new Date(ms).toISOString();
  const trigger = triggerOrder({
    orderKey: 'K1',
    inputMint: sol,
    outputMint: usdc,
    makingAmount: '1',
    rawMakingAmount: '1000000000',
    remainingMakingAmount: '1',
    rawRemainingMakingAmount: '1000000000',
    takingAmount: '160',
    rawTakingAmount: '160000000',
    remainingTakingAmount: '160',
    rawRemainingTakingAmount: '160000000',
    expiredAt: iso(now + 7 * 86_400_000 - 2_000),
    createdAt: iso(now - 2_000),
    updatedAt: iso(now - 2_000),
  }) as unknown as TriggerOrder;
  const row = limitRow(s, trigger, now, false);
  assert.equal(row.expiry, 'in 7d');
  assert.equal(row.price, 'SOL/USDC 160.00');
  const entries = nth(orderSections(s, row, now), 0).entries;
  assert.equal(entries.find((e) => e.key === 'slippage')?.value, "the service's default");
  assert.equal(
    nth(
      orderSections(s, limitRow(s, { ...trigger, slippageBps: '100' } as TriggerOrder, now, false), now),
      0,
    ).entries.find((e) => e.key === 'slippage')?.value,
    '1.00% when it fills (100 bps)',
  );
  // no minimum or maximum out (the fixture's zeros), nothing used yet, no cycle run
  const dca = recurringOrder({
    orderKey: 'K2',
    inputMint: usdc,
    outputMint: sol,
    inDeposited: '200',
    rawInDeposited: '200000000',
    inUsed: '0',
    rawInUsed: '0',
    outReceived: '0',
    rawOutReceived: '0',
    cycleFrequency: '3600',
    createdAt: iso(now - 2_000),
    updatedAt: iso(now - 2_000),
    trades: [],
  }) as unknown as RecurringOrder;
  const d = dcaRow(s, dca, now, 'active');
  assert.equal(d.next, 'due');
  const dEntries = nth(orderSections(s, d, now), 0).entries;
  assert.equal(dEntries.find((e) => e.key === 'max out / cycle')?.value, 'no limit');
  assert.equal(dEntries.find((e) => e.key === 'min out / cycle')?.value, 'none');
  assert.equal(dEntries.find((e) => e.key === 'next cycle')?.value, 'due');
  assert.equal(
    dcaRow(s, { ...dca, trades: [{ confirmedAt: iso(now - 60_000) }] } as unknown as RecurringOrder, now, 'active')
      .next,
    'in 59m',
  );
});

test(':swap 1,5 SOL USDC opens no dialog; the Swap form names a decimal comma typed into Amount', async (t) => {
  const d = await startDashboard({ columns: 80, rows: 24, screen: 'swap' });
  t.after(() => d.close());
  await typeKeys(d.app, ':', 'swap 1,5 SOL USDC', 'enter');
  let f = await waitForFrame(
    d.app,
    (fr) => /Amount +1,5 +✗ amount "1,5": a comma only groups/.test(fr) && fr.includes('✗ :swap: amount "1,5"'),
    8000,
  );
  assertFits(f);
  // (the plain theme marks a wrapped warning's lines with "!")
  const flat = (fr: string) => fr.replace(/\n! /g, '\n').replace(/\s+/g, ' ');
  assert.match(
    flat(f),
    /Cannot quote: amount "1,5": a comma only groups thousands \(1,500\); for a decimal write 1\.5/,
  );
  assert.doesNotMatch(f, /confirm/);
  assert.equal(d.services.confirm.getState().queue.length, 0);
  assert.equal(
    d.sim.requests().filter((r) => r.path.startsWith('/ultra/') || r.path.startsWith('/swap/')).length,
    0,
    'nothing quoted or built',
  );
  // typed into the field as a person would: j j from From to Amount, Enter, replace, Enter
  await typeKeys(d.app, 'j', 'j', 'enter', 'backspace', 'backspace', 'backspace', '1.000,5', 'enter');
  f = await waitForFrame(
    d.app,
    (fr) =>
      flat(fr).includes(
        'Cannot quote: amount "1.000,5": "." is the decimal point and "," only groups thousands (1,500.25); write 1000.5',
      ),
    5000,
  );
  assertFits(f);
  await typeKeys(
    d.app,
    'enter',
    'backspace',
    'backspace',
    'backspace',
    'backspace',
    'backspace',
    'backspace',
    'backspace',
    '1,500',
    'enter',
  );
  await waitForFrame(d.app, (fr) => /Amount +1,500 /.test(fr) && !fr.includes('Cannot quote'), 5000);
});
