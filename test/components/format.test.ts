import assert from 'node:assert/strict';
import { describe, it, test } from 'node:test';
import {
  formatAmount,
  formatClock,
  formatCompact,
  formatCount,
  formatPct,
  formatPercent,
  formatPrice,
  serviceTime,
  formatUsd,
  INVALID,
  perMinute,
  plural,
  shortAddress,
  subscript,
} from '../../src/text/format.js';
import { durationWords, formatAge } from '../../src/text/duration.js';
import { NATIVE_MINT } from '../../src/chain/mints.js';

function table<T>(fn: (x: T) => string, cases: Array<[T, string]>) {
  for (const [input, want] of cases) assert.equal(fn(input), want, `${String(input)}`);
}

describe('format', () => {
  it('formatPrice: two decimals from 1, always four significant digits below, subscript zeros from four', () => {
    table(formatPrice, [
      [0.00000421, '0.0₅4210'],
      [0.000042, '0.0₄4200'],
      [0.0000000000123, '0.0₁₀1230'],
      [0.00009999, '0.0₄9999'],
      [0.000099999, '0.0001000'],
      [0.001234, '0.001234'],
      [0.0012345678, '0.001235'],
      [0.1234567, '0.1235'],
      [0.31, '0.3100'],
      [0.3101, '0.3101'],
      [0.5, '0.5000'],
      [0.99999, '1.00'],
      [1, '1.00'],
      [1.23456, '1.23'],
      [1234.5, '1,234.50'],
      [1234567.891, '1,234,567.89'],
      [0, '0.00'],
      [-0.0000042, INVALID],
      [-12.5, INVALID],
      [1e308, INVALID],
      [1e15, INVALID],
      [Number.POSITIVE_INFINITY, INVALID],
      [Number.NEGATIVE_INFINITY, INVALID],
      [null, '—'],
      [undefined, '—'],
      [Number.NaN, '—'],
    ]);
    assert.equal(formatPrice(2.5, { symbol: true }), '$2.50');
    assert.equal(formatPrice(-12.5, { signed: true }), '-12.50', 'a signed value may be negative');
    assert.equal(formatPrice(-0.0000042, { signed: true }), '-0.0₅4200');
    assert.equal(formatPrice(1e308, { signed: true }), INVALID);
    assert.equal(subscript(12), '₁₂');
  });

  it('formatCompact: three significant digits and a unit', () => {
    table(formatCompact, [
      [1234, '1.23K'],
      [14_000_000, '14.0M'],
      [20_200_000, '20.2M'],
      [45_600_000, '45.6M'],
      [7_800_000_000, '7.80B'],
      [2.5e12, '2.50T'],
      [999, '999'],
      [999.99, '1.00K'],
      [999_950, '1.00M'],
      [12.5, '12.5'],
      [5, '5'],
      [0, '0'],
      [-2500, '-2.50K'],
      [1e15, INVALID],
      [Number.NaN, '—'],
      [Number.POSITIVE_INFINITY, INVALID],
      [null, '—'],
    ]);
  });

  it('formatPct: sign and arrow, zero plain', () => {
    table(formatPct, [
      [3.21, '▲ +3.21%'],
      [-0.5, '▼ -0.50%'],
      [0, '0.00%'],
      [0.004, '0.00%'],
      [-0.004, '0.00%'],
      [0.005, '▲ +0.01%'],
      [1234.5, '▲ +1,234.50%'],
      [Number.POSITIVE_INFINITY, INVALID],
      [null, '—'],
    ]);
  });

  it('formatUsd: a value, "$" and cents always; under half a cent "<$0.01"; negative allowed; absurd is invalid', () => {
    table(formatUsd, [
      [4077.4, '$4,077.40'],
      [0, '$0.00'],
      [0.5, '$0.50'],
      [0.002149, '<$0.01'],
      [0.0075, '$0.01'],
      [-0.002, '>-$0.01'],
      [-12.5, '-$12.50'],
      [1e308, INVALID],
      [Number.NaN, '—'],
    ]);
  });

  it('formatPercent: two decimals, a tiny non-zero share says <0.01% instead of 0.0000%', () => {
    table(formatPercent, [
      [0.21, '0.21%'],
      [0, '0.00%'],
      [0.0000075, '<0.01%'],
      [0.004, '<0.01%'],
      [0.005, '0.01%'],
      [-1.5, '-1.50%'],
      [Number.POSITIVE_INFINITY, INVALID],
      [undefined, '—'],
    ]);
  });

  it('formatAmount: non-finite and too large to write out is invalid', () => {
    assert.equal(formatAmount(1e308), INVALID);
    assert.equal(formatAmount(Number.NEGATIVE_INFINITY), INVALID);
    assert.equal(formatAmount(98.997935), '98.997935');
  });

  it('formatAge: the largest whole unit', () => {
    table(formatAge, [
      [0, '0s'],
      [3400, '3s'],
      [59_999, '59s'],
      [60_000, '1m'],
      [125_000, '2m'],
      [3_700_000, '1h'],
      [47 * 3600_000, '47h'],
      [49 * 3600_000, '2d'],
      [-5, '0s'],
      [undefined, '—'],
    ]);
  });

  it('shortAddress, formatCount, formatClock', () => {
    assert.equal(shortAddress('AbCdEfGhijklmnopqrstuvWxYz'), 'AbCd…WxYz');
    assert.equal(shortAddress('short'), 'short');
    assert.equal(shortAddress(null), '—');
    assert.equal(shortAddress(NATIVE_MINT, 6, 4), 'So1111…1112');
    table(formatCount, [
      [0, '0'],
      [999, '999'],
      [1000, '1,000'],
      [1234567, '1,234,567'],
      [-1234.6, '-1,235'],
      [null, '—'],
    ]);
    assert.equal(formatClock(new Date(2024, 0, 2, 3, 4, 5)), '03:04:05');
  });
});

describe('words', () => {
  it('plural, durationWords and perMinute: one formatter each', () => {
    assert.equal(plural(1, 'account'), '1 account');
    assert.equal(plural(3, 'account'), '3 accounts');
    assert.equal(plural(2, 'match', 'matches'), '2 matches');
    assert.equal(plural(1200, 'order'), '1,200 orders');
    assert.equal(durationWords(3600), '1 hour');
    assert.equal(durationWords(5400), '1 hour 30 minutes');
    assert.equal(durationWords(600), '10 minutes');
    assert.equal(perMinute(6), 'about 6 requests a minute');
    assert.equal(perMinute(1), 'about 1 request a minute');
    assert.equal(formatAge(600_000), '10m');
  });
});

it('a signed percent: a difference from the market or a move, + above and - below, tiny ones say so with their side', () => {
  assert.equal(formatPercent(3.4149, { signed: true }), '+3.41%');
  assert.equal(formatPercent(-81.7, { signed: true }), '-81.70%');
  assert.equal(formatPercent(0.001, { signed: true }), '+<0.01%');
  assert.equal(formatPercent(-0.001, { signed: true }), '-<0.01%');
  assert.equal(formatPercent(2096881, { signed: true }), '+2,096,881.00%');
  assert.equal(formatPercent(Infinity, { signed: true }), 'invalid');
});

test("serviceTime: the service's times are UTC, with a zone or without one, whatever this machine's zone", (t) => {
  // a machine five hours behind UTC (Node reads TZ when it changes), where Date.parse reads a time
  // without a zone as local
  const zone = process.env.TZ;
  process.env.TZ = 'America/New_York';
  t.after(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });
  assert.notEqual(Date.parse('2030-01-31T10:00:00'), Date.UTC(2030, 0, 31, 10), 'the zone is in force');
  const at = Date.UTC(2030, 0, 31, 10, 0, 0);
  assert.equal(serviceTime('2030-01-31T10:00:00Z'), at);
  assert.equal(serviceTime('2030-01-31T10:00:00'), at, 'no zone: UTC, not local time');
  assert.equal(serviceTime('2030-01-31T10:00'), at);
  assert.equal(serviceTime('2030-01-31T10:00:00.000'), at);
  assert.equal(serviceTime('2030-01-31T11:00:00+01:00'), at);
  assert.equal(serviceTime('2030-01-31'), Date.UTC(2030, 0, 31));
  // digits alone: unix seconds, or ms from 1e11 on (as an order's expiredAt or an RFQ's expireAt)
  assert.equal(serviceTime('1896084000'), at);
  assert.equal(serviceTime(String(at)), at);
  assert.ok(Number.isNaN(serviceTime('soon')));
  assert.ok(Number.isNaN(serviceTime('')));
});
