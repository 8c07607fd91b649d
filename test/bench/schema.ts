// The cost of checking one token list (the answer re-read at every refresh) against its schema:
// the simulator's list of 50 tokens (seed 1, some 4,400 fields), checked again and again.
// Run: npx tsx test/bench/schema.ts
import { checkResponse, OPERATIONS } from '../../src/api/index.js';
import { startSim } from '../../src/sim/index.js';
import { nth } from '../support/narrow.js';

const ROUNDS = 4000;

const sim = await startSim({ seed: 1, timeScale: 0, startTime: Date.UTC(2025, 5, 1, 12, 0, 0) });
let body: unknown;
try {
  const r = await fetch(`${sim.url}/tokens/v2/toptraded/24h`, { headers: { 'x-api-key': 'bench' } });
  body = await r.json();
} finally {
  await sim.stop();
}

const countFields = (v: unknown): number =>
  Array.isArray(v)
    ? v.reduce<number>((n, x) => n + countFields(x), 0)
    : typeof v === 'object' && v !== null
      ? Object.values(v).reduce<number>((n, x) => n + 1 + countFields(x), 0)
      : 0;

const schema = OPERATIONS.tokenList.response;
const check = () => checkResponse('GET /tokens/v2/{category}/{interval}', schema, body);
for (let i = 0; i < 500; i++) check(); // warm up: the optimising compiler's turn
const times: number[] = [];
for (let round = 0; round < 5; round++) {
  const started = performance.now();
  for (let i = 0; i < ROUNDS; i++) check();
  times.push(((performance.now() - started) * 1000) / ROUNDS);
}
times.sort((a, b) => a - b);
console.log(
  `token list (${(body as unknown[]).length} tokens, ${countFields(body)} fields) checked: ${nth(times, 2).toFixed(0)} µs a list (median of 5 rounds of ${ROUNDS}; fastest ${nth(times, 0).toFixed(0)}, slowest ${nth(times, 4).toFixed(0)})`,
);
