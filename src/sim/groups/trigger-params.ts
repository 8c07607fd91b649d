// Request parameter checks shared by the simulator's order and account groups (trigger,
// recurring, send, portfolio). Every failure answers 400 through kernel.fail with a message that
// names the field and the rule; the core renders the group's own envelope.

import { isAddress } from '@solana/kit';
import { checkRequest, fromQuery, RequestRuleError, type Operation } from '../../api/index.js';
import type { SimGroup, SimKernel, SimTokenInfo } from '../kernel.js';

const U64_MAX = (1n << 64n) - 1n;

export class Params {
  constructor(
    private readonly kernel: SimKernel,
    private readonly group: SimGroup,
  ) {}

  /** Answers 400 naming `field`; trigger errors also carry the rule as `cause`. */
  fail(field: string, rule: string): never {
    const text = `${field}: ${rule}`;
    if (this.group === 'trigger') return this.kernel.fail({ status: 400, message: `invalid ${field}`, cause: text });
    return this.kernel.fail({ status: 400, message: text });
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

  /** The JSON body as an object. */
  body(value: unknown): Record<string, unknown> {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      return this.fail('body', 'must be a JSON object');
    }
    return value as Record<string, unknown>;
  }

  object(value: unknown, field: string): Record<string, unknown> {
    if (value === undefined || value === null) return this.fail(field, 'is required');
    if (typeof value !== 'object' || Array.isArray(value)) return this.fail(field, 'must be an object');
    return value as Record<string, unknown>;
  }

  string(value: unknown, field: string): string {
    if (value === undefined || value === null || value === '') return this.fail(field, 'is required');
    if (typeof value !== 'string') return this.fail(field, `must be a string (got ${typeof value})`);
    return value;
  }

  optString(value: unknown, field: string): string | undefined {
    if (value === undefined || value === null || value === '') return undefined;
    return this.string(value, field);
  }

  address(value: unknown, field: string): string {
    const s = this.string(value, field);
    if (!isAddress(s)) return this.fail(field, `"${s}" is not a valid base58 address`);
    return s;
  }

  optAddress(value: unknown, field: string): string | undefined {
    if (value === undefined || value === null || value === '') return undefined;
    return this.address(value, field);
  }

  /** A mint the simulated market knows. */
  mint(value: unknown, field: string): SimTokenInfo {
    const mint = this.address(value, field);
    const info = this.kernel.market.token(mint);
    if (!info) return this.fail(field, `unknown token mint ${mint}`);
    return info;
  }

  /** Raw base units: a string of digits (or, with allowNumber, a safe integer number), u64. */
  raw(value: unknown, field: string, opts: { positive?: boolean; allowNumber?: boolean } = {}): bigint {
    if (value === undefined || value === null || value === '') return this.fail(field, 'is required');
    let text: string;
    if (typeof value === 'number' && opts.allowNumber) {
      if (!Number.isSafeInteger(value)) return this.fail(field, 'must be an integer number of base units');
      text = String(value);
    } else if (typeof value === 'string') text = value;
    else return this.fail(field, 'must be an integer string of base units');
    if (!/^\d+$/.test(text)) return this.fail(field, `must be an integer string of base units (got "${text}")`);
    const v = BigInt(text);
    if (v > U64_MAX) return this.fail(field, 'is larger than u64');
    if ((opts.positive ?? true) && v === 0n) return this.fail(field, 'must be greater than zero');
    return v;
  }

  /** An integer given as a number or a digit string. */
  int(value: unknown, field: string, opts: { min?: number; max?: number } = {}): number {
    if (value === undefined || value === null || value === '') return this.fail(field, 'is required');
    let n: number;
    if (typeof value === 'number') n = value;
    else if (typeof value === 'string' && /^-?\d+$/.test(value.trim())) n = Number(value.trim());
    else return this.fail(field, `must be an integer (got ${JSON.stringify(value)})`);
    if (!Number.isSafeInteger(n)) return this.fail(field, `must be an integer (got ${JSON.stringify(value)})`);
    if (opts.min !== undefined && n < opts.min) return this.fail(field, `must be >= ${opts.min} (got ${n})`);
    if (opts.max !== undefined && n > opts.max) return this.fail(field, `must be <= ${opts.max} (got ${n})`);
    return n;
  }

  optInt(value: unknown, field: string, opts: { min?: number; max?: number } = {}): number | undefined {
    if (value === undefined || value === null || value === '') return undefined;
    return this.int(value, field, opts);
  }

  /** A finite number (JSON number or numeric string). */
  number(value: unknown, field: string, opts: { min?: number; exclusiveMin?: boolean } = {}): number {
    if (value === undefined || value === null || value === '') return this.fail(field, 'is required');
    const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
    if (!Number.isFinite(n)) return this.fail(field, `must be a number (got ${JSON.stringify(value)})`);
    if (opts.min !== undefined) {
      if (opts.exclusiveMin ? n <= opts.min : n < opts.min) {
        return this.fail(field, `must be ${opts.exclusiveMin ? '>' : '>='} ${opts.min} (got ${n})`);
      }
    }
    return n;
  }

  /** A boolean body field (JSON boolean), or a query flag written `true` / `false`. */
  bool(value: unknown, field: string): boolean {
    if (value === true || value === 'true') return true;
    if (value === false || value === 'false') return false;
    if (value === undefined || value === null || value === '') return this.fail(field, 'is required');
    return this.fail(field, `must be true or false (got ${JSON.stringify(value)})`);
  }

  optBool(value: unknown, field: string): boolean | undefined {
    if (value === undefined || value === null || value === '') return undefined;
    return this.bool(value, field);
  }

  oneOf<T extends string>(value: unknown, field: string, allowed: readonly T[]): T {
    const s = this.string(value, field);
    if (!(allowed as readonly string[]).includes(s)) {
      return this.fail(field, `must be one of ${allowed.join(', ')} (got "${s}")`);
    }
    return s as T;
  }

  /** Listing page: integer >= 1, `fallback` when absent (undefined fallback: required). */
  page(value: unknown, field = 'page', fallback: number | undefined = 1): number {
    if ((value === undefined || value === null || value === '') && fallback !== undefined) return fallback;
    return this.int(value, field, { min: 1 });
  }

  /** computeUnitPrice: `auto` or an integer string of microlamports. */
  computeUnitPrice(value: unknown, field = 'computeUnitPrice'): bigint | 'auto' {
    if (value === undefined || value === null || value === '' || value === 'auto') return 'auto';
    if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value);
    if (typeof value !== 'string' || !/^\d+$/.test(value)) {
      return this.fail(field, `must be "auto" or an integer string of microlamports (got ${JSON.stringify(value)})`);
    }
    return BigInt(value);
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
