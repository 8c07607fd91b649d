// The Portfolio's tables at 80 columns with long values (12-character symbols, eight-digit
// amounts, a value in the tens of millions): every amount, price and value whole, never cut with
// "…"; columns too wide together put the rest of a row on the next line instead.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { textWidth } from '../../components/base/text.js';
import { elementLines, gridLines, portfolioView, type Lookup } from '../../screens/Portfolio/lines.js';
import { balanceLines, pnlLines } from '../../screens/Portfolio/walletLines.js';
import type { Portfolio } from '../../src/api/types.js';
import { nth } from '../support/narrow.js';
import { NATIVE_MINT as SOL } from '../../src/chain/mints.js';

const BIG = 'Big1111111111111111111111111111111111111111';
const lookup: Lookup = (mint) =>
  mint === BIG ? { symbol: 'LONGSYMBOL12', decimals: 6, price: 3.25 } : { symbol: 'SOL', decimals: 9, price: 150 };

function assertWhole(lines: string[], texts: string[]) {
  for (const l of lines) {
    assert.ok(textWidth(l) <= 80, `wider than 80: ${l}`);
    assert.doesNotMatch(l, /…/, `cut: ${l}`);
  }
  const all = lines.join('\n');
  for (const t of texts) assert.ok(all.includes(t), `"${t}" whole in:\n${all}`);
}

test('wallet balances and spot P&L with 12-character symbols and eight-digit amounts: whole at 80 columns', () => {
  const balances = balanceLines(
    {
      items: [
        { mint: BIG, raw: 12_345_678_123_456n },
        { mint: SOL, raw: 1_500_000_000n },
      ],
    },
    lookup,
    80,
  ).map((l) => l.text);
  assertWhole(balances, ['LONGSYMBOL12', '12,345,678.123456', '$40,123,453.90', '$40,123,678.90']);
  const pnl = pnlLines(
    {
      tokens: [
        {
          mint: BIG,
          units: 12_345_678.123456,
          avgCost: 0.0000123,
          unpricedUnits: 0,
          price: 3.25,
          unrealized: 40_123_300.12,
          swaps: 3,
        },
      ],
      totalUnrealized: 40_123_300.12,
      priced: 1,
      swaps: 3,
      since: 0,
    },
    lookup,
    80,
    () => '2026-01-01',
  ).map((l) => l.text);
  assertWhole(pnl, ['LONGSYMBOL12', '12,345,678.123456', '+$40,123,300.12']);
});

test('a perp table wider than the screen goes on two lines per row, its header likewise, nothing cut', () => {
  // a Drift position as the positions response gives it, with long values
  const response = {
    elements: [
      {
        type: 'leverage',
        label: 'Leverage',
        platformId: 'drift',
        name: 'Perpetuals',
        value: 12_345_678.9,
        data: {
          isolated: {
            value: 12_345_678.9,
            positions: [
              {
                address: BIG,
                side: 'long',
                size: 1_234_567.89,
                entryPrice: 123_456.78,
                markPrice: 123_999.01,
                liquidationPrice: 99_000,
                leverage: 12.5,
                pnlValue: 1_234_567.89,
              },
            ],
          },
        },
      },
    ],
  } as unknown as Partial<Portfolio>;
  const names = { symbolOf: (m: string) => lookup(m).symbol };
  const element = nth(nth(portfolioView(response, names, 'value').platforms, 0).elements, 0);
  const lines = elementLines(element, 80).map((l) => l.text);
  assertWhole(lines, ['LONGSYMBOL12', '1,234,567.89', '$123,456.78', '$123,999.01', '$99,000.00', '+$1,234,567.89']);
  // the title, the caption, the header on two lines, the row on two lines: PnL goes to the second
  assert.equal(lines.length, 6, lines.join('\n'));
  assert.match(nth(lines, 2), /Market\s+Side\s+Size\s+Entry\s+Mark\s+Liq\.\s+Lev/);
  assert.deepEqual([nth(lines, 3).trim(), nth(lines, 5).trim()], ['PnL', '+$1,234,567.89']);
  // the same columns fitting in the room stay on one line each
  const grid = gridLines(['A', 'B'], [['1,234.5', 'x']], [4, 4], ['right', 'left'], 80);
  assert.deepEqual([grid.lines, grid.head, grid.row(['1,234.5', 'x'])], [1, ['      A B'], ['1,234.5 x']]);
});
