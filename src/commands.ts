// The command bar's registry: `:name args`. Built-in commands are registered here; other screens
// add theirs with registerCommand (e.g. :swap, :limit, :dca, :cancel).
import type { AppServices, Flash } from './hooks/services.js';

export interface CommandContext {
  services: AppServices;
  flash: Flash;
  screens: ReadonlyArray<{ id: string; title: string }>;
  /** the active screen's id */
  screen: string;
  goto(screenId: string): void;
  quit(): void;
}

export interface CommandSpec {
  /** e.g. "goto <screen>" */
  usage: string;
  description: string;
  /** candidates for the argument at `index` starting with `partial` (case-insensitive) */
  complete?(index: number, partial: string, ctx: CommandContext): string[];
  /** throws CommandError (or any Error) with a message naming what is wrong */
  run(args: string[], ctx: CommandContext): void | Promise<void>;
}

/** A mistake in a command line; its message is shown as it is. */
export class CommandError extends Error {}

const registry = new Map<string, CommandSpec>();

/** Adds (or replaces) a command. Names are lower-case words: letters, digits, '-'. */
export function registerCommand(name: string, spec: CommandSpec): void {
  if (!/^[a-z][a-z0-9-]*$/.test(name)) throw new Error(`command name "${name}" must be a lower-case word`);
  registry.set(name, spec);
}

export function commandNames(): string[] {
  return [...registry.keys()].sort();
}

export function commandSpec(name: string): CommandSpec | undefined {
  return registry.get(name);
}

/** Splits "goto  tokens" into ["goto", "tokens"]; a leading ':' is allowed. */
export function splitCommandLine(line: string): string[] {
  return line.trim().replace(/^:/, '').split(/\s+/).filter(Boolean);
}

/** Runs a command line; errors are shown as flash messages that name the problem. */
export async function runCommandLine(line: string, ctx: CommandContext): Promise<boolean> {
  const [name, ...args] = splitCommandLine(line);
  if (!name) return false;
  const spec = registry.get(name.toLowerCase());
  if (!spec) {
    ctx.flash('error', `unknown command :${name} (commands: ${commandNames().join(', ')})`);
    return false;
  }
  try {
    await spec.run(args, ctx);
    return true;
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    ctx.flash('error', e instanceof CommandError ? `:${name}: ${message} (usage: :${spec.usage})` : `:${name}: ${message}`);
    return false;
  }
}

function startsWith(candidates: readonly string[], partial: string): string[] {
  const p = partial.toLowerCase();
  return candidates.filter((c) => c.toLowerCase().startsWith(p));
}

/** Completion candidates for the last word of `line`: command names first, then each command's arguments. */
export function completeCommandLine(line: string, ctx: CommandContext): { prefix: string; candidates: string[] } {
  const text = line.replace(/^:/, '');
  const endsWithSpace = /\s$/.test(text);
  const words = splitCommandLine(text);
  if (words.length === 0 || (words.length === 1 && !endsWithSpace)) {
    return { prefix: '', candidates: startsWith(commandNames(), words[0] ?? '') };
  }
  const spec = registry.get(words[0].toLowerCase());
  const partial = endsWithSpace ? '' : words[words.length - 1];
  const index = (endsWithSpace ? words.length : words.length - 1) - 1;
  const before = endsWithSpace ? text : text.slice(0, text.length - partial.length);
  const found = spec?.complete ? spec.complete(index, partial, ctx) : [];
  return { prefix: before, candidates: [...new Set(startsWith(found, partial))] };
}

/** The longest common start of the strings (case-sensitive). */
export function commonPrefix(words: readonly string[]): string {
  if (words.length === 0) return '';
  let p = words[0];
  for (const w of words) while (!w.startsWith(p)) p = p.slice(0, -1);
  return p;
}

// ---------- built-in commands ----------

function parsePositiveInt(text: string | undefined, what: string, min: number, max: number): number {
  if (text === undefined) throw new CommandError(`${what} is missing`);
  if (!/^\d+$/.test(text)) throw new CommandError(`${what} must be a whole number, got "${text}"`);
  const n = Number(text);
  if (n < min || n > max) throw new CommandError(`${what} must be ${min} to ${max}, got ${n}`);
  return n;
}

function tooMany(args: string[], count: number): void {
  if (args.length > count) throw new CommandError(`unexpected "${args.slice(count).join(' ')}"`);
}

registerCommand('goto', {
  usage: 'goto <screen>',
  description: 'switch to a screen by name or number',
  complete: (index, _partial, ctx) => (index === 0 ? ctx.screens.map((s) => s.id) : []),
  run(args, ctx) {
    tooMany(args, 1);
    const want = args[0];
    if (!want) throw new CommandError('which screen? (' + ctx.screens.map((s) => s.id).join(', ') + ')');
    const byNumber = /^\d+$/.test(want) ? ctx.screens[Number(want) - 1] : undefined;
    const screen = byNumber ?? ctx.screens.find((s) => s.id === want.toLowerCase() || s.title.toLowerCase() === want.toLowerCase());
    if (!screen) throw new CommandError(`no screen "${want}" (screens: ${ctx.screens.map((s) => s.id).join(', ')})`);
    ctx.goto(screen.id);
  },
});

/** A token by symbol (case-insensitive, the first listed wins) or mint among the tokens seen so far. */
export function resolveToken(text: string, ctx: CommandContext): { mint: string; symbol: string; name: string } | undefined {
  const latest = ctx.services.stores.tokens.getState().latest;
  if (latest[text]) return { mint: text, symbol: latest[text].symbol, name: latest[text].name };
  const lower = text.toLowerCase();
  const match = Object.values(latest).find((t) => t.symbol.toLowerCase() === lower);
  if (match) return { mint: match.id, symbol: match.symbol, name: match.name };
  if (/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(text)) return { mint: text, symbol: '', name: '' };
  return undefined;
}

function knownSymbols(ctx: CommandContext): string[] {
  return [...new Set(Object.values(ctx.services.stores.tokens.getState().latest).map((t) => t.symbol))].sort();
}

registerCommand('watch', {
  usage: 'watch <symbol|mint>',
  description: 'star a token (saved in the watchlist)',
  complete: (index, _p, ctx) => (index === 0 ? knownSymbols(ctx) : []),
  run(args, ctx) {
    tooMany(args, 1);
    if (!args[0]) throw new CommandError('which token? give a symbol or a mint address');
    const found = resolveToken(args[0], ctx);
    if (!found) throw new CommandError(`no token "${args[0]}" in the lists seen so far (a mint address always works)`);
    const tokens = ctx.services.stores.tokens.getState();
    if (tokens.starred.some((e) => e.mint === found.mint)) {
      ctx.flash('info', `${found.symbol || found.mint} is already starred`);
      return;
    }
    tokens.star(found.mint, found);
    ctx.flash('success', `starred ${found.symbol || found.mint}`);
  },
});

registerCommand('interval', {
  usage: 'interval <seconds>',
  description: "set the active screen's polling interval",
  run(args, ctx) {
    tooMany(args, 1);
    const seconds = parsePositiveInt(args[0], 'seconds', 2, 600);
    const { session } = ctx.services.stores;
    if (!(session.getState().resources[ctx.screen]?.length)) throw new CommandError(`the ${ctx.screen} screen polls nothing`);
    session.getState().setInterval(ctx.screen, seconds * 1000);
    ctx.flash('info', `${ctx.screen} every ${seconds}s`);
  },
});

registerCommand('limit', {
  usage: 'limit <1-100>',
  description: 'how many tokens the Tokens screen lists',
  run(args, ctx) {
    tooMany(args, 1);
    const n = parsePositiveInt(args[0], 'limit', 1, 100);
    ctx.services.stores.tokens.getState().setLimit(n);
    ctx.flash('info', `tokens: top ${n}`);
  },
});

registerCommand('quit', {
  usage: 'quit',
  description: 'quit tradedeck',
  run(args, ctx) {
    tooMany(args, 0);
    ctx.quit();
  },
});
