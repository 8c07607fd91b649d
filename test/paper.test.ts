// Paper trading against a second simulator standing in for the live service: the paper account
// trades at that service's prices (a swap of either group fills at its quote, to the unit), the
// keepers fill at its quotes (a limit order once its quote meets the limit, a DCA cycle at the
// quote for the cycle amount, waiting out a failing service), a changed quote is refused, the
// account outlives the process and `paper reset` opens it anew, and that service only ever
// receives reads.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateKeyPairSigner } from '@solana/kit';
import { startSim, type SimHandle } from '../src/sim/index.js';
import { KEEPER_QUOTE_TTL_MS, KEEPER_RETRY_MS } from '../src/sim/groups/paper-fills.js';
import { RECURRING_FEE_BPS } from '../src/sim/groups/recurring-book.js';
import { balance, get as simGet, openOrder, post, rpc, sign } from './support/simGroups.js';
import { NATIVE_MINT, USDC_MINT } from '../src/chain/mints.js';
import { parsePaperBalance } from '../src/config/paperBalance.js';
import { cleanEnv, runCli } from './support/cli.js';
import { tempHome } from './support/home.js';
import { nth } from './support/narrow.js';

const SOL = NATIVE_MINT;

async function get(sim: SimHandle, path: string): Promise<Record<string, unknown>> {
  const r = await fetch(`${sim.url}${path}`, { headers: { 'x-api-key': 'paper-test' } });
  assert.equal(r.status, 200, `${path}: ${r.status}`);
  return (await r.json()) as Record<string, unknown>;
}

/** USDC the service's swap group gives for one SOL now */
async function solInUsdc(sim: SimHandle): Promise<number> {
  const q = await get(sim, `/swap/v1/quote?inputMint=${SOL}&outputMint=${USDC_MINT}&amount=1000000000`);
  return Number(q.outAmount) / 1e6;
}

test('--paper-balance is read strictly: AMOUNT SYMBOL pairs of SOL, USDC or USDT, one amount grammar', () => {
  const b = parsePaperBalance('10 SOL,1,000.5 USDC, 2 usdt');
  assert.deepEqual(
    b.map((x) => [x.symbol, x.amount]),
    [
      ['SOL', 10_000_000_000n],
      ['USDC', 1_000_500_000n],
      ['USDT', 2_000_000n],
    ],
  );
  const refused: Array<[string, RegExp]> = [
    ['', /is empty/],
    ['1,5 SOL', /a comma only groups thousands/],
    ['10 SOL,,5 USDC', /cannot start with a comma/],
    ['10 BONK', /BONK cannot start an account; give SOL, USDC, USDT/],
    ['10 SOL,5 SOL', /SOL is given twice/],
    ['-1 SOL', /must not be negative/],
    ['0 USDC', /must be more than 0/],
    ['1e3 USDC', /exponent notation/],
    ['10 SOL,', /ends with a comma/],
    ['SOL 10', /not AMOUNT SYMBOL/],
    ['0.0000000001 SOL', /at most 9 decimal places/],
  ];
  for (const [text, why] of refused) assert.throws(() => parsePaperBalance(text), why, JSON.stringify(text));
});

test('--paper without a service to follow, or with one that does not answer, stops at once with one line', async () => {
  const env = cleanEnv();
  const none = await runCli(['--paper', 'quote', '1', 'SOL', 'USDC'], env);
  assert.equal(none.code, 2);
  assert.match(none.err, /paper: needs a service to take prices from: give --base-url/);
  const down = await runCli(['--paper', '--base-url', 'http://127.0.0.1:1', 'quote', '1', 'SOL', 'USDC'], env);
  assert.equal(down.code, 1);
  assert.match(
    down.err,
    /^tradedeck: paper mode: the service at http:\/\/127\.0\.0\.1:1 did not answer \(.*ECONNREFUSED/m,
  );
  assert.doesNotMatch(down.err, /\n\s+at /, 'no stack');
});

test("paper mode trades at the live service's prices, fills limit and DCA orders locally, keeps the account, and only reads from that service", async (t) => {
  // the live service: its clock moves only when told, so its prices do too
  const live = await startSim({ seed: 11, timeScale: 0 });
  t.after(() => live.stop());
  const { home } = tempHome(t, 'paper');
  const env = { ...cleanEnv(home), TRADEDECK_API_KEY: 'paper-test' };
  const paper = (...args: string[]) => runCli(['--paper', '--base-url', live.url, ...args], env);
  const stateDir = join(home, 'state', 'tradedeck');

  // a swap: the order group's amounts are the live service's own order for that pair and amount
  const liveOrder = await get(live, `/ultra/v1/order?inputMint=${SOL}&outputMint=${USDC_MINT}&amount=100000000`);
  const swapped = await paper('swap', '0.1', 'SOL', 'USDC', '--yes', '--json');
  assert.equal(swapped.code, 0, swapped.err);
  const outcome = JSON.parse(swapped.out) as Record<string, unknown>;
  assert.equal(outcome.paper, true);
  assert.equal(outcome.status, 'success');
  assert.equal(outcome.outAmount, liveOrder.outAmount, "filled at the live quote's amount");
  assert.match(swapped.err, /PAPER +nothing real is signed or sent/);

  // a swap-group swap: the quote is the live service's GET /swap/v1/quote for the same query, and
  // the swap built from it fills firm at its outAmount
  const routed = await paper('swap', '0.1', 'SOL', 'USDC', '--route', 'swap', '--yes', '--json');
  assert.equal(routed.code, 0, routed.err);
  const routedOutcome = JSON.parse(routed.out) as Record<string, unknown>;
  assert.equal(routedOutcome.route, 'swap');
  const swapAsked = live.requests().filter((r) => r.path === '/swap/v1/quote' && r.query.amount === '100000000');
  assert.equal(swapAsked.length, 1, 'the swap group asked the live service once');
  const query = new URLSearchParams(nth(swapAsked, 0).query as Record<string, string>);
  const liveQuote = await get(live, `/swap/v1/quote?${query}`);
  assert.equal(routedOutcome.outAmount, liveQuote.outAmount, "filled at the live quote's outAmount");

  // the account outlives the process: 10 SOL - 0.2 (and fees), 1000 USDC + the fills
  const held = JSON.parse((await paper('portfolio', '--json')).out) as {
    owner: string;
    elements: Array<{ platformId: string; data: { assets?: Array<{ data: { address: string; amount: number } }> } }>;
  };
  const wallet = held.elements.find((e) => e.platformId === 'wallet')!;
  const amountOf = (mint: string) => wallet.data.assets!.find((a) => a.data.address === mint)!.data.amount;
  assert.ok(amountOf(SOL) < 9.8 && amountOf(SOL) > 9.79, `SOL ${amountOf(SOL)}`);
  assert.equal(amountOf(USDC_MINT), 1000 + (Number(liveOrder.outAmount) + Number(liveQuote.outAmount)) / 1e6);
  assert.deepEqual(
    held.elements.map((e) => e.platformId),
    ['wallet'],
    'nothing invented beside what was traded',
  );

  // a limit order selling 1 SOL a little above the live price, and a DCA order
  const price = (await solInUsdc(live)) * 1.002;
  const limit = await paper('limit', '1', 'SOL', `@${price.toFixed(2)}`, 'USDC', '--yes', '--json');
  assert.equal(limit.code, 0, limit.err);
  assert.equal((JSON.parse(limit.out) as { paper?: boolean }).paper, true);
  // the outcome says where it happened
  assert.equal(
    (JSON.parse(limit.out) as { title: string }).title,
    'Limit order: done on paper (nothing real was signed or sent)',
  );
  const dca = await paper('dca', '150', 'USDC', 'SOL', '2', '1h', '--yes', '--json');
  assert.equal(dca.code, 0, dca.err);

  // the paper engine, going on from the saved account (what the next start of tradedeck does)
  const engine = await startSim({
    seed: 7,
    timeScale: 0,
    paper: { baseUrl: live.url, apiKey: 'paper-test' },
    snapshot: readFileSync(join(stateDir, 'paper-sim.json'), 'utf8'),
  });
  t.after(() => engine.stop());
  const owner = held.owner;
  const limitOrders = async (status: string) =>
    (await get(engine, `/trigger/v1/getTriggerOrders?user=${owner}&orderStatus=${status}`)).orders as unknown[];
  engine.advance(10);
  await engine.paperSettled();
  engine.advance(2);
  assert.equal((await limitOrders('active')).length, 1, 'not filled while the live price is below the limit');

  // the live service's price moves past the limit (its clock advanced, as /__sim/advance does)
  for (let i = 0; i < 400 && (await solInUsdc(live)) < price * 1.004; i++) live.advance(60);
  assert.ok((await solInUsdc(live)) >= price * 1.004, 'the live price went past the limit');
  // the keeper asks the live service for a quote at a check and fills at it at the next one
  await engine.refreshPaper();
  engine.advance(15);
  await engine.paperSettled();
  engine.advance(2);
  assert.equal((await limitOrders('active')).length, 0, 'filled once the live price is past the limit');
  assert.equal((await limitOrders('history')).length, 1);

  // the DCA order runs a cycle in paper time: what it used grows from nothing
  const dcaOrders = async (status: string) =>
    ((
      await get(
        engine,
        `/recurring/v1/getRecurringOrders?user=${owner}&orderStatus=${status}&recurringType=time&page=1&mint=&includeFailedTx=false`,
      )
    ).time as Array<{ inUsed?: string; trades?: unknown[] }>) ?? [];
  engine.advance(3700);
  await engine.paperSettled();
  engine.advance(1);
  const dcaSeen = [...(await dcaOrders('active')), ...(await dcaOrders('history'))];
  assert.equal(dcaSeen.length, 1);
  assert.ok(
    Number(nth(dcaSeen, 0).inUsed) > 0 && (nth(dcaSeen, 0).trades?.length ?? 0) >= 1,
    `a DCA cycle ran: ${JSON.stringify(dcaSeen[0]).slice(0, 200)}`,
  );

  // the live service was only read from
  const asked = new Set(
    live
      .requests()
      .map((r) => `${r.method} ${r.path.replace(/\/tokens\/v2\/[^/]+\/[^/]+$/, '/tokens/v2/{category}/{interval}')}`),
  );
  for (const r of asked)
    assert.ok(
      ['GET /tokens/v2/{category}/{interval}', 'GET /ultra/v1/order', 'GET /swap/v1/quote'].includes(r),
      `the live service got ${r}`,
    );
  for (const r of live.requests())
    if (r.path === '/ultra/v1/order') assert.equal(r.query.taker, undefined, 'orders are asked without a taker');

  // paper reset: the account goes; the next start opens it with the starting balances again
  const reset = await runCli(['paper', 'reset', '--json'], env);
  assert.equal(reset.code, 0, reset.err);
  assert.ok((JSON.parse(reset.out) as { removed: string[] }).removed.some((p) => p.endsWith('paper-sim.json')));
  assert.ok(!existsSync(join(stateDir, 'paper-key.json')));
  const fresh = JSON.parse((await paper('portfolio', '--json')).out) as typeof held;
  const freshWallet = fresh.elements.find((e) => e.platformId === 'wallet')!;
  assert.equal(freshWallet.data.assets!.find((a) => a.data.address === SOL)!.data.amount, 10);
});

test("paper keepers fill at the live service's quotes: a DCA cycle waits out a failing service and runs once, a limit order fills only when the quote meets it; a changed quote is refused", async (t) => {
  const live = await startSim({ seed: 11, timeScale: 0 });
  t.after(() => live.stop());
  const engine = await startSim({
    seed: 7,
    timeScale: 0,
    startTime: Date.UTC(2026, 10, 27, 12),
    paper: { baseUrl: live.url, apiKey: 'paper-test' },
  });
  t.after(() => engine.stop());
  const w = await generateKeyPairSigner();
  engine.fund(w.address, SOL, 10n * 10n ** 9n);
  engine.fund(w.address, USDC_MINT, 1000n * 10n ** 6n);
  // the test's own look at the live quote says slippageBps (the default, 50); the keepers' do not
  const liveOut = async (input: string, output: string, amount: bigint) =>
    BigInt(
      (await get(live, `/swap/v1/quote?inputMint=${input}&outputMint=${output}&amount=${amount}&slippageBps=50`))
        .outAmount as string,
    );
  /** the keepers' GET /swap/v1/quote requests to the live service so far for an input amount */
  const quotesAsked = (amount: bigint) =>
    live
      .requests()
      .filter(
        (r) => r.path === '/swap/v1/quote' && r.query.amount === amount.toString() && r.query.slippageBps === undefined,
      ).length;

  // a swap-group quote is the live service's own; the same quote with a higher outAmount is refused
  const quote = (await simGet(engine, `/swap/v1/quote?inputMint=${SOL}&outputMint=${USDC_MINT}&amount=100000000`)).body;
  assert.equal(quote.outAmount, String(await liveOut(SOL, USDC_MINT, 100_000_000n)));
  const tampered = await post(engine, '/swap/v1/swap', {
    userPublicKey: w.address,
    quoteResponse: { ...quote, outAmount: String(BigInt(quote.outAmount) + 1_000_000n) },
  });
  assert.equal(tampered.status, 400);
  assert.match(tampered.body.error, /^quoteResponse: is not a quote this service gave \(or was changed since\)/);
  // an ExactOut quote, built and sent over RPC: the wallet pays the quoted input and gets the output
  const exactOut = (
    await simGet(engine, `/swap/v1/quote?inputMint=${SOL}&outputMint=${USDC_MINT}&amount=5000000&swapMode=ExactOut`)
  ).body;
  const built = await post(engine, '/swap/v1/swap', { userPublicKey: w.address, quoteResponse: exactOut });
  assert.equal(built.status, 200, JSON.stringify(built.body));
  const [sol0, usdc0] = [balance(engine, w.address, SOL), balance(engine, w.address, USDC_MINT)];
  const sent = await rpc(engine, 'sendTransaction', [
    await sign(built.body.swapTransaction, w),
    { encoding: 'base64' },
  ]);
  assert.equal(typeof sent.result, 'string', JSON.stringify(sent));
  assert.equal(balance(engine, w.address, USDC_MINT) - usdc0, 5_000_000n);
  const networkFee = 5000n + BigInt(built.body.prioritizationFeeLamports);
  assert.equal(sol0 - balance(engine, w.address, SOL), BigInt(exactOut.inAmount) + networkFee);

  // a far limit order (twice the price): the reference price keeps the keeper from asking at all
  const triggerOrder = async (making: bigint, taking: bigint) =>
    (
      await openOrder(
        engine,
        'trigger',
        {
          inputMint: SOL,
          outputMint: USDC_MINT,
          maker: w.address,
          payer: w.address,
          params: { makingAmount: making.toString(), takingAmount: taking.toString() },
        },
        w,
      )
    ).order as string;
  const far = await triggerOrder(300_000_000n, (await liveOut(SOL, USDC_MINT, 300_000_000n)) * 2n);
  const requestsBefore = live.requests().length;
  engine.advance(600);
  await engine.paperSettled();
  assert.equal(quotesAsked(300_000_000n), 0, 'nothing near its limit: no keeper quote');
  assert.equal(live.requests().length, requestsBefore, 'ten minutes of keeper checks asked the live service nothing');

  // a DCA order: 150 USDC into SOL in two cycles an hour apart; the first cycle is due at once
  const dcaBody = {
    user: w.address,
    inputMint: USDC_MINT,
    outputMint: SOL,
    params: { time: { inAmount: '150000000', numberOfOrders: 2, interval: 3600 } },
  };
  await openOrder(engine, 'recurring', dcaBody, w);
  const dca = async () => {
    const all = await Promise.all(
      ['active', 'history'].map(
        async (status) =>
          (
            await simGet(
              engine,
              `/recurring/v1/getRecurringOrders?user=${w.address}&orderStatus=${status}&recurringType=time&page=1&includeFailedTx=false`,
            )
          ).body.time as Array<{ trades: Array<Record<string, string>>; inUsed: string }>,
      ),
    );
    return nth(all.flat(), 0);
  };
  const cycle = 75_000_000n;
  engine.advance(1);
  assert.equal((await dca()).trades.length, 0, 'the cycle waits for the quote it asked for');
  await engine.paperSettled();
  assert.equal(quotesAsked(cycle), 1, 'the live service was asked once for the cycle amount');
  const solBefore = balance(engine, w.address, SOL);
  engine.advance(1);
  let trades = (await dca()).trades;
  assert.equal(trades.length, 1, 'the cycle ran at the next check');
  const quoted = await liveOut(USDC_MINT, SOL, cycle);
  const fee = (quoted * RECURRING_FEE_BPS) / 10_000n;
  assert.equal(nth(trades, 0).rawInputAmount, cycle.toString());
  assert.equal(
    nth(trades, 0).rawOutputAmount,
    (quoted - fee).toString(),
    "the live quote's output less the keeper fee",
  );
  assert.equal(nth(trades, 0).rawFeeAmount, fee.toString());
  assert.equal(balance(engine, w.address, SOL) - solBefore, quoted - fee);

  // the second cycle comes due while the live service fails: it waits, neither lost nor run twice
  await fetch(`${live.url}/__sim/faults`, { method: 'POST', body: JSON.stringify({ faultRate: 1 }) });
  const askedBefore = quotesAsked(cycle);
  engine.advance(3600);
  await engine.paperSettled();
  engine.advance(2);
  await engine.paperSettled();
  assert.ok(quotesAsked(cycle) > askedBefore, 'the cycle asked');
  assert.ok(quotesAsked(cycle) <= askedBefore + 2, 'one question (and the client retry) for the failing cycle');
  assert.equal((await dca()).trades.length, 1, 'the cycle waits while the service fails');
  await fetch(`${live.url}/__sim/faults`, { method: 'POST', body: JSON.stringify({ faultRate: 0 }) });
  engine.advance(KEEPER_RETRY_MS / 1000);
  await engine.paperSettled();
  engine.advance(1);
  const done = await dca();
  trades = done.trades;
  assert.equal(trades.length, 2, 'the waiting cycle ran once the service answered, once');
  assert.equal(done.inUsed, '150');
  engine.advance(3600);
  assert.equal((await dca()).trades.length, 2, 'and never again');

  // a limit order near the live price: the reference price is near, the live quote is not there yet
  const making = 500_000_000n;
  const want = ((await liveOut(SOL, USDC_MINT, making)) * 1002n) / 1000n;
  const near = await triggerOrder(making, want);
  const usdcBefore = balance(engine, w.address, USDC_MINT);
  engine.advance(2);
  await engine.paperSettled();
  assert.equal(quotesAsked(making), 1, 'the near order asked the live service');
  engine.advance(2);
  const openOrders = async () =>
    (
      (await simGet(engine, `/trigger/v1/getTriggerOrders?user=${w.address}&orderStatus=active`)).body.orders as Array<{
        orderKey: string;
      }>
    ).map((o) => o.orderKey);
  assert.deepEqual((await openOrders()).sort(), [far, near].sort(), 'not filled below the limit');
  assert.equal(balance(engine, w.address, USDC_MINT), usdcBefore);

  // the live price moves past the limit; the keeper's next quote meets it
  for (let i = 0; i < 400 && (await liveOut(SOL, USDC_MINT, making)) < (want * 1004n) / 1000n; i++) live.advance(60);
  const filledAt = await liveOut(SOL, USDC_MINT, making);
  assert.ok(filledAt >= want, 'the live quote went past the limit');
  await engine.refreshPaper();
  engine.advance(KEEPER_QUOTE_TTL_MS / 1000);
  await engine.paperSettled();
  engine.advance(2);
  assert.deepEqual(await openOrders(), [far], 'filled once the live quote met the limit');
  assert.equal(balance(engine, w.address, USDC_MINT) - usdcBefore, want, 'the maker gets exactly the limit amount');
  const history = (await simGet(engine, `/trigger/v1/getTriggerOrders?user=${w.address}&orderStatus=history`)).body
    .orders as Array<{ orderKey: string; trades: Array<Record<string, string>> }>;
  const fill = nth(history.find((o) => o.orderKey === near)!.trades, 0);
  assert.equal(fill.rawOutputAmount, want.toString());
  assert.equal(fill.rawFeeAmount, (filledAt - want).toString(), "the rest of the live quote's output is the keeper's");

  // the live service was only read from
  for (const r of live.requests())
    assert.ok(
      r.method === 'GET' && /^\/(tokens\/v2\/[^/]+\/[^/]+|ultra\/v1\/order|swap\/v1\/quote)$/.test(r.path),
      `the live service got ${r.method} ${r.path}`,
    );
});
