import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  toBaseUnits,
  fromBaseUnits,
  parseRawAmount,
  AmountError,
  U64_MAX,
  readDecimal,
  scaleDecimal,
} from '../src/text/amount.js';

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
    assert.throws(
      () => toBaseUnits(text, decimals, 'amount'),
      (e: unknown) => e instanceof AmountError && re.test(e.message) && e.message.startsWith('amount'),
      `${JSON.stringify(text)}`,
    );
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

test('randomized round trip: format then parse gives the same base units', () => {
  // A small deterministic generator so a failure is reproducible.
  let state = 0x9e3779b9;
  const next = () => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
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

test('one grammar for every typed amount: "," groups thousands only, anything ambiguous is refused saying how to write it', () => {
  const accepted: Array<[string, bigint]> = [
    ['1,500', 1_500_000_000n],
    ['1,500.25', 1_500_250_000n],
    ['12,345,678', 12_345_678_000_000n],
    ['999', 999_000_000n],
    ['1000', 1_000_000_000n],
    ['0.5', 500_000n],
    ['.5', 500_000n],
    ['007.5', 7_500_000n],
  ];
  for (const [text, want] of accepted) assert.equal(toBaseUnits(text, 6), want, text);
  const refused: Array<[string, string]> = [
    ['1,5', 'amount "1,5": a comma only groups thousands (1,500); for a decimal write 1.5'],
    ['1,50', 'amount "1,50": a comma only groups thousands (1,500); for a decimal write 1.50'],
    ['1,5000', 'amount "1,5000": a comma only groups thousands (1,500); for a decimal write 1.5000'],
    ['1.000,5', 'amount "1.000,5": "." is the decimal point and "," only groups thousands (1,500.25); write 1000.5'],
    [
      '1.234.567,89',
      'amount "1.234.567,89": "." is the decimal point and "," only groups thousands (1,500.25); write 1234567.89',
    ],
    ['0.5,', 'amount "0.5,": "." is the decimal point and "," only groups thousands (1,500.25)'],
    [',5', 'amount ",5": a number cannot start with a comma; write 0.5 for a decimal'],
    ['1,500,', 'amount "1,500,": a comma must be followed by three digits (1,500); write 1500'],
    ['1 500', 'amount "1 500": no spaces or "_" inside a number; write 1500 (or 1,500)'],
    ['1_000', 'amount "1_000": no spaces or "_" inside a number; write 1000 (or 1,000)'],
    ['1. 5', 'amount "1. 5": no spaces or "_" inside a number; write 1.5'],
    [
      '12,34,567',
      'amount "12,34,567": a comma only groups thousands, three digits each (12,345,678.5); write 1234567 without commas',
    ],
    [
      '1,,500',
      'amount "1,,500": a comma only groups thousands, three digits each (12,345,678.5); write 1500 without commas',
    ],
    [
      '1,5.5',
      'amount "1,5.5": a comma only groups thousands, three digits each (12,345,678.5); write 15.5 without commas',
    ],
    [',', 'amount: "," is not a decimal number'],
    ['1.5 SOL', 'amount: "1.5 SOL" is not a decimal number'],
    ['$5', 'amount: "$5" is not a decimal number'],
    ['1.2.3', 'amount: "1.2.3" is not a decimal number (more than one ".")'],
    ['−1', 'amount: must not be negative (got "−1")'],
    ['1e3', 'amount: exponent notation is not accepted (got "1e3"); write the digits, e.g. 1000'],
    ['１', 'amount: "１" is not a decimal number'],
    ['1\u001b[2J', 'amount: "1\\x1b[2J" is not a decimal number'],
  ];
  for (const [text, message] of refused) {
    assert.throws(
      () => toBaseUnits(text, 6, 'amount'),
      (e: unknown) => e instanceof AmountError && e.message === message,
      `${JSON.stringify(text)}`,
    );
  }
  // the same grammar for prices and any scaled decimal, with no u64 bound
  assert.equal(scaleDecimal('0.45', 18), 450_000_000_000_000_000n);
  assert.equal(scaleDecimal('1,234.5', 2), 123_450n);
  assert.throws(
    () => scaleDecimal('0,45', 18, 'price'),
    /^AmountError: price "0,45": a comma only groups thousands \(1,500\); for a decimal write 0\.45$/,
  );
  assert.throws(() => scaleDecimal('0.123', 2, 'price'), /price: at most 2 decimal places \(got 3\)/);
  assert.deepEqual(readDecimal('  +1,000.50 '), { whole: '1000', frac: '50' });
});
