// What the Invites screen lists for any funded wallet: invites it sent and invites it received,
// every action, expiries behind and ahead, and more than one page of history and of pending.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { SimHandle } from '../../src/sim/index.js';
import { inviteAt, planInvites } from '../../src/sim/groups/send-history.js';
import { frozenSim, get, newWallet } from '../support/simGroups.js';
let sim: SimHandle;

before(async () => {
  sim = await frozenSim(41);
});
after(() => sim.stop());

async function page(path: string, address: string, n: number) {
  const r = await get(sim, path, { address, page: n });
  assert.equal(r.status, 200, JSON.stringify(r.body));
  return r.body as { invites: any[]; hasMoreData: boolean };
}

async function all(path: string, address: string) {
  const out: any[] = [];
  for (let n = 1; n < 20; n++) {
    const p = await page(path, address, n);
    out.push(...p.invites);
    if (!p.hasMoreData) return out;
  }
  throw new Error('hasMoreData never ended');
}

test('page 1 of the history and of the pending invites both have more data behind them', async () => {
  for (let i = 0; i < 3; i++) {
    const w = await newWallet(sim);
    const h1 = await page('/send/v1/invite-history', w.address, 1);
    assert.equal(h1.invites.length, 10);
    assert.equal(h1.hasMoreData, true);
    const h3 = await page('/send/v1/invite-history', w.address, 3);
    assert.ok(h3.invites.length > 0, 'at least three pages of history');
    const p1 = await page('/send/v1/pending-invites', w.address, 1);
    assert.equal(p1.invites.length, 10);
    assert.equal(p1.hasMoreData, true);
    const p2 = await page('/send/v1/pending-invites', w.address, 2);
    assert.ok(p2.invites.length >= 1);
    const noPage = await get(sim, '/send/v1/pending-invites', { address: w.address });
    assert.deepEqual(noPage.body, p1, 'page defaults to 1');
  }
});

test('the history holds invites the wallet sent and invites it received, with every action', async () => {
  const w = await newWallet(sim);
  const history = await all('/send/v1/invite-history', w.address);
  const sent = history.filter((i) => i.sender === w.address);
  const received = history.filter((i) => i.receiver === w.address);
  assert.ok(received.length >= 2, 'invites the wallet claimed from others');
  for (const i of received) {
    assert.notEqual(i.sender, w.address);
    assert.equal(i.action, 'claimed');
    assert.ok(i.deletion_tx && i.deletion_time);
  }
  const actions = new Set(sent.map((i) => i.action));
  for (const a of ['created', 'claimed', 'clawback', 'expired'])
    assert.ok(actions.has(a), `a sent invite that is ${a}`);
  for (const i of sent.filter((x) => x.action === 'claimed')) assert.ok(i.receiver && i.receiver !== w.address);
  for (const i of sent.filter((x) => x.action === 'clawback')) assert.equal(i.receiver, null);
});

test('expiries lie both behind and ahead; a pending invite turns expired when its expiry passes', async () => {
  const w = await newWallet(sim);
  const now = sim.kernel.clock.nowMs();
  const history = await all('/send/v1/invite-history', w.address);
  const expiries = history.map((i) => Date.parse(i.expiry));
  assert.ok(
    expiries.some((e) => e < now),
    'an expiry in the past',
  );
  assert.ok(
    expiries.some((e) => e > now),
    'an expiry in the future',
  );
  const pending = await all('/send/v1/pending-invites', w.address);
  assert.ok(pending.length >= 11);
  assert.ok(pending.every((i) => i.action === 'created' && i.sender === w.address && Date.parse(i.expiry) > now));

  // the state at a later time is derived from the same plan (advancing nine simulated days
  // slot by slot is slow, so this part asks the plan directly)
  const plan = planInvites(41, w.address, Math.floor(now / 3_600_000) * 3_600_000);
  // (a pending invite that will be claimed or clawed back before its expiry never expires: only
  // those nothing happens to are asked about; a wallet always has 11 of them)
  const soonest = plan
    .filter((p) => p.outcome === null && pending.some((i) => i.invite_pda === p.invite_pda))
    .reduce((a, b) => (a.expiryMs < b.expiryMs ? a : b));
  assert.equal(inviteAt(soonest, soonest.expiryMs - 1).action, 'created');
  const expired = inviteAt(soonest, soonest.expiryMs);
  assert.equal(expired.action, 'expired');
  assert.equal(expired.deletion_tx, null);
});
