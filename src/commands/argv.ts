// The one argument parser. The global options (SETTINGS) are known here; a command's own options
// come from a table (the command registry, src/commands/registry.ts). The main script parses with
// no table: it starts the dashboard itself and hands every command line (a word, a command option,
// --help) to the headless mode, which parses it again with the registry. Imported by the main
// script on every launch: keep it small (no registry, no help text).
import { SETTINGS } from '../config/config.js';
import packageJson from '../../package.json' with { type: 'json' };

/** The version, as package.json states it (the build inlines it). */
export const VERSION = packageJson.version;

export class UsageError extends Error {}

export interface ParsedArgs {
  command: string | undefined;
  positionals: string[];
  /** settings flags by setting name */
  settings: Record<string, string | boolean>;
  /** flags that belong to a headless command (--json, --limit ...) */
  extra: Record<string, string | boolean>;
  configPath?: string;
  help: boolean;
  version: boolean;
}

/** What the parser needs to know of the commands (made from the registry by src/commands/args.ts). */
export interface CommandTable {
  names: readonly string[];
  /** whether the command's option takes a value; undefined: the command has no such option */
  takesValue(command: string, flag: string): boolean | undefined;
  /** a command that has this option, undefined when none has */
  commandWith(flag: string): string | undefined;
  usage(command: string): string;
}

/** flag -> setting name, for the settings that have a flag (ntfyToken has none: environment or config file only) */
/** flag -> the name of a setting: every value is a key of SETTINGS (the `!` reads below rely on it) */
const FLAG_TO_SETTING = new Map<string, string>([
  ...Object.entries(SETTINGS).flatMap(([name, s]) => (s.flag ? [[s.flag, name] as const] : [])),
  ['--rpc', 'rpcUrl'],
]);

/** The global options as typed (for completion): every setting's flag and --config. */
export function globalFlags(): Array<{
  flag: string;
  takesValue: boolean;
  choices?: readonly string[];
  path: boolean;
}> {
  return [
    ...[...FLAG_TO_SETTING].map(([flag, name]) => ({
      flag,
      takesValue: SETTINGS[name]!.kind !== 'boolean',
      choices: SETTINGS[name]!.choices,
      path: SETTINGS[name]!.kind === 'path',
    })),
    { flag: '--config', takesValue: true, path: true },
  ];
}

/** A negative or signed number ("-1", "-0.5", "+2") is an argument, never an option. */
function looksNumeric(arg: string): boolean {
  return /^[-+]\.?\d/.test(arg);
}

/**
 * Parses argv. Without a command table it returns undefined as soon as it meets what only the
 * table can say (a word, an option that is no setting, --help): the caller hands the whole line on.
 */
export function parseArgv(argv: string[], table: CommandTable): ParsedArgs;
export function parseArgv(argv: string[], table?: CommandTable): ParsedArgs | undefined;
export function parseArgv(argv: string[], table?: CommandTable): ParsedArgs | undefined {
  const out: ParsedArgs = { command: undefined, positionals: [], settings: {}, extra: {}, help: false, version: false };
  let optionsEnded = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (optionsEnded || !arg.startsWith('-') || arg === '-' || looksNumeric(arg)) {
      if (!table) return undefined;
      addWord(out, arg, table);
      continue;
    }
    if (arg === '--') {
      optionsEnded = true;
      continue;
    }
    if (arg === '-h' || arg === '--help') {
      if (!table) return undefined;
      out.help = true;
      continue;
    }
    if (arg === '-v' || arg === '--version') {
      out.version = true;
      continue;
    }
    const eq = arg.indexOf('=');
    const flag = eq > 0 ? arg.slice(0, eq) : arg;
    const inline = eq > 0 ? arg.slice(eq + 1) : undefined;
    const setting = FLAG_TO_SETTING.get(flag);
    let takesValue: boolean;
    if (flag === '--config') takesValue = true;
    else if (setting) takesValue = SETTINGS[setting]!.kind !== 'boolean';
    else if (!table) return undefined;
    else {
      const owner = table.commandWith(flag);
      if (owner === undefined) throw new UsageError(`unknown option ${flag}`);
      if (out.command === undefined)
        throw new UsageError(`option ${flag} goes after the command (for example: tradedeck ${owner} ${flag})`);
      const own = table.takesValue(out.command, flag);
      if (own === undefined)
        throw new UsageError(
          `option ${flag} does not apply to ${out.command} (usage: tradedeck ${table.usage(out.command)})`,
        );
      takesValue = own;
    }
    let value: string | boolean = true;
    if (takesValue) {
      if (inline !== undefined) value = inline;
      else if (i + 1 < argv.length && !argv[i + 1]!.startsWith('--')) value = argv[++i]!;
      else throw new UsageError(`option ${flag} needs a value`);
    } else if (inline !== undefined) {
      if (inline !== 'true' && inline !== 'false')
        throw new UsageError(`option ${flag} takes no value (got "${inline}")`);
      value = inline === 'true';
    }
    if (flag === '--config') out.configPath = String(value);
    // a list setting given again adds to the list (--rpc-url A --rpc-url B: A, then B on failure)
    else if (setting && SETTINGS[setting]!.kind === 'urls' && typeof out.settings[setting] === 'string')
      out.settings[setting] += `,${String(value)}`;
    else if (setting) out.settings[setting] = value;
    else if (value !== false) out.extra[flag.slice(2)] = value;
  }
  return out;
}

function addWord(out: ParsedArgs, arg: string, table: CommandTable): void {
  if (out.command === undefined) {
    if (!table.names.includes(arg))
      throw new UsageError(`unknown command "${arg}" (commands: sim, ${table.names.join(', ')})`);
    out.command = arg;
  } else out.positionals.push(arg);
}
