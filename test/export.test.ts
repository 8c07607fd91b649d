// `tradedeck export`: the journal, fills and P&L as CSV with the documented columns, JSON, or the
// universal CSV tax tools read; amounts are exact decimals that round-trip to the base units.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { toBaseUnits } from '../src/amount.js';
import { decimalOf, journalRows, priceOf, toCsv, JOURNAL_COLUMNS, KOINLY_COLUMNS } from '../src/export/rows.js';
import type { JournalState } from '../src/journal/journal.js';
import { startSignerRig, type Run, type SignerRig } from './support/cli.js';

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

const SOL = 'So11111111111111111111111111111111111111112';
const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
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
  const swap = Object.fromEntries(JOURNAL_COLUMNS.map((c, i) => [c, csv[1][i]]));
  assert.equal(swap.time, '2026-01-02T03:04:05.000Z');
  assert.equal(swap.sentAmount, '1.000000000000000001');
  assert.equal(swap.sentSymbol, 'O,"DD"');
  assert.equal(swap.receivedAmount, '2.5');
  assert.equal(swap.amounts, 'executed');
  const limit = Object.fromEntries(JOURNAL_COLUMNS.map((c, i) => [c, csv[2][i]]));
  assert.deepEqual(
    [limit.action, limit.sentAmount, limit.receivedAmount, limit.amounts],
    ['limit order (trigger)', '2', '', 'deposited'],
  );
  assert.match(limit.description, /limit: sell 2 SOL for 300 USDC \(order K1\)/);
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
  assert.equal((await run('cancel', orders.trigger[0].orderKey, '--yes')).code, 0);
  assert.equal((await run('dca', '300', 'USDC', 'SOL', '3', '1h', '--yes')).code, 0);
  const dcas = JSON.parse((await run('orders', '--dca', '--json')).out) as { recurring: Array<{ orderKey: string }> };
  const dcaCancel = await run('cancel', dcas.recurring[0].orderKey, '--yes');
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
  assert.equal(rows[0].sentAmount, '0.5');
  assert.match(rows[0].receivedAmount, /^\d+\.\d+$/);
  assert.equal(rows[3].sentAmount, '300');
  for (const r of rows) assert.match(r.signature, /^[1-9A-HJ-NP-Za-km-z]{80,90}$/);

  const k = await run('export', 'journal', '--format', 'koinly');
  const kcsv = parseCsv(k.out);
  assert.deepEqual(kcsv[0], [...KOINLY_COLUMNS]);
  // the swap, and the fills of the orders placed (the DCA order's first cycle); never a deposit or a cancel
  const swapRow = kcsv.find((r) => r[11] === rows[0].signature)!;
  assert.deepEqual(swapRow.slice(1, 5), ['0.5', 'SOL', rows[0].receivedAmount, 'USDC']);
  for (const r of kcsv.slice(1)) {
    assert.match(r[0], /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC$/);
    assert.ok(r[1] && r[3], 'a sent and a received amount');
    assert.ok(r === swapRow || r[10] === 'tradedeck order fill', r.join(','));
  }
  const fills = parseCsv((await run('export', 'fills')).out);
  assert.equal(kcsv.length - 2, fills.length - 1);

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
  ] as const) {
    const r = await run(...args);
    assert.equal(r.code, 2, args.join(' '));
    assert.match(r.err, message);
  }
});
