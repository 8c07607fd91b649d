// Runs every test file under test/ with node's built-in runner (TypeScript through tsx).
// Extra arguments are passed as file filters: `node test/run.mjs api` runs test/**/*api*.
// With --check (what `npm test` passes), `npm run check` (linter, unused exports, formatting) runs
// beside the tests at a lower priority, so it takes the time the tests leave idle (waiting on
// timers, servers and child processes); its output is printed when it ends, and its failure fails
// the run.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawn } from 'node:child_process';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const withCheck = args.includes('--check');
const filters = args.filter((a) => a !== '--check');

function collect(dir) {
  const files = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name === 'bench' || entry.name === 'helpers' || entry.name === 'support') continue;
      files.push(...collect(p));
    } else if (/\.test\.tsx?$/.test(entry.name)) files.push(p);
  }
  return files;
}

// Three files run at a time (TRADEDECK_TEST_CONCURRENCY=N to change it), each started as soon as one
// ends: on two cores, a third file takes the time the other two spend waiting on the programs and
// servers they start. In this order: the long ones first (the end-to-end runs, the reliability runs,
// the fuzzing, then the screens and the headless commands), so that no long file starts last while
// the other workers sit idle.
const LONG_FIRST = ['test/e2e/', 'test/reliability/', 'test/fuzz/', 'test/screens/', 'test/headless', 'test/actions/'];
const rank = (f) => {
  const i = LONG_FIRST.findIndex((prefix) => relative(root, f).startsWith(prefix));
  return i < 0 ? LONG_FIRST.length : i;
};
let files = collect(join(root, 'test'))
  .sort()
  .sort((a, b) => rank(a) - rank(b));
if (filters.length) files = files.filter((f) => filters.some((x) => relative(root, f).includes(x)));
if (files.length === 0) {
  console.error('no test files matched');
  process.exit(1);
}

/** `npm run check` at nice 10, its output kept until it ends; resolves to its exit status. */
function runCheck() {
  const started = Date.now();
  const child = spawn('nice', ['-n', '10', 'npm', 'run', '--silent', 'check'], {
    cwd: root,
    env: { ...process.env, FORCE_COLOR: '0' },
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  return new Promise((resolve) => {
    child.on('error', (err) => {
      out += `${err.message}\n`;
    });
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      process.stdout.write(
        `\n# npm run check (eslint, knip, prettier): ${code === 0 ? 'passed' : 'FAILED'} in ${seconds} s\n${out}\n`,
      );
      resolve(code ?? 1);
    });
  });
}

/** The slowest test files, from what each file's process wrote as it exited (test/support/fileTimes.mjs). */
function reportTimes(dir) {
  const times = readdirSync(dir).map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')));
  times.sort((a, b) => b.seconds - a.seconds);
  const total = times.reduce((sum, t) => sum + t.seconds, 0);
  let text = `\n# slowest test files (of ${times.length}, ${total.toFixed(0)} s of file time in all)\n`;
  for (const t of times.slice(0, 12)) {
    text += `#   ${t.seconds.toFixed(1).padStart(5)} s (cpu ${t.cpu.toFixed(1).padStart(4)} s)  ${relative(root, t.file)}\n`;
  }
  process.stdout.write(text);
  // TRADEDECK_TEST_TIMES=FILE keeps every file's time there (JSON), to compare runs
  const keep = process.env.TRADEDECK_TEST_TIMES;
  if (keep)
    writeFileSync(
      keep,
      JSON.stringify(
        Object.fromEntries(times.map((t) => [relative(root, t.file), [+t.seconds.toFixed(2), +t.cpu.toFixed(2)]])),
        null,
        1,
      ) + '\n',
    );
}

const check = withCheck ? runCheck() : Promise.resolve(0);
const timesDir = mkdtempSync(join(tmpdir(), 'tradedeck-test-times-'));
const tests = spawn(
  process.execPath,
  [
    '--import',
    'tsx',
    '--import',
    join(root, 'test', 'support', 'fileTimes.mjs'),
    '--test',
    '--test-reporter=spec',
    `--test-concurrency=${process.env.TRADEDECK_TEST_CONCURRENCY ?? 3}`,
    ...files,
  ],
  {
    stdio: 'inherit',
    cwd: root,
    env: { ...process.env, FORCE_COLOR: '0', TRADEDECK_TEST_TIMES_DIR: timesDir },
  },
);
// stopped by a signal (not from the terminal, which reaches every process), the test runner stops too
for (const signal of ['SIGTERM', 'SIGHUP']) process.once(signal, () => tests.kill(signal));
const testStatus = await new Promise((resolve) => tests.on('close', (code) => resolve(code ?? 1)));
try {
  reportTimes(timesDir);
} finally {
  rmSync(timesDir, { recursive: true, force: true });
}
const checkStatus = await check;
process.exit(testStatus || checkStatus);
