// The commands the `:` bar and the command line both have: swap, limit, dca, cancel, cancel-all,
// withdraw and the standing orders. Each is declared here once: its arguments (the words it takes,
// read by the same parser in both: src/actions/orderRequest.ts, src/orders/standing/input.ts), what
// it does in a line, and examples. The command registry (src/commands/registry.ts) makes the
// command line's synopsis, completion and help from it; the Orders and Swap screens make their `:`
// commands' usage and help from it. Loaded by the dashboard too: declarations only, no code of the
// commands.

/**
 * What an argument (or an option's value) is: completion offers token symbols for `token`, file
 * names for `file`, the words themselves for `choice`, the commands for `command`, and nothing for
 * the rest.
 */
export type ValueKind = 'number' | 'text' | 'token' | 'address' | 'file' | 'date' | 'choice' | 'command';

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

export const arg = (name: string, kind: ValueKind, more: Partial<ArgSpec> = {}): ArgSpec => ({ name, kind, ...more });

/** How many words the arguments take: at least `min`, at most `max`. */
export function arityOf(args: readonly ArgSpec[]): { min: number; max: number } {
  return {
    min: args.filter((a) => !a.optional).reduce((n, a) => n + (a.words ?? 1), 0),
    max: args.reduce((n, a) => n + (a.words ?? 1) * (a.many ?? 1), 0),
  };
}

export interface SharedCommand {
  /** what it does, in a few words: completion menus, and the `:` bar's help */
  summary: string;
  args: readonly ArgSpec[];
  /** command lines without the leading `:` or `tradedeck`, each with what it does */
  examples: ReadonlyArray<readonly [line: string, meaning: string]>;
}

/** A limit order's and a cancel's priority fee, in microlamports per compute unit. */
const CU_ARG = arg('cu auto|N', 'choice', { choices: ['cu'], optional: true, words: 2 });
/** The words after a standing order's token received. */
const STANDING_OPTION_ARGS: ArgSpec[] = [
  arg('expiry 30d', 'choice', { choices: ['expiry'], optional: true, words: 2 }),
  arg('slippage 1%', 'choice', { choices: ['slippage'], optional: true, words: 2 }),
  arg('custody wallet|vault', 'choice', { choices: ['custody'], optional: true, words: 2 }),
];
/** A standing order's price: @PRICE in the pair's quote token, BASE/QUOTE when neither side is USDC, USDT or SOL. */
const standingArgs = (spend: string, buy: string): ArgSpec[] => [
  arg('AMOUNT', 'number'),
  arg(spend, 'token'),
  arg('@PRICE', 'number'),
  arg('BASE/QUOTE', 'token', { optional: true }),
  arg(buy, 'token'),
  ...STANDING_OPTION_ARGS,
];

export const SHARED_COMMANDS = {
  swap: {
    summary: 'swap through the confirm dialog and the signing pipeline',
    args: [arg('AMOUNT', 'number'), arg('FROM', 'token'), arg('TO', 'token')],
    examples: [['swap 1.5 SOL USDC', '1.5 SOL for USDC']],
  },
  limit: {
    summary: 'place a limit order',
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
    examples: [
      ['limit 2 SOL 300 USDC', '300 USDC in all'],
      ['limit 100 USDC @0.45 GOLLA', '0.45 USDC each'],
    ],
  },
  dca: {
    summary: 'place a DCA order',
    args: [
      arg('TOTAL', 'number'),
      arg('FROM', 'token'),
      arg('TO', 'token'),
      arg('ORDERS', 'number'),
      arg('INTERVAL', 'text'),
      arg('start 2h|DATE', 'choice', { choices: ['start'], optional: true, words: 2 }),
      arg('custody wallet|vault', 'choice', { choices: ['custody'], optional: true, words: 2 }),
    ],
    examples: [
      ['dca 300 USDC SOL 3 1h', '300 USDC into SOL, 3 orders, hourly'],
      ['dca 40 USDC SOL 2 1h custody vault', "the service's DCA from your vault"],
    ],
  },
  cancel: {
    summary: 'cancel open orders by their keys',
    args: [arg('ORDER', 'address', { many: 1000 }), CU_ARG],
    examples: [],
  },
  'cancel-all': {
    summary: 'cancel every open limit order',
    args: [CU_ARG],
    examples: [['cancel-all cu 20000', 'with a priority fee of 20000 microlamports per compute unit']],
  },
  withdraw: {
    summary: 'withdraw from a legacy DCA order',
    args: [
      arg('ORDER', 'address'),
      arg('in|out', 'choice', { choices: ['in', 'out'] }),
      arg('AMOUNT|all', 'number', { optional: true }),
    ],
    examples: [],
  },
  stop: {
    summary: 'stop-loss: sell when the price falls to the trigger or below',
    args: standingArgs('SELL', 'BUY'),
    examples: [['stop 2 SOL @140 USDC', 'sells 2 SOL once SOL is 140 USDC or less']],
  },
  tp: {
    summary: 'take-profit: sell when the price rises to the trigger or above',
    args: standingArgs('SELL', 'BUY'),
    examples: [['tp 2 SOL @180 USDC', 'sells 2 SOL once SOL is 180 USDC or more']],
  },
  trail: {
    summary: 'trailing stop: sell when the price falls the distance below its high since armed',
    args: [
      arg('AMOUNT', 'number'),
      arg('SELL', 'token'),
      arg('DISTANCE', 'text'),
      arg('BUY', 'token'),
      ...STANDING_OPTION_ARGS,
    ],
    examples: [['trail 2 SOL 5% USDC', 'sells 2 SOL once SOL is 5% below its high']],
  },
  oco: {
    summary: 'take-profit and stop-loss together: the first to fire cancels the other',
    args: [
      arg('AMOUNT', 'number'),
      arg('SELL', 'token'),
      arg('tp PRICE', 'choice', { choices: ['tp'], words: 2 }),
      arg('sl PRICE', 'choice', { choices: ['sl'], words: 2 }),
      arg('BUY', 'token'),
      ...STANDING_OPTION_ARGS,
      arg('entry PRICE', 'choice', { choices: ['entry'], optional: true, words: 2 }),
    ],
    examples: [['oco 2 SOL tp 180 sl 140 USDC', 'sells 2 SOL at 180 USDC or at 140 USDC, whichever comes first']],
  },
  'buy-above': {
    summary: 'buy when the price rises to the trigger or above, spending the amount',
    args: standingArgs('SPEND', 'BUY'),
    examples: [['buy-above 300 USDC @170 SOL', 'spends 300 USDC on SOL once SOL is 170 USDC or more']],
  },
  'buy-below': {
    summary: 'buy when the price falls to the trigger or below, spending the amount',
    args: standingArgs('SPEND', 'BUY'),
    examples: [['buy-below 300 USDC @140 SOL', 'spends 300 USDC on SOL once SOL is 140 USDC or less']],
  },
} as const satisfies Record<string, SharedCommand>;

export type SharedName = keyof typeof SHARED_COMMANDS;

/** A command's example (the first unless `index`) as the `:` bar takes it (`:stop 2 SOL @140 USDC`). */
export function barExample(name: SharedName, index = 0): string {
  const example = sharedCommand(name).examples[index];
  return example ? `:${example[0]}` : `:${name}`;
}

function sharedCommand(name: SharedName): SharedCommand {
  return SHARED_COMMANDS[name];
}

/**
 * The `:` bar's usage of a command, in the bar's notation: `limit <amount> <sell> <total|@price>
 * [<base/quote>] <buy> [expiry 7d] ...` (a word to type as it is stays as it is: in|out, cu auto|N);
 * `more`: what the bar takes beyond the shared arguments.
 */
export function barUsage(name: SharedName, more = ''): string {
  const placeholder = (word: string) =>
    word.startsWith('@') ? `@<${word.slice(1).toLowerCase()}>` : `<${word.toLowerCase()}>`;
  const words = sharedCommand(name).args.map((a) => {
    // a word typed as it is (in|out, expiry, cu auto|N) stays; a value to fill in (AMOUNT, PRICE) is <amount>
    const shown =
      (a.words ?? 1) > 1
        ? a.name
            .split(' ')
            .map((w, i) => (i > 0 && /^[A-Z]+$/.test(w) ? placeholder(w) : w))
            .join(' ')
        : a.kind === 'choice'
          ? a.name
          : placeholder(a.name);
    const once = a.optional ? `[${shown}]` : shown;
    return (a.many ?? 1) > 1 ? `${once} [${shown} ...]` : once;
  });
  return [name, ...words, ...(more ? [more] : [])].join(' ');
}

/** The `:` bar's help of a command: what it does, then its examples (`e.g. :limit 2 SOL 300 USDC (300 USDC in all), or …`). */
export function barHelp(name: SharedName, middle = ''): string {
  const { summary, examples } = sharedCommand(name);
  const shown = examples.map(([line, meaning]) => `:${line} (${meaning})`).join(', or ');
  return `${summary}${middle}${shown ? `, e.g. ${shown}` : ''}`;
}
