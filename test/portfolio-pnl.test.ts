// Spot P&L from the journal's successful swaps: average cost per token, unrealized P&L against the
// current price, stablecoin legs as the USD cost, carried cost through token-to-token swaps.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { NATIVE_MINT, USDC_MINT } from '../src/chain/mints.js';
import type { JournalState } from '../src/journal/journal.js';
import { spotPnl } from '../src/portfolio/pnl.js';
import { nth } from './support/narrow.js';

const JUP = 'JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN';
const DECIMALS: Record<string, number> = { [NATIVE_MINT]: 9, [USDC_MINT]: 6, [JUP]: 6 };
let n = 0;
function swap(
  inputMint: string,
  inAmount: string,
  outputMint: string,
  outAmount: string,
  status: JournalState['status'] = 'success',
  group: JournalState['group'] = 'ultra',
): JournalState {
  n++;
  return {
    id: `e${n}`,
    time: 1_700_000_000_000 + n * 1000,
    updatedAt: 0,
    group,
    action: 'swap',
    signedTransaction: 'AA==',
    status,
    summary: { inputMint, outputMint, inAmount, outAmount },
  };
}
const io = (prices: Record<string, number>) => ({
  decimalsOf: (m: string) => DECIMALS[m],
  priceOf: (m: string) => prices[m] ?? null,
});

test('buys with USDC set the average cost; a partial sell keeps it; unrealized against the current price', () => {
  const entries = [
    swap(USDC_MINT, '1000000000', NATIVE_MINT, '10000000000'), // 10 SOL for 1000 USDC: 100 each
    swap(USDC_MINT, '600000000', NATIVE_MINT, '3000000000', 'success', 'swap'), // 3 SOL for 600: 200 each
    swap(NATIVE_MINT, '3000000000', USDC_MINT, '450000000'), // sell 3 SOL
    swap(USDC_MINT, '999000000', NATIVE_MINT, '1000000000', 'failed'), // not executed: ignored
    { ...swap(USDC_MINT, '1', JUP, '1'), group: 'trigger' as const, action: 'create' }, // not a swap
  ];
  const p = spotPnl(entries, io({ [NATIVE_MINT]: 150 }));
  assert.equal(p.swaps, 3);
  assert.equal(p.tokens.length, 1);
  const sol = nth(p.tokens, 0);
  assert.equal(sol.mint, NATIVE_MINT);
  assert.ok(Math.abs(sol.units - 10) < 1e-9);
  assert.ok(Math.abs(sol.avgCost! - 1600 / 13) < 1e-9);
  assert.ok(Math.abs(sol.unrealized! - (150 - 1600 / 13) * 10) < 1e-6);
  assert.ok(Math.abs(p.totalUnrealized - sol.unrealized!) < 1e-9);
  assert.equal(p.since, nth(entries, 0).time);
});

test('a token bought with another token carries its cost; bought with holdings of unknown cost it is counted apart', () => {
  const entries = [
    swap(USDC_MINT, '300000000', NATIVE_MINT, '2000000000'), // 2 SOL at 150
    swap(NATIVE_MINT, '1000000000', JUP, '200000000'), // 1 SOL (cost 150) -> 200 JUP: 0.75 each
    swap(NATIVE_MINT, '5000000000', JUP, '100000000'), // 5 SOL, only 1 recorded: JUP of unknown cost
  ];
  const p = spotPnl(entries, io({ [NATIVE_MINT]: 160, [JUP]: 1 }));
  const jup = p.tokens.find((t) => t.mint === JUP)!;
  assert.ok(Math.abs(jup.avgCost! - 0.75) < 1e-9);
  assert.ok(Math.abs(jup.units - 200) < 1e-9);
  assert.equal(jup.unpricedUnits, 100);
  assert.ok(Math.abs(jup.unrealized! - 50) < 1e-9);
  // the SOL is all spent
  assert.equal(
    p.tokens.find((t) => t.mint === NATIVE_MINT),
    undefined,
  );
});

test('no price or no decimals: the token shows without a P&L, nothing is invented', () => {
  const p = spotPnl(
    [
      swap(USDC_MINT, '1000000', JUP, '2000000'),
      swap(USDC_MINT, '1000000', 'Unknown1111111111111111111111111111111111111', '5'),
    ],
    io({}),
  );
  assert.equal(p.tokens.length, 1);
  assert.equal(nth(p.tokens, 0).unrealized, null);
  assert.equal(p.priced, 0);
  assert.equal(p.totalUnrealized, 0);
});

test('executed amounts win over the signed ones; fills of orders placed through tradedeck count as buys and sells', () => {
  const bought = {
    ...swap(USDC_MINT, '1000000000', NATIVE_MINT, '10000000000'),
    executed: { input: '1000000000', output: '8000000000' },
  }; // 8 SOL, not 10
  const fills = [
    {
      time: bought.time + 10_000,
      inputMint: USDC_MINT,
      outputMint: NATIVE_MINT,
      inRaw: '400000000',
      outRaw: '2000000000',
    }, // 2 SOL at 200
    {
      time: bought.time + 20_000,
      inputMint: NATIVE_MINT,
      outputMint: USDC_MINT,
      inRaw: '5000000000',
      outRaw: '800000000',
    }, // sell 5 SOL
  ];
  const p = spotPnl([bought], io({ [NATIVE_MINT]: 150 }), fills);
  assert.equal(p.swaps, 3);
  const sol = nth(p.tokens, 0);
  assert.ok(Math.abs(sol.units - 5) < 1e-9, `units ${sol.units}`);
  assert.ok(Math.abs(sol.avgCost! - 1400 / 10) < 1e-9, `avg ${sol.avgCost}`);
  assert.ok(Math.abs(sol.unrealized! - (150 - 140) * 5) < 1e-6);
});
