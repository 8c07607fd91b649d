// Helpers of the tests of the service's current generation against the simulator: plain fetch
// (not the project's client), real ed25519 signatures, the login done as a wallet does it, and
// every 2xx answer of an operation checked with the client's own answer schema.
import assert from 'node:assert/strict';
import { getBase58Decoder, signBytes, type KeyPairSigner } from '@solana/kit';
import { checkResponse } from '../../src/api/index.js';
import { coreOf } from '../../src/sim/engine/core.js';
import type { SimHandle } from '../../src/sim/index.js';
import { operationAt, signTx, wallet } from '../support/simHttp.js';

export { signTx, wallet };

export interface Answer<T = any> {
  status: number;
  body: T;
}

/** A request to the simulator as a client sends it; a 2xx answer of an operation must pass its answer schema. */
export async function call<T = any>(
  sim: SimHandle,
  method: 'GET' | 'POST' | 'PATCH',
  path: string,
  body?: unknown,
  token?: string,
): Promise<Answer<T>> {
  const res = await fetch(sim.url + path, {
    method,
    headers: {
      'x-api-key': 'test-key',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  const parsed = text ? JSON.parse(text) : undefined;
  const op = operationAt(method, path);
  if (res.status >= 200 && res.status < 300 && op)
    checkResponse(`${method} ${op.path}`, op.response, structuredClone(parsed));
  return { status: res.status, body: parsed };
}

/** Signs a message challenge's text: base58 of the 64-byte signature, as a wallet's signMessage gives. */
export async function signText(text: string, signer: KeyPairSigner): Promise<string> {
  const sig = await signBytes(signer.keyPair.privateKey, new TextEncoder().encode(text));
  return getBase58Decoder().decode(sig);
}

export interface Session {
  w: KeyPairSigner;
  token: string;
  vault: string;
}

/** A funded wallet logged in (the message form) with its vault registered. */
export async function session(sim: SimHandle, signer?: KeyPairSigner): Promise<Session> {
  const w = signer ?? (await wallet(sim));
  const c = await call(sim, 'POST', '/trigger/v2/auth/challenge', { walletPubkey: w.address, type: 'message' });
  assert.equal(c.status, 200, JSON.stringify(c.body));
  const v = await call(sim, 'POST', '/trigger/v2/auth/verify', {
    type: 'message',
    walletPubkey: w.address,
    signature: await signText(c.body.challenge, w),
  });
  assert.equal(v.status, 200, JSON.stringify(v.body));
  const r = await call(sim, 'GET', '/trigger/v2/vault/register', undefined, v.body.token);
  assert.equal(r.status, 201, JSON.stringify(r.body));
  return { w, token: v.body.token, vault: r.body.vaultPubkey };
}

/** POST /trigger/v2/deposit/craft for the session's wallet (another userAddress may be given). */
export function craft(sim: SimHandle, s: Session, body: Record<string, unknown>): Promise<Answer> {
  return call(sim, 'POST', '/trigger/v2/deposit/craft', { userAddress: s.w.address, ...body }, s.token);
}

/** Crafts a deposit, signs it with the wallet, and creates the order of `path` with it; answers the create's body. */
export async function fund(
  sim: SimHandle,
  s: Session,
  deposit: { inputMint: string; outputMint: string; amount: string; orderType: 'price' | 'dca'; orderSubType?: string },
  path: '/trigger/v2/orders/price' | '/trigger/v2/orders/dca',
  order: Record<string, unknown>,
): Promise<{ id: string; txSignature: string; deposit: any }> {
  const d = await craft(sim, s, deposit);
  assert.equal(d.status, 200, JSON.stringify(d.body));
  const created = await call(
    sim,
    'POST',
    path,
    {
      depositRequestId: d.body.requestId,
      depositSignedTx: await signTx(d.body.transaction, s.w),
      userPubkey: s.w.address,
      inputMint: deposit.inputMint,
      outputMint: deposit.outputMint,
      inputAmount: deposit.amount,
      ...order,
    },
    s.token,
  );
  assert.equal(created.status, 200, JSON.stringify(created.body));
  return { ...created.body, deposit: d.body };
}

/** The market's price of a mint, set on purpose (the keepers react to it as to any move). */
export function setPrice(sim: SimHandle, mint: string, usd: number): void {
  coreOf(sim.kernel).market.setPrice(mint, usd);
}

export function price(sim: SimHandle, mint: string): number {
  return sim.kernel.market.priceUsd(mint);
}

/** The wallet's price order as GET /trigger/v2/orders/history lists it. */
export async function priceOrder(sim: SimHandle, s: Session, id: string): Promise<any> {
  const h = await call(sim, 'GET', '/trigger/v2/orders/history?limit=100', undefined, s.token);
  assert.equal(h.status, 200, JSON.stringify(h.body));
  const found = h.body.orders.find((o: { id: string }) => o.id === id);
  assert.ok(found, `order ${id} is not listed`);
  return found;
}

/** Milliseconds a day ahead of the simulator's clock (an expiry in the future). */
export function dayAhead(sim: SimHandle): number {
  return sim.kernel.clock.nowMs() + 86_400_000;
}
