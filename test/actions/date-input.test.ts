// Dates and times typed by a person (a limit order's expiry, a DCA's first order, an export's
// range): a time of day needs its zone, impossible dates and times are refused rather than rolled
// into the next day, a time past is refused, and what was understood is stated back in UTC.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { NATIVE_MINT, USDC_MINT } from '../../src/chain/mints.js';
import type { Token } from '../../src/api/types.js';
import { DateInputError, readTypedTime, utcWords } from '../../src/actions/dateInput.js';
import { OrderInputError, parseDcaArgs, parseLimitArgs } from '../../src/actions/orderRequest.js';
import { parseWhen } from '../../src/commands/export.js';
import { CommandError } from '../../src/commands/print.js';

const tokens = [
  { id: NATIVE_MINT, symbol: 'SOL', name: 'Wrapped SOL', decimals: 9, usdPrice: 150 },
  { id: USDC_MINT, symbol: 'USDC', name: 'USD Coin', decimals: 6, usdPrice: 1 },
] as Token[];
const now = Date.UTC(2030, 0, 1, 12, 0);

test('a date is 00:00 UTC of that day; a date-time is read with Z or an offset, to the millisecond', () => {
  assert.deepEqual(readTypedTime('2030-01-31', 'expiry'), { ms: Date.UTC(2030, 0, 31), dateOnly: true });
  const utc = Date.UTC(2030, 0, 31, 10, 0);
  for (const t of ['2030-01-31T10:00Z', '2030-01-31t10:00z', '2030-01-31 10:00Z', '2030-01-31T10:00:00Z'])
    assert.equal(readTypedTime(t, 'expiry').ms, utc, t);
  assert.equal(readTypedTime('2030-01-31T10:00+01:00', 'expiry').ms, utc - 3_600_000);
  assert.equal(readTypedTime('2030-01-31T10:00+0100', 'expiry').ms, utc - 3_600_000);
  assert.equal(readTypedTime('2030-01-31T10:00-05:30', 'expiry').ms, utc + 5.5 * 3_600_000);
  assert.equal(readTypedTime('2030-01-31T10:00:30.25Z', 'expiry').ms, utc + 30_250);
  assert.equal(readTypedTime('2028-02-29T00:00Z', 'expiry').ms, Date.UTC(2028, 1, 29), 'a leap day');
  assert.equal(utcWords(utc), '2030-01-31 10:00 UTC');
  assert.equal(utcWords(utc + 30_000), '2030-01-31 10:00:30 UTC');
  assert.equal(utcWords(utc + 30_250), '2030-01-31 10:00:30.250 UTC');
});

test('refused, each with one line naming the field: no zone, impossible dates and times, odd offsets, junk', () => {
  const refused = (text: string, re: RegExp) =>
    assert.throws(
      () => readTypedTime(text, 'expiry'),
      (e: Error) => e instanceof DateInputError && re.test(e.message) && !e.message.includes('\n'),
      text,
    );
  const noZone = /^expiry: .* has no time zone; add Z for UTC or an offset such as \+01:00$/;
  for (const t of ['2030-01-31T10:00', '2030-01-31 10:00', '2030-01-31T10:00:00', '2030-01-31T10:00:00.000'])
    refused(t, noZone);
  refused('2030-02-30', /^expiry: 2030-02-30 does not exist \(2030-02 has 28 days\)$/);
  refused('2029-02-29T10:00Z', /2029-02 has 28 days/);
  refused('2030-04-31', /2030-04 has 30 days/);
  refused('2030-01-00', /does not exist/);
  refused('2030-13-01', /^expiry: 2030-13-01 has no month 13/);
  refused('2030-00-10', /has no month 00/);
  refused('2030-01-31T25:00Z', /is not a time of day/);
  refused('2030-01-31T24:00Z', /is not a time of day/);
  refused('2030-01-31T10:60Z', /is not a time of day/);
  refused('2030-01-31T10:00:61Z', /is not a time of day/);
  refused('2030-01-31T10:00+15:00', /has no such zone offset/);
  refused('2030-01-31T10:00-13:00', /has no such zone offset/);
  refused('2030-01-31T10:00+01:75', /has no such zone offset/);
  for (const t of ['2030-1-31', '2030-01-31T10Z', '2030-01-31T10:00ZZ', '2030-01-31T10:00 UTC', '2030-01-31T10:00+1'])
    refused(t, /^expiry: ".*" is not a date or date-time \(such as 2030-01-31, 2030-01-31T10:00Z or/);
});

test(':limit expiry and :dca start: zones required, impossible and past times refused, the time said back in UTC', () => {
  const limit = (expiry: string) => parseLimitArgs(['2', 'SOL', '300', 'USDC', 'expiry', expiry], tokens, now);
  const a = limit('2030-01-31T10:00Z');
  assert.equal(a.expiredAtSec, Date.UTC(2030, 0, 31, 10) / 1000);
  assert.equal(a.expiryText, 'at 2030-01-31 10:00 UTC');
  const b = limit('2030-01-31T10:00+01:00');
  assert.equal(b.expiredAtSec, Date.UTC(2030, 0, 31, 9) / 1000);
  assert.equal(b.expiryText, 'at 2030-01-31 09:00 UTC (2030-01-31T10:00+01:00 as typed)');
  const c = limit('2030-01-31');
  assert.equal(c.expiredAtSec, Date.UTC(2030, 0, 31) / 1000);
  assert.equal(c.expiryText, 'at 2030-01-31 00:00 UTC (the start of that day in UTC)');
  // a bare date-time right after the pair is the expiry too, read the same way
  assert.equal(
    parseLimitArgs(['2', 'SOL', '300', 'USDC', '2030-01-31T10:00Z'], tokens, now).expiredAtSec,
    a.expiredAtSec,
  );
  const refused = (words: string[], re: RegExp) =>
    assert.throws(
      () => parseLimitArgs(['2', 'SOL', '300', 'USDC', ...words], tokens, now),
      (e: Error) => e instanceof OrderInputError && re.test(e.message),
      words.join(' '),
    );
  refused(
    ['expiry', '2030-01-31T10:00'],
    /^expiry: 2030-01-31T10:00 has no time zone; add Z for UTC or an offset such as \+01:00$/,
  );
  refused(['expiry=2030-01-31T10:00'], /^expiry: 2030-01-31T10:00 has no time zone/);
  refused(['2030-01-31T10:00'], /^expiry: 2030-01-31T10:00 has no time zone/);
  refused(['expiry', '2030-02-30'], /^expiry: 2030-02-30 does not exist/);
  refused(['expiry', '2030-01-31T25:00Z'], /^expiry: .* is not a time of day/);
  refused(
    ['expiry', '2030-01-01T11:59Z'],
    /^expiry: 2030-01-01T11:59Z is in the past \(it is 2030-01-01 12:00 UTC now\)$/,
  );
  refused(['expiry', '2030-01-01T12:00Z'], /is in the past/);
  refused(['expiry', '2030-01-01T12:30+01:00'], /is in the past/);
  refused(['expiry', '2029-12-31'], /is in the past/);

  const dca = (...words: string[]) => parseDcaArgs(['300', 'USDC', 'SOL', '3', '1h', ...words], tokens, now);
  const d = dca('start', '2030-01-02T08:00-02:00');
  assert.equal(d.startAtSec, Date.UTC(2030, 0, 2, 10) / 1000);
  assert.equal(d.startText, 'at 2030-01-02 10:00 UTC (2030-01-02T08:00-02:00 as typed)');
  assert.throws(() => dca('start', '2030-01-02T08:00'), /^OrderInputError: start: 2030-01-02T08:00 has no time zone/);
  assert.throws(() => dca('start=2030-02-29'), /start: 2030-02-29 does not exist/);
  assert.throws(() => dca('start', '2030-01-01T00:00Z'), /start: 2030-01-01T00:00Z is in the past/);
});

test('export --since / --until: the same reading (a date is a UTC day, a time needs its zone), refused with exit 2', () => {
  assert.equal(parseWhen('since', '2026-01-31', false), Date.UTC(2026, 0, 31));
  assert.equal(parseWhen('until', '2026-01-31', true), Date.UTC(2026, 1, 1));
  assert.equal(parseWhen('until', '2026-01-31T12:00+02:00', true), Date.UTC(2026, 0, 31, 10));
  const refused = (text: string, re: RegExp) =>
    assert.throws(
      () => parseWhen('since', text, false),
      (e: Error) => e instanceof CommandError && re.test(e.message),
      text,
    );
  refused('2026-01-31T12:00', /^--since: 2026-01-31T12:00 has no time zone; add Z for UTC or an offset/);
  refused('2026-02-30', /^--since: 2026-02-30 does not exist/);
  refused('2026-01-31T24:00Z', /is not a time of day/);
  refused('yesterday', /^--since: a date \(2026-01-31, a UTC day\) or an ISO 8601 time with its zone/);
});
