// Studio request checks. Studio answers bad input with every failing field at once:
// `{"errors": {"field": ["message", ...]}}`, so the checks collect instead of throwing.

import { isAddress } from '@solana/kit';
import type { SimKernel, SimTokenInfo } from '../kernel.js';

export class FieldErrors {
  readonly errors: Record<string, string[]> = {};

  constructor(private readonly kernel: SimKernel) {}

  add(field: string, message: string): void {
    (this.errors[field] ??= []).push(message);
  }

  /** Answers 400 with the collected errors, if any. */
  done(): void {
    const fields = Object.keys(this.errors);
    if (fields.length === 0) return;
    const first = `${fields[0]}: ${this.errors[fields[0]][0]}`;
    this.kernel.fail({ status: 400, message: first, fieldErrors: this.errors });
  }

  object(v: unknown, field: string): Record<string, unknown> {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) {
      this.add(field, v === undefined || v === null ? 'is required' : 'must be an object');
      return {};
    }
    return v as Record<string, unknown>;
  }

  bool(v: unknown, field: string): boolean {
    if (typeof v !== 'boolean') this.add(field, v === undefined ? 'is required' : 'must be true or false');
    return v === true;
  }

  number(v: unknown, field: string, opts: { min?: number; max?: number; integer?: boolean } = {}): number {
    if (typeof v !== 'number' || !Number.isFinite(v)) {
      this.add(field, v === undefined || v === null ? 'is required' : 'must be a number');
      return NaN;
    }
    if (opts.integer && !Number.isInteger(v)) this.add(field, 'must be an integer');
    if (opts.min !== undefined && v < opts.min) this.add(field, `must be >= ${opts.min}`);
    if (opts.max !== undefined && v > opts.max) this.add(field, `must be <= ${opts.max}`);
    return v;
  }

  text(v: unknown, field: string, opts: { max: number; pattern?: RegExp; rule?: string }): string {
    if (typeof v !== 'string' || v.trim() === '') {
      this.add(field, v === undefined || v === null || v === '' ? 'is required' : 'must be a string');
      return '';
    }
    if ([...v].length > opts.max) this.add(field, `must be at most ${opts.max} characters`);
    if (opts.pattern && !opts.pattern.test(v)) this.add(field, opts.rule ?? 'has an invalid format');
    return v;
  }

  address(v: unknown, field: string): string {
    if (typeof v !== 'string' || v === '') {
      this.add(field, v === undefined || v === null || v === '' ? 'is required' : 'must be a string');
      return '';
    }
    if (!isAddress(v)) this.add(field, `"${v}" is not a valid base58 address`);
    return v;
  }

  mint(v: unknown, field: string): SimTokenInfo | undefined {
    const mint = this.address(v, field);
    if (!mint || !isAddress(mint)) return undefined;
    const info = this.kernel.market.token(mint);
    if (!info) this.add(field, `unknown token mint ${mint}`);
    return info;
  }
}
