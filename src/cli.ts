// Entry point: parses argv, picks a mode (dashboard | headless command | sim) and starts it.
// Exit codes: 0 ok, 1 failure, 2 usage error. Heavy modules are imported only by the mode that needs them.
import { loadConfig, ConfigError, HEADLESS_BUDGET_FACTOR, type Config } from './config.js';
import { parseArgs, UsageError, HELP, VERSION, type ParsedArgs } from './args.js';
import { maskUrlCredentials } from './api/errors.js';

/**
 * Takes secrets out of what `ps` shows: /proc/PID/cmdline is readable by every user, and Node
 * writes process.title over the very memory the kernel reads it from. The value of --api-key and
 * the credentials of any URL given (user:password@, ?api-key=) are masked there. Returns whether
 * --api-key was given: it was visible until this ran (and in the launcher's shell before it).
 */
function hideSecretsFromProcessList(): boolean {
  const words = [process.argv0, ...process.execArgv, ...process.argv.slice(1)];
  let apiKeyGiven = false;
  const shown = words.map((word, i) => {
    if (words[i - 1] === '--api-key') {
      apiKeyGiven = true;
      return '********';
    }
    if (word.startsWith('--api-key=')) {
      apiKeyGiven = true;
      return '--api-key=********';
    }
    return maskUrlCredentials(word);
  });
  if (shown.some((word, i) => word !== words[i])) process.title = shown.join(' ');
  return apiKeyGiven;
}

async function main(argv: string[]): Promise<number> {
  const apiKeyGiven = hideSecretsFromProcessList();
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
  if (apiKeyGiven) {
    process.stderr.write('tradedeck: warning: --api-key can be read by other users of this machine (ps) while tradedeck starts; TRADEDECK_API_KEY or the config file keeps it private\n');
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
  // a script is not kept waiting by a silent service: each call gives up after 1.5 x --timeout-ms in all
  config = { ...config, requestBudgetMs: Math.round(config.timeoutMs * HEADLESS_BUDGET_FACTOR) };
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
