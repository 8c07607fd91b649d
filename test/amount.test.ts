import { test } from 'node:test';
import assert from 'node:assert/strict';
import { toBaseUnits, fromBaseUnits, parseRawAmount, AmountError, U64_MAX, minusBps, plusBps } from '../src/amount.js';

test('toBaseUnits converts decimal text to base units', () => {
  const cases: Array<[string, number, bigint]> = [
    ['1', 9, 1_000_000_000n],
    ['1.5', 9, 1_500_000_000n],
    ['0.000000001', 9, 1n],
    ['.5', 6, 500_000n],
    ['5.', 6, 5_000_000n],
    ['1,000.25', 6, 1_000_250_000n],
    ['  42  ', 0, 42n],
    ['0', 6, 0n],
    ['1.500000000000', 6, 1_500_000n],
    ['+3', 2, 300n],
    ['18446744073709551615', 0, U64_MAX],
    ['18446744073.709551615', 9, U64_MAX],
  ];
  for (const [text, decimals, want] of cases) assert.equal(toBaseUnits(text, decimals), want, `${text} @${decimals}`);
});

test('toBaseUnits rejects bad input with a message naming the problem', () => {
  const cases: Array<[string, number, RegExp]> = [
    ['', 9, /is empty/],
    ['   ', 9, /is empty/],
    ['-1', 9, /negative/],
    ['1e9', 9, /exponent/],
    ['1E-3', 9, /exponent/],
    ['abc', 9, /not a decimal number/],
    ['1.2.3', 9, /not a decimal number/],
    ['.', 9, /not a decimal number/],
    ['0.0000001', 6, /at most 6 decimal places/],
    ['1.5', 0, /at most 0 decimal places/],
    ['18446744073709551616', 0, /u64/],
    ['18446744073.709551616', 9, /u64/],
    ['0x10', 0, /not a decimal number/],
    ['NaN', 2, /not a decimal number/],
  ];
  for (const [text, decimals, re] of cases) {
    assert.throws(() => toBaseUnits(text, decimals, 'amount'), (e: unknown) => e instanceof AmountError && re.test(e.message) && e.message.startsWith('amount'), `${JSON.stringify(text)}`);
  }
});

test('fromBaseUnits formats with grouping and trims trailing zeros', () => {
  assert.equal(fromBaseUnits(1_500_000_000n, 9), '1.5');
  assert.equal(fromBaseUnits('1', 9), '0.000000001');
  assert.equal(fromBaseUnits(1_234_567_890_000n, 6), '1,234,567.89');
  assert.equal(fromBaseUnits(1_234_567_890_000n, 6, { group: false }), '1234567.89');
  assert.equal(fromBaseUnits(1_999_999n, 6, { maxFraction: 2 }), '1.99');
  assert.equal(fromBaseUnits(1_000_000n, 6, { minFraction: 2 }), '1.00');
  assert.equal(fromBaseUnits(0n, 6), '0');
  assert.equal(fromBaseUnits(42n, 0), '42');
  assert.equal(fromBaseUnits(U64_MAX, 0), '18,446,744,073,709,551,615');
});

test('parseRawAmount accepts u64 integer strings only', () => {
  assert.equal(parseRawAmount('123'), 123n);
  assert.equal(parseRawAmount('0', 'x', false), 0n);
  assert.throws(() => parseRawAmount('0', 'amount'), /greater than zero/);
  assert.throws(() => parseRawAmount('1.5', 'amount'), /integer string/);
  assert.throws(() => parseRawAmount('-1', 'amount'), /integer string/);
  assert.throws(() => parseRawAmount('18446744073709551616', 'amount'), /u64/);
  assert.throws(() => parseRawAmount(12 as unknown as string, 'amount'), /integer string/);
});

test('basis-point helpers round in the safe direction', () => {
  assert.equal(minusBps(10_000n, 50), 9_950n);
  assert.equal(minusBps(999n, 50), 994n);
  assert.equal(plusBps(10_000n, 50), 10_050n);
  assert.equal(plusBps(999n, 50), 1_004n);
});

test('randomized round trip: format then parse gives the same base units', () => {
  // A small deterministic generator so a failure is reproducible.
  let state = 0x9e3779b9;
  const next = () => {
    state ^= state << 13; state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5; state >>>= 0;
    return state;
  };
  for (let i = 0; i < 5000; i++) {
    const decimals = next() % 19;
    const digits = 1 + (next() % 20);
    let s = '';
    for (let d = 0; d < digits; d++) s += String(next() % 10);
    const raw = BigInt(s) % (U64_MAX + 1n);
    const text = fromBaseUnits(raw, decimals);
    assert.equal(toBaseUnits(text, decimals), raw, `case ${i}: ${raw} @${decimals} -> ${text}`);
    const plain = fromBaseUnits(raw, decimals, { group: false });
    assert.equal(toBaseUnits(plain, decimals), raw);
    assert.ok(!/e/i.test(text));
  }
});
