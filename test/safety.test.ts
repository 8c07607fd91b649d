// The safety card without the UI: the facts of a token record, "—" for what it leaves out, the red
// line and the typed `yes` only for an unverified token with a live freeze or mint authority, and
// service text that cannot reach the terminal as control characters.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Token } from '../src/api/types.js';
import { needsCard, safetyCard, safetyConfirmation, safetySummary } from '../src/safety/card.js';
import { TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from '../src/wallet/instructions.js';
import { tokenRead } from './support/apiFixtures.js';
import { nth } from './support/narrow.js';
import { NATIVE_MINT, USDC_MINT } from '../src/chain/mints.js';

const MINT = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU';
const NOW = Date.parse('2025-06-01T12:00:00Z');
const risky: Token = tokenRead({
  id: MINT,
  symbol: 'FRZ',
  name: 'Frozen Frog',
  decimals: 6,
  isVerified: false,
  organicScore: 12.4,
  organicScoreLabel: 'low',
  holderCount: 1234,
  liquidity: 41_000,
  tokenProgram: TOKEN_2022_PROGRAM,
  firstPool: { id: 'pool', createdAt: '2025-05-29T12:00:00Z' },
  audit: { mintAuthorityDisabled: true, freezeAuthorityDisabled: false, topHoldersPercentage: 61.25 },
});

test('an unverified token with a live freeze authority: the red line first, every fact, and a typed yes', () => {
  const card = safetyCard(MINT, risky, NOW);
  assert.equal(card.risky, true);
  assert.equal(safetyConfirmation(card), 'yes');
  assert.deepEqual(card.facts, {
    verified: 'no',
    organic: 'low (12/100)',
    mintAuthority: 'disabled',
    freezeAuthority: 'LIVE',
    topHolders: '61.25%',
    holders: '1,234',
    liquidity: '$41.0K',
    age: '3d',
    program: 'TOKEN-2022 (extensions such as transfer fees possible)',
  });
  const lines = safetySummary(card);
  assert.equal(nth(lines, 0).label, 'RISK');
  assert.equal(nth(lines, 0).emphasis, 'danger');
  assert.equal(nth(lines, 0).value, 'UNVERIFIED with live freeze authority: the issuer can freeze your tokens');
  assert.match(
    nth(lines, 1).value,
    /NOT VERIFIED · organic low \(12\/100\) · 1,234 holders · liquidity \$41.0K · age 3d/,
  );
  assert.match(
    nth(lines, 2).value,
    /mint authority disabled · freeze authority LIVE · top holders 61\.25% · TOKEN-2022/,
  );
  assert.equal(nth(lines, 2).emphasis, 'danger');
  const both = safetyCard(
    MINT,
    { ...risky, isVerified: null, audit: { mintAuthorityDisabled: false, freezeAuthorityDisabled: false } },
    NOW,
  );
  assert.equal(both.risky, true, 'isVerified null is not verified');
  assert.match(both.danger!, /live freeze and mint authority: the issuer can freeze your tokens and mint more at will/);
});

test('verified, or authorities disabled or unknown: no red line, no typed word', () => {
  const verified = safetyCard(MINT, { ...risky, isVerified: true }, NOW);
  assert.equal(verified.risky, false);
  assert.equal(safetyConfirmation(verified), undefined);
  assert.notEqual(nth(verified.lines, 0).label, 'RISK');
  assert.equal(
    safetyCard(MINT, { ...risky, audit: { mintAuthorityDisabled: true, freezeAuthorityDisabled: true } }, NOW).risky,
    false,
  );
  const bare = safetyCard(MINT, tokenRead({ id: MINT, symbol: 'BARE', name: 'Bare', decimals: 6 }), NOW);
  assert.equal(bare.risky, false, 'authorities the record leaves out are not called live');
  assert.deepEqual(bare.facts, {
    verified: 'unknown',
    organic: '—',
    mintAuthority: '—',
    freezeAuthority: '—',
    topHolders: '—',
    holders: '—',
    liquidity: '—',
    age: '—',
    program: 'program —',
  });
  assert.equal(
    safetyCard(MINT, { ...risky, tokenProgram: TOKEN_PROGRAM, isVerified: true }, NOW).facts?.program,
    'SPL Token',
  );
  const unknown = safetyCard(MINT, undefined, NOW);
  assert.equal(unknown.known, false);
  assert.match(nth(unknown.lines, 0).value, /no token data seen for this mint/);
  assert.equal(needsCard(NATIVE_MINT), false);
  assert.equal(needsCard(USDC_MINT), false);
  assert.equal(needsCard(MINT), true);
});

test('control characters in the service text never reach the card', () => {
  const card = safetyCard(MINT, { ...risky, symbol: 'EV\x1b[2JIL\x07', organicScoreLabel: 'low\x1b]0;x\x07' }, NOW);
  for (const l of card.lines) assert.doesNotMatch(`${l.label}${l.value}`, /[\x00-\x1f\x7f-\x9f]/);
  assert.equal(card.symbol, 'EVIL');
});
