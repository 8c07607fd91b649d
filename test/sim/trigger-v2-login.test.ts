// The login of the current order generation against the simulator: a challenge the wallet signs
// (the message form, and the transaction form for keys that only sign transactions), a JWT that
// opens every other call until it expires, and the refusals of a forged signature or token.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { generateKeyPairSigner, getBase64EncodedWireTransaction, getTransactionDecoder, signBytes } from '@solana/kit';
import { ApiError, createApiClient, RequestRuleError } from '../../src/api/index.js';
import type { SimHandle } from '../../src/sim/index.js';
import { seededBytes } from '../../src/sim/engine/random.js';
import { frozenSim, programsOf, signerAddresses } from '../support/simGroups.js';
import { call, session, signText, signTx, wallet } from './v2-support.js';
import { first } from '../support/narrow.js';

const MEMO = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr';
let sim: SimHandle;
before(async () => {
  sim = await frozenSim(21);
});
after(() => sim.stop());

const challenge = (walletPubkey: string, type = 'message') =>
  call(sim, 'POST', '/trigger/v2/auth/challenge', { walletPubkey, type });
const verify = (body: Record<string, unknown>) => call(sim, 'POST', '/trigger/v2/auth/verify', body);

test('the message form: a challenge signed by the wallet gives a JWT that opens the vault calls', async () => {
  const w = await wallet(sim);
  const c = await challenge(w.address);
  assert.equal(c.status, 200);
  assert.equal(c.body.type, 'message');
  assert.ok(c.body.challenge.includes(w.address), c.body.challenge);
  const v = await verify({ type: 'message', walletPubkey: w.address, signature: await signText(c.body.challenge, w) });
  assert.equal(v.status, 200, JSON.stringify(v.body));
  const claims = JSON.parse(Buffer.from(v.body.token.split('.')[1], 'base64url').toString());
  assert.equal(claims.sub, w.address);
  assert.equal(claims.exp - claims.iat, 86_400, 'valid 24 hours');
  const none = await call(sim, 'GET', '/trigger/v2/vault', undefined, v.body.token);
  assert.equal(none.status, 404);
  const made = await call(sim, 'GET', '/trigger/v2/vault/register', undefined, v.body.token);
  assert.equal(made.status, 201);
  assert.equal(made.body.userPubkey, w.address);
  assert.notEqual(made.body.vaultPubkey, w.address);
  const again = await call(sim, 'GET', '/trigger/v2/vault/register', undefined, v.body.token);
  assert.equal(again.status, 409);
  assert.equal(again.body.error, 'Vault already exists');
  assert.equal(again.body.details.vaultPubkey, made.body.vaultPubkey);
  const got = await call(sim, 'GET', '/trigger/v2/vault', undefined, v.body.token);
  assert.deepEqual(got.body, { ...made.body, privyUserId: null });
  // the challenge is spent
  const reused = await verify({
    type: 'message',
    walletPubkey: w.address,
    signature: await signText(c.body.challenge, w),
  });
  assert.equal(reused.status, 400);
  assert.equal(reused.body.error, 'Challenge not found');
});

test('a forged signature, a signature over another text, no challenge, an expired one: refused, no token', async () => {
  const w = await wallet(sim);
  const thief = await generateKeyPairSigner();
  const c = await challenge(w.address);
  const forged = await verify({
    type: 'message',
    walletPubkey: w.address,
    signature: await signText(c.body.challenge, thief),
  });
  assert.equal(forged.status, 401);
  assert.deepEqual(forged.body, { error: 'Invalid signature' });
  const otherText = await verify({ type: 'message', walletPubkey: w.address, signature: await signText('hello', w) });
  assert.equal(otherText.status, 401);
  const stranger = await generateKeyPairSigner();
  const never = await verify({
    type: 'message',
    walletPubkey: stranger.address,
    signature: await signText('x', stranger),
  });
  assert.equal(never.status, 400);
  assert.equal(never.body.error, 'Challenge not found');
  const late = await challenge(w.address);
  sim.advance(301);
  const expired = await verify({
    type: 'message',
    walletPubkey: w.address,
    signature: await signText(late.body.challenge, w),
  });
  assert.equal(expired.status, 401);
  assert.equal(expired.body.error, 'Challenge expired');
  // the form's own rules, as the client states them
  const mixed = await verify({ type: 'message', walletPubkey: w.address });
  assert.equal(mixed.status, 400);
  assert.deepEqual(mixed.body, {
    error: 'Request validation failed',
    details: { signature: 'is required with type "message"' },
  });
});

test('the transaction form: a memo transaction the wallet signs and nobody lands', async () => {
  const w = await wallet(sim);
  const c = await challenge(w.address, 'transaction');
  assert.equal(c.status, 200);
  assert.deepEqual(signerAddresses(c.body.transaction), [w.address]);
  assert.deepEqual(programsOf(c.body.transaction), [MEMO]);
  // the wallet's slot filled by another key's signature over the same message
  const thief = await generateKeyPairSigner();
  const tx = getTransactionDecoder().decode(Buffer.from(c.body.transaction, 'base64'));
  const stolen = await signBytes(thief.keyPair.privateKey, tx.messageBytes as unknown as Uint8Array);
  const forged = getBase64EncodedWireTransaction({
    ...tx,
    signatures: { ...tx.signatures, [w.address]: stolen },
  } as never);
  const refused = await verify({ type: 'transaction', walletPubkey: w.address, signedTransaction: forged });
  assert.equal(refused.status, 401);
  assert.deepEqual(refused.body, { error: 'Invalid signature' });
  const signed = await signTx(c.body.transaction, w);
  // a transaction with the same signer but another message is not the challenge
  const other = await challenge((await wallet(sim)).address, 'transaction');
  const elsewhere = await verify({
    type: 'transaction',
    walletPubkey: w.address,
    signedTransaction: other.body.transaction,
  });
  assert.equal(elsewhere.status, 401);
  const v = await verify({ type: 'transaction', walletPubkey: w.address, signedTransaction: signed });
  assert.equal(v.status, 200, JSON.stringify(v.body));
  assert.equal((await call(sim, 'GET', '/trigger/v2/vault/register', undefined, v.body.token)).status, 201);
  const landed = await fetch(sim.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'sendTransaction',
      params: [signed, { encoding: 'base64' }],
    }),
  }).then((r) => r.json() as Promise<{ error?: unknown }>);
  assert.ok(landed.error, 'a sign-in challenge does not land');
});

test('the token: none, forged, signed with another key, expired are all 401 Unauthorized', async () => {
  const s = await session(sim);
  const vault = (token?: string) => call(sim, 'GET', '/trigger/v2/vault', undefined, token);
  assert.equal((await vault(s.token)).status, 200);
  assert.deepEqual((await vault()).body, { error: 'Unauthorized' });
  assert.equal((await vault()).status, 401);
  const [head, body, sig] = first(s.token.split('.'), 3);
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString());
  const other = await wallet(sim);
  const swapped = Buffer.from(JSON.stringify({ ...claims, sub: other.address })).toString('base64url');
  assert.equal((await vault(`${head}.${swapped}.${sig}`)).status, 401, 'a payload changed under its signature');
  const resigned = `${head}.${body}.${Buffer.alloc(32, 7).toString('base64url')}`;
  assert.equal((await vault(resigned)).status, 401, 'signed with another secret');
  // a token signed with the simulator's own key whose 24 hours are over
  const now = Math.floor(sim.kernel.clock.nowMs() / 1000);
  const old = Buffer.from(JSON.stringify({ ...claims, iat: now - 86_401, exp: now - 1 })).toString('base64url');
  const secret = Buffer.from(seededBytes(21, 'trigger-v2-jwt-secret', 32));
  const mac = createHmac('sha256', secret).update(`${head}.${old}`).digest('base64url');
  assert.equal((await vault(`${head}.${old}.${mac}`)).status, 401, 'expired');
  const fresh = Buffer.from(JSON.stringify({ ...claims, exp: now + 60 })).toString('base64url');
  const good = createHmac('sha256', secret).update(`${head}.${fresh}`).digest('base64url');
  assert.equal((await vault(`${head}.${fresh}.${good}`)).status, 200, 'the same key, not expired: taken');
});

test('the client: login calls carry no token, the others refuse to go without one, and a refused token never shows', async () => {
  const w = await wallet(sim);
  const api = createApiClient({ baseUrl: sim.url, apiKey: 'k', retries: 0 });
  const c = await api.triggerV2.challenge({ walletPubkey: w.address, type: 'message' });
  assert.ok(c.challenge);
  const { token } = await api.triggerV2.verify({
    type: 'message',
    walletPubkey: w.address,
    signature: await signText(c.challenge, w),
  });
  const made = await api.triggerV2.registerVault({ token });
  assert.equal(made.userPubkey, w.address);
  assert.equal((await api.triggerV2.vault({ token })).vaultPubkey, made.vaultPubkey);
  const before = sim.requests().length;
  await assert.rejects(api.triggerV2.vault({}), (e: unknown) => e instanceof RequestRuleError && e.field === 'token');
  assert.equal(sim.requests().length, before, 'nothing sent without a token');
  const [head, body] = first(token.split('.'), 2);
  const forged = `${head}.${body}.${Buffer.alloc(32, 1).toString('base64url')}`;
  await assert.rejects(api.triggerV2.vault({ token: forged }), (e: unknown) => {
    assert.ok(e instanceof ApiError && e.status === 401);
    assert.ok(!e.message.includes(forged) && !e.message.includes(token), e.message);
    assert.match(e.message, /the login token was refused/);
    return true;
  });
  const sent = sim.requests().at(-1)!;
  assert.equal(sent.path, '/trigger/v2/vault');
  assert.ok(!JSON.stringify(sent).includes(body), 'the request log keeps no token');
});
