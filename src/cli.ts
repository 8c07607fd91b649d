// Entry point: parses argv, picks a mode (dashboard | headless command | sim) and starts it.
// Exit codes: 0 ok, 1 failure, 2 usage error. Heavy modules are imported only by the mode that needs them.
import { loadConfig, ConfigError, type Config } from './config.js';
import { parseArgs, UsageError, HELP, VERSION, type ParsedArgs } from './args.js';

async function main(argv: string[]): Promise<number> {
  // The simulator parses its own flags.
  if (argv[0] === 'sim') {
    const { runSimCommand } = await import('./sim/cli.js');
    return runSimCommand(argv.slice(1));
  }
  let args: ParsedArgs;
  try {
    args = parseArgs(argv);
  } catch (e) {
    if (e instanceof UsageError) {
      process.stderr.write(`tradedeck: ${e.message}\nRun tradedeck --help for the options.\n`);
      return 2;
    }
    throw e;
  }
  if (args.help) {
    process.stdout.write(HELP);
    return 0;
  }
  if (args.version) {
    process.stdout.write(`tradedeck ${VERSION}\n`);
    return 0;
  }
  let config: Config;
  try {
    config = loadConfig({ flags: args.settings, env: process.env, configPath: args.configPath });
  } catch (e) {
    if (e instanceof ConfigError) {
      process.stderr.write(`tradedeck: configuration problems:\n${e.problems.map((p) => `  - ${p}`).join('\n')}\n`);
      return 2;
    }
    throw e;
  }
  if (args.command === undefined) {
    const { runDashboard } = await import('../screens/shell/dashboard.js');
    return runDashboard(config);
  }
  const { runHeadless } = await import('./headless/index.js');
  return runHeadless(args.command, args.positionals, args.extra, config);
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    process.stderr.write(`tradedeck: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 1;
  },
);
