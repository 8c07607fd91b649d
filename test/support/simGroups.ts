// Helpers for the simulator group tests: a frozen-time simulator over real HTTP, plain fetch,
// real ed25519 signatures, and small contract shape checks that name the failing field.

import assert from 'node:assert/strict';
import {
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  isAddress,
  partiallySignTransaction,
  type KeyPairSigner,
} from '@solana/kit';
import { startSim, type SimHandle } from '../../src/sim/index.js';
import { checkAnswer, rpc } from './simHttp.js';
import { nth } from './narrow.js';

export { rpc };

export const KEY = { 'x-api-key': 'test-key', 'content-type': 'application/json' };

export async function frozenSim(seed = 11): Promise<SimHandle> {
  return startSim({ seed, timeScale: 0, startTime: Date.UTC(2025, 5, 1, 12, 0, 0) });
}

export interface Reply<T = any> {
  status: number;
  body: T;
}

/** Every 200 answer of the simulator is checked with the same response schema the client applies. */
function answers<T>(method: string, path: string, status: number, body: T): Reply<T> {
  checkAnswer(method, path, status, body);
  return { status, body };
}

export async function get<T = any>(
  sim: SimHandle,
  path: string,
  query: Record<string, string | number | boolean> = {},
  headers: Record<string, string> = KEY,
): Promise<Reply<T>> {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString();
  const res = await fetch(`${sim.url}${path}${qs ? `?${qs}` : ''}`, { headers });
  return answers('GET', path, res.status, (await res.json()) as T);
}

export async function post<T = any>(sim: SimHandle, path: string, body: unknown): Promise<Reply<T>> {
  const res = await fetch(`${sim.url}${path}`, { method: 'POST', headers: KEY, body: JSON.stringify(body) });
  return answers('POST', path, res.status, (await res.json()) as T);
}

/**
 * Opens a trigger or recurring order: createOrder with `body`, the transaction signed by `signer`
 * and executed; asserts both succeed and answers the createOrder body.
 */
export async function openOrder(
  sim: SimHandle,
  group: 'trigger' | 'recurring',
  body: unknown,
  signer: KeyPairSigner,
): Promise<any> {
  const c = await post(sim, `/${group}/v1/createOrder`, body);
  assert.equal(c.status, 200, JSON.stringify(c.body));
  const e = await post(sim, `/${group}/v1/execute`, {
    requestId: c.body.requestId,
    signedTransaction: await sign(c.body.transaction, signer),
  });
  assert.equal(e.body.status, 'Success', JSON.stringify(e.body));
  return c.body;
}

export async function advance(sim: SimHandle, seconds: number): Promise<void> {
  const res = await fetch(`${sim.url}/__sim/advance`, { method: 'POST', body: JSON.stringify({ seconds }) });
  assert.equal(res.status, 200, await res.text());
}

export async function newWallet(sim: SimHandle, fund = true): Promise<KeyPairSigner> {
  const signer = await generateKeyPairSigner();
  if (fund) sim.fund(signer.address);
  return signer;
}

/** Adds the signers' signatures to an unsigned base-64 transaction without touching its message. */
export async function sign(base64: string, ...signers: KeyPairSigner[]): Promise<string> {
  const tx = getTransactionDecoder().decode(getBase64Encoder().encode(base64));
  const signed = await partiallySignTransaction(
    signers.map((s) => s.keyPair),
    tx,
  );
  return getBase64EncodedWireTransaction(signed);
}

/** The addresses that must sign a transaction (fee payer first). */
export function signerAddresses(base64: string): string[] {
  const tx = getTransactionDecoder().decode(getBase64Encoder().encode(base64));
  return Object.keys(tx.signatures);
}

/** The program id of every instruction of a transaction, in order. */
export function programsOf(base64: string): string[] {
  const tx = getTransactionDecoder().decode(getBase64Encoder().encode(base64));
  const msg = getCompiledTransactionMessageDecoder().decode(tx.messageBytes);
  if (msg.version === 1) throw new Error('the simulator builds legacy and version 0 transactions only');
  return msg.instructions.map((ix) => nth(msg.staticAccounts, ix.programAddressIndex));
}

export function balance(sim: SimHandle, owner: string, mint: string): bigint {
  return sim.kernel.ledger.balance(owner, mint);
}

// ---------- shape checks ----------

type Kind = 'string' | 'number' | 'boolean' | 'array' | 'object' | 'address' | 'raw' | 'decimal' | 'iso' | 'null';

function is(v: unknown, kind: Kind): boolean {
  switch (kind) {
    case 'array':
      return Array.isArray(v);
    case 'object':
      return v !== null && typeof v === 'object' && !Array.isArray(v);
    case 'address':
      return typeof v === 'string' && isAddress(v);
    case 'raw':
      return typeof v === 'string' && /^\d+$/.test(v);
    case 'decimal':
      return typeof v === 'string' && /^\d+(\.\d+)?$/.test(v);
    case 'iso':
      return (
        typeof v === 'string' && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/.test(v) && !Number.isNaN(Date.parse(v))
      );
    case 'null':
      return v === null;
    case 'number':
      return typeof v === 'number' && Number.isFinite(v);
    default:
      return typeof v === kind;
  }
}

/** Asserts that every listed field is present with one of the allowed kinds (`a|b`); `absent` allows it to be left out. */
export function shape(obj: unknown, fields: Record<string, string>, where: string): void {
  assert.ok(is(obj, 'object'), `${where}: not an object`);
  const o = obj as Record<string, unknown>;
  for (const [field, kinds] of Object.entries(fields)) {
    if (!(field in o) && kinds.split('|').includes('absent')) continue;
    assert.ok(field in o, `${where}.${field}: missing`);
    const ok = kinds.split('|').some((k) => is(o[field], k as Kind));
    assert.ok(ok, `${where}.${field}: expected ${kinds}, got ${JSON.stringify(o[field])}`);
  }
}

export function oneOf(v: unknown, allowed: readonly unknown[], where: string): void {
  assert.ok(allowed.includes(v), `${where}: ${JSON.stringify(v)} not in ${allowed.join(', ')}`);
}
