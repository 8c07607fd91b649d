// The project's client against the real simulator over loopback: a frozen-time simulator, the
// typed client and RPC client pointed at it, real ed25519 wallets signed through src/wallet,
// and a view of what the simulator received since a mark.
import assert from 'node:assert/strict';
import { generateKeyPairSigner, type KeyPairSigner } from '@solana/kit';
import { createApiClient, type ApiClient, type ClientOptions } from '../../src/api/index.js';
import { createRpcClient, type RpcClient } from '../../src/rpc/client.js';
import { startSim, type SimHandle, type SimOptions, type SimRequestLogEntry } from '../../src/sim/index.js';
import { signTransaction } from '../../src/wallet/sign.js';
import type { KeypairWallet } from '../../src/wallet/keypair.js';
import { nth } from './narrow.js';
import { NATIVE_MINT, USDC_MINT } from '../../src/chain/mints.js';

export const API_KEY = 'client-sim-test-key';
export const SOL = NATIVE_MINT;
export const USDC = USDC_MINT;
export const JUP = 'JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN';

export interface Rig {
  sim: SimHandle;
  api: ApiClient;
  rpc: RpcClient;
  /** waits the client asked for (its injected sleep records instead of waiting) */
  waits: number[];
  /** the log position now; pass it to `since` */
  mark(): number;
  /** what the simulator received after a mark */
  since(mark: number): SimRequestLogEntry[];
  stop(): Promise<void>;
}

export async function rig(options: SimOptions = {}, client: Partial<ClientOptions> = {}): Promise<Rig> {
  const sim = await startSim({
    seed: 7,
    timeScale: 0,
    startTime: Date.UTC(2025, 3, 1, 12),
    apiKey: API_KEY,
    ...options,
  });
  const waits: number[] = [];
  const api = createApiClient({
    baseUrl: sim.url,
    apiKey: API_KEY,
    timeoutMs: 60_000,
    sleep: async (ms) => {
      waits.push(ms);
    },
    ...client,
  });
  const rpc = createRpcClient({ url: sim.rpcUrl });
  return {
    sim,
    api,
    rpc,
    waits,
    mark: () => sim.requests().length,
    since: (mark) => sim.requests().slice(mark),
    stop: () => sim.stop(),
  };
}

export interface TestWallet extends KeypairWallet {
  keyPair: KeyPairSigner;
}

/** a fresh ed25519 keypair as the project's wallet; funded with the default basket unless told not to */
export async function newWallet(sim: SimHandle, fund = true): Promise<TestWallet> {
  const keyPair = await generateKeyPairSigner();
  if (fund) sim.fund(keyPair.address);
  return {
    kind: 'keypair',
    address: keyPair.address,
    path: '(generated for the test)',
    keyPair,
    signer: {
      address: keyPair.address,
      name: 'key file',
      canSignUnattended: true,
      sign: async (message) =>
        new Uint8Array(await crypto.subtle.sign('Ed25519', keyPair.keyPair.privateKey, new Uint8Array(message))),
    },
  };
}

/** the wallet's signature added through the project's signer; the message is untouched */
export async function signed(base64: string, wallet: TestWallet): Promise<string> {
  return (await signTransaction(base64, wallet)).signedBase64;
}

/** exactly one request reached the simulator after the mark; returns it */
export function onlyRequest(r: Rig, mark: number, method: string, path: string): SimRequestLogEntry {
  const got = r.since(mark);
  assert.equal(
    got.length,
    1,
    `one request expected, got ${got.map((e) => `${e.method} ${e.path}`).join(', ') || 'none'}`,
  );
  assert.equal(nth(got, 0).method, method);
  assert.equal(nth(got, 0).path, path);
  return nth(got, 0);
}

/** a token balance as the RPC client reports it (0 when the owner holds no account of the mint) */
export async function tokenBalance(rpc: RpcClient, owner: string, mint: string): Promise<bigint> {
  const accounts = await rpc.getTokenAccountsByOwner(owner, { mint });
  for (const a of accounts) {
    assert.equal(a.mint, mint, 'the account data names the mint');
    assert.equal(a.owner, owner, 'the account data names the owner');
  }
  return accounts.reduce((n, a) => n + (a.amount ?? 0n), 0n);
}
