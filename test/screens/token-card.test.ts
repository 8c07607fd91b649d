// The token card: fields the client does not know still show (under "Other fields"), and numbers no
// answer can mean show as invalid rather than as digits.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { detailLines } from '../../components/detail/DetailPane.js';
import { tokenSections } from '../../screens/Tokens/detail.js';
import type { TokenRow } from '../../screens/Tokens/rows.js';
import type { Token } from '../../src/api/types.js';

const row = (token: Record<string, unknown>): TokenRow => ({
  mint: 'Mint1111111111111111111111111111111111111111',
  rank: null,
  token: {
    id: 'Mint1111111111111111111111111111111111111111',
    symbol: 'ODD',
    name: 'Odd token',
    decimals: 6,
    ...token,
  } as unknown as Token,
  symbol: 'ODD',
  name: 'Odd token',
  starred: true,
  dropped: true,
  moved: 0,
  history: [],
  interval: '24h',
});

it('unknown fields show under "Other fields"; absurd and negative prices show as invalid; × is said in words', () => {
  const text = detailLines(
    tokenSections(
      row({
        usdPrice: 1e308,
        mcap: -5,
        liquidity: 2_500_000,
        stats24h: { priceChange: Number.POSITIVE_INFINITY },
        newThing: { depth: 3 },
      }),
      0,
    ),
    100,
  )
    .map((l) => l.text.trimEnd())
    .join('\n');
  assert.match(text, /^price +invalid$/m);
  assert.match(text, /^market cap +invalid$/m);
  assert.match(text, /^liquidity +\$2\.50M$/m);
  assert.match(text, /^24h \(list\) +invalid$/m);
  assert.match(text, /^Other fields\nnewThing\.depth +3$/m);
  assert.match(text, /^rank +× not in the current list$/m);
  assert.doesNotMatch(text, /e\+308|undefined|∞/);
});
