// The Invites screen in the whole app against the simulator over HTTP, at 80x24.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startDashboard, type Dashboard } from '../support/dashboard.js';
import { typeKeys, waitFor, waitForFrame } from '../support/ink.js';
import { textWidth } from '../../components/base/text.js';

const inviteRequests = (d: Dashboard, name: string) => d.sim.requests().filter((r) => r.path === `/send/v1/${name}`);
const rowLines = (frame: string) => frame.split('\n').filter((l) => /^[ ›](sent|received|—)\s/.test(l));

function assertFits(frame: string) {
  for (const l of frame.split('\n')) assert.ok(textWidth(l) <= 80, `line wider than 80: ${JSON.stringify(l)}`);
  assert.doesNotMatch(frame, /undefined|null|NaN/);
}

test('history: rows from the wallet side with countdowns; ] and moving past the last row page on', async (t) => {
  const d = await startDashboard({ columns: 80, rows: 24, screen: 'invites' });
  t.after(() => d.close());
  const first = await waitForFrame(d.app, (f) => f.includes('10 loaded, ] for more'), 8000);
  assertFits(first);
  // the footer offers ] as soon as there is a page to load (it was disabled before the first came):
  // in the same frame as the rows, not a clock tick later
  assert.match(first.split('\n').at(-1) ?? '', /\] more/);
  assert.match(first, /\[History\]/);
  const rows = rowLines(first);
  assert.equal(rows.length, 10);
  // direction, counterparty, amount and symbol in token units, created, expiry countdown, status
  assert.ok(
    rows.some((l) => /sent\s+unclaimed\s+[\d.,]+ (SOL|USDC)\s+\d+[smhd] ago\s+\d+d( \d{1,2}h)? created/.test(l)),
    first,
  );
  assert.ok(
    rows.every((l) => !/\d{7,}/.test(l)),
    'amounts are in token units, not base units',
  );
  assert.deepEqual(
    inviteRequests(d, 'invite-history').map((r) => r.query.page ?? '1'),
    ['1'],
  );

  await typeKeys(d.app, ']');
  await waitFor(() => inviteRequests(d, 'invite-history').some((r) => r.query.page === '2'), 'page 2 requested', 5000);
  const second = await waitForFrame(d.app, (f) => /20 loaded/.test(f), 5000);
  assertFits(second);
  // moving past the last row asks for page 3
  await typeKeys(d.app, 'G');
  await waitFor(() => rowLines(d.app.lastFrame() ?? '').length > 0, 'rows');
  await typeKeys(d.app, 'j');
  await waitFor(() => inviteRequests(d, 'invite-history').some((r) => r.query.page === '3'), 'page 3 requested', 5000);
  const third = await waitForFrame(d.app, (f) => /\d+ loaded, all/.test(f) || /30 loaded/.test(f), 5000);
  assertFits(third);
  // every row loaded so far, page by page from the top: invites received show their sender
  await typeKeys(d.app, 'g');
  const seen = new Set<string>();
  for (let i = 0; i < 6; i++) {
    for (const l of rowLines(d.app.lastFrame() ?? '')) seen.add(l);
    await typeKeys(d.app, 'pagedown');
  }
  const all = [...seen].join('\n');
  assert.match(all, /received\s+[1-9A-HJ-NP-Za-km-z]{4}…[1-9A-HJ-NP-Za-km-z]{4}/);
  assert.match(all, /claimed/);
  // the number keys always leave
  await typeKeys(d.app, '5');
  assert.equal(d.services.session.getState().screen, 'portfolio');
});

test('pending view (v), Enter shows every field and Esc returns; invites near expiry are marked', async (t) => {
  let shift = 0;
  const d = await startDashboard({ columns: 80, rows: 24, screen: 'invites', now: () => Date.now() + shift });
  t.after(() => d.close());
  await waitForFrame(d.app, (f) => f.includes('loaded'), 8000);
  await typeKeys(d.app, 'v');
  await waitFor(() => inviteRequests(d, 'pending-invites').length > 0, 'a pending-invites request', 5000);
  const pending = await waitForFrame(d.app, (f) => f.includes('[Pending]') && f.includes('loaded'), 5000);
  const rows = rowLines(pending);
  assert.ok(rows.length > 0);
  assert.ok(
    rows.every((l) => /\s(\d+d( \d{1,2}h)?|\d+h( \d{1,2}m)?)\s+created/.test(l)),
    pending,
  );
  assert.doesNotMatch(pending, /expire within 24h/);

  await typeKeys(d.app, 'enter');
  const detail = await waitForFrame(d.app, (f) => f.includes('Every field'));
  for (const field of [
    'action',
    'confirmed',
    'sender',
    'receiver',
    'mint',
    'amount',
    'creation_time',
    'expiry',
    'invite_signer',
    'invite_pda',
  ])
    assert.match(detail, new RegExp(`^${field}\\s`, 'm'));
  await typeKeys(d.app, 'G');
  assert.match(d.app.lastFrame() ?? '', /creation_tx\s+[1-9A-HJ-NP-Za-km-z]{60,}/);
  await typeKeys(d.app, 'escape');
  await waitForFrame(d.app, (f) => f.includes('[Pending]'));

  // later (client clock), when the last pending invite is 12 hours from its expiry, it is marked
  const listed = await d.services.api.send.pendingInvites({ address: d.wallet.address });
  const lastExpiry = Math.max(...listed.invites.map((i) => Date.parse(i.expiry)));
  shift = lastExpiry - Date.now() - 12 * 3_600_000;
  const soon = await waitForFrame(d.app, (f) => /! \d+ expire within 24h/.test(f), 5000);
  assert.ok(
    rowLines(soon).some((l) => /! 1[12]h created/.test(l)),
    soon,
  );
  shift = 30 * 24 * 3_600_000;
  const later = await waitForFrame(
    d.app,
    (f) => rowLines(f).length > 0 && rowLines(f).every((l) => /expired/.test(l)),
    5000,
  );
  assertFits(later);
});

test('with no wallet the screen says so and asks nothing', async (t) => {
  const d = await startDashboard({ columns: 80, rows: 24, screen: 'invites', noWallet: true });
  t.after(() => d.close());
  await waitForFrame(d.app, (f) => f.includes('No wallet is configured'), 5000);
  await typeKeys(d.app, ']');
  await waitForFrame(d.app, (f) => f.includes('no wallet'));
  assert.equal(inviteRequests(d, 'invite-history').length, 0);
});

test(':invites ADDRESS looks at another address (sides from its point of view), mine goes back; a bad word is named', async (t) => {
  const d = await startDashboard({ columns: 80, rows: 24, screen: 'invites' });
  t.after(() => d.close());
  await waitForFrame(d.app, (f) => f.includes('10 loaded'), 8000);
  const other = 'BPFLoaderUpgradeab1e11111111111111111111111';
  d.sim.fund(other);
  await typeKeys(d.app, ':', `invites ${other}`, 'enter');
  await waitFor(
    () => inviteRequests(d, 'invite-history').some((r) => r.query.address === other),
    'a listing of the other address',
    5000,
  );
  const theirs = await waitForFrame(d.app, (f) => f.includes('of BPFL…1111') && f.includes('loaded'), 5000);
  assertFits(theirs);
  assert.ok(rowLines(theirs).length > 0, theirs);
  // the rows are the other address's, as the service lists them for it
  const listed = await d.services.api.send.inviteHistory({ address: other });
  const directions = rowLines(theirs).map((l) => /^[ ›](sent|received)\s/.exec(l)?.[1]);
  assert.deepEqual(
    directions,
    listed.invites.map((i) => (i.sender === other ? 'sent' : 'received')),
  );

  // the pending view of that address
  await typeKeys(d.app, ':', 'invites pending', 'enter');
  await waitFor(
    () => inviteRequests(d, 'pending-invites').some((r) => r.query.address === other),
    'pending of the other address',
    5000,
  );
  await waitForFrame(d.app, (f) => f.includes('of BPFL…1111') && f.includes('[Pending]'), 5000);

  // back to the wallet's own
  await typeKeys(d.app, ':', 'invites history mine', 'enter');
  const mine = await waitForFrame(
    d.app,
    (f) => f.includes('[History]') && !f.includes('of BPFL') && f.includes('loaded'),
    5000,
  );
  assertFits(mine);

  await typeKeys(d.app, ':', 'invites nobody', 'enter');
  await waitForFrame(d.app, (f) => f.includes('"nobody" is not a view (history, pending), an address or mine'), 3000);
});

test('with no wallet, :invites ADDRESS lists that address', async (t) => {
  const d = await startDashboard({ columns: 80, rows: 24, screen: 'invites', noWallet: true });
  t.after(() => d.close());
  await waitForFrame(d.app, (f) => f.includes(':invites ADDRESS looks at any address'), 5000);
  const other = 'BPFLoaderUpgradeab1e11111111111111111111111';
  d.sim.fund(other);
  await typeKeys(d.app, ':', `invites ${other}`, 'enter');
  const frame = await waitForFrame(d.app, (f) => f.includes('of BPFL…1111') && f.includes('10 loaded'), 8000);
  assert.equal(rowLines(frame).length, 10);
  assert.ok(inviteRequests(d, 'invite-history').every((r) => r.query.address === other));
});
