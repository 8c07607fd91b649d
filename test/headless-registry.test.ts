// The command registry and what is made from it: the parser, the synopses in usage errors,
// `help CMD` / `CMD --help`, and the completion scripts, which bash runs here as a person's shell
// would (the program on PATH as tradedeck, the script sourced, a Tab simulated by COMP_WORDS).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from '../src/commands/args.js';
import { COMMAND_NAMES, arityOf, optionsOf } from '../src/commands/registry.js';
import { commandHelp, synopsis, synopsisOf } from '../src/commands/usage.js';
import { completionScript } from '../src/commands/completion.js';
import { cleanEnv, CLI, collect, runCli } from './support/cli.js';
import { openTerminal } from './support/pty.js';
import { nth } from './support/narrow.js';
import { NATIVE_MINT } from '../src/chain/mints.js';
import { removeTree } from './support/home.js';

test('the synopses made from the registry read as the usage lines the commands always printed', () => {
  const ROUTE =
    '[--dexes L,L] [--exclude-dexes L,L] [--only-direct-routes] [--restrict-intermediate-tokens true|false] [--max-accounts N] [--platform-fee-bps N]';
  assert.deepEqual(Object.fromEntries(COMMAND_NAMES.map((c) => [c, synopsis(c)])), {
    tokens: 'tokens [--category C] [--interval I] [--limit N] [--json] [--watch [--ndjson] [--interval-ms N]]',
    quote: `quote AMOUNT FROM TO [--slippage-bps N] [--exact-out] [--route order|swap] ${ROUTE} [ORDER OPTIONS] [BUILD OPTIONS] [--json]`,
    swap: `swap AMOUNT FROM TO [--exact-out] [--slippage-bps N] [--route order|swap] ${ROUTE} [--fee-account ADDR] [--priority-fee auto|LAMPORTS|LEVEL [MAX]] [ORDER OPTIONS] [BUILD OPTIONS] [--yes] [--json]`,
    portfolio: 'portfolio [ADDRESS] [--platforms ID,ID] [--json]',
    orders:
      'orders [ADDRESS] [--limit | --dca | --standing | --vault] [--history] [--mint MINT|SYMBOL] [--include-failed] [--json]',
    invites: 'invites [ADDRESS] [--pending] [--json]',
    studio: 'studio create --name N --symbol S --image PATH [...] | studio claim POOL [--max A]',
    limit:
      'limit AMOUNT SELL TOTAL|@PRICE [BASE/QUOTE] BUY [expiry 7d] [slippage 1%] [cu auto|N] [fee-account ADDR] [wrap on|off] [--yes [--allow-off-market]] [--json]',
    dca: 'dca TOTAL FROM TO ORDERS INTERVAL [start 2h|DATE] [custody wallet|vault] [--vault] [--yes] [--json]',
    vault: 'vault [edit ID CHANGE ... | cancel ID] [--history] [--yes] [--json]',
    cancel: 'cancel ORDER [ORDER ...] [cu auto|N] [--yes] [--json]',
    stop: 'stop AMOUNT SELL @PRICE [BASE/QUOTE] BUY [expiry 30d] [slippage 1%] [custody wallet|vault] [--vault] [--yes] [--json]',
    tp: 'tp AMOUNT SELL @PRICE [BASE/QUOTE] BUY [expiry 30d] [slippage 1%] [custody wallet|vault] [--vault] [--yes] [--json]',
    trail:
      'trail AMOUNT SELL DISTANCE BUY [expiry 30d] [slippage 1%] [custody wallet|vault] [--vault] [--yes] [--json]',
    oco: 'oco AMOUNT SELL tp PRICE sl PRICE BUY [expiry 30d] [slippage 1%] [custody wallet|vault] [entry PRICE] [--vault] [--yes] [--json]',
    'buy-above':
      'buy-above AMOUNT SPEND @PRICE [BASE/QUOTE] BUY [expiry 30d] [slippage 1%] [custody wallet|vault] [--vault] [--yes] [--json]',
    'buy-below':
      'buy-below AMOUNT SPEND @PRICE [BASE/QUOTE] BUY [expiry 30d] [slippage 1%] [custody wallet|vault] [--vault] [--yes] [--json]',
    'cancel-all': 'cancel-all [cu auto|N] [--yes] [--json]',
    withdraw: 'withdraw ORDER in|out [AMOUNT|all] [--yes] [--json]',
    watch: 'watch [--interval-ms N] [--json]',
    export: 'export journal|fills|pnl [--include demo,paper] [--since DATE] [--until DATE] [--format csv|json|koinly]',
    journal: 'journal archive [--json]',
    wallet: 'wallet [--verify] [--json]',
    config: 'config [--json]',
    demo: 'demo reset [--json]',
    paper: 'paper reset [--json]',
    completion: 'completion bash|zsh|fish',
    help: 'help [COMMAND]',
  });
});

test('a synopsis shows nested options in brackets, a choice of one with |, and a group of options once by its name', () => {
  const value = (name: string, more = {}) => ({ value: name, kind: 'text' as const, help: 'h', ...more });
  const spec = {
    args: [
      { name: 'AMOUNT', kind: 'number' as const },
      { name: 'UNIT', kind: 'token' as const, optional: true as const },
    ],
    options: {
      '--a': { help: 'h' },
      '--b': { help: 'h', orPrevious: true as const },
      '--watch': { help: 'h' },
      '--every': value('N', { under: '--watch' }),
      '--receiver': value('ADDR', { group: 'ORDER OPTIONS' }),
      '--payer': value('ADDR', { group: 'ORDER OPTIONS' }),
      '--json': { help: 'h' },
    },
  };
  assert.equal(synopsisOf('x', spec), 'x AMOUNT [UNIT] [--a | --b] [--watch [--every N]] [ORDER OPTIONS] [--json]');
  // an argument given many times, then terms of two words
  const many = [
    { name: 'ORDER', kind: 'address' as const, many: 1000 },
    { name: 'cu auto|N', kind: 'choice' as const, choices: ['cu'], optional: true as const, words: 2 },
  ];
  assert.equal(synopsisOf('cancel', { args: many, options: {} }), 'cancel ORDER [ORDER ...] [cu auto|N]');
  assert.deepEqual(arityOf(many), { min: 1, max: 1002 });
});

test('every option in the registry is parsed, explained by help CMD and offered by completion, from its one entry', () => {
  const bash = completionScript('bash');
  for (const command of COMMAND_NAMES) {
    const help = commandHelp(command);
    const offered = new RegExp(`\\n    ${command}\\) _tradedeck_words "([^"]*)"`).exec(bash)?.[1]?.split(' ') ?? [];
    for (const [flag, option] of Object.entries(optionsOf(command))) {
      const parsed = parseArgs(option.value ? [command, flag, 'x'] : [command, flag]);
      assert.equal(parsed.extra[flag.slice(2)], option.value ? 'x' : true, `${command} ${flag}`);
      if (option.value) assert.throws(() => parseArgs([command, flag]), new RegExp(`option ${flag} needs a value`));
      assert.match(
        help,
        new RegExp(`\\n  ${flag}${option.value ? ` ${option.value.replace(/[|[\]]/g, '\\$&')}` : ''}\\s`),
        `help ${command} shows ${flag}`,
      );
      assert.ok(offered.includes(flag), `completion offers ${flag} after ${command}`);
    }
  }
  // an option of another command is still named as such
  assert.throws(
    () => parseArgs(['cancel', '--category', 'x']),
    /option --category does not apply to cancel \(usage: tradedeck cancel ORDER \[ORDER \.\.\.\] \[cu auto\|N\] \[--yes\] \[--json\]\)/,
  );
  assert.throws(
    () => parseArgs(['--exact-out', 'quote']),
    /option --exact-out goes after the command \(for example: tradedeck quote --exact-out\)/,
  );
});

const home = mkdtempSync(join(tmpdir(), 'td-registry-'));
const ENV = cleanEnv(home);
test.after(() => removeTree(home));

test('help CMD and CMD --help show one command with every option; help of an unknown command: one line, exit 2', async () => {
  const [byHelp, byFlag, unknown, global] = await Promise.all([
    runCli(['help', 'orders'], ENV),
    runCli(['orders', '--help'], ENV),
    runCli(['help', 'frobnicate'], ENV),
    runCli(['help'], ENV),
  ]);
  assert.equal(byHelp.code, 0, byHelp.err);
  assert.equal(byHelp.out, byFlag.out);
  assert.ok(
    byHelp.out.startsWith('Usage: tradedeck orders [ADDRESS] [--limit | --dca | --standing | --vault]\n'),
    byHelp.out,
  );
  assert.match(byHelp.out, /\n {2}--mint MINT\|SYMBOL\s+only orders selling or buying this token\n/);
  assert.match(byHelp.out, /\n {2}--table\s+the table or text even into a pipe or a file\n/);
  assert.equal(unknown.code, 2);
  assert.equal(unknown.out, '');
  assert.match(
    unknown.err,
    /^tradedeck help: unknown command "frobnicate" \(commands: sim, tokens, .*completion, help\)\n$/,
  );
  assert.equal(global.code, 0);
  assert.match(global.out, /\n {2}tradedeck completion bash\|zsh\|fish\n\s+print the completion script of a shell/);
  assert.match(
    global.out.replace(/\s+/g, ' '),
    /tradedeck help COMMAND \(or COMMAND --help\): its arguments and every option/,
  );
});

test('completion of an unknown shell: one line naming the shells, exit 2', async () => {
  const r = await runCli(['completion', 'tcsh'], ENV);
  assert.deepEqual([r.code, r.out, r.err], [2, '', 'tradedeck completion: unknown shell "tcsh" (bash, zsh or fish)\n']);
});

test('bash: the sourced script completes commands, options, their values and token symbols from the state directory', async (t) => {
  // the program as a person has it: `tradedeck` on PATH
  const bin = join(home, 'bin');
  mkdirSync(bin, { recursive: true });
  writeFileSync(
    join(bin, 'tradedeck'),
    `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(CLI)} "$@"\n`,
    { mode: 0o755 },
  );
  // the watchlist holds a symbol a person could type, and some no shell should be handed
  const state = join(home, 'state', 'tradedeck');
  mkdirSync(state, { recursive: true });
  const pwned = join(home, 'pwned');
  const star = (mint: string, symbol: string) => ({
    mint,
    symbol,
    name: symbol,
    starredAt: '2026-01-01T00:00:00.000Z',
  });
  writeFileSync(
    join(state, 'watchlist.json'),
    JSON.stringify({
      version: 1,
      tokens: [
        star('JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN', 'JUP'),
        star('DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263', `$(touch ${pwned})`),
        star('EKpQGSJtjMFqKZ9KQanSqYXRcF8fBopzLHYxdM65zcjm', 'two words'),
        star('7GCihgDB8fe6KNjn2MYtkzZcRjQy3t9GHdC8uHYmW2hr', '\x1b[31mRED'),
        star(NATIVE_MINT, 'sol'),
      ],
    }),
  );
  const env = { ...ENV, PATH: `${bin}:${process.env.PATH}` };
  const cases: Array<[string[], string[]]> = [
    [['c'], ['cancel', 'cancel-all', 'config', 'completion']],
    [
      ['--read-only', 'wa'],
      ['watch', 'wallet'],
    ],
    [['--ti'], ['--timeout-ms', '--time-scale']],
    [
      ['tokens', '--i'],
      ['--interval', '--interval-ms'],
    ],
    [
      ['tokens', '--category', 'top'],
      ['toporganicscore', 'toptraded', 'toptrending'],
    ],
    // bash splits --interval=1h into --interval, = and 1h
    [
      ['tokens', '--interval', '=', ''],
      ['5m', '1h', '6h', '24h'],
    ],
    [
      ['tokens', '--limit', '=', '5', '--w'],
      ['--watch', '--webhook'],
    ],
    [
      ['export', '--since', '2026-01-01', ''],
      ['journal', 'fills', 'pnl'],
    ],
    [
      ['withdraw', 'ORDERKEY', ''],
      ['in', 'out'],
    ],
    [
      ['--notify', ''],
      ['off', 'bell', 'desktop'],
    ],
    [
      ['help', 'st'],
      ['studio', 'stop'],
    ],
    [
      ['completion', ''],
      ['bash', 'zsh', 'fish'],
    ],
    // token symbols where a token goes (FROM, TO, --mint), matched ignoring case; SOL once
    [
      ['quote', '1.5', ''],
      ['SOL', 'USDC', 'USDT', 'JUP'],
    ],
    [['swap', '--exact-out', '1', 'SOL', 'j'], ['JUP']],
    [
      ['orders', '--mint', 'us'],
      ['USDC', 'USDT'],
    ],
    [
      ['limit', '1', 'SOL', '@2', ''],
      ['SOL', 'USDC', 'USDT', 'JUP'],
    ],
    // after @2 JUP: JUP was the UNIT and BUY comes, or JUP was BUY and the words of the terms come
    [
      ['limit', '1', 'SOL', '@2', 'JUP', ''],
      ['expiry', 'slippage', 'cu', 'fee-account', 'wrap', 'SOL', 'USDC', 'USDT', 'JUP'],
    ],
    // nothing where an amount goes; the simulator's own flags are its business
    [['quote', ''], []],
    [['sim', '--'], []],
  ];
  // one shell for every case: the script sourced once, then a Tab per case (one line of candidates each)
  const tabs = cases.map(([words]) => `tab ${['tradedeck', ...words].map((w) => `'${w}'`).join(' ')}`).join('\n');
  const script = `source <(tradedeck completion bash) || exit 9
tab() { COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _tradedeck; echo "\${COMPREPLY[*]}"; }
${tabs}
tab tradedeck cancel --`;
  const r = await collect('bash', ['-c', script], env);
  assert.equal(r.code, 0, r.err);
  assert.equal(r.err, '');
  const got = r.out.split('\n');
  cases.forEach(([words, want], i) => assert.deepEqual(nth(got, i).split(' ').filter(Boolean), want, words.join(' ')));
  const cancel = nth(got, cases.length).split(' ');
  assert.deepEqual(
    cancel.filter((o) => !o.startsWith('--')),
    [],
  );
  assert.ok(
    cancel.includes('--yes') && cancel.includes('--base-url') && !cancel.includes('--category'),
    'only the options of cancel and the global ones',
  );
  assert.equal(existsSync(pwned), false, 'a symbol from the state directory is never run by the shell');

  // and as a person types it, in a terminal at 80x24: Tab completes the symbol, then the next one
  const term = await openTerminal(t, {
    command: ['bash', '--norc', '--noprofile'],
    cols: 80,
    rows: 24,
    env: { ...env, PS1: '$ ' },
  });
  await term.waitFor(/^\$$/m, 20_000);
  term.send('source <(tradedeck completion bash)');
  term.press('Enter');
  // the next prompt (lines are shown without their trailing spaces)
  await term.waitFor(/\n\$$/m, 20_000);
  term.send('tradedeck quote 1 s');
  term.press('Tab');
  await term.waitFor(/^\$ tradedeck quote 1 SOL$/m, 20_000);
  // "u" is USDC or USDT: Tab completes what they share, "c" then picks USDC
  term.send('u');
  term.press('Tab');
  await term.waitFor(/^\$ tradedeck quote 1 SOL USD$/m, 20_000);
  term.send('c');
  term.press('Tab');
  await term.waitFor(/^\$ tradedeck quote 1 SOL USDC$/m, 20_000);
  term.press('C-c');
  const symbols = await runCli(['completion', 'symbols'], ENV);
  assert.equal(symbols.out, 'SOL\nUSDC\nUSDT\nJUP\n');
});

test('zsh and fish scripts: the same commands and options, every description quoted', () => {
  const zsh = completionScript('zsh');
  assert.ok(zsh.startsWith('#compdef tradedeck\n'));
  assert.match(zsh, /autoload -U \+X bashcompinit && bashcompinit\n/);
  assert.ok(zsh.endsWith(completionScript('bash')), 'zsh runs the bash completion');
  const fish = completionScript('fish');
  const lines = fish.split('\n').filter((l) => l.startsWith('complete '));
  for (const command of COMMAND_NAMES) {
    assert.ok(
      lines.some((l) => l.startsWith(`complete -c tradedeck -n __tradedeck_no_command -a ${command} -d '`)),
      `fish offers ${command}`,
    );
    for (const flag of Object.keys(optionsOf(command))) {
      assert.ok(
        lines.some((l) => l.startsWith(`complete -c tradedeck -n '__tradedeck_at ${command}' -l ${flag.slice(2)}`)),
        `fish offers ${command} ${flag}`,
      );
    }
  }
  // every complete line is words and single-quoted strings (a description's ' escaped)
  for (const l of lines) assert.match(l, /^complete( (-[a-zA-Z]|--?[a-z-]+|[a-z_-]+|'(?:[^'\\]|\\.)*'))+$/, l);
  assert.ok(fish.includes("-a portfolio -d 'a wallet\\'s positions'"));
});
