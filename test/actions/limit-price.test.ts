// `@PRICE` as a trader says it (the pair's quote asset per one of the other token, or `@P BASE/QUOTE`
// in exchange notation), the typed "yes"
// for a price far from the market, hostile and ambiguous price and amount words, the DCA and limit
// minimums compared in whole cents, and the time left rounded to its last unit.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { NATIVE_MINT, USDC_MINT, USDT_MINT } from '../../src/chain/mints.js';
import type { Token } from '../../src/api/types.js';
import {
  compareWithMarket,
  limitRisk,
  parseDcaArgs,
  parseLimitArgs,
  OrderInputError,
} from '../../src/actions/orderRequest.js';
import { limitPriceLines } from '../../src/actions/orderTransactions.js';
import { nth } from '../support/narrow.js';
import { untilText } from '../../src/text/duration.js';

const GOLLA = 'Go11aGo11aGo11aGo11aGo11aGo11aGo11aGo11aGo1';
const BONK = 'BonkBonkBonkBonkBonkBonkBonkBonkBonkBonkBon';
const catalog = (usdc = 1) =>
  [
    { id: NATIVE_MINT, symbol: 'SOL', name: 'Wrapped SOL', decimals: 9, usdPrice: 150 },
    { id: USDC_MINT, symbol: 'USDC', name: 'USD Coin', decimals: 6, usdPrice: usdc },
    { id: USDT_MINT, symbol: 'USDT', name: 'Tether', decimals: 6, usdPrice: 1 },
    { id: GOLLA, symbol: 'GOLLA', name: 'Golla', decimals: 6, usdPrice: 0.3 },
    { id: BONK, symbol: 'BONK', name: 'Bonk', decimals: 5, usdPrice: 0.00002 },
  ] as Token[];
const now = Date.UTC(2030, 0, 1);
const limit = (...words: string[]) => parseLimitArgs(words, catalog(), now);
/** Throws an OrderInputError whose message matches `re` (anchors apply to the message itself). */
const refusedWith = (fn: () => unknown, re: RegExp, what: string) =>
  assert.throws(fn, (e: unknown) => e instanceof OrderInputError && re.test(e.message), what);

test('@PRICE is in the quote asset of the pair per one of the other token, whichever side is sold', () => {
  // buying GOLLA at 0.45 USDC each: 100 / 0.45 GOLLA, never 100 × 0.45
  const buy = limit('100', 'USDC', '@0.45', 'GOLLA');
  assert.equal(buy.making, 100_000_000n);
  assert.equal(buy.taking, 222_222_222n);
  // selling SOL at 150 USDC each, and buying SOL at 150 USDC each
  assert.equal(limit('2', 'SOL', '@150', 'USDC').taking, 300_000_000n);
  assert.equal(limit('300', 'USDC', '@150', 'SOL').taking, 2_000_000_000n);
  // SOL is the quote when the other side is no quote asset: GOLLA at 0.002 SOL each
  assert.equal(limit('1', 'SOL', '@0.002', 'GOLLA').taking, 500_000_000n);
  assert.equal(limit('500', 'GOLLA', '@0.002', 'SOL').taking, 1_000_000_000n);
  // a stablecoin before SOL, USDC before USDT
  assert.equal(limit('2', 'SOL', '@150', 'USDT').taking, 300_000_000n);
  assert.equal(limit('100', 'USDC', '@1.25', 'USDT').taking, 80_000_000n);
});

test('@P BASE/QUOTE is exchange notation: 1 BASE costs P QUOTE, whichever side is sold', () => {
  // 1 SOL costs 160 USDC: selling 1 SOL receives 160 USDC, never 0.00625
  const sell = limit('1', 'SOL', '@160', 'SOL/USDC', 'USDC');
  assert.equal(sell.taking, 160_000_000n);
  assert.deepEqual([sell.priceUnit?.base.symbol, sell.priceUnit?.quote.symbol], ['SOL', 'USDC']);
  assert.equal(nth(limitPriceLines(sell).lines, 0).value, '1 SOL = 160.00 USDC · 1 USDC = 0.006250 SOL');
  // buying SOL at 160 USDC each: 320 USDC buys 2 SOL
  assert.equal(limit('320', 'USDC', '@160', 'SOL/USDC', 'SOL').taking, 2_000_000_000n);
  assert.equal(limit('1', 'SOL', '@160', 'sol/usdc', 'USDC').taking, 160_000_000n, 'symbols in any case');
  // with neither side a quote asset, the unit says which is priced
  assert.equal(limit('100', 'GOLLA', '@0.5', 'BONK/GOLLA', 'BONK').taking, 20_000_000n);
  assert.equal(limit('100', 'GOLLA', '@2', 'GOLLA/BONK', 'BONK').taking, 20_000_000n);
  assert.equal(limit('100', 'USDC', '@0.45', 'GOLLA/USDC', 'GOLLA', 'expiry', '7d').taking, 222_222_222n);
  assert.equal(limit('100', 'GOLLA', '@0.25', 'GOLLA/USDC', 'USDC').taking, 25_000_000n);
  // a price near the market written in the other direction reads as written when both are plausible
  assert.equal(limit('100', 'USDC', '@1.01', 'USDT/USDC', 'USDT').taking, 99_009_900n);
});

test('a unit that does not name both tokens, or reads the price the wrong way round, is refused in one line', () => {
  const refused: Array<[string[], RegExp]> = [
    // 1 USDC costing 160 SOL is over 20,000 times the market, while 1 SOL at 160 USDC is near it
    [
      ['1', 'SOL', '@160', 'USDC/SOL', 'USDC'],
      /^price unit: @160 USDC\/SOL says 1 USDC costs 160 SOL, but the market is 1 USDC = 0\.006667 SOL; for 1 SOL at 160 USDC write @160 SOL\/USDC$/,
    ],
    [
      ['1', 'SOL', '@160', 'SOL/BONK', 'USDC'],
      /^price unit: "SOL\/BONK" does not name this order's two tokens; write SOL\/USDC \(1 SOL costs 160 USDC\) or USDC\/SOL$/,
    ],
    [['1', 'SOL', '@160', 'SOL/', 'USDC'], /^price unit: "SOL\/" is not BASE\/QUOTE; write SOL\/USDC/],
    [['1', 'SOL', '@160', '/USDC', 'USDC'], /^price unit: "\/USDC" is not BASE\/QUOTE/],
    [['1', 'SOL', '@160', 'SOL/USDC/SOL', 'USDC'], /^price unit: "SOL\/USDC\/SOL" is not BASE\/QUOTE/],
    [['1', 'SOL', '@160', 'SOL/SOL', 'USDC'], /does not name this order's two tokens/],
    [['1', 'SOL', '@160', 'SOL/NOPE', 'USDC'], /^price unit: "NOPE": no token with that symbol, name or mint$/],
    [['1', 'SOL', '@160SOL/USDC', 'USDC'], /^price: put a space between the number and its unit: @160 SOL\/USDC$/],
    [
      ['1', 'SOL', '@160', 'USDC', 'SOL/USDC'],
      /^price unit: write it right after the price \(@160 SOL\/USDC USDC\), not after the buy token$/,
    ],
    [['1', 'SOL', '@1,60', 'SOL/USDC', 'USDC'], /^price "1,60": a comma only groups thousands/],
    [['1', 'SOL', '@', 'SOL/USDC', 'USDC'], /^price: write it right after "@"/],
    [['1', 'SOL', '@-160', 'SOL/USDC', 'USDC'], /price: must not be negative/],
    [['1', 'SOL', '@160', 'SOL/USDC'], /^buy token: give a symbol or a mint address after the price$/],
  ];
  for (const [words, re] of refused) refusedWith(() => limit(...words), re, words.join(' '));
});

test('a price whose direction is not clear, and hostile price words, are refused naming the problem', () => {
  const refused: Array<[string[], RegExp]> = [
    [
      ['10', 'GOLLA', '@0.45', 'BONK'],
      /^price: neither GOLLA nor BONK is USDC, USDT or SOL, so "@0\.45" reads either way; give the total instead, or the unit: @0\.45 GOLLA\/BONK \(1 GOLLA costs 0\.45 BONK\) or BONK\/GOLLA$/,
    ],
    [
      ['10', 'GOLLA', '@2', 'SOL/GOLLA', 'BONK'],
      /^price unit: "SOL\/GOLLA" does not name this order's two tokens; write GOLLA\/BONK \(1 GOLLA costs 2 BONK\) or BONK\/GOLLA$/,
    ],
    [['10', 'GOLLA', '@2', 'GOLLA/GOLLA', 'BONK'], /does not name this order's two tokens/],
    [['10', 'GOLLA', '@2', 'BONK/GOLLA/SOL', 'BONK'], /price unit: "BONK\/GOLLA\/SOL" is not BASE\/QUOTE/],
    [
      ['100', 'USDC', '@0,45', 'GOLLA'],
      /^price "0,45": a comma only groups thousands \(1,500\); for a decimal write 0\.45$/,
    ],
    [['100', 'USDC', '@0.45.1', 'GOLLA'], /price: "0\.45\.1" is not a decimal number/],
    [['100', 'USDC', '@', 'GOLLA'], /^price: write it right after "@", e\.g\. @0\.45$/],
    [['100', 'USDC', '@-0.45', 'GOLLA'], /price: must not be negative/],
    [['100', 'USDC', '@0', 'GOLLA'], /price: must be greater than zero/],
    [['100', 'USDC', '@4.5e-1', 'GOLLA'], /price: exponent notation is not accepted/],
    [['100', 'USDC', '@$0.45', 'GOLLA'], /price: "\$0\.45" is not a decimal number/],
    [['100', 'USDC', '@0.0000000000000000001', 'GOLLA'], /price: at most 18 decimal places/],
    [['100', 'USDC', '@99999999999999', 'GOLLA'], /price: the total to receive rounds to zero/],
    [
      ['1,5', 'SOL', '300', 'USDC'],
      /^amount "1,5": a comma only groups thousands \(1,500\); for a decimal write 1\.5$/,
    ],
    [
      ['2', 'SOL', '1.000,5', 'USDC'],
      /^total "1\.000,5": "\." is the decimal point and "," only groups thousands \(1,500\.25\); write 1000\.5$/,
    ],
    [['2', 'SOL', '300', 'USDC'.toLowerCase() + 'x'], /buy token/],
    [['100', 'USDC', '@0.45'], /give the amount, the token you sell/],
    [['100', 'USDC', '@0.45', 'GOLLA/USDC'], /^buy token: give a symbol or a mint address after the price$/],
  ];
  for (const [words, re] of refused) refusedWith(() => limit(...words), re, words.join(' '));
});

test('the dialog states the price both ways; a loss over 5% at once or a price beyond ±50% of the market asks a typed yes', () => {
  const risk = (...words: string[]) => limitRisk(compareWithMarket(limit(...words)));
  // GOLLA's market is 0.30 USDC
  assert.match(
    risk('100', 'USDC', '@0.45', 'GOLLA') ?? '',
    /fill at once, at a loss of 33\.33% against the market \(over 5%\)/,
  );
  assert.equal(risk('100', 'USDC', '@0.31', 'GOLLA'), undefined, 'a 3% loss is warned of, not typed');
  assert.equal(risk('100', 'USDC', '@0.2', 'GOLLA'), undefined, 'a buy 33% below the market waits');
  assert.match(risk('100', 'USDC', '@0.1', 'GOLLA') ?? '', /its price is -66\.67% from the market \(beyond ±50%\)/);
  assert.match(risk('100', 'GOLLA', '@0.6', 'USDC') ?? '', /its price is \+100\.00% from the market/);
  assert.match(risk('100', 'GOLLA', '@0.1', 'USDC') ?? '', /at a loss of 66\.67%/);
  assert.equal(risk('100', 'GOLLA', '@0.29', 'USDC'), undefined);
  // the unsure-direction pair given as a total is compared per one sold token
  assert.match(risk('100', 'GOLLA', '1', 'BONK') ?? '', /at a loss/);

  const far = limitPriceLines(limit('100', 'USDC', '@0.45', 'GOLLA'));
  assert.equal(far.typed, 'yes');
  assert.deepEqual(
    far.lines.map((l) => `${l.label}: ${l.value}`),
    [
      'Limit price: 1 GOLLA = 0.4500 USDC · 1 USDC = 2.22 GOLLA',
      'Market price: 1 GOLLA = 0.3000 USDC (token list USD prices)',
      'From market: +50.00% (above market): fills at once, 33.33% less than at the market',
    ],
  );
  assert.match(far.warnings.join(' '), /^Type yes to place it: it would fill at once, at a loss of 33\.33%/);
  const near = limitPriceLines(limit('2', 'SOL', '@155', 'USDC'));
  assert.equal(near.typed, undefined);
  assert.deepEqual(near.warnings, []);
  assert.equal(nth(near.lines, 0).value, '1 SOL = 155.00 USDC · 1 USDC = 0.006452 SOL');
});

test('minimums compare whole cents as shown: 200 USDC in 4 orders of $50.00 is enough', () => {
  for (const usdc of [1, 0.99999, 1.00001]) {
    const r = parseDcaArgs(['200', 'USDC', 'SOL', '4', '1h'], catalog(usdc));
    assert.equal(r.perCycle, 50_000_000n, String(usdc));
  }
  assert.equal(parseDcaArgs(['100', 'USDC', 'SOL', '2', '1h'], catalog()).perCycle, 50_000_000n);
  // worth $199.94 at this price: the message says the cents that fall short
  refusedWith(
    () => parseDcaArgs(['200', 'USDC', 'SOL', '4', '1h'], catalog(0.9997)),
    /^orders: 4 of about \$49\.98 \(\$199\.94 in all\); each must be at least \$50\.00 \(at most 3 orders for this total\)$/,
    '$199.94',
  );
  assert.throws(() => parseDcaArgs(['199.99', 'USDC', 'SOL', '4', '1h'], catalog()), /each must be at least \$50\.00/);
  refusedWith(
    () => parseDcaArgs(['1,5', 'USDC', 'SOL', '4', '1h'], catalog()),
    /^total "1,5": a comma only groups thousands/,
    '1,5',
  );
  // exactly $5.00 is a limit order's minimum, not under it
  assert.equal(limit('5', 'USDC', '@0.3', 'GOLLA').making, 5_000_000n);
});

test('time left is rounded to its last unit: a new 7-day expiry reads 7d', () => {
  const cases: Array<[number, string]> = [
    [7 * 86_400_000 - 2_000, '7d'],
    [7 * 86_400_000 - 45 * 60_000, '6d 23h'],
    [36 * 3_600_000, '1d 12h'],
    [23 * 3_600_000 + 40 * 60_000, '1d'],
    [12 * 3_600_000 + 10 * 60_000, '12h'],
    [9 * 3_600_000 + 59 * 60_000 + 40_000, '10h'],
    [2 * 3_600_000 + 5 * 60_000, '2h 5m'],
    [3_600_000 - 1_000, '1h'],
    [45 * 60_000 + 20_000, '45m'],
    [30_000, '30s'],
    [200, '1s'],
  ];
  for (const [ms, want] of cases) assert.equal(untilText(ms), want, String(ms));
});
