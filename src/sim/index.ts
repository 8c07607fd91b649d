// The embedded simulator of the whole service: startSim() serves every group, a small Solana
// JSON-RPC and loopback control routes over real HTTP.
import type { AddressInfo } from 'node:net';
import type { TriggerOrder } from '../api/types.js';
import type { SimGroup, SimKernel } from './engine/kernel.js';
import { V2_GROUPS } from './engine/routes.js';
import { SimCore } from './engine/core.js';
import { FaultInjector } from './http/faults.js';
import { RequestLog, type SimRequestLogEntry } from './http/request-log.js';
import { createSimServer } from './http/server.js';
import { RpcEndpoints } from './rpc/endpoints.js';
import { registerAllGroups } from './groups/index.js';
import { fillTriggerOrder } from './groups/trigger-fill.js';
import { setPrice } from './http/control.js';
import { parseExecuteFault, type ExecuteGroup } from './engine/execute-faults.js';
import { parseLookupTableRequest, type LookupTableRequest } from './engine/lookup-tables.js';
import { installPaper, paperOf } from './groups/paper-market.js';
import type { PaperSource } from './engine/core.js';
import { decodeSnapshot, encodeSnapshot, restoreSnapshot, SnapshotError, takeSnapshot } from './snapshot.js';

export type { SimRequestLogEntry } from './http/request-log.js';
export type { ExecuteGroup } from './engine/execute-faults.js';
export type { LookupTableRequest } from './engine/lookup-tables.js';
export { SnapshotError } from './snapshot.js';
export type { PaperSource } from './engine/core.js';

/** A deterministic execute failure (same rules as `failExecute` of POST /__sim/faults). */
export interface ExecuteFaultOptions {
  group: ExecuteGroup;
  /** executes of the group that would land and still do before the failures; default 0 */
  skip?: number;
  /** executes that then fail without landing; default 1 */
  count?: number;
  /** non-zero execute code; default -1006 (timed out) */
  code?: number;
  error?: string;
}

export interface SimOptions {
  /** default 127.0.0.1 */
  host?: string;
  /** default 0 (any free port) */
  port?: number;
  /** default 1 */
  seed?: number;
  /** simulated seconds per real second; default 1; 0 freezes time (advance() still moves it) */
  timeScale?: number;
  /** addresses given the default basket at start */
  fund?: string[];
  /** funded wallets also get sample positions and invites (default true; demo mode: false) */
  samples?: boolean;
  latencyMs?: number;
  faultRate?: number;
  /** requests per sliding 60 s; 0 or unset = unlimited */
  rateLimitPerMinute?: number;
  /** a paid key's (one starting `paid-`) while a limit is on; 0 or unset = ten times the free one */
  paidRateLimitPerMinute?: number;
  /** groups the rate limit applies to; default all */
  rateLimitGroups?: SimGroup[];
  /** when set, only this key is valid; when unset any non-empty key is accepted */
  apiKey?: string;
  /** simulated wall time at start (ms since epoch); default now */
  startTime?: number;
  /**
   * paper mode: the market follows this service (its token lists, its prices, its order quotes),
   * reading only; startSim fails when it does not answer
   */
  paper?: PaperSource;
  /**
   * serve only the service's first generation: the paths of the current one (/swap/v2/...,
   * /trigger/v2/...) answer 404 as a service without them does (the switch can be turned later with
   * SimHandle.setOnlyV1 or POST /__sim/generation)
   */
  onlyV1?: boolean;
  /**
   * the text of an earlier snapshot() to go on from (balances, orders, pools, identifiers; time
   * never goes back); a text that cannot be used throws SnapshotError before anything listens
   */
  snapshot?: string;
}

export interface SimHandle {
  url: string;
  /** url + '/rpc' (the endpoint "main"; url + '/rpc/<name>' serves the same ledger with its own fault switch) */
  rpcUrl: string;
  kernel: SimKernel;
  fund(address: string, mint?: string, amount?: bigint): void;
  /** whether an address was given the default basket (or any fund) already */
  isFunded(address: string): boolean;
  /** the USD value of an amount (base units) of a mint at the market's price now */
  usdValue(mint: string, amount: bigint): number;
  /** paper mode: asks the followed service for prices again (they are asked every 15 s anyway) */
  refreshPaper(): Promise<void>;
  /** paper mode: settles once the quotes the keepers asked the followed service for have come back */
  paperSettled(): Promise<void>;
  /** what of the simulator outlives it (see snapshot.ts), as text for a file */
  snapshot(): string;
  /** grows whenever a balance changes (orders, fills, swaps, pools all move one): a snapshot is then due */
  changes(): number;
  advance(seconds: number): void;
  /** serves only the first generation (true) or both (false); see SimOptions.onlyV1 */
  setOnlyV1(onlyV1: boolean): void;
  /**
   * Fills `percent` (0 < p <= 100) of a trigger order's original making amount, capped at what
   * remains, at its limit price, as a keeper fill; returns the order's new state. Throws a
   * RangeError naming the field (unknown order, not open, bad percent).
   */
  fillTriggerOrder(order: string, percent: number): TriggerOrder;
  /**
   * Sets a token's USD price from now on (same rules as POST /__sim/price): its pools, the token
   * lists and the keepers see it, and the market walks on from there. Throws a RangeError naming
   * the field.
   */
  setPrice(mint: string, usdPrice: number): void;
  /** makes executes of a group fail without landing (see ExecuteFaultOptions); throws RangeError on a bad rule */
  failExecute(rule: ExecuteFaultOptions): void;
  /** drops every pending execute failure rule */
  clearExecuteFaults(): void;
  /**
   * Holds an address lookup table that RPC getAccountInfo answers as the real node does (same
   * rules as POST /__sim/lookup-table); returns its address. Throws a RangeError naming the field.
   */
  addLookupTable(table: LookupTableRequest): string;
  requests(): SimRequestLogEntry[];
  stop(): Promise<void>;
}

function checkOptions(o: SimOptions): void {
  if (o.seed !== undefined && !Number.isSafeInteger(o.seed)) throw new RangeError('seed: must be an integer');
  if (o.timeScale !== undefined && !(Number.isFinite(o.timeScale) && o.timeScale >= 0 && o.timeScale <= 10_000))
    throw new RangeError('timeScale: must be a number 0..10000');
  if (o.port !== undefined && !(Number.isInteger(o.port) && o.port >= 0 && o.port <= 65535))
    throw new RangeError('port: must be an integer 0..65535');
  if (o.apiKey !== undefined && o.apiKey.trim() === '') throw new RangeError('apiKey: must not be empty');
}

/** How much of the time a snapshot spent on disk is lived again at start (an hour costs ~0.3 s). */
const CATCH_UP_MS = 120_000;

export async function startSim(options: SimOptions = {}): Promise<SimHandle> {
  checkOptions(options);
  const seed = options.seed ?? 1;
  const saved = options.snapshot === undefined ? undefined : decodeSnapshot(options.snapshot, seed);
  const start = options.startTime ?? Date.now();
  // the time since the snapshot runs again (keepers fill, cycles run, fees accrue), up to a cap
  const catchUpMs = saved ? Math.min(Math.max(0, start - saved.nowMs), CATCH_UP_MS) : 0;
  const core = new SimCore({
    seed,
    timeScale: options.timeScale ?? 1,
    samples: options.samples ?? true,
    startMs: (saved ? Math.max(start, saved.nowMs) : start) - catchUpMs,
    ...(options.paper ? { paper: options.paper } : {}),
  });
  registerAllGroups(core.kernel);
  core.routes.hide(V2_GROUPS, options.onlyV1 === true);
  if (options.paper) {
    try {
      await installPaper(core, options.paper, saved?.market?.learned ?? []);
    } catch (e) {
      core.stop();
      throw e;
    }
  }
  if (saved) {
    try {
      restoreSnapshot(core, saved);
    } catch (e) {
      core.stop();
      throw new SnapshotError(`a part cannot be restored (${(e as Error).message})`);
    }
    core.clock.advance(catchUpMs / 1000);
  }
  const faults = new FaultInjector(core.options.seed, {
    latencyMs: options.latencyMs,
    faultRate: options.faultRate,
    rateLimitPerMinute: options.rateLimitPerMinute,
    paidRateLimitPerMinute: options.paidRateLimitPerMinute,
    rateLimitGroups: options.rateLimitGroups,
  });
  const log = new RequestLog();
  for (const address of options.fund ?? []) core.fund(address);
  const server = createSimServer({ core, faults, rpcEndpoints: new RpcEndpoints(), log, apiKey: options.apiKey });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  core.uploads.baseUrl = url;
  return {
    url,
    rpcUrl: `${url}/rpc`,
    kernel: core.kernel,
    fund: (address, mint, amount) => core.fund(address, mint, amount),
    isFunded: (address) => core.ledger.isFunded(address),
    usdValue: (mint, amount) => core.market.usdValue(mint, amount),
    refreshPaper: async () => {
      const paper = paperOf(core);
      if (!paper) throw new Error('refreshPaper: not a paper simulator');
      await paper.refresh();
    },
    paperSettled: async () => {
      const paper = paperOf(core);
      if (!paper) throw new Error('paperSettled: not a paper simulator');
      await paper.fills.settled();
    },
    snapshot: () => encodeSnapshot(takeSnapshot(core)),
    changes: () => core.ledger.version,
    advance: (seconds) => core.clock.advance(seconds),
    setOnlyV1: (onlyV1) => core.routes.hide(V2_GROUPS, onlyV1),
    fillTriggerOrder: (order, percent) => {
      core.clock.sync();
      const outcome = fillTriggerOrder(core.kernel, order, percent);
      if (!outcome.ok) throw new RangeError(outcome.message);
      return outcome.order;
    },
    setPrice: (mint, usdPrice) => {
      const set = setPrice(core, { mint, usdPrice });
      if (typeof set === 'string') throw new RangeError(set);
    },
    failExecute: (rule) => {
      const parsed = parseExecuteFault(rule, 'rule');
      if (typeof parsed === 'string') throw new RangeError(parsed);
      core.requests.executeFaults.set(parsed);
    },
    clearExecuteFaults: () => core.requests.executeFaults.clear(),
    addLookupTable: (table) => {
      const request = parseLookupTableRequest(table);
      if (typeof request === 'string') throw new RangeError(request);
      const added = core.lookupTables.add(request, core.clock.slot());
      if (typeof added === 'string') throw new RangeError(added);
      return added.address;
    },
    requests: () => log.all(),
    stop: () =>
      new Promise<void>((resolve) => {
        core.stop();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
