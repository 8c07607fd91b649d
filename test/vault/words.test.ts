// The words that place the service's orders from the vault (the standing orders' grammar with
// custody vault, an OCO's entry for an OTOCO, a DCA's words) and that change one (vault edit): what
// each reads into, with the service's rules checked before sending; every hostile or ambiguous
// input refused in one line naming the field.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { NATIVE_MINT, USDC_MINT, USDT_MINT } from '../../src/chain/mints.js';
import type { Token } from '../../src/api/types.js';
import { OrderInputError, parseDcaArgs } from '../../src/actions/orderRequest.js';
import { custodyOfWords, parseStandingArgs, type StandingCommand } from '../../src/orders/standing/input.js';
import { slippageWords, vaultDcaPlanOf } from '../../src/vault/plan.js';
import { vaultPlanOf } from '../../src/orders/standing/vaultPlan.js';
import { parseVaultEdit } from '../../src/vault/edit.js';

const JUP = 'JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN';
const NOPRICE = 'NoPr1ceNoPr1ceNoPr1ceNoPr1ceNoPr1ceNoPr1ceN';
const catalog = [
  { id: NATIVE_MINT, symbol: 'SOL', name: 'Wrapped SOL', decimals: 9, usdPrice: 150 },
  { id: USDC_MINT, symbol: 'USDC', name: 'USD Coin', decimals: 6, usdPrice: 1 },
  { id: USDT_MINT, symbol: 'USDT', name: 'Tether', decimals: 6, usdPrice: 1 },
  { id: JUP, symbol: 'JUP', name: 'Jupiter', decimals: 6, usdPrice: 0.8 },
  { id: NOPRICE, symbol: 'NOPX', name: 'No price', decimals: 6 },
] as Token[];
const now = Date.UTC(2030, 0, 1, 10, 0, 30);
const plan = (command: StandingCommand, line: string) =>
  vaultPlanOf(parseStandingArgs(command, `${line} custody vault`.split(' '), catalog, now));

test('each command with custody vault reads into the service order it is', () => {
  const stop = plan('stop', '1 SOL @140 USDC');
  assert.deepEqual(stop.terms, { orderType: 'single', triggerCondition: 'below', triggerPriceUsd: 140 });
  assert.equal(stop.trigger.id, NATIVE_MINT);
  assert.equal(stop.amount, 1_000_000_000n);
  assert.match(slippageWords(stop), /stop-loss: 20\.00% \(2000 bps\).*give your own with slippage 1%/);
  assert.deepEqual(plan('tp', '1 SOL @180 USDC slippage 0.5%').terms, {
    orderType: 'single',
    triggerCondition: 'above',
    triggerPriceUsd: 180,
    slippageBps: 50,
  });
  assert.match(slippageWords(plan('tp', '1 SOL @180 USDC slippage 0.5%')), /0\.50% \(50 bps, yours\)/);
  assert.deepEqual(plan('trail', '1 SOL 5% USDC').terms, {
    orderType: 'single',
    triggerCondition: 'below',
    trailingBps: 500,
  });
  assert.deepEqual(plan('oco', '1 SOL tp 180 sl 140 USDT').terms, {
    orderType: 'oco',
    tpPriceUsd: 180,
    slPriceUsd: 140,
  });
  // a buy watches what it buys
  const buy = plan('buy-above', '100 USDC @170 SOL');
  assert.equal(buy.trigger.id, NATIVE_MINT);
  assert.deepEqual(buy.contexts, ['buy_above']);
  // an OTOCO: spend USDC on SOL at the entry (under the market: a dip), then the pair on what it bought
  const otoco = plan('oco', '100 USDC tp 180 sl 120 SOL entry 140');
  assert.deepEqual(otoco.terms, {
    orderType: 'otoco',
    triggerCondition: 'below',
    triggerPriceUsd: 140,
    tpPriceUsd: 180,
    slPriceUsd: 120,
  });
  assert.equal(otoco.trigger.id, NATIVE_MINT);
  assert.equal(otoco.sell.id, USDC_MINT);
  // --vault is these words
  assert.equal(custodyOfWords('1 SOL @140 USDC custody vault'.split(' ')), 'vault');
  assert.equal(custodyOfWords('1 SOL @140 USDC custody=VAULT'.split(' ')), 'vault');
  assert.equal(custodyOfWords('1 SOL @140 USDC'.split(' ')), 'wallet');
});

test('hostile and ambiguous words: one line each, naming the field; nothing is sent', () => {
  const cases: Array<[StandingCommand, string, RegExp]> = [
    ['stop', '1 SOL @140 USDC custody bank', /^custody: "bank" is not wallet or vault/],
    ['stop', '1 SOL @140 USDC custody', /^custody: give a value/],
    ['stop', '1 SOL @140 USDC custody vault custody wallet', /^custody: given twice/],
    ['stop', '1 SOL @140 USDC entry 150 custody vault', /^entry: only an OCO takes an entry/],
    [
      'oco',
      '100 USDC tp 180 sl 120 SOL entry 140',
      /^entry: an OCO with an entry \(OTOCO\) is the service's order.*custody vault/,
    ],
    [
      'oco',
      '100 USDC tp 180 sl 120 SOL entry 190 custody vault',
      /^entry: 190\.00 SOL must lie between sl|^entry: .*must lie between sl .* and tp/,
    ],
    ['oco', '100 USDC tp 180 sl 120 SOL entry abc custody vault', /^entry:/],
    ['oco', '100 USDC tp 180 sl 120 SOL entry 0 custody vault', /^entry: must be greater than zero/],
    ['oco', '100 USDC tp 180 sl 120 SOL entry -5 custody vault', /^entry:/],
    ['oco', '100 USDC tp 180 sl 120 SOL entry 1e2 custody vault', /^entry:/],
  ];
  for (const [command, line, want] of cases)
    assert.throws(
      () => parseStandingArgs(command, line.split(' '), catalog, now),
      (e: unknown) => e instanceof OrderInputError && want.test(e.message) && !e.message.includes('\n'),
      `${command} ${line}`,
    );
  const planned: Array<[StandingCommand, string, RegExp]> = [
    ['stop', '0.05 SOL @140 USDC', /^amount: \$7\.50 is under the service's minimum of 10 USD/],
    [
      'stop',
      '20 JUP @0.005 SOL',
      /^custody vault: the service's trigger is a USD price, so write the price in USDC or USDT/,
    ],
    ['trail', '1 SOL 5 USDC', /^distance: the service trails by a share of the price/],
    ['trail', '1 SOL 0.4% USDC', /^distance: 0\.40% is outside the service's 0\.5% to 90%/],
    ['trail', '1 SOL 95% USDC', /^distance: 95\.00% is outside/],
    [
      'stop',
      '100 NOPX @0.5 USDC',
      /^amount: NOPX has no USD price in the token lists now, so the service's 10 USD minimum cannot be checked/,
    ],
  ];
  for (const [command, line, want] of planned)
    assert.throws(
      () => plan(command, line),
      (e: unknown) => e instanceof OrderInputError && want.test(e.message),
      `${command} ${line}`,
    );
  // an expiry is required by the service: "never" is refused as for a standing order
  assert.throws(() => plan('stop', '1 SOL @140 USDC expiry never'), /expiry: a standing order must end/);
});

test("a DCA from the vault: the service's rules (10 USD a round, 60 s to 365 days, a start within 30 days)", () => {
  const dca = (line: string) => vaultDcaPlanOf(parseDcaArgs(line.split(' '), catalog, now, false), now);
  const ok = dca('30 USDC SOL 3 1h');
  assert.equal(ok.orderCount, 3);
  assert.equal(ok.intervalSeconds, 3600);
  assert.equal(ok.beginFillAt, undefined);
  assert.equal(dca('30 USDC SOL 3 1h start 2h').beginFillAt, new Date(now + 7_200_000).toISOString());
  for (const [line, want] of [
    ['25 USDC SOL 3 1h', /^orders: each of 3 rounds would be \$8\.33, under the service's 10 USD a round/],
    ['15 USDC SOL 2 1h', /^total: \$15\.00 is under the service's minimum of 20 USD/],
    ['30 USDC SOL 3 1h start 40d', /^start: the service's DCA begins within 30 days|start:/],
    ['30 USDC SOL 1 1h', /^orders: at least 2/],
    ['30 USDC SOL 3 30s', /^interval: at least 1 minute/],
    ['30 NOPX SOL 3 1h', /^total: NOPX has no USD price|^amount: NOPX has no USD price/],
  ] as const)
    assert.throws(
      () => dca(line),
      (e: unknown) => e instanceof OrderInputError && want.test(e.message),
      line,
    );
});

test('vault edit words: each change once, a USD price by the one amount parser; hostile ones refused in one line', () => {
  assert.deepEqual(parseVaultEdit(['tp', '260', 'sl', '95.5']), { tpPriceUsd: 260, slPriceUsd: 95.5 });
  assert.deepEqual(parseVaultEdit(['price', '@141', 'slippage', '2%']), { triggerPriceUsd: 141, slippageBps: 200 });
  assert.deepEqual(parseVaultEdit(['trail', '7.5%']), { trailingBps: 750 });
  for (const [words, want] of [
    [[], /^give what to change/],
    [['tp'], /^tp: give a value/],
    [['tp', '1e3'], /^tp:/],
    [['tp', '-1'], /^tp:/],
    [['tp', '0'], /^tp: must be greater than zero/],
    [['tp', '1.2.3'], /^tp:/],
    [['tp', '100', 'tp', '110'], /^tp: given twice/],
    [['tp', '100', 'sl', '120'], /^tp: 100 USD is not above sl 120 USD/],
    [['expiry', '7d'], /^unexpected "expiry"/],
    [['trail', '5'], /^trail: "5" is not a share from 0\.5% to 90%/],
    [['trail', '95%'], /^trail: "95%" is not a share/],
    [['price', '140', 'trail', '5%'], /^price and trail: a trailing order has no fixed price/],
    [['slippage', 'lots'], /slippage/],
  ] as const)
    assert.throws(
      () => parseVaultEdit(words),
      (e: unknown) => e instanceof OrderInputError && want.test(e.message),
      words.join(' '),
    );
});
