// Loopback-only control routes under /__sim/: fund, request log, faults, time jumps, balances,
// trigger fills. Never faulted, rate limited or logged.
//
//   POST /__sim/fill   {"order": "<trigger order key>", "percent": 50}
//     Fills that percent of the order's original making amount (capped at what remains) at its
//     limit price, recorded as a keeper fill. 200: the order (as GET /trigger/v1/getTriggerOrders lists it).
//     400 {"error": "<field>: <rule>"} for a bad field or an order that is not open; 404 for an
//     unknown order key.
//   POST /__sim/faults {"failExecute": {"group": "trigger", "skip": 1, "count": 1, "code": -1006, "error": "..."}}
//     (beside latencyMs, faultRate, rateLimitPerMinute, paidRateLimitPerMinute, rateLimitGroups). Of the next executes of
//     the group (ultra, trigger, recurring or swap-v2) that would land a transaction, `skip` (default 0)
//     land, then `count` (default 1) answer 200 {status: "Failed", code, error, signature} without
//     landing, so posting the same request again later lands it. `code` defaults to -1006 (timed
//     out). One rule per group; a new one replaces it; "failExecute": null clears every rule.
//     200: the fault settings with `failExecute`: the rules still pending.
//   POST /__sim/faults {"rpc": {"main": "down", "b": "stale", "c": "ok"}}
//     The fault switch of RPC endpoints: "main" is /rpc, any other name /rpc/<name> (all serve the
//     same ledger). "down" answers every request 503; "stale" keeps answering the slot and block
//     height of the moment it went stale; "ok" clears. "rpc": null clears every switch.
//   POST /__sim/generation {"onlyV1": true}
//     Serves only the service's first generation (true: /swap/v2 and /trigger/v2 answer 404) or
//     both (false). 200: {"onlyV1"}.
//   POST /__sim/price {"mint": "<mint>", "usdPrice": 250}
//     Sets a token's USD price from now on: its pools quote at it, the token lists show it, the
//     keepers fill limit orders and DCA cycles at it; the market walks on from there. 200:
//     {"mint", "usdPrice", "previous"}. 400 for an unknown mint, a price that is not a positive
//     number, or paper mode (whose prices are the followed service's).
//   POST /__sim/lookup-table {"addresses": ["<pubkey>", ...], "address": "<pubkey>", "authority": "<pubkey>"}
//     Holds an address lookup table (at most 256 addresses; `address` defaults to a fresh one,
//     `authority` to none) that RPC getAccountInfo then answers as the real node does: owned by
//     AddressLookupTab1e1111111111111111111111111, its data in the program's layout. 200:
//     {"address", "authority", "addresses", "lastExtendedSlot"}. 400 {"error": "<field>: <rule>"}
//     for a bad or unknown field, or an address that already holds a table.
import { isAddress } from '../../chain/base58.js';
import type { ServerDeps } from './server.js';
import { gatewayBody } from '../engine/errors.js';
import { parseExecuteFault } from '../engine/execute-faults.js';
import { fillTriggerOrder } from '../groups/trigger-fill.js';
import { parseLookupTableRequest } from '../engine/lookup-tables.js';
import { V2_GROUPS } from '../engine/routes.js';
import { paperOf } from '../groups/paper-market.js';

interface Reply {
  status: number;
  body: unknown;
}

const bad = (message: string): Reply => ({ status: 400, body: { error: message } });

function objectBody(text: string): Record<string, unknown> | null {
  if (text.trim() === '') return {};
  try {
    const v = JSON.parse(text) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function handleControl(
  deps: ServerDeps,
  method: string,
  path: string,
  query: URLSearchParams,
  text: string,
): Reply {
  const { core } = deps;
  const route = `${method} ${path}`;
  if (route === 'GET /__sim/requests') return { status: 200, body: deps.log.all() };
  if (route === 'GET /__sim/state') {
    return {
      status: 200,
      body: { slot: core.clock.slot(), time: core.clock.nowIso(), seed: core.options.seed, faults: faultState(deps) },
    };
  }
  if (route === 'GET /__sim/balances') {
    const address = query.get('address') ?? '';
    if (!isAddress(address)) return bad('address: must be a base58 public key');
    return {
      status: 200,
      body: {
        address,
        balances: core.ledger.holdings(address).map((h) => ({ mint: h.mint, amount: h.amount.toString() })),
      },
    };
  }
  if (route === 'POST /__sim/generation') {
    const onlyV1 = objectBody(text)?.onlyV1;
    if (typeof onlyV1 !== 'boolean') return bad('onlyV1: must be true or false');
    core.routes.hide(V2_GROUPS, onlyV1);
    return { status: 200, body: { onlyV1 } };
  }
  if (
    method !== 'POST' ||
    !['/__sim/fund', '/__sim/faults', '/__sim/advance', '/__sim/fill', '/__sim/price', '/__sim/lookup-table'].includes(
      path,
    )
  ) {
    return { status: 404, body: gatewayBody(404, `no control route ${route}`) };
  }
  const body = objectBody(text);
  if (!body) return bad('body: must be a JSON object');
  if (path === '/__sim/fund') {
    const { address, mint, amount } = body;
    if (typeof address !== 'string' || !isAddress(address)) return bad('address: must be a base58 public key');
    if (mint !== undefined && (typeof mint !== 'string' || !core.market.token(mint))) return bad('mint: unknown mint');
    if (amount !== undefined && (typeof amount !== 'string' || !/^\d{1,20}$/.test(amount)))
      return bad('amount: must be a string of base units');
    if (amount !== undefined && mint === undefined) return bad('amount: requires mint');
    core.fund(address, mint, amount === undefined ? undefined : BigInt(amount));
    return {
      status: 200,
      body: {
        address,
        balances: core.ledger.holdings(address).map((h) => ({ mint: h.mint, amount: h.amount.toString() })),
      },
    };
  }
  if (path === '/__sim/faults') {
    const { failExecute, rpc, ...settings } = body;
    const rule = failExecute === undefined || failExecute === null ? null : parseExecuteFault(failExecute);
    if (typeof rule === 'string') return bad(rule);
    const error = deps.faults.update(settings);
    if (error) return bad(error);
    const rpcError =
      rpc === undefined
        ? null
        : deps.rpcEndpoints.update(rpc, { slot: core.clock.slot(), blockHeight: core.clock.blockHeight() });
    if (rpcError) return bad(rpcError);
    if (failExecute === null) core.requests.executeFaults.clear();
    if (rule) core.requests.executeFaults.set(rule);
    return { status: 200, body: faultState(deps) };
  }
  if (path === '/__sim/fill') {
    const unknown = Object.keys(body).find((k) => k !== 'order' && k !== 'percent');
    if (unknown) return bad(`${unknown}: unknown field (use order, percent)`);
    const outcome = fillTriggerOrder(core.kernel, body.order, body.percent);
    return outcome.ok
      ? { status: 200, body: outcome.order }
      : { status: outcome.status, body: { error: outcome.message } };
  }
  if (path === '/__sim/price') {
    const set = setPrice(core, body);
    return typeof set === 'string' ? bad(set) : { status: 200, body: set };
  }
  if (path === '/__sim/lookup-table') {
    const request = parseLookupTableRequest(body);
    if (typeof request === 'string') return bad(request);
    const table = core.lookupTables.add(request, core.clock.slot());
    return typeof table === 'string' ? bad(table) : { status: 200, body: table };
  }
  const seconds = body.seconds;
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0 || seconds > 30 * 86_400)
    return bad('seconds: must be a number 0..2592000');
  core.clock.advance(seconds);
  return { status: 200, body: { slot: core.clock.slot(), time: core.clock.nowIso() } };
}

/** The largest price a token may be set to: the market's own sanity bound (no answer means more). */
const MAX_PRICE_USD = 1e12;

/** POST /__sim/price's body applied to the market, or what is wrong with it. */
export function setPrice(
  core: ServerDeps['core'],
  body: Record<string, unknown>,
): { mint: string; usdPrice: number; previous: number } | string {
  const unknown = Object.keys(body).find((k) => k !== 'mint' && k !== 'usdPrice');
  if (unknown) return `${unknown}: unknown field (use mint, usdPrice)`;
  const { mint, usdPrice } = body;
  if (typeof mint !== 'string' || !core.market.token(mint)) return 'mint: unknown mint';
  if (typeof usdPrice !== 'number' || !Number.isFinite(usdPrice) || usdPrice <= 0 || usdPrice > MAX_PRICE_USD)
    return `usdPrice: must be a positive number of USD up to ${MAX_PRICE_USD}`;
  if (paperOf(core)) return "paper mode: prices are the followed service's, not set here";
  core.clock.sync();
  const previous = core.market.priceUsd(mint);
  core.market.setPrice(mint, usdPrice);
  return { mint, usdPrice, previous };
}

function faultState(deps: ServerDeps): Record<string, unknown> {
  return {
    ...deps.faults.settings,
    failExecute: deps.core.requests.executeFaults.pending(),
    rpc: deps.rpcEndpoints.state(),
  };
}
