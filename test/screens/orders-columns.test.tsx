// Amounts and prices on the Orders tables at 80 columns are never cut: a column is as wide as its
// widest amount or price, a column that cannot be drops out instead, and the line under the table
// says the selected order whole (both amounts, the price both ways). In the whole app against the
// simulator (big and tiny prices placed with :limit), and with 9-character symbols and
// BONK-sized amounts on the tables themselves.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Table } from '../../components/table/Table.js';
import { dcaColumns, limitColumns } from '../../screens/Orders/columns.js';
import { dcaRow, limitRow, type DcaRow, type LimitRow } from '../../screens/Orders/rows.js';
import { plainTheme } from '../../components/base/theme.js';
import type { RecurringOrder, Token, TriggerOrder } from '../../src/api/types.js';
import { mount, typeKeys, waitForFrame } from '../support/ink.js';
import { startDashboard } from '../support/dashboard.js';
import { recurringOrder } from '../support/apiFixtures.js';
import { first, nth } from '../support/narrow.js';
import { USDC_MINT } from '../../src/chain/mints.js';

const tableLines = (frame: string) => frame.split('\n').filter((l) => /^[ ›*]\S/.test(l) && /→/.test(l));

test(':limit at 123,456.789 and at 0.00001 at 80x24: every amount and price whole in the list, the selected one said both ways under it', async (t) => {
  const d = await startDashboard({ columns: 80, rows: 24, screen: 'orders' });
  t.after(() => d.close());
  await waitForFrame(d.app, (f) => f.includes('[Limit] DCA') && f.includes('No active limit orders'), 8000);
  for (const words of ['limit 2 SOL @123456.789 USDC', 'limit 100 USDC @0.00001 JitoSOL']) {
    await typeKeys(d.app, ':', words, 'enter');
    await waitForFrame(d.app, (f) => f.includes('type yes + Enter confirm'), 8000);
    await typeKeys(d.app, 'yes', 'pagedown', 'pagedown', 'pagedown', 'enter');
    await waitForFrame(d.app, (f) => f.includes('Limit order: done'), 8000);
    await typeKeys(d.app, 'escape');
  }
  let frame = await waitForFrame(d.app, (f) => tableLines(f).length === 2, 8000);
  const [jito, sol] = first(tableLines(frame), 2);
  for (const line of frame.split('\n')) assert.ok([...line].length <= 80, `wider than 80: ${line}`);
  for (const line of tableLines(frame)) assert.doesNotMatch(line, /…/, 'nothing cut in a row');
  assert.match(jito, /^›USDC→JitoSOL\s+100 USDC\s+JitoSOL\/USDC 0\.0₄1000\s+0%/);
  assert.match(sol, /^ SOL→USDC\s+2 SOL\s+SOL\/USDC 123,456\.79\s+0%/);
  // 10,000,000 JitoSOL is wider than the room left for FOR: the column goes, and the line says it
  const said = (f: string) => f.replace(/\s+/g, ' ');
  assert.match(
    said(frame),
    /sell 100 USDC for 10,000,000 JitoSOL · 1 JitoSOL = 0\.0₄1000 USDC · 1 USDC = 100,000\.00 JitoSOL · no expiry/,
  );
  await typeKeys(d.app, 'j');
  frame = await waitForFrame(d.app, (f) => /^›SOL→USDC/m.test(f), 3000);
  assert.match(said(frame), /sell 2 SOL for 246,913\.578 USDC · 1 SOL = 123,456\.79 USDC · 1 USDC = 0\.0₅8100 SOL/);
});

const mints = {
  long: 'Lng1111111111111111111111111111111111111111',
  bonk: 'Bnk1111111111111111111111111111111111111111',
};
const usdc = USDC_MINT;
const latest: Record<string, Token> = {
  [mints.long]: { id: mints.long, symbol: 'LONGSYMBL', name: 'Long Symbol', decimals: 5, usdPrice: 2 } as Token,
  [mints.bonk]: { id: mints.bonk, symbol: 'BONKISHXX', name: 'Bonkish', decimals: 5, usdPrice: 0.00002 } as Token,
};
const services = { catalog: { getState: () => ({ latest }) } } as never;
const now = Date.UTC(2030, 0, 1);
const iso = (ms: number) => new Date(ms).toISOString();

function trigger(key: string, input: string, output: string, making: string, taking: string): TriggerOrder {
  return {
    orderKey: key,
    userPubkey: 'U',
    inputMint: input,
    outputMint: output,
    rawMakingAmount: making,
    rawTakingAmount: taking,
    rawRemainingMakingAmount: making,
    rawRemainingTakingAmount: taking,
    slippageBps: '0',
    expiredAt: iso(now + 7 * 86_400_000),
    createdAt: iso(now - 60_000),
    updatedAt: iso(now - 60_000),
    status: 'Open',
    openTx: 'T',
    trades: [],
  } as unknown as TriggerOrder;
}

/** Each row's amount and price texts: whole in its line when the column is shown; no "…" anywhere. */
function assertWhole<Row>(frame: string, rows: Row[], texts: (r: Row) => Record<string, string>, must: string[]) {
  const lines = frame.split('\n');
  const header = nth(lines, 0);
  for (const l of lines) {
    assert.ok([...l].length <= 80, `wider than 80: ${l}`);
    assert.doesNotMatch(l, /…/, `cut: ${l}`);
  }
  for (const title of must) assert.ok(header.includes(title), `${title} stays at 80 columns: ${header}`);
  rows.forEach((row, i) => {
    for (const [title, text] of Object.entries(texts(row)))
      if (header.includes(` ${title}`))
        assert.ok(nth(lines, i + 1).includes(text), `${title} "${text}" whole in: ${lines[i + 1]}`);
  });
}

test('9-character symbols and 1,234,567.12345-sized amounts at 80 columns: pair, amount and price whole, columns dropped rather than cut', async () => {
  const rows: LimitRow[] = [
    trigger('K1', mints.long, mints.bonk, '123456712345', '1234567812345'),
    trigger('K2', mints.bonk, usdc, '123456712345', '500000'),
    trigger('K3', usdc, mints.long, '1234567123456', '123456712345'),
  ].map((o) => limitRow(services, o, now, false));
  assert.equal(nth(rows, 0).sell, '1,234,567.1234 LONGSYMBL');
  // the distance from the market as every percent is written: grouped, two decimals, signed
  assert.match(nth(rows, 0).market, /^[+-][\d,]+\.\d\d%$/);
  const far = limitRow(services, trigger('K4', mints.long, mints.bonk, '100000', '5000000000000'), now, false);
  assert.equal(far.market, '+49,900.00%', far.price);
  const app = await mount(
    <Table columns={limitColumns(plainTheme)} rows={rows} getKey={(r) => r.key} width={80} height={6} />,
  );
  const frame = app.lastFrame() ?? '';
  assertWhole(frame, rows, (r) => ({ PAIR: r.pair, SELL: r.sell, FOR: r.buy, LIMIT: r.price }), [
    'PAIR',
    'SELL',
    'LIMIT',
  ]);
  assert.match(frame, /LONGSYMBL→BONKISHXX\s+1,234,567\.1234 LONGSYMBL\s+LONGSYMBL\/BONKISHXX 10\.00/);
  assert.match(
    nth(rows, 1).summary,
    /^sell 1,234,567\.12345 BONKISHXX for 0\.5 USDC · 1 BONKISHXX = 0\.0₆4050 USDC · 1 USDC = 2,469,134\.25 BONKISHXX · expires in 7d$/,
  );
  app.unmount();

  const dca = recurringOrder({
    orderKey: 'D1',
    inputMint: mints.bonk,
    outputMint: mints.long,
    inDeposited: '1234567.12345',
    rawInDeposited: '123456712345',
    inAmountPerCycle: '411522.37449',
    rawInAmountPerCycle: '41152237449',
    inUsed: '411522.37449',
    rawInUsed: '41152237449',
    outReceived: '12.34567',
    rawOutReceived: '1234567',
    cycleFrequency: '86400',
    createdAt: iso(now - 60_000),
    updatedAt: iso(now - 60_000),
    trades: [{ confirmedAt: iso(now - 60_000) }],
  }) as unknown as RecurringOrder;
  const drows: DcaRow[] = [dcaRow(services, dca, now, 'active')];
  const dapp = await mount(<Table columns={dcaColumns()} rows={drows} getKey={(r) => r.key} width={80} height={4} />);
  assertWhole(
    dapp.lastFrame() ?? '',
    drows,
    (r) => ({ PAIR: r.pair, EACH: r.each, RECEIVED: r.received, 'AVG PRICE': r.avg, USED: r.used }),
    ['PAIR', 'EACH', 'DONE'],
  );
  assert.equal(
    nth(drows, 0).summary,
    '411,522.37449 BONKISHXX each · 1/3 done · used 411,522.37449 BONKISHXX of 1,234,567.12345 BONKISHXX · received 12.34567 LONGSYMBL · avg LONGSYMBL/BONKISHXX 33,333.34',
  );
  dapp.unmount();
});
