// Several RPC endpoints as one RpcClient: each call goes to the endpoint in use; when it fails at
// the transport (network, timeout, HTTP status, a body that is not an answer) the next endpoint
// takes over and the call is asked there, so one endpoint going down does not take signing with
// it. An answer the node gave (an RPC error such as "blockhash not found") is passed on as it is.
// Sending the same signed transaction to another endpoint is safe: it is the same signature.
import { ResponseShapeError } from './errors.js';
import { RpcError, type RpcClient } from './rpc.js';

export interface FailoverEvent {
  from: number;
  to: number;
  count: number;
  /** what went wrong at the one left */
  reason: string;
}

export interface FailoverRpc extends RpcClient {
  /** index of the endpoint in use (0-based) */
  current(): number;
  count(): number;
}

function transportFailure(e: unknown): boolean {
  if (e instanceof RpcError) return e.kind !== 'rpc';
  return e instanceof ResponseShapeError || e instanceof TypeError;
}

export function createFailoverRpc(clients: readonly RpcClient[], onSwitch: (e: FailoverEvent) => void = () => {}): FailoverRpc {
  if (clients.length === 0) throw new Error('createFailoverRpc: give at least one RPC client');
  let at = 0;
  async function call<T>(fn: (c: RpcClient) => Promise<T>): Promise<T> {
    let last: unknown;
    for (let tried = 0; tried < clients.length; tried++) {
      const i = at;
      try {
        return await fn(clients[i]);
      } catch (e) {
        if (!transportFailure(e)) throw e;
        last = e;
        if (clients.length === 1) break;
        at = (i + 1) % clients.length;
        onSwitch({ from: i, to: at, count: clients.length, reason: e instanceof Error ? e.message : String(e) });
      }
    }
    const why = last instanceof Error ? last.message : String(last);
    throw new RpcError(0, clients.length > 1 ? `every RPC endpoint failed (${clients.length}); the last: ${why}` : why, last instanceof RpcError ? last.kind : 'network');
  }
  return {
    current: () => at,
    count: () => clients.length,
    getLatestBlockhash: () => call((c) => c.getLatestBlockhash()),
    getBlockHeight: () => call((c) => c.getBlockHeight()),
    getSlot: () => call((c) => c.getSlot()),
    getBalance: (a) => call((c) => c.getBalance(a)),
    getSignatureStatuses: (s) => call((c) => c.getSignatureStatuses(s)),
    sendTransaction: (b, o) => call((c) => c.sendTransaction(b, o)),
    simulateTransaction: (b) => call((c) => c.simulateTransaction(b)),
    getTokenAccountsByOwner: (o, f) => call((c) => c.getTokenAccountsByOwner(o, f)),
    getTokenSupply: (m) => call((c) => c.getTokenSupply(m)),
  };
}
