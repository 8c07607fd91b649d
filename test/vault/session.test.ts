// The vault's login against the simulator: a key file signs the challenge's text; a key that can
// only sign transactions (a Ledger) signs the memo transaction, never sent; the token is asked for
// once, used for every call, asked again when the service answers 401, and never shown (each login
// told to whoever follows the vault, and whether one is held); a challenge
// that is not only text, or a challenge transaction that does more than carry a memo, is refused
// unsigned.
import { test } from 'node:test';
import { nth } from '../support/narrow.js';
import assert from 'node:assert/strict';
import { inspect } from 'node:util';
import { rig, newWallet } from '../support/clientSim.js';
import { createVaultSession, challengeTextProblem, VaultLoginError } from '../../src/vault/session.js';
import type { Wallet } from '../../src/wallet/keypair.js';
import type { ApiClient } from '../../src/api/index.js';
import { appendInstructions, instruction } from '../support/rewrite.js';
import { randomAddress } from '../support/tx.js';

test('a key file logs in with the text, once; a 401 logs in again; the token is never shown', async (t) => {
  const r = await rig();
  t.after(() => r.stop());
  const w = await newWallet(r.sim);
  // the session's own clock: moved a day on below, so that its token is near its end
  let later = 0;
  const now = () => r.sim.kernel.clock.nowMs() + later;
  const session = createVaultSession({ api: r.api, wallet: w, now });
  // what the dashboard's follower of the vault asks: no login before the first, each one told
  let told = 0;
  session.subscribe(() => told++);
  assert.equal(session.everLoggedIn(), false);
  assert.equal(session.loggedIn(), false);
  const mark = r.mark();
  const made = await session.authed((o) => r.api.triggerV2.registerVault(o));
  assert.equal(told, 1);
  assert.equal(session.everLoggedIn(), true);
  assert.equal(session.loggedIn(), true);
  assert.equal(made.userPubkey, w.address);
  await session.authed((o) => r.api.triggerV2.vault(o));
  const paths = r.since(mark).map((q) => q.path);
  assert.deepEqual(paths, [
    '/trigger/v2/auth/challenge',
    '/trigger/v2/auth/verify',
    '/trigger/v2/vault/register',
    '/trigger/v2/vault',
  ]);
  assert.deepEqual(nth(r.since(mark), 0).body, { walletPubkey: w.address, type: 'message' });
  let token = '';
  await session.authed(async (o) => void (token = o.token));
  later = 24 * 3600_000 - 60_000;
  // near its end the token is not one a call can use without a new login
  assert.equal(session.loggedIn(), false);
  assert.equal(session.everLoggedIn(), true);
  const again = r.mark();
  // a token near its end is renewed before the call: no 401 seen
  await session.authed((o) => r.api.triggerV2.vault(o));
  assert.deepEqual(
    r.since(again).map((q) => `${q.path} ${q.status}`),
    ['/trigger/v2/auth/challenge 200', '/trigger/v2/auth/verify 200', '/trigger/v2/vault 200'],
  );
  // a 401 for a token the client still holds: one more login, the call made again
  let calls = 0;
  const refusedOnce = await session.authed(async (o) => {
    calls++;
    if (calls === 1) {
      const { ApiError } = await import('../../src/api/errors.js');
      throw new ApiError('HTTP 401', {
        kind: 'http',
        endpoint: 'GET /trigger/v2/vault',
        status: 401,
        retryable: false,
      });
    }
    return r.api.triggerV2.vault(o);
  });
  assert.equal(refusedOnce.userPubkey, w.address);
  assert.equal(calls, 2);
  assert.equal(told, r.since(mark).filter((q) => q.path === '/trigger/v2/auth/verify').length, 'each login told');
  for (const shown of [JSON.stringify(session), inspect(session, { depth: 5 }), String(session)])
    assert.equal(shown.includes(token), false, shown);
});

test('a Ledger (transactions only) signs the memo transaction; one that does more than carry a memo is refused unsigned', async (t) => {
  const r = await rig();
  t.after(() => r.stop());
  const w = await newWallet(r.sim);
  let signedCount = 0;
  const ledger = {
    kind: 'ledger',
    address: w.address,
    signer: {
      address: w.address,
      name: "ledger 44'/501'/0'",
      canSignUnattended: false,
      sign: (m: Uint8Array) => {
        signedCount++;
        return w.signer.sign(m);
      },
    },
  } as unknown as Wallet;
  const now = () => r.sim.kernel.clock.nowMs();
  const mark = r.mark();
  const session = createVaultSession({ api: r.api, wallet: ledger, now });
  await session.authed((o) => r.api.triggerV2.registerVault(o));
  const sent = r.since(mark);
  assert.deepEqual(nth(sent, 0).body, { walletPubkey: w.address, type: 'transaction' });
  assert.equal((nth(sent, 1).body as { type: string }).type, 'transaction');
  assert.equal(signedCount, 1);
  assert.equal(
    sent.filter((q) => q.path === '/rpc' && JSON.stringify(q.body).includes('sendTransaction')).length,
    0,
    'never sent',
  );

  // a challenge transaction that also moves SOL: refused, not signed
  const evil: ApiClient = {
    ...r.api,
    triggerV2: {
      ...r.api.triggerV2,
      challenge: async (b, o) => {
        const c = await r.api.triggerV2.challenge(b, o);
        const to = randomAddress();
        const data = Buffer.alloc(12);
        data.writeUInt32LE(2, 0);
        data.writeBigUInt64LE(1_000_000n, 4);
        return {
          ...c,
          transaction: appendInstructions(
            c.transaction!,
            instruction(
              '11111111111111111111111111111111',
              [
                [w.address, 'ws'],
                [to, 'w'],
              ],
              data,
            ),
          ),
        };
      },
    },
  };
  const before = signedCount;
  const bad = createVaultSession({ api: evil, wallet: ledger, now });
  await assert.rejects(
    bad.authed((o) => r.api.triggerV2.vault(o)),
    (e: unknown) =>
      e instanceof VaultLoginError && /challenge transaction (was refused|does more than carry a memo)/.test(e.message),
  );
  assert.equal(signedCount, before, 'nothing signed');
});

test('a challenge text that is not only text is refused unsigned', async (t) => {
  for (const [text, why] of [
    ['', /empty/],
    ['x'.repeat(2001), /longer than 2000/],
    ['\u0080\u0001\u0000abc', /control characters/],
    ['Sign in\u202e', /control characters/],
  ] as const)
    assert.match(challengeTextProblem(text) ?? '', why, JSON.stringify(text).slice(0, 30));
  assert.equal(challengeTextProblem('Sign in to the trading service.\nNonce: 1'), undefined);

  const r = await rig();
  t.after(() => r.stop());
  const w = await newWallet(r.sim);
  let signed = 0;
  const counting = { ...w, signer: { ...w.signer, sign: (m: Uint8Array) => (signed++, w.signer.sign(m)) } } as Wallet;
  const evil: ApiClient = {
    ...r.api,
    triggerV2: {
      ...r.api.triggerV2,
      // a transaction's message passed off as a text
      challenge: async () => ({ type: 'message' as const, challenge: '\u0001\u0000\u0001\u0003abc' }),
    },
  };
  const s = createVaultSession({ api: evil, wallet: counting, now: Date.now });
  await assert.rejects(
    s.authed(async () => 1),
    /control characters, so it is not only text; nothing signed/,
  );
  assert.equal(signed, 0);
});
