// The headless tokens table fits an 80-column terminal: every token the simulator lists, in
// every change window, and a hostile record with a long symbol and big numbers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import stringWidth from 'string-width';
import type { Token } from '../../src/api/types.js';
import { TOKEN_INTERVALS } from '../../src/api/contract/tokens.js';
import { tokensTable } from '../../src/commands/tokens.js';
import { startSim } from '../../src/sim/index.js';
import { nth } from '../support/narrow.js';

function widest(text: string): string {
  return text.split('\n').reduce((a, b) => (stringWidth(b) > stringWidth(a) ? b : a), '');
}

test('every token of the simulator, in every window, prints within 80 columns with big numbers abbreviated', async (t) => {
  const sim = await startSim({ seed: 7, timeScale: 0 });
  t.after(() => sim.stop());
  sim.advance(600);
  const tokens = sim.kernel.market.tokens().map((x) => sim.kernel.market.tokenRecord(x.mint)!);
  for (const interval of TOKEN_INTERVALS) {
    const table = tokensTable(tokens, interval);
    const line = widest(table);
    assert.ok(stringWidth(line) <= 80, `${interval}: ${stringWidth(line)} columns: ${line}`);
  }
  const sol = tokensTable(tokens, '24h')
    .split('\n')
    .find((l) => / SOL ✓ /.test(l))!;
  // a mcap of ~90 billion reads 90B, not 90,000,000,000; the mint is shortened
  assert.match(
    sol,
    /^\s*\d+\s+SOL ✓\s+1[45]\d\.\d\d\s+[▲▼]? ?[+-]?\d+\.\d\d%\s+\$[\d.]+[KMB]\s+\$[\d.]+B\s+\$[\d.]+M\s+So11…1112$/,
  );
});

test('a long symbol is cut and its control characters removed; the row stays within 80 columns', () => {
  const hostile = {
    id: 'Hosti1eMint1111111111111111111111111111111',
    symbol: 'VERY\u001b[31mLONGSYMBOLNAME',
    name: 'x'.repeat(200),
    decimals: 6,
    isVerified: true,
    usdPrice: 99_999.99,
    mcap: 9.99e14,
    liquidity: 123_456_789,
    stats24h: { priceChange: -999.99, buyVolume: 5e11, sellVolume: 4.9e11 },
  } as unknown as Token;
  const table = tokensTable([hostile], '24h');
  assert.ok(!table.includes('\u001b'));
  const row = nth(table.split('\n'), 1);
  assert.ok(stringWidth(row) <= 80, `${stringWidth(row)}: ${row}`);
  assert.match(row, /^1\s+VERYLONGS… ✓\s+99,999\.99\s+▼ -999\.99%\s+\$990B\s+\$999T\s+\$123M\s+Host…1111$/);
});
