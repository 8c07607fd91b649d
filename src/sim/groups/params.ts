// The swap and order groups' own rules, checked after a request is read with its schema
// (./read-request.ts): every failure names the field, some with the service's errorCode.
import type { SimKernel } from '../engine/kernel.js';

export interface FieldFail {
  (field: string, rule: string, extra?: { errorCode?: string }): never;
}

export function fieldFail(kernel: SimKernel): FieldFail {
  return (field, rule, extra) => kernel.fail({ status: 400, message: `${field}: ${rule}`, ...extra });
}

/** DEX labels (read by their schema) as the market knows them, matched without regard to case. */
export function labelList(
  labels: readonly string[] | undefined,
  field: string,
  known: readonly string[],
  bad: FieldFail,
): Set<string> | undefined {
  if (labels === undefined) return undefined;
  const lower = new Map(known.map((k) => [k.toLowerCase(), k]));
  const out = new Set<string>();
  for (const l of labels) {
    const k = lower.get(l.trim().toLowerCase());
    if (!k) bad(field, `unknown label "${l}"; labels are ${known.join(', ')}`);
    out.add(k);
  }
  return out;
}
