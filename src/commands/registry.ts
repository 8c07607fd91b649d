// Every headless command, once: its arguments, its options (with the kind of value each takes),
// its help and how it runs. The argument parser (src/args.ts), `tradedeck --help`,
// `tradedeck help CMD`, `CMD --help` (src/commands/usage.ts) and the shell completion scripts
// (src/commands/completion.ts) are all made from this table: a new option is one line here, in
// its command's entry. A command's code is imported only when that command runs, so a command's
// start-up does not pay for the others.
//
// Loaded by the headless mode only (src/headless/index.ts); the main script never imports it.
import type { Config } from '../config.js';
import { TOKEN_CATEGORIES, TOKEN_INTERVALS } from '../api/contract/tokens.js';
import type { HeadlessServices } from '../headless/print.js';
import type { OrderSigningCommand } from '../args.js';
import { SWAP_OPTIONS } from '../actions/swapOptions.js';

/** Price impact (as a fraction) at or above which `quote` warns on stderr. */
export const HIGH_PRICE_IMPACT = 0.05;

/**
 * What an option's value (or an argument) is: completion offers token symbols for `token`, file
 * names for `file`, the words themselves for `choice`, the commands for `command`, and nothing for
 * the rest.
 */
export type ValueKind = 'number' | 'text' | 'token' | 'address' | 'file' | 'date' | 'choice' | 'command';

export interface OptionSpec {
  /** absent: a switch (--json); else the value's name in the synopsis (N, C, order|swap) */
  value?: string;
  kind?: ValueKind;
  /** the words a `choice` takes */
  choices?: readonly string[];
  /** one line (or a few, by \n) for `tradedeck help CMD` */
  help: string;
  /** shown inside this other option's brackets in the synopsis: [--watch [--ndjson]] */
  under?: string;
  /** shown with the option before it as a choice of one: [--limit | --dca] */
  orPrevious?: true;
  /** shown in the synopsis only as this name, once for every option that has it ([BUILD OPTIONS]); help CMD lists each */
  group?: string;
}

export interface ArgSpec {
  /** as the synopsis shows it (AMOUNT, in|out, expiry 7d) */
  name: string;
  kind: ValueKind;
  choices?: readonly string[];
  optional?: true;
  /** words it takes (expiry 7d: 2); 1 when absent */
  words?: number;
  /** given up to this many times (ORDER [ORDER ...]); once when absent */
  many?: number;
}

type Flags = Record<string, string | boolean>;

/** What a command's run gets: its arguments, its options (json and indent settled), the configuration. */
export interface CommandRun {
  command: string;
  positionals: string[];
  /** the options given, plus json (JSON or a table) and indent (JSON for a person, on a terminal) */
  flags: Flags;
  config: Config;
  /** writes `tradedeck CMD: message` (sanitised) to stderr */
  fail: (message: string) => void;
  /** the synopsis, for usage errors */
  usage: string;
}

/** A command that runs before the configuration is read (help). */
export interface LocalRun {
  positionals: string[];
  flags: Flags;
  fail: (message: string) => void;
}

interface CommandBase {
  /** a few words, for completion menus (zsh, fish) */
  summary: string;
  /** what the command does: the paragraph under its synopsis in --help */
  help: string;
  args: ArgSpec[];
  options: Record<string, OptionSpec>;
  /** only where the command has forms with options of their own (studio): the synopsis as written */
  synopsis?: string;
  /** prints text, not a document: no --table */
  plain?: true;
  /** checks that need no service, before the output mode and the configuration (exit 2 on a CommandError) */
  check?: (positionals: string[], flags: Flags) => void | Promise<void>;
}

export type CommandSpec = CommandBase &
  (
    | { run: (c: CommandRun) => Promise<number>; local?: never }
    | { local: (c: LocalRun) => Promise<number>; run?: never }
  );

// ---------- options, by the kind of value they take ----------

const on = (help: string, more: Partial<OptionSpec> = {}): OptionSpec => ({ help, ...more });
const value = (name: string, kind: ValueKind, help: string, more: Partial<OptionSpec> = {}): OptionSpec => ({
  value: name,
  kind,
  help,
  ...more,
});
const choice = (
  name: string,
  choices: readonly string[],
  help: string,
  more: Partial<OptionSpec> = {},
): OptionSpec => ({ value: name, kind: 'choice', choices, help, ...more });
const arg = (name: string, kind: ValueKind, more: Partial<ArgSpec> = {}): ArgSpec => ({ name, kind, ...more });

const JSON_OPTION = on('JSON even on a terminal (indented there)');
const YES = on('sign without asking (needed when there is no terminal)');
/** The route controls of GET /swap/v1/quote, for `quote` and `swap` alike. */
const ROUTE_OPTIONS: Record<string, OptionSpec> = {
  '--dexes': value('L,L', 'text', 'only these DEXes (labels as the route shows them: Raydium,Orca V2)'),
  '--exclude-dexes': value('L,L', 'text', 'never these DEXes (also reaches the order group)'),
  '--only-direct-routes': on('one hop, no token in between'),
  '--restrict-intermediate-tokens': choice(
    'true|false',
    ['true', 'false'],
    'false: any token in between (default true)',
  ),
  '--max-accounts': value('N', 'number', 'at most N accounts in the transaction (1 to 256)'),
  '--platform-fee-bps': value('N', 'number', 'a platform fee, 0 to 10000 bps (swap needs --fee-account)'),
};
const SWAP_SHAPE: Record<string, OptionSpec> = {
  '--exact-out': on('AMOUNT is what TO receives (the swap group)'),
  '--slippage-bps': value('N', 'number', 'slippage in basis points, 0 to 10000 (the swap group)'),
  '--route': choice(
    'order|swap',
    ['order', 'swap'],
    'the order group (default when the options allow) or the swap group',
  ),
};
const WALLET_ARG = arg('ADDRESS', 'address', { optional: true });

/** What each of the order group's and the swap build's options does (src/actions/swapOptions.ts reads them). */
const SWAP_OPTION_HELP: Record<string, string> = {
  receiver: 'the wallet that gets the output (stated in the dialog)',
  'exclude-routers': 'routers to leave out, as the service names them (metis, jupiterz, dflow, okx; iris...)',
  payer: 'the wallet that pays fees and rent (it must sign too)',
  'referral-account': 'the referral account (with --referral-fee)',
  'referral-fee': 'the referral fee, 50 to 255 bps (with --referral-account)',
  'priority-fee-sol': 'the priority fee in SOL (the order route, /swap/v2 only)',
  'broadcast-fee-type': 'maxCap: the priority fee or tip is a ceiling; exactFee: paid as given (/swap/v2)',
  'jito-tip-sol': 'a Jito tip in SOL, leaving the wallet (either route, /swap/v2 only)',
  'build-mode': 'fast: single-path routing (GET /swap/v2/build)',
  'compute-unit-price-percentile': "the build's compute-unit price: medium, high, veryHigh or bps (/swap/v2/build)",
  'for-jito-bundle': 'true: only DEXes usable in a Jito bundle (/swap/v2/build)',
  'instruction-version': 'the swap program version (V2 with --native-destination-account)',
  'wrap-and-unwrap-sol': "false: use the wallet's wrapped SOL account",
  'destination-token-account': 'an initialized token account of TO that gets the output',
  'native-destination-account': 'TO is SOL: the account the SOL goes to (with --instruction-version V2)',
  'dynamic-compute-unit-limit': 'true: the service sizes the compute unit limit',
  'compute-unit-price-micro-lamports': 'the compute unit price (not with --priority-fee)',
  'blockhash-slots-to-expiry': '1 to 255 slots of about 400 ms (the dialog lasts no longer)',
  'use-shared-accounts': 'auto (the service decides), true or false',
  'skip-user-accounts-rpc-calls': "true: the service does not check the wallet's accounts",
};
/** The order group's options (GET /ultra/v1/order) and the swap build's (POST /swap/v1/swap), of `quote` and `swap`. */
const SWAP_PARAMS: Record<string, OptionSpec> = Object.fromEntries(
  SWAP_OPTIONS.map((o): [string, OptionSpec] => {
    const choices = o.choices ?? (o.kind === 'bool' ? ['true', 'false'] : undefined);
    const kind: ValueKind =
      o.kind === 'address' ? 'address' : o.kind === 'int' || o.kind === 'sol' ? 'number' : choices ? 'choice' : 'text';
    return [
      `--${o.word}`,
      {
        value: o.value,
        kind,
        ...(choices ? { choices } : {}),
        help: SWAP_OPTION_HELP[o.word] ?? o.word,
        group: o.group === 'order' || o.group === 'both' ? 'ORDER OPTIONS' : 'BUILD OPTIONS',
      },
    ];
  }),
);
/** The words after a standing order's token received. */
const STANDING_OPTION_ARGS: ArgSpec[] = [
  arg('expiry 30d', 'choice', { choices: ['expiry'], optional: true, words: 2 }),
  arg('slippage 1%', 'choice', { choices: ['slippage'], optional: true, words: 2 }),
];
const STANDING_OPTIONS: Record<string, OptionSpec> = { '--yes': YES, '--json': JSON_OPTION };
const STANDING_TAIL = `The order is confirmed once (--yes for scripts), recorded in the journal and
kept in the state directory; the dashboard or tradedeck watch fires it
while it runs: a quote of the amount near the trigger, and a swap signed
without asking only when it gives at least the floor (the trigger less
the slippage cap, default 1%). expiry: at most 90 days (default 30d).
The JSON outcome carries the order's id.`;
/** A standing order's price: @PRICE in the pair's quote token, BASE/QUOTE when neither side is USDC, USDT or SOL. */
const standingArgs = (spend: string, buy: string): ArgSpec[] => [
  arg('AMOUNT', 'number'),
  arg(spend, 'token'),
  arg('@PRICE', 'number'),
  arg('BASE/QUOTE', 'token', { optional: true }),
  arg(buy, 'token'),
  ...STANDING_OPTION_ARGS,
];
async function standing(c: CommandRun): Promise<number> {
  return (await import('../headless/standing.js')).standingCommand(
    c.command as import('../orders/standing/input.js').StandingCommand,
    c.positionals,
    c.flags,
    c.config,
    c.fail,
    c.usage,
  );
}

/** A limit order's and a cancel's priority fee, in microlamports per compute unit. */
const CU_ARG = arg('cu auto|N', 'choice', { choices: ['cu'], optional: true, words: 2 });

// ---------- the lazily loaded code of the commands ----------

/** Runs a reading command: the service opened (no wallet or journal), its output printed, its errors said. */
async function reading(
  c: CommandRun,
  body: (services: HeadlessServices, stopped: Promise<void> | undefined) => Promise<string | number>,
): Promise<number> {
  return (await import('../headless/reading.js')).readingCommand(c, body);
}
async function checkAddress(positionals: string[]): Promise<void> {
  if (positionals[0] !== undefined) (await import('../headless/wallet.js')).checkAddressArgument(positionals[0]);
}
async function orderSigning(c: CommandRun): Promise<number> {
  return (await import('../headless/orderSigning.js')).orderSigningCommand(
    c.command as OrderSigningCommand,
    c.positionals,
    c.flags,
    c.config,
    c.fail,
  );
}

// ---------- the commands, in the order --help lists them ----------

export const COMMANDS = {
  tokens: {
    summary: 'the top tokens of a category and interval',
    help: `print the top tokens of a category and interval; --watch: again
every --interval-ms (default 10000, at least 2000) until Ctrl-C,
as NDJSON (one JSON object per line and refresh) when piped or
with --ndjson or --json, a table redrawn in place on a terminal`,
    args: [],
    options: {
      '--category': choice('C', TOKEN_CATEGORIES, `${TOKEN_CATEGORIES.join(', ')} (default ${TOKEN_CATEGORIES[0]})`),
      '--interval': choice('I', TOKEN_INTERVALS, `${TOKEN_INTERVALS.join(', ')} (default 24h)`),
      '--limit': value('N', 'number', '1 to 100 (default 50)'),
      '--json': JSON_OPTION,
      '--watch': on('refresh until Ctrl-C'),
      '--ndjson': on('with --watch: one JSON document per line and refresh, even on a terminal', { under: '--watch' }),
      '--interval-ms': value('N', 'number', 'with --watch: every N ms (default 10000, at least 2000)', {
        under: '--watch',
      }),
    },
    async check(_positionals, flags) {
      const [{ tokensQuery }, { watchInterval }, { CommandError }] = await Promise.all([
        import('../headless/tokens.js'),
        import('../headless/watch.js'),
        import('../headless/print.js'),
      ]);
      tokensQuery(flags);
      if (flags.watch === true) watchInterval(flags);
      else if (flags['interval-ms'] !== undefined) throw new CommandError('--interval-ms goes with --watch', 2);
    },
    run: (c) =>
      reading(c, async (services, stopped) => {
        const tokens = await import('../headless/tokens.js');
        if (!stopped) return tokens.tokensCommand(services, c.flags);
        const { watchTokens } = await import('../headless/watch.js');
        const code = await watchTokens(services, c.flags, {
          write: (t) => process.stdout.write(t),
          fail: c.fail,
          tty: process.stdout.isTTY === true,
          stopped,
        });
        // A request dropped on stop may leave the client's retry timer behind (it waits out the
        // service's Retry-After, up to a minute): the watch is over, so the program does not wait.
        setTimeout(() => process.exit(), 500).unref();
        return code;
      }),
  },
  quote: {
    summary: 'a swap quote with its route and fees',
    help: `print a swap quote (FROM and TO: symbol or mint, not the same token)
from the route \`swap\` would take with the same options (the order
group, or the swap group with --exact-out, --slippage-bps, a route
control other than --exclude-dexes, or --route swap), with its
fees; warns on stderr when the price impact is ${HIGH_PRICE_IMPACT * 100}% or more.
Route controls: --dexes/--exclude-dexes DEX labels (Raydium,Orca V2),
--only-direct-routes (one hop), --restrict-intermediate-tokens
false (any token between), --max-accounts 1-256, --platform-fee-bps
0-10000 (swap needs --fee-account, the token account that collects it);
ORDER OPTIONS and BUILD OPTIONS as for swap (below)`,
    args: [arg('AMOUNT', 'number'), arg('FROM', 'token'), arg('TO', 'token')],
    options: {
      '--slippage-bps': SWAP_SHAPE['--slippage-bps'],
      '--exact-out': SWAP_SHAPE['--exact-out'],
      '--route': SWAP_SHAPE['--route'],
      ...ROUTE_OPTIONS,
      ...SWAP_PARAMS,
      '--json': JSON_OPTION,
    },
    run: (c) =>
      reading(c, async (services) =>
        (await import('../headless/quote.js')).quoteCommand(services, c.positionals, c.flags, (line) => c.fail(line)),
      ),
  },
  swap: {
    summary: 'swap through the confirm dialog and the signing pipeline',
    help: `swap AMOUNT of FROM for TO through the confirm dialog and the signing
pipeline; prints the outcome (status, signature, amounts moved).
ORDER OPTIONS (GET /swap/v2/order, or /ultra/v1/order where the service
serves only that; also for quote): --receiver the wallet that gets
the output (stated in the dialog), --payer the wallet that pays fees
and rent (it must sign too), --exclude-routers as the service names
them (metis,jupiterz,dflow,okx, or iris,partnerz,...), --referral-
account, --referral-fee 50-255 bps (with --referral-account); /swap/v2
only: --priority-fee-sol SOL, --broadcast-fee-type maxCap|exactFee,
--jito-tip-sol SOL (a tip, either route; stated in the dialog).
BUILD OPTIONS (GET /swap/v2/build, or POST /swap/v1/swap for what only
it takes; any of them takes the swap route): /swap/v2/build only:
--build-mode fast, --compute-unit-price-percentile, --for-jito-bundle;
--wrap-and-unwrap-sol false, --destination-token-account (an
initialized account of TO), --native-destination-account (TO is SOL,
with --instruction-version V2), --dynamic-compute-unit-limit true,
--compute-unit-price-micro-lamports N (not with --priority-fee),
--blockhash-slots-to-expiry 1-255, --use-shared-accounts true|false,
--skip-user-accounts-rpc-calls true`,
    args: [arg('AMOUNT', 'number'), arg('FROM', 'token'), arg('TO', 'token')],
    options: {
      ...SWAP_SHAPE,
      ...ROUTE_OPTIONS,
      '--fee-account': value('ADDR', 'address', 'the token account of FROM or TO that collects --platform-fee-bps'),
      '--priority-fee': value('auto|LAMPORTS|LEVEL [MAX]', 'text', 'the priority fee (the swap group; default auto)'),
      ...SWAP_PARAMS,
      '--yes': YES,
      '--json': JSON_OPTION,
    },
    run: async (c) => (await import('../headless/swap.js')).swapCommand(c.positionals, c.flags, c.config, c.fail),
  },
  portfolio: {
    summary: "a wallet's positions",
    help: `print a wallet's positions (amounts in token units); --platforms:
only these platforms (ids as the PLATFORM column shows them)`,
    args: [WALLET_ARG],
    options: {
      '--platforms': value('ID,ID', 'text', 'only these platforms (ids as the PLATFORM column shows them)'),
      '--json': JSON_OPTION,
    },
    async check(positionals, flags) {
      await checkAddress(positionals);
      (await import('../headless/account.js')).platformsOf(flags);
    },
    run: (c) =>
      reading(c, async (services) =>
        (await import('../headless/account.js')).portfolioCommand(services, c.config, c.positionals, c.flags),
      ),
  },
  orders: {
    summary: "a wallet's limit, DCA and standing orders",
    help: `print a wallet's limit (trigger) and DCA (recurring) orders, and
its standing orders kept in the state directory (stop, tp, trail,
oco, buy-above, buy-below): every kind unless --limit, --dca or
--standing, and legacy price-based DCA orders (marked legacy);
active ones, or with --history the finished ones; --mint: only
orders selling or buying that token; --include-failed: also orders
whose opening transaction failed`,
    args: [WALLET_ARG],
    options: {
      '--limit': on('only limit (trigger) orders'),
      '--dca': on('only DCA (recurring) orders', { orPrevious: true }),
      '--standing': on('only standing orders (kept and fired by tradedeck)', { orPrevious: true }),
      '--history': on('the finished orders instead of the active ones'),
      '--mint': value('MINT|SYMBOL', 'token', 'only orders selling or buying this token'),
      '--include-failed': on('also orders whose opening transaction failed'),
      '--json': JSON_OPTION,
    },
    async check(positionals, flags) {
      await checkAddress(positionals);
      const { CommandError } = await import('../headless/print.js');
      if ([flags.limit, flags.dca, flags.standing].filter(Boolean).length > 1)
        throw new CommandError(
          '--limit, --dca and --standing: give one of them (without any, every kind is listed)',
          2,
        );
      (await import('../headless/account.js')).mintFilterText(flags);
    },
    run: (c) =>
      reading(c, async (services) =>
        (await import('../headless/account.js')).ordersCommand(services, c.config, c.positionals, c.flags),
      ),
  },
  invites: {
    summary: "a wallet's invites",
    help: `print a wallet's invites (sent or received); --pending: only
the ones it sent that are not claimed yet`,
    args: [WALLET_ARG],
    options: {
      '--pending': on('only the ones it sent that are not claimed yet'),
      '--json': JSON_OPTION,
    },
    check: (positionals) => checkAddress(positionals),
    run: (c) =>
      reading(c, async (services) =>
        (await import('../headless/invites.js')).invitesCommand(services, c.config, c.positionals, c.flags),
      ),
  },
  studio: {
    summary: 'launch a token on a bonding curve, or claim its creator fees',
    help: 'launch a token on a bonding curve, or claim its creator fees',
    synopsis: 'studio create --name N --symbol S --image PATH [...] | studio claim POOL [--max A]',
    args: [arg('create|claim', 'choice', { choices: ['create', 'claim'] }), arg('POOL', 'token', { optional: true })],
    options: {
      '--name': value('TEXT', 'text', 'create: the token name'),
      '--symbol': value('TEXT', 'text', 'create: the token symbol (no spaces)'),
      '--image': value('PATH', 'file', 'create: PNG, JPEG, GIF or WebP'),
      '--quote': value('T', 'token', 'the quote token (claim: of a pool not launched here)'),
      '--initial-cap': value('N', 'number', 'create: the starting market cap'),
      '--migration-cap': value('N', 'number', 'create: the market cap at migration'),
      '--quote-decimals': value('N', 'number', "create: the quote token's decimals"),
      '--fee-bps': value('N', 'number', 'create: the trading fee in basis points'),
      '--vest-total': value('N', 'number', 'create: tokens vested to the creator'),
      '--vest-cliff': value('N', 'number', 'create: tokens released at the cliff'),
      '--vest-periods': value('N', 'number', 'create: how many releases after the cliff'),
      '--vest-duration': value('D', 'text', 'create: over how long (30d, 12h, 3600 seconds)'),
      '--vest-cliff-after': value('D', 'text', 'create: the cliff after launch (30d, 12h, 3600 seconds)'),
      '--max': value('AMOUNT|max', 'text', 'claim: at most this much of the quote token (default: all)'),
      '--anti-sniping': on('create: anti-sniping fees at launch'),
      '--lp-unlocked': on('create: leave the LP unlocked'),
      '--yes': YES,
      '--json': JSON_OPTION,
    },
    run: async (c) => (await import('../headless/studio.js')).studioCommand(c.positionals, c.flags, c.config, c.fail),
  },
  limit: {
    summary: 'place a limit order',
    help: `place a limit order: sell AMOUNT of SELL for TOTAL of BUY, or at
@PRICE in the pair's USDC, USDT or SOL per one of the other token
(limit 100 USDC @0.45 GOLLA buys GOLLA at 0.45 USDC each); BASE/QUOTE
writes the price in exchange notation, 1 BASE costs PRICE QUOTE
(limit 1 SOL @160 SOL/USDC USDC sells 1 SOL for 160 USDC), and
must name the order's two tokens. A price that loses over 5% at
once or sits beyond ±50% of the market needs a typed yes; with
--yes it is refused (exit 2) unless --allow-off-market is given
too
The words after BUY: cu N is the priority fee in microlamports per
compute unit (auto: the service's); fee-account ADDR the token
account a referral fee goes to; wrap off uses your wSOL account
instead of wrapping SOL (only when SOL is sold or bought)`,
    args: [
      arg('AMOUNT', 'number'),
      arg('SELL', 'token'),
      arg('TOTAL|@PRICE', 'number'),
      arg('BASE/QUOTE', 'token', { optional: true }),
      arg('BUY', 'token'),
      arg('expiry 7d', 'choice', { choices: ['expiry'], optional: true, words: 2 }),
      arg('slippage 1%', 'choice', { choices: ['slippage'], optional: true, words: 2 }),
      CU_ARG,
      arg('fee-account ADDR', 'choice', { choices: ['fee-account'], optional: true, words: 2 }),
      arg('wrap on|off', 'choice', { choices: ['wrap'], optional: true, words: 2 }),
    ],
    options: {
      '--yes': YES,
      '--allow-off-market': on('with --yes: sign a price far from the market too', { under: '--yes' }),
      '--json': JSON_OPTION,
    },
    run: orderSigning,
  },
  dca: {
    summary: 'place a DCA order',
    help: `a DCA order: TOTAL of FROM into TO over ORDERS orders, one every INTERVAL,
the first at once or at start (in 2h, or on 2030-01-31)`,
    args: [
      arg('TOTAL', 'number'),
      arg('FROM', 'token'),
      arg('TO', 'token'),
      arg('ORDERS', 'number'),
      arg('INTERVAL', 'text'),
      arg('start 2h|DATE', 'choice', { choices: ['start'], optional: true, words: 2 }),
    ],
    options: { '--yes': YES, '--json': JSON_OPTION },
    run: orderSigning,
  },
  cancel: {
    summary: 'cancel open orders by their keys',
    help: `cancel one open order (by its key), or several limit orders (five
to a transaction, each confirmed); cu N: the cancel's priority fee
in microlamports per compute unit. A standing order's id (s-…, as
orders lists it) is cancelled locally: nothing is signed`,
    args: [arg('ORDER', 'address', { many: 1000 }), CU_ARG],
    options: { '--yes': YES, '--json': JSON_OPTION },
    run: orderSigning,
  },
  'cancel-all': {
    summary: 'cancel every open limit order',
    help: `cancel every open limit order (five to a transaction, each confirmed);
cu N: the cancels' priority fee in microlamports per compute unit`,
    args: [CU_ARG],
    options: { '--yes': YES, '--json': JSON_OPTION },
    run: orderSigning,
  },
  withdraw: {
    summary: 'withdraw from a legacy DCA order',
    help: `legacy price-based DCA order: withdraw from its unused input (in)
or what it bought (out), AMOUNT in token units or all (the default)`,
    args: [
      arg('ORDER', 'address'),
      arg('in|out', 'choice', { choices: ['in', 'out'] }),
      arg('AMOUNT|all', 'number', { optional: true }),
    ],
    options: { '--yes': YES, '--json': JSON_OPTION },
    run: orderSigning,
  },
  stop: {
    summary: 'a stop-loss kept and fired by tradedeck',
    help: `a stop-loss in your own custody: when SELL's price falls to @PRICE
or below (in BUY per one SELL), sell AMOUNT of SELL for BUY, once.
${STANDING_TAIL}`,
    args: standingArgs('SELL', 'BUY'),
    options: STANDING_OPTIONS,
    run: standing,
  },
  tp: {
    summary: 'a take-profit kept and fired by tradedeck',
    help: `a take-profit in your own custody: when SELL's price rises to
@PRICE or above (in BUY per one SELL), sell AMOUNT of SELL for BUY, once.
${STANDING_TAIL}`,
    args: standingArgs('SELL', 'BUY'),
    options: STANDING_OPTIONS,
    run: standing,
  },
  trail: {
    summary: 'a trailing stop kept and fired by tradedeck',
    help: `a trailing stop in your own custody: when SELL's price falls
DISTANCE below the highest it has been since armed (5%, or 5 in BUY),
sell AMOUNT of SELL for BUY, once; the high follows the price up.
${STANDING_TAIL}`,
    args: [
      arg('AMOUNT', 'number'),
      arg('SELL', 'token'),
      arg('DISTANCE', 'text'),
      arg('BUY', 'token'),
      ...STANDING_OPTION_ARGS,
    ],
    options: STANDING_OPTIONS,
    run: standing,
  },
  oco: {
    summary: 'a take-profit and a stop-loss, one cancels the other',
    help: `a take-profit at tp PRICE and a stop-loss at sl PRICE on AMOUNT of
SELL (prices in BUY per one SELL, tp above sl): the first to fire
cancels the other in the same step.
${STANDING_TAIL}`,
    args: [
      arg('AMOUNT', 'number'),
      arg('SELL', 'token'),
      arg('tp PRICE', 'choice', { choices: ['tp'], words: 2 }),
      arg('sl PRICE', 'choice', { choices: ['sl'], words: 2 }),
      arg('BUY', 'token'),
      ...STANDING_OPTION_ARGS,
    ],
    options: STANDING_OPTIONS,
    run: standing,
  },
  'buy-above': {
    summary: 'a buy when the price rises, kept and fired by tradedeck',
    help: `when BUY's price rises to @PRICE or above (in SPEND per one BUY),
spend AMOUNT of SPEND (the quote token) on BUY, once.
${STANDING_TAIL}`,
    args: standingArgs('SPEND', 'BUY'),
    options: STANDING_OPTIONS,
    run: standing,
  },
  'buy-below': {
    summary: 'a buy when the price falls, kept and fired by tradedeck',
    help: `when BUY's price falls to @PRICE or below (in SPEND per one BUY),
spend AMOUNT of SPEND (the quote token) on BUY, once.
${STANDING_TAIL}`,
    args: standingArgs('SPEND', 'BUY'),
    options: STANDING_OPTIONS,
    run: standing,
  },
  watch: {
    summary: "watch the wallet's orders and the alerts, fire its standing orders",
    help: `watch the wallet's orders and the alerts without the dashboard, and
fire its standing orders when their condition holds: fills, closed
orders, fired alerts and standing orders go to --ntfy, --webhook and
--notify-cmd, and a line each to stdout (NDJSON when piped);
every 30 s by default (at least 5000 ms); SIGTERM ends it, exit 0`,
    args: [],
    options: {
      '--interval-ms': value('N', 'number', 'every N ms (default 30000, at least 5000)'),
      '--json': JSON_OPTION,
    },
    run: async (c) => (await import('../headless/watchEvents.js')).watchEventsCommand(c.flags, c.config, c.fail),
  },
  export: {
    summary: 'the journal, fills or P&L as CSV or JSON',
    help: `the journal's signed transactions, the fills of orders placed here,
or the spot P&L, as CSV (default), JSON, or the universal CSV that
tax tools read (koinly: trades only); DATE is a UTC day or ISO time;
the journal's live entries only, read from the state directory alone`,
    args: [arg('journal|fills|pnl', 'choice', { choices: ['journal', 'fills', 'pnl'] })],
    options: {
      '--include': choice('demo,paper', ['demo', 'paper', 'demo,paper'], 'list demo and/or paper entries too, marked'),
      '--since': value('DATE', 'date', 'from this UTC day or ISO 8601 time'),
      '--until': value('DATE', 'date', 'to this UTC day (included) or ISO 8601 time'),
      '--format': choice(
        'csv|json|koinly',
        ['csv', 'json', 'koinly'],
        'CSV (default), JSON, or the CSV tax tools import',
      ),
    },
    run: async (c) => (await import('../headless/export.js')).exportCommand(c.positionals, c.flags, c.config, c.fail),
  },
  journal: {
    summary: "the journal's past years into yearly archives",
    help: `move the journal's finished lines of past years (UTC) to
journal-YYYY.jsonl beside it, whole lines, none rewritten or
dropped; the journal view and exports read them; other tradedeck
processes wait for it before they journal anything`,
    args: [arg('archive', 'choice', { choices: ['archive'] })],
    options: { '--json': JSON_OPTION },
    run: async (c) => (await import('../headless/journal.js')).journalCommand(c.positionals, c.flags, c.config, c.fail),
  },
  wallet: {
    summary: 'the address that signs and what holds its key',
    help: `print the address that signs and what holds its key (a key file,
a Ledger and its derivation path, watch-only); --verify: a Ledger
shows the address on its screen, to approve there if it matches`,
    args: [],
    options: { '--verify': on('show the address on the Ledger and wait for approval'), '--json': JSON_OPTION },
    run: (c) => reading(c, async (services) => (await import('../headless/wallet.js')).walletCommand(services, c)),
  },
  config: {
    summary: 'the resolved configuration',
    help: 'print the resolved configuration (API key masked)',
    args: [],
    options: { '--json': JSON_OPTION },
    run: async (c) => (await import('../headless/local.js')).configCommand(c),
  },
  demo: {
    summary: 'demo mode starts over',
    help: `demo mode starts over: removes the demo key and the saved
simulator state (balances, orders, pools) from the state directory`,
    args: [arg('reset', 'choice', { choices: ['reset'] })],
    options: { '--json': JSON_OPTION },
    run: async (c) => (await import('../headless/local.js')).resetCommand(c),
  },
  paper: {
    summary: 'paper trading starts over',
    help: `paper trading starts over: removes the paper key, its simulator
state and its starting balances; the next --paper start opens anew`,
    args: [arg('reset', 'choice', { choices: ['reset'] })],
    options: { '--json': JSON_OPTION },
    run: async (c) => (await import('../headless/local.js')).resetCommand(c),
  },
  completion: {
    summary: 'a shell completion script',
    help: `print the completion script of a shell: commands, their options
and values, token symbols (the well-known ones and the watchlist's);
bash: source <(tradedeck completion bash) in ~/.bashrc; zsh: the same
in ~/.zshrc; fish: tradedeck completion fish | source in config.fish`,
    args: [arg('bash|zsh|fish', 'choice', { choices: ['bash', 'zsh', 'fish'] })],
    options: {},
    plain: true,
    run: async (c) => (await import('./completion.js')).completionCommand(c),
  },
  help: {
    summary: "a command's options",
    help: "this help, or a command's: its arguments and every option",
    args: [arg('COMMAND', 'command', { optional: true })],
    options: {},
    plain: true,
    local: async (c) => (await import('./usage.js')).helpCommand(c),
  },
} satisfies Record<string, CommandSpec>;

export type CommandName = keyof typeof COMMANDS;

export const COMMAND_NAMES = Object.keys(COMMANDS) as CommandName[];

/** Every option of a command, --table included (every command that prints a document has it). */
export function optionsOf(name: CommandName): Record<string, OptionSpec> {
  const spec = commandSpec(name);
  return spec.plain ? spec.options : { ...spec.options, '--table': TABLE_OPTION };
}

const TABLE_OPTION = on('the table or text even into a pipe or a file');

/** A command's entry, as its general shape (COMMANDS keeps each entry's own type). */
export function commandSpec(name: CommandName): CommandSpec {
  return COMMANDS[name];
}

export function isCommand(name: string): name is CommandName {
  return Object.hasOwn(COMMANDS, name);
}

/** How many words the arguments take: at least `min`, at most `max`. */
export function arity(name: CommandName): { min: number; max: number } {
  return arityOf(commandSpec(name).args);
}

export function arityOf(args: readonly ArgSpec[]): { min: number; max: number } {
  return {
    min: args.filter((a) => !a.optional).reduce((n, a) => n + (a.words ?? 1), 0),
    max: args.reduce((n, a) => n + (a.words ?? 1) * (a.many ?? 1), 0),
  };
}
