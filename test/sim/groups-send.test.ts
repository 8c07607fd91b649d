import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { SimHandle } from '../../src/sim/index.js';
import { frozenSim, get, newWallet, oneOf, shape } from '../support/simGroups.js';

let sim: SimHandle;

before(async () => {
  sim = await frozenSim(5);
});
after(() => sim.stop());

const INVITE_FIELDS = {
  invite_signer: 'address',
  invite_pda: 'address',
  sender: 'address',
  mint: 'address',
  expiry: 'iso',
  creation_time: 'iso',
  amount: 'raw',
  creation_tx: 'string',
  deletion_tx: 'string|null',
  receiver: 'address|null',
  deletion_time: 'iso|null',
  action: 'string',
  confirmed: 'boolean',
};

async function allPages(s: SimHandle, path: string, address: string) {
  const invites: any[] = [];
  for (let page = 1; page < 10; page++) {
    const r = await get(s, path, { address, page });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    shape(r.body, { invites: 'array', hasMoreData: 'boolean' }, path);
    for (const i of r.body.invites) {
      shape(i, INVITE_FIELDS, 'invite');
      oneOf(i.action, ['created', 'claimed', 'clawback', 'expired'], 'invite.action');
    }
    invites.push(...r.body.invites);
    if (!r.body.hasMoreData) {
      assert.ok(r.body.invites.length <= 10);
      return invites;
    }
    assert.equal(r.body.invites.length, 10, 'a page with more data after it is full');
  }
  throw new Error('hasMoreData never became false');
}

test('a funded wallet has a seeded invite history, paged 10 at a time with hasMoreData', async () => {
  const w = await newWallet(sim);
  const history = await allPages(sim, '/send/v1/invite-history', w.address);
  assert.ok(history.length >= 22 && history.length <= 32, `${history.length} invites`);
  assert.equal(new Set(history.map((i) => i.invite_pda)).size, history.length, 'no invite twice');
  const times = history.map((i) => Date.parse(i.creation_time));
  assert.deepEqual(
    times,
    [...times].sort((a, b) => b - a),
    'newest first',
  );
  for (const i of history) {
    assert.ok(i.sender === w.address || i.receiver === w.address);
    if (i.action === 'claimed') assert.ok(i.receiver && i.deletion_tx && i.deletion_time);
    if (i.action === 'created') assert.equal(i.deletion_tx, null);
    if (i.action === 'created') assert.ok(Date.parse(i.expiry) > sim.kernel.clock.nowMs());
    if (i.action === 'expired') assert.ok(Date.parse(i.expiry) <= sim.kernel.clock.nowMs());
  }
  const pending = await allPages(sim, '/send/v1/pending-invites', w.address);
  assert.ok(pending.every((i) => i.action === 'created' && i.sender === w.address));
  assert.deepEqual(
    pending.map((i) => i.invite_pda),
    history.filter((i) => i.action === 'created' && i.sender === w.address).map((i) => i.invite_pda),
  );
  const beyond = await get(sim, '/send/v1/invite-history', { address: w.address, page: 9 });
  assert.deepEqual(beyond.body, { invites: [], hasMoreData: false });
});

test('the same seed gives the same history; an unfunded address has none; bad input is refused', async () => {
  const w = await newWallet(sim);
  const first = await allPages(sim, '/send/v1/invite-history', w.address);
  const twin = await frozenSim(5);
  try {
    twin.fund(w.address);
    assert.deepEqual(await allPages(twin, '/send/v1/invite-history', w.address), first);
  } finally {
    await twin.stop();
  }
  const other = await frozenSim(6);
  try {
    other.fund(w.address);
    assert.notDeepEqual(await allPages(other, '/send/v1/invite-history', w.address), first);
  } finally {
    await other.stop();
  }
  const empty = await newWallet(sim, false);
  for (const path of ['/send/v1/invite-history', '/send/v1/pending-invites']) {
    const r = await get(sim, path, { address: empty.address });
    assert.deepEqual(r.body, { invites: [], hasMoreData: false });
    const bad = await get(sim, path, { address: 'xyz' });
    assert.equal(bad.status, 400);
    assert.match(JSON.stringify(bad.body), /address/);
    const page0 = await get(sim, path, { address: w.address, page: 0 });
    assert.equal(page0.status, 400);
    assert.match(JSON.stringify(page0.body), /page/);
  }
  const missing = await get(sim, '/send/v1/invite-history', {});
  assert.equal(missing.status, 400);
});
