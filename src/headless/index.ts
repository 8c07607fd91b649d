// Non-interactive commands: print JSON or plain tables, never load Ink or React.
import type { Config } from '../config.js';
import { describeConfig } from '../config.js';
import { maskSecret, ApiError, RequestRuleError, ResponseShapeError } from '../api/errors.js';
import { openBackend } from '../runtime.js';
import { tokensCommand } from './tokens.js';
import { quoteCommand } from './quote.js';
import { portfolioCommand, ordersCommand } from './account.js';
import { CommandError, printJson } from './print.js';

export async function runHeadless(command: string, positionals: string[], flags: Record<string, string | boolean>, config: Config): Promise<number> {
  if (command === 'config') {
    process.stdout.write(printJson(describeConfig(config, maskSecret)));
    return 0;
  }
  const backend = await openBackend(config);
  try {
    let out: string;
    switch (command) {
      case 'tokens': out = await tokensCommand(backend, flags); break;
      case 'quote': out = await quoteCommand(backend, positionals, flags); break;
      case 'portfolio': out = await portfolioCommand(backend, config, positionals, flags); break;
      case 'orders': out = await ordersCommand(backend, config, flags); break;
      default: throw new CommandError(`unknown command "${command}"`, 2);
    }
    process.stdout.write(out);
    return 0;
  } catch (e) {
    if (e instanceof CommandError) {
      process.stderr.write(`tradedeck ${command}: ${e.message}\n`);
      return e.exitCode;
    }
    if (e instanceof RequestRuleError || e instanceof ApiError || e instanceof ResponseShapeError) {
      process.stderr.write(`tradedeck ${command}: ${e.message}\n`);
      return e instanceof RequestRuleError ? 2 : 1;
    }
    throw e;
  } finally {
    await backend.close();
  }
}
