// What the several-orders cancels read and say, without a service: the cancel words (keys and the
// priority fee) and the limit order's fee account and SOL wrapping, with hostile and ambiguous
// input; the batch progress words; the marks; the Orders key line at 80 columns.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { NATIVE_MINT, USDC_MINT } from '../src/chain/mints.js';
import type { Token, TriggerOrder } from '../src/api/types.js';
import { OrderInputError, parseCancelArgs, parseLimitArgs, readComputeUnitPrice } from '../src/actions/orderRequest.js';
import {
  batchesOutcome,
  batchProgress,
  batchTally,
  consistentCount,
  inBatches,
  toggleMark,
  unmark,
} from '../src/orders/batches.js';
import { ordersKeyLine, withMarks, MARK } from '../screens/Orders/keyLine.js';
import type { LimitRow } from '../screens/Orders/rows.js';
import { nth } from './support/narrow.js';

const BONK = 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263';
const tokens = [
  { id: NATIVE_MINT, symbol: 'SOL', name: 'Wrapped SOL', decimals: 9, usdPrice: 150 },
  { id: USDC_MINT, symbol: 'USDC', name: 'USD Coin', decimals: 6, usdPrice: 1 },
  { id: BONK, symbol: 'BONK', name: 'Bonk', decimals: 5, usdPrice: 0.00002 },
] as Token[];
const now = Date.UTC(2030, 0, 1);
const FEE = 'FeeAcct111111111111111111111111111111111111';
const limit = (...more: string[]) => parseLimitArgs(['2', 'SOL', '300', 'USDC', ...more], tokens, now);
const refused = (fn: () => unknown, re: RegExp) =>
  assert.throws(fn, (e: Error) => e instanceof OrderInputError && re.test(e.message) && !e.message.includes('\n'));

test('limit fee-account and wrap: read as given (case kept), each once, checked before any request', () => {
  const r = limit('fee-account', FEE, 'wrap', 'off');
  assert.equal(r.feeAccount, FEE);
  assert.equal(r.wrapAndUnwrapSol, false);
  assert.equal(limit('wrap=on').wrapAndUnwrapSol, true);
  assert.equal(limit(`fee-account=${FEE}`).feeAccount, FEE);
  const plain = limit();
  assert.ok(!('feeAccount' in plain) && !('wrapAndUnwrapSol' in plain));
  // buying SOL counts as well
  assert.equal(parseLimitArgs(['300', 'USDC', '2', 'SOL', 'wrap', 'false'], tokens, now).wrapAndUnwrapSol, false);
  refused(
    () => limit('fee-account', FEE.replace('1', '0')),
    /fee-account: "FeeAcct01+" is not a base58 account address/,
  );
  refused(() => limit('fee-account', FEE.slice(0, 20)), /is not a base58 account address/);
  refused(() => limit('fee-account', '0x12ab'), /fee-account: "0x12ab" is not a base58 account address/);
  refused(() => limit('fee-account', `${FEE} `.repeat(2)), /not a base58 account address/);
  refused(() => limit('fee-account'), /fee-account: give a value/);
  refused(() => limit('fee-account='), /fee-account: give a value/);
  refused(() => limit('fee-account', USDC_MINT), /fee-account: .* is the mint of USDC, not a token account/);
  refused(() => limit('fee-account', FEE, 'fee-account', FEE), /fee-account: given twice/);
  refused(() => limit('wrap', 'maybe'), /wrap: "maybe" is not on or off/);
  refused(() => limit('wrap', '0'), /wrap: "0" is not on or off/);
  refused(() => limit('wrap', 'off', 'wrap', 'on'), /wrap: given twice/);
  refused(
    () => parseLimitArgs(['1000000', 'BONK', '20', 'USDC', 'wrap', 'off'], tokens, now),
    /wrap: applies only when SOL is sold or bought, and this order is BONK → USDC/,
  );
  refused(
    () => limit('referral', FEE),
    /unexpected "referral" \(after the buy token: .*fee-account ADDR, wrap on\|off\)/,
  );
});

test('compute unit price words: auto or a whole number of microlamports that fits u64, nothing else', () => {
  assert.equal(readComputeUnitPrice('AUTO'), 'auto');
  assert.equal(readComputeUnitPrice('0'), '0');
  assert.equal(readComputeUnitPrice('007000'), '7000');
  assert.equal(readComputeUnitPrice('18446744073709551615'), '18446744073709551615');
  for (const bad of ['-1', '5e3', '1.5', '1,000', '0x10', '', ' ', 'fast', '１２']) {
    refused(
      () => readComputeUnitPrice(bad),
      /cu: ".*" is not auto or a whole number of microlamports per compute unit/,
    );
  }
  refused(
    () => readComputeUnitPrice('18446744073709551616'),
    /cu: 18446744073709551616 is larger than the largest possible price \(u64\)/,
  );
  assert.equal(limit('cu', '5000').computeUnitPrice, '5000');
});

test('cancel words: one or more keys, each once, then cu; cancel-all takes only cu', () => {
  assert.deepEqual(parseCancelArgs(['K1'], { keys: 'one-or-more' }), { keys: ['K1'] });
  assert.deepEqual(parseCancelArgs(['K1', 'K2', 'cu', '5000'], { keys: 'one-or-more' }), {
    keys: ['K1', 'K2'],
    computeUnitPrice: '5000',
  });
  assert.deepEqual(parseCancelArgs(['K1', 'CU=auto'], { keys: 'one-or-more' }), {
    keys: ['K1'],
    computeUnitPrice: 'auto',
  });
  assert.deepEqual(parseCancelArgs([], { keys: 'none' }), { keys: [] });
  assert.deepEqual(parseCancelArgs(['cu', '9'], { keys: 'none' }), { keys: [], computeUnitPrice: '9' });
  refused(() => parseCancelArgs([], { keys: 'one-or-more' }), /which order\?/);
  refused(() => parseCancelArgs(['cu', '5'], { keys: 'one-or-more' }), /which order\?/);
  refused(() => parseCancelArgs(['K1', 'K1'], { keys: 'one-or-more' }), /order K1: given twice/);
  refused(() => parseCancelArgs(['K1', 'cu'], { keys: 'one-or-more' }), /cu: give a value/);
  refused(() => parseCancelArgs(['K1', 'cu', '5', 'cu', '6'], { keys: 'one-or-more' }), /cu: given twice/);
  refused(
    () => parseCancelArgs(['K1', 'cu', '5', 'K2'], { keys: 'one-or-more' }),
    /unexpected "K2" after cu: the order keys come first/,
  );
  refused(() => parseCancelArgs(['K1', 'cu', '-5'], { keys: 'one-or-more' }), /cu: "-5" is not auto/);
  refused(() => parseCancelArgs(['K1'], { keys: 'none' }), /unexpected "K1" \(cancel-all takes only \[cu auto\|N\]\)/);
});

test('batch words: which orders each transaction cancels, the count only when it agrees with the transactions', () => {
  assert.deepEqual(inBatches([1, 2, 3, 4, 5, 6, 7]), [
    [1, 2, 3, 4, 5],
    [6, 7],
  ]);
  assert.deepEqual(inBatches([]), []);
  assert.equal(batchProgress(0, 3, 12), 'cancelling 1–5 of 12');
  assert.equal(batchProgress(1, 3, 12), 'cancelling 6–10 of 12');
  assert.equal(batchProgress(2, 3, 12), 'cancelling 11–12 of 12');
  assert.equal(batchProgress(1, 2, 6), 'cancelling 6 of 6');
  assert.equal(batchProgress(1, 3, undefined), 'cancelling orders 6–10');
  assert.equal(batchProgress(2, 3, undefined), 'cancelling orders 11 on');
  assert.equal(consistentCount(12, 3), 12);
  assert.equal(consistentCount(12, 2), undefined, 'an order closed or opened since it was counted: no count');
  assert.equal(consistentCount(undefined, 2), undefined);
  assert.equal(consistentCount(0, 0), undefined);
  const o = batchesOutcome(
    'Cancel 7 marked',
    [
      { index: 0, status: 'success', signature: 'S1' },
      { index: 1, status: 'failed', error: 'boom' },
    ],
    'X retries',
  );
  assert.deepEqual(o, {
    ok: false,
    title: 'Cancel 7 marked: 1 of 2 done, 1 not done (X retries)',
    lines: ['Tx 1: success S1', 'Tx 2: failed · boom'],
  });
  assert.equal(
    batchTally([
      { index: 0, status: 'success' },
      { index: 1, status: 'success' },
      { index: 2, status: 'waiting' },
    ]),
    '2 success · 1 waiting',
  );
});

test('marks: Space toggles by key, in the order marked; a marked row starts with the mark', () => {
  const order = (k: string) => ({ orderKey: k }) as TriggerOrder;
  let m = toggleMark([], order('A'));
  m = toggleMark(m, order('B'));
  m = toggleMark(m, order('C'));
  m = toggleMark(m, { ...order('B') });
  assert.deepEqual(
    m.map((o) => o.orderKey),
    ['A', 'C'],
  );
  assert.deepEqual(
    unmark(m, ['A', 'Z']).map((o) => o.orderKey),
    ['C'],
  );
  const rows = ['A', 'B'].map((k) => ({ kind: 'limit', key: k, pair: 'SOL→USDC' }) as LimitRow);
  const shown = withMarks(rows, m);
  assert.equal(nth(shown, 0).pair, `${MARK}SOL→USDC`);
  assert.equal(shown[1], rows[1], 'an unmarked row is the same object (its line is not drawn again)');
  assert.equal(withMarks(rows, []), rows);
});

test('the key line offers only what works here, whole at 80 columns', () => {
  const line = (tab: 'limit' | 'dca', view: 'active' | 'history', rows: number, marked: number) =>
    ordersKeyLine({ tab, view, rows, marked });
  assert.equal(line('limit', 'active', 3, 0), 't lists · h history · x cancel · Space mark · X all · n new · ? more');
  assert.equal(line('limit', 'active', 0, 0), 't lists · h history · f mint · i failed · X all · n new · ? more');
  assert.equal(
    line('limit', 'active', 3, 12),
    'Space mark · X cancel 12 marked · Esc unmark · x cancel · n new · ? more',
  );
  assert.equal(
    line('dca', 'active', 3, 0),
    't lists · h history · f mint · i failed · x cancel · X all · n new · ? more',
  );
  assert.equal(line('dca', 'active', 3, 2), 'X cancel 2 marked · Esc unmark · x cancel · n new · ? more');
  assert.equal(line('limit', 'history', 3, 0), 't lists · h history · f mint · i failed · X all · n new · ? more');
  for (const tab of ['limit', 'dca'] as const) {
    for (const view of ['active', 'history'] as const) {
      for (const rows of [0, 5]) {
        for (const marked of [0, 1, 500]) {
          const l = line(tab, view, rows, marked);
          assert.ok([...l].length <= 80, l);
          assert.equal(l.includes('Space'), tab === 'limit' && view === 'active' && rows > 0, l);
          assert.equal(l.includes('x cancel'), view === 'active' && rows > 0, l);
          assert.equal(l.includes('Esc unmark'), marked > 0, l);
        }
      }
    }
  }
});
