// Non-interactive commands: print JSON or plain tables, never load Ink or React. The main script
// hands over every command line (src/main/cli.ts); what each command takes and how it runs is in the
// registry (src/commands/registry.ts).
import { HEADLESS_BUDGET_FACTOR } from '../config/config.js';
import { sanitize } from '../text/sanitize.js';
import { parseArgs, UsageError, VERSION, type ParsedArgs } from '../commands/args.js';
import {
  arity,
  commandSpec,
  isCommand,
  optionKey,
  type CommandName,
  type GivenOptions,
  type Options,
} from '../commands/registry.js';
import { commandHelp, fullHelp, synopsis } from '../commands/usage.js';
import { configOf, sayUsageError, warnApiKeyGiven } from '../commands/startup.js';
import { CommandError, clean, outputMode } from './print.js';
import { nameThisProcess } from '../state/lock.js';

/**
 * Runs a command line (argv as typed, after `tradedeck`). `apiKeyGiven`: --api-key was on it.
 * Exit codes: 0 done; 1 the service, the network or the transaction failed (or a prompt was
 * answered no); 2 a usage error or a rule refused before the request it is about was sent.
 */
export async function runHeadless(argv: string[], apiKeyGiven: boolean): Promise<number> {
  let args: ParsedArgs;
  try {
    args = parseArgs(argv);
  } catch (e) {
    if (e instanceof UsageError) return sayUsageError(e.message);
    throw e;
  }
  const command = args.command;
  if (args.help) {
    process.stdout.write(command !== undefined && isCommand(command) ? commandHelp(command) : fullHelp());
    return 0;
  }
  if (args.version) {
    process.stdout.write(`tradedeck ${VERSION}\n`);
    return 0;
  }
  // (the main script starts the dashboard: a line without a command does not come here)
  if (command === undefined || !isCommand(command)) return sayUsageError('no command');
  // a wait for the signing turn names this process so ("waiting for tradedeck swap, pid N, …")
  nameThisProcess(`tradedeck ${command}`);
  const spec = commandSpec(command);
  // a message may quote the service or an argument: printed only through the sanitiser
  const fail = (message: string) =>
    process.stderr.write(`tradedeck ${command}: ${sanitize(message, { lines: true })}\n`);
  if (spec.local) {
    const opts = await settledOptions(command, args, fail);
    return typeof opts === 'number' ? opts : spec.local({ positionals: args.positionals, opts, fail });
  }
  if (apiKeyGiven) warnApiKeyGiven();
  const config = configOf(args);
  if (config === undefined) return 2;
  const opts = await settledOptions(command, args, fail);
  if (typeof opts === 'number') return opts;
  // a script is not kept waiting by a silent service: each call gives up after 1.5 x --timeout-ms in all
  const budget = Math.round(config.timeoutMs * HEADLESS_BUDGET_FACTOR);
  return spec.run({
    command,
    positionals: args.positionals,
    opts,
    config: { ...config, requestBudgetMs: budget },
    fail,
    usage: synopsis(command),
  });
}

/**
 * The command's options (by the names its code reads them: --exact-out is exactOut) once its
 * arguments are checked, with json and indent settled; or the exit code of a usage error (said
 * through `fail`).
 */
async function settledOptions(
  command: CommandName,
  args: ParsedArgs,
  fail: (message: string) => void,
): Promise<Options<unknown> | number> {
  quietOnClosedPipe();
  const given: Record<string, string | boolean> = Object.fromEntries(
    Object.entries(args.extra).map(([flag, value]) => [optionKey(flag), value]),
  );
  try {
    await checkArguments(command, args.positionals, given);
    // every command reads opts.json: true for JSON (a pipe, a file, --json), false for tables;
    // opts.indent (no such option exists) is JSON indented for a person who asked on a terminal
    const json = !commandSpec(command).plain && outputMode(given, process.stdout.isTTY === true) === 'json';
    return {
      ...given,
      json,
      indent: json && process.stdout.isTTY === true && given.ndjson !== true && given.watch !== true,
    };
  } catch (e) {
    if (e instanceof CommandError) {
      fail(e.message);
      return e.exitCode;
    }
    throw e;
  }
}

/** What can be checked before the service is opened: how many arguments, then the command's own checks. */
async function checkArguments(command: CommandName, positionals: string[], opts: GivenOptions<unknown>): Promise<void> {
  const { min, max } = arity(command);
  const usage = `usage: tradedeck ${synopsis(command)}`;
  if (positionals.length > max) {
    const stray = positionals
      .slice(max)
      .map((p) => `"${clean(p, 40)}"`)
      .join(' ');
    throw new CommandError(`unexpected argument${positionals.length - max > 1 ? 's' : ''} ${stray} (${usage})`, 2);
  }
  if (positionals.length < min) {
    const { example } = commandSpec(command);
    throw new CommandError(example ? `${usage} (for example: tradedeck ${example})` : usage, 2);
  }
  await commandSpec(command).check?.(positionals, opts);
}

/**
 * A reader that stops early (`| head -1`) closes the pipe: the next write to stdout fails with
 * EPIPE. That is a normal end, so the program leaves quietly with exit 0. Other stdout errors end
 * it with one line on stderr; stderr write errors are ignored (there is nowhere to report them).
 */
function quietOnClosedPipe(): void {
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(0);
    process.stderr.write(`tradedeck: cannot write the output: ${e.code ?? e.message}\n`);
    process.exit(1);
  });
  process.stderr.on('error', () => {});
}
