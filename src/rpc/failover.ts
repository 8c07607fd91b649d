// Several RPC endpoints as one RpcClient: each call goes to the endpoint in use; when it fails at
// the transport (network, timeout, HTTP status, a body that is not an answer) the next endpoint
// takes over and the call is asked there, so one endpoint going down does not take signing with
// it. An answer the node gave (an RPC error such as "blockhash not found") is passed on as it is.
// Sending the same signed transaction to another endpoint is safe: it is the same signature.
//
// probe() asks every endpoint for its slot: one that fails, falls behind the others or stops
// moving is stale, and the endpoint in use moves to the most advanced healthy one. When no
// endpoint answers three rounds in a row (probes or calls), the client is down until one answers
// again; onHealth says so both ways, and the dashboard pauses signing meanwhile.
import { ResponseShapeError } from '../api/contract/ruleErrors.js';
import { RpcError, type RpcClient } from './client.js';

export interface FailoverEvent {
  from: number;
  to: number;
  count: number;
  /** failed: the transport failed; stale: its slot fell behind or stopped moving */
  kind: 'failed' | 'stale';
  /** what went wrong at the one left */
  reason: string;
}

/** ok: the endpoint in use answers and follows the chain; stale: it answers but nothing better does; down: none answers */
export type RpcHealth = 'ok' | 'stale' | 'down';

export interface FailoverOptions {
  onSwitch?(e: FailoverEvent): void;
  /** the health changed; `reason` says why (for stale and down) */
  onHealth?(health: RpcHealth, reason: string): void;
  now?(): number;
  /** slots behind the most advanced endpoint at which one is stale; default 150 (about a minute) */
  staleSlots?: number;
  /** how long an endpoint's slot may stay the same before it is stale; default 60 s */
  frozenMs?: number;
  /** rounds in a row (calls or probes) that find no endpoint answering before the client is down; default 3 */
  downAfter?: number;
}

export interface ProbeResult {
  /** each endpoint's slot; null where it did not answer */
  slots: Array<number | null>;
  current: number;
  health: RpcHealth;
  /** rounds in a row that found no endpoint answering (down from `downAfter` on) */
  failingRounds: number;
}

export interface FailoverRpc extends RpcClient {
  /** index of the endpoint in use (0-based) */
  current(): number;
  count(): number;
  /** asks every endpoint for its slot, moves off a failed or stale one, and updates the health */
  probe(): Promise<ProbeResult>;
}

const DEFAULT_STALE_SLOTS = 150;
const DEFAULT_FROZEN_MS = 60_000;
const DEFAULT_DOWN_AFTER = 3;

function transportFailure(e: unknown): boolean {
  if (e instanceof RpcError) return e.kind !== 'rpc';
  return e instanceof ResponseShapeError || e instanceof TypeError;
}

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * A read asked again, at once, when its answer was lost on the way (a 5xx, a reset, a body cut
 * short or not an answer), `times` more times at most: for reads only, whose asking twice changes
 * nothing. A node's own error is an answer and is passed on; a time-out is not asked again (the
 * person would wait the limit over again).
 */
export async function readAgainIfLost<T>(read: () => Promise<T>, times = 2): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await read();
    } catch (e) {
      const lost = transportFailure(e) && !(e instanceof RpcError && e.kind === 'timeout');
      if (!lost || attempt >= times) throw e;
    }
  }
}

export function isFailoverRpc(rpc: RpcClient | undefined): rpc is FailoverRpc {
  return rpc !== undefined && typeof (rpc as Partial<FailoverRpc>).probe === 'function';
}

export function createFailoverRpc(clients: readonly RpcClient[], opts: FailoverOptions = {}): FailoverRpc {
  if (clients.length === 0) throw new Error('createFailoverRpc: give at least one RPC client');
  const now = opts.now ?? Date.now;
  const staleSlots = opts.staleSlots ?? DEFAULT_STALE_SLOTS;
  const frozenMs = opts.frozenMs ?? DEFAULT_FROZEN_MS;
  const downAfter = opts.downAfter ?? DEFAULT_DOWN_AFTER;
  let at = 0;
  let health: RpcHealth = 'ok';
  /** rounds in a row that found no endpoint answering: one failing round is not yet down */
  let failingRounds = 0;
  const noneAnswered = (why: string) => {
    failingRounds++;
    if (failingRounds >= downAfter) setHealth('down', why);
  };
  const answered = (i: number) => {
    failingRounds = 0;
    if (health === 'down') setHealth('ok', `RPC ${i + 1} answers`);
  };
  /** per endpoint: the highest slot seen and when it was first seen */
  const seen: Array<{ slot: number; since: number } | undefined> = clients.map(() => undefined);

  const setHealth = (next: RpcHealth, reason: string) => {
    if (next === health) return;
    health = next;
    opts.onHealth?.(next, reason);
  };
  const switchTo = (to: number, kind: FailoverEvent['kind'], reason: string) => {
    const from = at;
    at = to;
    opts.onSwitch?.({ from, to, count: clients.length, kind, reason });
  };

  async function call<T>(fn: (c: RpcClient) => Promise<T>): Promise<T> {
    let last: unknown;
    const first = at;
    const failed: string[] = [];
    for (let tried = 0; tried < clients.length; tried++) {
      const i = (first + tried) % clients.length;
      // the switch is said once an endpoint answered (a node's error is an answer too): a call that
      // finds none moves nothing
      const reached = () => {
        // past the first endpoint, each one before failed and said why
        if (i !== first && at === first) switchTo(i, 'failed', failed[0]!);
        answered(i);
      };
      try {
        const answer = await fn(clients[i]!);
        reached();
        return answer;
      } catch (e) {
        if (!transportFailure(e)) {
          reached();
          throw e;
        }
        last = e;
        failed.push(messageOf(e));
      }
    }
    const why = messageOf(last);
    noneAnswered(why);
    throw new RpcError(
      0,
      clients.length > 1 ? `every RPC endpoint failed (${clients.length}); the last: ${why}` : why,
      last instanceof RpcError ? last.kind : 'network',
    );
  }

  async function probe(): Promise<ProbeResult> {
    const answers = await Promise.all(
      clients.map((c) =>
        c.getSlot().then(
          (slot) => ({ slot }),
          (e: unknown) => ({ error: messageOf(e) }),
        ),
      ),
    );
    const t = now();
    const slots = answers.map((a) => ('slot' in a ? a.slot : null));
    slots.forEach((slot, i) => {
      if (slot === null) return;
      const s = seen[i];
      if (!s || slot > s.slot) seen[i] = { slot, since: t };
    });
    const best = Math.max(...slots.map((s) => s ?? -Infinity));
    /** why endpoint i is not fit to use; undefined when it is */
    const unfit = (i: number): string | undefined => {
      // one answer per client, and i is a client's index
      const a = answers[i]!;
      if ('error' in a) return a.error;
      if (best - a.slot > staleSlots) return `slot ${a.slot} is ${best - a.slot} behind`;
      const s = seen[i];
      if (s && t - s.since >= frozenMs) return `slot ${a.slot} has not moved for ${Math.round((t - s.since) / 1000)} s`;
      return undefined;
    };
    const fit = clients.map((_, i) => i).filter((i) => unfit(i) === undefined);
    const answering = clients.map((_, i) => i).filter((i) => slots[i] !== null);
    const why = unfit(at);
    if (why !== undefined) {
      // the most advanced fit endpoint, or (none fit) the most advanced that answers at all
      const pool = fit.length ? fit : answering.filter((i) => i !== at && slots[at] === null);
      const to = pool.sort((a, b) => (slots[b] ?? 0) - (slots[a] ?? 0))[0];
      if (to !== undefined && to !== at) switchTo(to, 'error' in answers[at]! ? 'failed' : 'stale', why);
    }
    const reason = unfit(at);
    if (answering.length === 0) noneAnswered(reason ?? 'no endpoint answers');
    else {
      failingRounds = 0;
      setHealth(reason === undefined ? 'ok' : 'stale', reason ?? `RPC ${at + 1} answers`);
    }
    return { slots, current: at, health, failingRounds };
  }

  return {
    current: () => at,
    count: () => clients.length,
    probe,
    getLatestBlockhash: () => call((c) => c.getLatestBlockhash()),
    getBlockHeight: () => call((c) => c.getBlockHeight()),
    getSlot: () => call((c) => c.getSlot()),
    getBalance: (a) => call((c) => c.getBalance(a)),
    getSignatureStatuses: (s) => call((c) => c.getSignatureStatuses(s)),
    sendTransaction: (b, o) => call((c) => c.sendTransaction(b, o)),
    simulate: (b, a) => call((c) => c.simulate(b, a)),
    getTokenAccountsByOwner: (o, f) => call((c) => c.getTokenAccountsByOwner(o, f)),
    getTokenSupply: (m) => call((c) => c.getTokenSupply(m)),
    getAccountInfo: (a) => call((c) => c.getAccountInfo(a)),
  };
}
