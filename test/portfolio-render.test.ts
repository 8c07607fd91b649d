// Recorded real-shaped bodies (test/fixtures/real/portfolio-*.json, written from the contract's
// field tables: missing optional fields, nulls, extra fields, no tokenInfo, an unlisted element
// type, control characters) through the Portfolio and Invites screens' render functions.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { textWidth } from '../components/base/text.js';
import { bar, headLines, portfolioView, positionsBody, type Lookup } from '../screens/Portfolio/lines.js';
import { walletBody } from '../screens/Portfolio/walletLines.js';
import { inviteSections } from '../screens/Invites/rows.js';
import { inviteRow } from '../src/portfolio/invites.js';
import { tokenInfoOf } from '../src/portfolio/model.js';
import type { Invite, Portfolio } from '../src/api/types.js';
import { nth } from './support/narrow.js';
import { NATIVE_MINT, USDC_MINT } from '../src/chain/mints.js';

const fixture = <T>(name: string): T =>
  JSON.parse(readFileSync(new URL(`./fixtures/real/${name}`, import.meta.url), 'utf8')) as T;
const WALLET = '78HqtP5U9xEBEdwnzmZ81ajA2a1TYxgRR5JvzowCsYmE';

function render(p: Partial<Portfolio>, width: number) {
  const info = tokenInfoOf(p);
  const lookup: Lookup = (mint) => ({
    symbol: info[mint]?.symbol,
    decimals: info[mint]?.decimals,
    price: null,
    fallbackPrice: info[mint]?.price ?? null,
  });
  const names = { symbolOf: (m: string) => info[m]?.symbol };
  const view = portfolioView(p, names, 'value');
  const head = headLines(
    {
      view,
      address: WALLET,
      watching: false,
      baseline: { netWorth: 100, at: 0 },
      platforms: [],
      sort: 'value',
      reverse: false,
      clock: () => '12:00:00',
      loading: false,
    },
    width,
  );
  const body = [
    ...positionsBody(view, width),
    ...walletBody(
      {
        balances: { items: [{ mint: NATIVE_MINT, raw: 1_500_000_000n }] },
        pnl: null,
        lookup,
        date: () => '2026-01-01',
      },
      width,
    ),
  ];
  const text = [...head, ...body].map((l) => l.text);
  for (const l of text) {
    assert.ok(textWidth(l) <= width, `wider than ${width}: ${JSON.stringify(l)}`);
    assert.doesNotMatch(l, /undefined|null|NaN|\[object Object\]/, l);
    assert.doesNotMatch(l, /[\u0000-\u001f\u007f-\u009f]/, `control character in ${JSON.stringify(l)}`);
  }
  return { view, text: text.join('\n') };
}

for (const width of [80, 40, 120]) {
  test(`every element variant of the recorded positions renders at ${width} columns`, () => {
    const { view, text } = render(fixture('portfolio-positions.json'), width);
    assert.equal(view.platforms.length, 7);
    assert.ok(Math.abs(view.netWorth - (1650.5 + 320.25 + 165.5 + 900 + 0 + 250 + 91)) < 1e-6);
    if (width < 80) return;
    assert.match(text, /Net worth \$3,377\.25/);
    // non-success fetchers warn with platform and duration; succeeded and ok do not
    assert.match(text, /⚠ marginfi \(marginfi-lend\) failed after 4315 ms/);
    assert.match(text, /⚠ Drift \(drift-perps\) timeout after 10000 ms/);
    assert.doesNotMatch(text, /raydium-clmm|wallet-tokens/);
    // known variants with their columns; tokenInfo (nested by network) names the mints
    assert.match(text, /SOL\s+10\s+\$150\.00\s+\$1,500\.00/);
    assert.match(text, /SOL\s+long\s+3\.5\s+\$140\.20?\s+\$150\.00\s+—\s+4\.0x\s+\+\$34\.30/);
    assert.match(text, /supplied \$1,000\.00/);
    assert.match(text, /borrowed \$100\.00\s+health 87\.00%/);
    assert.match(text, /EPjF…Dt1v → SOL\s+filled 50\.00%\s+in 500\s+expected out —/);
    // extra fields never dropped
    assert.match(text, /assets 2 data is verified: true/);
    assert.match(text, /assets 2 attributes tags: stable\s*\n/);
    assert.match(text, /tags: clmm, out-of-range/);
    // labels in words: a yield named by its token, no JSON paths
    assert.match(text, /supplied EPjF…Dt1v APR: 5\.20%/);
    assert.doesNotMatch(text, /\[\d+\]|\w\.\w+\[|Yields/);
    assert.match(text, /liquidities 1 pool address: 9xQe/);
    assert.match(text, /isolated positions 1 funding rate: -0\.0001/);
    assert.match(text, /emode enabled: false/);
    assert.match(text, /\[borrowlend\]/);
    assert.match(text, /ref: 8mFRm9/);
    // the unlisted type: every field as key/value lines, the escape sequence neutralised
    assert.match(text, /Liquid staking \[unknown type "staking-v2"\]\s+\$91\.00/);
    assert.match(text, / validator: Va1idator/);
    assert.match(text, /unlocks at: —/);
    // a rate given as a fraction reads in percent, as the APR beside it does
    assert.match(text, / apy: 7\.10%/);
    assert.doesNotMatch(text, /apy: 0\.07/);
    assert.match(text, /assets 1 data address: J1toso/);
    // the bar chart
    assert.match(text, /^ Wallet\s+█+/m);
    // the balance in token units at the fallback price, marked
    assert.match(text, /SOL\s+1\.5\s+\$150\.00\*\s+\$225\.00/);
  });
}

test('a response without tokenInfo, with missing fields, odd shapes and a non-object element renders', () => {
  const { view, text } = render(fixture('portfolio-no-tokeninfo.json'), 80);
  assert.ok(view.platforms.length >= 4);
  assert.match(text, /Bonk|Dez/);
  assert.match(text, /DezX…B263\s+581,395\.3/);
  assert.match(text, /\[unknown type "vault"\]/);
  assert.match(text, / 2 nested deep: true/);
  assert.match(text, /element: a string where an element should be/);
  assert.match(text, /liquidities 1 assets: not-an-array|\(none\)/);
  assert.match(text, /isolated positions 1: —/);
  assert.match(text, /⚠ marginfi \(marginfi-lend\) failed after 61 ms/);
});

test('an empty portfolio says so', () => {
  const { text } = render(fixture('portfolio-empty.json'), 80);
  assert.match(text, /Net worth \$0\.00/);
  assert.match(text, /No positions for this address\./);
});

test('bars fill by eighths and never pass their width', () => {
  assert.equal(bar(1, 10), '█'.repeat(10));
  assert.equal(bar(0, 4), '    ');
  assert.equal(bar(0.5, 4), '██  ');
  assert.equal(bar(0.0625, 4), '▎   ');
  assert.equal(textWidth(bar(2, 6)), 6);
  assert.equal(textWidth(bar(Number.NaN, 6)), 6);
});

test('recorded invites: direction, counterparty, units, status, expiry and every field, sanitised', () => {
  const { invites } = fixture<{ invites: Invite[] }>('portfolio-invites.json');
  const now = Date.parse('2025-12-31T20:00:00Z');
  const tokens = (mint: string) =>
    ({
      [NATIVE_MINT]: { symbol: 'SOL', decimals: 9 },
      [USDC_MINT]: { symbol: 'USDC', decimals: 6 },
    })[mint];
  const rows = invites.map((i, n) => inviteRow(i, WALLET, tokens, now, n));
  assert.deepEqual(
    rows.map((r) => [r.direction, r.counterparty, r.amount, r.symbol, r.expiry, r.status]),
    [
      ['sent', 'unclaimed', '465', 'USDC', '14h', 'created'],
      ['received', 'G13w…YkA1', '1.01', 'SOL', '—', 'claimed'],
      ['sent', 'unclaimed', '123 raw', 'Unkn…1111', '—', 'cancelled?'],
      ['sent', 'unclaimed', '0.05', 'SOL', 'expired', 'expired?'],
    ],
  );
  assert.equal(nth(rows, 0).nearExpiry, true);
  assert.equal(rows.filter((r) => r.nearExpiry).length, 1);
  for (const r of rows) {
    const text = inviteSections(r)
      .flatMap((s) => s.entries.map((e) => `${e.key} ${e.value}`))
      .join('\n');
    assert.doesNotMatch(text, /undefined|NaN|[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
    assert.match(text, /creation_tx /);
    assert.match(text, /invite_pda /);
  }
  const memo = nth(inviteSections(nth(rows, 1)), 1).entries.find((e) => e.key === 'memo');
  assert.equal(memo?.value, 'thanks');
});

test('a sort puts the same element lines in a new order; a new width or a new response makes them again', () => {
  const p = fixture<Partial<Portfolio>>('portfolio-positions.json');
  const names = { symbolOf: () => undefined };
  const byValue = positionsBody(portfolioView(p, names, 'value'), 80);
  const byName = positionsBody(portfolioView(p, names, 'name'), 80);
  const text = (ls: typeof byValue) => ls.map((l) => l.text).sort();
  // the same lines, in another order (the chart's and platforms' order changes with the sort)
  assert.deepEqual(text(byName), text(byValue));
  assert.notDeepEqual(
    byName.map((l) => l.text),
    byValue.map((l) => l.text),
  );
  // every element's lines are kept; only the chart (a heading and a line a platform) and each
  // platform's blank line and heading are made again
  const platforms = portfolioView(p, names, 'value').platforms.length;
  assert.equal(byName.filter((l) => byValue.includes(l)).length, byValue.length - (1 + 3 * platforms));
  // another width measures again; another response (even an equal one) too
  assert.equal(positionsBody(portfolioView(p, names, 'name'), 60).filter((l) => byName.includes(l)).length, 0);
  const again = positionsBody(portfolioView(structuredClone(p), names, 'name'), 80);
  assert.equal(again.filter((l) => byName.includes(l)).length, 0);
  assert.deepEqual(
    again.map((l) => l.text),
    byName.map((l) => l.text),
  );
});
