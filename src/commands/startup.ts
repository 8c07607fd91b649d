// What the main script (the dashboard) and the headless mode (every command) both do before they
// run: say a usage error, warn about --api-key on the command line, read the configuration.
import { loadConfig, ConfigError, type Config } from '../config/config.js';
import type { ParsedArgs } from './argv.js';

/** A usage error: one line and where the options are; exit code 2. */
export function sayUsageError(message: string): number {
  process.stderr.write(`tradedeck: ${message}\nRun tradedeck --help for the options.\n`);
  return 2;
}

export function warnApiKeyGiven(): void {
  process.stderr.write(
    'tradedeck: warning: --api-key can be read by other users of this machine (ps) while tradedeck starts; TRADEDECK_API_KEY or the config file keeps it private\n',
  );
}

/** The configuration from the flags, the environment and the config file; undefined (its problems said) when it has any. */
export function configOf(args: ParsedArgs): Config | undefined {
  try {
    return loadConfig({ flags: args.settings, env: process.env, configPath: args.configPath });
  } catch (e) {
    if (e instanceof ConfigError) {
      // one problem is one line; several are listed under a heading
      process.stderr.write(
        e.problems.length === 1
          ? `tradedeck: ${e.problems[0]}\n`
          : `tradedeck: configuration problems:\n${e.problems.map((p) => `  - ${p}`).join('\n')}\n`,
      );
      return undefined;
    }
    throw e;
  }
}
