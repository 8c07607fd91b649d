// textWidth keeps the widths of short text beyond ASCII it has measured: the same answer as a
// first measurement, every time, however many texts it has seen.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { textWidth } from '../../components/base/text.js';

const CASES: Array<[string, number]> = [
  ['SOL', 3],
  ['$0.0\u20842154', 9],
  ['\u65e5\u672c', 4],
  ['\u{1f680} moon', 7],
  ['e\u0301', 1],
  ['\u2265 $1.00', 7],
  ['\x1b[31mred\x1b[0m', 3],
  ['\u00e9\u00e8', 2],
];

test('a text measures the same the first time, the second, and after thousands of others', () => {
  for (const [text, width] of CASES) assert.equal(textWidth(text), width, JSON.stringify(text));
  for (const [text, width] of CASES) assert.equal(textWidth(text), width, `again: ${JSON.stringify(text)}`);
  // more texts than are kept: each still measures right, the first ones too once they are gone
  for (let i = 0; i < 25_000; i++) {
    const text = `\u2084${i}`;
    assert.equal(textWidth(text), 1 + String(i).length);
  }
  for (const [text, width] of CASES) assert.equal(textWidth(text), width, `after: ${JSON.stringify(text)}`);
  // texts that differ only past their first characters, or in width only, are not taken for one another
  assert.equal(textWidth('\u65e5\u672c\u65e5'), 6);
  assert.equal(textWidth('\u65e5\u672ca'), 5);
});

test('a long text is measured whole', () => {
  const long = `${'\u65e5'.repeat(150)}${'a'.repeat(100)}`;
  assert.equal(textWidth(long), 400);
  assert.equal(textWidth(long), 400);
});
