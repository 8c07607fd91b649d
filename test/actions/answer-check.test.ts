// A quote or order answer is compared with what was asked, field by field: the pair, the mode,
// the amount on the side the mode fixes, the taker, the slippage, and a threshold that agrees with
// the quote and its slippage. Each mismatch is one line naming the field; an answer that is the
// request passes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { answerMismatch, type AnsweredQuote, type AskedQuote } from '../../src/actions/answerCheck.js';
import { NATIVE_MINT, USDC_MINT } from '../../src/chain/mints.js';

const SOL = { mint: NATIVE_MINT, symbol: 'SOL', decimals: 9 };
const USDC = { mint: USDC_MINT, symbol: 'USDC', decimals: 6 };
const TAKER = 'Taker1111111111111111111111111111111111111';

const exactIn: AskedQuote = { input: SOL, output: USDC, amount: 1_000_000_000n, mode: 'ExactIn', taker: TAKER };
const answer: AnsweredQuote = {
  inputMint: NATIVE_MINT,
  outputMint: USDC_MINT,
  inAmount: '1000000000',
  outAmount: '150000000',
  otherAmountThreshold: '149250000',
  slippageBps: 50,
  swapMode: 'ExactIn',
  taker: TAKER,
};

test('an answer that is the request passes, ExactIn and ExactOut', () => {
  assert.equal(answerMismatch(exactIn, answer), undefined);
  assert.equal(answerMismatch({ ...exactIn, slippageBps: 50 }, { ...answer, taker: null }), undefined);
  const exactOut: AskedQuote = { input: SOL, output: USDC, amount: 150_000_000n, mode: 'ExactOut', slippageBps: 100 };
  assert.equal(
    answerMismatch(exactOut, {
      ...answer,
      swapMode: 'ExactOut',
      slippageBps: 100,
      inAmount: '1000000000',
      otherAmountThreshold: '1010000000',
    }),
    undefined,
  );
});

test('each field that is not the request is named in one line', () => {
  const cases: Array<[Partial<AnsweredQuote>, string | RegExp, Partial<AskedQuote>?]> = [
    [{ inAmount: '10000000' }, 'inAmount: the service quoted 0.01 SOL; you asked for 1 SOL'],
    [
      { outputMint: NATIVE_MINT },
      /^inputMint\/outputMint: the service answered for So1\S+ → So1\S+; you asked for SOL → USDC/,
    ],
    [{ swapMode: 'ExactOut' }, 'swapMode: the service quoted ExactOut; you asked for ExactIn'],
    [
      { taker: 'Other111111111111111111111111111111111111111' },
      /^taker: the service built the order for Other1+; you are Taker1+$/,
    ],
    [
      { slippageBps: 300 },
      'slippageBps: the service quoted 300 bps of slippage; you asked for 50',
      { slippageBps: 50 },
    ],
    [
      { otherAmountThreshold: '100000000' },
      "otherAmountThreshold: the service's minimum 100 USDC is not 150 USDC less 50 bps of slippage",
    ],
    [{ otherAmountThreshold: '150000001' }, /^otherAmountThreshold: the service's minimum 150\.000001 USDC/],
    [{ inAmount: '1e9' }, 'the service answered amounts that are not whole numbers of base units'],
  ];
  for (const [changed, why, asked] of cases) {
    const got = answerMismatch({ ...exactIn, ...asked }, { ...answer, ...changed });
    if (typeof why === 'string') assert.equal(got, why);
    else assert.match(got ?? '', why);
  }
  const exactOut: AskedQuote = { input: SOL, output: USDC, amount: 150_000_000n, mode: 'ExactOut' };
  assert.equal(
    answerMismatch(exactOut, { ...answer, swapMode: 'ExactOut', outAmount: '1500000' }),
    'outAmount: the service quoted 1.5 USDC; you asked for 150 USDC',
  );
});
