// The one duration grammar: what each field accepts is its rule; nothing else reads "7d" or "1h".
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { durationWords, formatAge, parseDuration, typedDuration, untilText } from '../src/text/duration.js';
import { parseWindow } from '../src/alerts/model.js';
import { parseFieldDuration } from '../src/studio/validate.js';

test('a count and a unit, any case, a space allowed between: seconds', () => {
  assert.equal(parseDuration('30s'), 30);
  assert.equal(parseDuration('90m'), 5400);
  assert.equal(parseDuration('1H'), 3600);
  assert.equal(parseDuration(' 7d '), 604_800);
  assert.equal(parseDuration('2 w'), 1_209_600);
});

test('hostile and ambiguous durations are refused, never read as something near', () => {
  for (const bad of [
    '',
    'd',
    '7',
    '0d',
    '-2h',
    '+2h',
    '1.5h',
    '1,5h',
    '1e3s',
    '1h30m',
    '7dd',
    '7 days',
    '1y',
    '１h',
    '7d\u0000',
    'Infinity',
  ])
    assert.equal(parseDuration(bad), undefined, JSON.stringify(bad));
});

test("each field's rule: an alert window takes s to d; the launch form plain seconds, years and 0", () => {
  assert.equal(parseWindow('5m'), 300_000);
  assert.equal(parseWindow('1 h'), 3_600_000);
  assert.equal(parseWindow('2w'), undefined);
  assert.equal(parseWindow('0m'), undefined);
  assert.equal(parseFieldDuration('3600'), 3600);
  assert.equal(parseFieldDuration('0'), 0);
  assert.equal(parseFieldDuration('1y'), 365 * 86_400);
  assert.equal(parseFieldDuration('12 H'), 43_200);
  assert.equal(parseFieldDuration('12x'), undefined);
  assert.equal(parseFieldDuration('-1'), undefined);
});

test('shown back: as typed, as an age, as time left and in words', () => {
  assert.equal(typedDuration(3_600_000), '1h');
  assert.equal(typedDuration(5_400_000), '90m');
  assert.equal(typedDuration(86_400_000), '1d');
  assert.equal(typedDuration(45_000), '45s');
  // a duration read and shown as typed is the same text
  for (const text of ['1m', '45m', '2h', '1d']) assert.equal(typedDuration(parseWindow(text)!), text);
  assert.equal(formatAge(125_000), '2m');
  assert.equal(formatAge(undefined), '—');
  assert.equal(untilText(7 * 86_400_000 - 2000), '7d');
  assert.equal(durationWords(parseDuration('90m')!), '1 hour 30 minutes');
  assert.equal(durationWords(parseDuration('1w')!), '1 week');
});
