// `npm run soak`: the fault soak for 10 minutes (SOAK_MINUTES to change it) at 30% faults, 2 s
// latency and 15 s outages; prints the summary and exits 1 when it found problems.
import { formatSummary, runSoak } from './soak.js';

const minutes = Number(process.env.SOAK_MINUTES ?? 10);
const cleanups: Array<() => void | Promise<void>> = [];
const started = Date.now();
let code = 1;
try {
  const summary = await runSoak(
    { after: (fn) => void cleanups.push(fn) },
    {
      durationMs: minutes * 60_000,
      faultRate: 0.3,
      latencyMs: 2_000,
      outageMs: 15_000,
      log: (line) => console.log(`[${Math.round((Date.now() - started) / 1000)}s] ${line}`),
    },
  );
  console.log(formatSummary(summary, Date.now() - started));
  code = summary.problems.length ? 1 : 0;
} catch (err) {
  console.error(`fault soak stopped: ${err instanceof Error ? err.message : String(err)}`);
} finally {
  for (const fn of cleanups.reverse()) await fn();
}
process.exit(code);
