// Headless output read in 80 columns, as a person pipes it through `cat` or reads it on an
// 80-column terminal: every table (tokens, quote, portfolio, orders, invites, config), every
// confirm dialog a signing command prints on stderr and its outcome, and the help: no line over
// 80 columns, columns shortened or left out (and said so) rather than a number cut.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import stringWidth from 'string-width';
import { startSignerRig, type Run, type SignerRig } from './support/cli.js';
import { printTable, wrapWords } from '../src/commands/print.js';
import { commandHelp, fullHelp } from '../src/commands/usage.js';
import { COMMAND_NAMES } from '../src/commands/registry.js';
import { nth } from './support/narrow.js';

let rig: SignerRig;
before(async () => {
  rig = await startSignerRig(17, 'td-headless-width-');
});
after(() => rig.close());

/**
 * Every line of the text at most `width` columns; names the first one over. A transaction signature
 * (88 characters, never broken so that it can be copied) stands alone on its line.
 */
function fits(text: string, width: number, what: string): void {
  for (const line of text.split('\n'))
    assert.ok(
      stringWidth(line) <= width || /^[1-9A-HJ-NP-Za-km-z]{86,88}$/.test(line),
      `${what}: a line of ${stringWidth(line)} columns:\n${line}`,
    );
}

/** stdout and stderr of a run, each line at most 80 columns. */
function fits80(r: Run, what: string): void {
  assert.equal(r.code, 0, `${what}: ${r.err}`);
  fits(r.out, 80, `${what} (stdout)`);
  fits(r.err, 80, `${what} (stderr)`);
}

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

test('tables into a pipe fit 80 columns: tokens, quote, portfolio, orders, invites, config', async () => {
  for (const interval of ['5m', '24h'])
    fits80(await rig.run('tokens', '--interval', interval, '--limit', '100', '--table'), `tokens ${interval}`);
  fits80(await rig.run('quote', '1', 'SOL', 'USDC', '--table'), 'quote');
  fits80(
    await rig.run('quote', '1', 'SOL', 'USDC', '--receiver', 'BPFLoaderUpgradeab1e11111111111111111111111', '--table'),
    'quote with a receiver',
  );
  const portfolio = await rig.run('portfolio', '--table');
  fits80(portfolio, 'portfolio');
  // a borrowed position's value is a signed USD amount, whole
  assert.match(portfolio.out, /borrowed .* -\$[\d,]+\.\d\d$/m);
  assert.doesNotMatch(portfolio.out, /invalid|\s[\d,.$-]+…/);
  fits80(await rig.run('invites', '--table'), 'invites');
  fits80(await rig.run('config', '--table'), 'config');
});

test('every signing dialog on stderr, its outcome, and the orders it made fit 80 columns; no number is cut', async () => {
  const dialogs: Array<[string, string[]]> = [
    ['swap', ['swap', '1', 'SOL', 'USDC', '--receiver', 'BPFLoaderUpgradeab1e11111111111111111111111']],
    ['limit', ['limit', '1', 'SOL', '@12345.678', 'SOL/USDC', 'USDC', 'expiry', '7d', '--allow-off-market']],
    ['limit', ['limit', '2', 'SOL', '300', 'USDC']],
    ['dca', ['dca', '300', 'USDC', 'SOL', '3', '1h']],
  ];
  for (const [what, args] of dialogs) {
    const r = await rig.run(...args, '--yes', '--table');
    fits80(r, what);
    assert.match(r.err, /--yes: signing without asking/);
  }
  const orders = await rig.run('orders', '--table');
  fits80(orders, 'orders');
  // both amounts of each order whole, and the key shortened, not left out
  assert.match(orders.out, /1 SOL\s+12,345\.678 USDC/);
  assert.match(orders.out, /0 of 300 USDC/);
  assert.match(orders.out, /^[1-9A-HJ-NP-Za-km-z]{6,}…\s/m);
  assert.doesNotMatch(orders.out, /\s[\d,.]+…/);
  const key = nth(
    (JSON.parse((await rig.run('orders', '--limit', '--json')).out) as { trigger: Array<{ orderKey: string }> })
      .trigger,
    0,
  ).orderKey;
  fits80(await rig.run('cancel', key, '--yes', '--table'), 'cancel');
  fits80(await rig.run('cancel-all', '--yes', '--table'), 'cancel-all');
  const image = join(rig.home, 'logo.png');
  writeFileSync(image, PNG);
  fits80(
    await rig.run('studio', 'create', '--name', 'Deck Token', '--symbol', 'DECK', '--image', image, '--yes', '--table'),
    'studio create',
  );
});

test('--help and help CMD are laid out for the width: 80 into a pipe, wider or narrower as asked', () => {
  for (const width of [60, 80, 120]) {
    fits(fullHelp(width), width, `--help at ${width}`);
    for (const name of COMMAND_NAMES) fits(commandHelp(name, width), width, `help ${name} at ${width}`);
  }
  // the width is used: lines run past 80 at 120, and a synopsis breaks between its bracketed parts
  assert.ok(
    fullHelp(120)
      .split('\n')
      .some((l) => stringWidth(l) > 100),
  );
  const limit = commandHelp('limit', 80).split('\n');
  assert.equal(limit[0], 'Usage: tradedeck limit AMOUNT SELL TOTAL|@PRICE [BASE/QUOTE] BUY [expiry 7d]');
  assert.equal(limit[2], '    [--yes [--allow-off-market]] [--json]');
});

test('a table too wide cuts its text columns first, then leaves columns out and says which; numbers stay whole', () => {
  const rows = [
    ['9ppJ2LH1uH1tBxRPEmpVaiRq3EE2pHJvTRGt2YHLeUiS', 'Open', '1 SOL', '12,345.678 USDC', '0%', '2030-01-08 10:00'],
    ['AesGUi2U2ftXvGECQeFSpcTXA82zGyKYosytstW5hpjB', 'Open', '100,000 BONK', '2 USDC', '12.5%', 'never'],
  ];
  const headers = ['ORDER', 'STATUS', 'SELL', 'FOR', 'FILLED', 'EXPIRES'];
  const table = (width: number) =>
    printTable(headers, rows, {
      right: new Set([4]),
      fit: [
        ['cut', 0, 9],
        ['drop', 5],
        ['drop', 4],
      ],
      width,
    });
  assert.deepEqual(table(80).split('\n'), [
    'ORDER            STATUS  SELL          FOR              FILLED  EXPIRES',
    '9ppJ2LH1uH1tBx…  Open    1 SOL         12,345.678 USDC      0%  2030-01-08 10:00',
    'AesGUi2U2ftXvG…  Open    100,000 BONK  2 USDC            12.5%  never',
    '',
  ]);
  fits(table(80), 80, 'at 80');
  const narrow = table(50);
  fits(narrow, 50, 'at 50');
  assert.match(narrow, /^9ppJ2LH1… {2}Open {4}1 SOL {9}12,345\.678 USDC$/m);
  assert.match(
    narrow.replace(/\n(?!$)/g, ' '),
    /\(EXPIRES, FILLED left out at 50 columns: a wider terminal or --json shows them\)/,
  );
  // wrapping keeps the spaces inside a line and never breaks a word
  assert.deepEqual(wrapWords('  You pay       1 SOL ≈ $150.00, held by the order', 30, '    '), [
    '  You pay       1 SOL ≈',
    '    $150.00, held by the order',
  ]);
});
