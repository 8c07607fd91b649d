// The safety card in the swap confirm dialog, against the real simulator at 80x24: buying a token
// the simulator lists as unverified with a live freeze authority shows the red line first and the
// facts, and only a typed `yes` signs (y does not); a verified token gets the card and a plain y/n.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TOKEN_CATEGORIES } from '../../src/api/contract/tokens.js';
import type { Token } from '../../src/api/types.js';
import { typeKeys, waitFor, waitForFrame } from '../support/ink.js';
import { startDashboard, type Dashboard } from '../support/dashboard.js';

async function listed(d: Dashboard): Promise<Token[]> {
  const all = new Map<string, Token>();
  for (const category of TOKEN_CATEGORIES)
    for (const t of await d.services.api.tokens.list({ category, interval: '24h', limit: 100 })) all.set(t.id, t);
  return [...all.values()];
}

test('buying an unverified token with a live freeze authority: the red card, then only a typed yes signs', async (t) => {
  const d = await startDashboard({ columns: 80, rows: 24 });
  t.after(() => d.close());
  await waitForFrame(d.app, (f) => /^›\s+1\s/m.test(f), 10_000);
  const tokens = await listed(d);
  const risky = tokens.find(
    (x) => x.isVerified === false && x.audit?.freezeAuthorityDisabled === false && (x.liquidity ?? 0) > 100_000,
  );
  assert.ok(risky, 'the simulator lists an unverified token with a live freeze authority');
  // the catalog knows it (the Swap screen resolves through it)
  d.services.catalog.getState().applyList('toptrending/24h/100', tokens, Date.now());

  await typeKeys(d.app, ':', `swap 0.05 SOL ${risky.id}`, 'enter');
  const frame = await waitForFrame(d.app, (f) => f.includes('type yes + Enter confirm'), 15_000);
  if (process.env.SHOW) console.log(frame);
  for (const l of frame.split('\n')) assert.ok([...l].length <= 80, `wider than 80: ${l}`);
  assert.match(frame, /!RISK\s+UNVERIFIED with live freeze authority/, 'the red line, marked without colour too');
  assert.match(frame, /Safety \S+\s+NOT VERIFIED · organic/);
  assert.match(frame, /freeze authority LIVE/);
  assert.equal(frame.indexOf('RISK') < frame.indexOf('Your balances'), true, 'the card comes before the trade');

  await typeKeys(d.app, 'y', 'enter');
  await waitForFrame(d.app, (f) => f.includes('Type "yes" exactly'), 3000);
  assert.equal(d.services.confirm.getState().queue.length, 1, 'y did not sign');
  await typeKeys(d.app, 'backspace', 'pagedown', 'pagedown', 'pagedown', 'pagedown', 'yes', 'enter');
  await waitFor(() => d.services.confirm.getState().queue.length === 0, 'the dialog closed', 5000);
  await waitFor(async () => (await d.services.journal!.entries()).length >= 1, 'signed and journalled after yes', 5000);
});

test('buying a verified token: the card (verified, authorities disabled), and y / n as usual', async (t) => {
  const d = await startDashboard({ columns: 80, rows: 24 });
  t.after(() => d.close());
  await waitForFrame(d.app, (f) => /^›\s+1\s/m.test(f), 10_000);
  d.services.catalog.getState().applyList('toptrending/24h/100', await listed(d), Date.now());
  await typeKeys(d.app, ':', 'swap 0.05 SOL JUP', 'enter');
  const frame = await waitForFrame(d.app, (f) => f.includes('y confirm'), 15_000);
  assert.match(frame, /Safety JUP\s+verified · organic/);
  assert.match(frame, /mint authority disabled · freeze authority disabled/);
  assert.doesNotMatch(frame, /RISK/);
  await typeKeys(d.app, 'n');
  await waitFor(() => d.services.confirm.getState().queue.length === 0, 'cancelled', 3000);
  // selling for SOL or buying USDC is not buying a token: no card
  await typeKeys(d.app, ':', 'swap 0.05 SOL USDC', 'enter');
  const sell = await waitForFrame(d.app, (f) => f.includes('y confirm'), 15_000);
  assert.doesNotMatch(sell, /Safety/);
  await typeKeys(d.app, 'n');
});
