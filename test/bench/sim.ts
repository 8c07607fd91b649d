// Simulator throughput over loopback: token lists and quote, 2,000 requests each, 4 concurrent.
// Run: npx tsx test/bench/sim.ts
import { startSim } from '../../src/sim/index.js';
import { NATIVE_MINT as SOL, USDC_MINT as USDC } from '../../src/chain/mints.js';

const TOTAL = 2000;
const CONCURRENCY = 4;

async function measure(name: string, url: (i: number) => string): Promise<void> {
  let next = 0;
  let failures = 0;
  const cpu = process.cpuUsage();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < TOTAL) {
        const i = next++;
        const r = await fetch(url(i), { headers: { 'x-api-key': 'bench' } });
        await r.arrayBuffer();
        if (r.status !== 200) failures++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  // CPU time (server and client share this process) says more than wall time on a busy machine
  const cpuMs = (used.user + used.system) / 1000 / TOTAL;
  console.log(
    `${name}: ${TOTAL} requests in ${seconds.toFixed(2)} s = ${(TOTAL / seconds).toFixed(0)} req/s, ${cpuMs.toFixed(2)} ms CPU per request${failures ? ` (${failures} non-200)` : ''}`,
  );
}

const sim = await startSim({ seed: 1 });
try {
  await measure('token list /tokens/v2/toptraded/24h (50)', () => `${sim.url}/tokens/v2/toptraded/24h`);
  await measure(
    'token list /tokens/v2/toptrending/1h?limit=100',
    () => `${sim.url}/tokens/v2/toptrending/1h?limit=100`,
  );
  await measure(
    'quote SOL->USDC',
    (i) => `${sim.url}/swap/v1/quote?inputMint=${SOL}&outputMint=${USDC}&amount=${1_000_000_000 + i}`,
  );
} finally {
  await sim.stop();
}
