// Deterministic execute failures for tests: "let `skip` executes of this group land, then fail the
// next `count`". A failed execute answers the way the real service answers one (status Failed, a
// code, an error) without landing the transaction, so the same signed transaction posted again
// under the same requestId, after the rule is used up, lands normally.

import type { SimGroup } from './kernel.js';

/** Groups with an execute operation that goes through the requestId bookkeeping. */
export const EXECUTE_GROUPS = ['ultra', 'trigger', 'recurring', 'swap-v2'] as const;
export type ExecuteGroup = (typeof EXECUTE_GROUPS)[number];

/** Default failure: the transaction was sent but did not land in time (as the real service reports it). */
export const DEFAULT_EXECUTE_FAULT_CODE = -1006;
export const DEFAULT_EXECUTE_FAULT_ERROR = 'transaction timed out before it landed; it was not executed';

export interface ExecuteFaultRule {
  group: ExecuteGroup;
  /** matching executes that still land before the failures start */
  skip: number;
  /** matching executes that fail after that */
  count: number;
  code: number;
  error: string;
}

export type ExecuteFaultInput = Partial<Record<keyof ExecuteFaultRule, unknown>>;

/** Checks a rule as given over HTTP or to the SimHandle; returns the rule or a message naming the field. */
export function parseExecuteFault(v: unknown, field = 'failExecute'): ExecuteFaultRule | string {
  if (v === null || typeof v !== 'object' || Array.isArray(v))
    return `${field}: must be an object {group, skip?, count?, code?, error?}`;
  const o = v as ExecuteFaultInput;
  const known = new Set(['group', 'skip', 'count', 'code', 'error']);
  const extra = Object.keys(o).find((k) => !known.has(k));
  if (extra) return `${field}.${extra}: unknown field (use group, skip, count, code, error)`;
  if (typeof o.group !== 'string' || !(EXECUTE_GROUPS as readonly string[]).includes(o.group)) {
    return `${field}.group: must be one of ${EXECUTE_GROUPS.join(', ')}`;
  }
  const int = (x: unknown, name: string, min: number, fallback: number): number | string => {
    if (x === undefined) return fallback;
    if (typeof x !== 'number' || !Number.isSafeInteger(x) || x < min)
      return `${field}.${name}: must be an integer >= ${min}`;
    return x;
  };
  const skip = int(o.skip, 'skip', 0, 0);
  if (typeof skip === 'string') return skip;
  const count = int(o.count, 'count', 1, 1);
  if (typeof count === 'string') return count;
  let code = DEFAULT_EXECUTE_FAULT_CODE;
  if (o.code !== undefined) {
    if (typeof o.code !== 'number' || !Number.isSafeInteger(o.code) || o.code === 0)
      return `${field}.code: must be a non-zero integer`;
    code = o.code;
  }
  let error = DEFAULT_EXECUTE_FAULT_ERROR;
  if (o.error !== undefined) {
    if (typeof o.error !== 'string' || o.error.trim() === '') return `${field}.error: must be a non-empty string`;
    error = o.error;
  }
  return { group: o.group as ExecuteGroup, skip, count, code, error };
}

/** One pending rule per group; a new rule for a group replaces the old one. */
export class ExecuteFaults {
  private readonly rules = new Map<SimGroup, ExecuteFaultRule>();

  set(rule: ExecuteFaultRule): void {
    this.rules.set(rule.group, { ...rule });
  }

  clear(): void {
    this.rules.clear();
  }

  /** the rules still pending, with what is left of skip and count */
  pending(): ExecuteFaultRule[] {
    return [...this.rules.values()].map((r) => ({ ...r }));
  }

  /**
   * Called once for every execute of `group` that would land a transaction now; returns the
   * failure to answer with, or null to let it land.
   */
  take(group: SimGroup): { code: number; error: string } | null {
    const rule = this.rules.get(group);
    if (!rule) return null;
    if (rule.skip > 0) {
      rule.skip -= 1;
      return null;
    }
    rule.count -= 1;
    if (rule.count <= 0) this.rules.delete(group);
    return { code: rule.code, error: rule.error };
  }
}
