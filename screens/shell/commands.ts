// The command bar's registry (`:name args`): the shell's own commands plus every screen module's,
// built once per dashboard. Two commands with one name throw at start-up.
import { resolveToken } from '../../src/api/resolveToken.js';
import { isAddress } from '../../src/chain/base58.js';
import type { CommandContext, MountedScreen, ScreenCommand } from './types.js';

/** A mistake in a command line; its message is shown as it is. */
export class CommandError extends Error {}

interface Entry {
  name: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each screen's commands take its own store's state
  spec: ScreenCommand<any>;
  /** the store its screen's commands receive */
  store?: MountedScreen['store'];
}

export interface CommandRegistry {
  names(): string[];
  list(): ReadonlyArray<{ name: string; usage: string; help: string }>;
  run(line: string, ctx: CommandContext): Promise<boolean>;
  complete(line: string, ctx: CommandContext): { prefix: string; candidates: string[] };
}

/** Splits "goto  tokens" into ["goto", "tokens"]; a leading ':' is allowed. */
export function splitCommandLine(line: string): string[] {
  return line.trim().replace(/^:/, '').split(/\s+/).filter(Boolean);
}

/** Edit distance, for "did you mean". */
function distance(a: string, b: string): number {
  // one entry per 0..b.length: every j below is in range
  const d = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = d[0]!;
    d[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = d[j]!;
      d[j] = Math.min(d[j]! + 1, d[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return d[b.length]!;
}

/** The names closest to `word`: same start, or at most two edits away. */
export function closeMatches(word: string, names: readonly string[]): string[] {
  const w = word.toLowerCase();
  return names
    .map((n) => ({ n, d: n.startsWith(w) || w.startsWith(n) ? 0 : distance(w, n) }))
    .filter((x) => x.d <= 2)
    .sort((a, b) => a.d - b.d || a.n.localeCompare(b.n))
    .slice(0, 3)
    .map((x) => x.n);
}

function startsWith(candidates: readonly string[], partial: string): string[] {
  const p = partial.toLowerCase();
  return candidates.filter((c) => c.toLowerCase().startsWith(p));
}

export function createCommandRegistry(
  builtins: ScreenCommand<never>[],
  screens: readonly MountedScreen[],
): CommandRegistry {
  const byName = new Map<string, Entry>();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each screen's commands take its own store's state
  const add = (spec: ScreenCommand<any>, where: string, store?: MountedScreen['store']) => {
    if (!/^[a-z][a-z0-9-]*$/.test(spec.name))
      throw new Error(`command name "${spec.name}" (${where}) must be a lower-case word`);
    const prior = byName.get(spec.name);
    if (prior)
      throw new Error(
        `command :${spec.name} is declared twice (${where} and ${prior.store ? 'another screen' : 'the shell'})`,
      );
    byName.set(spec.name, { name: spec.name, spec, store });
  };
  for (const b of builtins) add(b, 'the shell');
  for (const m of screens) for (const c of m.module.commands) add(c, `the ${m.module.title} screen`, m.store);
  const names = () => [...byName.keys()].sort();
  const withStore = (e: Entry, ctx: CommandContext) => ({ ...ctx, store: e.store as never });

  return {
    names,
    list: () => names().map((n) => ({ name: n, usage: byName.get(n)!.spec.usage, help: byName.get(n)!.spec.help })),
    async run(line, ctx) {
      const [word, ...args] = splitCommandLine(line);
      if (!word) return false;
      const name = word === '?' ? 'help' : word;
      const entry = byName.get(name.toLowerCase());
      if (!entry) {
        const close = closeMatches(name, names());
        ctx.flash(
          'error',
          `unknown command :${name}${close.length ? ` (did you mean ${close.map((c) => ':' + c).join(', ')}?)` : ''}; :help lists them all`,
        );
        return false;
      }
      try {
        await entry.spec.run(args, withStore(entry, ctx));
        return true;
      } catch (e) {
        const message = e instanceof Error ? e.message : String(e);
        ctx.flash(
          'error',
          e instanceof CommandError
            ? `:${entry.name}: ${message} (usage: :${entry.spec.usage})`
            : `:${entry.name}: ${message}`,
        );
        return false;
      }
    },
    complete(line, ctx) {
      const text = line.replace(/^:/, '');
      const endsWithSpace = /\s$/.test(text);
      const words = splitCommandLine(text);
      if (words.length === 0 || (words.length === 1 && !endsWithSpace))
        return { prefix: '', candidates: startsWith(names(), words[0] ?? '') };
      // one word at least (the case of none returned above)
      const entry = byName.get(words[0]!.toLowerCase());
      const partial = endsWithSpace ? '' : words[words.length - 1]!;
      const index = (endsWithSpace ? words.length : words.length - 1) - 1;
      const before = endsWithSpace ? text : text.slice(0, text.length - partial.length);
      const found = entry?.spec.complete ? entry.spec.complete(index, partial, withStore(entry, ctx)) : [];
      // An exact match (case-insensitive) first, then the rest in the order given.
      const matches = [...new Set(startsWith(found, partial))];
      const exact = matches.filter((c) => c.toLowerCase() === partial.toLowerCase());
      return { prefix: before, candidates: [...exact, ...matches.filter((c) => !exact.includes(c))] };
    },
  };
}

// ---------- argument helpers for every screen's commands ----------

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
