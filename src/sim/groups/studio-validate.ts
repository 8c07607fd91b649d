// Studio request checks. Studio answers bad input with every failing field at once:
// `{"errors": {"field": ["message", ...]}}`, so the checks collect instead of throwing. The
// request is read with the operation's own request schema (src/api); the service's own limits
// (lengths, ranges the market needs) are added as rules of the simulator.

import { requestProblems, type Operation } from '../../api/index.js';
import type { SimKernel } from '../engine/kernel.js';

export class FieldErrors {
  readonly errors: Record<string, string[]> = {};

  constructor(private readonly kernel: SimKernel) {}

  add(field: string, message: string): void {
    (this.errors[field] ??= []).push(message);
  }

  /** The body read with the operation's request schema, every broken rule collected; only partly read when one broke. */
  request<Req>(op: Operation<Req, unknown>, body: unknown): Partial<Req> {
    const { value, problems } = requestProblems('body', op.request, body);
    for (const e of problems) this.add(e.field, e.rule);
    // a field that broke its rule is there as it was given: each is read defensively where it is used
    return value as Partial<Req>;
  }

  /** Answers 400 with the collected errors, if any. */
  done(): void {
    const [field] = Object.keys(this.errors);
    if (field === undefined) return;
    // a field is listed once a message is pushed for it
    const first = `${field}: ${this.errors[field]![0]}`;
    this.kernel.fail({ status: 400, message: first, fieldErrors: this.errors });
  }

  /** Adds `message` on `field` when `value` is a number (one the schema let through) that breaks `ok`. */
  limit(value: unknown, field: string, ok: (n: number) => boolean, message: string): void {
    if (typeof value === 'number' && Number.isFinite(value) && !ok(value)) this.add(field, message);
  }

  /** Adds `message` on `field` when `value` is text longer than `max` characters. */
  length(value: unknown, field: string, max: number): void {
    if (typeof value === 'string' && [...value].length > max) this.add(field, `must be at most ${max} characters`);
  }
}
