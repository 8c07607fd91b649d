// The help made from the command registry: each command's synopsis (also in its usage errors),
// `tradedeck --help` (every command, the output rules, the global options), and
// `tradedeck help CMD` / `tradedeck CMD --help` (one command with every option).
import { VERSION } from './argv.js';
import { TOKEN_CATEGORIES, TOKEN_INTERVALS } from '../api/contract/tokens.js';
import { STUDIO_HELP } from '../studio/preset.js';
import { outputWidth } from './print.js';
import { reflow } from '../text/reflow.js';
import {
  COMMAND_NAMES,
  commandSpec,
  isCommand,
  optionsOf,
  type CommandName,
  type CommandSpec,
  type LocalRun,
  type OptionSpec,
} from './registry.js';

/** where the text of a row starts in the option tables (two spaces, the option, padding) */
const OPTION_COLUMN = 33;
/** where a command's description starts under its synopsis */
const COMMAND_COLUMN = 38;

/** `quote AMOUNT FROM TO [--slippage-bps N] ...`: the arguments, then the options in their order (not --table). */
export function synopsis(name: CommandName): string {
  return synopsisOf(name, commandSpec(name));
}

/** The synopsis of an entry (exported for the tests of its forms). */
export function synopsisOf(name: string, spec: Pick<CommandSpec, 'args' | 'options' | 'synopsis'>): string {
  if (spec.synopsis) return spec.synopsis;
  const options = Object.entries(spec.options);
  const shown = (flag: string, o: OptionSpec): string => {
    const nested = options.filter(([, c]) => c.under === flag).map(([f, c]) => `[${shown(f, c)}]`);
    return [flag, o.value, ...nested].filter(Boolean).join(' ');
  };
  const groups: string[] = [];
  for (const [flag, o] of options) {
    if (o.under) continue;
    if (o.group) {
      if (!groups.includes(o.group)) groups.push(o.group);
    } else if (o.orPrevious && groups.length) groups[groups.length - 1] += ` | ${shown(flag, o)}`;
    else groups.push(shown(flag, o));
  }
  const args = spec.args.map((a) => {
    const once = a.optional ? `[${a.name}]` : a.name;
    return (a.many ?? 1) > 1 ? `${once} [${a.name} ...]` : once;
  });
  return [name, ...args, ...groups.map((g) => `[${g}]`)].join(' ');
}

const indent = (text: string, column: number) =>
  text
    .split('\n')
    .map((line) => `${' '.repeat(column)}${line}`)
    .join('\n');

/** A row of an option table: the option, then its text from OPTION_COLUMN (on the next line when the option is longer). */
function row(left: string, text: string): string {
  const lines = text.split('\n');
  const head =
    left.length <= OPTION_COLUMN - 3
      ? `  ${left.padEnd(OPTION_COLUMN - 3)} ${lines[0]}`
      : `  ${left}\n${' '.repeat(OPTION_COLUMN)}${lines[0]}`;
  return [head, ...lines.slice(1).map((l) => `${' '.repeat(OPTION_COLUMN)}${l}`)].join('\n');
}

/** `tradedeck help CMD`: the synopsis, what it does, and every option of the command. */
export function commandHelp(name: CommandName, width = outputWidth()): string {
  const spec = commandSpec(name);
  const options = Object.entries(optionsOf(name));
  const text = [
    `Usage: tradedeck ${synopsis(name)}`,
    '',
    spec.help,
    ...(options.length
      ? ['', 'Options:', ...options.map(([flag, o]) => row(o.value ? `${flag} ${o.value}` : flag, o.help))]
      : []),
    ...(spec.examples?.length
      ? [
          '',
          'Examples (the same words after : in the dashboard):',
          ...spec.examples.flatMap(([line, meaning]) => [`  tradedeck ${line}`, `      ${meaning}`]),
        ]
      : []),
    '',
    'Output, exit codes and the global options (--base-url, --keypair, ...): tradedeck --help',
    '',
  ].join('\n');
  return reflow(text, width);
}

/** Output and exit codes of every command (docs/scripting.md). */
const OUTPUT_HELP = `Output of every command above: JSON when stdout is not a terminal (one document per line, so
\`tradedeck tokens | head -1\` is the whole document), a table or text on a terminal.
  --json                         JSON even on a terminal (indented there)
  --table                        the table or text even into a pipe or a file (e.g. | less)
Field names are stable and listed in docs/scripting.md. Messages and warnings go to stderr.

Exit codes:
  0                              done (a watch ended by Ctrl-C, SIGTERM or a closed pipe too)
  1                              failure: the service, the network or a transaction failed, a
                                 signing prompt was answered no, another tradedeck kept the
                                 signing turn for 60 s, or the disk could not take the journal
  2                              usage error, or a rule refused before the request was sent
                                 (bad amount or token, no wallet, signing without --yes and no terminal)
`;

const SIGNING = COMMAND_NAMES.filter((name) => '--yes' in commandSpec(name).options);

/** `tradedeck --help`: every command with what it does, the output rules and the global options. */
export function fullHelp(width = outputWidth()): string {
  const commands = COMMAND_NAMES.map(
    (name) => `  tradedeck ${synopsis(name)}\n${indent(commandSpec(name).help, COMMAND_COLUMN)}`,
  ).join('\n');
  return reflow(
    `tradedeck ${VERSION}: a keyboard-driven terminal dashboard for trading

Usage:
  tradedeck [options]                 open the dashboard (demo mode when no base URL is set)
  tradedeck sim [sim options]         run the embedded simulator as a server (see: tradedeck sim --help)
${commands}

Signing commands (${SIGNING.join(', ')}) print the confirm dialog on stderr and ask on the
terminal; --yes signs without asking; without a terminal and without --yes they refuse (exit 2)
before any request. tradedeck help COMMAND (or COMMAND --help): its arguments and every option.

${OUTPUT_HELP}
${STUDIO_HELP}
Token lists (values exactly as the service names them):
  --category C                   ${TOKEN_CATEGORIES.join(', ')} (default ${TOKEN_CATEGORIES[0]})
  --interval I                   ${TOKEN_INTERVALS.join(', ')} (default 24h)
  --limit N                      1 to 100 (default 50)

Wallet of portfolio, orders and invites: ADDRESS, else --address, else the key file's address.
Demo mode never reads a key file: with no ADDRESS or --address the demo wallet is used (funded in
the simulator first); its key is kept in the state directory, and the simulator's state is saved
there too, so every demo command and the dashboard see the same wallet, orders and pools.
Command flags go after the command.

Options:
  --base-url URL                 the trading service (env TRADEDECK_BASE_URL); unset: embedded simulator
  --api-key KEY                  API key (env TRADEDECK_API_KEY; prefer the environment or config file:
                                 other users can read arguments with ps until tradedeck hides them)
  --rpc-url URL                  Solana JSON-RPC for submitting swap transactions (env TRADEDECK_RPC_URL);
                                 repeat it (or --rpc) or separate URLs by commas for failover
  --keypair PATH                 live mode's key file (env TRADEDECK_KEYPAIR; default ~/.config/solana/id.json)
  --address ADDRESS              watch-only: show this wallet, never sign (env TRADEDECK_ADDRESS)
  --read-only                    disable every signing action
  --allow-insecure-keyfile       accept a key file that group or others can read
  --timeout-ms N                 per-request timeout (default 10000); a command gives up on a request
                                 after 1.5 times this in all, retries included (15 s by default)
  --api-version v1|v2|auto       the service's swap routes: /swap/v2 (v2), /ultra/v1 and /swap/v1 (v1), or
                                 what the service serves, found once and kept (auto, the default;
                                 env TRADEDECK_API_VERSION)
  --explorer-url URL             transaction links, {sig} = signature (default https://solscan.io/tx/{sig})
  --notify off|bell|desktop      fills and alerts: log only, flash + bell (default), or also a desktop notification
  --ntfy URL                     also post fills, alerts and signing events to an ntfy topic URL
                                 (env TRADEDECK_NTFY; a token: env TRADEDECK_NTFY_TOKEN or config ntfyToken)
  --webhook URL                  also POST each event as JSON to this URL (env TRADEDECK_WEBHOOK)
  --notify-cmd PATH              also run this program for each event, no shell: JSON on stdin and
                                 TRADEDECK_EVENT_* variables (env TRADEDECK_NOTIFY_CMD)
  --ascii                        charts and trends in plain ASCII (env TRADEDECK_ASCII; NO_COLOR does it too)
  --paper                        paper trading: prices and token lists from --base-url's service
                                 (read only), every swap and order filled in a local paper account;
                                 nothing real is signed or sent (env TRADEDECK_PAPER)
  --paper-balance "A SYM,..."    the paper account's starting balances, SOL, USDC and USDT
                                 (default "10 SOL,1000 USDC"; used when the account is opened)
  --seed N                       demo mode: the simulator's seed (default 7)
  --time-scale X                 demo mode: the simulator's clock speed (default 1)
  --config PATH                  config file (default $XDG_CONFIG_HOME/tradedeck/config.json)
  -h, --help                     this help
  -v, --version                  print the version

Configuration precedence: flags > environment > config file > defaults.
State (journal, watchlist, demo key and simulator) lives in $XDG_STATE_HOME/tradedeck/
(default ~/.local/state/tradedeck).
`,
    width,
  );
}

/** `tradedeck help [COMMAND]` */
export async function helpCommand({ positionals, fail }: LocalRun): Promise<number> {
  const name = positionals[0];
  if (name === undefined) process.stdout.write(fullHelp());
  else if (isCommand(name)) process.stdout.write(commandHelp(name));
  else if (name === 'sim') process.stdout.write('The simulator has its own help: tradedeck sim --help\n');
  else {
    fail(`unknown command "${name}" (commands: sim, ${COMMAND_NAMES.join(', ')})`);
    return 2;
  }
  return 0;
}
