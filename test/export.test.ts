// `tradedeck export`: the journal, fills and P&L as CSV with the documented columns, JSON, or the
// universal CSV tax tools read; amounts are exact decimals that round-trip to the base units. The
// journal's export reads the state directory alone (decimals recorded in the entry, else fixed
// ones), lists live entries unless --include names demo or paper, and neutralises cells a
// spreadsheet would take for formulas.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { toBaseUnits } from '../src/text/amount.js';
import {
  decimalOf,
  journalRows,
  koinlyRows,
  neutralise,
  priceOf,
  toCsv,
  JOURNAL_COLUMNS,
  KOINLY_COLUMNS,
} from '../src/export/rows.js';
import { journalExportText } from '../src/export/run.js';
import type { JournalState } from '../src/journal/journal.js';
import { cleanEnv, runCli, startSignerRig, type Run, type SignerRig } from './support/cli.js';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createDemoKeyFile, loadKeypairFile } from '../src/wallet/keypair.js';
import { startSimProcess } from './support/simProcess.js';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nth } from './support/narrow.js';
import { NATIVE_MINT as SOL, USDC_MINT as USDC } from '../src/chain/mints.js';
import { removeTree } from './support/home.js';

/** A small RFC 4180 reader: quoted fields, doubled quotes, CRLF lines. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  assert.equal(field, '', 'the last line ends with CRLF');
  return rows;
}

const ODD = 'Odd1111111111111111111111111111111111111111';
const lookup = (m: string) =>
  m === SOL
    ? { symbol: 'SOL', decimals: 9 }
    : m === USDC
      ? { symbol: 'USDC', decimals: 6 }
      : m === ODD
        ? { symbol: 'O,"DD"', decimals: 18 }
        : { symbol: '?' };

test('amounts are exact decimals that round-trip; prices are exact to 12 places; CSV quoting holds', () => {
  for (const [raw, d] of [
    ['1', 9],
    ['12345678901234567890', 18],
    ['100000000', 8],
    ['0', 6],
    ['18446744073709551615', 9],
  ] as const) {
    const text = decimalOf(raw, { symbol: 'X', decimals: d });
    assert.doesNotMatch(text, /e/i);
    assert.equal(toBaseUnits(text, d).toString(), BigInt(raw).toString(), `${raw} at ${d}`);
  }
  assert.equal(decimalOf('42', { symbol: 'X' }), '42');
  assert.equal(priceOf('500000000', lookup(SOL), '74932864', lookup(USDC)), '149.865728');
  assert.equal(priceOf('3', lookup(USDC), '1', lookup(USDC)), '0.333333333333');
  const entries: JournalState[] = [
    {
      id: 'j1',
      time: Date.UTC(2026, 0, 2, 3, 4, 5),
      updatedAt: 0,
      group: 'ultra',
      action: 'swap',
      signedTransaction: 'x',
      status: 'success',
      signature: 'sig1',
      wallet: 'W',
      network: 'simulator',
      summary: { inputMint: ODD, outputMint: USDC, inAmount: '1', outAmount: '5' },
      executed: { input: '1000000000000000001', output: '2500000' },
    },
    {
      id: 'j2',
      time: Date.UTC(2026, 0, 3),
      updatedAt: 0,
      group: 'trigger',
      action: 'create-limit',
      signedTransaction: 'x',
      status: 'success',
      summary: { inputMint: SOL, outputMint: USDC, makingAmount: '2000000000', takingAmount: '300000000', order: 'K1' },
    },
  ];
  const rows = journalRows(entries, lookup);
  const csv = parseCsv(toCsv(JOURNAL_COLUMNS, rows));
  assert.deepEqual(csv[0], [...JOURNAL_COLUMNS]);
  const swap = Object.fromEntries(JOURNAL_COLUMNS.map((c, i) => [c, nth(csv, 1)[i]]));
  assert.equal(swap.time, '2026-01-02T03:04:05.000Z');
  assert.equal(swap.sentAmount, '1.000000000000000001');
  assert.equal(swap.sentSymbol, 'O,"DD"');
  assert.equal(swap.receivedAmount, '2.5');
  assert.equal(swap.amounts, 'executed');
  const limit = Object.fromEntries(JOURNAL_COLUMNS.map((c, i) => [c, nth(csv, 2)[i]]));
  assert.deepEqual(
    [limit.action, limit.sentAmount, limit.receivedAmount, limit.amounts],
    ['limit order (trigger)', '2', '', 'deposited'],
  );
  assert.match(limit.description ?? '', /limit: sell 2 SOL for 300 USDC \(order K1\)/);
});

let rig: SignerRig;
before(async () => {
  rig = await startSignerRig(19, 'td-export-');
});
after(() => rig.close());
const run = (...args: string[]): Promise<Run> => rig.run(...args);

test('export journal after a swap, limit and DCA creates and their cancels: CSV with the documented columns, koinly lists the trades only', async () => {
  assert.equal((await run('swap', '0.5', 'SOL', 'USDC', '--yes')).code, 0);
  const limit = await run('limit', '1', 'SOL', '160', 'USDC', '--yes', '--json');
  assert.equal(limit.code, 0, limit.err);
  const orders = JSON.parse((await run('orders', '--limit', '--json')).out) as { trigger: Array<{ orderKey: string }> };
  assert.equal((await run('cancel', nth(orders.trigger, 0).orderKey, '--yes')).code, 0);
  assert.equal((await run('dca', '300', 'USDC', 'SOL', '3', '1h', '--yes')).code, 0);
  const dcas = JSON.parse((await run('orders', '--dca', '--json')).out) as { recurring: Array<{ orderKey: string }> };
  const dcaCancel = await run('cancel', nth(dcas.recurring, 0).orderKey, '--yes');
  assert.equal(dcaCancel.code, 0, dcaCancel.err);

  const out = await run('export', 'journal');
  assert.equal(out.code, 0, out.err);
  const csv = parseCsv(out.out);
  assert.deepEqual(csv[0], [...JOURNAL_COLUMNS]);
  const rows = csv.slice(1).map((r) => Object.fromEntries(JOURNAL_COLUMNS.map((c, i) => [c, r[i]])));
  assert.deepEqual(
    rows.map((r) => r.action),
    ['swap (order group)', 'limit order (trigger)', 'cancel (trigger)', 'dca order (recurring)', 'cancel (recurring)'],
  );
  assert.equal(nth(rows, 0).sentAmount, '0.5');
  assert.match(nth(rows, 0).receivedAmount ?? '', /^\d+\.\d+$/);
  assert.equal(nth(rows, 3).sentAmount, '300');
  for (const r of rows) assert.match(r.signature ?? '', /^[1-9A-HJ-NP-Za-km-z]{80,90}$/);

  const k = await run('export', 'journal', '--format', 'koinly');
  const kcsv = parseCsv(k.out);
  assert.deepEqual(kcsv[0], [...KOINLY_COLUMNS]);
  // the journal's trades: the swap, never a deposit or a cancel (an order's fills are the service's: export fills)
  assert.equal(kcsv.length, 2, k.out);
  const swapRow = nth(kcsv, 1);
  assert.equal(swapRow[11], nth(rows, 0).signature);
  assert.deepEqual(swapRow.slice(1, 5), ['0.5', 'SOL', nth(rows, 0).receivedAmount, 'USDC']);
  assert.match(nth(swapRow, 0), /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC$/);
  assert.equal(swapRow[10], 'tradedeck swap (order group)');
  // the fills of the orders placed (the DCA order's first cycle, once it ran), in the same columns
  const kf = parseCsv((await run('export', 'fills', '--format', 'koinly')).out);
  const fills = parseCsv((await run('export', 'fills')).out);
  assert.equal(kf.length, fills.length);
  for (const r of kf.slice(1)) {
    assert.ok(r[1] && r[3], 'a sent and a received amount');
    assert.equal(r[10], 'tradedeck order fill');
  }

  const json = await run(
    'export',
    'journal',
    '--format',
    'json',
    '--since',
    '2000-01-01',
    '--until',
    new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
  );
  assert.equal((JSON.parse(json.out) as unknown[]).length, 5);
  const none = await run('export', 'journal', '--until', '2000-01-01');
  assert.deepEqual(parseCsv(none.out), [[...JOURNAL_COLUMNS]]);
});

test('export names bad arguments (exit 2)', async () => {
  for (const [args, message] of [
    [['export', 'trades'], /export what: journal, fills, pnl/],
    [['export', 'journal', '--format', 'xls'], /--format: csv, json, koinly/],
    [['export', 'journal', '--since', 'yesterday'], /--since: a date/],
    [['export', 'journal', '--since', '2026-02-01', '--until', '2026-01-01'], /the start must come before the end/],
    [['export', 'pnl', '--format', 'koinly'], /--format koinly: lists trades/],
    [['export', 'journal', '--include', 'live'], /--include: demo, paper or demo,paper \(got "live"\)/],
    [['export', 'fills', '--include', 'demo'], /--include: is for the journal's entries/],
  ] as const) {
    const r = await run(...args);
    assert.equal(r.code, 2, args.join(' '));
    assert.match(r.err, message);
  }
});

test('cells a spreadsheet would take for a formula are neutralised; numbers the export writes stay numbers', () => {
  for (const [cell, out] of [
    ['=HYPERLINK("http://x.example","a")', `'=HYPERLINK("http://x.example","a")`],
    ['+1+cmd|calc', "'+1+cmd|calc"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tTAB', "'\tTAB"],
    ['\rCR', "'\rCR"],
    ['-12.5', '-12.5'],
    ['-7', '-7'],
    ['0.25', '0.25'],
    ['SOL', 'SOL'],
    ['', ''],
  ] as const)
    assert.equal(neutralise(cell), out, JSON.stringify(cell));
  // through toCsv, a hostile symbol is text in every row it reaches (quoted where it must be)
  const csv = toCsv(['a', 'b'] as const, [{ a: '=1+2', b: '-3.5' }]);
  assert.equal(csv, "a,b\r\n'=1+2,-3.5\r\n");
  assert.deepEqual(parseCsv(toCsv(['a'] as const, [{ a: '=cmd,"x"' }]))[1], [`'=cmd,"x"`]);
});

test('the journal export reads no service: decimals recorded in the entry, else fixed ones, else said unknown; live entries unless included', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'td-export-local-'));
  const journal = join(dir, 'journal.jsonl');
  const BONK = 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263';
  const entry = (id: string, over: Record<string, unknown>) =>
    JSON.stringify({
      kind: 'entry',
      id,
      time: Date.UTC(2026, 0, 5),
      group: 'ultra',
      action: 'swap',
      signedTransaction: 'AQID',
      status: 'success',
      signature: `sig-${id}`,
      summary: {
        inputMint: SOL,
        outputMint: BONK,
        inAmount: '1000000000',
        outAmount: '123456789',
        pay: '1 SOL',
        receive: '1,234.56789 BONK',
      },
      ...over,
    });
  writeFileSync(
    journal,
    [
      // live, its decimals recorded at signing (a service saying otherwise now changes nothing)
      entry('a', { mode: 'live', network: 'svc.example', decimals: { [SOL]: 9, [BONK]: 5 } }),
      // an older entry: no decimals recorded, and BONK's are not fixed in code
      entry('b', { network: 'svc.example' }),
      entry('c', { mode: 'demo', network: 'simulator', decimals: { [SOL]: 9, [BONK]: 5 } }),
      entry('d', { network: 'paper svc.example', decimals: { [SOL]: 9, [BONK]: 5 } }),
    ].join('\n') + '\n',
  );
  const rows = JSON.parse(await journalExportText(journal, { format: 'json' })) as Array<Record<string, string>>;
  assert.deepEqual(
    rows.map((r) => [r.signature, r.mode, r.sentAmount, r.receivedAmount, r.receivedSymbol, r.description]),
    [
      ['sig-a', 'live', '1', '1234.56789', 'BONK', ''],
      ['sig-b', 'live', '1', '', 'BONK', `received 123456789 base units of ${BONK}: its decimals are unknown`],
    ],
  );
  const k = parseCsv(await journalExportText(journal, { format: 'koinly', include: ['demo', 'paper'] }));
  assert.deepEqual(
    k.slice(1).map((r) => [r[11], r[1], r[3], r[10]]),
    [
      ['sig-a', '1', '1234.56789', 'tradedeck swap (order group)'],
      [
        'sig-b',
        '1',
        '',
        `tradedeck swap (order group) received 123456789 base units of ${BONK}: its decimals are unknown`,
      ],
      ['sig-c', '1', '1234.56789', 'demo: tradedeck swap (order group)'],
      ['sig-d', '1', '1234.56789', 'paper: tradedeck swap (order group)'],
    ],
  );
  assert.equal(koinlyRows([], []).length, 0);
});

test('a demo swap, a paper swap and a live swap (a tradedeck sim as the live service) on one state directory: export lists the live one; --include demo,paper all three, each marked; no service is asked', async (t) => {
  const home = mkdtempSync(join(tmpdir(), 'td-export-modes-'));
  t.after(() => removeTree(home));
  const keyPath = await createDemoKeyFile(join(home, 'keys'));
  const url = await startSimProcess(t, { fund: (await loadKeypairFile(keyPath)).address });
  const env = { ...cleanEnv(home), TRADEDECK_API_KEY: 'test-key' };
  const demo = await runCli(['swap', '0.1', 'SOL', 'USDC', '--yes'], env);
  assert.equal(demo.code, 0, demo.err);
  const paper = await runCli(['swap', '0.2', 'SOL', 'USDC', '--yes', '--paper', '--base-url', url], env);
  assert.equal(paper.code, 0, paper.err);
  const live = await runCli(
    [
      'swap',
      '0.3',
      'SOL',
      'USDC',
      '--yes',
      '--json',
      '--base-url',
      url,
      '--rpc-url',
      `${url}/rpc`,
      '--keypair',
      keyPath,
    ],
    env,
  );
  assert.equal(live.code, 0, live.err);
  const liveSig = (JSON.parse(live.out) as { signature: string }).signature;

  const requests = async () => ((await (await fetch(`${url}/__sim/requests`)).json()) as unknown[]).length;
  const asked = await requests();
  // the same export from each mode's command line; no service is asked (the last one's is not even there)
  for (const mode of [[], ['--paper', '--base-url', url], ['--base-url', 'http://127.0.0.1:9']]) {
    const only = await runCli(['export', 'journal', '--format', 'koinly', ...mode], env);
    assert.equal(only.code, 0, only.err);
    assert.deepEqual(
      parseCsv(only.out)
        .slice(1)
        .map((r) => [r[1], r[2], r[10], r[11]]),
      [['0.3', 'SOL', 'tradedeck swap (order group)', liveSig]],
    );
  }
  const all = parseCsv((await runCli(['export', 'journal', '--format', 'koinly', '--include', 'demo,paper'], env)).out);
  assert.deepEqual(
    all
      .slice(1)
      .map((r) => [r[1], r[10]])
      .sort(),
    [
      ['0.1', 'demo: tradedeck swap (order group)'],
      ['0.2', 'paper: tradedeck swap (order group)'],
      ['0.3', 'tradedeck swap (order group)'],
    ],
  );
  const csv = parseCsv((await runCli(['export', 'journal', '--include', 'demo,paper'], env)).out);
  assert.deepEqual(
    csv.slice(1).map((r) => [r[JOURNAL_COLUMNS.indexOf('mode')], r[JOURNAL_COLUMNS.indexOf('sentAmount')]]),
    [
      ['demo', '0.1'],
      ['paper', '0.2'],
      ['live', '0.3'],
    ],
  );
  assert.equal(await requests(), asked, 'no export asked the service anything');
});
