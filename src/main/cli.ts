// Entry point: parses argv, picks a mode (dashboard | headless command | sim) and starts it.
// Exit codes: 0 ok, 1 failure, 2 usage error. Heavy modules are imported only by the mode that needs them.
import { parseArgv, UsageError, VERSION, type ParsedArgs } from '../commands/argv.js';
import { configOf, sayUsageError, warnApiKeyGiven } from '../commands/startup.js';
import { maskUrlCredentials } from '../api/errors.js';

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
    const { runSimCommand } = await import('./sim.js');
    return runSimCommand(argv.slice(1));
  }
  // Only the global options are known here; a command line (a command, a command's option,
  // --help) is the headless mode's, which knows the commands (src/commands/registry.ts).
  let args: ParsedArgs | undefined;
  try {
    args = parseArgv(argv);
  } catch (e) {
    if (e instanceof UsageError) return sayUsageError(e.message);
    throw e;
  }
  if (args === undefined) {
    const { runHeadless } = await import('../commands/index.js');
    return runHeadless(argv, apiKeyGiven);
  }
  if (args.version) {
    process.stdout.write(`tradedeck ${VERSION}\n`);
    return 0;
  }
  if (apiKeyGiven) warnApiKeyGiven();
  const config = configOf(args);
  if (config === undefined) return 2;
  const { runDashboard } = await import('../../screens/shell/dashboard.js');
  return runDashboard(config);
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
