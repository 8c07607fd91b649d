// Command-line arguments: the help text and a parser that names any bad flag.
import { SETTINGS } from './config.js';
import { TOKEN_CATEGORIES, TOKEN_INTERVALS } from './api/types.js';
import { STUDIO_HELP } from './studio/preset.js';

export const VERSION = '0.1.0';

export class UsageError extends Error {}

/** Price impact (as a fraction) at or above which `quote` warns on stderr. */
export const HIGH_PRICE_IMPACT = 0.05;

interface CommandSpec {
  /** the synopsis after `tradedeck` */
  usage: string;
  /** positional arguments accepted: at least `min`, at most `max` */
  min: number;
  max: number;
  /** the command's own flags and whether each takes a value */
  flags: Record<string, { takesValue: boolean }>;
}

const VALUE = { takesValue: true };
const SWITCH = { takesValue: false };

/** Every headless command: its synopsis, positional arguments and flags. */
/** The commands that sign an order (src/headless/orderSigning.ts), with their words. */
export const ORDER_SIGNING_COMMANDS = ['limit', 'dca', 'cancel', 'cancel-all', 'withdraw'] as const;
export type OrderSigningCommand = (typeof ORDER_SIGNING_COMMANDS)[number];
export const ORDER_SIGNING_USAGE: Record<OrderSigningCommand, string> = {
  limit: 'limit AMOUNT SELL TOTAL|@PRICE [UNIT] BUY [expiry 7d] [slippage 1%] [cu auto|N] [--yes [--allow-off-market]] [--json]',
  dca: 'dca TOTAL FROM TO ORDERS INTERVAL [--yes] [--json]',
  cancel: 'cancel ORDER [--yes] [--json]',
  'cancel-all': 'cancel-all [--yes] [--json]',
  withdraw: 'withdraw ORDER in|out [AMOUNT|all] [--yes] [--json]',
};

/** The route controls of GET /swap/v1/quote, for `quote` and `swap` alike. */
const ROUTE_OPTIONS = '[--dexes L,L] [--exclude-dexes L,L] [--only-direct-routes] [--restrict-intermediate-tokens true|false] [--max-accounts N] [--platform-fee-bps N]';
const ROUTE_FLAGS = { '--dexes': VALUE, '--exclude-dexes': VALUE, '--only-direct-routes': SWITCH, '--restrict-intermediate-tokens': VALUE, '--max-accounts': VALUE, '--platform-fee-bps': VALUE };

export const SWAP_USAGE = `swap AMOUNT FROM TO [--exact-out] [--slippage-bps N] [--route order|swap] ${ROUTE_OPTIONS} [--fee-account ADDR] [--priority-fee auto|LAMPORTS|LEVEL [MAX]] [--yes] [--json]`;

export const COMMAND_SPECS: Record<string, CommandSpec> = {
  tokens: {
    usage: 'tokens [--category C] [--interval I] [--limit N] [--json] [--watch [--ndjson] [--interval-ms N]]',
    min: 0,
    max: 0,
    flags: { '--category': VALUE, '--interval': VALUE, '--limit': VALUE, '--json': SWITCH, '--watch': SWITCH, '--ndjson': SWITCH, '--interval-ms': VALUE },
  },
  quote: {
    usage: `quote AMOUNT FROM TO [--slippage-bps N] [--exact-out] [--route order|swap] ${ROUTE_OPTIONS} [--json]`,
    min: 3,
    max: 3,
    flags: { '--slippage-bps': VALUE, '--exact-out': SWITCH, '--route': VALUE, ...ROUTE_FLAGS, '--json': SWITCH },
  },
  swap: {
    usage: SWAP_USAGE,
    min: 3,
    max: 3,
    flags: { '--slippage-bps': VALUE, '--exact-out': SWITCH, '--route': VALUE, ...ROUTE_FLAGS, '--fee-account': VALUE, '--priority-fee': VALUE, '--yes': SWITCH, '--json': SWITCH },
  },
  portfolio: { usage: 'portfolio [ADDRESS] [--platforms ID,ID] [--json]', min: 0, max: 1, flags: { '--platforms': VALUE, '--json': SWITCH } },
  orders: {
    usage: 'orders [ADDRESS] [--limit | --dca] [--history] [--mint MINT|SYMBOL] [--include-failed] [--json]',
    min: 0,
    max: 1,
    flags: { '--limit': SWITCH, '--dca': SWITCH, '--history': SWITCH, '--mint': VALUE, '--include-failed': SWITCH, '--json': SWITCH },
  },
  invites: { usage: 'invites [ADDRESS] [--pending] [--json]', min: 0, max: 1, flags: { '--pending': SWITCH, '--json': SWITCH } },
  studio: {
    usage: 'studio create --name N --symbol S --image PATH [...] | studio claim POOL [--max A]',
    min: 1,
    max: 2,
    flags: {
      ...Object.fromEntries(['--name', '--symbol', '--image', '--quote', '--initial-cap', '--migration-cap', '--quote-decimals', '--fee-bps', '--vest-total', '--vest-cliff', '--vest-periods', '--vest-duration', '--vest-cliff-after', '--max'].map((f) => [f, VALUE])),
      '--anti-sniping': SWITCH,
      '--lp-unlocked': SWITCH,
      '--yes': SWITCH,
      '--json': SWITCH,
    },
  },
  limit: { usage: ORDER_SIGNING_USAGE.limit, min: 4, max: 11, flags: { '--yes': SWITCH, '--allow-off-market': SWITCH, '--json': SWITCH } },
  dca: { usage: ORDER_SIGNING_USAGE.dca, min: 5, max: 5, flags: { '--yes': SWITCH, '--json': SWITCH } },
  cancel: { usage: ORDER_SIGNING_USAGE.cancel, min: 1, max: 1, flags: { '--yes': SWITCH, '--json': SWITCH } },
  'cancel-all': { usage: ORDER_SIGNING_USAGE['cancel-all'], min: 0, max: 0, flags: { '--yes': SWITCH, '--json': SWITCH } },
  withdraw: { usage: ORDER_SIGNING_USAGE.withdraw, min: 2, max: 3, flags: { '--yes': SWITCH, '--json': SWITCH } },
  config: { usage: 'config [--json]', min: 0, max: 0, flags: { '--json': SWITCH } },
  watch: { usage: 'watch [--interval-ms N] [--json]', min: 0, max: 0, flags: { '--interval-ms': VALUE, '--json': SWITCH } },
  export: {
    usage: 'export journal|fills|pnl [--since DATE] [--until DATE] [--format csv|json|koinly]',
    min: 1,
    max: 1,
    flags: { '--since': VALUE, '--until': VALUE, '--format': VALUE },
  },
  journal: { usage: 'journal archive [--json]', min: 1, max: 1, flags: { '--json': SWITCH } },
  demo: { usage: 'demo reset [--json]', min: 1, max: 1, flags: { '--json': SWITCH } },
};

// every command prints JSON or a table (see OUTPUT_HELP): --table forces the table
for (const spec of Object.values(COMMAND_SPECS)) spec.flags['--table'] = SWITCH;

export const COMMANDS: readonly string[] = Object.keys(COMMAND_SPECS);

const pct = `${HIGH_PRICE_IMPACT * 100}%`;

/** Output and exit codes of the commands above (README: Scripting). */
export const OUTPUT_HELP = `Output of every command above: JSON when stdout is not a terminal (one document per line, so
\`tradedeck tokens | head -1\` is the whole document), a table or text on a terminal.
  --json                         JSON even on a terminal (indented there)
  --table                        the table or text even into a pipe or a file (e.g. | less)
Field names are stable and listed in the README (Scripting). Messages and warnings go to stderr.

Exit codes:
  0                              done (a watch ended by Ctrl-C, SIGTERM or a closed pipe too)
  1                              failure: the service, the network or a transaction failed, a
                                 signing prompt was answered no, or another tradedeck signing
                                 from the same state dir did not let it go within 3 s
  2                              usage error, or a rule refused before the request was sent
                                 (bad amount or token, no wallet, signing without --yes and no terminal)
`;

export const HELP = `tradedeck ${VERSION}: a keyboard-driven terminal dashboard for trading

Usage:
  tradedeck [options]                 open the dashboard (demo mode when no base URL is set)
  tradedeck sim [sim options]         run the embedded simulator as a server (see: tradedeck sim --help)
  tradedeck ${COMMAND_SPECS.tokens.usage}
                                      print the top tokens of a category and interval; --watch: again
                                      every --interval-ms (default 10000, at least 2000) until Ctrl-C,
                                      as NDJSON (one JSON object per line and refresh) when piped or
                                      with --ndjson or --json, a table redrawn in place on a terminal
  tradedeck ${COMMAND_SPECS.quote.usage}
                                      print a swap quote (FROM and TO: symbol or mint, not the same token)
                                      from the route \`swap\` would take with the same options (the order
                                      group, or the swap group with --exact-out, --slippage-bps, a route
                                      control other than --exclude-dexes, or --route swap), with its
                                      fees; warns on stderr when the price impact is ${pct} or more.
                                      Route controls: --dexes/--exclude-dexes DEX labels (Raydium,Orca V2),
                                      --only-direct-routes (one hop), --restrict-intermediate-tokens
                                      false (any token between), --max-accounts 1-256, --platform-fee-bps
                                      0-10000 (swap needs --fee-account, the token account that collects it)
  tradedeck ${COMMAND_SPECS.swap.usage}
                                      swap AMOUNT of FROM for TO through the confirm dialog and the signing
                                      pipeline; prints the outcome (status, signature, amounts moved)
  tradedeck ${COMMAND_SPECS.portfolio.usage}
                                      print a wallet's positions (amounts in token units); --platforms:
                                      only these platforms (ids as the PLATFORM column shows them)
  tradedeck ${COMMAND_SPECS.orders.usage}
                                      print a wallet's limit (trigger) and DCA (recurring) orders:
                                      both kinds unless --limit or --dca, and legacy price-based DCA
                                      orders (marked legacy); active ones, or with --history the
                                      finished ones; --mint: only orders selling or buying that token;
                                      --include-failed: also orders whose opening transaction failed
  tradedeck ${COMMAND_SPECS.invites.usage}
                                      print a wallet's invites (sent or received); --pending: only
                                      the ones it sent that are not claimed yet
  tradedeck ${COMMAND_SPECS.studio.usage}
                                      launch a token on a bonding curve, or claim its creator fees
  tradedeck ${COMMAND_SPECS.limit.usage}
                                      place a limit order: sell AMOUNT of SELL for TOTAL of BUY, or at
                                      @PRICE in the pair's USDC, USDT or SOL per one of the other token
                                      (limit 100 USDC @0.45 GOLLA buys GOLLA at 0.45 USDC each); UNIT
                                      names it when neither side is one (@0.45 BONK/GOLLA). A price
                                      that loses over 5% at once or sits beyond ±50% of the market
                                      needs a typed yes; with --yes it is refused (exit 2) unless
                                      --allow-off-market is given too
  tradedeck ${COMMAND_SPECS.dca.usage}
                                      a DCA order: TOTAL of FROM into TO over ORDERS orders, one every INTERVAL
  tradedeck ${COMMAND_SPECS.cancel.usage}
  tradedeck ${COMMAND_SPECS['cancel-all'].usage}
                                      cancel one open order (by its key), or every open limit order
  tradedeck ${COMMAND_SPECS.withdraw.usage}
                                      legacy price-based DCA order: withdraw from its unused input (in)
                                      or what it bought (out), AMOUNT in token units or all (the default)
                                      Signing commands print the confirm dialog on stderr and ask on the
                                      terminal; --yes signs without asking; without a terminal and
                                      without --yes they refuse (exit 2) before any request.
  tradedeck ${COMMAND_SPECS.watch.usage}
                                      watch the wallet's orders and the alerts without the dashboard:
                                      fills, closed orders and fired alerts go to --ntfy, --webhook and
                                      --notify-cmd, and a line each to stdout (NDJSON when piped);
                                      every 30 s by default (at least 5000 ms); SIGTERM ends it, exit 0
  tradedeck ${COMMAND_SPECS.export.usage}
                                      the journal's signed transactions, the fills of orders placed here,
                                      or the spot P&L, as CSV (default), JSON, or the universal CSV that
                                      tax tools read (koinly: trades only); DATE is a UTC day or ISO time
  tradedeck ${COMMAND_SPECS.journal.usage}
                                      move the journal's finished lines of past years (UTC) to
                                      journal-YYYY.jsonl beside it, whole lines, none rewritten or
                                      dropped; the journal view and exports read them; only while no
                                      other tradedeck runs on the state dir
  tradedeck ${COMMAND_SPECS.config.usage}
                                      print the resolved configuration (API key masked)
  tradedeck ${COMMAND_SPECS.demo.usage}
                                      demo mode starts over: removes the demo key and the saved
                                      simulator state (balances, orders, pools) from the state directory

${OUTPUT_HELP}
${STUDIO_HELP}
Token lists (values exactly as the service names them):
  --category C                   ${TOKEN_CATEGORIES.join(', ')} (default ${TOKEN_CATEGORIES[0]})
  --interval I                   ${TOKEN_INTERVALS.join(', ')} (default 24h)
  --limit N                      1 to 100 (default 50)

Wallet of portfolio, orders and invites: ADDRESS, else --address, else the key file's address.
In demo mode the wallet is funded in the simulator first; with no ADDRESS, --address or key file,
the demo wallet is used: its key is kept in the state directory, and the simulator's state is
saved there too, so every demo command and the dashboard see the same wallet, orders and pools.
Command flags go after the command.

Options:
  --base-url URL                 the trading service (env TRADEDECK_BASE_URL); unset: embedded simulator
  --api-key KEY                  API key (env TRADEDECK_API_KEY; prefer the environment or config file:
                                 other users can read arguments with ps until tradedeck hides them)
  --rpc-url URL                  Solana JSON-RPC for submitting swap transactions (env TRADEDECK_RPC_URL);
                                 repeat it (or --rpc) or separate URLs by commas for failover
  --keypair PATH                 key file to sign with (env TRADEDECK_KEYPAIR; default ~/.config/solana/id.json)
  --address ADDRESS              watch-only: show this wallet, never sign (env TRADEDECK_ADDRESS)
  --read-only                    disable every signing action
  --allow-insecure-keyfile       accept a key file that group or others can read
  --timeout-ms N                 per-request timeout (default 10000); a command gives up on a request
                                 after 1.5 times this in all, retries included (15 s by default)
  --explorer-url URL             transaction links, {sig} = signature (default https://solscan.io/tx/{sig})
  --notify off|bell|desktop      fills and alerts: log only, flash + bell (default), or also a desktop notification
  --ntfy URL                     also post fills, alerts and signing events to an ntfy topic URL
                                 (env TRADEDECK_NTFY; a token: env TRADEDECK_NTFY_TOKEN or config ntfyToken)
  --webhook URL                  also POST each event as JSON to this URL (env TRADEDECK_WEBHOOK)
  --notify-cmd PATH              also run this program for each event, no shell: JSON on stdin and
                                 TRADEDECK_EVENT_* variables (env TRADEDECK_NOTIFY_CMD)
  --ascii                        charts and trends in plain ASCII (env TRADEDECK_ASCII; NO_COLOR does it too)
  --seed N                       demo mode: the simulator's seed (default 7)
  --time-scale X                 demo mode: the simulator's clock speed (default 1)
  --config PATH                  config file (default $XDG_CONFIG_HOME/tradedeck/config.json)
  -h, --help                     this help
  -v, --version                  print the version

Configuration precedence: flags > environment > config file > defaults.
State (journal, watchlist, demo key and simulator) lives in $XDG_STATE_HOME/tradedeck/
(default ~/.local/state/tradedeck).
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

const FLAG_TO_SETTING = new Map([...Object.entries(SETTINGS).map(([name, s]) => [s.flag!, name] as const), ['--rpc', 'rpcUrl'] as const]);
const ANY_COMMAND_FLAG = new Set(Object.values(COMMAND_SPECS).flatMap((c) => Object.keys(c.flags)));

/** A negative or signed number ("-1", "-0.5", "+2") is an argument, never an option. */
function looksNumeric(arg: string): boolean {
  return /^[-+]\.?\d/.test(arg);
}

export function parseArgs(argv: string[]): ParsedArgs {
  const out: ParsedArgs = { command: undefined, positionals: [], settings: {}, extra: {}, help: false, version: false };
  let optionsEnded = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (optionsEnded || !arg.startsWith('-') || arg === '-' || looksNumeric(arg)) {
      addWord(out, arg);
      continue;
    }
    if (arg === '--') { optionsEnded = true; continue; }
    if (arg === '-h' || arg === '--help') { out.help = true; continue; }
    if (arg === '-v' || arg === '--version') { out.version = true; continue; }
    const eq = arg.indexOf('=');
    const flag = eq > 0 ? arg.slice(0, eq) : arg;
    const inline = eq > 0 ? arg.slice(eq + 1) : undefined;
    const setting = FLAG_TO_SETTING.get(flag);
    let takesValue: boolean;
    if (flag === '--config') takesValue = true;
    else if (setting) takesValue = SETTINGS[setting].kind !== 'boolean';
    else if (ANY_COMMAND_FLAG.has(flag)) {
      if (out.command === undefined) throw new UsageError(`option ${flag} goes after the command (for example: tradedeck ${commandWith(flag)} ${flag})`);
      const spec = COMMAND_SPECS[out.command].flags[flag];
      if (!spec) throw new UsageError(`option ${flag} does not apply to ${out.command} (usage: tradedeck ${COMMAND_SPECS[out.command].usage})`);
      takesValue = spec.takesValue;
    } else throw new UsageError(`unknown option ${flag}`);
    let value: string | boolean = true;
    if (takesValue) {
      if (inline !== undefined) value = inline;
      else if (i + 1 < argv.length && !argv[i + 1].startsWith('--')) value = argv[++i];
      else throw new UsageError(`option ${flag} needs a value`);
    } else if (inline !== undefined) {
      if (inline !== 'true' && inline !== 'false') throw new UsageError(`option ${flag} takes no value (got "${inline}")`);
      value = inline === 'true';
    }
    if (flag === '--config') out.configPath = String(value);
    // a list setting given again adds to the list (--rpc-url A --rpc-url B: A, then B on failure)
    else if (setting && SETTINGS[setting].kind === 'urls' && typeof out.settings[setting] === 'string') out.settings[setting] += `,${String(value)}`;
    else if (setting) out.settings[setting] = value;
    else if (value !== false) out.extra[flag.slice(2)] = value;
  }
  return out;
}

function addWord(out: ParsedArgs, arg: string): void {
  if (out.command === undefined) {
    if (!COMMANDS.includes(arg)) throw new UsageError(`unknown command "${arg}" (commands: sim, ${COMMANDS.join(', ')})`);
    out.command = arg;
  } else out.positionals.push(arg);
}

function commandWith(flag: string): string {
  return COMMANDS.find((c) => COMMAND_SPECS[c].flags[flag]) ?? 'tokens';
}
