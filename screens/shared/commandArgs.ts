// What every screen's `:` commands read their arguments with: a mistake is a CommandError, whose
// message the command bar shows as it is.
import { resolveToken } from '../../src/api/resolveToken.js';
import { isAddress } from '../../src/chain/base58.js';
import type { CommandContext } from './types.js';

/** A mistake in a command line; its message is shown as it is. */
export class CommandError extends Error {}

export function parseWholeNumber(text: string | undefined, what: string, min: number, max: number): number {
  if (text === undefined) throw new CommandError(`${what} is missing`);
  if (!/^\d+$/.test(text)) throw new CommandError(`${what} must be a whole number, got "${text}"`);
  const n = Number(text);
  if (n < min || n > max) throw new CommandError(`${what} must be ${min} to ${max}, got ${n}`);
  return n;
}

export function noMoreThan(args: string[], count: number): void {
  if (args.length > count) throw new CommandError(`unexpected "${args.slice(count).join(' ')}"`);
}

/** A token by symbol, name or mint, through the one catalog; CommandError when it does not resolve. */
export function tokenArg(
  text: string | undefined,
  what: string,
  ctx: CommandContext,
): { mint: string; symbol: string; name: string; decimals?: number } {
  if (!text) throw new CommandError(`${what}: give a symbol or a mint address`);
  const r = resolveToken(text, Object.values(ctx.services.catalog.getState().latest));
  if (r.ok) return { mint: r.token.id, symbol: r.token.symbol, name: r.token.name, decimals: r.token.decimals };
  if (isAddress(text)) return { mint: text, symbol: '', name: '' };
  throw new CommandError(`${what}: ${r.error.replace(/^token:? ?/, '')}`);
}

export function knownSymbols(ctx: CommandContext): string[] {
  return [...new Set(Object.values(ctx.services.catalog.getState().latest).map((t) => t.symbol))].sort();
}
