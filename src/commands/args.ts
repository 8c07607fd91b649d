// The command line of the headless mode: the one parser (src/commands/argv.ts) told the commands of the
// registry (src/commands/registry.ts). Not part of the main script: see src/commands/argv.ts.
import { parseArgv, type CommandTable, type ParsedArgs } from './argv.js';
import { COMMAND_NAMES, isCommand, optionsOf } from './registry.js';
import { synopsis } from './usage.js';

export { UsageError, VERSION, type ParsedArgs } from './argv.js';
export { HIGH_PRICE_IMPACT } from './registry.js';

const ANY_OPTION = new Map<string, string>();
for (const name of COMMAND_NAMES)
  for (const flag of Object.keys(optionsOf(name))) if (!ANY_OPTION.has(flag)) ANY_OPTION.set(flag, name);

const COMMAND_TABLE: CommandTable = {
  names: COMMAND_NAMES,
  takesValue(command, flag) {
    if (!isCommand(command)) return undefined;
    const option = optionsOf(command)[flag];
    return option === undefined ? undefined : option.value !== undefined;
  },
  commandWith: (flag) => ANY_OPTION.get(flag),
  usage: (command) => (isCommand(command) ? synopsis(command) : command),
};

export function parseArgs(argv: string[]): ParsedArgs {
  return parseArgv(argv, COMMAND_TABLE);
}

/** The commands that sign an order (src/commands/orderSigning.ts). */
const ORDER_SIGNING_COMMANDS = ['limit', 'dca', 'cancel', 'cancel-all', 'withdraw'] as const;
export type OrderSigningCommand = (typeof ORDER_SIGNING_COMMANDS)[number];
/** Their synopses, for their usage errors. */
export const ORDER_SIGNING_USAGE = Object.fromEntries(ORDER_SIGNING_COMMANDS.map((c) => [c, synopsis(c)])) as Record<
  OrderSigningCommand,
  string
>;
export const SWAP_USAGE = synopsis('swap');
