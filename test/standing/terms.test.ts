// The arithmetic of a standing order's terms in base units: the output at the trigger and the floor
// (the example of the dialog: 2 SOL at 140 with 1% gives at least 277.20 USDC), each kind's
// condition on a quote, the firing's slippage, the canonical form and its digest, and the check of
// a measured effect against the terms.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { NATIVE_MINT, USDC_MINT } from '../../src/chain/mints.js';
import { firingSlippage, outsideTerms } from '../../src/orders/standing/fire.js';
import {
  canonicalJson,
  expectedNow,
  floatPriceText,
  judgeQuote,
  nearTrigger,
  termsDiffer,
  termsDigest,
  type StandingTerms,
} from '../../src/orders/standing/terms.js';
import type { Built } from '../../src/pipeline/types.js';

const SOL = { mint: NATIVE_MINT, symbol: 'SOL', decimals: 9 };
const USDC = { mint: USDC_MINT, symbol: 'USDC', decimals: 6 };
const base: StandingTerms = {
  version: 1,
  id: 's-0000abcd',
  kind: 'stop-loss',
  wallet: 'Csvvjv3xy3LhtmmDSWE4hSn6X6qLP69ShkxvQu9rbGqS',
  mode: 'live',
  network: 'example',
  sell: SOL,
  buy: USDC,
  base: NATIVE_MINT,
  quote: USDC_MINT,
  amount: '2000000000',
  trigger: '140',
  capBps: 100,
  floor: '277200000',
  expiresAt: 1,
  createdAt: 0,
};

test('the floor is the trigger less the cap: 2 SOL at 140 with 1% gives at least 277.20 USDC', () => {
  const e = expectedNow({ ...base, floor: undefined }, {})!;
  assert.equal(e.atTrigger, 280_000_000n);
  assert.equal(e.floor, 277_200_000n);
  // a buy: 300 USDC at 140 USDC per SOL buys 2.142857142 SOL, at least 2.121428570 with 1%
  const buy = expectedNow(
    { ...base, kind: 'buy-below', sell: USDC, buy: SOL, amount: '300000000', floor: undefined },
    {},
  )!;
  assert.equal(buy.atTrigger, 2_142_857_142n);
  assert.equal(buy.floor, 2_121_428_570n);
});

test("each kind's condition is judged on what the quote gives", () => {
  const t = base;
  assert.deepEqual(judgeQuote(t, {}, 281_000_000n), { fire: false, why: 'not-yet' });
  assert.deepEqual(judgeQuote(t, {}, 279_000_000n), { fire: true, out: 279_000_000n, floor: 277_200_000n });
  assert.deepEqual(judgeQuote(t, {}, 262_400_000n), {
    fire: false,
    why: 'under-floor',
    out: 262_400_000n,
    floor: 277_200_000n,
  });
  const tp = { ...t, kind: 'take-profit' as const, trigger: '180', floor: '356400000' };
  assert.equal(judgeQuote(tp, {}, 359_000_000n).fire, false);
  assert.equal(judgeQuote(tp, {}, 361_000_000n).fire, true);
  // a trailing stop under a high of 170 with 3%: 164.90 each, 329.80 for 2 SOL
  const trail: StandingTerms = {
    ...t,
    kind: 'trailing-stop',
    trigger: undefined,
    floor: undefined,
    trail: { bps: 300 },
    armedPrice: '150',
  };
  assert.equal(expectedNow(trail, { high: '170' })!.atTrigger, 329_800_000n);
  assert.equal(judgeQuote(trail, { high: '170' }, 329_000_000n).fire, true);
  assert.equal(judgeQuote(trail, { high: '170' }, 331_000_000n).fire, false);
  // a high stored below the armed price (an edit) counts as the armed price
  assert.equal(expectedNow(trail, { high: '100' })!.atTrigger, 291_000_000n);
  // near the trigger: within 2% on the side it comes from
  assert.equal(nearTrigger('stop-loss', 142.7, 140), true);
  assert.equal(nearTrigger('stop-loss', 143, 140), false);
  assert.equal(nearTrigger('take-profit', 176.5, 180), true);
  assert.equal(nearTrigger('take-profit', 176, 180), false);
  assert.equal(floatPriceText(150.1), '150.1');
  assert.equal(floatPriceText(0.0000002), '0.0000002');
});

test('the firing slippage keeps the least output at or above the floor, at most the cap', () => {
  assert.equal(firingSlippage(280_000_000n, 277_200_000n, 100), 100);
  assert.equal(firingSlippage(278_000_000n, 277_200_000n, 100), 28);
  assert.equal(firingSlippage(277_200_000n, 277_200_000n, 100), 0);
  assert.equal(firingSlippage(400_000_000n, 277_200_000n, 100), 100, 'never more than the cap');
});

test('the canonical terms: one text whatever the key order; any change of a field changes the digest', () => {
  const shuffled = Object.fromEntries(Object.entries(base).reverse()) as unknown as StandingTerms;
  assert.equal(canonicalJson(shuffled), canonicalJson(base));
  assert.equal(termsDigest(shuffled), termsDigest(base));
  for (const [field, changed] of [
    ['amount', { ...base, amount: '5000000000' }],
    ['buy.mint', { ...base, buy: { ...USDC, mint: NATIVE_MINT } }],
    ['floor', { ...base, floor: '1' }],
  ] as const) {
    assert.notEqual(termsDigest(changed), termsDigest(base), field);
    assert.deepEqual(termsDiffer(changed, base), [field]);
  }
});

test('the effect measured is judged against the terms: the tokens, at most the amount paid, at least the floor', () => {
  const built = {
    expect: {
      tokens: [
        { ...SOL, program: 'x' },
        { ...USDC, program: 'x' },
      ],
      pays: {},
      receives: {},
    },
  } as unknown as Built;
  const ok = { sol: -2_000_010_000n, tokens: { [USDC_MINT]: 279_000_000n }, fees: 10_000n };
  assert.equal(outsideTerms(base, ok, built, 277_200_000n), undefined);
  assert.match(
    outsideTerms(base, { ...ok, sol: -3_000_010_000n }, built, 277_200_000n)!,
    /would take 3 SOL, more than the 2 SOL confirmed/,
  );
  assert.match(
    outsideTerms(base, { ...ok, tokens: { [USDC_MINT]: 270_000_000n } }, built, 277_200_000n)!,
    /would give 270 USDC, under the floor of 277\.2 USDC/,
  );
  const other = { expect: { ...built.expect, tokens: [{ ...SOL, program: 'x' }] } } as unknown as Built;
  assert.match(outsideTerms(base, ok, other, 277_200_000n)!, /other tokens than the order names/);
});
