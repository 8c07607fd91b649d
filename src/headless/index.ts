import type { Config } from '../config.js';

/** Runs a non-interactive command and prints its result. */
export async function runHeadless(command: string, positionals: string[], flags: Record<string, string | boolean>, config: Config): Promise<number> {
  void positionals; void flags; void config;
  process.stderr.write(`tradedeck: ${command} is not available in this build\n`);
  return 1;
}
