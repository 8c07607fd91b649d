// The commands the `:` bar and the command line both have are declared once (src/actions/sharedCommands.ts):
// the CLI's synopsis, summary and examples and the bar's usage and help are made from the same
// arguments, so the two read alike word for word; and each command's options are typed from its
// declarations.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { commandSpec, optionKey, type OptionsOf } from '../src/commands/registry.js';
import { barUsage, SHARED_COMMANDS, type SharedName } from '../src/actions/sharedCommands.js';
import { commandHelp, synopsis } from '../src/commands/usage.js';
import { SCREENS } from '../screens/index.js';
import { CLI, cleanEnv, collect } from './support/cli.js';

const NAMES = Object.keys(SHARED_COMMANDS) as SharedName[];
const barCommand = (name: string) => SCREENS.flatMap((s) => s.commands).find((c) => c.name === name);

test("every shared command: the bar's usage is the CLI synopsis's arguments in the bar's notation, and both say the same summary", () => {
  for (const name of NAMES) {
    const shared = SHARED_COMMANDS[name];
    const spec = commandSpec(name);
    assert.equal(spec.args, shared.args, `${name}: the registry's arguments are the shared ones`);
    assert.equal(spec.summary, shared.summary, name);
    const bar = barCommand(name);
    assert.ok(bar, `:${name} exists`);
    assert.ok(bar.usage.startsWith(barUsage(name)), `:${name} usage ${bar.usage}`);
    assert.ok(bar.help.startsWith(shared.summary), `:${name} help ${bar.help}`);
    // <amount> is AMOUNT, @<price> is @PRICE, [<base/quote>] is [BASE/QUOTE]: word for word the synopsis
    const asCli = barUsage(name).replace(/[<>]/g, '').toLowerCase();
    assert.ok(synopsis(name).toLowerCase().startsWith(`${asCli} `), `${name}: "${asCli}" begins "${synopsis(name)}"`);
    for (const [line] of shared.examples) {
      assert.ok(line.startsWith(`${name} `), line);
      assert.ok(bar.help.includes(`:${line}`) || name === 'swap', `:${name} help shows :${line}`);
    }
  }
  assert.equal(
    barUsage('limit').split(' ').slice(0, 6).join(' '),
    'limit <amount> <sell> <total|@price> [<base/quote>] <buy>',
  );
  assert.equal(barUsage('oco').split(' ').slice(0, 8).join(' '), 'oco <amount> <sell> tp <price> sl <price> <buy>');
  assert.equal(barUsage('withdraw'), 'withdraw <order> in|out [<amount|all>]');
});

test('tradedeck help CMD shows the shared examples as command lines', () => {
  const help = commandHelp('limit', 80);
  const examples = [
    'Examples (the same words after : in the dashboard):',
    '  tradedeck limit 2 SOL 300 USDC',
    '      300 USDC in all',
    '  tradedeck limit 100 USDC @0.45 GOLLA',
    '      0.45 USDC each',
  ];
  assert.ok(help.includes(examples.join('\n')), help);
  assert.ok(help.split('\n').every((l) => l.length <= 80));
  assert.doesNotMatch(commandHelp('tokens', 80), /Examples/);
});

test("one name, one meaning: the bar's watch is gone (it stars with :star); watch is the CLI's event stream", () => {
  assert.equal(barCommand('watch'), undefined);
  assert.match(barCommand('star')!.help, /star a token/);
  assert.match(commandSpec('watch').summary, /watch the wallet's orders/);
});

test('options are typed from the declarations: --exact-out is exactOut, a value option a string, a switch true', () => {
  assert.equal(optionKey('--exact-out'), 'exactOut');
  assert.equal(optionKey('--compute-unit-price-micro-lamports'), 'computeUnitPriceMicroLamports');
  const quote: OptionsOf<'quote'> = { json: false, indent: false, exactOut: true, slippageBps: '50', receiver: 'R' };
  assert.equal(quote.exactOut, true);
  // @ts-expect-error a switch is true or absent, never a string
  const wrongSwitch: OptionsOf<'quote'> = { json: false, indent: false, exactOut: 'yes' };
  // @ts-expect-error an option quote does not declare is no property of its options
  const wrongOption: OptionsOf<'quote'> = { json: false, indent: false, allowOffMarket: true };
  assert.ok(wrongSwitch && wrongOption);
});

test('the command line: an option reaches its command by its typed name; too few arguments say the declared example', async () => {
  const env = cleanEnv();
  const bad = await collect(CLI, ['quote', '1', 'SOL', 'USDC', '--slippage-bps', '1.5'], env);
  assert.equal(bad.code, 2);
  assert.match(bad.err, /^tradedeck quote: --slippage-bps: must be a whole number from 0 to 10000 \(got "1\.5"\)\n$/);
  const few = await collect(CLI, ['quote', '1', 'SOL'], env);
  assert.equal(few.code, 2);
  assert.match(few.err, /usage: tradedeck quote AMOUNT FROM TO .* \(for example: tradedeck quote 1\.5 SOL USDC\)\n$/);
  const version = await collect(CLI, ['--version'], env);
  const pkg = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'package.json'), 'utf8')) as { version: string };
  assert.equal(version.out, `tradedeck ${pkg.version}\n`);
});
