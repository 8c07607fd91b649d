// Adapters from the API and RPC clients (described structurally, so this module does not import
// them) to the functions the pipeline and reconcile need.

import type { JournalGroup } from '../journal/journal.js';
import type { ExecuteFn, ExecuteOutcome, SignatureState } from '../journal/reconcile.js';
import type { SimulationRead } from '../rpc/client.js';
import { readAgainIfLost } from '../rpc/failover.js';

interface ExecuteCapable {
  execute(body: { requestId: string; signedTransaction: string }): Promise<ExecuteOutcome>;
}

export interface ExecutingClient {
  ultra: ExecuteCapable;
  swapV2: ExecuteCapable;
  trigger: ExecuteCapable;
  recurring: ExecuteCapable;
}

export interface SignatureStatusLike {
  err: unknown;
  confirmationStatus?: string | null;
}

export interface RpcLike {
  getSignatureStatuses(signatures: string[]): Promise<Array<SignatureStatusLike | null>>;
  sendTransaction(base64: string): Promise<string>;
  getBlockHeight(): Promise<number>;
  getAccountInfo(address: string): Promise<{ owner: string; data: Uint8Array } | null>;
  simulate(base64: string, accounts: { before: string[]; after: string[] }): Promise<SimulationRead>;
}

export function executeThrough(client: ExecutingClient): ExecuteFn {
  return (group: JournalGroup, body) => {
    if (group === 'swap' || group === 'studio') {
      return Promise.reject(new Error(`the ${group} group has no execute operation; its transactions go through RPC`));
    }
    if (group === 'vault')
      return Promise.reject(new Error('a vault transfer is landed by the order call that carries it, not by execute'));
    return client[group].execute(body);
  };
}

/** 'confirmed' once the cluster reports confirmed or finalized; 'failed' when it reports an error. */
export function signatureStatusThrough(
  rpc: Pick<RpcLike, 'getSignatureStatuses'>,
): (signature: string) => Promise<SignatureState> {
  return async (signature) => {
    const [status] = await rpc.getSignatureStatuses([signature]);
    if (!status) return 'unknown';
    if (status.err !== null && status.err !== undefined) return 'failed';
    return status.confirmationStatus === 'confirmed' || status.confirmationStatus === 'finalized'
      ? 'confirmed'
      : 'unknown';
  };
}

/** The RPC-facing part of PipelineDeps. */
export function rpcDeps(rpc: RpcLike): {
  sendRawTransaction(base64: string): Promise<string>;
  signatureStatus(signature: string): Promise<SignatureState>;
  blockHeight(): Promise<number>;
  accountInfo(address: string): Promise<{ owner: string; data: Uint8Array } | null>;
  simulate(base64: string, accounts: { before: string[]; after: string[] }): Promise<SimulationRead>;
} {
  return {
    sendRawTransaction: (base64) => rpc.sendTransaction(base64),
    signatureStatus: signatureStatusThrough(rpc),
    blockHeight: () => rpc.getBlockHeight(),
    accountInfo: (address) => rpc.getAccountInfo(address),
    // the simulation only reads: an answer lost on the way is asked for again
    simulate: (base64, accounts) => readAgainIfLost(() => rpc.simulate(base64, accounts)),
  };
}
