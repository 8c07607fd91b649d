// How the simulator reads a request: with the operation's own request schema from src/api (the
// one the client checks before it sends), so the two cannot disagree about a field. A broken rule
// answers 400 through kernel.fail with a message naming the field and the rule; the core renders
// the group's own envelope.

import { checkRequest, fromQuery, RequestRuleError, type Operation } from '../../api/index.js';
import type { SimErrorInit, SimGroup, SimKernel, SimTokenInfo } from '../engine/kernel.js';

export class Params {
  constructor(
    private readonly kernel: SimKernel,
    private readonly group: SimGroup,
    /** more of the group's envelope for a broken rule (the order group's execute adds a code) */
    private readonly extra: (field: string) => Partial<SimErrorInit> = () => ({}),
  ) {}

  /** Answers 400 naming `field`; trigger errors also carry the rule as `cause`, trigger-v2's in `details`. */
  fail(field: string, rule: string): never {
    const text = `${field}: ${rule}`;
    if (this.group === 'trigger') return this.kernel.fail({ status: 400, message: `invalid ${field}`, cause: text });
    if (this.group === 'trigger-v2')
      return this.kernel.fail({ status: 400, message: 'Request validation failed', details: { [field]: rule } });
    return this.kernel.fail({ status: 400, message: text, ...this.extra(field) });
  }

  /**
   * A request read with the operation's own request schema (the one the client checks before it
   * sends): a query is read back from text first; a broken rule answers 400 naming the field.
   */
  request<Req>(op: Operation<Req, unknown>, value: unknown, root = op.method === 'GET' ? 'params' : 'body'): Req {
    try {
      return checkRequest(root, op.request, value);
    } catch (e) {
      if (e instanceof RequestRuleError) return this.fail(e.field, e.rule);
      throw e;
    }
  }

  /** The query (and path parameters) of a GET operation, read with its request schema. */
  query<Req>(op: Operation<Req, unknown>, query: URLSearchParams, path: Record<string, string> = {}): Req {
    return this.request(op, fromQuery(op.request, query, path));
  }

  /** A mint (already read as an address) the simulated market knows. */
  mint(mint: string, field: string): SimTokenInfo {
    const info = this.kernel.market.token(mint);
    if (!info) return this.fail(field, `unknown token mint ${mint}`);
    return info;
  }

  /** computeUnitPrice as read by its schema: `auto` (or absent), else microlamports. */
  computeUnitPrice(value: string | undefined): bigint | 'auto' {
    return value === undefined || value === 'auto' ? 'auto' : BigInt(value);
  }
}

/** Slices a list into 10-item pages; totalPages is at least 1. */
export function pageOf<T>(items: T[], page: number, size = 10): { items: T[]; totalPages: number } {
  const totalPages = Math.max(1, Math.ceil(items.length / size));
  return { items: items.slice((page - 1) * size, page * size), totalPages };
}

/** USD text for messages, e.g. 3.2 -> "3.20". */
export function usdText(v: number): string {
  return v.toFixed(2);
}
