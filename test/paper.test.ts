// Paper trading against a second simulator standing in for the live service: the paper account
// trades at that service's prices (the order group's fill is its quote, to the unit), a limit
// order fills once that service's price has moved past it, a DCA order runs its cycle, the
// account outlives the process and `paper reset` opens it anew, and that service only ever
// receives reads.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startSim, type SimHandle } from '../src/sim/index.js';
import { NATIVE_MINT, USDC_MINT } from '../src/api/types.js';
import { parsePaperBalance } from '../src/paper.js';
import { cleanEnv, runCli } from './support/cli.js';
import { tempHome } from './support/home.js';

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

  // the account outlives the process: 10 SOL - 0.1 (and fees), 1000 USDC + the fill
  const held = JSON.parse((await paper('portfolio', '--json')).out) as {
    owner: string;
    elements: Array<{ platformId: string; data: { assets?: Array<{ data: { address: string; amount: number } }> } }>;
  };
  const wallet = held.elements.find((e) => e.platformId === 'wallet')!;
  const amountOf = (mint: string) => wallet.data.assets!.find((a) => a.data.address === mint)!.data.amount;
  assert.ok(amountOf(SOL) < 9.9 && amountOf(SOL) > 9.89, `SOL ${amountOf(SOL)}`);
  assert.equal(amountOf(USDC_MINT), 1000 + Number(liveOrder.outAmount) / 1e6);
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
  assert.equal((await limitOrders('active')).length, 1, 'not filled while the live price is below the limit');

  // the live service's price moves past the limit (its clock advanced, as /__sim/advance does)
  for (let i = 0; i < 400 && (await solInUsdc(live)) < price * 1.004; i++) live.advance(60);
  assert.ok((await solInUsdc(live)) >= price * 1.004, 'the live price went past the limit');
  await engine.refreshPaper();
  engine.advance(10);
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
  const dcaSeen = [...(await dcaOrders('active')), ...(await dcaOrders('history'))];
  assert.equal(dcaSeen.length, 1);
  assert.ok(
    Number(dcaSeen[0].inUsed) > 0 && (dcaSeen[0].trades?.length ?? 0) >= 1,
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
