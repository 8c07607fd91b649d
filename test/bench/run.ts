// Dashboard benchmark (npm run bench): prints numbers, judges nothing.
// - start-up to the first frame with token rows (real dist/cli.js in a pty) beside `node -e 0`
// - bytes written to the terminal per Tokens poll refresh and per clock tick
// - CPU and RSS of the dashboard over 60 s idle
// Then the simulator's own loopback benchmark (test/bench/sim.ts), when present.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startTerminal } from '../helpers/pty.js';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const cli = join(root, 'dist', 'cli.js');
const IDLE_S = Number(process.env.BENCH_IDLE_SECONDS ?? 60);
const RUNS = 3;
const ROW = /^[› ]\s*\d+\s+[★ ]?\S+/;
const rowsOf = (s: string) => s.split('\n').filter((l) => ROW.test(l)).length;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function env() {
  const home = mkdtempSync(join(tmpdir(), 'td-bench-'));
  return { home, vars: { HOME: home, XDG_STATE_HOME: join(home, 'state'), XDG_CONFIG_HOME: join(home, 'config'), TRADEDECK_BASE_URL: undefined, NO_COLOR: undefined } };
}

/** utime + stime of a process in ms, and its resident set in KiB (Linux /proc). */
function usage(pid: number): { cpuMs: number; rssKiB: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  const hz = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;
  const rss = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return { cpuMs: (ticks * 1000) / hz, rssKiB: rss ? Number(rss[1]) : NaN };
}

/** The synchronized-update chunks the dashboard wrote: one per frame. */
function frames(raw: string): string[] {
  return raw.split('\x1b[?2026h').slice(1).map((f) => f.split('\x1b[?2026l')[0]);
}
const lineUpdates = (frame: string) => (frame.match(/\x1b\[\d+;1H/g) ?? []).length;

async function startup(): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const { home, vars } = env();
    const started = performance.now();
    const term = await startTerminal({ command: [process.execPath, cli], cols: 80, rows: 24, env: vars, cwd: root });
    try {
      await term.waitFor((s) => rowsOf(s) >= 20, 60_000);
      times.push(performance.now() - started);
    } finally {
      await term.close();
      rmSync(home, { recursive: true, force: true });
    }
  }
  return times;
}

function nodeBaseline(): number[] {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    spawnSync(process.execPath, ['-e', '0']);
    times.push(performance.now() - started);
  }
  return times;
}

async function idle() {
  const { home, vars } = env();
  const term = await startTerminal({ command: [process.execPath, cli], cols: 80, rows: 24, env: vars, cwd: root });
  try {
    await term.waitFor((s) => rowsOf(s) >= 20, 60_000);
    await sleep(2000);
    const rawBefore = term.rawOutput().length;
    const u0 = usage(term.pid);
    const t0 = performance.now();
    await sleep(IDLE_S * 1000);
    const u1 = usage(term.pid);
    const seconds = (performance.now() - t0) / 1000;
    const raw = term.rawOutput();
    const window = frames(raw.slice(rawBefore));
    const polls = window.filter((f) => lineUpdates(f) > 3);
    const ticks = window.filter((f) => lineUpdates(f) <= 3);
    const bytes = (fs: string[]) => fs.reduce((s, f) => s + Buffer.byteLength(f) + 16, 0);
    term.send('q');
    await term.exited();
    return {
      seconds,
      cpuPct: ((u1.cpuMs - u0.cpuMs) / (seconds * 1000)) * 100,
      cpuMs: u1.cpuMs - u0.cpuMs,
      rssKiB: u1.rssKiB,
      totalBytes: Buffer.byteLength(raw.slice(rawBefore)),
      polls: polls.length,
      bytesPerPoll: polls.length ? bytes(polls) / polls.length : NaN,
      linesPerPoll: polls.length ? polls.reduce((s, f) => s + lineUpdates(f), 0) / polls.length : NaN,
      ticks: ticks.length,
      bytesPerTick: ticks.length ? bytes(ticks) / ticks.length : NaN,
    };
  } finally {
    await term.close();
    rmSync(home, { recursive: true, force: true });
  }
}

if (!existsSync(cli)) throw new Error('dist/cli.js missing: run npm run build');
const fmt = (n: number, d = 0) => (Number.isFinite(n) ? n.toFixed(d) : '—');

console.log('tradedeck dashboard benchmark (80x24, demo mode)\n');
const dash = await startup();
const base = nodeBaseline();
console.log('start-up, median of 3 (ms):');
console.log(`  dashboard to 20 token rows   ${fmt(median(dash))}   (runs: ${dash.map((x) => fmt(x)).join(', ')})`);
console.log(`  node -e 0                    ${fmt(median(base))}   (runs: ${base.map((x) => fmt(x)).join(', ')})`);

console.log(`\nidle ${IDLE_S} s on the Tokens screen (polled every 10 s, clock every 1 s):`);
const r = await idle();
console.log(`  bytes per poll refresh       ${fmt(r.bytesPerPoll)}   (${r.polls} refreshes, ${fmt(r.linesPerPoll, 1)} lines rewritten each)`);
console.log(`  bytes per clock tick         ${fmt(r.bytesPerTick)}   (${r.ticks} ticks)`);
console.log(`  bytes in total               ${r.totalBytes}   (${fmt(r.totalBytes / r.seconds)} B/s)`);
console.log(`  CPU                          ${fmt(r.cpuMs)} ms = ${fmt(r.cpuPct, 2)} % of one core`);
console.log(`  RSS at the end               ${fmt(r.rssKiB / 1024, 1)} MiB`);

const simBench = fileURLToPath(new URL('./sim.ts', import.meta.url));
if (existsSync(simBench)) {
  console.log('\nsimulator (test/bench/sim.ts):');
  await import('./sim.js');
}
