// Plain-fetch helpers for the simulator tests (deliberately not the project's client).
import {
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  getTransactionDecoder,
  partiallySignTransaction,
  type KeyPairSigner,
  type Transaction,
} from '@solana/kit';
import { startSim, type SimHandle, type SimOptions } from '../../src/sim/index.js';

export const KEY = { 'x-api-key': 'test-key' };
export const SOL = 'So11111111111111111111111111111111111111112';
export const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
export const USDT = 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB';
export const JUP = 'JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN';

export interface Reply<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

export async function get<T = any>(sim: SimHandle, path: string, headers: Record<string, string> = KEY): Promise<Reply<T>> {
  const r = await fetch(sim.url + path, { headers });
  const text = await r.text();
  return { status: r.status, headers: r.headers, body: text ? JSON.parse(text) : undefined };
}

export async function post<T = any>(sim: SimHandle, path: string, body: unknown, headers: Record<string, string> = KEY): Promise<Reply<T>> {
  const r = await fetch(sim.url + path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });
  const text = await r.text();
  return { status: r.status, headers: r.headers, body: text ? JSON.parse(text) : undefined };
}

let rpcId = 0;
export async function rpc<T = any>(sim: SimHandle, method: string, params: unknown[] = []): Promise<{ result?: T; error?: { code: number; message: string } }> {
  const r = await fetch(sim.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: ++rpcId, method, params }) });
  return (await r.json()) as { result?: T; error?: { code: number; message: string } };
}

export function decodeTx(base64: string): Transaction {
  return getTransactionDecoder().decode(Buffer.from(base64, 'base64')) as Transaction;
}

/** adds the signers' signatures to an unsigned base-64 transaction */
export async function signTx(base64: string, ...signers: KeyPairSigner[]): Promise<string> {
  const signed = await partiallySignTransaction(
    signers.map((s) => s.keyPair),
    decodeTx(base64),
  );
  return getBase64EncodedWireTransaction(signed);
}

export async function wallet(sim: SimHandle, fund = true): Promise<KeyPairSigner> {
  const signer = await generateKeyPairSigner();
  if (fund) sim.fund(signer.address);
  return signer;
}

export function balance(sim: SimHandle, owner: string, mint: string): bigint {
  return sim.kernel.ledger.balance(owner, mint);
}

export async function withSim(options: SimOptions, run: (sim: SimHandle) => Promise<void>): Promise<void> {
  const sim = await startSim({ seed: 42, timeScale: 0, startTime: Date.UTC(2025, 0, 15, 12), ...options });
  try {
    await run(sim);
  } finally {
    await sim.stop();
  }
}
