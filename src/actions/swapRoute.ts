// The swap routes of both generations of the service, chosen by one rule (src/config/generation.ts): the
// order route is GET /swap/v2/order + POST /swap/v2/execute where the service serves it, GET
// /ultra/v1/order + POST /ultra/v1/execute where it does not (or where `apiVersion v1` says so);
// the swap group's build is GET /swap/v2/build beside POST /swap/v1/swap and /swap-instructions,
// the first generation's taking what the build does not (ExactOut, a priority fee of lamports...).
// A service that answers the current generation "not found" is taken to serve only the first, and
// that is kept; any other error is only that request's.
import type { ApiClient, CallOptions } from '../api/index.js';
import { ApiError } from '../api/errors.js';
import type { BuildAnswer, BuildParams, OrderV2, OrderV2Params } from '../api/types.js';
import { notServed, type Generation, type GenerationState } from '../config/generation.js';
import { BuildRefusal } from '../pipeline/types.js';
import type { SwapForm } from '../store/swap.js';
import { v1BuildReasons, v2FieldsSet, SWAP_OPTIONS } from './swapOptions.js';

export interface RouteDeps {
  api: ApiClient;
  generation: GenerationState;
}

/** What only GET /swap/v2/order takes of an order's parameters (GET /ultra/v1/order has none of them). */
const V2_ORDER_ONLY = [
  'slippageBps',
  'priorityFeeLamports',
  'jitoTipLamports',
  'broadcastFeeType',
  'swapMode',
] as const;

export interface RoutedOrder {
  order: OrderV2;
  generation: Generation;
  /** said once, when this order found that the service does not serve the current generation */
  found?: string;
}

const them = (n: number) => (n === 1 ? 'it' : 'them');

/** Why the first generation is used, for a message ("api-version v1 is set", "… serves only /ultra/v1"). */
function v1Why(g: GenerationState): string {
  return g.v1Why() ?? `${g.name} serves only /ultra/v1`;
}

/** The line said when the current generation turns out not to be served. */
function foundLine(g: GenerationState, path: string, fallback: string): string {
  return `${g.name} does not serve ${path} (HTTP 404): through ${fallback} instead, and kept for ${g.name}`;
}

/** The refusal when `apiVersion v2` is set and the service does not serve it: one line, nothing signed. */
function v2Refusal(g: GenerationState, path: string): BuildRefusal {
  return new BuildRefusal(
    `api-version v2: ${g.name} does not serve ${path} (HTTP 404); nothing was signed (api-version auto falls back to the first generation, v1 uses it)`,
  );
}

/** An error answered by the current generation's route itself (its words): the route is served. */
function answeredByRoute(e: unknown): boolean {
  return e instanceof ApiError && e.kind === 'http' && e.status === 400;
}

/**
 * An order through the route of the generation in use: the current generation first (unless the
 * first is known or forced), falling back to the first where the service does not serve it.
 */
export async function orderOnRoute(d: RouteDeps, params: OrderV2Params, o?: CallOptions): Promise<RoutedOrder> {
  const g = d.generation;
  const v1 = async (found?: string): Promise<RoutedOrder> => {
    const given = V2_ORDER_ONLY.filter((k) => params[k] !== undefined);
    if (given.length)
      throw new BuildRefusal(
        `${given.join(', ')}: only the service's current generation (GET /swap/v2/order) takes ${them(given.length)}, and ${v1Why(g)}; clear ${them(given.length)} (nothing was signed)`,
      );
    const {
      slippageBps: _s,
      priorityFeeLamports: _p,
      jitoTipLamports: _j,
      broadcastFeeType: _b,
      swapMode: _m,
      ...first
    } = params;
    const order = await d.api.ultra.order(first, o);
    return { order, generation: 'v1', ...(found ? { found } : {}) };
  };
  if (g.current() === 'v1') return v1();
  try {
    const order = await d.api.swapV2.order(params, o);
    await g.record('v2');
    return { order, generation: 'v2' };
  } catch (e) {
    if (answeredByRoute(e)) await g.record('v2');
    if (!notServed(e)) throw e;
    if (g.setting === 'v2') throw v2Refusal(g, 'GET /swap/v2/order');
    await g.record('v1');
    return v1(foundLine(g, '/swap/v2', '/ultra/v1'));
  }
}

/** The swap group's generation for the form: the current one's build, or the first's swap, and why. */
export type BuildChoice =
  | {
      /** 'v1': POST /swap/v1/swap; 'v2': GET /swap/v2/build; undefined: not known yet (the build is tried first) */
      generation: Generation | undefined;
      /** what only POST /swap/v1/swap takes, when that is why it is used beside a service that serves both */
      v1Because: string[];
    }
  | { refused: string };

/** Which of the swap group's generations builds the form (b, i), or why neither can. */
export function chooseBuild(form: SwapForm, g: GenerationState): BuildChoice {
  // what only the current generation's build takes (a tip is either route's, but the current generation's)
  const v2Only = v2FieldsSet(form).filter((k) => SWAP_OPTIONS.find((o) => o.key === k)?.group !== 'order');
  const v1Only = v1BuildReasons(form);
  if (g.current() === 'v1') {
    if (v2Only.length)
      return {
        refused: `${v2Only.join(', ')}: only GET /swap/v2/build takes ${them(v2Only.length)}, and ${v1Why(g)}; clear ${them(v2Only.length)}`,
      };
    return { generation: 'v1', v1Because: [] };
  }
  if (v1Only.length && v2Only.length)
    return {
      refused: `${v2Only.join(', ')} need${v2Only.length === 1 ? 's' : ''} GET /swap/v2/build and ${v1Only.join(', ')} need${v1Only.length === 1 ? 's' : ''} POST /swap/v1/swap: not both in one swap`,
    };
  if (v1Only.length) {
    if (g.setting === 'v2')
      return {
        refused: `${v1Only.join(', ')}: GET /swap/v2/build does not take ${them(v1Only.length)}, and api-version v2 is set (auto builds ${them(v1Only.length)} through /swap/v1)`,
      };
    return { generation: 'v1', v1Because: v1Only };
  }
  return { generation: g.current(), v1Because: [] };
}

export type RoutedBuild = { generation: 'v2'; answer: BuildAnswer } | { generation: 'v1'; found?: string };

/**
 * GET /swap/v2/build where the service serves it; a service that does not (and is not forced to)
 * says the swap group's first generation is to be used, and that is kept.
 */
export async function buildOnRoute(d: RouteDeps, params: BuildParams, o?: CallOptions): Promise<RoutedBuild> {
  const g = d.generation;
  try {
    const answer = await d.api.swapV2.build(params, o);
    await g.record('v2');
    return { generation: 'v2', answer };
  } catch (e) {
    if (answeredByRoute(e)) await g.record('v2');
    if (!notServed(e)) throw e;
    if (g.setting === 'v2') throw v2Refusal(g, 'GET /swap/v2/build');
    await g.record('v1');
    return { generation: 'v1', found: foundLine(g, '/swap/v2/build', '/swap/v1') };
  }
}

/**
 * Finds what the service serves when it is not known yet and the route depends on it: a quote of
 * the order route (no taker: nothing to sign). A failure is left to the swap itself to say.
 */
export async function findGeneration(
  d: RouteDeps,
  pair: Pick<OrderV2Params, 'inputMint' | 'outputMint' | 'amount'>,
): Promise<void> {
  if (d.generation.current() !== undefined) return;
  try {
    await orderOnRoute(d, pair);
  } catch {
    // the swap's own request says what is wrong
  }
}
