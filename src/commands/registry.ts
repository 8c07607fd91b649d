// Every headless command, once: its arguments, its options (with the kind of value each takes),
// its help and how it runs. The argument parser (src/commands/args.ts), `tradedeck --help`,
// `tradedeck help CMD`, `CMD --help` (src/commands/usage.ts) and the shell completion scripts
// (src/commands/completion.ts) are all made from this table: a new option is one line here, in
// its command's entry, and its code reads it typed (OptionsOf<'swap'>: --exact-out is
// opts.exactOut). The commands the `:` bar has too take their arguments, summary and examples
// from src/actions/sharedCommands.ts. A command's code is imported only when that command runs, so a
// command's start-up does not pay for the others.
//
// Loaded by the headless mode only (src/commands/index.ts); the main script never imports it.
import type { Config } from '../config/config.js';
import { TOKEN_CATEGORIES, TOKEN_INTERVALS } from '../api/contract/tokens.js';
import type { HeadlessServices } from './print.js';
import type { OrderSigningCommand } from './args.js';
import { SWAP_OPTIONS, type SwapOptionWord } from '../actions/swapOptions.js';
import { arg, arityOf, SHARED_COMMANDS, type ArgSpec, type ValueKind } from '../actions/sharedCommands.js';

export type { ArgSpec, ValueKind } from '../actions/sharedCommands.js';
export { arityOf } from '../actions/sharedCommands.js';

/** Price impact (as a fraction) at or above which `quote` warns on stderr. */
export const HIGH_PRICE_IMPACT = 0.05;

interface OptionBase {
  /** one line (or a few, by \n) for `tradedeck help CMD` */
  help: string;
  /** shown inside this other option's brackets in the synopsis: [--watch [--ndjson]] */
  under?: string;
  /** shown with the option before it as a choice of one: [--limit | --dca] */
  orPrevious?: true;
  /** shown in the synopsis only as this name, once for every option that has it ([BUILD OPTIONS]); help CMD lists each */
  group?: string;
}

/** A switch: given or not (--json). */
export interface SwitchSpec extends OptionBase {
  value?: undefined;
  kind?: undefined;
  choices?: undefined;
}

/** An option that takes a value. */
export interface ValueSpec extends OptionBase {
  /** the value's name in the synopsis (N, C, order|swap) */
  value: string;
  kind: ValueKind;
  /** the words a `choice` takes */
  choices?: readonly string[];
}

export type OptionSpec = SwitchSpec | ValueSpec;

type CamelCase<S extends string> = S extends `${infer H}-${infer T}` ? `${H}${Capitalize<CamelCase<T>>}` : S;

/** `--exact-out` -> `exactOut`: the name an option has in a command's options. */
export function optionKey(flag: string): string {
  return flag.replace(/^--/, '').replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/**
 * The options a command was given, typed from its declarations: each by the camelCase of its name
 * (`--exact-out` is `exactOut`), a value option as the text given, a switch as true; absent when not
 * given. --json and --table are settled for every command (OutputOptions).
 */
export type GivenOptions<O> = {
  -readonly [
    K in keyof O as K extends '--json' | '--table' ? never : K extends `--${infer N}` ? CamelCase<N> : never
  ]?: O[K] extends { value: string } ? string : true;
};

/** What every command's options carry: JSON or not (a pipe, a file, --json), and JSON indented for a person on a terminal. */
export type OutputOptions = {
  json: boolean;
  indent: boolean;
  table?: true;
};

/** A command's options as its run and its checks get them. */
export type Options<O> = GivenOptions<O> & OutputOptions;

type AnyOptions = Record<string, OptionSpec>;

/** What a command's run gets: its arguments, its options (json and indent settled), the configuration. */
export interface CommandRun<O = AnyOptions> {
  command: string;
  positionals: string[];
  /** the options given, plus json (JSON or a table) and indent (JSON for a person, on a terminal) */
  opts: Options<O>;
  config: Config;
  /** writes `tradedeck CMD: message` (sanitised) to stderr */
  fail: (message: string) => void;
  /** the synopsis, for usage errors */
  usage: string;
}

/** A command that runs before the configuration is read (help). */
export interface LocalRun {
  positionals: string[];
  opts: OutputOptions;
  fail: (message: string) => void;
}

interface CommandBase<O> {
  /** a few words, for completion menus (zsh, fish) */
  summary: string;
  /** what the command does: the paragraph under its synopsis in --help */
  help: string;
  args: readonly ArgSpec[];
  /** command lines (without `tradedeck`) with what each does, for `tradedeck help CMD` */
  examples?: ReadonlyArray<readonly [line: string, meaning: string]>;
  options: O;
  /** only where the command has forms with options of their own (studio): the synopsis as written */
  synopsis?: string;
  /** a command line said after the usage when arguments are missing (quote 1.5 SOL USDC) */
  example?: string;
  /** prints text, not a document: no --table */
  plain?: true;
  /** checks that need no service, before the output mode and the configuration (exit 2 on a CommandError) */
  check?(positionals: string[], opts: GivenOptions<O>): void | Promise<void>;
}

export type CommandSpec<O = AnyOptions> = CommandBase<O> &
  ({ run(c: CommandRun<O>): Promise<number>; local?: never } | { local(c: LocalRun): Promise<number>; run?: never });

/** A command's entry, its run and checks typed by its own options. */
const command = <const O extends AnyOptions>(spec: CommandSpec<O>): CommandSpec<O> => spec;

// ---------- options, by the kind of value they take ----------

const on = (help: string, more: Partial<OptionBase> = {}): SwitchSpec => ({ help, ...more });
const value = (name: string, kind: ValueKind, help: string, more: Partial<OptionBase> = {}): ValueSpec => ({
  value: name,
  kind,
  help,
  ...more,
});
const choice = (name: string, choices: readonly string[], help: string, more: Partial<OptionBase> = {}): ValueSpec => ({
  value: name,
  kind: 'choice',
  choices,
  help,
  ...more,
});

const JSON_OPTION = on('JSON even on a terminal (indented there)');
const YES = on('sign without asking (needed when there is no terminal)');
/** The route controls of GET /swap/v1/quote, for `quote` and `swap` alike. */
const ROUTE_OPTIONS = {
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
const SWAP_SHAPE = {
  '--exact-out': on('AMOUNT is what TO receives (the swap group)'),
  '--slippage-bps': value('N', 'number', 'slippage in basis points, 0 to 10000 (the swap group)'),
  '--route': choice(
    'order|swap',
    ['order', 'swap'],
    'the order group (default when the options allow) or the swap group',
  ),
} satisfies Record<string, OptionSpec>;
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
const SWAP_PARAMS = Object.fromEntries(
  SWAP_OPTIONS.map((o): [string, ValueSpec] => {
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
) as Record<`--${SwapOptionWord}`, ValueSpec>;
const STANDING_OPTIONS = {
  '--vault': on("the service's order from its vault instead (custody vault): it fills without asking you"),
  '--yes': YES,
  '--json': JSON_OPTION,
};
const STANDING_TAIL = `The order is confirmed once (--yes for scripts), recorded in the journal and
kept in the state directory; the dashboard or tradedeck watch fires it
while it runs: a quote of the amount near the trigger, and a swap signed
without asking only when it gives at least the floor (the trigger less
the slippage cap, default 1%). expiry: 90 days at most (default 30d).
The JSON outcome carries the order's id. --vault (or custody vault):
the service's order instead, from your vault with it (its custody
provider holds the funds; it fills without asking): a deposit signed
now, a USD trigger (price in USDC or USDT), at least 10 USD.`;
async function standing(c: CommandRun<typeof STANDING_OPTIONS>): Promise<number> {
  return (await import('./standing.js')).standingCommand(
    c.command as import('../orders/standing/input.js').StandingCommand,
    c.positionals,
    c.opts,
    c.config,
    c.fail,
    c.usage,
  );
}

// ---------- the lazily loaded code of the commands ----------

/** Runs a reading command: the service opened (no wallet or journal), its output printed, its errors said. */
async function reading(
  c: CommandRun<{ '--watch'?: SwitchSpec }>,
  body: (services: HeadlessServices, stopped: Promise<void> | undefined) => Promise<string | number>,
): Promise<number> {
  return (await import('./reading.js')).readingCommand(c, body);
}
async function checkAddress(positionals: string[]): Promise<void> {
  if (positionals[0] !== undefined) (await import('./wallet.js')).checkAddressArgument(positionals[0]);
}
async function orderSigning(
  c: CommandRun<{ '--yes': SwitchSpec; '--allow-off-market'?: SwitchSpec }>,
): Promise<number> {
  return (await import('./orderSigning.js')).orderSigningCommand(
    c.command as OrderSigningCommand,
    c.positionals,
    c.opts,
    c.config,
    c.fail,
  );
}

// ---------- the commands, in the order --help lists them ----------

// Each run and check states its return type: the commands' code is typed by OptionsOf, which is
// read from this table, so the table's type cannot wait on what that code returns.
export const COMMANDS = {
  tokens: command({
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
    async check(_positionals, opts): Promise<void> {
      const [{ tokensQuery }, { watchInterval }, { CommandError }] = await Promise.all([
        import('./tokens.js'),
        import('./watch.js'),
        import('./print.js'),
      ]);
      tokensQuery(opts);
      if (opts.watch === true) watchInterval(opts);
      else if (opts.intervalMs !== undefined) throw new CommandError('--interval-ms goes with --watch', 2);
    },
    run: (c): Promise<number> =>
      reading(c, async (services, stopped) => {
        const tokens = await import('./tokens.js');
        if (!stopped) return tokens.tokensCommand(services, c.opts);
        const { watchTokens } = await import('./watch.js');
        const code = await watchTokens(services, c.opts, {
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
  }),
  quote: command({
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
    example: 'quote 1.5 SOL USDC',
    options: {
      '--slippage-bps': SWAP_SHAPE['--slippage-bps'],
      '--exact-out': SWAP_SHAPE['--exact-out'],
      '--route': SWAP_SHAPE['--route'],
      ...ROUTE_OPTIONS,
      ...SWAP_PARAMS,
      '--json': JSON_OPTION,
    },
    run: (c): Promise<number> =>
      reading(c, async (services) =>
        (await import('./quote.js')).quoteCommand(services, c.positionals, c.opts, (line) => c.fail(line)),
      ),
  }),
  swap: command({
    ...SHARED_COMMANDS.swap,
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
    options: {
      ...SWAP_SHAPE,
      ...ROUTE_OPTIONS,
      '--fee-account': value('ADDR', 'address', 'the token account of FROM or TO that collects --platform-fee-bps'),
      '--priority-fee': value('auto|LAMPORTS|LEVEL [MAX]', 'text', 'the priority fee (the swap group; default auto)'),
      ...SWAP_PARAMS,
      '--yes': YES,
      '--json': JSON_OPTION,
    },
    run: async (c): Promise<number> => (await import('./swap.js')).swapCommand(c.positionals, c.opts, c.config, c.fail),
  }),
  portfolio: command({
    summary: "a wallet's positions",
    help: `print a wallet's positions (amounts in token units); --platforms:
only these platforms (ids as the PLATFORM column shows them)`,
    args: [WALLET_ARG],
    options: {
      '--platforms': value('ID,ID', 'text', 'only these platforms (ids as the PLATFORM column shows them)'),
      '--json': JSON_OPTION,
    },
    async check(positionals, opts): Promise<void> {
      await checkAddress(positionals);
      (await import('./account.js')).platformsOf(opts);
    },
    run: (c): Promise<number> =>
      reading(c, async (services) =>
        (await import('./account.js')).portfolioCommand(services, c.config, c.positionals, c.opts),
      ),
  }),
  orders: command({
    summary: "a wallet's limit, DCA, standing and vault orders",
    help: `print a wallet's limit (trigger) and DCA (recurring) orders, its
standing orders kept in the state directory (stop, tp, trail, oco,
buy-above, buy-below) and the service's orders from its vault (with
the key file: a login): every kind unless --limit, --dca, --standing
or --vault, and legacy price-based DCA orders (marked legacy);
active ones, or with --history the finished ones; --mint: only
orders selling or buying that token; --include-failed: also orders
whose opening transaction failed`,
    args: [WALLET_ARG],
    options: {
      '--limit': on('only limit (trigger) orders'),
      '--dca': on('only DCA (recurring) orders', { orPrevious: true }),
      '--standing': on('only standing orders (kept and fired by tradedeck)', { orPrevious: true }),
      '--vault': on("only the service's orders from the wallet's vault", { orPrevious: true }),
      '--history': on('the finished orders instead of the active ones'),
      '--mint': value('MINT|SYMBOL', 'token', 'only orders selling or buying this token'),
      '--include-failed': on('also orders whose opening transaction failed'),
      '--json': JSON_OPTION,
    },
    async check(positionals, opts): Promise<void> {
      await checkAddress(positionals);
      const { CommandError } = await import('./print.js');
      if ([opts.limit, opts.dca, opts.standing, opts.vault].filter(Boolean).length > 1)
        throw new CommandError(
          '--limit, --dca, --standing and --vault: give one of them (without any, every kind is listed)',
          2,
        );
      (await import('./account.js')).mintFilterText(opts);
    },
    run: (c): Promise<number> =>
      reading(c, async (services) =>
        (await import('./account.js')).ordersCommand(services, c.config, c.positionals, c.opts),
      ),
  }),
  invites: command({
    summary: "a wallet's invites",
    help: `print a wallet's invites (sent or received); --pending: only
the ones it sent that are not claimed yet`,
    args: [WALLET_ARG],
    options: {
      '--pending': on('only the ones it sent that are not claimed yet'),
      '--json': JSON_OPTION,
    },
    check: (positionals): Promise<void> => checkAddress(positionals),
    run: (c): Promise<number> =>
      reading(c, async (services) =>
        (await import('./invites.js')).invitesCommand(services, c.config, c.positionals, c.opts),
      ),
  }),
  studio: command({
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
    run: async (c): Promise<number> =>
      (await import('./studio.js')).studioCommand(c.positionals, c.opts, c.config, c.fail),
  }),
  limit: command({
    ...SHARED_COMMANDS.limit,
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
    options: {
      '--yes': YES,
      '--allow-off-market': on('with --yes: sign a price far from the market too', { under: '--yes' }),
      '--json': JSON_OPTION,
    },
    run: (c): Promise<number> => orderSigning(c),
  }),
  dca: command({
    ...SHARED_COMMANDS.dca,
    help: `a DCA order: TOTAL of FROM into TO over ORDERS orders, one every INTERVAL,
the first at once or at start (in 2h, or on 2030-01-31). custody vault
(or --vault): the service's DCA from your vault instead (its custody
provider holds the funds; each round fills without asking): a deposit
signed now, 10 USD a round at least`,
    options: {
      '--vault': on("the service's DCA from your vault (custody vault; its custody provider holds the funds)"),
      '--yes': YES,
      '--json': JSON_OPTION,
    },
    run: async (c): Promise<number> =>
      (await import('./vault.js')).dcaCommand(c.positionals, c.opts, c.config, c.fail, c.usage),
  }),
  vault: command({
    summary: "the wallet's vault with the service, and its orders",
    synopsis: 'vault [edit ID CHANGE ... | cancel ID] [--history] [--yes] [--json]',
    help: `the wallet's vault with the service (held by its custody provider;
orders fill from it without asking): what it holds, read from the
chain, and its orders (--history: the past ones, with their fills).
vault edit ID tp P sl P price P trail N% slippage N%: change an open
price order (USD prices; nothing signed). vault cancel ID: end an
order and withdraw its funds to the wallet (signed, confirmed)`,
    args: [
      arg('show|edit|cancel', 'choice', { choices: ['show', 'edit', 'cancel'], optional: true }),
      arg('ID', 'text', { optional: true }),
      arg('CHANGE', 'text', { optional: true, many: 10 }),
    ],
    options: {
      '--history': on('the past orders (filled, cancelled, expired) with their fills'),
      '--yes': YES,
      '--json': JSON_OPTION,
    },
    run: async (c): Promise<number> =>
      (await import('./vault.js')).vaultCommand(c.positionals, c.opts, c.config, c.fail),
  }),
  cancel: command({
    ...SHARED_COMMANDS.cancel,
    help: `cancel one open order (by its key), or several limit orders (five
to a transaction, each confirmed); cu N: the cancel's priority fee
in microlamports per compute unit. A standing order's id (s-…, as
orders lists it) is cancelled locally: nothing is signed`,
    options: { '--yes': YES, '--json': JSON_OPTION },
    run: (c): Promise<number> => orderSigning(c),
  }),
  'cancel-all': command({
    ...SHARED_COMMANDS['cancel-all'],
    help: `cancel every open limit order (five to a transaction, each confirmed);
cu N: the cancels' priority fee in microlamports per compute unit`,
    options: { '--yes': YES, '--json': JSON_OPTION },
    run: (c): Promise<number> => orderSigning(c),
  }),
  withdraw: command({
    ...SHARED_COMMANDS.withdraw,
    help: `legacy price-based DCA order: withdraw from its unused input (in)
or what it bought (out), AMOUNT in token units or all (the default)`,
    options: { '--yes': YES, '--json': JSON_OPTION },
    run: (c): Promise<number> => orderSigning(c),
  }),
  stop: command({
    ...SHARED_COMMANDS.stop,
    help: `a stop-loss in your own custody: when SELL's price falls to @PRICE
or below (in BUY per one SELL), sell AMOUNT of SELL for BUY, once.
${STANDING_TAIL}`,
    options: STANDING_OPTIONS,
    run: (c): Promise<number> => standing(c),
  }),
  tp: command({
    ...SHARED_COMMANDS.tp,
    help: `a take-profit in your own custody: when SELL's price rises to
@PRICE or above (in BUY per one SELL), sell AMOUNT of SELL for BUY, once.
${STANDING_TAIL}`,
    options: STANDING_OPTIONS,
    run: (c): Promise<number> => standing(c),
  }),
  trail: command({
    ...SHARED_COMMANDS.trail,
    help: `a trailing stop in your own custody: when SELL's price falls
DISTANCE below the highest it has been since armed (5%, or 5 in BUY),
sell AMOUNT of SELL for BUY, once; the high follows the price up.
${STANDING_TAIL}`,
    options: STANDING_OPTIONS,
    run: (c): Promise<number> => standing(c),
  }),
  oco: command({
    ...SHARED_COMMANDS.oco,
    help: `a take-profit at tp PRICE and a stop-loss at sl PRICE on AMOUNT of
SELL (prices in BUY per one SELL, tp above sl): the first to fire
cancels the other in the same step. With entry PRICE and --vault
(OTOCO): spend AMOUNT of SELL on BUY when BUY's price reaches the
entry, then the pair on what it bought (prices in SELL per one BUY).
${STANDING_TAIL}`,
    options: STANDING_OPTIONS,
    run: (c): Promise<number> => standing(c),
  }),
  'buy-above': command({
    ...SHARED_COMMANDS['buy-above'],
    help: `when BUY's price rises to @PRICE or above (in SPEND per one BUY),
spend AMOUNT of SPEND (the quote token) on BUY, once.
${STANDING_TAIL}`,
    options: STANDING_OPTIONS,
    run: (c): Promise<number> => standing(c),
  }),
  'buy-below': command({
    ...SHARED_COMMANDS['buy-below'],
    help: `when BUY's price falls to @PRICE or below (in SPEND per one BUY),
spend AMOUNT of SPEND (the quote token) on BUY, once.
${STANDING_TAIL}`,
    options: STANDING_OPTIONS,
    run: (c): Promise<number> => standing(c),
  }),
  watch: command({
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
    run: async (c): Promise<number> => (await import('./watchEvents.js')).watchEventsCommand(c.opts, c.config, c.fail),
  }),
  export: command({
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
    run: async (c): Promise<number> =>
      (await import('./export.js')).exportCommand(c.positionals, c.opts, c.config, c.fail),
  }),
  journal: command({
    summary: "the journal's past years into yearly archives",
    help: `move the journal's finished lines of past years (UTC) to
journal-YYYY.jsonl beside it, whole lines, none rewritten or
dropped; the journal view and exports read them; other tradedeck
processes wait for it before they journal anything`,
    args: [arg('archive', 'choice', { choices: ['archive'] })],
    options: { '--json': JSON_OPTION },
    run: async (c): Promise<number> =>
      (await import('./journal.js')).journalCommand(c.positionals, c.opts, c.config, c.fail),
  }),
  wallet: command({
    summary: 'the address that signs and what holds its key',
    help: `print the address that signs and what holds its key (a key file,
a Ledger and its derivation path, watch-only); --verify: a Ledger
shows the address on its screen, to approve there if it matches`,
    args: [],
    options: { '--verify': on('show the address on the Ledger and wait for approval'), '--json': JSON_OPTION },
    run: (c): Promise<number> =>
      reading(c, async (services) => (await import('./wallet.js')).walletCommand(services, c)),
  }),
  config: command({
    summary: 'the resolved configuration',
    help: 'print the resolved configuration (API key masked)',
    args: [],
    options: { '--json': JSON_OPTION },
    run: async (c): Promise<number> => (await import('./local.js')).configCommand(c),
  }),
  demo: command({
    summary: 'demo mode starts over',
    help: `demo mode starts over: removes the demo key and the saved
simulator state (balances, orders, pools) from the state directory`,
    args: [arg('reset', 'choice', { choices: ['reset'] })],
    options: { '--json': JSON_OPTION },
    run: async (c): Promise<number> => (await import('./local.js')).resetCommand(c),
  }),
  paper: command({
    summary: 'paper trading starts over',
    help: `paper trading starts over: removes the paper key, its simulator
state and its starting balances; the next --paper start opens anew`,
    args: [arg('reset', 'choice', { choices: ['reset'] })],
    options: { '--json': JSON_OPTION },
    run: async (c): Promise<number> => (await import('./local.js')).resetCommand(c),
  }),
  completion: command({
    summary: 'a shell completion script',
    help: `print the completion script of a shell: commands, their options
and values, token symbols (the well-known ones and the watchlist's);
bash: source <(tradedeck completion bash) in ~/.bashrc; zsh: the same
in ~/.zshrc; fish: tradedeck completion fish | source in config.fish`,
    args: [arg('bash|zsh|fish', 'choice', { choices: ['bash', 'zsh', 'fish'] })],
    options: {},
    plain: true,
    run: async (c): Promise<number> => (await import('./completion.js')).completionCommand(c),
  }),
  help: command({
    summary: "a command's options",
    help: "this help, or a command's: its arguments and every option",
    args: [arg('COMMAND', 'command', { optional: true })],
    options: {},
    plain: true,
    local: async (c): Promise<number> => (await import('./usage.js')).helpCommand(c),
  }),
} satisfies Record<string, CommandSpec>;

export type CommandName = keyof typeof COMMANDS;

/** The options of command N as its code reads them (`OptionsOf<'quote'>['exactOut']`). */
export type OptionsOf<N extends CommandName> = Options<(typeof COMMANDS)[N]['options']>;

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
