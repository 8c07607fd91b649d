// Command-line arguments: the help text and a parser that names any bad flag.
import { SETTINGS } from './config.js';

export const VERSION = '0.1.0';

export class UsageError extends Error {}

export const HELP = `tradedeck ${VERSION}: a keyboard-driven terminal dashboard for trading

Usage:
  tradedeck [options]                 open the dashboard (demo mode when no base URL is set)
  tradedeck sim [sim options]         run the embedded simulator as a server (see: tradedeck sim --help)
  tradedeck tokens [--category C] [--interval I] [--limit N] [--json]
                                      print the top tokens
  tradedeck quote AMOUNT FROM TO [--slippage-bps N] [--exact-out] [--json]
                                      print a swap quote (FROM and TO: symbol or mint)
  tradedeck portfolio [ADDRESS] [--json]
                                      print a wallet's positions
  tradedeck orders [--history] [--json]
                                      print the wallet's trigger and recurring orders
  tradedeck config                    print the resolved configuration (API key masked)

Options:
  --base-url URL                 the trading service (env TRADEDECK_BASE_URL); unset: embedded simulator
  --api-key KEY                  API key (env TRADEDECK_API_KEY; prefer the environment or config file)
  --rpc-url URL                  Solana JSON-RPC for submitting swap transactions (env TRADEDECK_RPC_URL)
  --keypair PATH                 key file to sign with (env TRADEDECK_KEYPAIR; default ~/.config/solana/id.json)
  --address ADDRESS              watch-only: show this wallet, never sign (env TRADEDECK_ADDRESS)
  --read-only                    disable every signing action
  --allow-insecure-keyfile       accept a key file that group or others can read
  --timeout-ms N                 per-request timeout (default 10000)
  --seed N                       demo mode: the simulator's seed (default 7)
  --time-scale X                 demo mode: the simulator's clock speed (default 1)
  --config PATH                  config file (default $XDG_CONFIG_HOME/tradedeck/config.json)
  -h, --help                     this help
  -v, --version                  print the version

Configuration precedence: flags > environment > config file > defaults.
State (journal, watchlist) lives in $XDG_STATE_HOME/tradedeck/ (default ~/.local/state/tradedeck).
`;

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

const FLAG_TO_SETTING = new Map(Object.entries(SETTINGS).map(([name, s]) => [s.flag!, name]));
const COMMAND_FLAGS: Record<string, { takesValue: boolean }> = {
  '--json': { takesValue: false },
  '--category': { takesValue: true },
  '--interval': { takesValue: true },
  '--limit': { takesValue: true },
  '--slippage-bps': { takesValue: true },
  '--exact-out': { takesValue: false },
  '--history': { takesValue: false },
};
export const COMMANDS = ['tokens', 'quote', 'portfolio', 'orders', 'config'] as const;

export function parseArgs(argv: string[]): ParsedArgs {
  const out: ParsedArgs = { command: undefined, positionals: [], settings: {}, extra: {}, help: false, version: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '-h' || arg === '--help') { out.help = true; continue; }
    if (arg === '-v' || arg === '--version') { out.version = true; continue; }
    if (arg.startsWith('-')) {
      const eq = arg.indexOf('=');
      const flag = eq > 0 ? arg.slice(0, eq) : arg;
      const inline = eq > 0 ? arg.slice(eq + 1) : undefined;
      const setting = FLAG_TO_SETTING.get(flag);
      const commandFlag = COMMAND_FLAGS[flag];
      const takesValue = flag === '--config' || (setting ? SETTINGS[setting].kind !== 'boolean' : commandFlag?.takesValue);
      if (!setting && !commandFlag && flag !== '--config') throw new UsageError(`unknown option ${flag}`);
      let value: string | boolean = true;
      if (takesValue) {
        if (inline !== undefined) value = inline;
        else if (i + 1 < argv.length && !argv[i + 1].startsWith('--')) value = argv[++i];
        else throw new UsageError(`option ${flag} needs a value`);
      } else if (inline !== undefined) {
        value = inline;
      }
      if (flag === '--config') out.configPath = String(value);
      else if (setting) out.settings[setting] = value;
      else out.extra[flag.slice(2)] = value;
      continue;
    }
    if (out.command === undefined) {
      if (!(COMMANDS as readonly string[]).includes(arg)) throw new UsageError(`unknown command "${arg}" (commands: sim, ${COMMANDS.join(', ')})`);
      out.command = arg;
    } else out.positionals.push(arg);
  }
  return out;
}
