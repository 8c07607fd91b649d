// Several RPC endpoints on one simulator, each with its own fault switch, so failover can be tried
// against one ledger: `/rpc` is the endpoint "main", `/rpc/<name>` any other (created on first
// use). An endpoint is `ok`, `down` (every request answers 503, as a node behind a failing gateway)
// or `stale` (it answers, but its slot and block height stay where they were when it went stale,
// as a node that stopped following the chain).

export type RpcEndpointMode = 'ok' | 'down' | 'stale';

interface EndpointState {
  mode: RpcEndpointMode;
  /** the slot and block height a stale endpoint keeps answering */
  slot?: number;
  blockHeight?: number;
}

const NAME = /^[a-z0-9][a-z0-9-]{0,31}$/;
const MODES: readonly RpcEndpointMode[] = ['ok', 'down', 'stale'];

/** The endpoint a path addresses: "main" for /rpc, the name for /rpc/<name>; null for any other path. */
export function rpcEndpointOf(path: string): string | null {
  if (path === '/rpc' || path === '/rpc/') return 'main';
  const m = /^\/rpc\/([^/]+)$/.exec(path);
  const name = m?.[1];
  return name !== undefined && NAME.test(name) ? name : null;
}

export class RpcEndpoints {
  private readonly states = new Map<string, EndpointState>();

  mode(name: string): EndpointState {
    return this.states.get(name) ?? { mode: 'ok' };
  }

  /**
   * Applies `{"<name>": "ok" | "down" | "stale", ...}` (the `rpc` field of POST /__sim/faults);
   * returns an error naming the field, or null. A stale endpoint freezes at `now`.
   */
  update(value: unknown, now: { slot: number; blockHeight: number }): string | null {
    if (value === null) {
      this.states.clear();
      return null;
    }
    if (typeof value !== 'object' || Array.isArray(value))
      return 'rpc: must be an object of endpoint name to "ok", "down" or "stale" (or null to reset)';
    const entries = Object.entries(value as Record<string, unknown>);
    for (const [name, mode] of entries) {
      if (!NAME.test(name))
        return `rpc.${name.slice(0, 40)}: endpoint names are lower-case letters, digits and dashes ("main" is /rpc)`;
      if (typeof mode !== 'string' || !MODES.includes(mode as RpcEndpointMode))
        return `rpc.${name}: must be "ok", "down" or "stale"`;
    }
    for (const [name, mode] of entries) {
      const was = this.mode(name);
      if (mode === 'ok') this.states.delete(name);
      else if (mode === 'down') this.states.set(name, { mode: 'down' });
      // a stale endpoint made stale again keeps the slot it froze at
      else
        this.states.set(
          name,
          was.mode === 'stale' ? was : { mode: 'stale', slot: now.slot, blockHeight: now.blockHeight },
        );
    }
    return null;
  }

  /** the switches that are not "ok", for the fault state */
  state(): Record<string, string> {
    return Object.fromEntries(
      [...this.states].map(([name, s]) => [name, s.mode === 'stale' ? `stale at slot ${s.slot}` : s.mode]),
    );
  }
}

/**
 * A stale endpoint's answer: the slot and block height it froze at, in getSlot, getBlockHeight and
 * every result's context. `request` is the JSON-RPC request (or batch) the answer is for.
 */
export function staleAnswer(answer: unknown, request: unknown, frozen: EndpointState): unknown {
  if (Array.isArray(answer))
    return answer.map((a, i) => staleAnswer(a, Array.isArray(request) ? request[i] : undefined, frozen));
  if (!answer || typeof answer !== 'object' || !('result' in answer)) return answer;
  const method = request && typeof request === 'object' ? (request as { method?: unknown }).method : undefined;
  const reply = answer;
  if (method === 'getSlot') return { ...reply, result: frozen.slot };
  if (method === 'getBlockHeight') return { ...reply, result: frozen.blockHeight };
  const result = reply.result;
  if (result && typeof result === 'object' && 'context' in result) {
    const r = result as { context: Record<string, unknown> };
    return { ...reply, result: { ...r, context: { ...r.context, slot: frozen.slot } } };
  }
  return answer;
}
