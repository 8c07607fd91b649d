// What `npm run bench -- --standing` measures against: standing orders at the size a trader may
// keep (500 armed, far from their triggers, written to the state directory as tradedeck writes
// them), and the time a watcher takes from the simulator's price crossing a stop to the firing
// transaction submitted (the simulator's request log), over several stops set 3% apart so that
// each price move crosses one of them and no other is near.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SimHandle } from '../../src/sim/index.js';
import type { StandingOrder } from '../../src/orders/standing/terms.js';
import { NATIVE_MINT as SOL, USDC_MINT as USDC } from '../../src/chain/mints.js';

/**
 * `count` armed standing orders of `wallet` on SOL/USDC, far from the market (stops at half of it,
 * take-profits at three times it), in the state directory's file.
 */
export function writeStandingOrders(
  stateDir: string,
  count: number,
  o: { wallet: string; network: string; mode: 'live' | 'demo'; market: number },
): void {
  mkdirSync(stateDir, { recursive: true, mode: 0o700 });
  const now = Date.now();
  const orders: StandingOrder[] = Array.from({ length: count }, (_, i) => {
    const stop = i % 2 === 0;
    const trigger = (o.market * (stop ? 0.5 : 3) + i * 0.01).toFixed(2);
    const amount = 10_000_000 + i * 1_000;
    const out = Math.floor((amount / 1e9) * Number(trigger) * 1e6 * 0.99);
    return {
      terms: {
        version: 1,
        id: `s-${(0x10000000 + i).toString(16)}`,
        kind: stop ? 'stop-loss' : 'take-profit',
        wallet: o.wallet,
        mode: o.mode,
        network: o.network,
        sell: { mint: SOL, symbol: 'SOL', decimals: 9 },
        buy: { mint: USDC, symbol: 'USDC', decimals: 6 },
        base: SOL,
        quote: USDC,
        amount: String(amount),
        trigger,
        capBps: 100,
        floor: String(out),
        expiresAt: now + 30 * 86_400_000,
        createdAt: now - (count - i) * 60_000,
      },
      status: { state: 'armed', at: now - (count - i) * 60_000 },
    };
  });
  writeFileSync(join(stateDir, 'standing.json'), `${JSON.stringify({ version: 1, orders })}\n`, { mode: 0o600 });
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * ms from each price crossing a stop (POST /__sim/price's function, at a random moment of the
 * watcher's round) to the firing's sendTransaction reaching the simulator, `trials` times, with
 * `tradedeck watch --interval-ms intervalMs` running.
 */
export async function fireLatencies(o: {
  cli: string;
  sim: SimHandle;
  args: string[];
  env: NodeJS.ProcessEnv;
  trials: number;
  intervalMs: number;
  log(s: string): void;
}): Promise<number[]> {
  const market = o.sim.kernel.market.priceUsd(SOL) / o.sim.kernel.market.priceUsd(USDC);
  const triggers = Array.from({ length: o.trials }, (_, i) => Math.floor(market * (1 - 0.03 * (i + 1)) * 100) / 100);
  for (const p of triggers) {
    const r = spawnSync(
      process.execPath,
      [o.cli, 'stop', '0.5', 'SOL', `@${p}`, 'USDC', '--yes', '--json', ...o.args],
      {
        env: o.env,
        encoding: 'utf8',
      },
    );
    if (r.status !== 0) throw new Error(`stop @${p}: ${r.stderr}`);
  }
  const watcher = spawn(
    process.execPath,
    [o.cli, 'watch', '--interval-ms', String(o.intervalMs), '--json', ...o.args],
    {
      env: o.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  watcher.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
  watcher.stderr.resume();
  const sends = () =>
    o.sim
      .requests()
      .filter((r) => r.path === '/rpc' && JSON.stringify(r.body ?? '').includes('"sendTransaction"'))
      .map((r) => Date.parse(r.time));
  const latencies: number[] = [];
  try {
    await sleep(o.intervalMs + 2_000);
    for (const [i, p] of triggers.entries()) {
      // a random moment of the watcher's round
      await sleep(Math.random() * o.intervalMs);
      const before = sends().length;
      const t0 = Date.now();
      o.sim.setPrice(SOL, p * 0.997 * o.sim.kernel.market.priceUsd(USDC));
      const deadline = t0 + 10 * o.intervalMs;
      while (sends().length === before && Date.now() < deadline) await sleep(20);
      const sent = sends()[before];
      if (sent === undefined) o.log(`standing: stop ${i + 1} at ${p} not fired within ${10 * o.intervalMs} ms`);
      else latencies.push(sent - t0);
      // the firing settled (its event printed) before the next move
      const fired = i + 1;
      const settled = Date.now() + 20_000;
      while ((out.match(/"standing\.fired"/g) ?? []).length < fired && Date.now() < settled) await sleep(50);
    }
  } finally {
    watcher.kill('SIGTERM');
  }
  return latencies;
}
