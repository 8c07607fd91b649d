// Request parameter checks shared by the swap and ultra groups; every failure names the field.
import { isAddress } from '@solana/kit';
import { U64_MAX } from '../../amount.js';
import type { SimKernel } from '../kernel.js';

export interface FieldFail {
  (field: string, rule: string, extra?: { errorCode?: string }): never;
}

export function fieldFail(kernel: SimKernel): FieldFail {
  return (field, rule, extra) => kernel.fail({ status: 400, message: `${field}: ${rule}`, ...extra });
}

export function addressValue(v: unknown, field: string, bad: FieldFail): string {
  if (typeof v !== 'string' || !isAddress(v)) bad(field, `must be a base58 public key (got ${JSON.stringify(v)})`);
  return v as string;
}

export function optionalAddress(v: unknown, field: string, bad: FieldFail): string | undefined {
  return v === undefined || v === null ? undefined : addressValue(v, field, bad);
}

export function u64Value(v: unknown, field: string, bad: FieldFail, positive = true): bigint {
  const text = typeof v === 'number' && Number.isSafeInteger(v) ? String(v) : v;
  if (typeof text !== 'string' || !/^\d{1,20}$/.test(text)) bad(field, `must be an unsigned integer of base units (got ${JSON.stringify(v)})`);
  const n = BigInt(text as string);
  if (n > U64_MAX) bad(field, 'must fit in u64');
  if (positive && n === 0n) bad(field, 'must be greater than zero');
  return n;
}

export function intValue(v: unknown, field: string, min: number, max: number, bad: FieldFail): number {
  const n = typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < min || n > max) bad(field, `must be an integer from ${min} to ${max} (got ${JSON.stringify(v)})`);
  return n as number;
}

export function boolValue(v: unknown, field: string, fallback: boolean, bad: FieldFail): boolean {
  if (v === undefined || v === null) return fallback;
  if (v === true || v === 'true') return true;
  if (v === false || v === 'false') return false;
  return bad(field, `must be true or false (got ${JSON.stringify(v)})`);
}

export function enumValue<T extends string>(v: unknown, field: string, allowed: readonly T[], fallback: T, bad: FieldFail): T {
  if (v === undefined || v === null) return fallback;
  if (typeof v !== 'string' || !allowed.includes(v as T)) bad(field, `must be one of ${allowed.join(', ')} (got ${JSON.stringify(v)})`);
  return v as T;
}

/** a comma list of labels (spaces may arrive as '+'), each one of `known` */
export function labelList(v: string | null, field: string, known: readonly string[], bad: FieldFail): Set<string> | undefined {
  if (v === null) return undefined;
  const labels = v.split(',').map((s) => s.replace(/\+/g, ' ').trim()).filter(Boolean);
  if (labels.length === 0) bad(field, 'must list at least one label');
  const lower = new Map(known.map((k) => [k.toLowerCase(), k]));
  const out = new Set<string>();
  for (const l of labels) {
    const k = lower.get(l.toLowerCase());
    if (!k) bad(field, `unknown label "${l}"; labels are ${known.join(', ')}`);
    out.add(k as string);
  }
  return out;
}

/** rejects query parameters given more than once */
export function single(query: URLSearchParams, name: string, bad: FieldFail): string | null {
  const all = query.getAll(name);
  if (all.length > 1) bad(name, 'given more than once');
  return all.length ? all[0] : null;
}

/**
 * An array query parameter as the real service reads it: repeated (`excludeDexes=A&excludeDexes=B`),
 * comma-separated (`excludeDexes=A,B`), or both; null when absent.
 */
export function listParam(query: URLSearchParams, name: string): string | null {
  const all = query.getAll(name);
  return all.length ? all.join(',') : null;
}
