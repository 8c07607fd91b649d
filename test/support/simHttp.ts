// Plain-fetch helpers for the simulator tests (deliberately not the project's client); every 200
// answer of an operation is checked with the same response schema the client applies.
import {
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  getTransactionDecoder,
  partiallySignTransaction,
  type KeyPairSigner,
  type Transaction,
} from '@solana/kit';
import { startSim, type SimHandle, type SimOptions } from '../../src/sim/index.js';
import { checkResponse, OPERATIONS, type Operation } from '../../src/api/index.js';
import { nth } from './narrow.js';
import { NATIVE_MINT, USDC_MINT, USDT_MINT } from '../../src/chain/mints.js';

export const KEY = { 'x-api-key': 'test-key' };
export const SOL = NATIVE_MINT;
export const USDC = USDC_MINT;
export const USDT = USDT_MINT;
export const JUP = 'JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN';

export interface Reply<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

/** The operation of the contract's table at `method path` (a query left out), `{name}` parts matching any one segment. */
export function operationAt(method: string, path: string): Operation<unknown, unknown> | undefined {
  const bare = nth(path.split('?'), 0);
  return Object.values(OPERATIONS as Record<string, Operation<unknown, unknown>>).find(
    (op) => op.method === method && new RegExp(`^${op.path.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(bare),
  );
}

/** Checks a 200 answer of an operation with the operation's response schema (a copy: the check may fill or drop keys). */
export function checkAnswer(method: string, path: string, status: number, body: unknown): void {
  const op = operationAt(method, path);
  if (status === 200 && op) checkResponse(`${method} ${op.path}`, op.response, structuredClone(body));
}

async function reply<T>(method: string, path: string, r: Response): Promise<Reply<T>> {
  const text = await r.text();
  const body = text ? JSON.parse(text) : undefined;
  checkAnswer(method, path, r.status, body);
  return { status: r.status, headers: r.headers, body };
}

export async function get<T = any>(
  sim: SimHandle,
  path: string,
  headers: Record<string, string> = KEY,
): Promise<Reply<T>> {
  return reply('GET', path, await fetch(sim.url + path, { headers }));
}

export async function post<T = any>(
  sim: SimHandle,
  path: string,
  body: unknown,
  headers: Record<string, string> = KEY,
): Promise<Reply<T>> {
  return reply(
    'POST',
    path,
    await fetch(sim.url + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
  );
}

let rpcId = 0;
export async function rpc<T = any>(
  sim: SimHandle,
  method: string,
  params: unknown[] = [],
): Promise<{ result?: T; error?: { code: number; message: string; data?: any } }> {
  const r = await fetch(sim.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: ++rpcId, method, params }),
  });
  return (await r.json()) as { result?: T; error?: { code: number; message: string; data?: any } };
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
