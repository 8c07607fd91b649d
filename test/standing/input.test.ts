// The standing orders' words (:stop, :tp, :trail, :oco, :buy-above, :buy-below and their headless
// commands): what each reads into, and every hostile or ambiguous input refused in one line that
// names the field, before anything is asked or stored.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { NATIVE_MINT, USDC_MINT, USDT_MINT } from '../../src/chain/mints.js';
import { type Token } from '../../src/api/types.js';
import { OrderInputError } from '../../src/actions/orderRequest.js';
import { parseStandingArgs, standingTokenWords, type StandingCommand } from '../../src/orders/standing/input.js';
import { ONE } from '../../src/actions/orderRequest.js';

const JUP = 'JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN';
const BONK = 'BonkBonkBonkBonkBonkBonkBonkBonkBonkBonkBon';
const catalog = [
  { id: NATIVE_MINT, symbol: 'SOL', name: 'Wrapped SOL', decimals: 9, usdPrice: 150 },
  { id: USDC_MINT, symbol: 'USDC', name: 'USD Coin', decimals: 6, usdPrice: 1 },
  { id: USDT_MINT, symbol: 'USDT', name: 'Tether', decimals: 6, usdPrice: 1 },
  { id: JUP, symbol: 'JUP', name: 'Jupiter', decimals: 6, usdPrice: 0.8 },
  { id: BONK, symbol: 'BONK', name: 'Bonk', decimals: 5, usdPrice: 0.00002 },
] as Token[];
const now = Date.UTC(2030, 0, 1, 10, 0, 30);
const read = (command: StandingCommand, line: string) => parseStandingArgs(command, line.split(' '), catalog, now);
const price = (n: number) => BigInt(Math.round(n * 100)) * (ONE / 100n);

test('a stop, a take-profit, a trail, an OCO and the buys read as a trader says them', () => {
  const stop = read('stop', '2 SOL @140 USDC');
  assert.equal(stop.amount, 2_000_000_000n);
  assert.equal(stop.sell.id, NATIVE_MINT);
  assert.equal(stop.buy.id, USDC_MINT);
  assert.deepEqual(stop.legs, [{ kind: 'stop-loss', trigger: price(140) }]);
  assert.equal(stop.capBps, 100, 'the cap is 1% unless given');
  // 30 days unless given, on a whole minute, never later than asked
  assert.equal(stop.expiresAt, Date.UTC(2030, 0, 31, 10, 0));
  assert.equal(stop.market, 150);
  // exchange notation names the same pair
  assert.deepEqual(read('stop', '2 SOL @140 SOL/USDC USDC').legs, stop.legs);

  assert.deepEqual(read('tp', '2 SOL @180 USDC slippage 2% expiry 7d').legs, [
    { kind: 'take-profit', trigger: price(180) },
  ]);
  assert.equal(read('tp', '2 SOL @180 USDC slippage 2%').capBps, 200);
  assert.equal(read('tp', '2 SOL @180 USDC expiry=12h').expiresAt, Date.UTC(2030, 0, 1, 22, 0));
  assert.deepEqual(read('trail', '2 SOL 5% USDC').legs, [{ kind: 'trailing-stop', trail: { bps: 500 } }]);
  assert.deepEqual(read('trail', '2 SOL 7.5 USDC').legs, [{ kind: 'trailing-stop', trail: { by: '7.5' } }]);
  assert.deepEqual(read('oco', '2 SOL tp 180 sl 140 USDC').legs, [
    { kind: 'take-profit', trigger: price(180) },
    { kind: 'stop-loss', trigger: price(140) },
  ]);
  // a buy spends the quote token: the amount is in USDC, the price in USDC per SOL
  const below = read('buy-below', '300 USDC @140 SOL');
  assert.equal(below.amount, 300_000_000n);
  assert.equal(below.base.id, NATIVE_MINT);
  assert.deepEqual(below.legs, [{ kind: 'buy-below', trigger: price(140) }]);
  assert.deepEqual(read('buy-above', '300 USDC @170 SOL').legs, [{ kind: 'buy-above', trigger: price(170) }]);
  // neither side a quote asset: the unit names the pair
  assert.deepEqual(read('stop', '1000 JUP @0.7 JUP/USDT USDT').legs, [{ kind: 'stop-loss', trigger: price(0.7) }]);
  assert.equal(read('stop', '1000000 BONK @0.00001 BONK/JUP JUP').base.id, BONK);
  // the words that name tokens, looked up before the rest is read
  assert.deepEqual(standingTokenWords('stop', '2 SOL @140 SOL/USDC USDC'.split(' ')), ['SOL', 'SOL', 'USDC', 'USDC']);
  assert.deepEqual(standingTokenWords('oco', '2 SOL tp 180 sl 140 USDC'.split(' ')), ['SOL', 'USDC']);
});

test('hostile and ambiguous words: one line each, naming what is wrong', () => {
  const cases: Array<[StandingCommand, string, RegExp]> = [
    // no token received: "140 what?"
    ['stop', '2 SOL @140', /^token received: give it after the price, e\.g\. :stop 2 SOL @140 USDC$/],
    // the unit the wrong way round: 1 USDC costs 140 SOL
    [
      'stop',
      '2 SOL @140 USDC/SOL USDC',
      /^price unit: @140 USDC\/SOL prices USDC in SOL \(1 USDC costs 140 SOL\); a stop sells SOL at its price: write @140 SOL\/USDC$/,
    ],
    ['stop', '2 SOL @140 USDC/SOL', /^price unit: @140 USDC\/SOL prices USDC in SOL/],
    ['stop', '2 SOL 140 USDC', /^price: write it with @ as the trigger per one token, e\.g\. :stop 2 SOL @140 USDC$/],
    ['stop', '2 SOL @ USDC', /^price: write it right after "@"/],
    ['stop', '2 SOL @1,40 USDC', /^price "1,40": a comma/],
    ['stop', '2 SOL @-140 USDC', /^price: must not be negative/],
    ['stop', '2 SOL @0 USDC', /^price: must be greater than zero$/],
    // a stop above the market would sell at once
    [
      'stop',
      '2 SOL @160 USDC',
      /^price: 160\.00 USDC is at or above the market \(SOL 150\.00 USDC\), so it would fire at once/,
    ],
    ['tp', '2 SOL @140 USDC', /^price: 140\.00 USDC is at or below the market/],
    ['buy-below', '300 USDC @160 SOL', /^price: 160\.00 USDC is at or above the market/],
    ['trail', '2 SOL 150% USDC', /^distance: 150% below the high is at or under zero \(a price cannot fall 150%\)/],
    ['trail', '2 SOL 100% USDC', /^distance: 100% below the high is at or under zero/],
    ['trail', '2 SOL 0% USDC', /^distance: must be more than 0%$/],
    ['trail', '2 SOL 5.555% USDC', /^distance: "5\.555%" is not a share such as 5%/],
    ['trail', '2 SOL 200 USDC', /^distance: 200\.00 USDC below the high is at or under zero at the market/],
    ['trail', '2 SOL @140 USDC', /^trail: a trailing stop has a distance, not a price/],
    ['trail', '2 SOL 5%', /^token received: give it after the distance, e\.g\. :trail 2 SOL 5% USDC$/],
    ['oco', '2 SOL tp 140 sl 180 USDC', /^tp 140\.00 USDC is not above sl 180\.00 USDC/],
    ['oco', '2 SOL tp 180 140 USDC', /^oco: write both prices as tp <price> sl <price>/],
    ['oco', '2 SOL tp 180 sl 140', /^token received: give it after the price/],
    ['oco', '2 SOL tp 200 sl 140 USDC expiry', /^expiry: give a value/],
    ['stop', '2 SOL @140 USDC expiry 91d', /^expiry: at most 90 days for a standing order \(91d asked\)$/],
    [
      'stop',
      '2 SOL @140 USDC expiry 2030-06-01',
      /^expiry: at most 90 days for a standing order \(2030-06-01 is 151 days away\)$/,
    ],
    ['stop', '2 SOL @140 USDC expiry none', /^expiry: a standing order must end/],
    ['stop', '2 SOL @140 USDC expiry 2029-01-01', /^expiry: 2029-01-01 is in the past/],
    ['stop', '2 SOL @140 USDC expiry 2030-01-02T10:00', /^expiry: 2030-01-02T10:00 has no time zone/],
    ['stop', '2 SOL @140 USDC slippage 25%', /^slippage: at most 20% for a standing order/],
    ['stop', '2 SOL @140 USDC slippage 0%', /^slippage: at least 0\.01%/],
    ['stop', '2 SOL @140 USDC slippage 1% slippage 2%', /^slippage: given twice$/],
    [
      'stop',
      '2 SOL @140 USDC vault',
      /^unexpected "vault": write custody vault \(after the token received: expiry 30d \(at most 90d\), slippage 1%, custody wallet\|vault\)$/,
    ],
    ['stop', '0 SOL @140 USDC', /^amount: must be greater than zero$/],
    ['stop', '0.0000000001 SOL @140 USDC', /^amount: at most 9 decimal places/],
    ['stop', '1e3 SOL @140 USDC', /^amount: exponent notation is not accepted/],
    ['stop', '2 FOOCOIN @140 USDC', /^sell token: "FOOCOIN": no token with that symbol, name or mint$/],
    ['stop', '2 SOL @140 FOOCOIN', /^token received: "FOOCOIN": no token with that symbol, name or mint$/],
    ['stop', '2 SOL @140 SOL', /^token received: the same as the token paid \(SOL\)/],
    // the wrong side of the pair for the command
    [
      'stop',
      '300 USDC @140 SOL',
      /^stop sells the token priced \(SOL\) for USDC, e\.g\. :stop 2 SOL @140 USDC; to buy SOL/,
    ],
    [
      'buy-below',
      '2 SOL @140 USDC',
      /^buy-below spends the quote token \(USDC\) on SOL: the amount is the USDC to spend/,
    ],
    [
      'stop',
      '1000 JUP @0.7 BONK',
      /^price: neither JUP nor BONK is USDC, USDT or SOL, so "@0\.7" reads either way; give the unit: @0\.7 JUP\/BONK$/,
    ],
    ['stop', '2 SOL', /^give the amount, the token you sell, the price and the token you receive/],
  ];
  for (const [command, line, re] of cases) {
    assert.throws(
      () => read(command, line),
      (e: unknown) => {
        assert.ok(e instanceof OrderInputError, `${command} ${line}: ${String(e)}`);
        assert.match(e.message, re, `${command} ${line}`);
        assert.ok(!e.message.includes('\n'), 'one line');
        return true;
      },
    );
  }
});
